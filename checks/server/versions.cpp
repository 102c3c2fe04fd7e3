#include "checks/server/versions.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "checks/server/command_evidence.h"
#include "checks/server/server_settings.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/facts/cluster_topology.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

const CheckSpec& supported_spec() { return versions_specs()[0]; }
const CheckSpec& cve_spec() { return versions_specs()[1]; }
const CheckSpec& patch_spec() { return versions_specs()[2]; }

// The release series each maxWireVersion first appeared in (MongoDB specifications,
// wireversion-featurelist; shared/server-replies/wire-versions.json). From 5.1 each rapid release
// raised it by one.
struct WireSeries {
  std::int64_t wire;
  std::string_view series;
};
constexpr std::array kWireSeries = {
    WireSeries{3, "3.0"},  WireSeries{4, "3.2"},  WireSeries{5, "3.4"},  WireSeries{6, "3.6"},
    WireSeries{7, "4.0"},  WireSeries{8, "4.2"},  WireSeries{9, "4.4"},  WireSeries{13, "5.0"},
    WireSeries{14, "5.1"}, WireSeries{15, "5.2"}, WireSeries{16, "5.3"}, WireSeries{17, "6.0"},
    WireSeries{18, "6.1"}, WireSeries{19, "6.2"}, WireSeries{20, "6.3"}, WireSeries{21, "7.0"},
    WireSeries{22, "7.1"}, WireSeries{23, "7.2"}, WireSeries{24, "7.3"}, WireSeries{25, "8.0"},
};

// A node's version as far as the probe learnt it.
struct NodeVersion {
  std::string version;  // "7.0.9" from buildInfo; empty when only the series is known
  std::string series;   // "7.0"; empty when unknown
  std::string source;   // "buildInfo" or "hello maxWireVersion 21 (buildInfo ...)"
  bool newer_than_wire_table = false;
};

// Why buildInfo gave no version: skipped when the node wants authentication for it (no action
// grants buildInfo; buildInfoAuthMode requiresAuth asks for any authenticated user), else error.
Verdict buildinfo_missing(const NodeFacts& node) {
  const auto outcome = node.commands.find("buildInfo");
  if (outcome != node.commands.end() &&
      outcome->second.state == CommandOutcome::State::not_permitted) {
    return {Status::skipped,
            "buildInfo requires authentication on this node (buildInfoAuthMode requiresAuth); "
            "scan with credentials",
            json{{"command", "buildInfo"}, {"state", "not_permitted"}}};
  }
  const auto reply = command_reply(node, "buildInfo", "buildInfo");
  if (std::holds_alternative<Verdict>(reply)) return std::get<Verdict>(reply);
  return {Status::error, "buildInfo did not report a version",
          json{{"command", "buildInfo"}, {"state", "ok"}}};
}

NodeVersion node_version(const NodeFacts& node) {
  const std::string version = server_version(node);
  if (!version.empty()) return {version, series_of(version), "buildInfo", false};
  if (!node.hello) return {};
  const auto wire = node.hello->get_int64("maxWireVersion");
  if (!wire) return {};
  NodeVersion found{"", "",
                    "hello maxWireVersion " + std::to_string(*wire) + " (" +
                        buildinfo_missing(node).message + ")",
                    false};
  for (const WireSeries& entry : kWireSeries) {
    if (entry.wire <= *wire) found.series = std::string(entry.series);
  }
  found.newer_than_wire_table = *wire > kWireSeries.back().wire;
  return found;
}

std::string format_date(std::chrono::year_month_day date) {
  const auto padded = [](unsigned value, std::size_t width) {
    std::string text = std::to_string(value);
    return std::string(width > text.size() ? width - text.size() : 0, '0') + text;
  };
  return padded(static_cast<unsigned>(static_cast<int>(date.year())), 4) + "-" +
         padded(static_cast<unsigned>(date.month()), 2) + "-" +
         padded(static_cast<unsigned>(date.day()), 2);
}

enum class SeriesStatus { supported, end_of_life, not_supported, newer_than_data, unknown };

