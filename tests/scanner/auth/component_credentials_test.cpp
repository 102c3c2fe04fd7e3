// Per-shard scanning accounts: passwords from the environment or a file, never inline, and no
// error that repeats one.

#include "scanner/auth/component_credentials.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace component_credentials_test {
namespace {

constexpr const char* kPassword = "Shard1!Only-Passw0rd";

TEST(ComponentCredentials, AccountsByComponentFromTheEnvironmentOrAFile) {
  testing_support::TempTree tree;
  tree.write("cfg.secret", "Cfg!File-Passw0rd\n");
  tree.write("accounts.json",
             R"({"shard1": {"username": "auditor", "password_env": "MONGOSCAN_TEST_SHARD1"},
                 "cfg": {"username": "cfgscan", "auth_source": "ops", "auth_mechanism": "SCRAM-SHA-256",
                         "password_file": ")" +
                 tree.path("cfg.secret") + R"("}})");
  ::setenv("MONGOSCAN_TEST_SHARD1", kPassword, 1);
  const auto accounts = read_component_credentials(tree.path("accounts.json"));
  ::unsetenv("MONGOSCAN_TEST_SHARD1");
  ASSERT_TRUE(accounts) << accounts.error().message;
  ASSERT_EQ(accounts.value().size(), 2u);
  const Credentials& shard = accounts.value().at("shard1");
  EXPECT_EQ(shard.username, "auditor");
  EXPECT_EQ(shard.source, "admin");
  EXPECT_TRUE(shard.password->reveal() == kPassword);  // EXPECT_TRUE: a failure prints no password
  const Credentials& cfg = accounts.value().at("cfg");
  EXPECT_EQ(cfg.source, "ops");
  EXPECT_EQ(cfg.mechanism, "SCRAM-SHA-256");
  EXPECT_TRUE(cfg.password->reveal() == "Cfg!File-Passw0rd");
}

TEST(ComponentCredentials, AnInlinePasswordOrAMissingSourceIsAOneLineErrorWithoutIt) {
  testing_support::TempTree tree;
  tree.write("inline.json",
             std::string(R"({"shard1": {"username": "a", "password": ")") + kPassword + R"("}})");
  const auto inline_password = read_component_credentials(tree.path("inline.json"));
  ASSERT_FALSE(inline_password);
  EXPECT_EQ(inline_password.error().code, ErrorCode::usage);
  EXPECT_EQ(inline_password.error().message,
            tree.path("inline.json") +
                ": entry shard1 holds a password: give password_env or password_file instead");
  EXPECT_TRUE(inline_password.error().message.find(kPassword) == std::string::npos);

  tree.write("unset.json",
             R"({"shard1": {"username": "a", "password_env": "MONGOSCAN_TEST_UNSET"}})");
  ::unsetenv("MONGOSCAN_TEST_UNSET");
  const auto unset = read_component_credentials(tree.path("unset.json"));
  ASSERT_FALSE(unset);
  EXPECT_NE(unset.error().message.find("environment variable MONGOSCAN_TEST_UNSET is not set"),
            std::string::npos);

  for (const char* broken :
       {R"([1])", R"({"s": {"password_env": "X"}})", R"({"s": {"username": "a"}})",
        R"({"s": {"username": "a", "x": "y", "password_env": "X"}})", "not json"}) {
    tree.write("broken.json", broken);
    EXPECT_FALSE(read_component_credentials(tree.path("broken.json"))) << broken;
  }
}

}  // namespace
}  // namespace component_credentials_test
}  // namespace mongoscan
