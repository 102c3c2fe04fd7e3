#include "checks/server/release_data.h"

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>
#include <set>

#include "checks/server/data_fields.h"
#include "checks/server/server_settings.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr const char* kReleaseDataOrigin = "release data";

Error data_error(std::string message) {
  return data_file_error(kReleaseDataOrigin, std::move(message));
}

// A required string member, or the error naming it.
Result<std::string> text(const json& object, const char* key, const std::string& where) {
  return required_text(object, key, where, kReleaseDataOrigin);
}

// An optional string member: absent or null gives none.
Result<std::optional<std::string>> optional_text(const json& object, const char* key,
                                                 const std::string& where) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::optional<std::string>();
  if (!it->is_string()) return data_error(where + ": '" + key + "' must be a string or null");
  return std::optional<std::string>(it->get<std::string>());
}

bool is_date(std::string_view text) { return parse_iso_date(text).has_value(); }

// "x.y.z" with numbers only.
bool is_version(std::string_view text) { return version_dots(text) == 2; }

Result<ReleaseSeries> parse_series(const json& entry) {
  if (!entry.is_object()) return data_error("every series entry must be an object");
  const auto name = text(entry, "series", "series entry");
  if (!name) return name.error();
  const std::string where = "series " + name.value();
  if (series_of(name.value() + ".0") != name.value())
    return data_error(where + ": 'series' must be major.minor");
  const auto kind = text(entry, "kind", where);
  if (!kind) return kind.error();
  if (kind.value() != "major" && kind.value() != "minor" && kind.value() != "rapid")
    return data_error(where + ": 'kind' must be major, minor or rapid");
  const auto end_of_life = optional_text(entry, "end_of_life", where);
  if (!end_of_life) return end_of_life.error();
  if (end_of_life.value() && !is_date(*end_of_life.value()))
    return data_error(where + ": 'end_of_life' must be YYYY-MM-DD or null");
  const auto source = text(entry, "source", where);
  if (!source) return source.error();
  ReleaseSeries series{name.value(), kind.value(), end_of_life.value(), source.value(), {}};
  const auto latest = entry.find("latest_patch");
  if (latest == entry.end() || latest->is_null()) return series;
  if (!latest->is_object()) return data_error(where + ": 'latest_patch' must be an object or null");
  PatchRelease patch;
  for (auto [key, field] :
       {std::pair{"version", &patch.version}, std::pair{"released_by", &patch.released_by},
        std::pair{"source", &patch.source}}) {
    const auto value = text(*latest, key, where + " latest_patch");
    if (!value) return value.error();
    *field = value.value();
  }
  if (!is_version(patch.version) || series_of(patch.version) != series.series)
    return data_error(where + ": latest_patch '" + patch.version +
                      "' is not a version of the series");
  if (!parse_iso_date(patch.released_by))
    return data_error(where + ": latest_patch 'released_by' must be YYYY-MM-DD");
  series.latest_patch = std::move(patch);
  return series;
}

Result<AffectedRange> parse_range(const json& entry, const std::string& where) {
  if (!entry.is_object()) return data_error(where + ": every affected range must be an object");
  const auto series = text(entry, "series", where);
  if (!series) return series.error();
  const auto introduced = text(entry, "introduced", where);
  if (!introduced) return introduced.error();
  const auto fixed = optional_text(entry, "fixed", where);
  if (!fixed) return fixed.error();
  const auto last = optional_text(entry, "last_affected", where);
  if (!last) return last.error();
  AffectedRange range{series.value(), introduced.value(), fixed.value(), last.value()};
  const std::string range_name = where + " range " + range.series;
  for (const auto* bound : {&range.introduced, range.fixed ? &*range.fixed : nullptr,
                            range.last_affected ? &*range.last_affected : nullptr}) {
    if (bound == nullptr) continue;
    if (!is_version(*bound) || series_of(*bound) != range.series)
      return data_error(range_name + ": '" + *bound + "' is not a version of the series");
  }
  if (range.fixed && range.last_affected)
    return data_error(range_name + ": give 'fixed' or 'last_affected', not both");
  if (range.fixed && compare_versions(*range.fixed, range.introduced) <= 0)
    return data_error(range_name + ": 'fixed' must come after 'introduced'");
  if (range.last_affected && compare_versions(*range.last_affected, range.introduced) < 0)
    return data_error(range_name + ": 'last_affected' must not come before 'introduced'");
  return range;
}

