#include "checks/server/durability.h"

#include <string>

#include "checks/server/command_evidence.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/facts/topology.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// Manual, Journaling: "Starting in MongoDB 6.1, journaling is always enabled. As a result, MongoDB
// removes the storage.journal.enabled option and the corresponding --journal and --nojournal
// command-line options."
constexpr std::string_view kJournalAlwaysOn = "6.1";
// getDefaultRWConcern and setDefaultRWConcern are new in MongoDB 4.4 (manual, getDefaultRWConcern).
constexpr std::string_view kDefaultRWConcernSince = "4.4";

bool is_mongos(const NodeFacts& facts) {
  return facts.hello && facts.hello->get_string("msg") == "isdbgrid";
}

// "7.0" of "7.0.12"; empty when the version is unknown.
std::string release_series(const std::string& version) {
  const std::size_t first = version.find('.');
  if (first == std::string::npos) return "";
  const std::size_t second = version.find_first_of(".-", first + 1);
  return version.substr(0, second);
}

// HARD-010. `version` empty for a config file (it names none).
Verdict judge_journal(const ServerSettings& settings, const std::string& version) {
  const ServerSetting journal = settings["storage.journal.enabled"];
  const ServerSetting engine = settings["storage.engine"];
  json evidence = {{"storage.journal.enabled", journal.evidence()}};
  if (engine.set) evidence["storage.engine"] = engine.evidence();
  if (!version.empty()) evidence["version"] = version;
  if (!version.empty() && compare_versions(version, kJournalAlwaysOn) >= 0) {
    return {Status::skipped,
            "MongoDB " + version +
                " always journals: storage.journal.enabled was removed in 6.1, nothing can turn "
                "it off",
            evidence};
  }
  // The in-memory engine keeps no data files and has no journal (manual, In-Memory Storage
  // Engine): durability there comes from replication alone.
  if (engine.value == "inMemory") {
    return {Status::skipped, "the in-memory storage engine has no journal", evidence};
  }
  if (journal.value == false) {
    return {Status::fail,
            "journaling is off (storage.journal.enabled: false / --nojournal): writes since the "
            "last checkpoint are lost when the process stops uncleanly",
            evidence};
  }
  return {Status::pass, std::string("journaling is on") + (journal.set ? "" : " (the default)"),
          evidence};
}

Verdict judge_journal_on_node(const NodeFacts& facts) {
  if (is_mongos(facts)) return {Status::skipped, "mongos stores no data and keeps no journal"};
  if (node_role(facts) == "arbiter")
    return {Status::skipped, "an arbiter holds no data; the data-bearing members are judged"};
  auto reply = command_reply(facts, "getCmdLineOpts", "getCmdLineOpts");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  const std::string version = server_version(facts);
  if (version.empty()) {
    return {Status::skipped,
            "the server's version is unknown (buildInfo did not answer): journaling can only be "
            "turned off before 6.1"};
  }
  const ServerSettings settings(*std::get<const bson::Document*>(reply), version);
  return judge_journal(settings, version);
}

// The default write concern's w as text ("majority", "1", "tag:dc"); empty when there is none.
std::string write_concern_w(const bson::Document& write_concern) {
  if (auto w = write_concern.get_string("w")) return *w;
  if (auto w = write_concern.get_int64("w")) return std::to_string(*w);
  return "";
}

// HARD-012's verdict on a default write concern document ({w, j, wtimeout}), read from `source`
// ("mongos getDefaultRWConcern", "hello cwwc", ...); `implicit` when the server computed it.
Verdict judge_write_concern_document(const bson::Document& write_concern, bool implicit,
                                     json evidence) {
  const std::string w = write_concern_w(write_concern);
  const auto journal = write_concern.get_bool("j");
  evidence["defaultWriteConcern"] = {{"w", w.empty() ? json(nullptr) : json(w)}};
  if (journal) evidence["defaultWriteConcern"]["j"] = *journal;
  if (journal == false) {
    return {Status::fail,
            "the default write concern sets j:false: writes are acknowledged before they reach "
            "the journal",
            evidence};
  }
  if (w == "majority") {
    return {Status::pass,
            std::string("the default write concern is w:majority") +
                (implicit ? " (the server's implicit default)" : ""),
            evidence};
  }
  if (w == "0" || w == "1" || w.empty()) {
    std::string message =
        "the default write concern is w:" + (w.empty() ? std::string("1") : w) +
        ": writes that name none are acknowledged before a majority holds them and can roll back "
        "on failover";
    // Manual, Implicit Default Write Concern (5.0+): w:1 when the set has arbiters and its
    // data-bearing voting members are no more than a majority of the voting members (PSA).
    if (implicit && evidence.contains("arbiters"))
      message += " (the implicit default of a primary-secondary-arbiter set)";
    return {Status::fail, message, evidence};
  }
  return {Status::warn,
          "the default write concern is w:" + w +
              ", a fixed count or tag rather than majority: make sure it always spans a majority "
              "of the data-bearing voting members",
          evidence};
}

