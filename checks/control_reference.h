#pragma once
// A check's reference to one control of a framework: a CIS benchmark section, a DISA STIG rule, a
// MongoDB Security Checklist item, a row of the development specification or one of Prowler's
// MongoDB Atlas checks (the check a cloud check mirrors).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

// stig is the DISA STIG's 4.x edition; stig7 its 7.x edition (checks/stig_editions.h).
enum class Framework { cis, stig, checklist, devspec, prowler, stig7 };

// "cis", "stig", "checklist", "devspec", "prowler" or "stig-7".
std::string_view to_string(Framework framework);
// A name to_string gives; "stig-4" too, for the STIG's 4.x edition.
std::optional<Framework> parse_framework(std::string_view name);

// The framework's name as reports print it, e.g. "CIS MongoDB 7 and 8 Benchmark".
std::string_view framework_label(Framework framework);

struct ControlReference {
  Framework framework;
  // the control's number in its framework, e.g. "4.3", "V-252164", "A3.6"; Prowler's check id,
  // "organizations_mfa_required"
  std::string id;
  std::string title;  // the control's title, as the framework's table of controls spells it

  bool operator==(const ControlReference&) const = default;
};

// "<label> <id>: <title>", the one-line form text reports show.
std::string reference_text(const ControlReference& reference);

// reference_text of each reference, in order.
std::vector<std::string> reference_texts(const std::vector<ControlReference>& references);

// The reference whose reference_text is `text`; nullopt for any other text.
std::optional<ControlReference> parse_reference_text(std::string_view text);

}  // namespace mongoscan
