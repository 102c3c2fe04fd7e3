// Evidence bundles end to end: `scan` and `convert` with --evidence-dir and --sign-key, and
// `verify` on fresh and tampered bundles, through the mongoscan executable.

#include "scanner/cli/evidence_command.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <climits>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "checks/catalogue_json.h"
#include "tests/support/file_text.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/signing_keys.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace evidence_command_test {
namespace {

namespace fs = std::filesystem;
using testing_support::ProcessResult;
using testing_support::signing_keys;
using testing_support::TempTree;

// A password planted in the URI file the scans read: no bundle file and no output may hold it.
constexpr const char* kPlantedPassword = "Ev9-planted-Pw44";

// Scans analyse connection strings only (--no-probe), as in cli_test.cpp.
ProcessResult mongoscan(std::vector<std::string> args) {
  if (!args.empty() && args[0] == "scan") args.push_back("--no-probe");
  args.insert(args.begin(), testing_support::mongoscan_binary());
  return testing_support::run_process(args, "", testing_support::kHangGuard, {"NO_COLOR"});
}

using testing_support::read_file;
using testing_support::write_file;

std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// A URI file with the planted password, and the scans of it that write bundles.
class EvidenceCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    tree.write("uris.txt", std::string("mongodb://app:") + kPlantedPassword +
                               "@db.example.com:27017/admin?w=1&ssl=false\n"
                               "mongodb://reports@10.0.1.11/?tls=true&replicaSet=rs0\n");
  }

  // Scans the URI file into a bundle at `name` (signed with `key` unless empty); exit 0.
  std::string scan_bundle(const std::string& name, const std::string& key = "") {
    std::vector<std::string> args = {"scan", "--uri-file",     tree.path("uris.txt"), "--fail-on",
                                     "none", "--evidence-dir", tree.path(name)};
    if (!key.empty()) args.insert(args.end(), {"--sign-key", key});
    const ProcessResult scan = remember(mongoscan(args));
    EXPECT_EQ(scan.exit_code, 0) << scan.err;
    return tree.path(name);
  }

  // A copy of `bundle` at `name`, to tamper with.
  std::string copy_of(const std::string& bundle, const std::string& name) {
    fs::copy(bundle, tree.path(name), fs::copy_options::recursive);
    return tree.path(name);
  }

  ProcessResult verify(const std::string& bundle, const std::string& cert = "") {
    std::vector<std::string> args = {"verify", bundle};
    if (!cert.empty()) args.insert(args.end(), {"--cert", cert});
    return remember(mongoscan(args));
  }

  ProcessResult remember(ProcessResult result) {
    outputs.push_back(result.out + result.err);
    return result;
  }

  TempTree tree;
  std::vector<std::string> outputs;  // every command's stdout and stderr
};

TEST_F(EvidenceCommand, AFreshBundleVerifiesWithAndWithoutTheCertificate) {
  for (const std::string& key : {signing_keys().ed25519_key, signing_keys().p256_key}) {
    const std::string bundle =
        scan_bundle(key == signing_keys().ed25519_key ? "ed25519" : "p256", key);
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(bundle)) {
      names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"manifest.json", "manifest.json.sig", "report.html",
                                               "report.json", "report.sarif"}));
    const auto cert =
        key == signing_keys().ed25519_key ? signing_keys().ed25519_cert : signing_keys().p256_cert;
    const auto checked = verify(bundle, cert);
    EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
    EXPECT_TRUE(checked.out.starts_with("verified " + bundle +
                                        ": 3 files match manifest.json; signed by O=Example,CN="))
        << checked.out;
    EXPECT_EQ(line_count(checked.out), 1u);
    const auto unchecked = verify(bundle);
    EXPECT_EQ(unchecked.exit_code, 0) << unchecked.out << unchecked.err;
    EXPECT_NE(unchecked.out.find("manifest.json.sig NOT checked"), std::string::npos)
        << unchecked.out;
  }
  const auto unsigned_bundle = verify(scan_bundle("unsigned"));
  EXPECT_EQ(unsigned_bundle.exit_code, 0) << unsigned_bundle.err;
  EXPECT_NE(unsigned_bundle.out.find("; not signed"), std::string::npos) << unsigned_bundle.out;
}

