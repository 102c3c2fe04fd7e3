#include "checks/baseline.h"

#include <nlohmann/json.hpp>

namespace mongoscan {
namespace {

constexpr int kBaselineVersion = 1;

bool counts(const Finding& finding) {
  return (finding.status == Status::fail || finding.status == Status::warn) &&
         !finding.fingerprint.empty();
}

}  // namespace

Result<Baseline> parse_baseline(std::string_view text) {
  const nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
  if (document.is_discarded() || !document.is_object()) {
    return Error{ErrorCode::usage, "baseline", "not a JSON object"};
  }
  const auto version = document.find("mongoscan_baseline");
  if (version == document.end() || *version != kBaselineVersion) {
    return Error{ErrorCode::usage, "baseline",
                 "\"mongoscan_baseline\" must be " + std::to_string(kBaselineVersion)};
  }
  const auto fingerprints = document.find("fingerprints");
  if (fingerprints == document.end() || !fingerprints->is_array()) {
    return Error{ErrorCode::usage, "baseline", "\"fingerprints\" must be an array of strings"};
  }
  Baseline baseline;
  for (const auto& fingerprint : *fingerprints) {
    if (!fingerprint.is_string()) {
      return Error{ErrorCode::usage, "baseline", "\"fingerprints\" must be an array of strings"};
    }
    baseline.insert(fingerprint.get<std::string>());
  }
  return baseline;
}

std::string baseline_text(const std::vector<Finding>& findings) {
  Baseline fingerprints;
  for (const Finding& finding : findings) {
    if (counts(finding) && finding.suppression != "inline")
      fingerprints.insert(finding.fingerprint);
  }
  const nlohmann::json document = {{"mongoscan_baseline", kBaselineVersion},
                                   {"fingerprints", fingerprints}};
  return document.dump(2) + "\n";
}

void apply_baseline(const Baseline& baseline, std::vector<Finding>& findings) {
  for (Finding& finding : findings) {
    if (counts(finding) && finding.suppression.empty() && !finding.acceptance &&
        baseline.contains(finding.fingerprint)) {
      finding.suppression = "baseline";
    }
  }
}

}  // namespace mongoscan
