#include "scanner/cli/webhook_notice.h"

#include <gtest/gtest.h>

#include <sstream>

#include "scanner/cloud/http/curl_transport.h"
#include "tests/support/background_program.h"
#include "tests/support/control_plane_lab.h"
#include "tests/support/file_text.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace webhook_notice_test {
namespace {

using testing_support::ControlPlaneLab;

// A webhook URL's path is its secret: errors show the scheme and host only.
TEST(WebhookUrl, HttpsOrLoopbackHttpAndErrorsShowNoPath) {
  const auto slack = parse_webhook_url("https://hooks.slack.com/services/T0/B0/s3cretToken");
  ASSERT_TRUE(slack.ok()) << slack.error().message;
  EXPECT_EQ(slack.value().shown, "https://hooks.slack.com/…");
  EXPECT_EQ(slack.value().secret, "/services/T0/B0/s3cretToken");
  EXPECT_TRUE(parse_webhook_url("http://127.0.0.1:8080/hook?token=x").ok());
  const auto plain = parse_webhook_url("http://hooks.example.com/services/s3cretToken");
  ASSERT_FALSE(plain.ok());
  EXPECT_EQ(plain.error().code, ErrorCode::usage);
  EXPECT_EQ(plain.error().message.find("s3cretToken"), std::string::npos) << plain.error().message;
  EXPECT_NE(plain.error().message.find("--notify http://hooks.example.com/…: "), std::string::npos)
      << plain.error().message;
  const auto user = parse_webhook_url("https://bot:p4ss@chat.example.com/hook");
  ASSERT_FALSE(user.ok());
  EXPECT_EQ(user.error().message.find("p4ss"), std::string::npos) << user.error().message;
  EXPECT_FALSE(parse_webhook_url("hooks.slack.com/services/x").ok());
  EXPECT_FALSE(parse_webhook_url("https://chat.example.com/hook#x").ok());
}

class WebhookPost : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lab_ = ControlPlaneLab::start().release(); }
  static void TearDownTestSuite() {
    delete lab_;
    lab_ = nullptr;
  }

  // Posts to the lab's webhook at `path`; what it said on stderr goes to `err`.
  bool post(const std::string& path, std::ostream& err,
            std::chrono::milliseconds budget = std::chrono::seconds(20)) {
    CurlTransportOptions options;
    options.extra_ca_file = lab_->ca_file();
    CurlTransport transport(options);
    const auto target = parse_webhook_url(lab_->endpoint() + path);
    EXPECT_TRUE(target.ok());
    RetryPolicy policy;
    policy.max_attempts = 3;
    policy.first_delay = std::chrono::milliseconds(10);
    return post_webhook(target.value(), R"({"text":"hello"})", transport, policy,
                        Deadline::after(budget), err);
  }

  std::vector<nlohmann::json> posts_to(const std::string& path) const {
    std::vector<nlohmann::json> posts;
    for (const nlohmann::json& entry : lab_->request_log())
      if (entry["path"] == path) posts.push_back(entry);
    return posts;
  }

  static ControlPlaneLab* lab_;
};

ControlPlaneLab* WebhookPost::lab_ = nullptr;

// Issue 40 item 6: a POST of JSON, retried after a 503, delivered; what it says names no path.
TEST_F(WebhookPost, ARefusedPostIsRetriedThenDelivered) {
  std::ostringstream err;
  EXPECT_TRUE(post("/behaviour/webhook/T1/s3cret-a?fail=1", err));
  EXPECT_NE(err.str().find(": delivered (HTTP 200)"), std::string::npos) << err.str();
  EXPECT_EQ(err.str().find("s3cret"), std::string::npos) << err.str();
  const auto posts = posts_to("/behaviour/webhook/T1/s3cret-a");
  ASSERT_EQ(posts.size(), 2u);
  EXPECT_EQ(posts[0]["status"], 503);
  EXPECT_EQ(posts[1]["status"], 200);
  EXPECT_EQ(posts[1]["webhook_body"], R"({"text":"hello"})");
  EXPECT_EQ(posts[1]["content_type"], "application/json");
}

TEST_F(WebhookPost, AfterTheLastAttemptItSaysWhyAndNamesNoPath) {
  std::ostringstream err;
  EXPECT_FALSE(post("/behaviour/webhook/T1/s3cret-b?fail=9", err));
  EXPECT_NE(err.str().find(": not delivered: HTTP 503"), std::string::npos) << err.str();
  EXPECT_EQ(err.str().find("s3cret"), std::string::npos) << err.str();
  EXPECT_EQ(posts_to("/behaviour/webhook/T1/s3cret-b").size(), 3u);
}

// The deadline bounds the whole delivery: a receiver that never answers does not hold the scan.
TEST_F(WebhookPost, AReceiverThatNeverAnswersIsLeftAtTheDeadline) {
  std::ostringstream err;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(post("/behaviour/stall?seconds=30", err, std::chrono::milliseconds(1500)));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_NE(err.str().find("not delivered"), std::string::npos) << err.str();
}

// scan --notify end to end: the summary is posted after the reports, holds no password of the
// strings scanned, and the exit code stays the gate's; a bad URL is a usage error before the scan.
TEST_F(WebhookPost, AScanPostsItsSummaryAndKeepsItsExitCode) {
  const auto dir = testing_support::make_temporary_directory("notify");
  const std::string uris = (dir / "uris.txt").string();
  testing_support::write_file(uris, "mongodb://app:Kq7-Notify-Secret@db1.example.test:27017/app\n");
  const std::string hook = "/behaviour/webhook/T2/s3cret-scan";
  const auto scan = testing_support::run_process(
      {testing_support::mongoscan_binary(), "scan", "--app-uri-file", uris, "--format", "json",
       "-o", (dir / "report.json").string(), "--notify", lab_->endpoint() + hook, "--cloud-ca-file",
       lab_->ca_file(), "--fail-on", "medium"});
  EXPECT_EQ(scan.exit_code, 1) << "the string fails a medium connection rule: " << scan.err;
  EXPECT_NE(scan.err.find("--notify " + lab_->endpoint() + "/…: delivered (HTTP 200)"),
            std::string::npos)
      << scan.err;
  EXPECT_EQ(scan.err.find("s3cret"), std::string::npos) << scan.err;
  const auto posts = posts_to(hook);
  ASSERT_EQ(posts.size(), 1u);
  const std::string body = posts[0]["webhook_body"];
  EXPECT_EQ(body.find("Kq7-Notify-Secret"), std::string::npos) << body;
  const nlohmann::json payload = nlohmann::json::parse(body);
  EXPECT_EQ(payload["text"].get<std::string>().rfind("mongoscan FAIL", 0), 0u) << body;
  EXPECT_GT(payload["mongoscan"]["environments"][0]["failing_count"].get<int>(), 0);

  const auto refused = testing_support::run_process(
      {testing_support::mongoscan_binary(), "scan", "--app-uri-file", uris, "--notify",
       "http://hooks.example.com/services/s3cret-bad"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("--notify http://hooks.example.com/…"), std::string::npos)
      << refused.err;
  EXPECT_EQ(refused.err.find("s3cret"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace webhook_notice_test
}  // namespace mongoscan
