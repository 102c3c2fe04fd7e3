#include "checks/server/hardening.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>

#include "checks/server/audit_filter_verdict.h"
#include "checks/server/command_evidence.h"
#include "checks/server/edition.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr std::string_view kEditionNote =
    "Enterprise or Percona feature: MongoDB Community has neither auditing nor encryption at rest";

Verdict judge_javascript(const ServerSettings& settings) {
  const ServerSetting javascript = settings["security.javascriptEnabled"];
  const json evidence = {{"security.javascriptEnabled", javascript.evidence()}};
  if (javascript.value == false) {
    return {Status::pass, "server-side JavaScript is disabled", evidence};
  }
  return {Status::fail,
          std::string("server-side JavaScript is enabled") +
              (javascript.set ? "" : " (the default)") +
              ": $where, $function, $accumulator and mapReduce run code inside the server",
          evidence};
}

// `build` is edition()'s answer, or "unknown" for a config file.
Verdict judge_auditing(const ServerSettings& settings, const std::string& build) {
  const ServerSetting destination = settings["auditLog.destination"];
  json evidence = {{"auditLog.destination", destination.evidence()}, {"edition", build}};
  if (destination.value.is_string()) {
    evidence["auditLog.filter"] = settings["auditLog.filter"].set ? "set" : "not set";
    return {Status::pass, "auditing writes to " + destination.value.get<std::string>(), evidence};
  }
  if (evidence["edition"] == "Community") evidence["note"] = kEditionNote;
  return {Status::fail,
          "auditing is off (auditLog.destination is not set): authentication, authorization and "
          "schema changes leave no trail",
          evidence};
}

// Where the storage engine's master key comes from, as configured: a KMIP key manager
// (security.kmip.serverName), HashiCorp Vault (security.vault.serverName, Percona Server), or a
// local key file (security.encryptionKeyFile). Empty: none of them is set.
std::string encryption_key_source(const ServerSettings& settings) {
  if (settings["security.kmip.serverName"].set) return "KMIP";
  if (settings["security.vault.serverName"].set) return "Vault";
  if (settings["security.encryptionKeyFile"].set) return "key file";
  return "";
}

// HARD-003 where encryption at rest is on: the cipher mode is one the policy allows
// (security.encryptionCipherMode, default AES256-CBC: manual) and the master key is held by a key
// manager. A local key file warns: the manual ("Configure Encryption") says the keyfile method
// "does not meet most regulatory key management guidelines" and recommends a key manager, and
// STIG V-252165 finds a "local" encryptionKeyId.
Verdict judge_encryption_keys(const ServerSettings& settings, json evidence, const Policy& policy) {
  const ServerSetting mode = settings["security.encryptionCipherMode"];
  const std::string cipher =
      mode.value.is_string() ? mode.value.get<std::string>() : std::string("AES256-CBC");
  const std::string source = encryption_key_source(settings);
  evidence["security.encryptionCipherMode"] =
      mode.set ? mode.evidence()
               : json{{"value", cipher}, {"set", false}, {"source", "default (manual)"}};
  evidence["key_source"] = source.empty() ? json(nullptr) : json(source);
  evidence["allowed_cipher_modes"] = std::vector<std::string>(
      policy.encryption_cipher_modes.begin(), policy.encryption_cipher_modes.end());
  if (!policy.encryption_cipher_modes.contains(cipher)) {
    return {Status::fail,
            "data at rest is encrypted with " + cipher + (mode.set ? "" : " (the default)") +
                ", which the policy's encryption_cipher_modes does not allow",
            evidence};
  }
  if (source == "key file") {
    return {Status::warn,
            "data at rest is encrypted (" + cipher +
                "), but the master key is a local key file (security.encryptionKeyFile), which "
                "does not meet most regulatory key management guidelines; use a KMIP key manager",
            evidence};
  }
  if (source.empty()) {
    return {Status::warn,
            "data at rest is encrypted (" + cipher +
                "), but where its master key comes from (KMIP, Vault or a key file) was not seen",
            evidence};
  }
  return {Status::pass,
          "data at rest is encrypted (" + cipher + ") with a master key from " + source, evidence};
}

