#include "scanner/wire/tls_context_cache.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace tls_context_cache_test {
namespace {

// One context per distinct options: targets that share them share its CA store, loaded once.
TEST(TlsContextCache, SameOptionsShareOneContext) {
  TlsContextCache cache;
  const TlsOptions system_store;
  auto first = cache.get(system_store);
  auto again = cache.get(system_store);
  ASSERT_TRUE(first.ok()) << first.error().message;
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(first.value().get(), again.value().get());
  TlsOptions insecure;
  insecure.insecure = true;
  auto other = cache.get(insecure);
  ASSERT_TRUE(other.ok());
  EXPECT_NE(other.value().get(), first.value().get());
  EXPECT_TRUE(other.value()->options().insecure);
}

// A CA file that cannot be loaded is an error every time it is asked for, never a context.
TEST(TlsContextCache, AnUnloadableCaFileIsAnErrorEachTime) {
  TlsContextCache cache;
  TlsOptions missing;
  missing.ca_file = "/nonexistent/mongoscan-ca.pem";
  for (int attempt = 0; attempt < 2; ++attempt) {
    auto context = cache.get(missing);
    ASSERT_FALSE(context.ok());
    EXPECT_NE(context.error().message.find("cannot load CA file '/nonexistent/mongoscan-ca.pem'"),
              std::string::npos)
        << context.error().message;
  }
}

}  // namespace
}  // namespace tls_context_cache_test
}  // namespace mongoscan
