#pragma once
// The reviewed parts of every framework control mongoscan's coverage judges
// (checks/data/coverage-review.json, compiled in): each control's audit or check text split into
// parts, and for each part the checks that judge it, why it lies outside the remote view, or what
// the deployment shows that no check judges. framework_coverage derives full, partial and not
// remotely observable from these parts alone.

#include <string>
#include <string_view>
#include <vector>

#include "checks/control_reference.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// One part of a control's text, with exactly one of checks, outside or unjudged.
struct ReviewedPart {
  std::string text;                 // the part of the control's text, in short
  std::vector<std::string> checks;  // the checks that judge it
  std::string outside;              // why only the host or the organisation shows it
  std::string unjudged;             // what the deployment shows that no check judges
  // with checks: the policy switch or scan option without which the part is not judged
  std::string judged_when;
  // judged_when names a scan option or the site's own list, which no preset supplies
  bool beyond_preset = false;
};

struct ControlReview {
  Framework framework;
  std::string id;
  std::vector<ReviewedPart> parts;
};

struct CoverageReview {
  std::string reviewed;  // YYYY-MM-DD
  // per framework: where its texts were read
  std::vector<std::pair<Framework, std::string>> texts;
  std::vector<ControlReview> controls;

  const ControlReview* find(Framework framework, std::string_view id) const;
};

// Parses the review's text; a shape error (ErrorCode::protocol) names the control and part. A
// control may take the parts of one reviewed before it ("same_as": "stig V-252149"), then its own.
Result<CoverageReview> parse_coverage_review(std::string_view json_text);

// The compiled-in review, parsed on first use.
const Result<CoverageReview>& coverage_review();

// The data file as shipped; generated from checks/data/coverage-review.json.
extern const char kCoverageReviewJson[];

}  // namespace mongoscan
