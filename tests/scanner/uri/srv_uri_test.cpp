#include "scanner/uri/srv_uri.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace srv_uri_test {
namespace {

ConnectionString parsed(const std::string& text) {
  auto uri = parse_connection_string(text);
  EXPECT_TRUE(uri.ok()) << uri.error().message;
  return std::move(uri).value();
}

TEST(SrvQueryName, UsesTheServiceName) {
  EXPECT_EQ(srv_query_name(parsed("mongodb+srv://rs.lab.test")), "_mongodb._tcp.rs.lab.test");
  EXPECT_EQ(srv_query_name(parsed("mongodb+srv://rs.lab.test/?srvServiceName=custom")),
            "_custom._tcp.rs.lab.test");
}

TEST(MergeTxtOptions, UriOptionsWinAndTlsDefaultsToTrue) {
  const std::vector<UriOption> txt = {{"authSource", std::string("admin")},
                                      {"replicaSet", std::string("rs0")}};
  const ConnectionString merged =
      merge_txt_options(parsed("mongodb+srv://u:p@rs.lab.test/?replicaSet=mine"), txt);
  EXPECT_EQ(merged.string_option("replicaSet"), "mine");
  EXPECT_EQ(merged.string_option("authSource"), "admin");
  EXPECT_EQ(merged.credentials->source, "admin");
  EXPECT_EQ(merged.bool_option("tls"), true);

  const ConnectionString plain =
      merge_txt_options(parsed("mongodb+srv://rs.lab.test/?tls=false&authSource=db"), txt);
  EXPECT_EQ(plain.bool_option("tls"), false);
  EXPECT_EQ(plain.string_option("authSource"), "db");
}

}  // namespace
}  // namespace srv_uri_test
}  // namespace mongoscan