Verdict judge_encryption(const NodeFacts& facts, const Policy& policy) {
  auto config = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  const ServerSettings& settings = std::get<ServerSettings>(config);
  const ServerSetting encryption = settings["security.enableEncryption"];
  const std::string build = server_edition(facts);
  json evidence = {{"security.enableEncryption", encryption.evidence()}, {"edition", build}};
  if (encryption.value == true) return judge_encryption_keys(settings, std::move(evidence), policy);
  if (build == "Community") {
    evidence["note"] = kEditionNote;
    return {Status::warn,
            "the server does not encrypt data at rest, and this Community build cannot; make sure "
            "the volume is encrypted (LUKS, cloud disk encryption)",
            evidence};
  }
  return {Status::fail,
          "security.enableEncryption is off" + std::string(encryption.set ? "" : " (the default)") +
              " although this " + build + " build supports encryption at rest",
          evidence};
}

// The startup warnings that say the process runs as root or with low resource limits.
struct StartupWarnings {
  bool as_root = false;
  bool low_rlimits = false;
};

StartupWarnings startup_warnings(const bson::Document& get_log) {
  StartupWarnings found;
  for (const std::string& line : string_elements(get_log.get_array("log"))) {
    const std::string lower = to_lower_ascii(line);
    if (lower.find("running this process as the root user") != std::string::npos)
      found.as_root = true;
    if (lower.find("rlimits") != std::string::npos && lower.find("too low") != std::string::npos)
      found.low_rlimits = true;
  }
  return found;
}

// Log redaction as the node runs with it: the live redactClientLogData parameter where getParameter
// reports it (MongoDB Enterprise and Percona Server define it, and setParameter changes it at
// runtime), else the configured value. MongoDB Community has no such option: the manual lists
// security.redactClientLogData as Enterprise-only.
struct LogRedaction {
  bool applicable = true;
  bool redacted = false;
  bool defaulted = false;  // neither reported live nor configured: the version's default
  json evidence;
};

LogRedaction log_redaction(const NodeFacts& facts, const ServerSettings& settings) {
  if (const bson::Document* parameters = successful_reply(facts, "getParameter")) {
    if (const auto live = parameters->get_bool("redactClientLogData")) {
      return {
          true, *live, false, {{"value", *live}, {"source", "getParameter redactClientLogData"}}};
    }
  }
  const ServerSetting configured = settings["security.redactClientLogData"];
  if (!configured.set && server_edition(facts) == "Community") {
    return {false,
            false,
            true,
            {{"applicable", false},
             {"note",
              "MongoDB Community cannot redact client data from its logs: "
              "redactClientLogData is an Enterprise and Percona option"}}};
  }
  return {true, configured.value == true, !configured.set, configured.evidence()};
}

Verdict judge_process(const NodeFacts& facts) {
  auto config = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  const LogRedaction redaction = log_redaction(facts, std::get<ServerSettings>(config));
  json evidence = {{"security.redactClientLogData", redaction.evidence}};
  std::vector<std::string> problems;
  if (redaction.applicable && !redaction.redacted) {
    problems.push_back(std::string("client data is written to the logs unredacted") +
                       (redaction.defaulted ? " (redactClientLogData defaults to false)" : ""));
  }
  auto log = command_reply(facts, "getLog", "getLog");
  if (const auto* reply = std::get_if<const bson::Document*>(&log)) {
    const StartupWarnings warnings = startup_warnings(**reply);
    evidence["runs_as_root"] = warnings.as_root;
    evidence["low_rlimits"] = warnings.low_rlimits;
    if (warnings.as_root) problems.push_back("the server runs as root (startupWarnings)");
    if (warnings.low_rlimits)
      problems.push_back("the open-file or process limits are below MongoDB's recommendation");
  }
  if (!problems.empty()) return {Status::fail, join(problems, "; "), evidence};
  const std::string redaction_text = redaction.applicable
                                         ? "client data is redacted from logs"
                                         : "log redaction does not apply to MongoDB Community";
  if (auto* instead = std::get_if<Verdict>(&log)) {
    return incomplete(*instead, redaction_text + "; the startup warnings were not read", evidence);
  }
  return {Status::pass, redaction_text + "; no root or rlimit warning at startup", evidence};
}

