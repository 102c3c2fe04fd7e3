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
            "--component-credentials " + tree.path("inline.json") +
                ": entry shard1 holds a password: give password_env or password_file instead");
  EXPECT_TRUE(inline_password.error().message.find(kPassword) == std::string::npos);

  tree.write("unset.json",
             R"({"shard1": {"username": "a", "password_env": "MONGOSCAN_TEST_UNSET"}})");
  ::unsetenv("MONGOSCAN_TEST_UNSET");
  const auto unset = read_component_credentials(tree.path("unset.json"));
  ASSERT_FALSE(unset);
  EXPECT_NE(unset.error().message.find("the environment variable password_env names is not set"),
            std::string::npos)
      << unset.error().message;
  // Issue 35 item 1: the value of password_env or password_file is never echoed (a user may have
  // pasted the password there).
  EXPECT_EQ(unset.error().message.find("MONGOSCAN_TEST_UNSET"), std::string::npos);
  tree.write("pasted.json",
             std::string(R"({"s": {"username": "a", "password_file": ")") + kPassword + R"("}})");
  const auto pasted = read_component_credentials(tree.path("pasted.json"));
  ASSERT_FALSE(pasted);
  // No message printed on failure: it would be the secret's if the test failed.
  EXPECT_TRUE(pasted.error().message.find("password file: No such file") != std::string::npos);
  EXPECT_TRUE(pasted.error().message.find(kPassword) == std::string::npos);
  // Issue 35 item 6: a password_file that is a directory says so.
  tree.write("folder/x", "");
  tree.write("folder.json",
             R"({"s": {"username": "a", "password_file": ")" + tree.path("folder") + R"("}})");
  const auto folder = read_component_credentials(tree.path("folder.json"));
  ASSERT_FALSE(folder);
  EXPECT_NE(folder.error().message.find("password file: is a directory, not a regular file"),
            std::string::npos)
      << folder.error().message;

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
