#include "checks/framework_coverage.h"

#include <algorithm>
#include <array>

namespace mongoscan {
namespace {

constexpr std::string_view kHostFiles =
    "file ownership and permissions on the host: no read-only command shows them";

// Read from the controls' titles and the checks' evidence. A cited control is full when its checks
// judge every part of it that the deployment shows (where it asks whether access is needed, the
// policy's declared administrators and workloads decide); a note on a full control names the part
// only the host or the organisation can show. A partial note names a part the deployment shows
// that no check judges; a not-observable note why nothing of the control can be seen remotely.
constexpr std::array kNotes = {
    // CIS MongoDB 7 and 8
    CoverageNote{
        Framework::cis, "3.3", CoverageLevel::full,
        "whether the account is dedicated and otherwise unprivileged; the deployment shows only "
        "whether the server runs as root (its startup warning)"},
    CoverageNote{
        Framework::cis, "6.2", CoverageLevel::full,
        "the limits themselves; the deployment shows only the soft limits the server warns about "
        "at startup"},
    CoverageNote{Framework::cis, "7.1", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::cis, "7.2", CoverageLevel::not_observable, kHostFiles},

    // MongoDB Security Checklist
    CoverageNote{
        Framework::checklist, "dedicated-user", CoverageLevel::full,
        "whether the account is dedicated; the deployment shows only whether the server runs as "
        "root (its startup warning)"},
    CoverageNote{Framework::checklist, "stig", CoverageLevel::not_observable,
                 "an organisational step: obtaining the STIG"},
    CoverageNote{Framework::checklist, "standards-compliance", CoverageLevel::not_observable,
                 "an organisational step: choosing the standards to follow"},

    // DISA MongoDB Enterprise Advanced 4.x STIG
    CoverageNote{Framework::stig, "V-252134", CoverageLevel::partial,
                 "auditing on, its destination and a filter that keeps authentication, "
                 "authorization failures, user and role changes and DDL are judged; "
                 "auditAuthorizationSuccess, logout and shutdown events and a filter set at "
                 "runtime are not"},
    CoverageNote{Framework::stig, "V-252135", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig, "V-252136", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig, "V-252137", CoverageLevel::not_observable,
                 "the packages and modules installed on the host"},
    CoverageNote{Framework::stig, "V-252146", CoverageLevel::full,
                 "the operating system's FIPS mode"},
    CoverageNote{Framework::stig, "V-252149", CoverageLevel::partial,
                 "a configured LDAP, Kerberos or OIDC provider is judged where the policy requires "
                 "one; local accounts are not forbidden, and the provider's account management "
                 "is not visible"},
    CoverageNote{Framework::stig, "V-252158", CoverageLevel::full,
                 "the directory's password complexity and lifetime"},
    CoverageNote{Framework::stig, "V-252161", CoverageLevel::full,
                 "whether every PKI identity of the organisation has its account"},
    CoverageNote{Framework::stig, "V-252167", CoverageLevel::partial,
                 "wire-level BSON validation and server-side JavaScript are judged; document "
                 "validation is V-252181's"},
    CoverageNote{Framework::stig, "V-252178", CoverageLevel::full,
                 "whether the CA is DoD-approved"},
    CoverageNote{Framework::stig, "V-252140", CoverageLevel::partial,
                 "custom roles are judged; whether an account is shared by several people is "
                 "not observable"},
    CoverageNote{Framework::stig, "V-252142", CoverageLevel::not_observable,
                 "reuse of memory and storage is the operating system's and the storage "
                 "engine's"},
    CoverageNote{Framework::stig, "V-252144", CoverageLevel::not_observable,
                 "organisation-defined security labels: a review of the documentation and data"},
    CoverageNote{
        Framework::stig, "V-252150", CoverageLevel::full,
        "the rest of the organisation's access control policy; who may administer users and "
        "roles, and from which addresses administrators connect, are judged"},
    CoverageNote{Framework::stig, "V-252151", CoverageLevel::partial,
                 "roles that change database structure are judged; custom grants on system.js "
                 "are not"},
    CoverageNote{Framework::stig, "V-252152", CoverageLevel::not_observable,
                 "the host's installation account"},
    CoverageNote{Framework::stig, "V-252153", CoverageLevel::not_observable,
                 "the host's directories and volumes"},
    CoverageNote{
        Framework::stig, "V-252154", CoverageLevel::full,
        "the documentation's list of authorized owners; MongoDB objects have no owner of their "
        "own, so dbOwner and userAdmin outside the declared administrators are judged"},
    CoverageNote{Framework::stig, "V-252160", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig, "V-252162", CoverageLevel::not_observable,
                 "how clients prompt for and echo passwords"},
    CoverageNote{Framework::stig, "V-252166", CoverageLevel::not_observable,
                 "an organisation's data-transfer policy: a review of the documentation"},
    CoverageNote{Framework::stig, "V-252169", CoverageLevel::full, "who may read the log files"},
    CoverageNote{Framework::stig, "V-252171", CoverageLevel::full,
                 "whether a file destination is collected centrally"},
    CoverageNote{Framework::stig, "V-252172", CoverageLevel::not_observable,
                 "the host's storage for audit records"},
    CoverageNote{Framework::stig, "V-252173", CoverageLevel::not_observable,
                 "the site's monitoring of audit storage"},
    CoverageNote{Framework::stig, "V-252174", CoverageLevel::partial,
                 "roles that create collections, views and indexes are judged; custom grants on "
                 "system.js are not"},
    CoverageNote{Framework::stig, "V-252175", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig, "V-252176", CoverageLevel::not_observable,
                 "organisation-defined circumstances: a review of the documentation"},
    CoverageNote{Framework::stig, "V-252181", CoverageLevel::partial,
                 "only with --data-model, and only the validators of the collections the policy "
                 "calls core"},
    CoverageNote{Framework::stig, "V-252182", CoverageLevel::not_observable,
                 "files left on the host by earlier installations"},
};

const CoverageNote* note_of(Framework framework, std::string_view control) {
  const auto found = std::find_if(kNotes.begin(), kNotes.end(), [&](const CoverageNote& note) {
    return note.framework == framework && note.control == control;
  });
  return found == kNotes.end() ? nullptr : &*found;
}

int percent(std::size_t part, std::size_t whole) {
  return whole == 0 ? 0 : static_cast<int>(part * 100 / whole);
}

}  // namespace

std::string_view to_string(CoverageLevel level) {
  switch (level) {
    case CoverageLevel::full:
      return "full";
    case CoverageLevel::partial:
      return "partial";
    case CoverageLevel::not_covered:
      return "not covered";
    case CoverageLevel::not_observable:
      break;
  }
  return "not remotely observable";
}

int FrameworkCoverage::full_percent() const { return percent(full, observable); }

int FrameworkCoverage::covered_percent() const { return percent(full + partial, observable); }

FrameworkCoverage framework_coverage(Framework framework, const std::vector<CheckSpec>& catalogue) {
  FrameworkCoverage coverage{framework, {}};
  for (const FrameworkControl& control : framework_controls(framework)) {
    ControlCoverageRow row{control, {}, CoverageLevel::not_covered, {}};
    for (const CheckSpec& spec : catalogue) {
      const bool cites = std::any_of(
          spec.references.begin(), spec.references.end(), [&](const ControlReference& reference) {
            return reference.framework == framework && reference.id == control.id;
          });
      if (cites) row.checks.push_back(spec.id);
    }
    const CoverageNote* note = note_of(framework, control.id);
    if (note != nullptr && note->level == CoverageLevel::not_observable) {
      row.level = CoverageLevel::not_observable;
      row.note = note->text;
    } else if (!row.checks.empty()) {
      row.level = note != nullptr ? note->level : CoverageLevel::full;
      if (note != nullptr) row.note = note->text;
    }
    if (row.level != CoverageLevel::not_observable) ++coverage.observable;
    if (row.level == CoverageLevel::full) ++coverage.full;
    if (row.level == CoverageLevel::partial) ++coverage.partial;
    coverage.rows.push_back(std::move(row));
  }
  return coverage;
}

std::vector<CoverageNote> coverage_notes() { return {kNotes.begin(), kNotes.end()}; }

}  // namespace mongoscan
