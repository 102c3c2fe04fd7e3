#include "reports/evidence/manifest.h"

#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

namespace mongoscan {
namespace manifest_test {
namespace {

const std::string kSha(64, 'a');

EvidenceManifest sample_manifest() {
  EvidenceManifest manifest;
  manifest.tool_name = "mongoscan";
  manifest.tool_version = "0.1.0";
  manifest.catalogue_sha256 = std::string(64, 'c');
  manifest.started_at = "2026-11-26T10:00:00.000Z";
  manifest.finished_at = "2026-11-26T10:00:03.500Z";
  manifest.scanning_host = "scanner-1";
  manifest.files = {{"report.html", kSha, 120}, {"report.json", std::string(64, 'b'), 99}};
  return manifest;
}

TEST(Manifest, TextHasTheMembersInOrderAndReadsBackTheSame) {
  const EvidenceManifest manifest = sample_manifest();
  const std::string text = manifest_text(manifest);
  EXPECT_TRUE(text.ends_with("}\n"));
  const auto json = nlohmann::ordered_json::parse(text);
  std::vector<std::string> keys;
  for (const auto& [key, value] : json.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"manifest_version", "tool", "catalogue_sha256", "scan",
                                            "scanning_host", "files"}));
  EXPECT_EQ(json["manifest_version"], 1);
  EXPECT_EQ(json["scan"]["finished_at"], "2026-11-26T10:00:03.500Z");
  EXPECT_EQ(json["files"][0],
            (nlohmann::ordered_json{{"path", "report.html"}, {"sha256", kSha}, {"bytes", 120}}));
  auto parsed = parse_manifest(text);
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(parsed.value(), manifest);
}

TEST(Manifest, TheInventoryDigestIsWrittenOnlyWhenGiven) {
  EvidenceManifest manifest = sample_manifest();
  EXPECT_EQ(manifest_text(manifest).find("inventory_sha256"), std::string::npos);
  manifest.inventory_sha256 = std::string(64, 'd');
  manifest.scanning_host.reset();
  const std::string text = manifest_text(manifest);
  EXPECT_EQ(nlohmann::json::parse(text)["inventory_sha256"], std::string(64, 'd'));
  EXPECT_EQ(text.find("scanning_host"), std::string::npos);
  EXPECT_EQ(parse_manifest(text).value(), manifest);
}

TEST(Manifest, BuildTakesTheScanTimesFromTheReportAndSortsTheFiles) {
  Report report;
  report.started_at = "2026-11-26T09:00:00.000Z";
  report.finished_at = "2026-11-26T09:01:00.000Z";
  EvidenceOrigin origin;
  origin.tool_version = "9.9.9";
  origin.catalogue_sha256 = std::string(64, 'e');
  origin.inventory_sha256 = std::string(64, 'f');
  const EvidenceManifest manifest = build_manifest(
      report, origin,
      {{"report.sarif", kSha, 1}, {"report.html", kSha, 2}, {"report.json", kSha, 3}});
  EXPECT_EQ(manifest.tool_name, "mongoscan");
  EXPECT_EQ(manifest.tool_version, "9.9.9");
  EXPECT_EQ(manifest.started_at, report.started_at);
  EXPECT_EQ(manifest.finished_at, report.finished_at);
  EXPECT_EQ(manifest.inventory_sha256, origin.inventory_sha256);
  EXPECT_FALSE(manifest.scanning_host);
  ASSERT_EQ(manifest.files.size(), 3u);
  EXPECT_EQ(manifest.files[0].path, "report.html");
  EXPECT_EQ(manifest.files[2].path, "report.sarif");
}

TEST(Manifest, FileNamesArePlainNamesInTheBundle) {
  for (const char* good : {"report.json", "notes.txt", ".hidden", "a..b"}) {
    EXPECT_TRUE(is_bundle_file_name(good)) << good;
  }
  for (const char* bad : {"", ".", "..", "../report.json", "/etc/passwd", "sub/report.json", "a\\b",
                          "manifest.json", "manifest.json.sig", "new\nline"}) {
    EXPECT_FALSE(is_bundle_file_name(bad)) << bad;
  }
}

// Each edit of a valid manifest, and the start of the error it must give.
TEST(Manifest, ParseNamesTheFirstBadMember) {
  const auto valid = nlohmann::json::parse(manifest_text(sample_manifest()));
  const std::vector<std::pair<std::function<void(nlohmann::json&)>, std::string>> cases = {
      {[](auto& json) { json["files"][0]["path"] = "../report.html"; },
       "/files/0/path: '../report.html' is not a plain file name"},
      {[](auto& json) { json["files"][1]["path"] = "/tmp/x"; }, "/files/1/path: '/tmp/x'"},
      {[](auto& json) { json["files"][1]["path"] = "dir/report.json"; }, "/files/1/path"},
      {[](auto& json) { json["files"][1]["path"] = "report.html"; },
       "/files/1/path: 'report.html' is listed twice"},
      {[](auto& json) { json["files"][0]["sha256"] = std::string(64, 'A'); }, "/files/0/sha256"},
      {[](auto& json) { json["files"][0]["bytes"] = -1; }, "/files/0/bytes"},
      {[](auto& json) { json["files"] = "report.json"; }, "/files: missing or not an array"},
      {[](auto& json) { json["manifest_version"] = 2; }, "/manifest_version: not 1"},
      {[](auto& json) { json.erase("catalogue_sha256"); }, "/catalogue_sha256: missing"},
      {[](auto& json) { json["scan"].erase("started_at"); }, "/scan/started_at: missing"},
      {[](auto& json) { json["tool"] = "mongoscan"; }, "/tool/name: missing"},
      {[](auto& json) { json["scanning_host"] = 7; }, "/scanning_host: not a string"},
  };
  for (const auto& [edit, expected] : cases) {
    nlohmann::json json = valid;
    edit(json);
    const auto parsed = parse_manifest(json.dump());
    ASSERT_FALSE(parsed) << expected;
    EXPECT_TRUE(parsed.error().message.starts_with(expected)) << parsed.error().message;
  }
  EXPECT_EQ(parse_manifest("[1]").error().message, "not a JSON object");
  EXPECT_EQ(parse_manifest("{").error().message, "not a JSON object");
}

}  // namespace
}  // namespace manifest_test
}  // namespace mongoscan
