// What `cmake --install` and the .deb that CPack builds put on a machine, and that the installed
// binary runs there: its version, a --no-probe scan with the installed example policy. The .deb's
// Depends come from dpkg-shlibdeps, and lintian finds no error but the accepted ones.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "scanner/cli/version.h"
#include "tests/support/file_text.h"
#include "tests/support/process.h"
#include "tests/support/report_schema.h"
#include "tests/support/temp_tree.h"

namespace mongoscan {
namespace install_test {
namespace {

namespace fs = std::filesystem;
using testing_support::ProcessResult;
using testing_support::run_process;

const std::string kBuildDir = MONGOSCAN_BUILD_DIR;

// Under the installation prefix.
const std::vector<std::string> kInstalledFiles = {
    "bin/mongoscan",
    "share/man/man1/mongoscan.1.gz",
    "share/bash-completion/completions/mongoscan",
    "share/zsh/vendor-completions/_mongoscan",
    "share/fish/vendor_completions.d/mongoscan.fish",
    "share/mongoscan/report.schema.json",
    "share/mongoscan/checks.json",
    "share/mongoscan/example-policy.json",
    "share/mongoscan/inventory.yaml",
};

// lintian's errors on the .deb that are accepted, each with the reason.
const std::map<std::string, std::string> kAcceptedLintianErrors = {
    {"no-copyright-file",
     "the project has not chosen a licence yet: a copyright file would have to invent one"},
    {"no-changelog",
     "the project keeps no release changelog yet; the version comes from CMake's project()"},
};

// The installed binary answers `version` and scans a connection string with the installed
// example policy; the installed catalogue is what it prints.
void expect_installed_binary_runs(const std::string& prefix) {
  const std::string binary = prefix + "/bin/mongoscan";
  const ProcessResult version = run_process({binary, "version"});
  EXPECT_EQ(version.exit_code, 0) << version.err;
  EXPECT_EQ(version.out, std::string("mongoscan ") + kVersion + "\n");
  const ProcessResult scan = run_process(
      {binary, "scan", "--no-probe", "--policy", prefix + "/share/mongoscan/example-policy.json",
       "--format", "json", "mongodb://db.example.com:27017/orders?replicaSet=rs0"},
      "", testing_support::kHangGuard, {"NO_COLOR"});
  EXPECT_TRUE(scan.exit_code == 0 || scan.exit_code == 1) << scan.exit_code << ": " << scan.err;
  EXPECT_TRUE(testing_support::matches_report_schema(scan.out));
  const ProcessResult catalogue = run_process({binary, "checks", "--format", "json"});
  EXPECT_EQ(testing_support::read_file(prefix + "/share/mongoscan/checks.json"), catalogue.out);
}

void expect_installed_files(const std::string& prefix) {
  for (const std::string& file : kInstalledFiles) {
    EXPECT_TRUE(fs::is_regular_file(prefix + "/" + file)) << file << " is not installed";
  }
  const ProcessResult page =
      run_process({"gzip", "-dc", prefix + "/share/man/man1/mongoscan.1.gz"});
  EXPECT_EQ(page.out, testing_support::read_file(kBuildDir + "/mongoscan.1"));
}

TEST(Install, CmakeInstallPutsEachFileInItsPlace) {
  testing_support::TempTree tree;
  const ProcessResult install = run_process(
      {"cmake", "--install", kBuildDir, "--prefix", tree.path("usr")}, "", std::chrono::minutes(2));
  ASSERT_EQ(install.exit_code, 0) << install.out << install.err;
  expect_installed_files(tree.path("usr"));
  expect_installed_binary_runs(tree.path("usr"));
}

// One field of the .deb's control file.
std::string control_field(const std::string& deb, const std::string& field) {
  std::string value = run_process({"dpkg-deb", "--field", deb, field}).out;
  while (!value.empty() && value.back() == '\n') value.pop_back();
  return value;
}

// The tags of lintian's errors ("E: mongoscan: no-copyright-file" -> "no-copyright-file").
std::set<std::string> lintian_errors(const std::string& output) {
  std::set<std::string> tags;
  const std::regex error(R"(^E: [^:]+: ([a-z0-9-]+))");
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (std::smatch match; std::regex_search(line, match, error)) tags.insert(match[1]);
  }
  return tags;
}

TEST(Install, TheDebianPackageDependsOnItsLibrariesAndInstallsARunningBinary) {
  if (run_process({"dpkg-shlibdeps", "--version"}).exit_code != 0) {
    GTEST_SKIP() << "dpkg-shlibdeps is not installed (Debian dpkg-dev): no .deb can be built";
  }
  testing_support::TempTree tree;
  const ProcessResult package = run_process(
      {"cpack", "-G", "DEB", "--config", kBuildDir + "/CPackConfig.cmake", "-B", tree.path("out")},
      "", std::chrono::minutes(3));
  ASSERT_EQ(package.exit_code, 0) << package.out << package.err;
  std::string architecture = run_process({"dpkg", "--print-architecture"}).out;  // "amd64\n"
  architecture.pop_back();
  const std::string deb =
      tree.path(std::string("out/mongoscan_") + kVersion + "-1_" + architecture + ".deb");
  ASSERT_TRUE(fs::is_regular_file(deb)) << deb << "\n" << package.out;

  EXPECT_EQ(control_field(deb, "Package"), "mongoscan");
  EXPECT_EQ(control_field(deb, "Version"), std::string(kVersion) + "-1");
  const std::string depends = control_field(deb, "Depends");
  for (const std::string library : {"libssl3", "libc-ares2", "liburing2", "libicu", "libyaml-cpp",
                                    "libsqlite3", "libcurl4 (>= 7.85.0)"}) {
    EXPECT_NE(depends.find(library), std::string::npos) << library << " not in: " << depends;
  }

  const ProcessResult unpacked = run_process({"dpkg-deb", "-x", deb, tree.path("root")});
  ASSERT_EQ(unpacked.exit_code, 0) << unpacked.err;
  expect_installed_files(tree.path("root/usr"));
  expect_installed_binary_runs(tree.path("root/usr"));

  if (run_process({"lintian", "--version"}).exit_code != 0) {
    GTEST_SKIP() << "lintian is not installed (Debian lintian): the package was not linted";
  }
  const ProcessResult lint =
      run_process({"lintian", "--tag-display-limit", "0", deb}, "", std::chrono::minutes(2));
  for (const std::string& tag : lintian_errors(lint.out)) {
    EXPECT_TRUE(kAcceptedLintianErrors.contains(tag)) << "lintian error " << tag << "\n"
                                                      << lint.out;
  }
}

}  // namespace
}  // namespace install_test
}  // namespace mongoscan
