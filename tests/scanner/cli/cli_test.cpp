// The mongoscan executable end to end: commands, exit codes, one-line errors, report files, and
// that no secret from any input reaches any output.

#include "scanner/cli/cli.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "checks/control_reference.h"
#include "scanner/uri/uri.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"
#include "tests/support/report_schema.h"

namespace mongoscan {
namespace cli_test {
namespace {

using testing_support::ProcessResult;
using testing_support::run_process;
namespace fs = std::filesystem;

const std::string kSampleUris =
    std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/uris/sample-app-uris.txt";

// Scans here analyse connection strings only (--no-probe): the fixture hosts are not on this
// machine, and tests send no traffic beyond loopback. Probing is tested against the lab.
ProcessResult mongoscan(std::vector<std::string> args) {
  if (!args.empty() && args[0] == "scan") args.push_back("--no-probe");
  args.insert(args.begin(), testing_support::mongoscan_binary());
  return run_process(args, "", testing_support::kHangGuard, {"NO_COLOR"});
}

std::size_t line_count(const std::string& text) {
  return std::count(text.begin(), text.end(), '\n');
}

class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "mongoscan-cli-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() { fs::remove_all(path_); }
  fs::path operator/(const std::string& name) const { return path_ / name; }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string read_file(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(Cli, VersionAndHelp) {
  auto version = mongoscan({"version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out, "mongoscan 0.1.0\n");
  auto help = mongoscan({"scan", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* option : {"--policy", "--format", "--output", "--fail-on", "--uri-file",
                             "--sarif-deployment", "--sarif-help-base"}) {
    EXPECT_NE(help.out.find(option), std::string::npos) << option;
  }
}

// Issue 40 item 3: a refused value names where it came from: the flag, the MONGOSCAN_* variable,
// or the config file and its line; a policy name that is neither a file nor a preset lists them.
TEST(Cli, ARefusedValueNamesTheFlagTheVariableOrTheFileAndLine) {
  TempDir dir;
  const std::string config = (dir / "defaults.yaml").string();
  std::ofstream(config) << "# defaults\nfail-on: hihg\n";
  const std::string reason = "'hihg' is not one of info, low, medium, high, critical, none";
  const std::vector<std::string> base = {testing_support::mongoscan_binary(), "scan", "--no-probe",
                                         "mongodb://h"};
  const auto run = [&](std::vector<std::string> extra, std::vector<std::string> env) {
    std::vector<std::string> command = base;
    command.insert(command.end(), extra.begin(), extra.end());
    return run_process(command, "", testing_support::kHangGuard, env);
  };
  const auto flag = run({"--fail-on", "hihg"}, {});
  EXPECT_NE(flag.err.find("error: --fail-on: " + reason), std::string::npos) << flag.err;
  const auto variable = run({}, {"MONGOSCAN_FAIL_ON=hihg"});
  EXPECT_NE(variable.err.find("error: MONGOSCAN_FAIL_ON: " + reason), std::string::npos)
      << variable.err;
  const auto file = run({"--config", config}, {});
  EXPECT_NE(file.err.find("error: " + config + " line 2: fail-on: " + reason), std::string::npos)
      << file.err;
  std::ofstream(config) << "fail-on: [high\n";
  const auto broken = run({"--config", config}, {});
  EXPECT_NE(broken.err.find("error: " + config + " line "), std::string::npos) << broken.err;
  for (const auto& result : {flag, variable, file, broken}) {
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
  }
  const auto preset = mongoscan({"scan", "--policy", "stg", "mongodb://h"});
  EXPECT_EQ(preset.exit_code, 2);
  EXPECT_NE(preset.err.find("--policy stg: no such file, nor a preset (presets: dev-spec, stig; "
                            "did you mean stig?)"),
            std::string::npos)
      << preset.err;
}

// Issue 40 item 3: -V and --version, `help` and `help COMMAND` as `--help` and `COMMAND --help`.
TEST(Cli, VersionFlagsAndTheHelpCommand) {
  for (const char* flag : {"-V", "--version"}) {
    const auto version = mongoscan({flag});
    EXPECT_EQ(version.exit_code, 0) << flag << ": " << version.err;
    EXPECT_EQ(version.out, "mongoscan 0.1.0\n") << flag;
  }
  EXPECT_EQ(mongoscan({"help"}).out, mongoscan({"--help"}).out);
  const auto scan_help = mongoscan({"help", "scan"});
  EXPECT_EQ(scan_help.exit_code, 0);
  EXPECT_EQ(scan_help.out, mongoscan({"scan", "--help"}).out);
  const auto unknown = mongoscan({"help", "scna"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(line_count(unknown.err), 1u);
  EXPECT_NE(unknown.err.find("help: unknown command scna (did you mean scan?)"), std::string::npos)
      << unknown.err;
}

// Issue 40 item 3: options that contradict each other are errors, in one line naming both.
TEST(Cli, ContradictoryOptionsAreUsageErrors) {
  TempDir dir;
  std::ofstream(dir / "password") << "secret\n";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"scan", "-q", "-v", "mongodb://h"}, "--quiet excludes --verbose"},
      {{"scan", "--username", "scanner", "mongodb://h"}, "--no-probe excludes --username"},
      {{"scan", "--password-file", (dir / "password").string(), "mongodb://h"},
       "--no-probe excludes --password-file"},
      {{"scan", "--view", "grid", "--format", "json", "mongodb://h"},
       "scan: --view grid applies to the table and HTML reports, and none is written (--format "
       "json)"},
  };
  for (const auto& [args, expected] : cases) {
    const auto result = mongoscan(args);  // scan adds --no-probe
    EXPECT_EQ(result.exit_code, 2) << expected << ": " << result.err;
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_NE(result.err.find(expected), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("secret"), std::string::npos);
  }
  // --view with an HTML report among the outputs is no contradiction.
  const auto with_html = mongoscan({"scan", "mongodb://h", "--view", "grid", "--format", "json",
                                    "--report", "html:" + (dir / "r.html").string()});
  EXPECT_NE(with_html.exit_code, 2) << with_html.err;
}

TEST(Cli, ParseUriPrintsTypedJsonWithThePasswordHidden) {
  const std::string uri = "mongodb://app:Hidden%2Fpw@h1,[::1]:27018/db?maxPoolSize=50&tls=true";
  auto hidden = mongoscan({"parse-uri", uri});
  ASSERT_EQ(hidden.exit_code, 0) << hidden.err;
  auto json = nlohmann::json::parse(hidden.out);
  EXPECT_EQ(json["valid"], true);
  EXPECT_EQ(json["auth"]["username"], "app");
  EXPECT_EQ(json["auth"]["password"], "***");
  EXPECT_EQ(json["auth"]["db"], "db");
  EXPECT_EQ(json["options"]["maxpoolsize"], 50);
  EXPECT_EQ(json["options"]["tls"], true);
  EXPECT_EQ(json["hosts"][1],
            (nlohmann::json{{"type", "ip_literal"}, {"host", "::1"}, {"port", 27018}}));
  EXPECT_EQ(hidden.out.find("Hidden"), std::string::npos);

  auto revealed = mongoscan({"parse-uri", "--reveal", uri});
  EXPECT_EQ(nlohmann::json::parse(revealed.out)["auth"]["password"], "Hidden/pw");
}

TEST(Cli, InvalidUriIsAOneLineErrorWithExitCode2) {
  auto result = mongoscan({"parse-uri", "mongodb://app:Secr3tPw@db.example.com:70000/"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(line_count(result.err), 1u);
  EXPECT_NE(result.err.find("invalid port"), std::string::npos);
  EXPECT_NE(result.err.find("mongodb://app:***@db.example.com:70000/"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(result.out)["valid"], false);

  auto scan = mongoscan({"scan", "mongodb://h1/?w=0&journal=true"});
  EXPECT_EQ(scan.exit_code, 2);
  EXPECT_EQ(line_count(scan.err), 1u);
  EXPECT_NE(scan.err.find("argument 1"), std::string::npos);
}

TEST(Cli, UsageErrorsExit2WithOneLine) {
  const std::vector<std::vector<std::string>> cases = {
      {},
      {"frobnicate"},
      {"scan"},
      {"scan", "--format", "xml", "mongodb://h"},
      {"scan", "--fail-on", "severe", "mongodb://h"},
      {"scan", "--view", "list", "mongodb://h"},
      {"scan", "--policy", "/nonexistent/policy.json", "mongodb://h"},
      {"scan", "--uri-file", "/nonexistent/uris.txt"},
      {"scan", "--max-nodes", "0", "mongodb://h"},
  };
  for (const auto& args : cases) {
    auto result = mongoscan(args);
    EXPECT_EQ(result.exit_code, 2) << ::testing::PrintToString(args);
    EXPECT_EQ(line_count(result.err), 1u) << ::testing::PrintToString(args) << result.err;
    EXPECT_TRUE(result.err.starts_with("mongoscan: error: ")) << result.err;
  }
}

// Issue 40 item 3: sizes and durations with units, names in any case, from the command line and
// the environment; a refusal is one readable line.
TEST(Cli, SizesDurationsAndNamesAreReadAsPeopleTypeThem) {
  const auto typed =
      mongoscan({"scan", "--format", "SARIF", "--fail-on", "HIGH", "--max-file-size", "10MB",
                 "--connect-timeout", "2s", "--scan-timeout", "5m", "--uri-file", kSampleUris});
  EXPECT_EQ(typed.exit_code, 1) << typed.err;
  EXPECT_TRUE(nlohmann::json::parse(typed.out).contains("runs")) << typed.out.substr(0, 80);
  const std::vector<std::string> args = {testing_support::mongoscan_binary(), "scan", "--no-probe",
                                         "--uri-file", kSampleUris};
  EXPECT_EQ(
      run_process(args, "", testing_support::kHangGuard, {"MONGOSCAN_FAIL_ON=NONE"}).exit_code, 0);
  for (const auto& [flag, value, reason] :
       {std::tuple{"--max-file-size", "10XB", "'10XB' is not a size"},
        std::tuple{"--connect-timeout", "soon", "'soon' is not a duration"},
        std::tuple{"--fail-on", "hihg",
                   "'hihg' is not one of info, low, medium, high, critical, "
                   "none (did you mean high?)"}}) {
    const auto refused = mongoscan({"scan", flag, value, "mongodb://h"});
    EXPECT_EQ(refused.exit_code, 2) << flag;
    EXPECT_EQ(line_count(refused.err), 1u) << refused.err;
    EXPECT_NE(refused.err.find(std::string(flag) + ": " + reason), std::string::npos)
        << refused.err;
    EXPECT_LT(refused.err.size(), 200u) << refused.err;
  }
}

TEST(Cli, MistypedCommandsOptionsAndWorkloadsGetASuggestion) {
  const auto command = mongoscan({"scna", "mongodb://h"});
  EXPECT_EQ(command.exit_code, 2);
  EXPECT_NE(command.err.find("error: unknown command scna (did you mean scan?)"), std::string::npos)
      << command.err;
  const auto option = mongoscan({"scan", "--fromat", "json", "mongodb://h"});
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_NE(option.err.find("error: unknown option --fromat (did you mean --format?)"),
            std::string::npos)
      << option.err;
  EXPECT_EQ(line_count(option.err), 1u);
  // A mistyped workload was taken as is and silently skipped CONN-005; now it is a usage error.
  const auto workload = mongoscan({"scan", "--workload", "analyticz", "mongodb://h"});
  EXPECT_EQ(workload.exit_code, 2);
  EXPECT_NE(workload.err.find("--workload 'analyticz' is no workload of the policy"),
            std::string::npos)
      << workload.err;
  EXPECT_NE(workload.err.find("did you mean analytics?"), std::string::npos) << workload.err;
  EXPECT_NE(mongoscan({"scan", "--workload", "analytics", "mongodb://h"}).exit_code, 2);
}

// scan --help: every option in a group, without the parser's notation.
TEST(Cli, ScanHelpIsGroupedWithoutParserNoise) {
  const auto help = mongoscan({"scan", "--help"});
  ASSERT_EQ(help.exit_code, 0);
  for (const char* group :
       {"Targets:", "Credentials:", "TLS:", "Probing and timeouts:", "Cloud control planes:",
        "Data model:", "Config scan:", "Reports:", "Evidence:", "Gate:"}) {
    EXPECT_NE(help.out.find(std::string("\n") + group + "\n"), std::string::npos) << group;
  }
  for (const char* noise :
       {"{false}", "9223372036854775807", "POSITIVE", "in [", ":FILE", "PATH(existing)"}) {
    EXPECT_EQ(help.out.find(noise), std::string::npos) << noise;
  }
  EXPECT_NE(help.out.find("--format {table,json,html,sarif,junit,md,csv,prometheus,ocsf} "
                          "(default table)"),
            std::string::npos);
  // The ungrouped "Options:" section holds --help alone.
  const std::size_t options = help.out.find("\nOptions:\n");
  ASSERT_NE(options, std::string::npos);
  const std::string section =
      help.out.substr(options + 10, help.out.find("\n\n", options + 10) - options - 10);
  EXPECT_EQ(section.find("--", section.find("--help") + 6), std::string::npos) << section;
}

TEST(Cli, OptionsMayComeFromTheEnvironmentAndTheCommandLineWins) {
  const std::vector<std::string> args = {testing_support::mongoscan_binary(), "scan", "--no-probe",
                                         "--uri-file", kSampleUris};
  EXPECT_EQ(run_process(args, "", testing_support::kHangGuard, {"NO_COLOR"}).exit_code, 1);
  const auto from_environment = run_process(args, "", testing_support::kHangGuard,
                                            {"MONGOSCAN_FAIL_ON=none", "MONGOSCAN_FORMAT=json"});
  EXPECT_EQ(from_environment.exit_code, 0);
  EXPECT_TRUE(from_environment.out.starts_with("{")) << from_environment.out.substr(0, 80);
  std::vector<std::string> with_flag = args;
  with_flag.insert(with_flag.end(), {"--fail-on", "high"});
  EXPECT_EQ(
      run_process(with_flag, "", testing_support::kHangGuard, {"MONGOSCAN_FAIL_ON=none"}).exit_code,
      1);
  EXPECT_EQ(run_process(args, "", testing_support::kHangGuard, {"MONGOSCAN_FAIL_ON=severe"}).exit_code,
            2);
}

// Issue 40 item 3: the command line wins, then MONGOSCAN_<OPTION>, then the config file; the
// manual page says so, for every variable.
TEST(Cli, TheCommandLineWinsThenTheEnvironmentThenTheConfigFileAsTheManualSays) {
  TempDir dir;
  const std::string config = (dir / "mongoscan.yaml").string();
  std::ofstream(config) << "fail-on: none\n";
  const std::vector<std::string> args = {testing_support::mongoscan_binary(),
                                         "scan",
                                         "--no-probe",
                                         "--config",
                                         config,
                                         "--uri-file",
                                         kSampleUris};
  const auto exit_code = [&](std::vector<std::string> extra, std::vector<std::string> env) {
    std::vector<std::string> command = args;
    command.insert(command.end(), extra.begin(), extra.end());
    env.push_back("NO_COLOR");
    return run_process(command, "", testing_support::kHangGuard, env).exit_code;
  };
  EXPECT_EQ(exit_code({}, {}), 0) << "the file alone";
  EXPECT_EQ(exit_code({}, {"MONGOSCAN_FAIL_ON=high"}), 1) << "the environment over the file";
  EXPECT_EQ(exit_code({"--fail-on", "none"}, {"MONGOSCAN_FAIL_ON=high"}), 0)
      << "the command line over the environment";
  const auto manual = mongoscan({"manpage"});
  ASSERT_EQ(manual.exit_code, 0);
  EXPECT_NE(manual.out.find(".B MONGOSCAN_FAIL_ON\nThe default of \\fBscan \\-\\-fail\\-on\\fR; "
                            "the command line wins over it, and it over the config file"),
            std::string::npos)
      << manual.out.substr(manual.out.find("MONGOSCAN_FAIL_ON"), 200);
  EXPECT_EQ(manual.out.find("\\-\\-config\\fR win"), std::string::npos);
}

// --view findings (or MONGOSCAN_VIEW, or view: in the config file) lists findings instead of the
// grid even for a report that fits; --view grid wins over the environment.
TEST(Cli, ViewComesFromTheCommandLineTheEnvironmentOrTheConfigFile) {
  const std::vector<std::string> args = {testing_support::mongoscan_binary(), "scan", "--no-probe",
                                         "--uri-file", kSampleUris};
  auto run = [&](std::vector<std::string> extra, std::vector<std::string> env) {
    std::vector<std::string> command = args;
    command.insert(command.end(), extra.begin(), extra.end());
    env.push_back("NO_COLOR");
    return run_process(command, "", testing_support::kHangGuard, env);
  };
  const auto has_grid = [](const ProcessResult& result) {
    return result.out.find("\nSelf-check: a row per check") != std::string::npos;
  };
  const auto has_findings = [](const ProcessResult& result) {
    return result.out.find("\nFindings: ") != std::string::npos;
  };
  const auto automatic = run({}, {});
  EXPECT_TRUE(has_grid(automatic)) << automatic.out;
  EXPECT_FALSE(has_findings(automatic));
  const auto flag = run({"--view", "findings"}, {});
  EXPECT_TRUE(has_findings(flag)) << flag.out;
  EXPECT_FALSE(has_grid(flag));
  EXPECT_EQ(flag.exit_code, automatic.exit_code) << "the view changes no verdict";
  const auto environment = run({}, {"MONGOSCAN_VIEW=findings"});
  EXPECT_TRUE(has_findings(environment)) << environment.out;
  EXPECT_TRUE(has_grid(run({"--view", "grid"}, {"MONGOSCAN_VIEW=findings"})));
  const auto bad = run({}, {"MONGOSCAN_VIEW=list"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("MONGOSCAN_VIEW: 'list'"), std::string::npos) << bad.err;

  TempDir dir;
  std::ofstream(dir / "mongoscan.yaml") << "view: findings\n";
  const auto config = run({"--config", (dir / "mongoscan.yaml").string()}, {});
  EXPECT_TRUE(has_findings(config)) << config.out << config.err;
  // The HTML report follows it too.
  const auto html = run({"--view", "findings", "--format", "html"}, {});
  EXPECT_NE(html.out.find("<table class=\"findings\">"), std::string::npos);
}

// A file option's error names the option and the path, and says what is wrong with it.
TEST(Cli, FileOptionErrorsNameTheFlagAndThePath) {
  TempDir dir;
  const std::string folder = (dir / "").string();
  std::ofstream(dir / "bad-baseline.json") << "[]";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--policy", folder}, "--policy " + folder + ": is a directory"},
      {{"--policy", "/nonexistent/p.json"}, "--policy /nonexistent/p.json: No such file"},
      {{"--uri-file", folder}, "--uri-file " + folder + ": is a directory"},
      {{"--app-uri-file", "/nonexistent/u.txt"}, "--app-uri-file /nonexistent/u.txt: No such"},
      {{"--files-from", folder}, "--files-from " + folder + ": is a directory"},
      {{"--baseline", (dir / "bad-baseline.json").string()},
       "--baseline " + (dir / "bad-baseline.json").string() + ": "},
  };
  for (const auto& [options, expected] : cases) {
    std::vector<std::string> args = {"scan", "mongodb://h"};
    args.insert(args.end(), options.begin(), options.end());
    const auto result = mongoscan(args);
    EXPECT_EQ(result.exit_code, 2) << options[0];
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_NE(result.err.find("error: " + expected), std::string::npos) << result.err;
  }
  const auto unwritable = mongoscan({"scan", "mongodb://h", "--config-path",
                                     std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/apps",
                                     "--write-baseline", "/nonexistent/baseline.json"});
  EXPECT_EQ(unwritable.exit_code, 3);
  EXPECT_NE(unwritable.err.find("--write-baseline /nonexistent/baseline.json"), std::string::npos)
      << unwritable.err;
}

// A command for every option that reads a file whole, `file` its last argument (--sign-key's
// evidence goes to `evidence`).
std::vector<std::vector<std::string>> file_option_commands(const std::string& file,
                                                           const std::string& evidence) {
  return {
      {"scan", "--inventory", file},
      {"scan", "mongodb://h", "--config", file},
      {"scan", "mongodb://h", "--accept", file},
      {"scan", "mongodb://h", "--policy", file},
      {"scan", "--uri-file", file},
      {"scan", "--app-uri-file", file},
      {"scan", "mongodb://h", "--baseline", file},
      {"scan", "mongodb://h", "--files-from", file},
      {"scan", "mongodb://h", "--evidence-dir", evidence, "--sign-key", file},
      {"convert", file},
      {"merge", file},
  };
}

// Issue 35 item 2: every option that reads a file refuses a FIFO (whose open would wait for a
// writer), a device behind a symbolic link (which never ends) and a directory, in one line, at
// once; a ./.mongoscan.yaml that is such a file stops only `scan`, never `version`.
TEST(Cli, EveryFileOptionRefusesFifosDevicesAndFoldersInOneLine) {
  TempDir dir;
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", dir / "zero");
  fs::create_directory(dir / "folder");
  const std::string evidence = (dir / "evidence").string();
  for (const char* name : {"fifo", "zero", "folder"}) {
    const std::string file = (dir / name).string();
    const auto commands = file_option_commands(file, evidence);
    for (const auto& command : commands) {
      const auto result = mongoscan(command);
      const std::string what = std::string(name) + ": " + command[command.size() - 2];
      EXPECT_EQ(result.exit_code, 2) << what << ": " << result.err;
      EXPECT_EQ(line_count(result.err), 1u) << what << ": " << result.err;
      EXPECT_NE(result.err.find(file), std::string::npos) << what << ": " << result.err;
      // CLI11 checks --accept and --baseline for a directory itself ("File is actually a
      // directory"); everything else is mongoscan's own refusal.
      const bool refused = result.err.find(": is a") != std::string::npos &&
                           result.err.find("not a regular file") != std::string::npos;
      const bool cli11_refused = std::string(name) == "folder" &&
                                 result.err.find("is actually a directory") != std::string::npos;
      EXPECT_TRUE(refused || cli11_refused) << what << ": " << result.err;
    }
    // The TLS files, opened by OpenSSL when a scan probes (here a closed loopback port), as
    // options or as the connection string's own: refused before OpenSSL would wait on a FIFO.
    if (std::string(name) != "folder") {  // CLI11 refuses a folder given as an option first
      for (const std::vector<std::string>& tls : std::vector<std::vector<std::string>>{
               {"mongodb://127.0.0.1:1/?tls=true", "--tls-ca-file", file},
               {"mongodb://127.0.0.1:1/?tls=true", "--tls-cert-key-file", file},
               {"mongodb://127.0.0.1:1/?tls=true&tlsCAFile=" + file},
               {"mongodb://127.0.0.1:1/?tls=true&tlsCertificateKeyFile=" + file}}) {
        std::vector<std::string> argv = {testing_support::mongoscan_binary(), "scan"};
        argv.insert(argv.end(), tls.begin(), tls.end());
        const auto result = run_process(argv, "", testing_support::kHangGuard, {"NO_COLOR"});
        const std::string what = std::string(name) + ": " + tls.back();
        EXPECT_EQ(result.exit_code, 2) << what << ": " << result.err;
        EXPECT_EQ(line_count(result.err), 1u) << what << ": " << result.err;
        EXPECT_NE(result.err.find(file + "': is a"), std::string::npos)
            << what << ": " << result.err;
      }
    }
    // A committed .mongoscan.yaml may be such a link: `version` does not read it, `scan` says why.
    fs::remove(dir / ".mongoscan.yaml");
    fs::create_symlink(dir / name, dir / ".mongoscan.yaml");
    const std::string in_dir =
        "cd '" + dir.path().string() + "' && exec '" + testing_support::mongoscan_binary() + "' ";
    const auto version =
        run_process({"/bin/sh", "-c", in_dir + "version"}, "", testing_support::kHangGuard);
    EXPECT_EQ(version.exit_code, 0) << name << ": " << version.err;
    EXPECT_EQ(version.out.rfind("mongoscan ", 0), 0u) << version.out;
    const auto scan = run_process({"/bin/sh", "-c", in_dir + "scan --no-probe mongodb://h"}, "",
                                  testing_support::kHangGuard);
    EXPECT_EQ(scan.exit_code, 2) << name;
    EXPECT_EQ(scan.err, std::string("mongoscan: error: .mongoscan.yaml: is a ") +
                            (std::string(name) == "fifo"   ? "FIFO"
                             : std::string(name) == "zero" ? "character device"
                                                           : "directory") +
                            ", not a regular file\n");
  }
}

// Issue 35 item 2: and a regular file past its kind's limit (docs/guide/configuration.md, "Input
// files"; all are at most 64 MiB) is refused in one line before it is read: a sparse 65 MiB file,
// no disk spent.
TEST(Cli, EveryFileOptionRefusesAFilePastItsLimitInOneLine) {
  TempDir dir;
  const std::string file = (dir / "huge.yaml").string();
  std::ofstream(file).put('x');
  fs::resize_file(file, 65u << 20);
  const std::string evidence = (dir / "evidence").string();
  const auto commands = file_option_commands(file, evidence);
  for (const auto& command : commands) {
    const auto result = mongoscan(command);
    const std::string what = command[command.size() - 2];
    EXPECT_EQ(result.exit_code, 2) << what << ": " << result.err;
    EXPECT_EQ(line_count(result.err), 1u) << what << ": " << result.err;
    EXPECT_NE(result.err.find(file + ": is larger than "), std::string::npos)
        << what << ": " << result.err;
  }
  for (const char* option : {"--tls-ca-file", "--tls-cert-key-file"}) {
    const auto result = run_process({testing_support::mongoscan_binary(), "scan",
                                     "mongodb://127.0.0.1:1/?tls=true", option, file},
                                    "", testing_support::kHangGuard, {"NO_COLOR"});
    EXPECT_EQ(result.exit_code, 2) << option << ": " << result.err;
    EXPECT_NE(result.err.find(file + "': is larger than "), std::string::npos)
        << option << ": " << result.err;
  }
}

// -v names the phases, -vv each node with the phase that failed there; no secret in either.
TEST(Cli, VerboseSaysWhatTheScanDoesWithoutSecrets) {
  TempDir dir;
  // A loopback port nothing listens on: the node is found and refuses the connection.
  std::ofstream(dir / "uris.txt") << "mongodb://scanner:Verbose-S3cret@127.0.0.1:9/?tls=false\n";
  const std::vector<std::string> scan = {testing_support::mongoscan_binary(),
                                         "scan",
                                         "--uri-file",
                                         (dir / "uris.txt").string(),
                                         "--connect-timeout",
                                         "2",
                                         "--allow-incomplete",
                                         "--fail-on",
                                         "none",
                                         "--config-path",
                                         std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/infra"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = scan;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_process(args, "", testing_support::kHangGuard, {"NO_COLOR"});
  };
  const auto quiet = with({});
  EXPECT_EQ(quiet.err.find("mongoscan: ["), std::string::npos) << quiet.err;
  const auto phases = with({"-v"});
  EXPECT_EQ(phases.exit_code, 0) << phases.err;
  for (const char* phase : {"] 1 connection strings, 1 to probe; 1 paths to scan",
                            "] probing: ", "] target mongodb://scanner:***@127.0.0.1:9/",
                            "] config scan: ", "] checks: "}) {
    EXPECT_NE(phases.err.find(phase), std::string::npos) << phase << "\n" << phases.err;
  }
  EXPECT_EQ(phases.err.find("] node 127.0.0.1:9"), std::string::npos);
  const auto nodes = with({"-vv"});
  EXPECT_NE(nodes.err.find("] node 127.0.0.1:9: unknown, found by seed; connect failed: "),
            std::string::npos)
      << nodes.err;
  for (const auto* result : {&phases, &nodes}) {
    EXPECT_EQ(result->err.find("Verbose-S3cret"), std::string::npos);
    EXPECT_EQ(result->out.find("Verbose-S3cret"), std::string::npos);
  }
}

// .mongoscan.yaml in the working directory, or --config FILE, holds defaults; the environment and
// the command line win over it.
TEST(Cli, AConfigFileHoldsScanDefaults) {
  TempDir dir;
  std::ofstream(dir / ".mongoscan.yaml") << "# the repository's defaults\nfail-on: none\n"
                                            "format: json\nuri-file: [" +
                                                kSampleUris + "]\n";
  const std::string in_dir = "cd '" + (dir / "").string() + "' && exec '" +
                             testing_support::mongoscan_binary() + "' scan --no-probe ";
  auto shell = [&](const std::string& command, std::vector<std::string> env = {}) {
    env.push_back("NO_COLOR");
    return run_process({"/bin/sh", "-c", command}, "", testing_support::kHangGuard, env);
  };
  const auto found = shell(in_dir);
  EXPECT_EQ(found.exit_code, 0) << found.err;
  EXPECT_TRUE(found.out.starts_with("{")) << found.out.substr(0, 80);
  EXPECT_EQ(shell(in_dir + "--fail-on high").exit_code, 1);
  EXPECT_EQ(shell(in_dir, {"MONGOSCAN_FAIL_ON=high"}).exit_code, 1);
  // Other commands run as they would without it.
  const auto version = shell("cd '" + (dir / "").string() + "' && exec '" +
                             testing_support::mongoscan_binary() + "' version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_TRUE(version.out.starts_with("mongoscan ")) << version.out;
  // Elsewhere, only --config reads it.
  EXPECT_EQ(mongoscan({"scan", "--uri-file", kSampleUris}).exit_code, 1);
  EXPECT_EQ(mongoscan({"scan", "--config", (dir / ".mongoscan.yaml").string()}).exit_code, 0);

  const std::vector<std::pair<std::string, std::string>> bad = {
      {"fail-on: [none\n", "bad.yaml line "},
      {"uris: [mongodb://u:p@h]\n", "give them with --uri-file"},
      {"fial-on: none\n", "line 1: no scan option fial-on (did you mean fail-on?)"},
      {"policy: {a: 1}\n", "policy: expected a value or a list of values"},
  };
  for (const auto& [text, expected] : bad) {
    std::ofstream(dir / "bad.yaml") << text;
    const auto result = mongoscan({"scan", "mongodb://h", "--config", (dir / "bad.yaml").string()});
    EXPECT_EQ(result.exit_code, 2) << text;
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_NE(result.err.find(expected), std::string::npos) << text << ": " << result.err;
  }
}

TEST(Cli, BadPolicyNamesTheFileAndTheKey) {
  TempDir dir;
  std::ofstream(dir / "policy.json") << R"({"pool_ranges": {"maxPoolSize": {"min": "fifty"}}})";
  auto result = mongoscan({"scan", "--policy", (dir / "policy.json").string(), "mongodb://h"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("policy.json"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("maxPoolSize"), std::string::npos) << result.err;
}

TEST(Cli, FailOnSetsTheExitCode) {
  // w=1 fails CONN-005 (high); nothing here is critical.
  const std::string weak = "mongodb://h1,h2/?replicaSet=rs&w=1";
  EXPECT_EQ(mongoscan({"scan", weak}).exit_code, 1);
  EXPECT_EQ(mongoscan({"scan", "--fail-on", "high", weak}).exit_code, 1);
  EXPECT_EQ(mongoscan({"scan", "--fail-on", "critical", weak}).exit_code, 0);
  EXPECT_EQ(mongoscan({"scan", "--fail-on", "none", weak}).exit_code, 0);
  const std::string sound =
      "mongodb+srv://c.example.com/?w=majority&readPreference=primary&maxPoolSize=100";
  EXPECT_EQ(mongoscan({"scan", sound}).exit_code, 0);
}

TEST(Cli, PolicyChangesTheVerdict) {
  TempDir dir;
  std::ofstream(dir / "policy.json") << R"({"severity_overrides": {"CONN-005": "low"}})";
  const std::string weak = "mongodb://h1,h2/?replicaSet=rs&w=1";
  EXPECT_EQ(mongoscan({"scan", "--policy", (dir / "policy.json").string(), weak}).exit_code, 0);
}

TEST(Cli, WritesAValidJsonReportToAFile) {
  TempDir dir;
  const fs::path report = dir / "report.json";
  auto result =
      mongoscan({"scan", "--uri-file", kSampleUris, "--format", "json", "-o", report.string()});
  EXPECT_EQ(result.exit_code, 1);  // the samples include failing strings
  EXPECT_TRUE(result.out.empty());
  const std::string text = read_file(report);
  EXPECT_TRUE(testing_support::matches_report_schema(text));
  auto json = nlohmann::json::parse(text);
  EXPECT_EQ(json["inputs"].size(), 5u);
  EXPECT_GT(json["summary"]["fail"].get<int>(), 0);
  EXPECT_GT(json["summary"]["pass"].get<int>(), 0);
  std::set<int> lines;
  for (const auto& finding : json["findings"]) {
    EXPECT_TRUE(finding["subject"].contains("uri"));
    EXPECT_EQ(finding["subject"]["file"], kSampleUris) << "the --uri-file that listed it";
    lines.insert(finding["subject"]["line"].get<int>());
    EXPECT_FALSE(finding["remediation"].get<std::string>().empty()) << finding["check_id"];
    EXPECT_FALSE(finding["references"].empty()) << finding["check_id"];
  }
  EXPECT_EQ(lines, std::set<int>({5, 8, 11, 14, 17})) << "each string at its own line";
}

// Issue 22 item 6: the catalogue's references are {framework, id, title} entries, and
// --framework groups the HTML and Markdown reports of scan and convert by the framework's
// controls, the uncovered ones "not assessed"; the other formats stay as they were.
TEST(Cli, ChecksJsonHasStructuredReferences) {
  const auto result = mongoscan({"checks", "--format", "json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto catalogue = nlohmann::json::parse(result.out);
  bool tls_cites_cis_4_3 = false;
  for (const auto& check : catalogue) {
    for (const auto& reference : check["references"]) {
      EXPECT_TRUE(parse_framework(reference["framework"].get<std::string>())) << reference;
      EXPECT_FALSE(reference["id"].get<std::string>().empty());
      EXPECT_FALSE(reference["title"].get<std::string>().empty());
      if (check["id"] == "TLS-001" && reference["framework"] == "cis" && reference["id"] == "4.3")
        tls_cites_cis_4_3 = true;
    }
  }
  EXPECT_TRUE(tls_cites_cis_4_3);
}

// Issue 24 item 8: the coverage table of a framework, as a table ending with its percentages or
// as JSON; Markdown and unknown frameworks are usage errors.
TEST(Cli, ChecksCoverageListsTheFrameworksControlsAndPercentages) {
  const auto table = mongoscan({"checks", "--coverage", "stig"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("\nV-252134 "), std::string::npos);
  EXPECT_NE(table.out.find("WITH --policy stig"), std::string::npos) << "two columns";
  EXPECT_NE(table.out.find("not remotely observable"), std::string::npos);
  const std::regex last_line(
      R"(\nstig: on default settings \d+% full, \d+% full or partial \(\d+ )"
      R"(of \d+\); with --policy stig \d+% full, \d+% full or partial \(\d+ )"
      R"(of \d+ remotely observable controls\)\n$)");
  EXPECT_TRUE(std::regex_search(table.out, last_line)) << table.out;
  const auto json = mongoscan({"checks", "--coverage", "cis", "--format", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto coverage = nlohmann::json::parse(json.out);
  EXPECT_EQ(coverage["framework"], "cis");
  EXPECT_EQ(coverage["controls"].size(), 23u);
  const auto markdown = mongoscan({"checks", "--coverage", "cis", "--format", "md"});
  EXPECT_EQ(markdown.exit_code, 2);
  EXPECT_NE(markdown.err.find("--format md"), std::string::npos) << markdown.err;
  const auto unknown = mongoscan({"checks", "--coverage", "nist"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("nist"), std::string::npos) << unknown.err;
  // Issue 39 item 5: the STIG's editions by name; stig is stig-4.
  const auto stig7 = mongoscan({"checks", "--coverage", "stig-7"});
  ASSERT_EQ(stig7.exit_code, 0) << stig7.err;
  EXPECT_NE(stig7.out.find("\nV-265905 "), std::string::npos);
  EXPECT_NE(stig7.out.find("\nstig-7: on default settings "), std::string::npos) << stig7.out;
  EXPECT_EQ(mongoscan({"checks", "--coverage", "stig-4"}).out, table.out);
}

TEST(Cli, FrameworkGroupsHtmlAndMarkdownByControlsInScanAndConvert) {
  TempDir dir;
  const auto scanned = mongoscan({"scan", "--uri-file", kSampleUris, "--framework", "devspec",
                                  "--report=md:" + (dir / "scan.md").string(),
                                  "--report=html:" + (dir / "scan.html").string(),
                                  "--report=json:" + (dir / "scan.json").string(),
                                  "--report=sarif:" + (dir / "scan.sarif").string()});
  ASSERT_EQ(scanned.exit_code, 1) << scanned.err;
  const std::string markdown = read_file(dir / "scan.md");
  EXPECT_NE(markdown.find("### Controls: Development specification"), std::string::npos);
  EXPECT_NE(markdown.find("| A2.1 | Core connection string parameters | "), std::string::npos);
  EXPECT_NE(markdown.find("| B.7 | Embed vs reference | — | not assessed |"), std::string::npos);
  EXPECT_NE(read_file(dir / "scan.html").find("<section id=\"controls\">"), std::string::npos);
  // JSON and SARIF do not change with --framework (the run's times aside).
  EXPECT_EQ(read_file(dir / "scan.sarif").find("Controls:"), std::string::npos);
  EXPECT_EQ(read_file(dir / "scan.json").find("not assessed"), std::string::npos);

  const auto converted =
      mongoscan({"convert", (dir / "scan.json").string(), "--framework", "cis", "--format", "md"});
  EXPECT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_NE(converted.out.find("### Controls: CIS MongoDB 7"), std::string::npos);
  EXPECT_NE(converted.out.find("| 7.1 | Ensure appropriate key file permissions are set | — | "
                               "not assessed |"),
            std::string::npos);

  // Issue 39 item 5: stig scores the sample's nodes by version; stig-7 forces one edition.
  const auto by_version =
      mongoscan({"convert", (dir / "scan.json").string(), "--framework", "stig", "--format", "md"});
  EXPECT_EQ(by_version.exit_code, 0) << by_version.err;
  EXPECT_NE(by_version.out.find("### Controls: DISA MongoDB Enterprise Advanced"),
            std::string::npos);
  const auto forced = mongoscan(
      {"convert", (dir / "scan.json").string(), "--framework", "stig-7", "--format", "md"});
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(forced.out.find("### Controls: DISA MongoDB Enterprise Advanced 7.x STIG"),
            std::string::npos);
  EXPECT_NE(forced.out.find("| V-265915 | "), std::string::npos);
  EXPECT_EQ(forced.out.find("### Controls: DISA MongoDB Enterprise Advanced 4.x STIG"),
            std::string::npos);

  const auto unknown = mongoscan({"convert", (dir / "scan.json").string(), "--framework", "nist"});
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_NE(unknown.err.find("--framework"), std::string::npos) << unknown.err;
}

// Issue 35 item 1: a saved report edited (or written by anything) to hold a connection string with
// its password, in a message, a subject, a member name or evidence, is redacted as it is read:
// neither convert nor merge writes the password anywhere. An 80,000-level document and a number
// out of range are one-line errors, not a crash.
TEST(Cli, ConvertAndMergeRedactWhatTheyReadAndRefuseDeepOrOutOfRangeInput) {
  TempDir dir;
  const std::string saved = (dir / "scan.json").string();
  ASSERT_EQ(
      mongoscan({"scan", "--uri-file", kSampleUris, "-o", saved, "--format", "json"}).exit_code, 1);
  nlohmann::json report = nlohmann::json::parse(read_file(saved));
  ASSERT_FALSE(report["findings"].empty());
  nlohmann::json& finding = report["findings"][0];
  finding["message"] = "see MONGODB://ops:ConvertPw91@h1.example.com/";
  finding["evidence"]["mongodb://k:MemberPw92@h"] = {"Mongodb+srv://v:EvidencePw93@h"};
  std::ofstream(saved, std::ios::binary) << report.dump(2);
  const std::vector<std::string> secrets = {"ConvertPw91", "MemberPw92", "EvidencePw93"};
  std::vector<std::vector<std::string>> commands;
  for (const char* format : {"table", "json", "html", "sarif", "junit", "md"}) {
    commands.push_back({"convert", saved, "--format", format});
    commands.push_back({"merge", saved, "--format", format});
  }
  for (const auto& command : commands) {
    const auto run = mongoscan(command);
    EXPECT_LE(run.exit_code, 1) << command[0] << " " << command[3] << ": " << run.err;
    EXPECT_FALSE(run.out.empty()) << command[0] << " " << command[3];
    for (std::size_t i = 0; i < secrets.size(); ++i) {
      EXPECT_EQ(run.out.find(secrets[i]), std::string::npos)
          << command[0] << " " << command[3] << " stdout, secret #" << i;
      EXPECT_EQ(run.err.find(secrets[i]), std::string::npos)
          << command[0] << " " << command[3] << " stderr, secret #" << i;
    }
  }
  std::ofstream(dir / "deep.json", std::ios::binary)
      << "{\"schema_version\": 1, \"x\": " << std::string(80000, '[') << std::string(80000, ']')
      << "}";
  std::ofstream(dir / "range.json", std::ios::binary) << "{\"schema_version\": 1e400}";
  for (const char* name : {"deep.json", "range.json"}) {
    for (const char* command : {"convert", "merge"}) {
      const auto run = mongoscan({command, (dir / name).string()});
      EXPECT_EQ(run.exit_code, 2) << command << " " << name << ": " << run.err;
      EXPECT_EQ(line_count(run.err), 1u) << run.err;
    }
  }
  EXPECT_NE(mongoscan({"convert", (dir / "deep.json").string()})
                .err.find("nested too deeply (limit 1100)"),
            std::string::npos);
}

// Issue 35 item 3: what a hostile file makes mongoscan hold stays within 256 MiB. A manifest whose
// one scalar is 64 MB (it took 445 MB and 14 s in yaml-cpp) is listed as not read as YAML, and
// its text is still scanned; evidence nested just under the reader's limit (1,090 levels) is
// pretty-printed in every format without growing past the bound.
// A run of mongoscan with args and its peak resident set in KiB. Measured by a Python parent: a
// child's ru_maxrss counts the process it was forked from until its exec, and this test binary is
// large under the sanitizers; Python's few MiB are counted instead.
struct MeasuredRun {
  ProcessResult process;
  long peak_rss_kib = 0;
};

MeasuredRun measured_mongoscan(std::vector<std::string> args) {
  constexpr const char* kMeasure =
      "import resource, subprocess, sys\n"
      "done = subprocess.run(sys.argv[1:])\n"
      "print('peak_rss_kib', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,"
      " file=sys.stderr)\n"
      "sys.exit(done.returncode)\n";
  args.insert(args.begin(), {"python3", "-c", kMeasure, testing_support::mongoscan_binary()});
  MeasuredRun run{run_process(args, "", testing_support::kHangGuard, {"NO_COLOR"})};
  const std::size_t at = run.process.err.rfind("peak_rss_kib ");
  if (at != std::string::npos) run.peak_rss_kib = std::stol(run.process.err.substr(at + 13));
  return run;
}

// The bound is on what the work adds to the program's own footprint (a scan of nothing, measured
// alike): a sanitized build's startup alone takes some 180 MiB, and grows with the code.
TEST(Cli, HugeScalarsAndDeepEvidenceStayWithin256MiB) {
  constexpr long kBoundKiB = 256 * 1024;
  TempDir dir;
  fs::create_directory(dir / "deploy");
  fs::create_directory(dir / "empty");
  const MeasuredRun idle =
      measured_mongoscan({"scan", "--no-probe", "--config-path", (dir / "empty").string(),
                          "--format", "json", "-o", (dir / "idle.json").string()});
  ASSERT_GT(idle.peak_rss_kib, 0) << idle.process.err;
  std::ofstream(dir / "deploy" / "svc.yaml", std::ios::binary)
      << "apiVersion: v1\nkind: Service\nmetadata:\n  name: \"" << std::string(64'000'000, 'a')
      << "\"\nspec:\n  type: NodePort\n  ports:\n  - port: 27017\n";
  const std::string scanned = (dir / "scan.json").string();
  const MeasuredRun scan =
      measured_mongoscan({"scan", "--no-probe", "--config-path", (dir / "deploy").string(),
                          "--max-file-size", "100000000", "--format", "json", "-o", scanned});
  EXPECT_EQ(scan.process.exit_code, 0) << scan.process.err;
  EXPECT_GT(scan.peak_rss_kib, 0);
  EXPECT_LT(scan.peak_rss_kib - idle.peak_rss_kib, kBoundKiB)
      << scan.peak_rss_kib << " KiB against " << idle.peak_rss_kib << " KiB idle";
  const nlohmann::json report = nlohmann::json::parse(read_file(scanned));
  bool listed_unread = false;
  for (const nlohmann::json& finding : report["findings"]) {
    const std::string message = finding["message"];
    listed_unread = listed_unread || message.find("not read as YAML") != std::string::npos;
    if (finding["check_id"] == "NET-005" || finding["check_id"] == "NET-006") {
      EXPECT_EQ(finding["status"], "skipped") << message;
    }
  }
  EXPECT_TRUE(listed_unread) << report["findings"].dump();

  nlohmann::json saved = report;
  ASSERT_FALSE(saved["findings"].empty());
  saved["findings"][0]["evidence"] = "DEEP";
  std::string text = saved.dump();
  const std::size_t at = text.find("\"DEEP\"");
  ASSERT_NE(at, std::string::npos);
  std::string deep;
  for (int i = 0; i < 1090; ++i) deep += "{\"a\":";
  deep += "1" + std::string(1090, '}');
  text.replace(at, 6, deep);
  std::ofstream(dir / "deep.json", std::ios::binary) << text;
  for (const char* format : {"json", "html", "sarif", "table", "md", "junit"}) {
    const std::string out = (dir / (std::string("deep.") + format)).string();
    const MeasuredRun converted = measured_mongoscan(
        {"convert", (dir / "deep.json").string(), "--format", format, "-o", out});
    EXPECT_EQ(converted.process.exit_code, 0) << format << ": " << converted.process.err;
    EXPECT_GT(converted.peak_rss_kib, 0) << format;
    EXPECT_LT(converted.peak_rss_kib - idle.peak_rss_kib, kBoundKiB) << format;
    EXPECT_LT(fs::file_size(out), 16u << 20) << format;
  }
}

// Issue 21: `convert` renders a saved JSON report in every format as the scan itself rendered
// it, without probing, and exits 0 (the gate was the scan's).
// Issue 36 item 5: the Atlas Terraform provider's 4 MB OpenAPI specification (a top-level
// `security:` key, groupId and cidrBlock in its schemas) was parsed as YAML twice: 7.3 s and
// 84 MiB. A specification of that shape is no server config and no Atlas export: not parsed.
TEST(Cli, AnApiSpecificationThatMerelyNamesConfigWordsIsNotParsed) {
  TempDir dir;
  std::string spec =
      "openapi: 3.0.1\ninfo:\n  title: Atlas Admin API\nsecurity:\n"
      "  - DigestAuth: []\npaths:\n";
  for (int i = 0; spec.size() < 4 * 1024 * 1024; ++i) {
    spec += "  /api/atlas/v2/groups/{groupId}/accessList/" + std::to_string(i) +
            ":\n    get:\n      parameters:\n        - name: groupId\n          in: path\n"
            "      responses:\n        '200':\n          content:\n            application/json:\n"
            "              schema:\n                properties:\n                  cidrBlock:\n"
            "                    type: string\n                  ipAddress:\n"
            "                    type: string\n";
  }
  std::ofstream(dir / "multi-version-api-spec.yml", std::ios::binary) << spec;
  const MeasuredRun scan =
      measured_mongoscan({"scan", "--config-path", dir.path().string(), "--format", "json", "-o",
                          (dir / "report.json").string(), "--fail-on", "none"});
  EXPECT_EQ(scan.process.exit_code, 0) << scan.process.err;
  // Against the same binary scanning an empty folder (the sanitized build starts near 160 MiB):
  // a YAML parse of the specification adds more than 60 MiB; reading it as text, a few.
  fs::create_directory(dir / "empty");
  const MeasuredRun idle =
      measured_mongoscan({"scan", "--config-path", (dir / "empty").string(), "--format", "json",
                          "-o", (dir / "idle.json").string(), "--fail-on", "none"});
  ASSERT_GT(scan.peak_rss_kib, 0);
  ASSERT_GT(idle.peak_rss_kib, 0);
  EXPECT_LT(scan.peak_rss_kib - idle.peak_rss_kib, 24 * 1024)
      << scan.peak_rss_kib << " KiB against " << idle.peak_rss_kib << " KiB idle";
}

TEST(Cli, ConvertRendersASavedReportAsTheScanDid) {
  TempDir dir;
  const std::vector<std::string> formats = {"json", "html", "sarif", "junit", "md"};
  std::vector<std::string> scan = {"scan", "--uri-file", kSampleUris, "--sarif-deployment"};
  std::vector<std::string> convert = {"convert", (dir / "scan.json").string(),
                                      "--sarif-deployment"};
  for (const std::string& format : formats) {
    scan.push_back("--report=" + format + ":" + (dir / ("scan." + format)).string());
    convert.push_back("--report=" + format + ":" + (dir / ("convert." + format)).string());
  }
  const auto scanned = mongoscan(scan);
  ASSERT_EQ(scanned.exit_code, 1) << scanned.err;
  const auto converted = mongoscan(convert);
  EXPECT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_EQ(converted.out, scanned.out) << "the table on stdout";
  EXPECT_NE(converted.out.find("CONN-"), std::string::npos) << converted.out;
  for (const std::string& format : formats) {
    EXPECT_EQ(read_file(dir / ("convert." + format)), read_file(dir / ("scan." + format)))
        << format;
  }
  // From standard input too.
  const auto piped =
      run_process({testing_support::mongoscan_binary(), "convert", "-", "--format", "md"},
                  read_file(dir / "scan.json"), testing_support::kHangGuard, {"NO_COLOR"});
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out, read_file(dir / "scan.md"));
  // A repository's .mongoscan.yaml holds the scan's defaults, not convert's.
  std::ofstream(dir / ".mongoscan.yaml") << "format: json\nfail-on: none\n";
  const auto in_repository =
      run_process({"/bin/sh", "-c",
                   "cd '" + (dir / "").string() + "' && exec '" +
                       testing_support::mongoscan_binary() + "' convert scan.json"},
                  "", testing_support::kHangGuard, {"NO_COLOR"});
  EXPECT_EQ(in_repository.exit_code, 0) << in_repository.err;
  EXPECT_EQ(in_repository.out, scanned.out);
}

TEST(Cli, ConvertRefusesWhatIsNoReportInOneLine) {
  TempDir dir;
  const std::string planted = "Wq3-planted-secret";
  std::ofstream(dir / "report.sarif") << R"({"version": "2.1.0", "runs": []})";
  std::ofstream(dir / "bad.json") << R"({"schema_version": 1, "tool": {"name": ")" << planted
                                  << R"(", "version": 7}})";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"convert", (dir / "missing.json").string()},
       "convert " + (dir / "missing.json").string() + ": No such file or directory"},
      {{"convert", dir.path().string()}, "is a directory, not a regular file"},
      {{"convert", (dir / "report.sarif").string()},
       (dir / "report.sarif").string() + ": not a mongoscan JSON report (no schema_version)"},
      {{"convert", (dir / "bad.json").string()}, "bad.json: /tool/version: not a string"},
      {{"convert", (dir / "bad.json").string(), "--report", "pdf:x"}, "/tool/version"},
      {{"convert"}, "report is required"},
  };
  for (const auto& [args, expected] : cases) {
    const auto result = mongoscan(args);
    EXPECT_EQ(result.exit_code, 2) << expected;
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_NE(result.err.find(expected), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find(planted), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  EXPECT_NE(mongoscan({"convrt", "x.json"}).err.find("did you mean convert?"), std::string::npos);
}

// Issue 22: an environment's application connection strings (app_uri_files, relative to the
// inventory) are judged at their list line and never probed; an unreadable list leaves that
// environment not scanned, with the reason, and the others scanned.
TEST(Cli, AnInventorysAppUriFilesAreJudgedPerEnvironment) {
  TempDir dir;
  const std::string planted = "Kp5-planted-app-uri-password";
  std::ofstream(dir / "apps.txt") << "# the orders service\nmongodb://orders:" << planted
                                  << "@db9.example.com:27017/orders?w=1\n";
  std::ofstream(dir / "inventory.yaml") << "environments:\n"
                                           "  - name: apps\n"
                                           "    app_uri_files: [apps.txt]\n"
                                           "  - name: lost\n"
                                           "    app_uri_files: [missing.txt]\n";
  const auto scanned =
      mongoscan({"scan", "--inventory", (dir / "inventory.yaml").string(), "--format", "json"});
  EXPECT_EQ(scanned.exit_code, 1) << scanned.err;
  EXPECT_EQ(scanned.out.find(planted), std::string::npos);
  EXPECT_EQ(scanned.err.find(planted), std::string::npos);
  const auto report = nlohmann::json::parse(scanned.out);
  EXPECT_TRUE(report["targets"].empty()) << "an application's string is never probed";
  std::set<std::string> apps_checks;
  for (const auto& finding : report["findings"]) {
    ASSERT_EQ(finding["environment"], "apps") << finding;
    EXPECT_EQ(finding["subject"]["file"], (dir / "apps.txt").string());
    EXPECT_EQ(finding["subject"]["line"], 2);
    if (finding["status"] == "fail") apps_checks.insert(finding["check_id"].get<std::string>());
  }
  EXPECT_TRUE(apps_checks.contains("CONN-005")) << "w=1 is judged: " << scanned.out;
  ASSERT_EQ(report["environments"].size(), 2u);
  EXPECT_EQ(report["environments"][1]["verdict"], "not scanned");
  EXPECT_NE(report["environments"][1]["error"].get<std::string>().find("missing.txt"),
            std::string::npos)
      << report["environments"][1];
}

// Issue 22: an inventory scans every environment it selects in one run; an environment that
// cannot be scanned (its policy or a connection string is unusable) is reported in its own
// section and the others are scanned; no password from the inventory's files reaches any output.
TEST(Cli, AnInventoryScansEachEnvironmentAndReportsTheBrokenOnesApart) {
  TempDir dir;
  const std::string planted = "Jm4-planted-inventory-password";
  std::ofstream(dir / "core.password") << planted << "\n";
  std::ofstream(dir / "inventory.yaml")
      << "environments:\n"
         "  - name: core\n"
         "    targets: ['mongodb+srv://orders.cluster.example.net/db_orders?authSource=db_orders"
         "&retryWrites=true&w=majority']\n"
         "    username: mongoscan\n"
         "    password_file: core.password\n"
         "    tags: {tier: prod}\n"
         "  - name: legacy\n"
         "    targets: ['mongodb://db.example.com:27017/admin?w=1&retryWrites=false']\n"
         "    tags: {tier: staging}\n"
         "  - name: broken-policy\n"
         "    targets: ['mongodb://h1.example.com:27017/']\n"
         "    policy: missing-policy.json\n"
         "  - name: broken-uri\n"
         "    targets: ['mongodb://h2.example.com:notaport/']\n";
  const std::string inventory = (dir / "inventory.yaml").string();
  const auto all = mongoscan({"scan", "--inventory", inventory, "--format", "json"});
  EXPECT_EQ(all.exit_code, 1) << all.err;
  const auto report = nlohmann::json::parse(all.out);
  EXPECT_TRUE(testing_support::matches_report_schema(all.out));
  ASSERT_EQ(report["environments"].size(), 4u);
  std::map<std::string, nlohmann::json> environments;
  for (const auto& environment : report["environments"]) {
    environments[environment["name"]] = environment;
  }
  EXPECT_EQ(environments["legacy"]["verdict"], "fail");
  EXPECT_EQ(environments["legacy"]["tags"]["tier"], "staging");
  EXPECT_EQ(environments["broken-policy"]["verdict"], "not scanned");
  EXPECT_NE(environments["broken-policy"]["error"].get<std::string>().find(
                "inventory.yaml:10: policy " + (dir / "missing-policy.json").string() + ": "),
            std::string::npos)
      << environments["broken-policy"]["error"];
  EXPECT_EQ(environments["broken-uri"]["verdict"], "not scanned");
  EXPECT_NE(environments["broken-uri"]["error"].get<std::string>().find(
                "inventory.yaml:14 'mongodb://h2.example.com:notaport/': invalid"),
            std::string::npos)
      << environments["broken-uri"]["error"];
  std::map<std::string, int> findings_by_environment;
  for (const auto& finding : report["findings"]) {
    ++findings_by_environment[finding["environment"].get<std::string>()];
    if (finding["environment"] == "legacy") {
      EXPECT_EQ(finding["subject"]["file"], inventory);
      EXPECT_EQ(finding["subject"]["line"], 8);
    }
  }
  EXPECT_GT(findings_by_environment["core"], 0);
  EXPECT_GT(findings_by_environment["legacy"], 0);
  EXPECT_EQ(findings_by_environment.count("broken-policy"), 0u);
  EXPECT_EQ(findings_by_environment.count("broken-uri"), 0u);
  EXPECT_NE(report["coverage"]["statement"].get<std::string>().find("2 environments not scanned"),
            std::string::npos);

  const auto picked =
      mongoscan({"scan", "--inventory", inventory, "--env", "core", "--format", "json"});
  const auto core_only = nlohmann::json::parse(picked.out);
  ASSERT_EQ(core_only["environments"].size(), 1u);
  EXPECT_EQ(core_only["environments"][0]["name"], "core");
  const auto tagged =
      mongoscan({"scan", "--inventory", inventory, "--tag", "tier=staging", "--format", "json"});
  EXPECT_EQ(nlohmann::json::parse(tagged.out)["environments"][0]["name"], "legacy");
  EXPECT_EQ(tagged.exit_code, 1);

  // The evidence bundle names the inventory it was scanned from by its digest.
  const auto bundled = mongoscan({"scan", "--inventory", inventory, "--env", "core",
                                  "--evidence-dir", (dir / "evidence").string()});
  EXPECT_EQ(bundled.exit_code, picked.exit_code) << bundled.err;
  const auto digest = run_process({"/usr/bin/sha256sum", inventory});
  const auto manifest = nlohmann::json::parse(read_file(dir / "evidence" / "manifest.json"));
  EXPECT_EQ(manifest["inventory_sha256"], digest.out.substr(0, 64)) << manifest;
  for (const auto& result : {all, picked, tagged, bundled}) {
    EXPECT_EQ(result.out.find(planted), std::string::npos);
    EXPECT_EQ(result.err.find(planted), std::string::npos);
  }
  const std::vector<std::pair<std::vector<std::string>, std::string>> misuse = {
      {{"scan", "--inventory", inventory, "mongodb://h"}, "with --inventory, give targets"},
      {{"scan", "mongodb://h", "--env", "core"},
       "--env, --tag and --shard pick environments of --inventory"},
      {{"scan", "--inventory", inventory, "--env", "cor"},
       "--env cor: no such environment in the inventory (did you mean core?)"},
      {{"scan", "--inventory", (dir / "missing.yaml").string()}, "--inventory "},
  };
  for (const auto& [args, expected] : misuse) {
    const auto result = mongoscan(args);
    EXPECT_EQ(result.exit_code, 2) << expected;
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_NE(result.err.find(expected), std::string::npos) << result.err;
  }
}

// Issue 22: a fleet split into shards (scan --shard I/N) and merged (mongoscan merge) is the whole
// inventory's report, and merge exits as the whole scan would.
TEST(Cli, ShardsOfAnInventoryMergeIntoTheWholeScan) {
  TempDir dir;
  std::ofstream inventory(dir / "inventory.yaml");
  inventory << "environments:\n";
  for (int i = 0; i < 6; ++i) {
    inventory << "  - name: env-" << i << "\n    targets: ['mongodb://db" << i
              << ".example.com:27017/?w=" << (i == 2 ? "1&retryWrites=false" : "majority")
              << "']\n";
  }
  inventory.close();
  const std::string path = (dir / "inventory.yaml").string();
  const auto whole = mongoscan({"scan", "--inventory", path, "--format", "json"});
  ASSERT_FALSE(whole.out.empty()) << whole.err;
  std::vector<std::string> merge = {"merge", "--format", "json"};
  std::size_t environments = 0;
  for (int index = 1; index <= 3; ++index) {
    const std::string shard = (dir / ("shard" + std::to_string(index) + ".json")).string();
    const auto part = mongoscan({"scan", "--inventory", path, "--shard",
                                 std::to_string(index) + "/3", "--format", "json", "-o", shard});
    EXPECT_TRUE(part.exit_code == 0 || part.exit_code == 1) << part.err;
    environments += nlohmann::json::parse(read_file(shard))
                        .value("environments", nlohmann::json::array())
                        .size();
    merge.push_back(shard);
  }
  EXPECT_EQ(environments, 6u);
  const auto merged = mongoscan(merge);
  EXPECT_EQ(merged.exit_code, whole.exit_code) << merged.err;
  EXPECT_TRUE(testing_support::matches_report_schema(merged.out));
  const auto merged_report = nlohmann::json::parse(merged.out);
  const auto whole_report = nlohmann::json::parse(whole.out);
  std::set<std::string> merged_names, whole_names;
  for (const auto& environment : merged_report["environments"])
    merged_names.insert(environment["name"]);
  for (const auto& environment : whole_report["environments"])
    whole_names.insert(environment["name"]);
  EXPECT_EQ(merged_names, whole_names);
  EXPECT_EQ(merged_report["findings"].size(), whole_report["findings"].size());
  EXPECT_EQ(merged_report["summary"], whole_report["summary"]);
  // A shard merged twice is refused.
  const auto twice = mongoscan({"merge", merge[3], merge[3]});
  if (nlohmann::json::parse(read_file(merge[3])).contains("environments")) {
    EXPECT_EQ(twice.exit_code, 2);
    EXPECT_NE(twice.err.find("is in two reports"), std::string::npos) << twice.err;
  }
  EXPECT_EQ(mongoscan({"scan", "--inventory", path, "--shard", "4/3"}).exit_code, 2);
}

// Issue 21: SARIF that GitHub code scanning takes. Strings from --uri-file and --app-uri-file are
// results at their list line, every result has a fingerprint, warns are notes; results about a
// string given as an argument have no file: left out, with --sarif-deployment said in a note.
// Issue 40 item 2: paths relative to the source root (%SRCROOT%: --sarif-root, else the git work
// tree), outside it file:// URIs; one category per set of environments.
TEST(Cli, SarifLocatesListedStringsAtTheirLine) {
  TempDir dir;
  {
    std::ofstream app(dir / "app-uris.txt");
    app << "# an application's\nmongodb://h1/?retryWrites=false\n";
  }
  const std::string argument = "mongodb://h2:27017/?w=1";
  const std::vector<std::string> scan = {
      "scan",     "--uri-file", kSampleUris, "--app-uri-file", (dir / "app-uris.txt").string(),
      "--format", "sarif",      argument};
  const ProcessResult plain = mongoscan(scan);
  EXPECT_EQ(plain.exit_code, 1) << plain.err;
  EXPECT_TRUE(testing_support::matches_schema(
      plain.out, "tests/reports/schema/sarif-schema-2.1.0.json", {"uri", "uri-reference"}));
  const nlohmann::json log = nlohmann::json::parse(plain.out);
  std::set<std::string> files;
  bool app_line = false;
  bool note = false;
  for (const auto& result : log["runs"][0]["results"]) {
    EXPECT_FALSE(result["partialFingerprints"]["mongoscan/v1"].get<std::string>().empty());
    const auto& physical = result["locations"][0]["physicalLocation"];
    const std::string file = physical["artifactLocation"]["uri"];
    files.insert(file);
    EXPECT_GE(physical["region"]["startLine"].get<int>(), 1) << result;
    app_line = app_line || (file.ends_with("app-uris.txt") && physical["region"]["startLine"] == 2);
    if (result["properties"]["status"] == "warn") {
      EXPECT_EQ(result["level"], "note") << result;
      note = true;
    }
  }
  EXPECT_EQ(files.size(), 2u) << "the two lists, not the argument";
  EXPECT_TRUE(app_line);
  EXPECT_TRUE(note) << "the samples hold a warn";

  std::vector<std::string> with_deployment = scan;
  with_deployment.push_back("--sarif-deployment");
  const ProcessResult all = mongoscan(with_deployment);
  EXPECT_TRUE(testing_support::matches_schema(
      all.out, "tests/reports/schema/sarif-schema-2.1.0.json", {"uri", "uri-reference"}));
  const nlohmann::json all_log = nlohmann::json::parse(all.out);
  EXPECT_EQ(all_log["runs"][0]["results"].size(), log["runs"][0]["results"].size());
  const auto& notes = all_log["runs"][0]["invocations"][0]["toolExecutionNotifications"];
  ASSERT_FALSE(notes.empty()) << all.out.substr(0, 400);
  EXPECT_NE(notes.back()["message"]["text"].get<std::string>().find("are left out"),
            std::string::npos);

  // The temporary list lies outside the --sarif-root given: a file:// URI; the samples inside it.
  std::vector<std::string> rooted = scan;
  rooted.insert(rooted.end(), {"--sarif-root", MONGOSCAN_SOURCE_DIR});
  const nlohmann::json rooted_log = nlohmann::json::parse(mongoscan(rooted).out);
  const auto& run = rooted_log["runs"][0];
  EXPECT_EQ(run["originalUriBaseIds"]["%SRCROOT%"]["uri"],
            "file://" + std::string(MONGOSCAN_SOURCE_DIR) + "/");
  EXPECT_EQ(run["automationDetails"]["id"], "mongoscan/scan/");
  bool in_root = false, outside = false;
  for (const auto& result : run["results"]) {
    const auto& artifact = result["locations"][0]["physicalLocation"]["artifactLocation"];
    if (artifact.contains("uriBaseId")) {
      EXPECT_EQ(artifact["uriBaseId"], "%SRCROOT%");
      EXPECT_EQ(artifact["uri"], "fixtures/uris/sample-app-uris.txt");
      in_root = true;
    } else {
      EXPECT_TRUE(artifact["uri"].get<std::string>().starts_with("file:///")) << artifact;
      outside = true;
    }
  }
  EXPECT_TRUE(in_root && outside) << rooted_log.dump().substr(0, 400);
}

TEST(Cli, UnwritableOutputExits3AndLeavesNoFile) {
  TempDir dir;
  const fs::path report = dir / "missing-dir" / "report.json";
  auto result = mongoscan({"scan", "mongodb://h", "--format", "json", "-o", report.string()});
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(line_count(result.err), 1u);
  EXPECT_FALSE(fs::exists(report));
}

TEST(Cli, ColourOnlyWhenTheCallerSaysTheTerminalTakesIt) {
  std::ostringstream out, err;
  run_cli({"scan", "--no-probe", "mongodb://h1,h2/?replicaSet=rs"}, {out, err, true});
  EXPECT_NE(out.str().find("\x1b["), std::string::npos);
  std::ostringstream plain_out, plain_err;
  run_cli({"scan", "--no-probe", "mongodb://h1,h2/?replicaSet=rs"}, {plain_out, plain_err, false});
  EXPECT_EQ(plain_out.str().find("\x1b["), std::string::npos);
  // Through the executable stdout is a pipe: no colour unless asked for.
  EXPECT_EQ(mongoscan({"scan", "mongodb://h1,h2/?replicaSet=rs"}).out.find("\x1b["),
            std::string::npos);
  EXPECT_NE(
      mongoscan({"scan", "--color", "always", "mongodb://h1,h2/?replicaSet=rs"}).out.find("\x1b["),
      std::string::npos);
}

TEST(Cli, ColourCanBeTurnedOffOnATerminal) {
  for (const std::vector<std::string>& off :
       {std::vector<std::string>{"--no-color"}, std::vector<std::string>{"--color", "never"},
        std::vector<std::string>{"--color=never"}}) {
    std::vector<std::string> args = {"scan", "--no-probe", "mongodb://h1,h2/?replicaSet=rs"};
    args.insert(args.end(), off.begin(), off.end());
    std::ostringstream out, err;
    run_cli(args, {out, err, true});
    EXPECT_EQ(out.str().find("\x1b["), std::string::npos) << off[0];
  }
  EXPECT_EQ(mongoscan({"scan", "--color", "sometimes", "mongodb://h"}).exit_code, 2);
}

// Every secret from the fixtures, decoded and as written, plus secret options.
std::vector<std::string> fixture_secrets(const std::vector<std::string>& uris) {
  std::vector<std::string> secrets;
  for (const std::string& uri : uris) {
    auto parsed = parse_connection_string(uri);
    if (!parsed || !parsed.value().credentials || !parsed.value().credentials->password) continue;
    const std::string password = parsed.value().credentials->password->reveal();
    secrets.push_back(password);
    const std::size_t start = uri.find(':', uri.find("://") + 3) + 1;
    secrets.push_back(uri.substr(start, uri.rfind('@', uri.find('?')) - start));
  }
  return secrets;
}

std::vector<std::string> read_uri_lines(const std::string& path) {
  std::vector<std::string> uris;
  std::istringstream lines(read_file(path));
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != '#') uris.push_back(line);
  }
  return uris;
}

// Issue 16 item 7: a command-line mistake echoes the argument on stderr; a password or a secret
// option holding a quote or a space is masked all the same.
TEST(Cli, UsageErrorsMaskSecretsHoldingQuotesAndSpaces) {
  const std::vector<std::string> uris = {
      "mongodb://u:S3cr3t'Pa55@h/", "mongodb://u:S3cr3t\"Pa55@h/", "mongodb://u:S3cr3t Pa55@h/",
      "mongodb://u:S3cr3t' Pa55/x@h/",
      "mongodb://h/?tls=true&tlsCertificateKeyFilePassword=S3cr3t Pa55"};
  for (const std::string& uri : uris) {
    const std::vector<std::vector<std::string>> commands = {
        {"scan", "--fail-on", uri, "mongodb://h"},
        {"scan", "--format", uri, "mongodb://h"},
        {"scan", "--bogus-flag", uri},
    };
    for (const auto& command : commands) {
      auto result = mongoscan(command);
      EXPECT_EQ(result.exit_code, 2) << command[1];
      // Name the command only: printing stderr would put the secret into the test log.
      EXPECT_EQ(result.err.find("S3cr3t"), std::string::npos)
          << "secret in stderr of " << command[1];
      EXPECT_EQ(result.err.find("Pa55"), std::string::npos) << "secret in stderr of " << command[1];
    }
  }
}

// Issue 16 item 7: option names written percent-encoded are decoded by the parser, so the redactor
// decodes them too: the session token and the key-file password stay hidden in every format.
TEST(Cli, PercentEncodedSecretOptionNamesAreMaskedInEveryFormat) {
  const std::string uri =
      "mongodb://AKIAEXAMPLE:AwsSecret99@h/?authMechanism=MONGODB-AWS"
      "&authMechanismProperties=AWS_SESSION_%54OKEN:SessionTok55"
      "&tls=true&tlsCertificateKeyFile%50assword=KeyFilePw77";
  TempDir dir;
  for (const char* format : {"table", "json", "html", "sarif", "junit", "md"}) {
    const fs::path file = dir / (std::string("report.") + format);
    // SARIF places a string at its list line: given in a --uri-file there.
    std::ofstream(dir / "uris.txt") << uri << "\n";
    std::vector<std::string> scan = {"scan", "--format", format};
    if (std::string(format) == "sarif") {
      scan.insert(scan.end(), {"--uri-file", (dir / "uris.txt").string()});
    } else {
      scan.insert(scan.begin() + 1, uri);
    }
    auto to_stdout = mongoscan(scan);
    scan.insert(scan.end(), {"-o", file.string()});
    auto to_file = mongoscan(scan);
    const std::string report = read_file(file);
    ASSERT_FALSE(report.empty()) << format;
    ASSERT_NE(report.find("AWS_SESSION_%54OKEN"), std::string::npos) << format;
    for (const char* secret : {"AwsSecret99", "SessionTok55", "KeyFilePw77"}) {
      EXPECT_EQ(to_stdout.out.find(secret), std::string::npos) << format << " stdout";
      EXPECT_EQ(to_stdout.err.find(secret), std::string::npos) << format << " stderr";
      EXPECT_EQ(report.find(secret), std::string::npos) << format << " file";
    }
  }
}

TEST(Cli, NoSecretReachesAnyOutput) {
  std::vector<std::string> uris = read_uri_lines(kSampleUris);
  uris.push_back(
      "mongodb://ops:Zq8%21vN3%40rT6y@h1,h2/?replicaSet=rs&tls=true"
      "&tlsCertificateKeyFilePassword=KeyFilePw77&proxyHost=p&proxyUsername=u"
      "&proxyPassword=ProxyPw88");
  uris.push_back(
      "mongodb://AKIAEXAMPLE:AwsSecret99@h/?authMechanism=MONGODB-AWS"
      "&authMechanismProperties=AWS_SESSION_TOKEN:SessionTok55");
  // Issue 35: property keys name a secret in any case.
  uris.push_back(
      "mongodb://AKIAEXAMPLE:AwsSecret99@h/?authMechanism=MONGODB-AWS"
      "&authMechanismProperties=aws_session_token:LowerTok56");
  uris.push_back(
      "mongodb://AKIAEXAMPLE:AwsSecret99@h/?authMechanism=MONGODB-AWS"
      "&authMechanismProperties=Aws_Session_Token:MixedTok57");
  // A '/' or '?' left unescaped in the user info: the password must not come out as a database
  // name or an option.
  uris.push_back("mongodb://app/svc:SlashPw66@db.example.com:27017/?tls=true");
  uris.push_back("mongodb://app:Quest?MarkPw44@db.example.com/?tls=true");
  std::vector<std::string> secrets = fixture_secrets(uris);
  for (const char* extra : {"KeyFilePw77", "ProxyPw88", "SessionTok55", "SlashPw66", "MarkPw44",
                            "LowerTok56", "MixedTok57"}) {
    secrets.push_back(extra);
  }
  ASSERT_GE(secrets.size(), 12u);

  TempDir dir;
  std::ofstream(dir / "uris.txt") << [&] {
    std::string all;
    for (const auto& uri : uris) all += uri + "\n";
    return all;
  }();
  std::vector<std::vector<std::string>> commands;
  for (const char* format : {"table", "json", "html", "sarif", "junit"}) {
    commands.push_back({"scan", "--uri-file", (dir / "uris.txt").string(), "--format", format});
    commands.push_back({"scan", "--uri-file", (dir / "uris.txt").string(), "--format", format, "-o",
                        (dir / (std::string("report.") + format)).string()});
  }
  for (const std::string& uri : uris) {
    commands.push_back({"scan", uri, "--format", "json"});
    commands.push_back({"parse-uri", uri});
    commands.push_back({"resolve", uri});  // not mongodb+srv: resolves nothing, prints the parse
    commands.push_back({"parse-uri", uri + "&maxPoolSize=x"});
    commands.push_back({"parse-uri", uri + ":0/"});  // invalid: error paths
    commands.push_back({"scan", "--bogus-flag", uri});
    commands.push_back({"parse-uri", uri, "unexpected-extra", uri});
  }
  for (const auto& command : commands) {
    auto result = mongoscan(command);
    std::string files;
    for (const char* format : {"table", "json", "html", "sarif", "junit"}) {
      files += read_file(dir / (std::string("report.") + format));
    }
    for (std::size_t i = 0; i < secrets.size(); ++i) {
      // Name the secret by index only: printing it would leak it into the test log.
      EXPECT_EQ(result.out.find(secrets[i]), std::string::npos)
          << "secret #" << i << " in stdout of " << command[0];
      EXPECT_EQ(result.err.find(secrets[i]), std::string::npos)
          << "secret #" << i << " in stderr of " << command[0];
      EXPECT_EQ(files.find(secrets[i]), std::string::npos)
          << "secret #" << i << " in a report file";
    }
  }
}

// An application's connection string (--app-uri-file) that fails connection rules, with a fake
// password that no output may show.
constexpr const char* kAppPassword = "Ac7!pTq9Zw";

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

fs::path app_uri_file(const TempDir& dir) {
  const fs::path path = dir / "app-uris.txt";
  write_text(path, std::string("mongodb://app:") + kAppPassword + "@db1.acme.io:27017/app\n");
  return path;
}

std::vector<nlohmann::json> failed_findings(const nlohmann::json& report) {
  std::vector<nlohmann::json> failed;
  for (const auto& finding : report["findings"]) {
    if (finding["status"] == "fail") failed.push_back(finding);
  }
  return failed;
}

TEST(Cli, ABaselineOfAppUriFindingsIsNotEmptyAndSuppressesThem) {
  TempDir dir;
  const std::string uris = app_uri_file(dir).string();
  const std::string baseline = (dir / "baseline.json").string();
  const auto unbaselined = mongoscan({"scan", "--app-uri-file", uris, "--format", "json"});
  ASSERT_EQ(unbaselined.exit_code, 1) << "the string fails some connection rule";
  const auto written =
      mongoscan({"scan", "--app-uri-file", uris, "--write-baseline", baseline, "--format", "json"});
  EXPECT_EQ(written.exit_code, 0) << written.err;
  const auto document = nlohmann::json::parse(read_file(baseline));
  EXPECT_FALSE(document["entries"].empty());
  EXPECT_EQ(read_file(baseline).find(kAppPassword), std::string::npos);

  const auto baselined =
      mongoscan({"scan", "--app-uri-file", uris, "--baseline", baseline, "--format", "json"});
  EXPECT_EQ(baselined.exit_code, 0) << baselined.err;
  const auto failed = failed_findings(nlohmann::json::parse(baselined.out));
  ASSERT_FALSE(failed.empty());
  for (const auto& finding : failed) EXPECT_EQ(finding["suppression"], "baseline");
}

// An acceptance file for the app URI: every check on it, by a glob on the redacted string, and
// one entry that matches nothing.
fs::path accept_file(const TempDir& dir, const std::string& expires) {
  const fs::path path = dir / "accept.yaml";
  write_text(path,
             "acceptances:\n"
             "  - check: \"*\"\n"
             "    subject: \"mongodb://app:" +
                 std::string(kAppPassword) +
                 "@db1.acme.io*\"\n"
                 "    reason: lab fixture 42\n"
                 "    expires: " +
                 expires +
                 "\n"
                 "    owner: team-db\n"
                 "  - {check: NET-001, subject: 'gone.acme.io:27017', reason: old lab, "
                 "expires: 2099-01-31}\n");
  return path;
}

TEST(Cli, AcceptedFindingsNeverGateAndShowTheirReasonInEveryFormat) {
  TempDir dir;
  const std::string uris = app_uri_file(dir).string();
  const std::string accept = accept_file(dir, "2099-12-31").string();
  for (const char* format : {"table", "json", "html", "sarif", "junit", "md"}) {
    const auto run = mongoscan({"scan", "--app-uri-file", uris, "--accept", accept, "--format",
                                format, "--fail-on", "info"});
    EXPECT_EQ(run.exit_code, 0) << format << ": " << run.err;
    EXPECT_NE(run.out.find("lab fixture 42"), std::string::npos) << format;
    EXPECT_EQ(run.out.find(kAppPassword), std::string::npos) << format;
    EXPECT_EQ(run.err.find(kAppPassword), std::string::npos) << format;
    if (std::string(format) != "json" && std::string(format) != "sarif" &&
        std::string(format) != "junit") {
      EXPECT_NE(run.out.find("accept.yaml:7: NET-001 on gone.acme.io:27017"), std::string::npos)
          << format << " lists the stale entry";
    }
    if (std::string(format) == "table") {
      EXPECT_NE(run.out.find("ACCEPTED"), std::string::npos);
    }
    if (std::string(format) == "junit") {
      EXPECT_EQ(run.out.find("<failure"), std::string::npos) << run.out;
    }
  }
  const auto json_run =
      mongoscan({"scan", "--app-uri-file", uris, "--accept", accept, "--format", "json"});
  EXPECT_TRUE(testing_support::matches_report_schema(json_run.out));
  const auto report = nlohmann::json::parse(json_run.out);
  const auto failed = failed_findings(report);
  ASSERT_FALSE(failed.empty());
  for (const auto& finding : failed) {
    EXPECT_EQ(finding["suppression"], "accepted");
    EXPECT_EQ(finding["acceptance"]["reason"], "lab fixture 42");
    EXPECT_EQ(finding["acceptance"]["expires"], "2099-12-31");
    EXPECT_EQ(finding["acceptance"]["owner"], "team-db");
  }
  ASSERT_EQ(report["stale_acceptances"].size(), 1u);
  EXPECT_TRUE(
      report["stale_acceptances"][0]["origin"].get<std::string>().ends_with("accept.yaml:7"));
  EXPECT_EQ(report["stale_acceptances"][0]["check"], "NET-001");

  const auto sarif =
      mongoscan({"scan", "--app-uri-file", uris, "--accept", accept, "--format", "sarif"});
  // Named: a range-for over a member of a temporary would read a destroyed document (C++20).
  const auto sarif_log = nlohmann::json::parse(sarif.out);
  std::size_t failed_results = 0;
  for (const auto& result : sarif_log["runs"][0]["results"]) {
    if (result["properties"]["status"] != "fail") continue;
    ++failed_results;
    EXPECT_EQ(result["suppressions"][0]["kind"], "external");
    EXPECT_EQ(result["suppressions"][0]["justification"], "lab fixture 42");
  }
  EXPECT_GT(failed_results, 0u);
}

// Issue 36 item 2: every code and config finding carries its file's context; only production and
// example gate by default, the policy chooses, --context overrides, and every format shows it.
TEST(Cli, FindingsCarryTheirFilesContextAndOnlyGatingContextsGate) {
  const fs::path fixtures = fs::path(MONGOSCAN_SOURCE_DIR) / "fixtures" / "contexts";
  std::ifstream manifest_file(fixtures / "contexts.json");
  const auto manifest = nlohmann::json::parse(manifest_file)["files"];
  const std::string root = (fixtures / "shop").string();
  const auto json_run = mongoscan({"scan", "--config-path", root, "--format", "json"});
  EXPECT_EQ(json_run.exit_code, 1) << json_run.err;
  EXPECT_TRUE(testing_support::matches_report_schema(json_run.out));
  std::set<std::string> files_with_findings, gating_files;
  const auto report = nlohmann::json::parse(json_run.out);
  for (const auto& finding : report["findings"]) {
    if (finding["status"] != "fail" && finding["status"] != "warn") continue;
    const std::string file =
        fs::relative(finding["subject"]["file"].get<std::string>(), fixtures.string()).string();
    ASSERT_TRUE(manifest.contains(file)) << file;
    files_with_findings.insert(file);
    EXPECT_EQ(finding["subject"]["context"], manifest[file]) << file << " " << finding["check_id"];
    const bool gates = manifest[file] == "production" || manifest[file] == "example";
    EXPECT_EQ(finding["severity"] == "info", !gates) << file << " " << finding["check_id"];
    if (!gates) {
      EXPECT_TRUE(finding["evidence"].contains("severity_where_gating")) << file;
    }
    if (finding["status"] == "fail" && finding["severity"] == "high") gating_files.insert(file);
  }
  EXPECT_EQ(files_with_findings.size(), manifest.size()) << "every fixture file has a finding";
  EXPECT_EQ(gating_files, (std::set<std::string>{"shop/src/config/database.yml",
                                                 "shop/examples/docker-compose.example.yml"}));

  // Only test files in the tree: nothing gates. --context production: everything does.
  const std::string tests_only = (fixtures / "shop" / "test").string();
  EXPECT_EQ(mongoscan({"scan", "--config-path", tests_only}).exit_code, 0);
  EXPECT_EQ(mongoscan({"scan", "--config-path", tests_only, "--context", "production"}).exit_code,
            1);
  EXPECT_EQ(mongoscan({"scan", "--config-path", root, "--context", "test"}).exit_code, 0);
  const auto wrong = mongoscan({"scan", "--config-path", root, "--context", "tests"});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("--context"), std::string::npos) << wrong.err;
  TempDir dir;
  write_text(dir / "policy.json", R"({"gating_contexts": ["production", "example", "test"]})");
  EXPECT_EQ(
      mongoscan({"scan", "--config-path", tests_only, "--policy", (dir / "policy.json").string()})
          .exit_code,
      1);

  for (const char* format : {"table", "html", "junit", "md"}) {
    const auto run = mongoscan({"scan", "--config-path", root, "--format", format});
    EXPECT_NE(run.out.find("[test]"), std::string::npos) << format;
    EXPECT_NE(run.out.find("[documentation]"), std::string::npos) << format;
    EXPECT_NE(run.out.find("[production]"), std::string::npos) << format;
  }
  const auto sarif = mongoscan({"scan", "--config-path", root, "--format", "sarif"});
  std::set<std::string> sarif_contexts;
  const auto sarif_log = nlohmann::json::parse(sarif.out);
  for (const auto& result : sarif_log["runs"][0]["results"])
    sarif_contexts.insert(result["properties"]["context"].get<std::string>());
  EXPECT_EQ(sarif_contexts,
            (std::set<std::string>{"production", "example", "test", "documentation"}));
}

// Issue 36 item 1: TLS switched on beside a connection string found in a file is the string's.
TEST(Cli, TlsSwitchedOnBesideAFoundConnectionStringCountsForConn009) {
  TempDir dir;
  fs::create_directories(dir / "on");
  fs::create_directories(dir / "off");
  write_text(dir / "on" / "application.properties",
             "spring.data.mongodb.uri=mongodb://db1.acme.io,db2.acme.io/app\n"
             "spring.data.mongodb.ssl.enabled=true\n");
  write_text(dir / "off" / "application.properties",
             "spring.data.mongodb.uri=mongodb://db3.acme.io,db4.acme.io/app\n");
  const auto run = mongoscan(
      {"scan", "--config-path", dir.path().string(), "--format", "json", "--fail-on", "none"});
  const auto report = nlohmann::json::parse(run.out);
  std::map<std::string, std::string> tls_verdicts;
  for (const auto& finding : report["findings"]) {
    if (finding["check_id"] != "CONN-009") continue;
    const std::string file =
        fs::path(finding["subject"]["file"].get<std::string>()).parent_path().filename();
    tls_verdicts[file] = finding["status"];
    if (file == "on") {
      EXPECT_EQ(finding["evidence"]["tls_around"], "ssl.enabled=true nearby");
    }
  }
  EXPECT_EQ(tls_verdicts, (std::map<std::string, std::string>{{"off", "fail"}, {"on", "pass"}}));
}

// Issue 35 item 1: a connection string with credentials inside any text mongoscan echoes (an
// acceptance's subject, reason and owner, an environment's name and tags, an inventory's
// config_paths, --sarif-help-base), the scheme in any case and anywhere in the text, reaches no
// output with its password: every format, stdout and stderr.
TEST(Cli, AConnectionStringInAnyTextEchoedLosesItsPasswordInEveryFormat) {
  TempDir dir;
  const std::string uris = app_uri_file(dir).string();
  write_text(
      dir / "accept.yaml",
      "acceptances:\n"
      "  - check: \"*\"\n"
      "    subject: \"mongodb://app:" +
          std::string(kAppPassword) +
          "@db1.acme.io*\"\n"
          "    reason: \"as agreed, see Mongodb://ops:ReasonPw41@notes.acme.io\"\n"
          "    expires: 2099-12-31\n"
          "    owner: \"team mongodb+SRV://own:OwnerPw42@owners.acme.io\"\n"
          "  - {check: NET-001, subject: 'x MONGODB://st:StalePw43@gone.acme.io', reason: old, "
          "expires: 2099-01-31}\n");
  write_text(dir / "inventory.yaml",
             "environments:\n"
             "  - name: \"apps MONGODB://env:EnvNamePw44@h1.acme.io\"\n"
             "    app_uri_files: [app-uris.txt]\n"
             "    tags: {team: \"Mongodb://tag:TagPw45@h2.acme.io\"}\n"
             "  - name: files\n"
             "    config_paths: [\"gone mongodb://path:PathPw46@h3.acme.io\"]\n");
  const std::vector<std::string> secrets = {kAppPassword,  "ReasonPw41", "OwnerPw42", "StalePw43",
                                            "EnvNamePw44", "TagPw45",    "PathPw46",  "HelpPw47"};
  for (const char* format : {"table", "json", "html", "sarif", "junit", "md"}) {
    const fs::path file = dir / (std::string("report.") + format);
    const auto run = mongoscan(
        {"scan", "--inventory", (dir / "inventory.yaml").string(), "--accept",
         (dir / "accept.yaml").string(), "--format", format, "--sarif-help-base",
         "https://help.acme.io/MONGODB://help:HelpPw47@h4.acme.io/", "-o", file.string()});
    const std::string report = read_file(file);
    ASSERT_FALSE(report.empty()) << format << ": " << run.exit_code;
    EXPECT_NE(report.find("as agreed"), std::string::npos) << format;
    for (std::size_t i = 0; i < secrets.size(); ++i) {
      // Named by index only: printing a secret would put it into the test log.
      EXPECT_EQ(report.find(secrets[i]), std::string::npos) << format << " file, secret #" << i;
      EXPECT_EQ(run.out.find(secrets[i]), std::string::npos) << format << " stdout, secret #" << i;
      EXPECT_EQ(run.err.find(secrets[i]), std::string::npos) << format << " stderr, secret #" << i;
    }
  }
}

TEST(Cli, AnExpiredAcceptanceGatesAgainAndSaysItExpired) {
  TempDir dir;
  const std::string uris = app_uri_file(dir).string();
  const std::string accept = accept_file(dir, "2020-01-31").string();
  const auto run =
      mongoscan({"scan", "--app-uri-file", uris, "--accept", accept, "--format", "json"});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const auto failed = failed_findings(nlohmann::json::parse(run.out));
  ASSERT_FALSE(failed.empty());
  for (const auto& finding : failed) {
    EXPECT_FALSE(finding.contains("suppression"));
    EXPECT_EQ(finding["acceptance"]["expired"], true);
    EXPECT_NE(finding["message"].get<std::string>().find("acceptance expired on 2020-01-31"),
              std::string::npos);
  }
}

TEST(Cli, AnAcceptanceWithoutReasonIsAOneLineErrorNamingFileAndLine) {
  TempDir dir;
  const fs::path accept = dir / "accept.yaml";
  write_text(accept, "acceptances:\n  - check: APP-002\n    subject: x\n    expires: 2099-01-01\n");
  const auto run = mongoscan(
      {"scan", "--app-uri-file", app_uri_file(dir).string(), "--accept", accept.string()});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "mongoscan: error: --accept " + accept.string() + ":2: \"reason\" is required\n");
}

}  // namespace
}  // namespace cli_test
}  // namespace mongoscan