// The verdict for HARD-005 and HARD-006 when no audit log is written (HARD-002 judges that).
std::optional<Verdict> audit_not_running(const ServerSetting& destination,
                                         const std::string& build) {
  if (destination.value.is_string()) return std::nullopt;
  json evidence = {{"auditLog.destination", destination.evidence()}, {"edition", build}};
  if (build == "Community") {
    evidence["note"] = kEditionNote;
    return Verdict{Status::skipped, "MongoDB Community has no auditing (HARD-002)", evidence};
  }
  return Verdict{Status::skipped,
                 "auditing is off (auditLog.destination is not set; HARD-002): nothing to judge",
                 evidence};
}

// HARD-005: the filter keeps authentication, authorization failures, user and role changes and
// DDL. The server reads auditLog.filter with fromjson and matches each audit message against it
// (AuditManager::initialize, MongoDB Enterprise); auditLog.runtimeConfiguration moves the filter to
// setAuditConfig and forbids auditLog.filter; auditLog.schema OCSF (8.0) changes the fields.
Verdict judge_audit_filter_setting(const ServerSettings& settings, const std::string& build) {
  const ServerSetting destination = settings["auditLog.destination"];
  if (auto off = audit_not_running(destination, build)) return *off;
  const ServerSetting filter = settings["auditLog.filter"];
  json evidence = {{"auditLog.filter", filter.evidence()}, {"edition", build}};
  if (settings["auditLog.runtimeConfiguration"].value == true) {
    evidence["auditLog.runtimeConfiguration"] = true;
    return {Status::warn,
            "auditLog.runtimeConfiguration is on: the audit filter is set at runtime "
            "(setAuditConfig) and getCmdLineOpts does not show it, so it was not judged",
            evidence};
  }
  const ServerSetting schema = settings["auditLog.schema"];
  if (schema.value.is_string() && schema.value != "mongo") {
    evidence["auditLog.schema"] = schema.evidence();
    return {Status::warn,
            "auditLog.schema is " + schema.value.get<std::string>() +
                ": its messages have other fields than the atypes this check knows, so the "
                "filter was not judged",
            evidence};
  }
  if (filter.value.is_null()) {
    return {Status::pass, "no auditLog.filter: every auditable event is recorded", evidence};
  }
  if (!filter.value.is_string()) {
    return {Status::warn, "auditLog.filter is not a string, so it was not judged", evidence};
  }
  return audit_filter_verdict(filter.value.get<std::string>(), "auditLog.filter",
                              std::move(evidence));
}

// HARD-006: audit records go where the policy allows (file, syslog; console only if listed).
Verdict judge_audit_destination(const ServerSettings& settings, const std::string& build,
                                const Policy& policy) {
  const ServerSetting destination = settings["auditLog.destination"];
  if (auto off = audit_not_running(destination, build)) return *off;
  const std::string where = destination.value.get<std::string>();
  const std::vector<std::string> allowed(policy.audit_destinations.begin(),
                                         policy.audit_destinations.end());
  json evidence = {
      {"auditLog.destination", destination.evidence()}, {"allowed", allowed}, {"edition", build}};
  const ServerSetting path = settings["auditLog.path"];
  if (path.set) evidence["auditLog.path"] = path.evidence();
  if (policy.audit_destinations.contains(where)) {
    return {Status::pass,
            "audit records go to " + where +
                (where == "file" ? " (" +
                                       (path.value.is_string() ? path.value.get<std::string>()
                                                               : std::string("no path")) +
                                       "): collect it centrally"
                                 : ""),
            evidence};
  }
  return {Status::fail,
          "audit records go to " + where +
              ", which the policy does not allow (allowed: " + join(allowed) + ")" +
              (where == "console" ? ": standard output keeps them only if whatever runs mongod "
                                    "captures it"
                                  : ""),
          evidence};
}

