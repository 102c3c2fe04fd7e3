// The config scan over real directories: what it skips (and says so), how it counts repeated
// connection strings, and the command line around it: --files-from, baselines, SARIF, a run as an
// unprivileged user that cannot read some files.

#include "scanner/config_scan/config_scan.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <stdexcept>
#include <tuple>

#include "tests/support/file_text.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/report_schema.h"

namespace mongoscan {
namespace config_scan_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class ConfigScanTree : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "mongoscan-config-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override { fs::remove_all(root_); }

  void write(const std::string& name, const std::string& content) {
    fs::create_directories((root_ / name).parent_path());
    std::ofstream(root_ / name, std::ios::binary) << content;
  }

  testing_support::ProcessResult mongoscan(std::vector<std::string> args,
                                           const std::string& input = "") {
    args.insert(args.begin(), {testing_support::mongoscan_binary(), "scan"});
    return testing_support::run_process(args, input);
  }

  fs::path root_;
};

TEST_F(ConfigScanTree, BinaryHugeAndLoopingEntriesAreSkippedWithReasonsAndTheRestIsScanned) {
  write("app/application.yml", "spring:\n  data:\n    mongodb:\n      password: Hq7!kLm2Zx\n");
  write("app/logo.png", std::string("\x89PNG\0\0\0password: Zz9!aaaaQQ", 25));
  {
    const int fd = ::open((root_ / "app/dump.json").c_str(), O_CREAT | O_WRONLY, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, 2LL * 1024 * 1024 * 1024), 0) << "a sparse 2 GB file";
    ::close(fd);
  }
  fs::create_directory_symlink("..", root_ / "app/loop");

  const ConfigFacts facts = scan_config_paths({root_.string()}, {});
  ASSERT_EQ(facts.credentials.size(), 1u);
  EXPECT_EQ(facts.credentials[0].location.line, 4);
  EXPECT_EQ(facts.files_scanned, 1u);
  std::map<std::string, std::string> skipped;
  for (const SkippedFile& file : facts.skipped)
    skipped[fs::path(file.path).filename()] = file.reason;
  EXPECT_EQ(skipped["logo.png"], "binary");
  EXPECT_EQ(skipped["dump.json"].rfind("larger than", 0), 0u) << skipped["dump.json"];
  EXPECT_EQ(skipped["loop"], "symlink loop");
}

// The walk hands over open files; under a low descriptor limit it must wait for the workers
// rather than fail to open ("Too many open files").
TEST_F(ConfigScanTree, ManyFilesUnderALowDescriptorLimitAreAllScanned) {
  constexpr int kFiles = 1500;
  // Big enough that reading one takes longer than listing it, so the walk runs ahead.
  std::string content;
  while (content.size() < 32 * 1024)
    content += "password_hash_algorithm=bcrypt # mongo_secret_rotation\n";
  for (int i = 0; i < kFiles; ++i)
    write("d" + std::to_string(i % 7) + "/f" + std::to_string(i) + ".env", content);
  struct rlimit saved {};
  ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &saved), 0);
  struct rlimit low = saved;
  low.rlim_cur = 64;
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &low), 0);
  ConfigScanSettings settings;
  settings.threads = 1;  // the slowest consumer
  const ConfigFacts facts = scan_config_paths({root_.string()}, settings);
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &saved), 0);
  EXPECT_EQ(facts.files_scanned, static_cast<std::size_t>(kFiles));
  EXPECT_TRUE(facts.skipped.empty())
      << facts.skipped.front().path << ": " << facts.skipped.front().reason;
}

