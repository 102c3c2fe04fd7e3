#include "scanner/cloud/http/curl_transport.h"

#include <gtest/gtest.h>
#include <sys/socket.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "tests/support/control_plane_lab.h"
#include "tests/support/loopback_socket.h"

namespace mongoscan {
namespace curl_transport_test {
namespace {

using testing_support::ControlPlaneLab;

class CurlTransportTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lab_ = ControlPlaneLab::start().release(); }
  static void TearDownTestSuite() {
    delete lab_;
    lab_ = nullptr;
  }

  CurlTransportOptions trusting() const {
    CurlTransportOptions options;
    options.extra_ca_file = lab_->ca_file();
    return options;
  }

  Result<HttpResponse> get(const std::string& path, CurlTransportOptions options,
                           std::chrono::milliseconds budget = std::chrono::seconds(20)) {
    CurlTransport transport(std::move(options));
    return transport.send(HttpRequest{"GET", lab_->endpoint() + path, {}, ""},
                          Deadline::after(budget));
  }

  static ControlPlaneLab* lab_;
};

ControlPlaneLab* CurlTransportTest::lab_ = nullptr;

TEST_F(CurlTransportTest, AGetAndAPostReachTheServerWithTheirHeadersAndBody) {
  CurlTransport transport(trusting());
  const auto response =
      transport.send(HttpRequest{"POST",
                                 lab_->endpoint() + "/behaviour/echo",
                                 {{"Content-Type", "application/json"}, {"X-Probe", "1"}},
                                 R"({"a":1})"},
                     Deadline::after(std::chrono::seconds(20)));
  ASSERT_TRUE(response.ok()) << response.error().message;
  EXPECT_EQ(200, response.value().status);
  const auto echoed = nlohmann::json::parse(response.value().body);
  EXPECT_EQ("POST", echoed["method"]);
  EXPECT_EQ(R"({"a":1})", echoed["body"]);
  EXPECT_EQ("1", echoed["headers"]["x-probe"]);
  EXPECT_EQ("mongoscan", echoed["headers"]["user-agent"]);
  EXPECT_TRUE(response.value().header("content-length").has_value());
  EXPECT_EQ(200, get("/behaviour/echo", trusting()).value().status);
}

TEST_F(CurlTransportTest, AServerTheSystemStoreDoesNotTrustFailsAsTls) {
  const auto response = get("/behaviour/echo", CurlTransportOptions{});
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(ErrorCode::tls, response.error().code) << response.error().message;
}

TEST_F(CurlTransportTest, AnHttpErrorStatusIsAResponse) {
  const auto response = get("/behaviour/status?code=503", trusting());
  ASSERT_TRUE(response.ok()) << response.error().message;
  EXPECT_EQ(503, response.value().status);
}

TEST_F(CurlTransportTest, BodiesAreCappedAfterDecoding) {
  CurlTransportOptions options = trusting();
  options.max_body_bytes = 100000;
  EXPECT_TRUE(get("/behaviour/bytes?n=100000", options).ok());
  for (const char* path : {"/behaviour/bytes?n=100001", "/behaviour/gzip-bomb?n=50000000"}) {
    SCOPED_TRACE(path);
    const auto response = get(path, options);
    ASSERT_FALSE(response.ok());
    EXPECT_EQ(ErrorCode::protocol, response.error().code);
    EXPECT_NE(std::string::npos, response.error().message.find("larger than 100000 bytes"));
  }
}

TEST_F(CurlTransportTest, ARedirectIsFollowedOnlyWithinItsOrigin) {
  const std::string same = lab_->endpoint() + "/behaviour/echo";
  const auto followed = get("/behaviour/redirect?to=" + same, trusting());
  ASSERT_TRUE(followed.ok()) << followed.error().message;
  EXPECT_EQ(200, followed.value().status);
  EXPECT_EQ("GET", nlohmann::json::parse(followed.value().body)["method"]);

  const std::string elsewhere =
      "https://127.0.0.2:" + lab_->endpoint().substr(lab_->endpoint().rfind(':') + 1) +
      "/behaviour/echo";
  const auto echoes = [] {
    int count = 0;
    for (const auto& entry : lab_->request_log()) count += entry["path"] == "/behaviour/echo";
    return count;
  };
  const int before = echoes();
  const auto refused = get("/behaviour/redirect?code=307&to=" + elsewhere, trusting());
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(std::string::npos, refused.error().message.find("another origin"));
  EXPECT_EQ(before, echoes());  // only the redirect itself reached the lab
}

TEST_F(CurlTransportTest, TheDeadlineEndsAStalledResponse) {
  const auto started = std::chrono::steady_clock::now();
  const auto response =
      get("/behaviour/stall?seconds=20", trusting(), std::chrono::milliseconds(700));
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(ErrorCode::timeout, response.error().code);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

TEST_F(CurlTransportTest, OneConnectionServesRequestAfterRequest) {
  CurlTransport transport(trusting());
  const std::size_t before = lab_->request_log().size();
  for (int i = 0; i < 3; ++i) {
    const auto response =
        transport.send(HttpRequest{"GET", lab_->endpoint() + "/behaviour/echo", {}, ""},
                       Deadline::after(std::chrono::seconds(20)));
    ASSERT_TRUE(response.ok()) << response.error().message;
  }
  const auto log = lab_->request_log();
  ASSERT_EQ(before + 3, log.size());
  // The lab logs each request's client port: one port, one TCP connection (keep-alive).
  EXPECT_EQ(log[before]["client_port"], log[before + 1]["client_port"]);
  EXPECT_EQ(log[before]["client_port"], log[before + 2]["client_port"]);
}

TEST_F(CurlTransportTest, ARequestEndsAtItsOwnTimeoutThoughTheDeadlineIsFar) {
  CurlTransportOptions options = trusting();
  options.request_timeout = std::chrono::milliseconds(700);
  const auto started = std::chrono::steady_clock::now();
  const auto response = get("/behaviour/stall?seconds=20", options, std::chrono::seconds(60));
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(ErrorCode::timeout, response.error().code);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

TEST_F(CurlTransportTest, PlainHttpToAHostThatIsNotLoopbackIsNeverSent) {
  CurlTransport transport(trusting());
  const auto response =
      transport.send(HttpRequest{"GET", "http://mongodb.tencentcloudapi.com/", {}, ""},
                     Deadline::after(std::chrono::seconds(5)));
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(ErrorCode::usage, response.error().code);
}

TEST_F(CurlTransportTest, TheStandardProxyVariablesAreHonoured) {
  // Bound, never listening: a proxy that refuses every connection.
  const testing_support::LoopbackSocket refusing(SOCK_STREAM);
  ::setenv("https_proxy", ("http://" + refusing.address()).c_str(), 1);
  ::setenv("no_proxy", "", 1);
  const auto through_proxy = get("/behaviour/echo", trusting());
  ::setenv("no_proxy", "127.0.0.1", 1);
  const auto direct = get("/behaviour/echo", trusting());
  ::unsetenv("https_proxy");
  ::unsetenv("no_proxy");
  ASSERT_FALSE(through_proxy.ok());
  EXPECT_TRUE(direct.ok()) << direct.error().message;
}

}  // namespace
}  // namespace curl_transport_test
}  // namespace mongoscan
