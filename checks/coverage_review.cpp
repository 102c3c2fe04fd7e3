#include "checks/coverage_review.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "checks/server/data_fields.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr const char* kReviewOrigin = "coverage review";

Error review_error(std::string message) {
  return data_file_error(kReviewOrigin, std::move(message));
}

Result<std::string> review_text(const json& object, const char* key, const std::string& where) {
  return required_text(object, key, where, kReviewOrigin);
}

Result<ReviewedPart> parse_part(const json& entry, const std::string& where) {
  if (!entry.is_object()) return review_error(where + ": every part must be an object");
  static const std::set<std::string> kKeys = {"part",     "checks",      "outside",
                                              "unjudged", "judged_when", "beyond_preset"};
  for (const auto& [key, value] : entry.items()) {
    if (!kKeys.contains(key)) return review_error(where + ": unknown member '" + key + "'");
  }
  ReviewedPart part;
  const auto text = review_text(entry, "part", where);
  if (!text) return text.error();
  part.text = text.value();
  const std::string named = where + " part \"" + part.text.substr(0, 40) + "\"";
  const int kinds = static_cast<int>(entry.contains("checks")) +
                    static_cast<int>(entry.contains("outside")) +
                    static_cast<int>(entry.contains("unjudged"));
  if (kinds != 1) return review_error(named + ": give exactly one of checks, outside, unjudged");
  if (entry.contains("checks")) {
    const json& checks = entry["checks"];
    if (!checks.is_array() || checks.empty())
      return review_error(named + ": 'checks' must list at least one check");
    for (const json& check : checks) {
      if (!check.is_string() || check.get<std::string>().empty())
        return review_error(named + ": 'checks' must hold check ids");
      part.checks.push_back(check.get<std::string>());
    }
  }
  for (auto [key, field] :
       {std::pair{"outside", &part.outside}, std::pair{"unjudged", &part.unjudged}}) {
    if (!entry.contains(key)) continue;
    const auto value = review_text(entry, key, named);
    if (!value) return value.error();
    *field = value.value();
  }
  if (entry.contains("judged_when")) {
    if (part.checks.empty()) return review_error(named + ": 'judged_when' needs 'checks'");
    const auto value = review_text(entry, "judged_when", named);
    if (!value) return value.error();
    part.judged_when = value.value();
  }
  if (entry.contains("beyond_preset")) {
    if (!entry["beyond_preset"].is_boolean() || part.judged_when.empty())
      return review_error(named + ": 'beyond_preset' is a boolean beside 'judged_when'");
    part.beyond_preset = entry["beyond_preset"].get<bool>();
  }
  return part;
}

// A control's "same_as": "<framework> <id>", a control reviewed earlier in the file whose parts
// it shares (another edition's rule with the same check text).
Result<const ControlReview*> same_review(const CoverageReview& review, const json& entry,
                                         const std::string& where) {
  const auto same_as = review_text(entry, "same_as", where);
  if (!same_as) return same_as.error();
  const std::size_t space = same_as.value().find(' ');
  const auto framework = parse_framework(same_as.value().substr(0, space));
  const ControlReview* same = framework && space != std::string::npos
                                  ? review.find(*framework, same_as.value().substr(space + 1))
                                  : nullptr;
  if (same == nullptr)
    return review_error(where + ": 'same_as' names no control reviewed before it ('" +
                        same_as.value() + "')");
  return same;
}

}  // namespace

const ControlReview* CoverageReview::find(Framework framework, std::string_view id) const {
  const auto it = std::find_if(controls.begin(), controls.end(), [&](const ControlReview& review) {
    return review.framework == framework && review.id == id;
  });
  return it == controls.end() ? nullptr : &*it;
}

Result<CoverageReview> parse_coverage_review(std::string_view json_text) {
  const json document = json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded() || !document.is_object())
    return review_error("the coverage review is not a JSON object");
  CoverageReview review;
  const auto reviewed = review_text(document, "reviewed", "the coverage review");
  if (!reviewed) return reviewed.error();
  review.reviewed = reviewed.value();
  const auto frameworks = document.find("frameworks");
  if (frameworks == document.end() || !frameworks->is_array() || frameworks->empty())
    return review_error("the coverage review needs a non-empty 'frameworks' array");
  for (const json& block : *frameworks) {
    if (!block.is_object()) return review_error("every framework entry must be an object");
    const auto name = review_text(block, "framework", "framework entry");
    if (!name) return name.error();
    const auto framework = parse_framework(name.value());
    if (!framework) return review_error("unknown framework '" + name.value() + "'");
    const auto texts = review_text(block, "texts", name.value());
    if (!texts) return texts.error();
    review.texts.emplace_back(*framework, texts.value());
    const auto controls = block.find("controls");
    if (controls == block.end() || !controls->is_array())
      return review_error(name.value() + ": 'controls' must be an array");
    for (const json& entry : *controls) {
      if (!entry.is_object()) return review_error(name.value() + ": every control is an object");
      const auto id = review_text(entry, "id", name.value() + " control");
      if (!id) return id.error();
      const std::string where = name.value() + " " + id.value();
      if (review.find(*framework, id.value()) != nullptr)
        return review_error(where + ": reviewed twice");
      ControlReview control{*framework, id.value(), {}};
      if (entry.contains("same_as")) {
        const auto same = same_review(review, entry, where);
        if (!same) return same.error();
        control.parts = same.value()->parts;
      }
      const auto parts = entry.find("parts");
      if (parts == entry.end() && !control.parts.empty()) {
        review.controls.push_back(std::move(control));
        continue;
      }
      if (parts == entry.end() || !parts->is_array() || parts->empty())
        return review_error(where + ": 'parts' must list at least one part");
      for (const json& part_entry : *parts) {
        auto part = parse_part(part_entry, where);
        if (!part) return part.error();
        control.parts.push_back(std::move(part).value());
      }
      review.controls.push_back(std::move(control));
    }
  }
  return review;
}

const Result<CoverageReview>& coverage_review() {
  static const Result<CoverageReview> review = parse_coverage_review(kCoverageReviewJson);
  return review;
}

}  // namespace mongoscan
