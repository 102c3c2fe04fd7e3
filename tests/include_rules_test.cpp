// The architecture's include rules (docs/guide/architecture.md), held against every source file.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace include_rules_test {
namespace {

namespace fs = std::filesystem;

// The scanner's folders from the bottom up: a folder includes its own files and those of folders
// of a lower rank. Folders of one rank do not include each other.
int scanner_rank(const std::string& folder) {
  // What every folder shares: Result, Secret and digests, ASCII case, UTC time, owned file
  // descriptors.
  if (folder == "scanner/errors" || folder == "scanner/secrets" || folder == "scanner/text" ||
      folder == "scanner/time" || folder == "scanner/posix") {
    return 0;
  }
  if (folder == "scanner/bson" || folder == "scanner/uri") return 1;
  if (folder == "scanner/facts") return 2;
  if (folder == "scanner/wire" || folder == "scanner/infra") return 3;
  if (folder == "scanner/auth" || folder == "scanner/dns" || folder == "scanner/config_scan" ||
      folder == "scanner/cloud/http") {
    return 4;
  }
  if (folder == "scanner/probe" || folder == "scanner/cloud") return 5;
  if (folder == "scanner/discovery" || folder == "scanner/data_model" ||
      folder == "scanner/cloud/tencentcloud" || folder == "scanner/cloud/atlas") {
    return 6;
  }
  if (folder == "scanner/cli") return 7;
  return -1;
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

// What checks/ and reports/ may read of the scanner: facts and the formats they are made of.
bool is_fact_type(const std::string& folder) {
  return scanner_rank(folder) == 0 || folder == "scanner/facts" || folder == "scanner/uri" ||
         folder == "scanner/bson";
}

// Why `file` may not include `header` (both paths from the source root), or nothing when it may.
std::optional<std::string> include_violation(const std::string& file, const std::string& header) {
  const std::string from = fs::path(file).parent_path().string();
  const std::string to = fs::path(header).parent_path().string();
  if (starts_with(from, "scanner")) {
    if (from == "scanner/cli") return std::nullopt;  // the composition root
    if (starts_with(to, "checks") || starts_with(to, "reports")) {
      return "a gatherer includes " + to + "/ (only scanner/cli/ joins gathering to judging)";
    }
    if (to == from) return std::nullopt;
    const int from_rank = scanner_rank(from);
    const int to_rank = scanner_rank(to);
    if (from_rank < 0 || to_rank < 0) return "a scanner folder the rules do not place";
    if (to_rank >= from_rank) return "includes upwards or sideways: " + from + " -> " + to;
    return std::nullopt;
  }
  if (starts_with(from, "checks")) {
    if (starts_with(to, "checks") || is_fact_type(to)) return std::nullopt;
    return "a check depends on " + to + "/, not on facts";
  }
  if (starts_with(from, "reports")) {
    if (starts_with(to, "reports") || starts_with(to, "checks") || is_fact_type(to)) {
      return std::nullopt;
    }
    return "a report depends on " + to + "/, not on findings and facts";
  }
  return std::nullopt;
}

// Why a check may not include this system header, or nothing: checks are pure functions of facts,
// so none touches a file, a socket, a thread or the terminal.
std::optional<std::string> io_header_violation(const std::string& file, const std::string& header) {
  if (!starts_with(file, "checks")) return std::nullopt;
  for (const char* io : {"fstream", "iostream", "filesystem", "thread", "unistd.h", "fcntl.h",
                         "poll.h", "sys/socket.h", "netdb.h", "ares.h", "openssl/ssl.h"}) {
    if (header == io) return "a check does I/O through <" + header + ">";
  }
  return std::nullopt;
}

TEST(IncludeRules, TheRulesRefuseWhatTheArchitectureForbids) {
  EXPECT_TRUE(include_violation("checks/server/network.cpp", "scanner/wire/tcp_connection.h"));
  EXPECT_TRUE(include_violation("scanner/probe/probe.cpp", "checks/finding.h"));
  EXPECT_TRUE(include_violation("scanner/wire/tls_stream.cpp", "scanner/dns/dns_resolver.h"));
  EXPECT_TRUE(include_violation("scanner/auth/scram.cpp", "scanner/dns/dns_resolver.h"));
  EXPECT_TRUE(include_violation("scanner/facts/node_facts.h", "scanner/auth/authentication.h"));
  EXPECT_TRUE(include_violation("reports/report.h", "scanner/config_scan/file_walk.h"));
  EXPECT_TRUE(include_violation("scanner/new_folder/x.cpp", "scanner/errors/result.h"));

  EXPECT_FALSE(include_violation("scanner/cli/scan_command.cpp", "checks/registry.h"));
  EXPECT_FALSE(include_violation("scanner/probe/probe.cpp", "scanner/wire/mongo_connection.h"));
  EXPECT_FALSE(include_violation("checks/server/network.cpp", "scanner/facts/node_facts.h"));
  EXPECT_FALSE(include_violation("reports/report.h", "checks/finding.h"));

  EXPECT_TRUE(io_header_violation("checks/policy.cpp", "fstream"));
  EXPECT_FALSE(io_header_violation("checks/policy.cpp", "string"));
  EXPECT_FALSE(io_header_violation("reports/atomic_file.cpp", "fcntl.h"));
}

TEST(IncludeRules, EverySourceFileKeepsThem) {
  const fs::path root = MONGOSCAN_SOURCE_DIR;
  const std::regex include_line(R"re(^\s*#\s*include\s+"([^"]+)")re");
  const std::regex system_include_line(R"re(^\s*#\s*include\s+<([^>]+)>)re");
  std::size_t files = 0;
  for (const char* tree : {"scanner", "checks", "reports"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / tree)) {
      const std::string extension = entry.path().extension().string();
      if (!entry.is_regular_file() ||
          (extension != ".h" && extension != ".cpp" && extension != ".in")) {
        continue;
      }
      ++files;
      const std::string file = fs::relative(entry.path(), root).string();
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        std::smatch match;
        if (std::regex_search(line, match, system_include_line)) {
          const auto violation = io_header_violation(file, match[1].str());
          EXPECT_FALSE(violation) << file << ":" << number << ": " << violation.value_or("");
          continue;
        }
        if (!std::regex_search(line, match, include_line)) continue;
        const auto violation = include_violation(file, match[1].str());
        EXPECT_FALSE(violation) << file << ":" << number << " includes " << match[1].str() << ": "
                                << violation.value_or("");
      }
    }
  }
  EXPECT_GT(files, 100u) << "the walk found too few sources under " << root;
}

}  // namespace
}  // namespace include_rules_test
