// The config scan over real directories: what it skips (and says so), how it counts repeated
// connection strings, and the command line around it: --files-from, baselines, SARIF, a run as an
// unprivileged user that cannot read some files.

#include "scanner/config_scan.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/report_schema.h"

namespace mongoscan {
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

TEST_F(ConfigScanTree, BadBaselineIsAUsageError) {
  write("baseline.json", "{\"fingerprints\": []}");
  const auto run = mongoscan(
      {"--config-path", root_.string(), "--baseline", (root_ / "baseline.json").string()});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("baseline.json: \"mongoscan_baseline\" must be 1"), std::string::npos)
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

// The "done when": unreadable, binary, looping and 2 GB entries in one tree, scanned
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
}  // namespace mongoscan
