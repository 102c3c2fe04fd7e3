#include "checks/stig_editions.h"

#include <algorithm>
#include <charconv>

#include "checks/control_catalogue.h"

namespace mongoscan {

const std::vector<Stig7Rule>& stig7_rules() {
  // Counterparts and check texts from docs/research/stig-editions/stig-7x-v1r1.json.
  static const std::vector<Stig7Rule> rules = {
      {"V-265905", "V-252149", true, {}},
      {"V-265906", "V-252150", true, {}},
      {"V-265907", "V-252134", true, {}},
      {"V-265908", "V-252135", true, {}},
      {"V-265909", "V-252136", true, {}},
      {"V-265910", "V-252151", true, {}},
      // 7.x checks the configuration file's owner and mode, on the host
      {"V-265911", "V-252152", false, {}},
      {"V-265912", "V-252153", true, {}},
      {"V-265913", "V-252154", true, {}},
      {"V-265914", "V-252155", true, {}},
      // 7.x checks security.javascriptEnabled: false, where 4.x checked net.http
      {"V-265915", "V-252156", false, {"HARD-001"}},
      {"V-265916", "V-252157", true, {}},
      {"V-265917", "V-252159", true, {}},
      {"V-265918", "V-252139", true, {}},
      {"V-265919", "V-252160", true, {}},
      {"V-265920", "V-252161", true, {}},
      {"V-265921", "V-252162", true, {}},
      {"V-265922", "V-252146", true, {}},
      {"V-265923", "V-252163", true, {}},
      {"V-265924", "V-252140", true, {}},
      {"V-265925", "V-252164", true, {}},
      {"V-265926", "V-252165", true, {}},
      {"V-265927", "V-252166", true, {}},
      {"V-265928", "V-252142", true, {}},
      {"V-265929", "V-252167", true, {}},
      {"V-265930", "V-252143", true, {}},
      {"V-265931", "V-252168", true, {}},
      {"V-265932", "V-252169", true, {}},
      {"V-265933", "V-252170", true, {}},
      {"V-265934", "V-252144", true, {}},
      {"V-265935", "V-252145", true, {}},
      // new: non-administrative users holding roles the site does not allow
      {"V-265936", "", false, {"AUTHZ-001", "AUTHZ-005"}},
      // 7.x keeps only the 4.x text's procedural part (running out of audit space)
      {"V-265938", "V-252172", false, {}},
      {"V-265939", "V-252173", true, {}},
      // new: a real-time alert when the audit volume nears capacity, set on the host
      {"V-265940", "", false, {}},
      // 7.x adds security.javascriptEnabled: false to the 4.x text
      {"V-265941", "V-252174", true, {"HARD-001"}},
      {"V-265942", "V-252175", true, {}},
      // new: protocols the site's PPSM guidance deems nonsecure disabled (plaintext among them)
      {"V-265943", "", false, {"TLS-001"}},
      // new: FIPS mode where the data is classified
      {"V-265945", "", false, {"TLS-005"}},
      {"V-265946", "V-252178", true, {}},
      {"V-265947", "V-252147", true, {}},
      {"V-265948", "V-252179", true, {}},
      {"V-265949", "V-252180", true, {}},
      {"V-265950", "V-252181", true, {}},
      {"V-265951", "V-252182", true, {}},
      {"V-265952", "V-252184", true, {}},
      // new: audit records off-loaded to a log management facility (auditLog to syslog)
      {"V-265953", "", false, {"HARD-002", "HARD-006"}},
      {"V-265954", "V-252185", true, {}},
      {"V-265972", "V-252183", true, {}},
      {"V-265973", "V-252148", true, {}},
  };
  return rules;
}

namespace {

bool judges_stig7_rule(const CheckSpec& spec, const Stig7Rule& rule) {
  if (rule.same_check_text && cites(spec, Framework::stig, rule.counterpart)) return true;
  return std::find(rule.also_checks.begin(), rule.also_checks.end(), spec.id) !=
         rule.also_checks.end();
}

}  // namespace

void add_stig7_references(std::vector<CheckSpec>& catalogue) {
  for (CheckSpec& spec : catalogue) {
    for (const Stig7Rule& rule : stig7_rules()) {
      if (!judges_stig7_rule(spec, rule)) continue;
      const FrameworkControl* control = find_control(Framework::stig7, rule.id);
      spec.references.push_back(
          {Framework::stig7, std::string(rule.id), std::string(control->title)});
    }
  }
}

std::optional<StigEdition> stig_edition_for_version(std::string_view version) {
  int major = 0;
  const auto [end, error] = std::from_chars(version.data(), version.data() + version.size(), major);
  if (error != std::errc{} || end == version.data()) return std::nullopt;
  if (major < 7) return StigEdition{Framework::stig, {}};
  if (major == 7) return StigEdition{Framework::stig7, {}};
  if (major == 8) {
    return StigEdition{Framework::stig7,
                       "the 8.x STIG (V1R1, 2026) is not transcribed whole here: scored against "
                       "the 7.x edition"};
  }
  return StigEdition{Framework::stig7, "DISA publishes no STIG for " + std::to_string(major) +
                                           ".x: scored against the 7.x edition"};
}

}  // namespace mongoscan