// A bug met on one file's bytes costs that file: it is listed as skipped and the scan goes on.
TEST_F(ConfigScanTree, AFileWhoseScanFailsIsSkippedAsAnInternalErrorAndTheRestIsScanned) {
  write("a.yml", "password: Aa1!first9Q\n");
  write("trips.yml", "password: Bb2!second8W\n");
  write("z.yml", "password: Cc3!third7E\n");
  ConfigScanSettings settings;
  settings.scan_text = [](std::string_view path, std::string_view text,
                          const TextScanLimits& limits) {
    if (path.ends_with("trips.yml")) throw std::out_of_range("injected");
    return scan_config_text(path, text, limits);
  };
  const ConfigFacts facts = scan_config_paths({root_.string()}, settings);
  EXPECT_EQ(facts.files_scanned, 2u);
  ASSERT_EQ(facts.credentials.size(), 2u);
  EXPECT_EQ(fs::path(facts.credentials[0].location.path).filename(), "a.yml");
  EXPECT_EQ(fs::path(facts.credentials[1].location.path).filename(), "z.yml");
  ASSERT_EQ(facts.skipped.size(), 1u);
  EXPECT_EQ(fs::path(facts.skipped[0].path).filename(), "trips.yml");
  EXPECT_EQ(facts.skipped[0].reason, kInternalErrorReason);
}

// Issue 36: a mongoscan report written into the scanned tree is listed as skipped, not read: its
// CSS (--pass:) and redacted connection strings failed a second scan's gate.
TEST_F(ConfigScanTree, MongoscanReportsInTheTreeAreSkippedAndListed) {
  write("reports/scan.md", "## ❌ mongoscan: fail\n\n| x | --pass: 1 |\n");
  write("reports/scan.table.txt", "mongoscan 0.1.0 security report\npassword: Kq2-In-Table\n");
  write("app/config.yml", "password: Kq2-Real-App-Pw\n");
  const ConfigFacts facts = scan_config_paths({root_.string()}, ConfigScanSettings{});
  ASSERT_EQ(facts.credentials.size(), 1u);
  EXPECT_EQ(fs::path(facts.credentials[0].location.path).filename(), "config.yml");
  ASSERT_EQ(facts.skipped.size(), 2u);
  for (const SkippedFile& skipped : facts.skipped) EXPECT_EQ(skipped.reason, "a mongoscan report");
}

// Issue 36 items 2 and 4: the context of each file that yielded a fact, decided below the root
// (this test's temporary root holds no test folder of its own), and a password on example.com
// kept in a test file only.
TEST_F(ConfigScanTree, FilesThatYieldFactsGetTheirContextAndTestsKeepExampleHostPasswords) {
  const std::string uri = "uri: mongodb://ci:Kq2-Example-Host@db.example.com/app\n";
  write("test/app/config.yml", uri);
  write("docs/guide/config.yml", uri);
  write("src/config.yml", uri + "password: Kq2-Real-App-Pw\n");
  write("test/empty.yml", "nothing: here\n");
  const ConfigFacts facts = scan_config_paths({root_.string()}, ConfigScanSettings{});
  const std::string prefix = root_.string() + "/";
  EXPECT_EQ(facts.file_contexts, (std::map<std::string, FileContext>{
                                     {prefix + "docs/guide/config.yml", FileContext::example},
                                     {prefix + "test/app/config.yml", FileContext::test}}));
  std::set<std::string> uri_passwords;
  for (const CredentialHit& hit : facts.credentials) {
    if (hit.kind == CredentialHit::Kind::uri_password)
      uri_passwords.insert(hit.location.path.substr(prefix.size()));
  }
  EXPECT_EQ(uri_passwords, (std::set<std::string>{"test/app/config.yml"}));
  EXPECT_EQ(facts.suppressed_by_rule.at("documentation-example"), 2u);
  // Below the root: a root that is itself a test folder's child does not make its files tests.
  const ConfigFacts below = scan_config_paths({(root_ / "src").string()}, ConfigScanSettings{});
  EXPECT_TRUE(below.file_contexts.empty());
  const ConfigFacts inside_test =
      scan_config_paths({(root_ / "test").string()}, ConfigScanSettings{});
  EXPECT_TRUE(inside_test.file_contexts.empty()) << "the root's own name does not count";
}