struct SeriesJudgement {
  SeriesStatus status;
  std::string detail;
  json end_of_life;  // the date, or null
};

SeriesJudgement judge_series(const NodeVersion& found, const ReleaseData& data,
                             std::chrono::year_month_day today) {
  if (found.newer_than_wire_table)
    return {SeriesStatus::newer_than_data, "a wire version newer than 8.0's", nullptr};
  if (found.series.empty()) return {SeriesStatus::unknown, "version unknown", nullptr};
  const ReleaseSeries* series = data.find_series(found.series + ".0");
  if (series == nullptr) {
    if (compare_versions(found.series, data.newest_series()) > 0) {
      return {SeriesStatus::newer_than_data,
              "series " + found.series + " is newer than the release data (as of " + data.as_of +
                  ") knows",
              nullptr};
    }
    return {SeriesStatus::not_supported,
            "series " + found.series +
                " is a development series or older than any MongoDB "
                "still lists",
            nullptr};
  }
  if (!series->end_of_life)
    return {SeriesStatus::supported, "series " + found.series + " has no end-of-life date yet",
            nullptr};
  const auto end = parse_iso_date(*series->end_of_life);
  if (end && today > *end) {
    return {SeriesStatus::end_of_life,
            "series " + found.series + " reached end of life on " + *series->end_of_life +
                (series->kind == "rapid" ? " (a rapid release, never supported on premises)" : ""),
            *series->end_of_life};
  }
  return {SeriesStatus::supported,
          "series " + found.series + " is supported until " + *series->end_of_life,
          *series->end_of_life};
}

std::string_view status_name(SeriesStatus status) {
  switch (status) {
    case SeriesStatus::supported:
      return "supported";
    case SeriesStatus::end_of_life:
      return "end_of_life";
    case SeriesStatus::not_supported:
      return "not_supported";
    case SeriesStatus::newer_than_data:
      return "newer_than_release_data";
    case SeriesStatus::unknown:
      break;
  }
  return "unknown";
}

// Whether the versions differ: exact versions ("7.0.9") against each other, and series known only
// from the wire version ("7.0.x") against every other series.
bool disagree(const std::set<std::string>& versions) {
  std::set<std::string> exact, series;
  for (const std::string& version : versions) {
    series.insert(series_of(version));
    if (!version.ends_with(".x")) exact.insert(version);
  }
  return exact.size() > 1 || series.size() > 1;
}

