#include "checks/server/hardening.h"

#include <string>

#include "checks/server/command_evidence.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// The node's settings, or the verdict to give instead. Points into `facts`.
std::variant<ServerSettings, Verdict> configuration(const NodeFacts& facts) {
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  return std::variant<ServerSettings, Verdict>(std::in_place_type<ServerSettings>,
                                               *std::get<const bson::Document*>(reply),
                                               server_version(facts));
}

// "Enterprise", "Percona Server for MongoDB", "Community", or "unknown" without buildInfo.
std::string edition(const NodeFacts& facts) {
  const auto build_info = facts.commands.find("buildInfo");
  if (build_info == facts.commands.end() || build_info->second.state != CommandOutcome::State::ok)
    return "unknown";
  const bson::Document& reply = build_info->second.reply;
  if (contains(string_elements(reply.get_array("modules")), "enterprise")) return "Enterprise";
  if (reply.find("psmdbVersion") != nullptr) return "Percona Server for MongoDB";
  return "Community";
}

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

Verdict judge_encryption(const NodeFacts& facts) {
  auto config = configuration(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  const ServerSetting encryption = std::get<ServerSettings>(config)["security.enableEncryption"];
  const std::string build = edition(facts);
  json evidence = {{"security.enableEncryption", encryption.evidence()}, {"edition", build}};
  if (encryption.value == true) {
    return {Status::pass, "the storage engine encrypts data at rest", evidence};
  }
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
  if (const auto parameters = facts.commands.find("getParameter");
      parameters != facts.commands.end() && parameters->second.state == CommandOutcome::State::ok) {
    if (const auto live = parameters->second.reply.get_bool("redactClientLogData")) {
      return {
          true, *live, false, {{"value", *live}, {"source", "getParameter redactClientLogData"}}};
    }
  }
  const ServerSetting configured = settings["security.redactClientLogData"];
  if (!configured.set && edition(facts) == "Community") {
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

// A node's verdict from a settings judgement, or the verdict getCmdLineOpts gives instead.
template <typename Judge>
Verdict judged_on_node(const NodeFacts& facts, Judge judge) {
  auto config = configuration(facts);
  if (auto* instead = std::get_if<Verdict>(&config)) return *instead;
  return judge(std::get<ServerSettings>(config));
}

Verdict judge_process(const NodeFacts& facts) {
  auto config = configuration(facts);
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
       "needs $where, $function, $accumulator or mapReduce."},
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
        {Framework::checklist, "audit", "Audit System Activity"}},
       "Configure auditLog.destination (file or syslog) with a filter for authentication, "
       "authorization and DDL events (MongoDB Enterprise, Atlas or Percona Server for MongoDB)."},
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
       "Enable security.enableEncryption with a KMIP or key-file master key (Enterprise or "
       "Percona), or keep the data files on encrypted volumes."},
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
       "recommended values, and set security.redactClientLogData: true."},
  };
  return specs;
}

std::vector<Finding> check_hardening(const NodeFacts& facts, const Policy& policy) {
  const auto& specs = hardening_specs();
  const Subject subject = Subject::node(facts.address());
  return {make_finding(specs[0], policy, subject,
                       judged_on_node(facts,
                                      [](const ServerSettings& settings) {
                                        return judge_javascript(settings);
                                      })),
          make_finding(specs[1], policy, subject,
                       judged_on_node(facts,
                                      [&](const ServerSettings& settings) {
                                        return judge_auditing(settings, edition(facts));
                                      })),
          make_finding(specs[2], policy, subject, judge_encryption(facts)),
          make_finding(specs[3], policy, subject, judge_process(facts))};
}

std::vector<Finding> check_hardening(const ServerConfigFile& file, const Policy& policy) {
  const auto& specs = hardening_specs();
  const ServerSettings settings(file);
  return {make_finding(specs[0], policy, settings.file_subject({"security.javascriptEnabled"}),
                       judge_javascript(settings)),
          make_finding(specs[1], policy, settings.file_subject({"auditLog.destination"}),
                       judge_auditing(settings, "unknown"))};
}

}  // namespace mongoscan