// Infrastructure files give their exposure facts, in path order, beside the credentials; a reader
// that fails on one file costs that file's exposure facts only, and says so.
TEST_F(ConfigScanTree, InfrastructureFilesGiveExposureFacts) {
  write("z/main.tf",
        "resource \"mongodbatlas_project_ip_access_list\" \"a\" {\n  project_id = \"p\"\n"
        "  cidr_block = \"0.0.0.0/0\"\n}\n");
  write("a/docker-compose.yml", "services:\n  db:\n    ports:\n      - \"27017:27017\"\n");
  write("b/broken.tf", "resource \"x\" {\n");
  write("c/mongod.conf", "net:\n  bindIp: 0.0.0.0\n");
  write("d/notes.md", "ports: 27017\n");
  write("e/trips.tf", "variable \"x\" {}\n");
  ConfigScanSettings settings;
  settings.scan_infrastructure = [](std::string_view path, std::string_view text) {
    if (path.ends_with("trips.tf")) throw std::runtime_error("injected");
    return scan_infrastructure_file(path, text);
  };
  const ConfigFacts facts = scan_config_paths({root_.string()}, settings);
  EXPECT_EQ(facts.infrastructure_files, 3u)
      << "main.tf, docker-compose.yml, mongod.conf; broken.tf, of which nothing was read, is "
         "listed as unread and not counted as read";
  ASSERT_EQ(facts.network_rules.size(), 1u);
  EXPECT_EQ(fs::path(facts.network_rules[0].location.path).filename(), "main.tf");
  ASSERT_EQ(facts.network_endpoints.size(), 1u);
  ASSERT_EQ(facts.server_configs.size(), 1u);
  ASSERT_EQ(facts.infrastructure_unread.size(), 2u);
  EXPECT_EQ(fs::path(facts.infrastructure_unread[0].path).filename(), "broken.tf");
  EXPECT_EQ(fs::path(facts.infrastructure_unread[1].path).filename(), "trips.tf");
  EXPECT_EQ(facts.infrastructure_unread[1].reason, kInternalErrorReason);
  EXPECT_EQ(facts.files_scanned, 6u) << "the credential scan reads every file all the same";
}

TEST_F(ConfigScanTree, ACommandLineReadWithItsContainerIsNotReadAgain) {
  write("docker-compose.yml",
        "services:\n  db:\n    image: mongo:7.0\n    command: mongod --replSet rs0\n"
        "  tools:\n    image: alpine\n    command: mongod --replSet rs1\n");
  const ConfigFacts facts = scan_config_paths({root_.string()}, ConfigScanSettings{});
  // db: read with the official image's entrypoint (which adds --bind_ip_all), once; tools: read
  // where it is written.
  ASSERT_EQ(facts.server_configs.size(), 2u);
  std::vector<std::string> read;
  for (const ServerConfigFile& config : facts.server_configs) {
    std::string settings = std::to_string(config.line) + ":";
    for (const ServerConfigSetting& setting : config.settings) settings += " " + setting.key;
    read.push_back(settings);
  }
  std::sort(read.begin(), read.end());
  EXPECT_EQ(read, (std::vector<std::string>{"4: replication.replSetName net.bindIpAll",
                                            "7: replication.replSetName"}));
}

// `${PASS:` at a line's end followed by `}` on the next line once aborted the whole scan
// (std::out_of_range from the fingerprint), losing every result: in every syntax it is now scanned.
TEST_F(ConfigScanTree, AnUnfinishedTemplateDefaultDoesNotStopTheScan) {
  const std::string text =
      "password = ${PASS:\n}\npassword: ${PASS:\n}\n<password>${PASS:\n}</password>\n"
      "\"password\": \"${PASS:\n}\"\nPASSWORD=${PASS:\n}\n";
  const std::vector<std::string> extensions = {"yml",  "env", "ini", "js",   "py", "properties",
                                               "json", "xml", "tf",  "toml", "sh", "conf"};
  for (const std::string& extension : extensions) write("a." + extension, text);
  const auto run = mongoscan({"--config-path", root_.string(), "--format", "json"});
  ASSERT_TRUE(run.exit_code == 0 || run.exit_code == 1) << run.exit_code << " " << run.err;
  const json report = json::parse(run.out);
  EXPECT_EQ(report["config_scan"]["files_scanned"], extensions.size());
  EXPECT_TRUE(report["config_scan"]["skipped"].empty()) << report["config_scan"]["skipped"];
}

