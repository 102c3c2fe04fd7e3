#include "checks/framework_coverage.h"

#include <algorithm>
#include <array>

namespace mongoscan {
namespace {

constexpr std::string_view kHostFiles =
    "file ownership and permissions on the host: no read-only command shows them";

// Read from the controls' titles and the checks' evidence; each partial note names what no check
// judges, each not-observable note what only the host or the organisation can show. A control
// without a note is full: its checks judge every part the deployment shows, and where it asks
// whether access is needed, the policy's declared administrators and workloads decide.
constexpr std::array kNotes = {
    // CIS MongoDB 7 and 8
    CoverageNote{Framework::cis, "3.3", CoverageLevel::partial,
                 "only whether the server runs as root (its startup warning); whether the account "
                 "is dedicated and otherwise unprivileged is the host's"},
    CoverageNote{Framework::cis, "6.2", CoverageLevel::partial,
                 "only the soft limits the server warns about at startup; the limits themselves "
                 "are the host's"},
    CoverageNote{Framework::cis, "7.1", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::cis, "7.2", CoverageLevel::not_observable, kHostFiles},

    // MongoDB Security Checklist
    CoverageNote{Framework::checklist, "audit", CoverageLevel::partial,
                 "auditing on and its destination are judged; the audit filter is recorded only"},
    CoverageNote{Framework::checklist, "dedicated-user", CoverageLevel::partial,
                 "only whether the server runs as root (its startup warning); whether the account "
                 "is dedicated is the host's"},
    CoverageNote{Framework::checklist, "secure-configuration", CoverageLevel::partial,
                 "server-side JavaScript, the HTTP interface and log redaction are judged; "
                 "net.wireObjectCheck is not"},
    CoverageNote{Framework::checklist, "stig", CoverageLevel::not_observable,
                 "an organisational step: obtaining the STIG"},
    CoverageNote{Framework::checklist, "standards-compliance", CoverageLevel::not_observable,
                 "an organisational step: choosing the standards to follow"},

    // DISA MongoDB Enterprise Advanced 4.x STIG
    CoverageNote{Framework::stig, "V-252134", CoverageLevel::partial,
                 "auditing on is judged; the audit filter is recorded only"},
    CoverageNote{Framework::stig, "V-252135", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig, "V-252136", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig, "V-252137", CoverageLevel::not_observable,
                 "the packages and modules installed on the host"},
    CoverageNote{Framework::stig, "V-252140", CoverageLevel::partial,
                 "custom roles are judged; whether an account is shared by several people is "
                 "not observable"},
    CoverageNote{Framework::stig, "V-252142", CoverageLevel::not_observable,
                 "reuse of memory and storage is the operating system's and the storage "
                 "engine's"},
    CoverageNote{Framework::stig, "V-252144", CoverageLevel::not_observable,
                 "organisation-defined security labels: a review of the documentation and data"},
    CoverageNote{Framework::stig, "V-252150", CoverageLevel::partial,
                 "who may administer users and roles, and from which addresses administrators "
                 "connect, are judged; the rest of the access control policy is the "
                 "organisation's"},
    CoverageNote{Framework::stig, "V-252151", CoverageLevel::partial,
                 "roles that change database structure are judged; custom grants on system.js "
                 "are not"},
    CoverageNote{Framework::stig, "V-252152", CoverageLevel::not_observable,
                 "the host's installation account"},
    CoverageNote{Framework::stig, "V-252153", CoverageLevel::not_observable,
                 "the host's directories and volumes"},
    CoverageNote{Framework::stig, "V-252154", CoverageLevel::partial,
                 "MongoDB objects have no owner of their own: dbOwner and userAdmin outside the "
                 "declared administrators are judged, the documentation's list of owners is not "
                 "read"},
    CoverageNote{Framework::stig, "V-252160", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig, "V-252162", CoverageLevel::not_observable,
                 "how clients prompt for and echo passwords"},
    CoverageNote{Framework::stig, "V-252166", CoverageLevel::not_observable,
                 "an organisation's data-transfer policy: a review of the documentation"},
    CoverageNote{Framework::stig, "V-252169", CoverageLevel::partial,
                 "log redaction is judged; who may read the log files is the host's"},
    CoverageNote{Framework::stig, "V-252171", CoverageLevel::partial,
                 "auditing on and its destination are judged; whether the trail is collected "
                 "centrally is not observable"},
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
      row.level = note != nullptr ? CoverageLevel::partial : CoverageLevel::full;
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