TEST_F(EvidenceCommand, TheManifestSaysWhatWroteTheBundleAndFromWhichScan) {
  const std::string bundle = scan_bundle("evidence");
  const auto manifest = nlohmann::json::parse(read_file(bundle + "/manifest.json"));
  const auto report = nlohmann::json::parse(read_file(bundle + "/report.json"));
  EXPECT_EQ(manifest["tool"], (nlohmann::json{{"name", "mongoscan"}, {"version", "0.1.0"}}));
  EXPECT_EQ(manifest["catalogue_sha256"], catalogue_sha256());
  EXPECT_EQ(manifest["scan"]["started_at"], report["started_at"]);
  EXPECT_EQ(manifest["scan"]["finished_at"], report["finished_at"]);
  char host[HOST_NAME_MAX + 1] = {};
  ASSERT_EQ(::gethostname(host, sizeof host - 1), 0);
  EXPECT_EQ(manifest["scanning_host"], host);
  EXPECT_FALSE(manifest.contains("inventory_sha256")) << "no inventory was scanned";
  ASSERT_EQ(manifest["files"].size(), 3u);
  EXPECT_EQ(manifest["files"][2]["path"], "report.sarif");
  EXPECT_EQ(manifest["files"][2]["bytes"], fs::file_size(bundle + "/report.sarif"));
}

TEST_F(EvidenceCommand, TamperingFailsNamingTheFile) {
  const auto& keys = signing_keys();
  const std::string fresh = scan_bundle("fresh", keys.ed25519_key);
  struct Case {
    std::string name;
    std::function<void(const std::string&)> tamper;
    std::string cert;
    std::string expected;  // a line of verify's stdout
  };
  const std::vector<Case> cases = {
      {"flipped",
       [](const std::string& bundle) {
         std::string html = read_file(bundle + "/report.html");
         html[html.size() / 3] ^= 0x01;
         write_file(bundle + "/report.html", html);
       },
       "", "report.html: changed: its SHA-256 is not the manifest's"},
      // Issue 35 item 6: hashing stops once the file exceeds the size the manifest lists.
      {"grown",
       [](const std::string& bundle) {
         write_file(bundle + "/report.html",
                    read_file(bundle + "/report.html") + std::string(1 << 20, ' '));
       },
       "", "report.html: changed: "},
      {"removed", [](const std::string& bundle) { fs::remove(bundle + "/report.sarif"); }, "",
       "report.sarif: missing"},
      {"added", [](const std::string& bundle) { write_file(bundle + "/notes.txt", "added"); }, "",
       "notes.txt: added: not in the manifest"},
      // Issue 35 item 6: a name holding a line break is printed on one line, never as a forged
      // "verified" line of its own.
      {"forged-line",
       [](const std::string& bundle) {
         write_file(bundle + "/a\nverified all: 9 files match", "added");
       },
       "", "a verified all: 9 files match: added: not in the manifest"},
      {"edited",
       [](const std::string& bundle) {
         std::string manifest = read_file(bundle + "/manifest.json");
         manifest.replace(manifest.find("\"manifest_version\": 1"), 21, "\"manifest_version\":1");
         write_file(bundle + "/manifest.json", manifest);
       },
       keys.ed25519_cert, "manifest.json.sig: does not verify with O=Example,CN=mongoscan"},
      {"other-signer", [](const std::string&) {}, keys.other_ed25519_cert,
       "manifest.json.sig: does not verify with O=Example,CN=another signer"},
      {"unsigned", [](const std::string& bundle) { fs::remove(bundle + "/manifest.json.sig"); },
       keys.ed25519_cert, "manifest.json.sig: missing: the bundle is not signed"},
      {"dot-dot",
       [this](const std::string& bundle) {
         write_file(tree.path("outside.json"), read_file(bundle + "/report.json"));
         std::string manifest = read_file(bundle + "/manifest.json");
         manifest.replace(manifest.find("\"report.json\""), 13, "\"../outside.json\"");
         write_file(bundle + "/manifest.json", manifest);
       },
       "", "manifest.json: /files/1/path: '../outside.json' is not a plain file name"},
  };
  for (const Case& each : cases) {
    const std::string bundle = copy_of(fresh, each.name);
    each.tamper(bundle);
    const auto result = verify(bundle, each.cert);
    EXPECT_EQ(result.exit_code, 1) << each.name << ": " << result.out;
    EXPECT_NE(result.out.find(each.expected), std::string::npos) << each.name << ": " << result.out;
    EXPECT_EQ(line_count(result.out), 1u) << each.name << ": " << result.out;
    EXPECT_EQ(result.err, "mongoscan: error: " + bundle + " does not verify (1 problem)\n");
  }
  const auto fresh_again = verify(fresh, keys.ed25519_cert);
  EXPECT_EQ(fresh_again.exit_code, 0) << fresh_again.out;
}