// The scan's own limit bounds its memory whatever the files hold: credentials past it, in any
// file, are counted as unlisted, and so are distinct connection strings past it.
TEST_F(ConfigScanTree, TheScanKeepsAtMostItsLimitOfCredentialsAndStrings) {
  for (int file = 0; file < 6; ++file) {
    std::string text;
    for (int i = 0; i < 4; ++i) {
      text += "password=Pw" + std::to_string(file) + std::to_string(i) + "!secretZ\n";
      text += "url = mongodb://db" + std::to_string(file * 10 + i) + ".acme.io/app\n";
    }
    write("f" + std::to_string(file) + ".env", text);
  }
  ConfigScanSettings settings;
  settings.per_file.credentials_per_kind = 3;
  settings.max_credentials = 10;
  settings.max_connection_strings = 5;
  const ConfigFacts facts = scan_config_paths({root_.string()}, settings);
  EXPECT_EQ(facts.credentials.size(), 10u);
  std::size_t unlisted = 0;
  for (const UnlistedCredentials& entry : facts.unlisted_credentials) {
    EXPECT_EQ(entry.kind, CredentialHit::Kind::credential_key);
    unlisted += entry.count;
  }
  EXPECT_EQ(facts.credentials.size() + unlisted, 24u) << "every credential kept or counted";
  EXPECT_EQ(facts.unlisted_credentials.size(), 6u) << "each file has one past its limit of 3";
  EXPECT_EQ(facts.connection_strings.size(), 5u);
  EXPECT_GE(facts.connection_strings_not_kept, 19u);
}

// A 5 MB file of `password=x` lines (480,000 hardcoded passwords) once took 1.4 GiB and half a
// minute: now 100 findings and one that counts the rest, in bounded memory.
TEST_F(ConfigScanTree, AFileOfHalfAMillionPasswordsGivesOneHundredFindingsAndACount) {
  std::string text;
  for (int i = 0; i < 480000; ++i) text += "password=x\n";
  write("app.env", text);
  const auto run = testing_support::run_process(
      {"/usr/bin/time", "-f", "maxrss-kib %M", testing_support::mongoscan_binary(), "scan",
       "--config-path", root_.string(), "--format", "json"},
      "", testing_support::kHangGuard);
  ASSERT_EQ(run.exit_code, 1) << run.err;
  const json report = json::parse(run.out);
  std::size_t listed = 0;
  json counted;
  for (const json& finding : report["findings"]) {
    if (finding["check_id"] != "APP-002" || finding["status"] != "fail") continue;
    if (finding["evidence"].contains("unlisted_count")) {
      counted = finding;
    } else {
      ++listed;
    }
  }
  EXPECT_EQ(listed, 100u);
  ASSERT_FALSE(counted.is_null());
  EXPECT_EQ(counted["evidence"]["unlisted_count"], 479900);
  EXPECT_NE(counted["message"].get<std::string>().find("479900 more"), std::string::npos);
  const auto rss = run.err.find("maxrss-kib ");
  ASSERT_NE(rss, std::string::npos) << run.err;
  if (testing_support::runs_the_release_build()) {
    EXPECT_LT(std::stol(run.err.substr(rss + 11)), 96 * 1024)
        << "peak RSS in KiB (43 MiB on 2026-11-30)";
  }
}

