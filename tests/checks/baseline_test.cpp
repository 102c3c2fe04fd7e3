#include "checks/baseline.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "checks/finding_fingerprint.h"
#include "checks/gate.h"

namespace mongoscan {
namespace baseline_test {
namespace {

Finding config_finding(std::string fingerprint, Status status = Status::fail,
                       std::string path = "a.yml", std::string content = "") {
  Finding finding{"APP-002", status, Severity::high, Subject::file(path, 1, 11),
                  "m",       {},     fingerprint};
  finding.content_fingerprint = content.empty() ? "content-" + fingerprint : content;
  return finding;
}

Baseline parsed(const std::string& text) {
  const auto baseline = parse_baseline(text);
  EXPECT_TRUE(baseline) << baseline.error().message;
  return baseline ? baseline.value() : Baseline{};
}

std::vector<std::string> fingerprints(const Baseline& baseline) {
  std::vector<std::string> listed;
  for (const BaselineEntry& entry : baseline.entries) listed.push_back(entry.fingerprint);
  return listed;
}

// Issue 40 item 4: each entry keeps check, subject, message digest, first-seen date and the
// content fingerprint beside the fingerprint; passes, inline-allowed findings and findings
// without a fingerprint are not written.
TEST(Baseline, WrittenTextKeepsWhatAReviewerReadsOfEachFailedFinding) {
  Finding inline_allowed = config_finding("c");
  inline_allowed.suppression = "inline";
  Finding node{"NET-002", Status::warn, Severity::medium, Subject::node("db1:27017"), "m2",
               {},        "n"};
  const std::string text =
      baseline_text({config_finding("b"), config_finding("a", Status::warn, "z.yml"),
                     config_finding("p", Status::pass), inline_allowed, config_finding(""), node},
                    Baseline{}, "2026-11-30");
  const Baseline baseline = parsed(text);
  EXPECT_EQ(baseline.version, 2);
  EXPECT_EQ(fingerprints(baseline), (std::vector<std::string>{"b", "a", "n"}));
  const BaselineEntry& first = baseline.entries[0];
  EXPECT_EQ(first.check_id, "APP-002");
  EXPECT_EQ(first.subject, "a.yml:1");
  EXPECT_EQ(first.first_seen, "2026-11-30");
  EXPECT_EQ(first.content_fingerprint, "content-b");
  EXPECT_EQ(first.message_digest.size(), 32u);
  EXPECT_EQ(baseline.entries[1].subject, "z.yml:1");
  EXPECT_EQ(baseline.entries[2].subject, "db1:27017");
  EXPECT_EQ(baseline.entries[2].content_fingerprint, "");
  EXPECT_NE(baseline.entries[2].message_digest, first.message_digest);
  EXPECT_EQ(text.find("\"m\""), std::string::npos) << "the message itself is not kept";
}

TEST(Baseline, BadFilesAreUsageErrorsThatSayWhat) {
  EXPECT_EQ(parse_baseline("[").error().message, "not a JSON object");
  EXPECT_EQ(parse_baseline(R"({"fingerprints": []})").error().message,
            "\"mongoscan_baseline\" must be 1 or 2");
  EXPECT_EQ(parse_baseline(R"({"mongoscan_baseline": 1, "fingerprints": [3]})").error().message,
            "\"fingerprints\" must be an array of strings");
  EXPECT_EQ(parse_baseline(R"({"mongoscan_baseline": 2})").error().message,
            "\"entries\" must be an array of objects");
  EXPECT_EQ(parse_baseline(R"({"mongoscan_baseline": 2, "entries": [{"fingerprint": "f"}]})")
                .error()
                .message,
            "entry 1 has no \"check\"");
  EXPECT_EQ(
      parse_baseline(R"({"mongoscan_baseline": 2, "entries": [{"fingerprint": "f", "check": "A", )"
                     R"("subject": 3}]})")
          .error()
          .message,
      "entry 1: \"subject\" must be a non-empty string");
}

// Old baselines are read: their fingerprints hold findings as before, and a rewrite upgrades
// them to version 2.
TEST(Baseline, AVersion1FileIsReadAndRewrittenAsVersion2) {
  const Baseline old = parsed(R"({"mongoscan_baseline": 1, "fingerprints": ["known"]})");
  EXPECT_EQ(old.version, 1);
  EXPECT_EQ(fingerprints(old), std::vector<std::string>{"known"});
  std::vector<Finding> findings = {config_finding("known"), config_finding("new")};
  EXPECT_EQ(apply_baseline(old, findings), 0u);
  EXPECT_EQ(findings[0].suppression, "baseline");
  EXPECT_TRUE(findings[1].suppression.empty());
  const Baseline rewritten = parsed(baseline_text(findings, old, "2026-11-30"));
  EXPECT_EQ(rewritten.version, 2);
  EXPECT_EQ(rewritten.entries.size(), 2u);
  EXPECT_EQ(rewritten.entries[0].check_id, "APP-002");
}

TEST(Baseline, BaselinedFindingsNoLongerFailTheGateButNewOnesDo) {
  const Baseline baseline = parsed(baseline_text({config_finding("known")}, {}, "2026-11-01"));
  std::vector<Finding> findings = {config_finding("known"), config_finding("new")};
  apply_baseline(baseline, findings);
  EXPECT_EQ(findings[0].suppression, "baseline");
  EXPECT_TRUE(findings[1].suppression.empty());
  EXPECT_TRUE(fails_gate(findings, Severity::high));
  findings.pop_back();
  EXPECT_FALSE(fails_gate(findings, Severity::high));
}

TEST(Baseline, AnExpiredAcceptanceIsNotCoveredByTheBaseline) {
  const Baseline baseline = parsed(baseline_text({config_finding("known")}, {}, "2026-11-01"));
  std::vector<Finding> findings = {config_finding("known")};
  findings[0].acceptance = FindingAcceptance{"fixture", "2020-01-01", "", true};
  apply_baseline(baseline, findings);
  EXPECT_TRUE(findings[0].suppression.empty());
  EXPECT_TRUE(fails_gate(findings, Severity::high));
}

// A renamed file's finding has a new fingerprint and the same content fingerprint: the entry
// follows it, once, and only where its old fingerprint is gone from the run (a copy beside the
// original is new); a rewrite keeps the entry's first-seen date under the new path.
TEST(Baseline, ARenamedFileKeepsItsEntries) {
  const Baseline baseline = parsed(baseline_text(
      {config_finding("old-path", Status::fail, "a.yml", "same-line")}, {}, "2026-10-01"));
  std::vector<Finding> renamed = {config_finding("new-path", Status::fail, "b.yml", "same-line"),
                                  config_finding("copy", Status::fail, "c.yml", "same-line")};
  EXPECT_EQ(apply_baseline(baseline, renamed), 1u);
  EXPECT_EQ(renamed[0].suppression, "baseline");
  EXPECT_TRUE(renamed[1].suppression.empty()) << "one entry holds one finding";
  const Baseline rewritten = parsed(baseline_text(renamed, baseline, "2026-11-30"));
  ASSERT_EQ(rewritten.entries.size(), 2u);
  EXPECT_EQ(rewritten.entries[0].subject, "b.yml:1");
  EXPECT_EQ(rewritten.entries[0].first_seen, "2026-10-01");
  EXPECT_EQ(rewritten.entries[1].first_seen, "2026-11-30");

  std::vector<Finding> copied = {config_finding("old-path", Status::fail, "a.yml", "same-line"),
                                 config_finding("copy", Status::fail, "c.yml", "same-line")};
  EXPECT_EQ(apply_baseline(baseline, copied), 0u);
  EXPECT_EQ(copied[0].suppression, "baseline");
  EXPECT_TRUE(copied[1].suppression.empty()) << "the original is still there: the copy is new";

  Finding other_check = config_finding("moved", Status::fail, "b.yml", "same-line");
  other_check.check_id = "APP-001";
  std::vector<Finding> other = {other_check};
  EXPECT_EQ(apply_baseline(baseline, other), 0u);
  EXPECT_TRUE(other[0].suppression.empty());
}

Finding node_finding(std::string address, Status status = Status::fail) {
  Finding finding{"AUTH-001", status, Severity::high, Subject::node(std::move(address)), "m", {}};
  finding.fingerprint = finding_fingerprint(finding);
  return finding;
}

// A node's findings are held one at a time as it is judged (a scan with --baseline spools them):
// each one marked exactly as apply_baseline over every finding of the run marks it, beside a
// renamed file's findings that the same baseline follows.
TEST(Baseline, ANodeFindingHeldAloneIsMarkedAsAmongEveryFinding) {
  std::vector<Finding> before = {node_finding("db1:27017"), node_finding("db2:27017"),
                                 config_finding("old-path", Status::fail, "a.yml", "same-line")};
  const Baseline baseline = parsed(baseline_text(before, {}, "2026-10-01"));
  const BaselineFingerprints fingerprints(baseline);

  std::vector<Finding> now = {node_finding("db1:27017"),                 // held
                              node_finding("db3:27017"),                 // new
                              node_finding("db2:27017", Status::pass),   // passes now
                              node_finding("db2:27017", Status::warn),   // accepted
                              node_finding("db1:27017", Status::warn)};  // expired acceptance
  now[3].suppression = "accepted";
  now[3].acceptance = FindingAcceptance{"fixture", "2099-01-01"};
  now[4].acceptance = FindingAcceptance{"fixture", "2020-01-01", "", true};
  std::vector<Finding> alone = now;
  std::vector<bool> marked;
  for (Finding& finding : alone) marked.push_back(fingerprints.apply(finding));
  EXPECT_EQ(marked, (std::vector<bool>{true, false, false, false, false}));

  std::vector<Finding> together = now;
  together.push_back(config_finding("new-path", Status::fail, "b.yml", "same-line"));
  EXPECT_EQ(apply_baseline(baseline, together), 1u) << "the renamed file's finding is followed";
  for (std::size_t i = 0; i < now.size(); ++i) {
    EXPECT_EQ(alone[i].suppression, together[i].suppression) << i;
  }
  EXPECT_EQ(alone[0].suppression, "baseline");
  EXPECT_EQ(alone[3].suppression, "accepted");
}

}  // namespace
}  // namespace baseline_test
}  // namespace mongoscan