// HARD-015: the server log reaches a central store (MongoDB Security Checklist, "Collect logs to
// a central log store"): systemLog.destination syslog, or a file or standard output that the
// policy declares collected (collected_logs). Without systemLog.destination mongod logs to
// standard output (manual, systemLog.destination). Whether a file is shipped only the host shows,
// so an undeclared destination warns rather than fails.
Verdict judge_log_collection(const ServerSettings& settings, const Policy& policy) {
  const ServerSetting destination = settings["systemLog.destination"];
  const ServerSetting path = settings["systemLog.path"];
  const std::vector<std::string> declared(policy.collected_logs.begin(),
                                          policy.collected_logs.end());
  json evidence = {{"systemLog.destination", destination.evidence()}, {"collected_logs", declared}};
  if (path.set) evidence["systemLog.path"] = path.evidence();
  const std::string where =
      destination.value.is_string() ? destination.value.get<std::string>() : std::string("console");
  std::string shown = where == "console" ? std::string("standard output") : where;
  bool collected = policy.collected_logs.contains(where);  // syslog, console
  if (where == "file") {
    const std::string file = path.value.is_string() ? path.value.get<std::string>() : "";
    shown = "the file " + (file.empty() ? std::string("(no path)") : file);
    // A declared path names the file, or its directory when it ends with '/'.
    collected = !file.empty() &&
                std::any_of(declared.begin(), declared.end(), [&](const std::string& entry) {
                  return entry.starts_with('/') &&
                         (entry == file || (entry.ends_with('/') && file.starts_with(entry)));
                });
  }
  if (collected) {
    return {Status::pass,
            "the server log goes to " + shown + ", which the policy declares collected", evidence};
  }
  return {Status::warn,
          "the server log goes to " + shown +
              ", which the policy does not declare collected by a central log store "
              "(collected_logs: " +
              (declared.empty() ? std::string("none") : join(declared)) + ")",
          evidence};
}

// HARD-015 on a file: a file or command line that names no systemLog.destination leaves the log on
// standard output, where whatever runs it (a container runtime, systemd) decides where it goes;
// the file cannot say, so only a destination it sets is judged. (Run over docker-library/mongo,
// percona-server-mongodb-operator and docker-compose-mongo, every finding was such a command line
// or fragment.)
Verdict judge_file_log_collection(const ServerSettings& settings, const Policy& policy) {
  const ServerSetting destination = settings["systemLog.destination"];
  if (!destination.set) {
    return {Status::skipped,
            "systemLog.destination is not set here: the log goes to standard output, and "
            "whatever runs the server decides where that is collected",
            json{{"systemLog.destination", destination.evidence()}}};
  }
  return judge_log_collection(settings, policy);
}

// HARD-014: successful authorization checks are audited, where the policy requires it (STIG
// V-252134's check text: "setParameter: auditAuthorizationSuccess: true"). The parameter is MongoDB
// Enterprise's and defaults to false (server_defaults.h), so only authorization failures reach the
// audit log (the auditConfig cluster parameter's field of that name from 7.1). The live value from
// getParameter, else setParameter as configured, else that default. With
// auditLog.runtimeConfiguration the runtime audit configuration holds it (setAuditConfig) and the
// server refuses the startup parameter, so it is not judged.
Verdict judge_authorization_success_auditing(const ServerSettings& settings,
                                             const bson::Document* parameters,
                                             const std::string& build, const Policy& policy) {
  const ServerSetting destination = settings["auditLog.destination"];
  if (auto off = audit_not_running(destination, build)) return *off;
  const ServerSetting configured = settings["setParameter.auditAuthorizationSuccess"];
  json setting = configured.evidence();
  if (!configured.set) setting["source"] = configured.source + " (MongoDB Enterprise)";
  std::optional<bool> audited = parameter_flag(configured.value);
  if (parameters != nullptr) {
    if (const auto live = parameters->get_bool("auditAuthorizationSuccess")) {
      audited = *live;
      setting = {{"value", *live}, {"source", "getParameter auditAuthorizationSuccess"}};
    }
  }
  json evidence = {{"auditAuthorizationSuccess", setting},
                   {"policy.audit_authorization_success", policy.audit_authorization_success},
                   {"edition", build}};
  if (!policy.audit_authorization_success) {
    return {Status::skipped,
            "the policy does not require successful authorizations to be audited "
            "(audit_authorization_success is false)",
            evidence};
  }
  if (settings["auditLog.runtimeConfiguration"].value == true) {
    evidence["auditLog.runtimeConfiguration"] = true;
    return {Status::warn,
            "auditLog.runtimeConfiguration is on: auditAuthorizationSuccess is part of the runtime "
            "audit configuration (setAuditConfig), which the scan does not read; check it with "
            "getAuditConfig",
            evidence};
  }
  if (!audited) {
    return {Status::warn,
            "setParameter.auditAuthorizationSuccess is " + configured.value.dump() +
                ", which is not a boolean, so it was not judged",
            evidence};
  }
  if (*audited) {
    return {Status::pass,
            "successful authorization checks are audited (auditAuthorizationSuccess is true)",
            evidence};
  }
  return {Status::fail,
          "only authorization failures are audited: auditAuthorizationSuccess is false" +
              std::string(setting.value("set", true) ? "" : " (the default)") +
              ", so reads and writes that succeed leave no audit record",
          evidence};
}