Verdict judge_supported(const DeploymentFacts& deployment, const ReleaseData& data,
                        std::chrono::year_month_day today) {
  json nodes = json::array();
  std::vector<std::string> end_of_life, not_supported, unknown, newer;
  std::set<std::string> versions;  // exact versions, or "series.x" where only the series is known
  std::map<std::string, std::vector<std::string>> labels_by_series;
  for (const NodeFacts& node : deployment.nodes) {
    const NodeVersion found = node_version(node);
    const SeriesJudgement judgement = judge_series(found, data, today);
    json entry = {{"address", node.address()},
                  {"version", found.version.empty() ? json() : json(found.version)},
                  {"series", found.series.empty() ? json() : json(found.series)},
                  {"source", found.source.empty() ? json() : json(found.source)},
                  {"end_of_life", judgement.end_of_life},
                  {"status", status_name(judgement.status)}};
    const std::string label =
        node.address() + " (" + (found.version.empty() ? found.series : found.version) + ")";
    switch (judgement.status) {
      case SeriesStatus::end_of_life:
        end_of_life.push_back(label);
        break;
      case SeriesStatus::not_supported:
        not_supported.push_back(label);
        break;
      case SeriesStatus::newer_than_data:
        newer.push_back(node.address());
        break;
      case SeriesStatus::unknown:
        entry["reason"] =
            node.errors.empty() ? "no hello or buildInfo reply" : node.errors.front().message;
        unknown.push_back(node.address());
        break;
      case SeriesStatus::supported:
        break;
    }
    if (!found.series.empty()) {
      versions.insert(found.version.empty() ? found.series + ".x" : found.version);
      labels_by_series[found.series].push_back(label);
    }
    nodes.push_back(entry);
  }
  const json evidence = {{"nodes", nodes},
                         {"distinct_versions", versions},
                         {"scan_date", format_date(today)},
                         {"release_data_as_of", data.as_of}};
  if (!end_of_life.empty() || !not_supported.empty()) {
    std::string message;
    if (!end_of_life.empty()) message = "past end of life: " + join(end_of_life);
    if (!not_supported.empty())
      message += (message.empty() ? "" : "; ") + std::string("not a supported release series: ") +
                 join(not_supported);
    return {Status::fail, message, evidence};
  }
  // Every component of a sharded cluster runs one release series: mongos, config servers and
  // shards are upgraded in that order within one upgrade window, and the cluster's
  // featureCompatibilityVersion cannot move while one lags (MongoDB manual, "Upgrade a Sharded
  // Cluster").
  if (labels_by_series.size() > 1 && is_sharded_cluster(deployment.nodes)) {
    auto majority = labels_by_series.begin();
    for (auto it = labels_by_series.begin(); it != labels_by_series.end(); ++it)
      if (it->second.size() > majority->second.size()) majority = it;
    std::vector<std::string> others;
    for (const auto& [series, labels] : labels_by_series)
      if (series != majority->first) others.insert(others.end(), labels.begin(), labels.end());
    return {Status::fail,
            "the cluster's components run different release series: " + join(others) + " beside " +
                majority->first + " on the other " + std::to_string(majority->second.size()) +
                " nodes",
            evidence};
  }
  if (disagree(versions)) {
    std::vector<std::string> list(versions.begin(), versions.end());
    return {Status::warn, "members run different versions: " + join(list), evidence};
  }
  if (versions.empty() && newer.empty()) {
    return {Status::error, "no node reported its version (no buildInfo or hello reply)", evidence};
  }
  if (!unknown.empty()) {
    return {Status::warn,
            "the versions of " + join(unknown) + " are unknown; the others are supported",
            evidence};
  }
  if (!newer.empty()) {
    return {Status::warn,
            join(newer) + " run a series the release data (as of " + data.as_of +
                ") does not know; update mongoscan",
            evidence};
  }
  return {Status::pass, "every node runs " + *versions.begin() + ", a supported release series",
          evidence};
}

// ---- VER-002 -------------------------------------------------------------------------------

// true, false, or unknown (with the reason) for one condition fact.
struct Fact {
  std::optional<bool> value;
  std::string unknown_because;
};

std::set<std::string> compressor_list(const std::string& text) {
  std::set<std::string> names;
  for (std::string& name : comma_separated(text))
    if (name != "disabled") names.insert(std::move(name));
  return names;
}

// What the node's facts say about the settings CVE conditions read.
class ConditionFacts {
 public:
  ConditionFacts(const NodeFacts& node, const std::string& version)
      : node_(node), version_(version) {
    const auto reply = command_reply(node, "getCmdLineOpts", "getCmdLineOpts");
    if (std::holds_alternative<Verdict>(reply)) {
      opts_missing_ = std::get<Verdict>(reply).message;
    } else {
      opts_ = std::get<const bson::Document*>(reply);
      const ServerSetting setting = server_setting(*opts_, version, "net.compression.compressors");
      evidence_["net.compression.compressors"] = setting.evidence();
      if (setting.value.is_string())
        configured_compressors_ = compressor_list(setting.value.get<std::string>());
    }
    if (node.hello && node.hello_command != "isMaster over OP_QUERY") {
      bson::Array names = node.hello->get_array("compression").value_or(bson::Array{});
      std::set<std::string> negotiated;
      for (const bson::Value& name : names) {
        if (const auto* text = name.get_if<std::string>()) negotiated.insert(*text);
      }
      negotiated_compressors_ = negotiated;
      evidence_["hello_compression"] = negotiated;
      evidence_["hello_compression_offered"] = kOfferedCompressors;
    }
  }