TEST_F(ConfigScanTree, RepeatedConnectionStringsAreOneFactWithTheirCountAndFirstPlaces) {
  write("b.js", "const a = \"mongodb://db1.acme.io:27017/app\";\n");
  write("a.js",
        "x\nconst b = \"mongodb://db1.acme.io:27017/app\", c = \"mongodb://db2.acme.io/\";\n");
  write("c/d.js", std::string(30, '\n') + "\"mongodb://db1.acme.io:27017/app\"\n");
  const ConfigFacts facts = scan_config_paths({root_.string()}, {});
  ASSERT_EQ(facts.connection_strings.size(), 2u);
  const FoundConnectionString& repeated = facts.connection_strings[0];
  EXPECT_EQ(repeated.text.reveal(), "mongodb://db1.acme.io:27017/app");
  EXPECT_EQ(repeated.occurrences, 3u);
  ASSERT_EQ(repeated.places.size(), 3u);
  EXPECT_EQ(fs::path(repeated.places[0].path).filename(), "a.js");
  EXPECT_EQ(repeated.places[0].line, 2);
  EXPECT_EQ(fs::path(repeated.places[1].path).filename(), "b.js");
  EXPECT_EQ(repeated.places[2].line, 31);
  EXPECT_EQ(facts.connection_strings[1].occurrences, 1u);
}

TEST_F(ConfigScanTree, FilesFromStdinScansOnlyTheListedFiles) {
  write("staged.env", "MONGO_PASSWORD=Qp4!vXz8Lm\n");
  write("other.env", "MONGO_PASSWORD=Rk2!sTw9Nb\n");
  const auto run = mongoscan({"--files-from", "-", "--format", "json"},
                             (root_ / "staged.env").string() + "\n\n");
  ASSERT_EQ(run.exit_code, 1) << run.err;
  const json report = json::parse(run.out);
  EXPECT_EQ(report["config_scan"]["files_scanned"], 1);
  std::vector<std::string> files;
  for (const json& finding : report["findings"]) {
    if (finding["check_id"] == "APP-002" && finding["status"] == "fail") {
      files.push_back(finding["subject"]["file"]);
    }
  }
  EXPECT_EQ(files, std::vector<std::string>{(root_ / "staged.env").string()});
}

TEST_F(ConfigScanTree, BaselineLetsTheGateFailOnlyOnNewFindings) {
  write("app.yml", "password: Bl7!qWe3Rt\n");
  const std::string baseline = (root_ / "baseline.json").string();
  const auto written = mongoscan({"--config-path", (root_ / "app.yml").string(), "--write-baseline",
                                  baseline, "--format", "json"});
  EXPECT_EQ(written.exit_code, 0) << "written findings are baselined: " << written.err;
  std::ifstream baseline_file(baseline);
  const std::string baseline_text(std::istreambuf_iterator<char>(baseline_file), {});
  EXPECT_EQ(baseline_text.find("Bl7"), std::string::npos);

  write("app.yml", "# a comment moves the line\npassword: Bl7!qWe3Rt\n");
  const auto moved = mongoscan(
      {"--config-path", (root_ / "app.yml").string(), "--baseline", baseline, "--format", "json"});
  EXPECT_EQ(moved.exit_code, 0) << moved.err;

  write("app.yml", "password: Bl7!qWe3Rt\ndb_pass: Nw5!zXc8Vb\n");
  const auto added = mongoscan(
      {"--config-path", (root_ / "app.yml").string(), "--baseline", baseline, "--format", "json"});
  EXPECT_EQ(added.exit_code, 1) << "the new password fails the gate";
  std::vector<std::string> suppressions;
  const json report = json::parse(added.out);
  for (const json& finding : report["findings"]) {
    if (finding["check_id"] == "APP-002") suppressions.push_back(finding.value("suppression", ""));
  }
  EXPECT_EQ(suppressions, (std::vector<std::string>{"baseline", ""}));
}

