#include "scanner/cloud/http/http_endpoint.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace http_endpoint_test {
namespace {

TEST(HttpEndpoint, HttpsWithItsDefaultPortAndABasePath) {
  const auto endpoint = parse_http_endpoint("HTTPS://cloud.mongodb.com/api/atlas/v2/");
  ASSERT_TRUE(endpoint.ok()) << endpoint.error().message;
  EXPECT_EQ("https", endpoint.value().scheme);
  EXPECT_EQ("cloud.mongodb.com", endpoint.value().host);
  EXPECT_EQ(443, endpoint.value().port);
  EXPECT_EQ("/api/atlas/v2", endpoint.value().base_path);
  EXPECT_EQ("https://cloud.mongodb.com:443/api/atlas/v2/groups/1",
            endpoint.value().url("/groups/1"));
}

TEST(HttpEndpoint, PlainHttpOnlyToLoopback) {
  for (const char* url : {"http://127.0.0.1:8080", "http://localhost:1/", "http://[::1]:9000/x",
                          "http://127.200.0.1"}) {
    SCOPED_TRACE(url);
    EXPECT_TRUE(parse_http_endpoint(url).ok());
  }
  const auto remote = parse_http_endpoint("http://mongodb.tencentcloudapi.com/");
  ASSERT_FALSE(remote.ok());
  EXPECT_EQ(ErrorCode::usage, remote.error().code);
  EXPECT_NE(std::string::npos, remote.error().message.find("not loopback"));
  EXPECT_EQ("[::1]", parse_http_endpoint("http://[::1]:9000").value().origin().substr(7, 5));
}

TEST(HttpEndpoint, WhatAnEndpointCannotHoldIsRefusedSayingWhy) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"mongodb.tencentcloudapi.com", "no scheme"},
      {"ftp://host/", "neither https nor http"},
      {"https://user:secret@host/", "user information"},
      {"https://host/?x=1", "query"},
      {"https://host:0/", "port"},
      {"https://host:99999/", "port"},
      {"https://host:44x/", "port"},
      {"https://[::1/", "IPv6"},
      {"https:///path", "no host"},
  };
  for (const auto& [url, expected] : cases) {
    SCOPED_TRACE(url);
    const auto parsed = parse_http_endpoint(url);
    ASSERT_FALSE(parsed.ok());
    EXPECT_NE(std::string::npos, parsed.error().message.find(expected)) << parsed.error().message;
    EXPECT_EQ(std::string::npos, parsed.error().message.find("secret"));
  }
}

TEST(HttpEndpoint, LoopbackHosts) {
  EXPECT_TRUE(is_loopback_endpoint_host("LocalHost"));
  EXPECT_TRUE(is_loopback_endpoint_host("127.0.0.53"));
  EXPECT_TRUE(is_loopback_endpoint_host("::1"));
  EXPECT_FALSE(is_loopback_endpoint_host("128.0.0.1"));
  EXPECT_FALSE(is_loopback_endpoint_host("localhost.example"));
  EXPECT_FALSE(is_loopback_endpoint_host("::2"));
}

}  // namespace
}  // namespace http_endpoint_test
}  // namespace mongoscan