  // Enabled when hello negotiated it or the configuration (set or defaulted) lists it.
  Fact compressor(const std::string& name) const {
    const auto has = [&](const std::set<std::string>& list) {
      return name == "any" ? !list.empty() : list.contains(name);
    };
    if (!negotiated_compressors_ && !configured_compressors_)
      return {std::nullopt, "neither hello's compression nor getCmdLineOpts: " + opts_missing_};
    return {(negotiated_compressors_ && has(*negotiated_compressors_)) ||
                (configured_compressors_ && has(*configured_compressors_)),
            ""};
  }

  Fact tls_without_ca_file() const {
    if (opts_ == nullptr) return {std::nullopt, opts_missing_};
    const auto net = opts_->get_document("parsed").value_or(bson::Document{}).get_document("net");
    if (!net) return {false, ""};
    for (const char* section : {"tls", "ssl"}) {
      const auto tls = net->get_document(section);
      if (!tls) continue;
      const std::string mode = tls->get_string("mode").value_or("disabled");
      if (mode != "disabled" && !tls->get_string("CAFile")) return {true, ""};
    }
    return {false, ""};
  }

  Fact mongos() const {
    if (!node_.hello) return {std::nullopt, "no hello reply"};
    return {node_.hello->get_string("msg") == "isdbgrid", ""};
  }

  // A replica set member answers hello with its set's name; a mongos or a standalone without.
  Fact replica_set() const {
    if (!node_.hello) return {std::nullopt, "no hello reply"};
    return {node_.hello->get_string("setName").has_value(), ""};
  }

  Fact javascript() const {
    if (opts_ == nullptr) return {std::nullopt, opts_missing_};
    return {server_setting(*opts_, version_, "security.javascriptEnabled").value != false, ""};
  }

  // The build's operating system (buildInfo buildEnvironment.target_os).
  Fact platform(const std::string& name) const {
    const bson::Document* build = successful_reply(node_, "buildInfo");
    const auto environment =
        build != nullptr ? build->get_document("buildEnvironment") : std::nullopt;
    const auto target = environment ? environment->get_string("target_os") : std::nullopt;
    if (!target) return {std::nullopt, "buildInfo gave no buildEnvironment.target_os"};
    return {to_lower_ascii(*target) == name, ""};
  }

  Fact configured(const std::string& path) const {
    if (opts_ == nullptr) return {std::nullopt, opts_missing_};
    return {server_setting(*opts_, version_, path).set, ""};
  }

  Fact sharded() const {
    if (node_.hello && node_.hello->get_string("msg") == "isdbgrid") return {true, ""};
    if (opts_ == nullptr) return {std::nullopt, opts_missing_};
    const auto sharding =
        opts_->get_document("parsed").value_or(bson::Document{}).get_document("sharding");
    return {sharding && sharding->get_string("clusterRole").has_value(), ""};
  }

  const json& evidence() const { return evidence_; }

 private:
  const NodeFacts& node_;
  std::string version_;
  const bson::Document* opts_ = nullptr;
  std::string opts_missing_;
  std::optional<std::set<std::string>> negotiated_compressors_;
  std::optional<std::set<std::string>> configured_compressors_;
  json evidence_ = json::object();
};

// Whether every part of the condition holds: false as soon as one does not, unknown if one is.
Fact condition_holds(const CveCondition& condition, const ConditionFacts& facts) {
  std::vector<Fact> parts;
  if (condition.compressor) parts.push_back(facts.compressor(*condition.compressor));
  if (condition.tls_without_ca_file) parts.push_back(facts.tls_without_ca_file());
  if (condition.sharded) parts.push_back(facts.sharded());
  if (condition.mongos) parts.push_back(facts.mongos());
  if (condition.replica_set) parts.push_back(facts.replica_set());
  if (condition.javascript) parts.push_back(facts.javascript());
  if (condition.platform) parts.push_back(facts.platform(*condition.platform));
  if (condition.setting) parts.push_back(facts.configured(*condition.setting));
  if (condition.described) {
    parts.push_back({std::nullopt,
                     "the record's condition is not observable remotely: " + *condition.described});
  }
  Fact result{true, ""};
  for (const Fact& part : parts) {
    if (part.value == false) return {false, ""};
    if (!part.value) result = part;
  }
  return result;
}