// Issue 40 item 4: writing a baseline says how many entries it accepted before the gate's 0; the
// baseline lists check, subject and first-seen date (baseline show); a renamed file keeps its
// entries, and says so; a rewrite records the new path and keeps the date.
TEST_F(ConfigScanTree, ABaselineIsReviewableAndFollowsARenamedFile) {
  write("app.yml", "password: Bl7!qWe3Rt\n");
  const std::string baseline = (root_ / "baseline.json").string();
  const auto written = mongoscan({"--config-path", (root_ / "app.yml").string(), "--write-baseline",
                                  baseline, "--format", "json"});
  EXPECT_EQ(written.exit_code, 0) << written.err;
  EXPECT_NE(written.err.find("mongoscan: wrote 1 entry to " + baseline), std::string::npos)
      << written.err;
  const auto shown = testing_support::run_process(
      {testing_support::mongoscan_binary(), "baseline", "show", baseline});
  EXPECT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_NE(shown.out.find("Baseline " + baseline + ": version 2, 1 entry"), std::string::npos)
      << shown.out;
  const std::regex row("\nAPP-002 +" + (root_ / "app.yml").string() +
                       ":1 +\\d{4}-\\d{2}-\\d{2} +[0-9a-f]{32}\n");
  EXPECT_TRUE(std::regex_search(shown.out, row)) << shown.out;
  EXPECT_EQ(shown.out.find("Bl7"), std::string::npos);

  fs::create_directories(root_ / "config");
  fs::rename(root_ / "app.yml", root_ / "config/app.yml");
  const auto renamed = mongoscan(
      {"--config-path", (root_ / "config").string(), "--baseline", baseline, "--format", "json"});
  EXPECT_EQ(renamed.exit_code, 0) << "the renamed file's password is known: " << renamed.err;
  EXPECT_NE(renamed.err.find("1 finding held by the baseline under another path"),
            std::string::npos)
      << renamed.err;
  const json first = json::parse(testing_support::read_file(baseline))["entries"][0];
  const auto rewritten = mongoscan({"--config-path", (root_ / "config").string(), "--baseline",
                                    baseline, "--write-baseline", baseline, "--format", "json"});
  EXPECT_EQ(rewritten.exit_code, 0) << rewritten.err;
  const json entry = json::parse(testing_support::read_file(baseline))["entries"][0];
  EXPECT_EQ(entry["subject"], (root_ / "config/app.yml").string() + ":1");
  EXPECT_EQ(entry["first_seen"], first["first_seen"]);
  EXPECT_EQ(entry["content_fingerprint"], first["content_fingerprint"]);
  EXPECT_NE(entry["fingerprint"], first["fingerprint"]);

  write("baseline-v1.json", "{\"mongoscan_baseline\": 1, \"fingerprints\": [\"ab\"]}");
  const auto old = testing_support::run_process({testing_support::mongoscan_binary(), "baseline",
                                                 "show", (root_ / "baseline-v1.json").string()});
  EXPECT_EQ(old.exit_code, 0) << old.err;
  EXPECT_NE(old.out.find("version 1, 1 entry"), std::string::npos) << old.out;
  EXPECT_NE(old.out.find("--write-baseline"), std::string::npos) << old.out;
  const auto missing = testing_support::run_process(
      {testing_support::mongoscan_binary(), "baseline", "show", (root_ / "none.json").string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("baseline show " + (root_ / "none.json").string() + ": "),
            std::string::npos)
      << missing.err;
}

TEST_F(ConfigScanTree, BadBaselineIsAUsageError) {
  write("baseline.json", "{\"fingerprints\": []}");
  const auto run = mongoscan(
      {"--config-path", root_.string(), "--baseline", (root_ / "baseline.json").string()});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("baseline.json: \"mongoscan_baseline\" must be 1 or 2"), std::string::npos)
      << run.err;
}

TEST_F(ConfigScanTree, SarifOfARealScanValidatesAndPointsAtTheLine) {
  write("src/Db.java",
        "class Db {\n  String uri = \"mongodb://app:Sa7!rIf9Qw@db1.acme.io:27017/app\";\n}\n");
  const auto run = mongoscan({"--config-path", root_.string(), "--format", "sarif"});
  ASSERT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(testing_support::matches_schema(
      run.out, "tests/reports/schema/sarif-schema-2.1.0.json", {"uri", "uri-reference"}));
  EXPECT_EQ(run.out.find("Sa7!rIf9Qw"), std::string::npos);
  const json log = json::parse(run.out);
  bool located = false;
  for (const json& result : log["runs"][0]["results"]) {
    if (result["ruleId"] != "APP-001") continue;
    const json& region = result["locations"][0]["physicalLocation"]["region"];
    located = region["startLine"] == 2 && region["startColumn"] == 31;
  }
  EXPECT_TRUE(located) << run.out;
}

