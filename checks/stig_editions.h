#pragma once
// The DISA STIG's editions mongoscan scores: the 4.x STIG (Framework::stig) for nodes of 4.4 to
// 6.0 and the 7.x STIG (Framework::stig7) for 7.0 and later. The 8.x STIG (V1R1, 2026) is not
// transcribed whole (docs/research/stig-editions/), so 8.x nodes are scored against the 7.x
// edition and say so. A 7.x rule whose check text is its 4.x counterpart's is judged by the
// checks citing the counterpart; one whose text changed, or that is new, names its own checks.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/check_spec.h"
#include "checks/control_reference.h"

namespace mongoscan {

struct Stig7Rule {
  std::string_view id;           // the 7.x rule, e.g. "V-265905"
  std::string_view counterpart;  // the 4.x rule of the same requirement; empty: new in 7.x
  // the checks citing `counterpart` judge this rule too: its check text is the counterpart's
  bool same_check_text;
  std::vector<std::string_view> also_checks;  // further checks that judge it
};

// Every rule of the 7.x edition, in the document's order.
const std::vector<Stig7Rule>& stig7_rules();

// The catalogue's 4.x citations carried to the 7.x edition: each check also cites the 7.x
// rules it judges (Stig7Rule), after its own references.
void add_stig7_references(std::vector<CheckSpec>& catalogue);

// The edition a node is scored against, and why when it is not its own major version's.
struct StigEdition {
  Framework framework;  // Framework::stig or Framework::stig7
  std::string note;     // empty, or why the node's own edition is not used
};

// The edition for a server version ("6.0.14", "8.0.37-ent"): 4.x for 4.4 to 6.0 and older
// versions, 7.x for 7.0 and later; nullopt for a version without a major number.
std::optional<StigEdition> stig_edition_for_version(std::string_view version);

}  // namespace mongoscan
