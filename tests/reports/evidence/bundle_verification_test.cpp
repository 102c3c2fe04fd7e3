#include "reports/evidence/bundle_verification.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/evidence/evidence_bundle.h"
#include "tests/reports/sample_reports.h"
#include "tests/support/file_text.h"
#include "tests/support/signing_keys.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace bundle_verification_test {
namespace {

namespace fs = std::filesystem;
using testing_support::signing_keys;
using testing_support::TempTree;

using testing_support::read_file;
using testing_support::write_file;

// A signed bundle (Ed25519) in `tree`'s "evidence", and the key that checks it.
class BundleVerification : public ::testing::Test {
 protected:
  void SetUp() override {
    auto key = load_signing_key(signing_keys().ed25519_key, "--sign-key");
    ASSERT_TRUE(key);
    EvidenceOrigin origin;
    origin.tool_version = "0.1.0";
    origin.catalogue_sha256 = std::string(64, 'c');
    ASSERT_TRUE(write_evidence_bundle(testing_support::rich_report(), bundle, origin, key.value(),
                                      RenderOptions{}));
    auto cert = load_verifying_key(signing_keys().ed25519_cert, "--cert");
    ASSERT_TRUE(cert);
    cert_key = cert.value();
  }

  // "file: what" for each problem.
  std::vector<std::string> problems(const VerifyingKey* key) const {
    std::vector<std::string> lines;
    for (const BundleProblem& problem : verify_bundle(bundle, key).problems) {
      lines.push_back(problem.file + ": " + problem.what);
    }
    return lines;
  }

  TempTree tree;
  const std::string bundle = tree.path("evidence");
  VerifyingKey cert_key;
};

TEST_F(BundleVerification, AFreshBundleVerifiesWithAndWithoutTheKey) {
  const auto with_key = verify_bundle(bundle, &cert_key);
  EXPECT_TRUE(with_key.verified());
  EXPECT_EQ(with_key.files, 3u);
  EXPECT_EQ(with_key.signature, SignatureCheck::verified);
  const auto without = verify_bundle(bundle, nullptr);
  EXPECT_TRUE(without.verified());
  EXPECT_EQ(without.signature, SignatureCheck::not_checked);
  fs::remove(bundle + "/manifest.json.sig");
  EXPECT_EQ(verify_bundle(bundle, nullptr).signature, SignatureCheck::absent);
  EXPECT_EQ(problems(&cert_key),
            std::vector<std::string>{"manifest.json.sig: missing: the bundle is not signed"});
}

TEST_F(BundleVerification, EachChangedMissingOrAddedFileIsNamed) {
  std::string html = read_file(bundle + "/report.html");
  html[html.size() / 2] ^= 0x20;
  write_file(bundle + "/report.html", html);
  write_file(bundle + "/report.json", read_file(bundle + "/report.json") + "\n");
  fs::remove(bundle + "/report.sarif");
  write_file(bundle + "/extra.txt", "added");
  fs::create_directory(bundle + "/assets");
  const auto json_bytes = std::to_string(fs::file_size(bundle + "/report.json"));
  EXPECT_EQ(problems(&cert_key),
            (std::vector<std::string>{
                "report.html: changed: its SHA-256 is not the manifest's",
                "report.json: changed: " + json_bytes + " bytes, the manifest says " +
                    std::to_string(std::stoul(json_bytes) - 1),
                "report.sarif: missing",
                "assets: added: not in the manifest (not a regular file)",
                "extra.txt: added: not in the manifest",
            }));
  EXPECT_FALSE(verify_bundle(bundle, nullptr).verified());
}

TEST_F(BundleVerification, AnEditedManifestFailsItsSignatureButItsHashesStillMatch) {
  std::string manifest = read_file(bundle + "/manifest.json");
  manifest.replace(manifest.find("0.1.0"), 5, "0.1.1");
  write_file(bundle + "/manifest.json", manifest);
  const auto lines = problems(&cert_key);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(
      lines[0].starts_with("manifest.json.sig: does not verify with O=Example,CN=mongoscan "
                           "evidence test (Ed25519 key SHA256:"))
      << lines[0];
  EXPECT_TRUE(verify_bundle(bundle, nullptr).verified()) << "without a key only hashes count";
}

TEST_F(BundleVerification, AnotherSignersKeyFails) {
  auto other = load_verifying_key(signing_keys().other_ed25519_cert, "--cert");
  ASSERT_TRUE(other);
  const auto result = verify_bundle(bundle, &other.value());
  EXPECT_EQ(result.signature, SignatureCheck::failed);
  ASSERT_EQ(result.problems.size(), 1u);
  EXPECT_EQ(result.problems[0].file, "manifest.json.sig");
  EXPECT_NE(result.problems[0].what.find("CN=another signer"), std::string::npos);
}

// A tampered manifest cannot make verify read outside the bundle: the whole manifest is refused.
TEST_F(BundleVerification, AManifestPathOutsideTheBundleIsRefused) {
  write_file(tree.path("outside.txt"), "not in the bundle");
  std::string manifest = read_file(bundle + "/manifest.json");
  for (const char* path : {"../outside.txt", "/etc/hostname", "sub/report.json"}) {
    std::string edited = manifest;
    edited.replace(edited.find("\"report.html\""), 13, std::string("\"") + path + "\"");
    write_file(bundle + "/manifest.json", edited);
    const auto lines = problems(nullptr);
    ASSERT_FALSE(lines.empty()) << path;
    EXPECT_EQ(lines[0], std::string("manifest.json: /files/0/path: '") + path +
                            "' is not a plain file name in the bundle");
    EXPECT_EQ(lines.size(), 1u) << "no file was checked after a refused manifest";
  }
}

TEST_F(BundleVerification, ALinkInPlaceOfAListedFileIsNotFollowed) {
  write_file(tree.path("copy.sarif"), read_file(bundle + "/report.sarif"));
  fs::remove(bundle + "/report.sarif");
  fs::create_symlink(tree.path("copy.sarif"), bundle + "/report.sarif");
  EXPECT_EQ(problems(nullptr),
            std::vector<std::string>{"report.sarif: a symbolic link, not a file"});
}

TEST_F(BundleVerification, AMissingOrBrokenManifestIsNamed) {
  write_file(bundle + "/manifest.json", "{");
  EXPECT_EQ(problems(nullptr), std::vector<std::string>{"manifest.json: not a JSON object"});
  fs::remove(bundle + "/manifest.json");
  EXPECT_EQ(problems(nullptr), std::vector<std::string>{"manifest.json: missing"});
}

}  // namespace
}  // namespace bundle_verification_test
}  // namespace mongoscan