json condition_json(const CveCondition& condition) {
  json text = json::object();
  if (condition.compressor) text["compressor"] = *condition.compressor;
  if (condition.tls_without_ca_file) text["tls_without_ca_file"] = true;
  if (condition.sharded) text["sharded"] = true;
  if (condition.mongos) text["mongos"] = true;
  if (condition.replica_set) text["replica_set"] = true;
  if (condition.javascript) text["javascript"] = true;
  if (condition.platform) text["platform"] = *condition.platform;
  if (condition.setting) text["setting"] = *condition.setting;
  if (condition.described) text["described"] = *condition.described;
  return text;
}

// The first fixed release of the node's series, or null when the series got none.
json fix_in_series(const KnownCve& cve, const std::string& version) {
  for (const AffectedRange& range : cve.affected) {
    if (!range.contains(version)) continue;
    if (range.fixed) return *range.fixed;
    for (const std::string& fixed : cve.fixed_versions)
      if (series_of(fixed) == range.series) return fixed;
  }
  return nullptr;
}

json cve_json(const KnownCve& cve, const std::string& version) {
  json entry = {{"id", cve.id},
                {"title", cve.title},
                {"severity", to_string(cve.severity)},
                {"fixed_in_series", fix_in_series(cve, version)},
                {"fixed_versions", cve.fixed_versions},
                {"source", cve.source}};
  if (cve.cvss_score) entry["cvss"] = {{"score", *cve.cvss_score}, {"vector", cve.cvss_vector}};
  if (!cve.condition.always()) entry["condition"] = condition_json(cve.condition);
  return entry;
}

// A verdict whose finding takes the highest severity among the CVEs behind it, if any.
struct CveVerdict {
  Verdict verdict;
  std::optional<Severity> severity;
};

std::string cve_list(const std::vector<const KnownCve*>& cves) {
  std::vector<std::string> names;
  for (const KnownCve* cve : cves)
    names.push_back(cve->id + " (" + std::string(to_string(cve->severity)) + ")");
  return join(names);
}

std::optional<Severity> highest(const std::vector<const KnownCve*>& cves) {
  std::optional<Severity> top;
  for (const KnownCve* cve : cves) top = std::max(top.value_or(cve->severity), cve->severity);
  return top;
}

CveVerdict judge_cves(const NodeFacts& node, const ReleaseData& data) {
  const std::string version = server_version(node);
  if (version.empty()) return {buildinfo_missing(node), std::nullopt};
  const ConditionFacts facts(node, version);
  std::vector<const KnownCve*> applies, may_apply;
  json applies_json = json::array(), may_apply_json = json::array(), ruled_out = json::array();
  for (const KnownCve& cve : data.cves) {
    if (std::none_of(cve.affected.begin(), cve.affected.end(),
                     [&](const AffectedRange& range) { return range.contains(version); }))
      continue;
    const Fact holds = condition_holds(cve.condition, facts);
    json entry = cve_json(cve, version);
    if (holds.value == true) {
      applies.push_back(&cve);
      applies_json.push_back(entry);
    } else if (holds.value == false) {
      ruled_out.push_back({{"id", cve.id}, {"condition", condition_json(cve.condition)}});
    } else {
      entry["unknown_because"] = holds.unknown_because;
      may_apply.push_back(&cve);
      may_apply_json.push_back(entry);
    }
  }
  const json evidence = {{"version", version},
                         {"release_data_as_of", data.as_of},
                         {"cves_known", data.cves.size()},
                         {"applies", applies_json},
                         {"may_apply", may_apply_json},
                         {"condition_not_met", ruled_out},
                         {"facts", facts.evidence()}};
  if (!applies.empty()) {
    return {{Status::fail,
             std::to_string(applies.size()) + " known CVE(s) apply to MongoDB " + version + ": " +
                 cve_list(applies),
             evidence},
            highest(applies)};
  }
  if (!may_apply.empty()) {
    return {{Status::warn,
             "MongoDB " + version + " is in the affected range of " + cve_list(may_apply) +
                 ", whose condition could not be checked",
             evidence},
            highest(may_apply)};
  }
  if (data.predates(version)) {
    return {{Status::warn,
             "MongoDB " + version + " is newer than the release data (as of " + data.as_of +
                 ") knows; its CVEs could not be judged",
             evidence},
            std::nullopt};
  }
  return {{Status::pass,
           "none of the " + std::to_string(data.cves.size()) + " known CVEs (release data as of " +
               data.as_of + ") applies to MongoDB " + version,
           evidence},
          std::nullopt};
}