// Minified code as bundlers print it, one line of about `bytes` bytes, with words a credential
// scanner keys on (password fields, a password-less URI) but no credential.
std::string minified_code(std::size_t bytes) {
  const std::string snippet =
      "function q(e,t){return e.filter(function(n){return n.id===t})}var f={type:\"password\","
      "autoComplete:\"current-password\",name:\"password\"};var m=\"mongodb://localhost:27017/"
      "app\";e.setPassword=function(p){this.pw=p};";
  std::string code;
  code.reserve(bytes + snippet.size());
  while (code.size() < bytes) code += snippet;
  return code;
}

// The issue's "shipped bundles are scanned": a multi-megabyte one-line bundle in dist/ (with its
// source map) and one in public/ are read, their passwords found at line and column (in code
// points) and reported as shipped, never shown; other build output and node_modules are not read.
TEST_F(ConfigScanTree, PasswordsInShippedBundlesAreFoundAtTheirColumnAndNeverShown) {
  const std::string dist_password = "Dq4zBundlePw71Xk";
  const std::string public_password = "Pv8mStaticPw25Lr";
  const std::string unread_passwords[] = {"Hx3nIndexPw90Qa", "Nm6tModulePw38Ws"};
  const std::string dist_line =
      "!function(){" + minified_code(1536 * 1024) + "var u=\"mongodb://app_user:" + dist_password +
      "@db.prod.acme.io:27017/orders\";" + minified_code(1536 * 1024) + "}();";
  write("web/dist/assets/index-4f2a.js", dist_line + "\n//# sourceMappingURL=index-4f2a.js.map\n");
  const std::string map_before =
      R"({"version":3,"sources":["../../src/db.js"],"sourcesContent":["// the orders database\nconst uri = \"mongodb://app_user:)";
  write("web/dist/assets/index-4f2a.js.map",
        map_before + dist_password + R"(@db.prod.acme.io:27017/orders\";\n"],"mappings":"AAAA"})");
  write("web/dist/index.html", "<script>var u=\"mongodb://web:" + unread_passwords[0] +
                                   "@db.prod.acme.io/orders\"</script>\n");
  write("web/node_modules/orders-sdk/dist/bundle.js",
        "var u=\"mongodb://sdk:" + unread_passwords[1] + "@db.prod.acme.io/orders\";\n");
  const std::string public_before = "var s=\"r\xc3\xa9sum\xc3\xa9\";" +
                                    minified_code(2 * 1024 * 1024) +
                                    "var u='mongodb+srv://static_user:";
  write("web/public/static/js/main.min.js", "/*! bundle */\n" + public_before + public_password +
                                                "@cluster0.acme.mongodb.net/app';" +
                                                minified_code(1024 * 1024) + "\n");

  const auto run = mongoscan({"--config-path", root_.string(), "--format", "json"});
  ASSERT_EQ(run.exit_code, 1) << run.err;
  const json report = json::parse(run.out);
  EXPECT_EQ(report["config_scan"]["files_scanned"], 3);
  std::set<std::tuple<std::string, int, int>> places;
  for (const json& finding : report["findings"]) {
    if (finding["status"] != "fail" || !finding["check_id"].get<std::string>().starts_with("APP"))
      continue;
    EXPECT_EQ(finding["check_id"], "APP-001");
    EXPECT_EQ(finding["severity"], "critical");
    EXPECT_EQ(finding["evidence"]["shipped_bundle"], true);
    const json& subject = finding["subject"];
    places.insert({fs::relative(subject["file"].get<std::string>(), root_).string(),
                   subject["line"], subject["column"]});
  }
  const int dist_column = static_cast<int>(dist_line.find(dist_password)) + 1;
  const int map_column = static_cast<int>(map_before.size()) + 1;
  const int public_column = static_cast<int>(public_before.size()) + 1 - 2;  // two é of 2 bytes
  EXPECT_EQ(places, (std::set<std::tuple<std::string, int, int>>{
                        {"web/dist/assets/index-4f2a.js", 1, dist_column},
                        {"web/dist/assets/index-4f2a.js.map", 1, map_column},
                        {"web/public/static/js/main.min.js", 2, public_column}}));

  const auto table = mongoscan({"--config-path", root_.string(), "--format", "table"});
  ASSERT_EQ(table.exit_code, 1) << table.err;
  for (const std::string& password :
       {dist_password, public_password, unread_passwords[0], unread_passwords[1]}) {
    for (const std::string& output : {run.out, run.err, table.out, table.err}) {
      EXPECT_EQ(output.find(password), std::string::npos) << password;
      EXPECT_EQ(output.find(password.substr(2)), std::string::npos) << password;
    }
  }
}

