#pragma once
// `mongoscan:allow` comments: a line's own acceptance of its findings. The text after the marker
// may name one check and give a reason: `# mongoscan:allow APP-002 test fixture`.

#include <string>
#include <string_view>

#include "checks/finding.h"

namespace mongoscan {

struct InlineAllow {
  std::string check;   // the check it is limited to; empty: every check on the line
  std::string reason;  // empty when the comment gives none
};

// The check id (a first word such as APP-002) and the reason of a comment's text.
InlineAllow parse_allow_comment(std::string_view text);

// Suppresses ("inline") a finding that is not a pass on a line carrying the comment `text`, unless
// the comment names another check; keeps the comment's reason on it, unless the reason contains
// `secret` (the line's password or connection string), which would then reach reports.
void apply_inline_allow(std::string_view text, std::string_view secret, Finding& finding);

}  // namespace mongoscan