// ---- VER-003 -------------------------------------------------------------------------------

CveVerdict judge_patch_level(const NodeFacts& node, const ReleaseData& data) {
  const std::string version = server_version(node);
  if (version.empty()) return {buildinfo_missing(node), std::nullopt};
  const ReleaseSeries* series = data.find_series(version);
  if (series == nullptr || !series->latest_patch) {
    const bool newer = data.predates(version);
    return {{newer ? Status::warn : Status::skipped,
             newer ? "MongoDB " + version + " is newer than the release data (as of " + data.as_of +
                         ") knows; its patch level could not be judged"
                   : "the release data (as of " + data.as_of +
                         ") names no latest patch release of series " + series_of(version),
             json{{"version", version}, {"release_data_as_of", data.as_of}}},
            std::nullopt};
  }
  const PatchRelease& latest = *series->latest_patch;
  // Listed CVEs the node's version is in range of and a release of its own series fixes,
  // whatever their condition: a setting can change, the patch is due either way.
  std::vector<const KnownCve*> fixed_later;
  json fixed_json = json::array(), unfixed_json = json::array();
  for (const KnownCve& cve : data.cves) {
    if (std::none_of(cve.affected.begin(), cve.affected.end(),
                     [&](const AffectedRange& range) { return range.contains(version); }))
      continue;
    json entry = cve_json(cve, version);
    if (entry["fixed_in_series"].is_null()) {
      unfixed_json.push_back(std::move(entry));
      continue;
    }
    fixed_later.push_back(&cve);
    fixed_json.push_back(std::move(entry));
  }
  const json evidence = {{"version", version},
                         {"series", series->series},
                         {"latest_patch", latest.version},
                         {"latest_patch_released_by", latest.released_by},
                         {"latest_patch_source", latest.source},
                         {"release_data_as_of", data.as_of},
                         {"cves_fixed_in_later_patches", fixed_json},
                         {"cves_without_a_fix_in_series", unfixed_json}};
  const std::string behind = "MongoDB " + version + " is behind " + latest.version +
                             ", the latest patch release of " + series->series + " (out by " +
                             latest.released_by + ")";
  if (!fixed_later.empty()) {
    return {{Status::fail, behind + "; later patches fix " + cve_list(fixed_later), evidence},
            highest(fixed_later)};
  }
  if (compare_versions(version, latest.version) < 0)
    return {{Status::warn, behind, evidence}, std::nullopt};
  std::string message = "MongoDB " + version + " is the latest patch release of " + series->series +
                        " the release data (as of " + data.as_of + ") knows";
  if (!unfixed_json.empty()) {
    message += "; " + std::to_string(unfixed_json.size()) +
               " listed CVE(s) have no fix in this series (VER-001, VER-002)";
  }
  return {{Status::pass, message, evidence}, std::nullopt};
}

// A verdict that would pass on release data older than kReleaseDataFreshDays warns instead: the
// patches and CVEs published since are not in it.
Verdict held_to_fresh_data(Verdict verdict, const ReleaseData& data,
                           std::chrono::year_month_day today) {
  const int age = data.age_in_days(today);
  if (verdict.evidence.is_object()) verdict.evidence["release_data_age_days"] = age;
  if (verdict.status != Status::pass || age <= kReleaseDataFreshDays) return verdict;
  verdict.status = Status::warn;
  verdict.message += "; but the release data is as of " + data.as_of + ", " + std::to_string(age) +
                     " days before the scan (over " + std::to_string(kReleaseDataFreshDays) +
                     "): update mongoscan, later patches and CVEs are missing from it";
  return verdict;
}