// HARD-012: the write concern a write that names none gets. getDefaultRWConcern
// (src/mongo/db/commands/rwc_defaults_commands.cpp) answers only on replica-set members and mongos
// of 4.4 and later: a standalone refuses it (51300) and so does a shard member (51301). A shard
// or config server applies no default ("WriteConcern defaults can only be applied on regular
// replica set members. Operations received by shard and config servers should always have WC
// explicitly specified", extractWriteConcern, src/mongo/db/write_concern.cpp): a write reaches it
// through mongos with the write concern mongos chose. mongos applies the cluster-wide default
// (setDefaultRWConcern, kept by the config servers) and has no implicit majority of its own: only
// a replica set's replication coordinator sets it (setImplicitDefaultWriteConcernMajority,
// src/mongo/db/read_write_concern_defaults.cpp, false until then), and "Default WC can be
// 'boost::none' if the implicit default is used and set to 'w:1'" (the mongos entry point,
// src/mongo/s/commands/strategy.cpp): without a cluster-wide default a write through mongos that
// names none is sent with w:1.
Verdict judge_default_write_concern(const NodeFacts& facts) {
  const std::string role = node_role(facts);
  const bool mongos = is_mongos(facts);
  if (!mongos && !(facts.hello && facts.hello->get_string("setName"))) {
    return {Status::skipped,
            "a standalone has no cluster-wide default write concern (getDefaultRWConcern is not "
            "supported on standalone nodes)"};
  }
  if (role == "arbiter")
    return {Status::skipped,
            "an arbiter acknowledges no writes; the data-bearing members are judged"};
  const std::string version = server_version(facts);
  if (!version.empty() && compare_versions(version, kDefaultRWConcernSince) < 0) {
    return {Status::skipped, "MongoDB " + version +
                                 " has no cluster-wide default write concern (getDefaultRWConcern "
                                 "is new in 4.4)"};
  }
  const auto opts = facts.commands.find("getCmdLineOpts");
  if (facts.component.kind == ClusterComponent::Kind::shard ||
      (opts != facts.commands.end() && opts->second.state == CommandOutcome::State::ok &&
       server_setting(opts->second.reply, version, "sharding.clusterRole").value == "shardsvr")) {
    return {Status::skipped,
            "a shard member applies no default write concern: writes reach it through mongos "
            "with the write concern mongos chose, which HARD-012 judges on mongos"};
  }
  auto reply = command_reply(facts, "getDefaultRWConcern", "getDefaultRWConcern");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  const bson::Document& defaults = *std::get<const bson::Document*>(reply);
  const auto write_concern = defaults.get_document("defaultWriteConcern");
  const auto source = defaults.get_string("defaultWriteConcernSource");
  json evidence = {{"defaultWriteConcernSource", source ? json(*source) : json(nullptr)},
                   {"read_from", std::string(mongos ? "mongos " : "") + "getDefaultRWConcern of " +
                                     facts.address()}};
  const std::vector<std::string> arbiters =
      facts.hello ? string_elements(facts.hello->get_array("arbiters"))
                  : std::vector<std::string>{};
  if (!arbiters.empty()) evidence["arbiters"] = arbiters;
  if (write_concern)
    return judge_write_concern_document(*write_concern, source == "implicit", evidence);
  evidence["defaultWriteConcern"] = nullptr;
  if (mongos) {
    return {Status::fail,
            "no cluster-wide default write concern is set (setDefaultRWConcern): mongos has no "
            "implicit majority of its own, so a write through it that names none is sent to the "
            "shards with w:1 (they apply no default) and can roll back on failover",
            evidence};
  }
  return {Status::fail,
          "no cluster-wide default write concern is set: writes that name none are acknowledged "
          "by the primary alone (w:1) and can roll back on failover",
          evidence};
}

