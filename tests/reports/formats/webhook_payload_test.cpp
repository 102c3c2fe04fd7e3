#include "reports/formats/webhook_payload.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace webhook_payload_test {
namespace {

using nlohmann::json;

// Issue 40 item 6: with a history, each environment's new and fixed findings since its previous
// run, in the JSON and in the Slack-compatible text.
TEST(WebhookPayload, NewAndFixedSinceThePreviousRunWithAHistory) {
  const Report report = testing_support::history_report();
  const json payload = json::parse(webhook_payload(report));
  const std::string text = payload["text"];
  EXPECT_EQ(text.rfind("mongoscan FAIL", 0), 0u) << text;
  ASSERT_EQ(payload["mongoscan"]["environments"].size(), report.environments.size());
  for (std::size_t i = 0; i < report.environments.size(); ++i) {
    const EnvironmentSummary& environment = report.environments[i];
    const json& entry = payload["mongoscan"]["environments"][i];
    EXPECT_EQ(entry["name"], environment.name);
    EXPECT_EQ(entry["verdict"], verdict_of(environment));
    ASSERT_TRUE(environment.changes) << environment.name;
    EXPECT_EQ(entry["new_count"], environment.changes->new_findings.size());
    EXPECT_EQ(entry["fixed_count"], environment.changes->fixed.size());
    for (std::size_t n = 0; n < environment.changes->new_findings.size(); ++n) {
      EXPECT_EQ(entry["new"][n]["check_id"], environment.changes->new_findings[n].check_id);
      EXPECT_NE(text.find(environment.changes->new_findings[n].check_id), std::string::npos);
    }
    if (!environment.changes->fixed.empty()) {
      EXPECT_NE(text.find(environment.name + ": fixed"), std::string::npos) << text;
    }
  }
  EXPECT_EQ(payload["mongoscan"]["verdict"], verdict_of(report));
  EXPECT_EQ(payload["mongoscan"]["counts"]["fail"], report.summary().fail);
}

// Without a history, the failing results, gating ones first; lists are capped and counted.
TEST(WebhookPayload, WithoutAHistoryTheFailingResultsCappedAndCounted) {
  Report report = testing_support::rich_report();
  const ReportedFinding failing = [&] {
    for (const ReportedFinding& reported : report.findings)
      if (reported.finding.status == Status::fail && !is_suppressed(reported.finding))
        return reported;
    return ReportedFinding{};
  }();
  ASSERT_FALSE(failing.finding.check_id.empty());
  for (int i = 0; i < 80; ++i) report.findings.push_back(failing);
  const json payload = json::parse(webhook_payload(report));
  const json& entry = payload["mongoscan"]["environments"][0];
  EXPECT_EQ(entry["name"], "");
  EXPECT_GT(entry["failing_count"].get<std::size_t>(), kWebhookListLimit);
  EXPECT_EQ(entry["failing"].size(), kWebhookListLimit);
  EXPECT_NE(payload["text"].get<std::string>().find("more"), std::string::npos);
}

TEST(WebhookPayload, NoSecretOfTheConfigSample) {
  EXPECT_EQ(webhook_payload(testing_support::config_scan_report())
                .find(testing_support::kPlantedPassword),
            std::string::npos);
}

}  // namespace
}  // namespace webhook_payload_test
}  // namespace mongoscan
