#include "checks/baseline.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <tuple>

#include "scanner/secrets/digest.h"

namespace mongoscan {
namespace {

using nlohmann::json;

bool baselinable(const Finding& finding) {
  return (finding.status == Status::fail || finding.status == Status::warn) &&
         !finding.fingerprint.empty();
}

Error baseline_error(std::string message) {
  return Error{ErrorCode::usage, "baseline", std::move(message)};
}

// "path:line" for a place in a file, else the name of the node, string, namespace or resource.
std::string baseline_subject(const Subject& subject) {
  if (subject.kind == Subject::Kind::file && subject.line)
    return subject.name + ":" + std::to_string(*subject.line);
  return subject.name;
}

Result<Baseline> parse_version_1(const json& document) {
  const auto fingerprints = document.find("fingerprints");
  if (fingerprints == document.end() || !fingerprints->is_array())
    return baseline_error("\"fingerprints\" must be an array of strings");
  Baseline baseline{1, {}};
  for (const json& fingerprint : *fingerprints) {
    if (!fingerprint.is_string())
      return baseline_error("\"fingerprints\" must be an array of strings");
    baseline.entries.push_back({fingerprint.get<std::string>()});
  }
  return baseline;
}

Result<BaselineEntry> parse_entry(const json& entry, std::size_t index) {
  const std::string where = "entry " + std::to_string(index + 1);
  if (!entry.is_object()) return baseline_error(where + " is not an object");
  BaselineEntry parsed;
  for (auto [key, field, required] :
       {std::tuple{"fingerprint", &parsed.fingerprint, true},
        std::tuple{"content_fingerprint", &parsed.content_fingerprint, false},
        std::tuple{"check", &parsed.check_id, true}, std::tuple{"subject", &parsed.subject, true},
        std::tuple{"message_digest", &parsed.message_digest, false},
        std::tuple{"first_seen", &parsed.first_seen, false}}) {
    const auto value = entry.find(key);
    if (value == entry.end()) {
      if (required) return baseline_error(where + " has no \"" + key + "\"");
      continue;
    }
    if (!value->is_string() || (required && value->get<std::string>().empty()))
      return baseline_error(where + ": \"" + key + "\" must be a non-empty string");
    *field = value->get<std::string>();
  }
  return parsed;
}

// For each finding, the entry of `baseline` that holds it, if any (see apply_baseline).
std::vector<std::optional<std::size_t>> held_by(const Baseline& baseline,
                                                const std::vector<Finding>& findings) {
  std::map<std::string, std::size_t, std::less<>> by_fingerprint;
  for (std::size_t i = 0; i < baseline.entries.size(); ++i)
    by_fingerprint.emplace(baseline.entries[i].fingerprint, i);
  std::vector<std::optional<std::size_t>> held(findings.size());
  std::set<std::size_t> present;  // entries some finding of this run has the fingerprint of
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const auto found = by_fingerprint.find(findings[i].fingerprint);
    if (found == by_fingerprint.end()) continue;
    present.insert(found->second);
    if (baselinable(findings[i])) held[i] = found->second;
  }
  std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> moved;
  for (std::size_t i = 0; i < baseline.entries.size(); ++i) {
    const BaselineEntry& entry = baseline.entries[i];
    if (!present.contains(i) && !entry.content_fingerprint.empty())
      moved[{entry.check_id, entry.content_fingerprint}].push_back(i);
  }
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (held[i] || !baselinable(findings[i]) || findings[i].content_fingerprint.empty()) continue;
    auto candidates = moved.find({findings[i].check_id, findings[i].content_fingerprint});
    if (candidates == moved.end() || candidates->second.empty()) continue;
    held[i] = candidates->second.back();
    candidates->second.pop_back();
  }
  return held;
}

}  // namespace

Result<Baseline> parse_baseline(std::string_view text) {
  const json document = json::parse(text, nullptr, false);
  if (document.is_discarded() || !document.is_object()) return baseline_error("not a JSON object");
  const auto version = document.find("mongoscan_baseline");
  if (version != document.end() && *version == 1) return parse_version_1(document);
  if (version == document.end() || *version != kBaselineVersion)
    return baseline_error("\"mongoscan_baseline\" must be 1 or 2");
  const auto entries = document.find("entries");
  if (entries == document.end() || !entries->is_array())
    return baseline_error("\"entries\" must be an array of objects");
  Baseline baseline;
  baseline.entries.reserve(entries->size());
  for (std::size_t i = 0; i < entries->size(); ++i) {
    auto entry = parse_entry((*entries)[i], i);
    if (!entry) return entry.error();
    baseline.entries.push_back(std::move(entry).value());
  }
  return baseline;
}

std::string baseline_text(const std::vector<Finding>& findings, const Baseline& previous,
                          std::string_view today) {
  const std::vector<std::optional<std::size_t>> held = held_by(previous, findings);
  std::map<std::string, BaselineEntry> by_fingerprint;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const Finding& finding = findings[i];
    if (!baselinable(finding) || finding.suppression == "inline") continue;
    const std::string first_seen = held[i] && !previous.entries[*held[i]].first_seen.empty()
                                       ? previous.entries[*held[i]].first_seen
                                       : std::string(today);
    by_fingerprint.try_emplace(finding.fingerprint,
                               BaselineEntry{finding.fingerprint, finding.content_fingerprint,
                                             finding.check_id, baseline_subject(finding.subject),
                                             sha256_hex128(finding.message), first_seen});
  }
  std::vector<BaselineEntry> entries;
  for (auto& [fingerprint, entry] : by_fingerprint) entries.push_back(std::move(entry));
  std::sort(entries.begin(), entries.end(), [](const BaselineEntry& a, const BaselineEntry& b) {
    return std::tie(a.check_id, a.subject, a.fingerprint) <
           std::tie(b.check_id, b.subject, b.fingerprint);
  });
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const BaselineEntry& entry : entries) {
    nlohmann::ordered_json item = {{"check", entry.check_id},
                                   {"subject", entry.subject},
                                   {"first_seen", entry.first_seen},
                                   {"fingerprint", entry.fingerprint}};
    if (!entry.content_fingerprint.empty()) item["content_fingerprint"] = entry.content_fingerprint;
    item["message_digest"] = entry.message_digest;
    list.push_back(std::move(item));
  }
  const nlohmann::ordered_json document = {{"mongoscan_baseline", kBaselineVersion},
                                           {"entries", std::move(list)}};
  return document.dump(2) + "\n";
}

std::size_t apply_baseline(const Baseline& baseline, std::vector<Finding>& findings) {
  const std::vector<std::optional<std::size_t>> held = held_by(baseline, findings);
  std::size_t after_rename = 0;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    Finding& finding = findings[i];
    if (!held[i] || !finding.suppression.empty() || finding.acceptance) continue;
    finding.suppression = "baseline";
    if (baseline.entries[*held[i]].fingerprint != finding.fingerprint) ++after_rename;
  }
  return after_rename;
}

BaselineFingerprints::BaselineFingerprints(const Baseline& baseline) {
  for (const BaselineEntry& entry : baseline.entries) fingerprints_.insert(entry.fingerprint);
}

bool BaselineFingerprints::apply(Finding& finding) const {
  if (!baselinable(finding) || !finding.suppression.empty() || finding.acceptance ||
      !fingerprints_.contains(finding.fingerprint))
    return false;
  finding.suppression = "baseline";
  return true;
}

}  // namespace mongoscan