// HARD-013. getParameter featureCompatibilityVersion: {version: "7.0"} on mongod, with
// targetVersion (and previousVersion) while an upgrade or downgrade is under way; mongos has no
// such parameter (shared/server-replies/getParameter-star.json; src/mongo/db/repl/
// FCV_AND_FEATURE_FLAG_README.md). MongoDB 3.4 answered a plain string.
Verdict judge_feature_compatibility(const NodeFacts& facts) {
  if (is_mongos(facts)) {
    return {Status::skipped,
            "mongos has no featureCompatibilityVersion; the cluster's mongod are judged"};
  }
  if (node_role(facts) == "arbiter")
    return {Status::skipped, "an arbiter holds no data; the data-bearing members are judged"};
  auto reply = command_reply(facts, "getParameter", "getParameter");
  if (auto* instead = std::get_if<Verdict>(&reply)) return *instead;
  const bson::Document& parameters = *std::get<const bson::Document*>(reply);
  const std::string series = release_series(server_version(facts));
  std::optional<std::string> fcv = parameters.get_string("featureCompatibilityVersion");
  std::optional<std::string> target;
  if (const auto document = parameters.get_document("featureCompatibilityVersion")) {
    fcv = document->get_string("version");
    target = document->get_string("targetVersion");
  }
  json evidence = {{"featureCompatibilityVersion", fcv ? json(*fcv) : json(nullptr)},
                   {"binary_series", series}};
  if (target) evidence["targetVersion"] = *target;
  if (!fcv) {
    return {Status::skipped, "getParameter did not report featureCompatibilityVersion", evidence};
  }
  if (series.empty()) {
    return {Status::skipped,
            "featureCompatibilityVersion is " + *fcv +
                ", but the binary's version is unknown (buildInfo did not answer)",
            evidence};
  }
  if (target) {
    return {Status::warn,
            "featureCompatibilityVersion is moving from " + *fcv + " to " + *target +
                ": an upgrade or downgrade was left unfinished",
            evidence};
  }
  if (*fcv != series) {
    return {Status::fail,
            "featureCompatibilityVersion is " + *fcv + " on a " + series +
                " binary: the upgrade was not finished, and features of " + series + " stay off",
            evidence};
  }
  return {Status::pass, "featureCompatibilityVersion " + *fcv + " matches the binary", evidence};
}

}  // namespace

const std::vector<CheckSpec>& durability_specs() {
  static const std::vector<CheckSpec> specs = {
      {"HARD-010",
       "Journaling on (servers before 6.1)",
       Layer::hardening,
       Severity::high,
       {{Framework::stig, "V-252141",
         "MongoDB must fail to a secure state if system initialization fails, shutdown fails, or "
         "aborts fail."}},
       "Remove storage.journal.enabled: false (or --nojournal) and restart; better, upgrade to "
       "6.1 or later, where journaling is always on.",
       "Journaling on (`storage.journal.enabled` / `--nojournal`) on mongod before 6.1; not "
       "applicable from 6.1 (always on), to mongos, arbiters and the in-memory engine; also "
       "judged in `mongod.conf` files."},
      {"HARD-012",
       "Cluster-wide default write concern is majority",
       Layer::hardening,
       Severity::medium,
       {{Framework::stig, "V-252141",
         "MongoDB must fail to a secure state if system initialization fails, shutdown fails, or "
         "aborts fail."},
        {Framework::devspec, "A2.1", "Core connection string parameters"}},
       "Run setDefaultRWConcern with defaultWriteConcern {w: \"majority\"} on the primary (or "
       "through mongos) so that writes naming no write concern survive a failover.",
       "The default write concern a write that names none gets is `w: \"majority\"` without "
       "`j: false`; w:0/w:1 or none set fails, a fixed count or tag warns. Read with "
       "`getDefaultRWConcern` (4.4+) on replica-set members and mongos (the evidence names "
       "the node read); a mongos without `setDefaultRWConcern` fails: it has no implicit "
       "majority of its own (only a replica set computes one), so such writes reach the "
       "shards with w:1, and shard members, which apply no default, are not applicable; nor "
       "are standalones and arbiters."},
      {"HARD-013",
       "featureCompatibilityVersion matches the binary's release",
       Layer::hardening,
       Severity::low,
       {{Framework::cis, "1.1",
         "Ensure the appropriate MongoDB software version/patches are installed"},
        {Framework::stig, "V-252141",
         "MongoDB must fail to a secure state if system initialization fails, shutdown fails, or "
         "aborts fail."}},
       "Finish the upgrade: once every member runs the new binary, run "
       "setFeatureCompatibilityVersion "
       "with the binary's release (\"confirm: true\" from 7.0).",
       "`featureCompatibilityVersion` (getParameter) equals the binary's release series; "
       "lower fails, an upgrade or downgrade under way (`targetVersion`) warns; not "
       "applicable to mongos and arbiters."},
  };
  return specs;
}

std::vector<Finding> check_durability(const NodeFacts& facts, const Policy& policy) {
  const auto& specs = durability_specs();
  const Subject subject = Subject::node(facts.address());
  return {make_finding(specs[0], policy, subject, judge_journal_on_node(facts)),
          make_finding(specs[1], policy, subject, judge_default_write_concern(facts)),
          make_finding(specs[2], policy, subject, judge_feature_compatibility(facts))};
}

std::vector<Finding> check_durability(const ServerConfigFile& file, const Policy& policy) {
  const ServerSettings settings(file);
  return {make_finding(durability_specs()[0], policy,
                       settings.file_subject({"storage.journal.enabled"}),
                       judge_journal(settings, ""))};
}

}  // namespace mongoscan