TEST_F(EvidenceCommand, ConvertWritesABundleOfTheSavedReport) {
  const std::string scanned = scan_bundle("scanned");
  const auto converted =
      remember(mongoscan({"convert", scanned + "/report.json", "--format", "md", "--evidence-dir",
                          tree.path("converted"), "--sign-key", signing_keys().p256_pkcs8_key}));
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_NE(converted.err.find("wrote evidence bundle " + tree.path("converted")),
            std::string::npos);
  for (const char* name : {"report.json", "report.html", "report.sarif"}) {
    EXPECT_EQ(read_file(tree.path("converted/") + name), read_file(scanned + "/" + name)) << name;
  }
  const auto manifest = nlohmann::json::parse(read_file(tree.path("converted/manifest.json")));
  EXPECT_FALSE(manifest.contains("scanning_host")) << "convert does not know where it was scanned";
  EXPECT_EQ(verify(tree.path("converted")).exit_code, 0);
}

TEST_F(EvidenceCommand, BadOptionsAreRefusedBeforeTheScanInOneLine) {
  const auto& keys = signing_keys();
  tree.write("used/notes.txt", "keep");
  const std::string report = tree.path("report.json");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--evidence-dir", tree.path("used")},
       "--evidence-dir " + tree.path("used") + ": exists and is not empty"},
      {{"--sign-key", keys.ed25519_key},
       "--sign-key signs an evidence bundle: it needs "
       "--evidence-dir"},
      {{"--evidence-dir", tree.path("new"), "--sign-key", keys.rsa_key},
       "--sign-key " + keys.rsa_key + ": RSA keys are not accepted"},
      {{"--evidence-dir", tree.path("new"), "--sign-key", keys.encrypted_key},
       "--sign-key " + keys.encrypted_key + ": the key is encrypted"},
  };
  for (const auto& [options, expected] : cases) {
    std::vector<std::string> args = {"scan", "--uri-file", tree.path("uris.txt"), "-o", report};
    args.insert(args.end(), options.begin(), options.end());
    const auto result = remember(mongoscan(args));
    EXPECT_EQ(result.exit_code, 2) << expected;
    EXPECT_TRUE(result.err.starts_with("mongoscan: error: " + expected)) << result.err;
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_FALSE(fs::exists(report)) << "the scan ran: " << expected;
    EXPECT_FALSE(fs::exists(tree.path("new"))) << expected;
    EXPECT_EQ(result.err.find(testing_support::kEncryptedKeyPassphrase), std::string::npos);
  }
  EXPECT_EQ(read_file(tree.path("used/notes.txt")), "keep");
  for (const auto& [args, expected] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"verify", tree.path("absent")}, "verify " + tree.path("absent") + ": not a directory"},
           {{"verify", tree.root(), "--cert", keys.ed25519_key},
            "--cert " + keys.ed25519_key + ": no PEM certificate or public key"},
           {{"verify"}, "directory is required"}}) {
    const auto result = remember(mongoscan(args));
    EXPECT_EQ(result.exit_code, 2) << expected;
    EXPECT_NE(result.err.find(expected), std::string::npos) << result.err;
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
  }
}

// Issue 22's "done when": no planted secret, and no byte of the private key, in the bundle or
// in any output.
TEST_F(EvidenceCommand, NoSecretOrKeyReachesTheBundleOrAnyOutput) {
  const auto& keys = signing_keys();
  const std::string bundle = scan_bundle("evidence", keys.ed25519_key);
  const auto json_report = remember(mongoscan(
      {"scan", "--uri-file", tree.path("uris.txt"), "--format", "json", "--fail-on", "none"}));
  ASSERT_NE(json_report.out.find("db.example.com"), std::string::npos) << "the URI was scanned";
  verify(bundle, keys.ed25519_cert);
  verify(bundle);
  std::vector<std::string> contents = outputs;
  for (const auto& entry : fs::directory_iterator(bundle)) {
    contents.push_back(read_file(entry.path().string()));
  }
  ASSERT_EQ(contents.size(), outputs.size() + 5);
  const std::vector<std::string> key_lines = testing_support::pem_body_lines(keys.ed25519_key);
  ASSERT_FALSE(key_lines.empty());
  for (std::size_t i = 0; i < contents.size(); ++i) {
    // Name the output by index only: printing it would put the secret into the test log.
    EXPECT_EQ(contents[i].find(kPlantedPassword), std::string::npos) << "password in #" << i;
    for (const std::string& line : key_lines) {
      EXPECT_EQ(contents[i].find(line), std::string::npos) << "private key in #" << i;
    }
  }
}

}  // namespace
}  // namespace evidence_command_test
}  // namespace mongoscan
