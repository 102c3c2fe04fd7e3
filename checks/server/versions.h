#pragma once
// The versions family, judged against the compiled-in release data (checks/server/release_data.h):
// VER-001 (every member runs a supported release series; members agree) per deployment, because
// agreement needs every member at once and one finding lists each member's version; VER-002 (no
// known CVE applies to the node's version and configuration) and VER-003 (the latest patch of the
// series) per node. On release data older than kReleaseDataFreshDays none of them passes.

#include <chrono>
#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/policy.h"
#include "checks/server/release_data.h"
#include "checks/verdict.h"
#include "scanner/facts/deployment_facts.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& versions_specs();

// VER-001 about Subject::uri(deployment.redacted_uri), on today's date (UTC).
std::vector<Finding> check_versions(const DeploymentFacts& deployment, const Policy& policy);

// VER-001 on `today`, against `data`: what check_versions runs, with the date and data injected.
Finding check_supported_versions(const DeploymentFacts& deployment, const Policy& policy,
                                 std::chrono::year_month_day today,
                                 const Result<ReleaseData>& data = release_data());

// A version a control plane reports (an Atlas cluster's mongoDBVersion, `source` naming the
// field) judged as VER-001 judges a member's and against the CVEs VER-002 lists: fail past its
// series' end of life, for a series MongoDB does not list, or when a CVE that needs no condition
// applies to it; warn when newer than the data or when only a CVE with a condition the control
// plane does not show (a compressor, TLS without a CA file, sharding) may apply; error without
// data or a version.
Verdict judge_reported_version(std::string_view version, std::string_view source,
                               std::chrono::year_month_day today,
                               const Result<ReleaseData>& data = release_data());

// VER-002 and VER-003 about Subject::node(facts.address()), on today's date (UTC). Each one's
// severity is the highest of the CVEs behind a fail, unless the policy overrides the check's.
std::vector<Finding> check_node_versions(const NodeFacts& facts, const Policy& policy);

// VER-002 on `today` against `data`.
Finding check_known_cves(const NodeFacts& facts, const Policy& policy,
                         std::chrono::year_month_day today,
                         const Result<ReleaseData>& data = release_data());

// VER-003 on `today` against `data`: warn behind the series' latest patch release, fail when a
// later patch of the series fixes a listed CVE the version is in range of (whatever its
// condition), skipped where the data names no latest patch of the series.
Finding check_patch_level(const NodeFacts& facts, const Policy& policy,
                          std::chrono::year_month_day today,
                          const Result<ReleaseData>& data = release_data());

}  // namespace mongoscan
