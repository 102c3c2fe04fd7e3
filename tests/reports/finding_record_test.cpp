#include "reports/finding_record.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace finding_record_test {
namespace {

// A finding with every field set, none at its default.
Finding full_finding() {
  Finding finding{"APP-001",
                  Status::warn,
                  Severity::high,
                  Subject::file("app/config.yml", 12, 7),
                  "a password in a connection string",
                  nlohmann::json::object()};
  finding.subject.listed_at = ListedAt{"uris.txt", 3};
  finding.subject.context = FileContext::test;
  finding.evidence = {{"hosts", {"db1:27017", "db2:27017"}},
                      {"port", 27017},
                      {"ratio", 0.25},
                      {"enabled", true},
                      {"nothing", nullptr},
                      {"text", "ü <&>"}};
  finding.fingerprint = "0123456789abcdef0123456789abcdef";
  finding.suppression = "accepted";
  finding.acceptance = FindingAcceptance{"migrating", "2027-01-31", "team-db", true};
  finding.content_fingerprint = "fedcba9876543210fedcba9876543210";
  return finding;
}

void expect_same(const Finding& read, const Finding& written) {
  EXPECT_EQ(read.check_id, written.check_id);
  EXPECT_EQ(read.status, written.status);
  EXPECT_EQ(read.severity, written.severity);
  EXPECT_EQ(read.subject.kind, written.subject.kind);
  EXPECT_EQ(read.subject.name, written.subject.name);
  EXPECT_EQ(read.subject.line, written.subject.line);
  EXPECT_EQ(read.subject.column, written.subject.column);
  EXPECT_EQ(read.subject.listed_at.has_value(), written.subject.listed_at.has_value());
  if (read.subject.listed_at && written.subject.listed_at) {
    EXPECT_EQ(read.subject.listed_at->file, written.subject.listed_at->file);
    EXPECT_EQ(read.subject.listed_at->line, written.subject.listed_at->line);
  }
  EXPECT_EQ(read.subject.context, written.subject.context);
  EXPECT_EQ(read.message, written.message);
  // Read back packed, whichever way it was written.
  EXPECT_TRUE(read.evidence.is_null());
  EXPECT_EQ(evidence_of(read), evidence_of(written));
  EXPECT_EQ(read.packed_evidence.packed(), !evidence_of(written).is_null());
  if (written.packed_evidence.packed()) {
    EXPECT_EQ(read.packed_evidence.cbor(), written.packed_evidence.cbor());
  }
  EXPECT_EQ(read.fingerprint, written.fingerprint);
  EXPECT_EQ(read.suppression, written.suppression);
  EXPECT_EQ(read.acceptance.has_value(), written.acceptance.has_value());
  if (read.acceptance && written.acceptance) {
    EXPECT_EQ(read.acceptance->reason, written.acceptance->reason);
    EXPECT_EQ(read.acceptance->expires, written.acceptance->expires);
    EXPECT_EQ(read.acceptance->owner, written.acceptance->owner);
    EXPECT_EQ(read.acceptance->expired, written.acceptance->expired);
  }
  EXPECT_EQ(read.content_fingerprint, written.content_fingerprint);
}

Finding read_back(const Finding& finding, std::string_view environment, std::string& read_env) {
  std::string record;
  append_finding_record(record, finding, environment);
  Finding read;
  const auto decoded = read_finding_record(record, read, read_env);
  EXPECT_TRUE(decoded.ok()) << (decoded.ok() ? "" : decoded.error().message);
  return read;
}

TEST(FindingRecord, EveryFieldComesBackAsWritten) {
  const Finding written = full_finding();
  std::string environment;
  expect_same(read_back(written, "production", environment), written);
  EXPECT_EQ(environment, "production");
}

TEST(FindingRecord, AbsentOptionalsAndNullEvidenceStayAbsent) {
  const Finding written{"HARD-001", Status::pass, Severity::info, Subject::node("db1:27017"),
                        "",         nullptr};
  std::string environment = "left over";
  const Finding read = read_back(written, "", environment);
  expect_same(read, written);
  EXPECT_FALSE(read.packed_evidence.packed());
  EXPECT_EQ(environment, "");
}

TEST(FindingRecord, PackedEvidenceStaysPackedWithTheSameBytes) {
  Finding written = full_finding();
  EvidencePacker packer;
  pack_evidence(written, packer);
  ASSERT_TRUE(written.packed_evidence.packed());
  std::string environment;
  const Finding read = read_back(written, "staging", environment);
  expect_same(read, written);
  EXPECT_EQ(evidence_of(read), evidence_of(full_finding()));
}

TEST(FindingRecord, AMalformedRecordIsAnErrorAndLeavesTheFindingAlone) {
  std::string record;
  append_finding_record(record, full_finding(), "production");
  Finding untouched{"KEEP-001", Status::fail, Severity::low, Subject::uri("mongodb://x"),
                    "kept",     nullptr};
  std::string environment = "kept";
  for (const std::string& bad :
       {record.substr(0, record.size() - 1), record + "x", std::string(), record.substr(0, 20)}) {
    const auto decoded = read_finding_record(bad, untouched, environment);
    ASSERT_FALSE(decoded.ok());
    EXPECT_NE(decoded.error().message.find("malformed"), std::string::npos);
    EXPECT_EQ(untouched.check_id, "KEEP-001");
    EXPECT_EQ(environment, "kept");
  }
  // A status out of its range: the byte after the check id's length and text.
  std::string out_of_range = record;
  out_of_range[8 + std::string("APP-001").size()] = 9;
  EXPECT_FALSE(read_finding_record(out_of_range, untouched, environment).ok());
}

}  // namespace
}  // namespace finding_record_test
}  // namespace mongoscan
