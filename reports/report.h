#pragma once
// The one model every reporter renders. Reporters never decide pass or fail.

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checks/acceptance.h"
#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/packed_evidence.h"
#include "checks/scan_coverage.h"
#include "reports/cloud_part.h"
#include "reports/reported_finding.h"
#include "reports/reported_findings.h"
#include "reports/status_counts.h"
#include "scanner/errors/result.h"
#include "scanner/facts/skipped_file.h"

namespace mongoscan {

// A subject as reports print it: "host:port", "path:line:column" or the redacted URI. The
// subject's identity in histories and self-check columns: never its context.
std::string describe(const Subject& subject);

// describe(), with a file subject's context after it: "app/test/seed.js:4:9 [test]".
std::string describe_with_context(const Subject& subject);

struct NodeSummary {
  std::string address;               // "host:port"
  std::string origin;                // how the scan found it: seed, hello or replSetGetStatus
  std::string named_by;              // the node whose reply named it; empty for seeds
  std::vector<std::string> aliases;  // other names that reached the same node
  std::string role;                  // primary, secondary, arbiter, mongos, standalone, unknown
  std::string version;
  // JSON objects, packed: a fleet's summaries are kept to the end of the scan.
  PackedEvidence tls = PackedEvidence::of(nlohmann::json::object());
  // The scanning account: user, roles.
  PackedEvidence authentication = PackedEvidence::of(nlohmann::json::object());
  // What each diagnostic command returned: {"buildInfo": {"state": "ok"}, "usersInfo":
  // {"state": "not_permitted", "message": ...}}, before and after authentication.
  PackedEvidence commands = PackedEvidence::of(nlohmann::json::object());
  std::vector<Error> errors;  // one per phase that failed
  // The managed deployment it is part of (ManagedDeploymentSummary::subject); empty when no cloud
  // account read names it.
  std::string managed_by = {};
};

// How the scan found a node, as reports print it: "seed", "hello of db1:27017" or
// "replSetGetStatus of db1:27017", then "; also <alias>, ..." for its other names.
std::string describe_origin(const NodeSummary& node);

// One part of a sharded cluster: the config server set or a shard, and its nodes' addresses
// (TargetSummary::nodes holds their facts).
struct ClusterPartSummary {
  std::string name;      // the shard's id, or the config server set's name
  std::string set_name;  // the replica set's name
  std::vector<std::string> members;
};

struct RouterSummary {
  std::string address;
  std::string reached;         // the mongos's own host:port (serverStatus host); empty if unknown
  bool load_balancer = false;  // an address in front of `reached`, not a mongos itself
};

// A mongos config.mongos still lists that stopped pinging: reported, never probed.
struct StaleMongosSummary {
  std::string address;
  std::string last_ping;  // RFC 3339, UTC; empty when it never pinged
  std::string version;
};

// A sharded cluster as a tree: its mongos, config server set and shards.
struct ClusterSummary {
  std::vector<RouterSummary> mongos;
  std::optional<ClusterPartSummary> config_servers;
  std::vector<ClusterPartSummary> shards;
  std::vector<StaleMongosSummary> stale_mongos;
  std::vector<std::string> unplaced;  // nodes no part claims (a seed that never answered)
};

struct TargetSummary {
  std::string uri;                   // redacted
  std::string topology = "unknown";  // replica_set, sharded, standalone, load_balanced, unknown
  std::vector<NodeSummary> nodes;
  std::optional<ClusterSummary> cluster;  // sharded clusters only
  std::string environment = {};           // the inventory environment; empty without one
};

// How much the scan did: for audits and for the fleet benchmark.
struct ScanStatistics {
  std::size_t nodes = 0;                  // nodes in the report, probed or found unreachable
  std::size_t concurrency = 0;            // probes allowed at once
  std::size_t scram_key_derivations = 0;  // PBKDF2 runs: one per user, salt and iteration count
};

// What a config scan (--config-path, --files-from) covered.
struct ConfigScanSummary {
  std::vector<std::string> roots;  // the paths given
  std::size_t files_scanned = 0;
  std::uint64_t bytes_scanned = 0;
  std::vector<SkippedFile> skipped;  // every file not read, with the reason
  // Candidates each named suppression rule dropped: {"placeholder-template": 3, ...}.
  std::map<std::string, std::size_t> suppressed_by_rule;
  std::size_t connection_strings_not_judged = 0;  // distinct strings past the scan's limit
};

// Adds what another config scan of the same run covered (an inventory's environments each scan
// their own paths; the shards of a run are merged).
void add_config_scan(ConfigScanSummary& to, const ConfigScanSummary& from);

// A failing finding as the history knows it (reports/history/): its identity and what it said.
struct ChangedFinding {
  std::string fingerprint;
  std::string check_id;
  Severity severity;
  std::string subject;  // describe(subject)
  std::string message;
  std::string first_seen;  // RFC 3339: the first run of the environment where it failed
  std::string now = {};    // unverified only: "absent", "error", "skipped" or "suppressed"
};

// Counts by severity are kept in arrays critical first: a severity's index there, and the
// severity at an index.
constexpr std::size_t severity_index(Severity severity) {
  return 4 - static_cast<std::size_t>(severity);
}
constexpr Severity severity_at(std::size_t index) { return static_cast<Severity>(4 - index); }

// One run of an environment in its trend: when, whether it was scanned, and its unsuppressed
// fails by severity, critical first (index: 4 - severity). An environment not scanned in a run
// has no counts there, never zeros.
struct TrendPoint {
  std::string started_at;  // RFC 3339
  bool scanned = true;
  std::array<int, 5> failing_by_severity{};
};

// Runs a trend shows at most: this one and the ones before it.
inline constexpr std::size_t kTrendRuns = 12;

// What changed in an environment since its previous run in the history (scan --history). A
// fingerprint failing before that is neither failing nor passing now is unverified, never fixed.
struct EnvironmentChanges {
  std::optional<std::string> previous_run;   // its started_at; none: the first run, all is new
  std::vector<ChangedFinding> new_findings;  // failing now, not failing in the previous run
  std::vector<ChangedFinding> fixed;         // failing then, a pass now
  std::vector<ChangedFinding> unverified;  // failing then; absent, error, skipped or suppressed now
  std::vector<ChangedFinding> unchanged;   // failing then and now
  std::vector<TrendPoint> trend = {};      // its last kTrendRuns runs, oldest first, this one last
};

// One environment of an inventory scan (scan --inventory): which it is and how it fared. Its
// targets and findings name it. A scan without an inventory that keeps a history is one
// environment named "default".
struct EnvironmentSummary {
  std::string name;
  std::map<std::string, std::string> tags;
  std::string error;        // why it was not scanned (its account or policy is unusable); or empty
  bool gate_fails = false;  // one of its findings fails the gate
  ScanCoverage coverage;    // what its scan could not look at
  std::optional<EnvironmentChanges> changes = {};  // with a history only
};

// "not scanned", "fail", "incomplete" or "pass": the environment's verdict at the gate.
std::string_view verdict_of(const EnvironmentSummary& environment);

// The gate a run was judged at (scan --fail-on and --fail-on-new, merge --fail-on-new).
struct GateRule {
  std::optional<Severity> fail_on;      // a failing finding at or above it fails; none: nothing
  std::optional<Severity> fail_on_new;  // a new failing finding at or above it fails; none: off
};

// The gate in words, e.g. "--fail-on high: a failing finding of high severity or above fails".
std::string gate_text(const GateRule& gate);

struct Report {
  std::string tool_name = "mongoscan";
  std::string tool_version;
  std::string started_at;           // RFC 3339, UTC
  std::string finished_at;          // RFC 3339, UTC
  std::vector<std::string> inputs;  // redacted URIs and file paths, as given
  std::vector<TargetSummary> targets;
  ReportedFindings findings;
  ScanStatistics statistics;
  std::optional<ConfigScanSummary> config_scan;    // present when the scan read files
  ScanCoverage coverage;                           // what the scan could not look at
  std::vector<StaleAcceptance> stale_acceptances;  // --accept entries that matched nothing
  std::vector<EnvironmentSummary> environments;    // an inventory's, in its order; else none
  std::optional<GateRule> gate;  // none: not recorded (a report of an older mongoscan)
  std::vector<CloudAccountSummary> clouds = {};  // the Cloud part: each provider account read

  // The findings' counts (kept as they are added: ReportedFindings::counts_by_environment).
  StatusCounts summary() const;
  // Each environment's counts (an environment without findings has none).
  const std::map<std::string, StatusCounts, std::less<>>& environment_summaries() const;
};

// The run's verdict at its gate: "fail" when a finding fails the gate, else "incomplete" when the
// scan could not look at everything (never a pass then), else "pass".
std::string_view verdict_of(const Report& report);

}  // namespace mongoscan