Result<CveCondition> parse_condition(const json& entry, const std::string& where) {
  CveCondition condition;
  const auto it = entry.find("condition");
  if (it == entry.end() || it->is_null()) return condition;
  if (!it->is_object() || it->empty())
    return data_error(where + ": 'condition' must be a non-empty object");
  for (const auto& [key, value] : it->items()) {
    static const std::set<std::string> kCompressors = {"zlib", "snappy", "zstd", "any"};
    if (key == "compressor" && value.is_string() &&
        kCompressors.contains(value.get<std::string>())) {
      condition.compressor = value.get<std::string>();
    } else if (key == "tls_without_ca_file" && value == true) {
      condition.tls_without_ca_file = true;
    } else if (key == "sharded" && value == true) {
      condition.sharded = true;
    } else if (key == "mongos" && value == true) {
      condition.mongos = true;
    } else if (key == "replica_set" && value == true) {
      condition.replica_set = true;
    } else if (key == "javascript" && value == true) {
      condition.javascript = true;
    } else if (key == "platform" && (value == "windows" || value == "linux")) {
      condition.platform = value.get<std::string>();
    } else if (key == "setting" && value.is_string() && !value.get<std::string>().empty()) {
      condition.setting = value.get<std::string>();
    } else if (key == "described" && value.is_string() && !value.get<std::string>().empty()) {
      condition.described = value.get<std::string>();
    } else {
      return data_error(where + ": unknown condition '" + key + "'");
    }
  }
  return condition;
}

Result<KnownCve> parse_cve(const json& entry) {
  if (!entry.is_object()) return data_error("every CVE entry must be an object");
  const auto id = text(entry, "id", "CVE entry");
  if (!id) return id.error();
  const std::string& where = id.value();
  KnownCve cve;
  cve.id = id.value();
  for (auto [key, field] : {std::pair{"title", &cve.title}, std::pair{"source", &cve.source}}) {
    const auto value = text(entry, key, where);
    if (!value) return value.error();
    *field = value.value();
  }
  const auto severity_text = text(entry, "severity", where);
  if (!severity_text) return severity_text.error();
  const auto severity = parse_severity(severity_text.value());
  if (!severity) return data_error(where + ": unknown severity '" + severity_text.value() + "'");
  cve.severity = *severity;
  if (const auto cvss = entry.find("cvss"); cvss != entry.end() && !cvss->is_null()) {
    if (!cvss->is_object() || !cvss->contains("score") || !(*cvss)["score"].is_number() ||
        !cvss->contains("vector") || !(*cvss)["vector"].is_string())
      return data_error(where + ": 'cvss' must be null or {version, score, vector}");
    cve.cvss_score = (*cvss)["score"].get<double>();
    cve.cvss_vector = (*cvss)["vector"].get<std::string>();
  }
  auto condition = parse_condition(entry, where);
  if (!condition) return condition.error();
  cve.condition = condition.value();
  const auto affected = entry.find("affected");
  if (affected == entry.end() || !affected->is_array() || affected->empty())
    return data_error(where + ": 'affected' must list at least one range");
  for (const json& range_entry : *affected) {
    auto range = parse_range(range_entry, where);
    if (!range) return range.error();
    cve.affected.push_back(std::move(range).value());
  }
  const auto fixed = entry.find("fixed_versions");
  if (fixed == entry.end() || !fixed->is_array())
    return data_error(where + ": 'fixed_versions' must be an array");
  for (const json& version : *fixed) {
    if (!version.is_string() || !is_version(version.get<std::string>()))
      return data_error(where + ": 'fixed_versions' must hold versions");
    cve.fixed_versions.push_back(version.get<std::string>());
  }
  for (const AffectedRange& range : cve.affected) {
    if (range.fixed && std::find(cve.fixed_versions.begin(), cve.fixed_versions.end(),
                                 *range.fixed) == cve.fixed_versions.end())
      return data_error(where + ": fixed version " + *range.fixed + " missing from fixed_versions");
  }
  return cve;
}

}  // namespace