// The largest verbosity in a logComponentVerbosity document or below it.
std::int64_t highest_verbosity(const json& document) {
  std::int64_t highest = 0;
  for (const auto& [key, value] : document.items()) {
    if (key == "verbosity" && value.is_number())
      highest = std::max(highest, value.get<std::int64_t>());
    if (value.is_object()) highest = std::max(highest, highest_verbosity(value));
  }
  return highest;
}

// Components whose verbosity mongod takes as systemLog.component.<name>.verbosity (manual,
// systemLog.component options).
constexpr std::array kLogComponents = {"accessControl",
                                       "command",
                                       "control",
                                       "ftdc",
                                       "geo",
                                       "index",
                                       "network",
                                       "query",
                                       "query.rejected",
                                       "replication",
                                       "replication.election",
                                       "replication.heartbeats",
                                       "replication.initialSync",
                                       "replication.rollback",
                                       "sharding",
                                       "storage",
                                       "storage.journal",
                                       "storage.recovery",
                                       "transaction",
                                       "write"};

// HARD-007: systemLog.quiet off, systemLog.logAppend on for a log file, verbosity not raised.
// The manual, systemLog.logAppend: "Without this option, mongod will back up the existing log and
// create a new file" at each restart; syslog and standard output are appended to by design.
// `parameters` is the node's getParameter reply (live values: quiet, logLevel and
// logComponentVerbosity change at runtime); nullptr for a config file.
Verdict judge_system_log(const ServerSettings& settings, const bson::Document* parameters) {
  json evidence = json::object();
  std::vector<std::string> problems;
  const ServerSetting quiet = settings["systemLog.quiet"];
  bool is_quiet = quiet.value == true;
  evidence["systemLog.quiet"] = quiet.evidence();
  if (parameters != nullptr) {
    if (const auto live = parameters->get_bool("quiet")) {
      is_quiet = *live;
      evidence["systemLog.quiet"] = {{"value", *live}, {"source", "getParameter quiet"}};
    }
  }
  if (is_quiet) {
    problems.push_back(
        "systemLog.quiet is on: connection, replication and command messages are left out of "
        "the log");
  }
  const ServerSetting destination = settings["systemLog.destination"];
  evidence["systemLog.destination"] = destination.evidence();
  if (destination.value == "file") {
    const ServerSetting append = settings["systemLog.logAppend"];
    evidence["systemLog.logAppend"] = append.evidence();
    if (append.value != true) {
      problems.push_back(std::string("systemLog.logAppend is off") +
                         (append.set ? "" : " (the default)") +
                         ": each restart moves the old log aside and starts a new file instead "
                         "of appending");
    }
  }
  std::int64_t verbosity = 0;
  if (const auto* components = parameters ? parameters->find("logComponentVerbosity") : nullptr;
      components != nullptr && components->get_if<bson::Document>() != nullptr) {
    verbosity = highest_verbosity(bson::to_json(*components));
    evidence["verbosity"] = {{"value", verbosity},
                             {"source", "getParameter logComponentVerbosity"}};
  } else if (const auto level = parameters ? parameters->get_int64("logLevel") : std::nullopt) {
    verbosity = *level;
    evidence["verbosity"] = {{"value", verbosity}, {"source", "getParameter logLevel"}};
  } else {
    const ServerSetting configured = settings["systemLog.verbosity"];
    if (configured.value.is_number()) verbosity = configured.value.get<std::int64_t>();
    json raised = json::object();
    for (const char* component : kLogComponents) {
      const ServerSetting level =
          settings["systemLog.component." + std::string(component) + ".verbosity"];
      if (level.set && level.value.is_number() && level.value.get<std::int64_t>() > 0) {
        raised[component] = level.value;
        verbosity = std::max(verbosity, level.value.get<std::int64_t>());
      }
    }
    evidence["verbosity"] = {{"value", verbosity}, {"systemLog.verbosity", configured.evidence()}};
    if (!raised.empty()) evidence["verbosity"]["components"] = raised;
  }
  if (verbosity > 0) {
    problems.push_back("log verbosity is raised to " + std::to_string(verbosity) +
                       ": debug messages fill the disk and may carry more client data");
  }
  if (!problems.empty()) return {Status::fail, join(problems, "; "), evidence};
  return {Status::pass,
          std::string("the log is not quiet, verbosity is 0") +
              (destination.value == "file" ? ", and restarts append to the log file" : ""),
          evidence};
}

}  // namespace

