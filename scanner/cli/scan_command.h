#pragma once
// `mongoscan scan`: parse every connection string, probe the nodes it names (unless told not to),
// judge the facts and write the report.

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checks/acceptance.h"
#include "checks/baseline.h"
#include "checks/control_reference.h"
#include "checks/policy.h"
#include "reports/findings_view.h"
#include "reports/formats/html_report.h"
#include "reports/formats/sarif_report.h"
#include "scanner/cli/cli.h"
#include "scanner/cli/cloud_scan.h"
#include "scanner/cli/evidence_command.h"
#include "scanner/cli/report_destinations.h"
#include "scanner/cli/webhook_notice.h"
#include "scanner/config_scan/config_scan.h"
#include "scanner/data_model/data_model_probe.h"
#include "scanner/discovery/member_queue.h"
#include "scanner/facts/file_context.h"
#include "scanner/facts/listed_at.h"

namespace mongoscan {

// A connection string and where it came from ("argument 2", "uris.txt:7"), for error messages.
// Targets are probed; applications' connection strings (--app-uri-file) are only analysed.
struct UriInput {
  std::string origin;
  std::string text;
  bool probe = true;
  std::optional<ListedAt> listed_at = {};  // the list file and line; none for an argument
};

struct ProbeSettings {
  bool enabled = true;
  std::string username;      // --username: overrides the URI's credentials
  std::string password_env;  // an inventory's password_env: the variable holding the password
  std::string auth_source;
  std::string auth_mechanism;
  std::string password_file;
  std::string component_credentials_file;  // --component-credentials: per-shard accounts
  std::string tls_ca_file;
  std::string tls_cert_key_file;
  bool tls_insecure = false;
  bool allow_plain_without_tls = false;
  std::vector<std::string> dns_servers;
  std::size_t concurrency = 32;  // nodes probed at once
  std::size_t max_nodes = MemberQueue::kDefaultMaxNodes;  // nodes probed at most per deployment
  bool quiet = false;            // no progress line on stderr
  std::chrono::milliseconds dns_timeout{10000};
  std::chrono::milliseconds connect_timeout{5000};
  std::chrono::milliseconds command_timeout{10000};
  std::chrono::milliseconds node_timeout{60000};
  // The whole scan's network work (discovery, probes, data-model sampling): past it, what was
  // gathered is reported and the scan is incomplete.
  std::chrono::milliseconds scan_timeout{15 * 60 * 1000};
};

// How files are scanned (paths are each environment's).
struct ConfigScanRequest {
  ConfigScanSettings settings;
  // --context: every scanned file's context, instead of what its path and content say.
  std::optional<FileContext> context;
  // --baseline, or the --write-baseline file being rewritten (its first-seen dates kept)
  Baseline baseline;
  std::string write_baseline_file;  // --write-baseline: accept every current finding
};

// One environment of a scan: its connection strings and files, judged under its policy, its
// nodes probed with its account and TLS settings. A scan without --inventory is one environment
// without a name.
struct EnvironmentRequest {
  std::string name;  // empty: a scan without an inventory
  std::map<std::string, std::string> tags;
  std::vector<UriInput> inputs;
  std::vector<std::string> config_paths;  // --config-path, --files-from or the inventory's
  std::vector<CloudAccountRequest> clouds;  // --cloud: accounts read from their control plane
  Policy policy;
  ProbeSettings probe;         // its account and TLS; the scan's own settings for the rest
  std::optional<Error> error;  // why it cannot be scanned: reported in its section
};

struct ScanRequest {
  std::vector<EnvironmentRequest> environments;
  ConfigScanRequest config;
  std::vector<ReportDestination> reports = {ReportDestination{}};  // at most one to stdout
  bool color = false;                       // ANSI colour in a table written to stdout
  ReportView view = ReportView::automatic;  // --view: the table's and HTML's grid or findings
  std::optional<FrameworkChoice> framework = {};  // --framework: HTML's and Markdown's controls
  HtmlPrint print = HtmlPrint::summary;           // --print: what the HTML report holds on paper
  int verbosity = 0;                        // -v: 1, -vv: 2 (Diagnostics)
  std::vector<Acceptance> acceptances;      // --accept: judged against the scan's date (UTC)
  std::string fail_on = "high";
  bool fail_on_given = false;  // --fail-on was set (else --fail-on-new alone gates)
  // --fail-on-new: exit 1 when a finding new since the environment's previous run fails at or
  // above it; needs a history.
  std::optional<std::string> fail_on_new;
  // --history or the inventory's history: the SQLite file each run is recorded in and compared
  // with; empty for none.
  std::string history_file;
  // The --inventory file's SHA-256, kept in the history and the evidence manifest.
  std::optional<std::string> inventory_sha256;
  SarifOptions sarif;             // --sarif-deployment, --sarif-help-base
  bool allow_incomplete = false;  // an incomplete scan exits by its findings, not kExitIncomplete
  ProbeSettings probe;            // discovery and timeouts (every environment's account is its own)
  std::optional<DataModelOptions> data_model;  // --data-model: sample each probed deployment
  std::optional<EvidencePlan> evidence;        // --evidence-dir: checked before the scan begins
  CloudSettings cloud;                         // --cloud-endpoint, --cloud-ca-file
  std::optional<WebhookTarget> notify;         // --notify: posted to once the scan is recorded
  std::chrono::milliseconds notify_timeout{30000};  // --notify-timeout
};

std::optional<CommandError> run_scan(const ScanRequest& request, const CliStreams& streams);

}  // namespace mongoscan