std::optional<std::chrono::year_month_day> parse_iso_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i != 4 && i != 7 && (text[i] < '0' || text[i] > '9')) return std::nullopt;
  }
  const auto number = [&](std::size_t at, std::size_t length) {
    int value = 0;
    for (std::size_t i = at; i < at + length; ++i) value = value * 10 + (text[i] - '0');
    return value;
  };
  const std::chrono::year_month_day date{std::chrono::year(number(0, 4)),
                                         std::chrono::month(static_cast<unsigned>(number(5, 2))),
                                         std::chrono::day(static_cast<unsigned>(number(8, 2)))};
  return date.ok() ? std::optional(date) : std::nullopt;
}

bool ReleaseData::predates(std::string_view version) const {
  return find_series(version) == nullptr &&
         compare_versions(series_of(version), newest_series()) > 0;
}

int ReleaseData::age_in_days(std::chrono::year_month_day today) const {
  const auto as_of_date = parse_iso_date(as_of);
  if (!as_of_date) return 0;  // parse_release_data refuses such data
  return static_cast<int>(
      (std::chrono::sys_days(today) - std::chrono::sys_days(*as_of_date)).count());
}

std::string series_of(std::string_view version) {
  int major = 0;
  int minor = 0;
  const char* end = version.data() + version.size();
  auto [after_major, major_error] = std::from_chars(version.data(), end, major);
  if (major_error != std::errc() || after_major == end || *after_major != '.') return "";
  auto [after_minor, minor_error] = std::from_chars(after_major + 1, end, minor);
  if (minor_error != std::errc()) return "";
  return std::to_string(major) + "." + std::to_string(minor);
}

bool AffectedRange::contains(std::string_view version) const {
  if (series_of(version) != series || compare_versions(version, introduced) < 0) return false;
  if (fixed && compare_versions(version, *fixed) >= 0) return false;
  if (last_affected && compare_versions(version, *last_affected) > 0) return false;
  return true;
}

const ReleaseSeries* ReleaseData::find_series(std::string_view version) const {
  const std::string wanted = series_of(version);
  const auto it = std::find_if(series.begin(), series.end(),
                               [&](const ReleaseSeries& entry) { return entry.series == wanted; });
  return it == series.end() ? nullptr : &*it;
}

std::string ReleaseData::newest_series() const {
  std::string newest;
  for (const ReleaseSeries& entry : series) {
    if (newest.empty() || compare_versions(entry.series, newest) > 0) newest = entry.series;
  }
  return newest;
}

Result<ReleaseData> parse_release_data(std::string_view json_text) {
  const json document = json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded() || !document.is_object())
    return data_error("the release data is not a JSON object");
  ReleaseData data;
  const auto as_of = text(document, "as_of", "the release data");
  if (!as_of) return as_of.error();
  if (!is_date(as_of.value())) return data_error("'as_of' must be YYYY-MM-DD");
  data.as_of = as_of.value();
  const auto series = document.find("series");
  const auto cves = document.find("cves");
  if (series == document.end() || !series->is_array() || series->empty() ||
      cves == document.end() || !cves->is_array())
    return data_error("the release data needs a non-empty 'series' array and a 'cves' array");
  for (const json& entry : *series) {
    auto parsed = parse_series(entry);
    if (!parsed) return parsed.error();
    if (data.find_series(parsed.value().series + ".0"))
      return data_error("series " + parsed.value().series + " is listed twice");
    data.series.push_back(std::move(parsed).value());
  }
  std::set<std::string> ids;
  for (const json& entry : *cves) {
    auto parsed = parse_cve(entry);
    if (!parsed) return parsed.error();
    if (!ids.insert(parsed.value().id).second)
      return data_error(parsed.value().id + " is listed twice");
    data.cves.push_back(std::move(parsed).value());
  }
  return data;
}

const Result<ReleaseData>& release_data() {
  static const Result<ReleaseData> data = parse_release_data(kMongodbReleasesJson);
  return data;
}

}  // namespace mongoscan