const std::vector<CheckSpec>& hardening_specs() {
  static const std::vector<CheckSpec> specs = {
      {"HARD-001",
       "Server-side JavaScript disabled",
       Layer::hardening,
       Severity::medium,
       {{Framework::cis, "6.3", "Ensure that server-side scripting is disabled if not needed"},
        {Framework::stig, "V-252143",
         "MongoDB and associated applications must reserve the use of dynamic code execution for "
         "situations that require it."},
        {Framework::stig, "V-252167",
         "MongoDB must check the validity of all data inputs except those specifically identified "
         "by the organization."},
        {Framework::checklist, "secure-configuration",
         "Run MongoDB with Secure Configuration Options"}},
       "Set security.javascriptEnabled: false on every mongod and mongos unless an application "
       "needs $where, $function, $accumulator or mapReduce.",
       "Server-side JavaScript disabled (`security.javascriptEnabled` defaults to true)."},
      {"HARD-002",
       "Auditing enabled",
       Layer::hardening,
       Severity::medium,
       {{Framework::cis, "5.1", "Ensure that system activity is audited"},
        {Framework::stig, "V-252134",
         "MongoDB must provide audit record generation for DoD-defined auditable events within all "
         "DBMS/database components."},
        {Framework::stig, "V-252171",
         "MongoDB must utilize centralized management of the content captured in audit records "
         "generated by all components of MongoDB."},
        {Framework::stig, "V-252135",
         "The audit information produced by MongoDB must be protected from unauthorized access."},
        {Framework::stig, "V-252172",
         "MongoDB must allocate audit record storage capacity in accordance with site audit "
         "record storage requirements."},
        {Framework::checklist, "audit", "Audit System Activity"}},
       "Configure auditLog.destination (file or syslog) with a filter for authentication, "
       "authorization and DDL events (MongoDB Enterprise, Atlas or Percona Server for MongoDB).",
       "Auditing configured (`auditLog.destination`); the evidence says when the build is "
       "Community (\"Enterprise or Percona feature\")."},
      {"HARD-003",
       "Encryption at rest",
       Layer::hardening,
       Severity::medium,
       {{Framework::cis, "4.5", "Ensure Encryption of Data at Rest"},
        {Framework::stig, "V-252165",
         "MongoDB must protect the confidentiality and integrity of all information at rest."},
        {Framework::stig, "V-252147",
         "MongoDB must implement cryptographic mechanisms to prevent unauthorized modification of "
         "organization-defined information at rest (to include, at a minimum, PII and classified "
         "information) on organization-defined information system components."},
        {Framework::checklist, "encrypt-data", "Encrypt and Protect Data"}},
       "Enable security.enableEncryption with the master key in a KMIP key manager (Enterprise; "
       "Percona also Vault) rather than a local key file, in a cipher mode the policy allows; "
       "on Community, keep the data files on encrypted volumes.",
       "Encryption at rest (`security.enableEncryption`); a Community build warns (make sure "
       "the volume is encrypted), an Enterprise or Percona build with it off fails; where it "
       "is on, the cipher mode (`security.encryptionCipherMode`, default AES256-CBC) must be "
       "one the policy's `encryption_cipher_modes` allows (default both; STIG V-252165 "
       "allows AES256-GCM only), and the master key must come from a key manager "
       "(`security.kmip`, or Percona's `security.vault`): a local `encryptionKeyFile` warns "
       "(the manual: it \"does not meet most regulatory key management guidelines\")."},
      {"HARD-004",
       "Client data redacted from logs; not root; adequate rlimits",
       Layer::hardening,
       Severity::low,
       {{Framework::cis, "3.3",
         "Ensure that MongoDB is run using a non-privileged, dedicated service account"},
        {Framework::cis, "6.2", "Ensure that operating system resource limits are set for MongoDB"},
        {Framework::stig, "V-252168",
         "MongoDB must provide non-privileged users with error messages that provide information "
         "necessary for corrective actions without revealing information that could be exploited "
         "by adversaries."},
        {Framework::stig, "V-252169",
         "MongoDB must reveal detailed error messages only to the ISSO, ISSM, SA, and DBA."},
        {Framework::checklist, "dedicated-user", "Run MongoDB with a Dedicated User"},
        {Framework::checklist, "secure-configuration",
         "Run MongoDB with Secure Configuration Options"}},
       "Run mongod as a dedicated unprivileged user, raise ulimit -n and -u to MongoDB's "
       "recommended values, and set security.redactClientLogData: true.",
       "`redactClientLogData` on (the live parameter where the server reports it; not "
       "applicable to Community, which has no such option); startupWarnings show neither a "
       "root user nor low rlimits."},
      {"HARD-005",
       "Audit filter keeps authentication, authorization failures, user and role changes and DDL",
       Layer::hardening,
       Severity::medium,
       {{Framework::cis, "5.2", "Ensure that audit filters are configured properly"},
        {Framework::stig, "V-252134",
         "MongoDB must provide audit record generation for DoD-defined auditable events within all "
         "DBMS/database components."},
        {Framework::checklist, "audit", "Audit System Activity"}},
       "Remove auditLog.filter, or make it keep atype authenticate, authCheck (result 13), the "
       "user and role commands and createCollection, createIndex, dropCollection, dropDatabase "
       "and the other DDL events.",
       "The audit filter (`auditLog.filter`, read as mongod's `fromjson` does) keeps "
       "authentication (`authenticate` results 0 and 18), authorization failures "
       "(`authCheck` 13), user and role changes and DDL; a filter that drops any fails "
       "naming them, one too complex to decide (conditions on users, namespaces, regular "
       "expressions, `$expr`; `auditLog.runtimeConfiguration`; the OCSF schema) warns, no "
       "filter passes; skipped without auditing (Community, or HARD-002 failing)."},
      {"HARD-006",
       "Audit records go to a destination the policy allows",
       Layer::hardening,
       Severity::medium,
       {{Framework::stig, "V-252171",
         "MongoDB must utilize centralized management of the content captured in audit records "
         "generated by all components of MongoDB."},
        {Framework::stig, "V-252172",
         "MongoDB must allocate audit record storage capacity in accordance with site audit "
         "record storage requirements."},
        {Framework::checklist, "audit", "Audit System Activity"},
        {Framework::cis, "5.1", "Ensure that system activity is audited"}},
       "Set auditLog.destination to syslog, or to file with auditLog.path on a volume your log "
       "collector ships, as the policy's audit_destinations requires.",
       "Audit records go to a destination the policy's `audit_destinations` allows (default "
       "`file` and `syslog`; `console` fails)."},
      {"HARD-007",
       "System log complete: not quiet, appended, verbosity 0",
       Layer::hardening,
       Severity::low,
       {{Framework::cis, "5.3", "Ensure that logging captures as much information as possible"},
        {Framework::cis, "5.4", "Ensure that new entries are appended to the end of the log file"},
        {Framework::checklist, "secure-configuration",
         "Run MongoDB with Secure Configuration Options"}},
       "Set systemLog.quiet: false, systemLog.logAppend: true and systemLog.verbosity: 0 (and no "
       "component verbosity) in production.",
       "`systemLog.quiet` off and verbosity 0 (`logLevel`/`logComponentVerbosity` as the "
       "node reports them live, else `systemLog.verbosity` and component verbosities), and "
       "`systemLog.logAppend` on for a log file (it defaults to false: each restart moves "
       "the old log aside)."},
      {"HARD-014",
       "Successful authorizations audited where the policy requires it",
       Layer::hardening,
       Severity::medium,
       {{Framework::stig, "V-252134",
         "MongoDB must provide audit record generation for DoD-defined auditable events within all "
         "DBMS/database components."},
        {Framework::checklist, "audit", "Audit System Activity"}},
       "Start every mongod and mongos with setParameter auditAuthorizationSuccess: true (or set "
       "it with setAuditConfig where auditLog.runtimeConfiguration is on), after measuring the "
       "cost on a staging deployment.",
       "Where the policy's `audit_authorization_success` is true (default false: skipped, "
       "with the value recorded; the manual warns of its cost): successful authorization "
       "checks are audited too (`auditAuthorizationSuccess`, live from `getParameter`, else "
       "`setParameter` as configured, else the default false), as STIG V-252134's check text "
       "requires; with `auditLog.runtimeConfiguration` it warns (`getAuditConfig` holds it); "
       "not applicable where nothing is audited."},
      {"HARD-015",
       "The server log goes to a central log store",
       Layer::hardening,
       Severity::low,
       {{Framework::checklist, "encrypt-data", "Encrypt and Protect Data"}},
       "Set systemLog.destination: syslog and forward syslog to the central store, or ship the "
       "log file (or the container's standard output) with a collector and list its path (or "
       "\"console\") in the policy's collected_logs.",
       "The server log reaches a central log store: `systemLog.destination` syslog, or a log "
       "file (`systemLog.path`) or standard output (no destination: mongod's default) that "
       "the policy's `collected_logs` declares collected (default `syslog` only; absolute "
       "paths, a directory when it ends with `/`, and `console`); an undeclared destination "
       "warns, since only the host shows whether a file is shipped; also judged in "
       "`mongod.conf` files — low."},
  };
  return specs;
}