Verdict data_unavailable(const Error& error) {
  return {Status::error, "the compiled-in release data is unusable: " + error.message};
}

// `spec`'s finding about the node from judge(facts, data), held to fresh data on `today`, at the
// severity of the CVEs behind it unless the policy overrides the check's.
Finding node_version_finding(const CheckSpec& spec, const NodeFacts& facts, const Policy& policy,
                             std::chrono::year_month_day today, const Result<ReleaseData>& data,
                             CveVerdict (*judge)(const NodeFacts&, const ReleaseData&)) {
  const Subject subject = Subject::node(facts.address());
  if (!data) return make_finding(spec, policy, subject, data_unavailable(data.error()));
  CveVerdict judged = judge(facts, data.value());
  Finding finding = make_finding(
      spec, policy, subject, held_to_fresh_data(std::move(judged.verdict), data.value(), today));
  if (judged.severity && !policy.severity_overrides.contains(spec.id))
    finding.severity = *judged.severity;
  return finding;
}

ControlReference cis_software_patches() {
  return {Framework::cis, "1.1",
          "Ensure the appropriate MongoDB software version/patches are installed"};
}

ControlReference checklist_periodic_checks() {
  return {Framework::checklist, "periodic-checks", "Periodic/Ongoing Production Checks"};
}

ControlReference stig_security_updates() {
  return {Framework::stig, "V-252183",
          "Security-relevant software updates to MongoDB must be installed within the time period "
          "directed by an authoritative source (e.g., IAVM, CTOs, DTMs, and STIGs)."};
}

}  // namespace

const std::vector<CheckSpec>& versions_specs() {
  static const std::vector<CheckSpec> specs = {
      {"VER-001",
       "Every member runs a supported MongoDB release series; members agree",
       Layer::versions,
       Severity::high,
       {cis_software_patches(),
        {Framework::stig, "V-252184",
         "MongoDB products must be a version supported by the vendor."},
        checklist_periodic_checks()},
       "Upgrade every member to the latest patch of a supported release series (one major "
       "version at a time), and finish rolling upgrades so that all members run the same "
       "version.",
       "Every member runs a release series still supported on the scan date, and all members "
       "run the same version (`checks/data/mongodb-releases.json`, dated, with sources); in "
       "a sharded cluster every mongos, config server and shard member runs one release "
       "series (another series fails)."},
      {"VER-002",
       "No known CVE applies to the node's version and configuration",
       Layer::versions,
       Severity::high,
       {cis_software_patches(), stig_security_updates(), checklist_periodic_checks()},
       "Upgrade to the fixed release named in the evidence; until then remove the condition that "
       "exposes the node (for CVE-2025-14847, leave zlib out of net.compression.compressors).",
       "No known CVE applies to the node's version and configuration (ranges per series, "
       "fixed versions, conditions such as zlib in `net.compression.compressors` or hello's "
       "`compression` for CVE-2025-14847, the node's role — mongos, replica set member, "
       "sharded —, `security.javascriptEnabled`, a configured option such as "
       "`net.proxyPort`, the build's `target_os`); a condition no read-only command shows "
       "(the record's words) makes the CVE \"may apply\": warn. The list holds every MongoDB "
       "Server CVE with a CVSS base score of 7.0 or more since 2019 that the data's sources "
       "showed (49 today; the data file says which records were not readable)."},
      {"VER-003",
       "The node runs the latest patch release of its series",
       Layer::versions,
       Severity::medium,
       {cis_software_patches(), stig_security_updates(), checklist_periodic_checks()},
       "Apply the latest patch release of the node's series (a patch release changes no "
       "behaviour a deployment relies on and needs no featureCompatibilityVersion change); "
       "where the evidence lists CVEs a later patch fixes, do it first.",
       "The node runs the latest patch release of its series that the release data names "
       "(each series' `latest_patch`, with the date by which it was out and its source): "
       "behind it warns; behind a patch of its series that fixes a listed CVE in the node's "
       "range fails, whatever the CVE's condition (a setting can change; the patch is due "
       "either way), at the highest such CVE's severity; skipped where the data names no "
       "latest patch for the series. The release data is dated (`as_of`): on a scan more "
       "than 120 days later no VER check passes (each warns, saying how old the data is) — a "
       "stale scanner never passes silently, and the test suite fails on that day too, "
       "naming the file to refresh."},
  };
  return specs;
}

