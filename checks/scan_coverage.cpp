#include "checks/scan_coverage.h"

#include <algorithm>

#include "checks/text_list.h"

namespace mongoscan {
namespace {

std::string counted(std::size_t count, std::string_view one, std::string_view many,
                    std::string_view what) {
  return std::to_string(count) + " " + std::string(count == 1 ? one : many) + " " +
         std::string(what);
}

}  // namespace

bool ScanCoverage::complete() const {
  return nodes_not_scanned == 0 && nodes_in_part == 0 && members_not_probed == 0 &&
         checks_in_error == 0 && files_not_scanned == 0 && !timed_out &&
         environments_not_scanned == 0;
}

ScanCoverage& ScanCoverage::operator+=(const ScanCoverage& other) {
  nodes_not_scanned += other.nodes_not_scanned;
  nodes_in_part += other.nodes_in_part;
  members_not_probed += other.members_not_probed;
  checks_in_error += other.checks_in_error;
  files_not_scanned += other.files_not_scanned;
  timed_out = timed_out || other.timed_out;
  environments_not_scanned += other.environments_not_scanned;
  return *this;
}

std::string ScanCoverage::statement() const {
  if (complete()) return "complete";
  std::vector<std::string> parts;
  if (nodes_not_scanned > 0)
    parts.push_back(counted(nodes_not_scanned, "node", "nodes", "not scanned"));
  if (nodes_in_part > 0)
    parts.push_back(
        counted(nodes_in_part, "node", "nodes", "scanned in part (a probe step failed)"));
  if (members_not_probed > 0)
    parts.push_back(counted(members_not_probed, "member", "members", "not probed (member cap)"));
  if (checks_in_error > 0) parts.push_back(counted(checks_in_error, "check", "checks", "in error"));
  if (files_not_scanned > 0)
    parts.push_back(counted(files_not_scanned, "file", "files",
                            "not scanned (not found, unreadable or an internal error)"));
  if (environments_not_scanned > 0) {
    parts.push_back(
        counted(environments_not_scanned, "environment", "environments", "not scanned"));
  }
  if (timed_out) parts.push_back("the scan timeout ended the scan");
  return "incomplete: " + join(parts);
}

ScanCoverage assess_coverage(const std::vector<DeploymentFacts>& deployments,
                             const ConfigFacts* config, std::span<const Finding> findings,
                             bool timed_out) {
  ScanCoverage coverage;
  coverage.timed_out = timed_out;
  for (const DeploymentFacts& deployment : deployments) {
    coverage.members_not_probed += deployment.members_not_probed;
    for (const NodeFacts& node : deployment.nodes) {
      if (!node.hello) {
        ++coverage.nodes_not_scanned;
      } else if (!node.errors.empty()) {
        ++coverage.nodes_in_part;
      }
    }
  }
  if (config) {
    // A file whose text scan or infrastructure reader met an internal error was not looked at
    // as a whole, nor was a path the scan was given (an inventory's config_paths) that is not
    // there or cannot be read: the scan is incomplete, never a pass.
    const auto internal_error = [](const SkippedFile& file) {
      return file.reason == kInternalErrorReason;
    };
    const auto not_looked_at = [&](const SkippedFile& file) {
      const bool root =
          std::find(config->roots.begin(), config->roots.end(), file.path) != config->roots.end();
      return internal_error(file) ||
             (root && (file.reason == "not found" || file.reason.starts_with("unreadable")));
    };
    coverage.files_not_scanned = static_cast<std::size_t>(
        std::count_if(config->skipped.begin(), config->skipped.end(), not_looked_at) +
        std::count_if(config->infrastructure_unread.begin(), config->infrastructure_unread.end(),
                      internal_error));
  }
  coverage.checks_in_error = static_cast<std::size_t>(
      std::count_if(findings.begin(), findings.end(), [](const Finding& finding) {
        return finding.status == Status::error && finding.suppression.empty();
      }));
  return coverage;
}

}  // namespace mongoscan
