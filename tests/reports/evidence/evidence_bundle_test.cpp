#include "reports/evidence/evidence_bundle.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/evidence/bundle_file.h"
#include "tests/reports/sample_reports.h"
#include "tests/support/signing_keys.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace evidence_bundle_test {
namespace {

namespace fs = std::filesystem;
using testing_support::TempTree;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

std::vector<std::string> names_in(const std::string& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

EvidenceOrigin sample_origin() {
  EvidenceOrigin origin;
  origin.tool_version = "0.1.0";
  origin.catalogue_sha256 = std::string(64, 'c');
  origin.scanning_host = "scanner-1";
  return origin;
}

Result<EvidenceManifest> write_bundle(const std::string& directory,
                                      const std::optional<SigningKey>& key = std::nullopt) {
  return write_evidence_bundle(testing_support::config_scan_report(), directory, sample_origin(),
                               key, RenderOptions{});
}

TEST(EvidenceBundle, WritesTheThreeReportsAndAManifestOfTheirDigests) {
  TempTree tree;
  const std::string bundle = tree.path("evidence");
  const auto manifest = write_bundle(bundle);
  ASSERT_TRUE(manifest) << manifest.error().message;
  EXPECT_EQ(names_in(bundle), (std::vector<std::string>{"manifest.json", "report.html",
                                                        "report.json", "report.sarif"}));
  EXPECT_EQ(read_file(bundle + "/manifest.json"), manifest_text(manifest.value()));
  const Report report = testing_support::config_scan_report();
  EXPECT_EQ(manifest.value().started_at, report.started_at);
  EXPECT_EQ(manifest.value().scanning_host, "scanner-1");
  ASSERT_EQ(manifest.value().files.size(), 3u);
  for (const ManifestFile& file : manifest.value().files) {
    const auto digest = digest_bundle_file(bundle, file.path);
    ASSERT_TRUE(digest);
    EXPECT_EQ(file.sha256, digest.value().sha256) << file.path;
    EXPECT_EQ(file.bytes, digest.value().bytes) << file.path;
  }
  std::ostringstream json;
  write_report(report, ReportFormat::json, RenderOptions{}, json);
  EXPECT_EQ(read_file(bundle + "/report.json"), json.str());
  for (const std::string& name : names_in(bundle)) {
    EXPECT_EQ(read_file(bundle + "/" + name).find(testing_support::kPlantedPassword),
              std::string::npos)
        << name;
  }
  EXPECT_EQ(names_in(tree.root()), std::vector<std::string>{"evidence"}) << "a staging directory";
}

TEST(EvidenceBundle, WithAKeyTheManifestIsSignedAndTheKeyIsWrittenNowhere) {
  const auto& keys = testing_support::signing_keys();
  auto key = load_signing_key(keys.ed25519_key, "--sign-key");
  ASSERT_TRUE(key);
  TempTree tree;
  const std::string bundle = tree.path("evidence");
  ASSERT_TRUE(write_bundle(bundle, key.value()));
  EXPECT_EQ(names_in(bundle).size(), 5u);
  const std::string manifest = read_file(bundle + "/manifest.json");
  const std::string signature = read_file(bundle + "/manifest.json.sig");
  EXPECT_EQ(signature.size(), 64u);
  auto verifying = load_verifying_key(keys.ed25519_cert, "--cert");
  EXPECT_TRUE(verify_message(verifying.value(), manifest, signature));
  for (const std::string& name : names_in(bundle)) {
    for (const std::string& line : testing_support::pem_body_lines(keys.ed25519_key)) {
      EXPECT_EQ(read_file(bundle + "/" + name).find(line), std::string::npos) << name;
    }
  }
}

TEST(EvidenceBundle, AnEmptyDirectoryIsFilledAndAnyOtherIsRefusedUntouched) {
  TempTree tree;
  tree.make_directory("empty");
  ASSERT_TRUE(write_bundle(tree.path("empty/")));
  EXPECT_EQ(names_in(tree.path("empty")).size(), 4u);

  tree.write("used/notes.txt", "keep me");
  tree.write("file", "not a directory");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {tree.path("used"), "exists and is not empty"},
      {tree.path("empty"), "exists and is not empty"},
      {tree.path("file"), "exists and is not a directory"},
      {tree.path("absent/evidence"), "its parent directory does not exist"},
  };
  for (const auto& [directory, expected] : cases) {
    EXPECT_FALSE(check_bundle_directory(directory)) << directory;
    const auto written = write_bundle(directory);
    ASSERT_FALSE(written) << directory;
    EXPECT_EQ(written.error().code, ErrorCode::usage);
    EXPECT_TRUE(
        written.error().message.starts_with("--evidence-dir " + directory + ": " + expected))
        << written.error().message;
  }
  EXPECT_EQ(read_file(tree.path("used/notes.txt")), "keep me");
  EXPECT_EQ(names_in(tree.root()), (std::vector<std::string>{"empty", "file", "used"}))
      << "no staging directory is left behind";
  EXPECT_TRUE(check_bundle_directory(tree.path("new")));
}

// A name that is free but too long for the staging directory's name beside it (NAME_MAX 255):
// the write fails after the check, even for root.
TEST(EvidenceBundle, AFailedWriteLeavesNothingBehind) {
  TempTree tree;
  const std::string directory = tree.path(std::string(250, 'e'));
  ASSERT_TRUE(check_bundle_directory(directory));
  const auto written = write_bundle(directory);
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().code, ErrorCode::io);
  EXPECT_NE(written.error().message.find("cannot create a directory beside"), std::string::npos)
      << written.error().message;
  EXPECT_TRUE(names_in(tree.root()).empty());
}

}  // namespace
}  // namespace evidence_bundle_test
}  // namespace mongoscan