std::vector<Finding> check_hardening(const NodeFacts& facts, const Policy& policy) {
  const auto& specs = hardening_specs();
  const Subject subject = Subject::node(facts.address());
  return {
      make_finding(
          specs[0], policy, subject,
          judged_on_settings(
              facts, [](const ServerSettings& settings) { return judge_javascript(settings); })),
      make_finding(specs[1], policy, subject,
                   judged_on_settings(facts,
                                      [&](const ServerSettings& settings) {
                                        return judge_auditing(settings, server_edition(facts));
                                      })),
      make_finding(specs[2], policy, subject, judge_encryption(facts, policy)),
      make_finding(specs[3], policy, subject, judge_process(facts)),
      make_finding(specs[4], policy, subject,
                   judged_on_settings(facts,
                                      [&](const ServerSettings& settings) {
                                        return judge_audit_filter_setting(settings,
                                                                          server_edition(facts));
                                      })),
      make_finding(specs[5], policy, subject,
                   judged_on_settings(facts,
                                      [&](const ServerSettings& settings) {
                                        return judge_audit_destination(
                                            settings, server_edition(facts), policy);
                                      })),
      make_finding(specs[6], policy, subject,
                   judged_on_settings(facts,
                                      [&](const ServerSettings& settings) {
                                        return judge_system_log(
                                            settings, successful_reply(facts, "getParameter"));
                                      })),
      make_finding(specs[7], policy, subject,
                   judged_on_settings(facts,
                                      [&](const ServerSettings& settings) {
                                        return judge_authorization_success_auditing(
                                            settings, successful_reply(facts, "getParameter"),
                                            server_edition(facts), policy);
                                      })),
      make_finding(specs[8], policy, subject,
                   judged_on_settings(facts, [&](const ServerSettings& settings) {
                     return judge_log_collection(settings, policy);
                   }))};
}