Finding check_supported_versions(const DeploymentFacts& deployment, const Policy& policy,
                                 std::chrono::year_month_day today,
                                 const Result<ReleaseData>& data) {
  const Subject subject = Subject::uri(deployment.redacted_uri);
  if (!data) return make_finding(supported_spec(), policy, subject, data_unavailable(data.error()));
  return make_finding(
      supported_spec(), policy, subject,
      held_to_fresh_data(judge_supported(deployment, data.value(), today), data.value(), today));
}

Verdict judge_reported_version(std::string_view version, std::string_view source,
                               std::chrono::year_month_day today, const Result<ReleaseData>& data) {
  if (!data) return data_unavailable(data.error());
  if (version.empty()) return {Status::error, "the control plane gave no version", json::object()};
  const NodeVersion found{std::string(version), series_of(version), std::string(source), false};
  const SeriesJudgement series = judge_series(found, data.value(), today);
  std::vector<std::string> applying, conditional;
  for (const KnownCve& cve : data.value().cves) {
    const bool affected =
        std::any_of(cve.affected.begin(), cve.affected.end(),
                    [&](const AffectedRange& range) { return range.contains(version); });
    if (affected) (cve.condition.always() ? applying : conditional).push_back(cve.id);
  }
  const json evidence = {{"version", found.version},
                         {"source", found.source},
                         {"series", found.series},
                         {"status", status_name(series.status)},
                         {"end_of_life", series.end_of_life},
                         {"cves", applying},
                         {"cves_with_conditions", conditional},
                         {"scan_date", format_date(today)},
                         {"release_data_as_of", data.value().as_of}};
  if (series.status == SeriesStatus::end_of_life || series.status == SeriesStatus::not_supported)
    return {Status::fail, found.version + ": " + series.detail, evidence};
  if (!applying.empty())
    return {Status::fail, found.version + " has known vulnerabilities: " + join(applying),
            evidence};
  if (series.status == SeriesStatus::newer_than_data || series.status == SeriesStatus::unknown)
    return {Status::warn, found.version + ": " + series.detail, evidence};
  if (!conditional.empty()) {
    return {Status::warn,
            found.version + ": " + series.detail +
                "; these CVEs apply under a setting the control "
                "plane does not show: " +
                join(conditional),
            evidence};
  }
  return held_to_fresh_data(
      {Status::pass, found.version + ": " + series.detail + ", no known CVE applies", evidence},
      data.value(), today);
}

std::vector<Finding> check_versions(const DeploymentFacts& deployment, const Policy& policy) {
  const auto today = std::chrono::year_month_day(
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
  return {check_supported_versions(deployment, policy, today)};
}

Finding check_known_cves(const NodeFacts& facts, const Policy& policy,
                         std::chrono::year_month_day today, const Result<ReleaseData>& data) {
  return node_version_finding(cve_spec(), facts, policy, today, data, judge_cves);
}

Finding check_patch_level(const NodeFacts& facts, const Policy& policy,
                          std::chrono::year_month_day today, const Result<ReleaseData>& data) {
  return node_version_finding(patch_spec(), facts, policy, today, data, judge_patch_level);
}

std::vector<Finding> check_node_versions(const NodeFacts& facts, const Policy& policy) {
  const auto today = std::chrono::year_month_day(
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
  return {check_known_cves(facts, policy, today), check_patch_level(facts, policy, today)};
}

}  // namespace mongoscan