// --skip-dir adds to the default skips, and a directory it names is not entered even for bundles.
TEST_F(ConfigScanTree, SkipDirAddsToTheDefaultsAndKeepsBundlesOut) {
  write("node_modules/pkg/.env", "MONGO_PASSWORD=Qp4!vXz8Lm\n");
  write("fixtures/b.env", "MONGO_PASSWORD=Rk2!sTw9Nb\n");
  write("dist/app.js", "var u='mongodb://app:Ds9!kQw3Zt@db.acme.io/app';\n");
  write("src/c.env", "MONGO_PASSWORD=Sc5!pLm2Xv\n");
  const auto files_scanned = [&](std::vector<std::string> args) {
    args.insert(args.end(), {"--config-path", root_.string(), "--format", "json"});
    const auto run = mongoscan(args);
    EXPECT_EQ(run.exit_code, 1) << run.err;
    return json::parse(run.out)["config_scan"]["files_scanned"].get<int>();
  };
  EXPECT_EQ(files_scanned({}), 3);  // fixtures, dist's bundle, src
  EXPECT_EQ(files_scanned({"--skip-dir", "fixtures"}), 2);
  EXPECT_EQ(files_scanned({"--skip-dir", "fixtures", "--skip-dir", "dist"}), 1);
  EXPECT_EQ(files_scanned({"--no-default-skips", "--skip-dir", "fixtures"}), 3);
}

// The issue's "done when": unreadable, binary, looping and 2 GB entries in one tree, scanned
// through the command line by a user that cannot read everything, without error.
TEST_F(ConfigScanTree, EveryKindOfUnscannableFileIsListedAndTheScanStillSucceeds) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to run the scan as another user";
  write("readable.yml", "password: Ur3!dAbl9Q\n");
  write("secret.yml", "password: Un5!rEad7W\n");
  write("logo.png", std::string("\x89PNG\0\0\0password: Zz9!aaaaQQ", 25));
  {
    const int fd = ::open((root_ / "dump.json").c_str(), O_CREAT | O_WRONLY, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, 2LL * 1024 * 1024 * 1024), 0);
    ::close(fd);
  }
  fs::create_directory_symlink(".", root_ / "loop");
  fs::permissions(root_ / "secret.yml", fs::perms::owner_read | fs::perms::owner_write);
  fs::permissions(root_, fs::perms::all);
  const auto run =
      testing_support::run_process({"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                                    testing_support::mongoscan_binary(), "scan", "--config-path",
                                    root_.string(), "--format", "json"});
  ASSERT_EQ(run.exit_code, 1) << run.err;
  EXPECT_EQ(run.err.find("Un5!"), std::string::npos);
  const json report = json::parse(run.out);
  EXPECT_EQ(report["config_scan"]["files_scanned"], 1);
  std::map<std::string, std::string> skipped;
  for (const json& file : report["config_scan"]["skipped"]) {
    skipped[fs::path(file["path"].get<std::string>()).filename()] = file["reason"];
  }
  EXPECT_EQ(skipped["secret.yml"], "unreadable: Permission denied");
  EXPECT_EQ(skipped["logo.png"], "binary");
  EXPECT_EQ(skipped["dump.json"].rfind("larger than", 0), 0u) << skipped["dump.json"];
  EXPECT_EQ(skipped["loop"], "symlink loop");
}

}  // namespace
}  // namespace config_scan_test
}  // namespace mongoscan