std::vector<Finding> check_hardening(const ServerConfigFile& file, const Policy& policy) {
  const auto& specs = hardening_specs();
  const ServerSettings settings(file);
  return {
      make_finding(specs[0], policy, settings.file_subject({"security.javascriptEnabled"}),
                   judge_javascript(settings)),
      make_finding(specs[1], policy, settings.file_subject({"auditLog.destination"}),
                   judge_auditing(settings, "unknown")),
      make_finding(specs[4], policy,
                   settings.file_subject({"auditLog.filter", "auditLog.destination"}),
                   judge_audit_filter_setting(settings, "unknown")),
      make_finding(specs[5], policy, settings.file_subject({"auditLog.destination"}),
                   judge_audit_destination(settings, "unknown", policy)),
      make_finding(
          specs[6], policy,
          settings.file_subject({"systemLog.quiet", "systemLog.logAppend", "systemLog.verbosity"}),
          judge_system_log(settings, nullptr)),
      make_finding(
          specs[7], policy,
          settings.file_subject({"setParameter.auditAuthorizationSuccess", "auditLog.destination"}),
          judge_authorization_success_auditing(settings, nullptr, "unknown", policy)),
      make_finding(specs[8], policy,
                   settings.file_subject({"systemLog.destination", "systemLog.path"}),
                   judge_file_log_collection(settings, policy))};
}

}  // namespace mongoscan
