#include "checks/framework_coverage.h"

#include <algorithm>
#include <array>

namespace mongoscan {
namespace {

constexpr std::string_view kHostFiles =
    "file ownership and permissions on the host: no read-only command shows them";
constexpr std::string_view kDocumentedPrivileges =
    "the privileges the documentation gives each account; the policy's administrators and "
    "workloads stand for them";

// A cited control is full when its checks judge every part of it that the deployment shows (where
// it asks whether access is needed, the policy's declared administrators and workloads decide); a
// note on a full control names the part only the host or the organisation can show, and
// judged_when the policy switch or scan option a part needs. A partial note names a part the
// deployment shows that no check judges; a not-observable note why nothing of the control can be
// seen remotely. CIS and Checklist rows are read from their recommendations; STIG rows from each
// rule's check text and finding conditions (4.x V1R1 to V1R3 as MITRE SAF's InSpec profiles copy
// them: mitre/inspec-profile-update-action benchmarks/inspec_stubs/
// U_MDB_Enterprise_Advanced_4-x_STIG_V1R1, mitre/mongodb-enterprise-advanced-4-stig-baseline; the
// V1R4 texts seen on stighub.com, V-252151 and V-252164, read the same).
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

    // DISA MongoDB Enterprise Advanced 4.x STIG, from each rule's check text
    CoverageNote{Framework::stig, "V-252134", CoverageLevel::full,
                 "whether the filter meets the rest of the site's auditing policy",
                 "the policy's audit_authorization_success is true, for "
                 "auditAuthorizationSuccess (HARD-014)"},
    CoverageNote{Framework::stig, "V-252135", CoverageLevel::full,
                 "the owner and mode of the audit log's directory on the host"},
    CoverageNote{Framework::stig, "V-252136", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig,
                 "V-252139",
                 CoverageLevel::full,
                 {},
                 "the policy's identity.x509_clients is true, for "
                 "allowConnectionsWithoutCertificates (TLS-006)"},
    CoverageNote{Framework::stig, "V-252140", CoverageLevel::full, kDocumentedPrivileges},
    CoverageNote{Framework::stig, "V-252142", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{
        Framework::stig, "V-252144", CoverageLevel::not_observable,
        "whether labels are required, the labelled documents and the middleware that redacts "
        "them: the organisation's documentation and the application's data, which a security "
        "scan does not read"},
    CoverageNote{Framework::stig, "V-252146", CoverageLevel::full,
                 "the operating system's FIPS mode"},
    CoverageNote{Framework::stig, "V-252147", CoverageLevel::full,
                 "which information the documentation says must be protected at rest"},
    CoverageNote{Framework::stig,
                 "V-252149",
                 CoverageLevel::full,
                 {},
                 "the policy's identity.organisation_authentication is true (the check text's "
                 "organisation-mandated case), for LDAP (AUTHN-008)"},
    CoverageNote{
        Framework::stig, "V-252150", CoverageLevel::full,
        "the rest of the organisation's access control policy; who may administer users and "
        "roles, and from which addresses administrators connect, are judged"},
    CoverageNote{Framework::stig, "V-252151", CoverageLevel::not_observable,
                 "the monitoring of changes to software libraries and configuration files: a "
                 "review of procedures and their evidence"},
    CoverageNote{Framework::stig, "V-252152", CoverageLevel::not_observable,
                 "the host's installation account and its procedures"},
    CoverageNote{Framework::stig, "V-252153", CoverageLevel::not_observable,
                 "the host's directories and what else they hold"},
    CoverageNote{
        Framework::stig, "V-252154", CoverageLevel::full,
        "the documentation's list of authorized owners, which the fix text consults; MongoDB "
        "objects have no owner of their own, so dbOwner and userAdmin outside the declared "
        "administrators are judged",
        "the policy's stig_literal is true, for any dbOwner as the check text says (AUTHZ-005)"},
    CoverageNote{Framework::stig, "V-252157", CoverageLevel::full,
                 "whether each user belongs to the organisation"},
    CoverageNote{Framework::stig, "V-252158", CoverageLevel::full,
                 "the directory's password complexity and lifetime",
                 "the policy's identity.organisation_authentication is true (AUTHN-008)"},
    CoverageNote{Framework::stig, "V-252159", CoverageLevel::partial,
                 "whether authenticationMechanisms is set explicitly, and the auth schema version "
                 "in admin.system.version, are not judged; each user's stored credentials are"},
    CoverageNote{Framework::stig, "V-252160", CoverageLevel::not_observable, kHostFiles},
    CoverageNote{Framework::stig, "V-252161", CoverageLevel::full,
                 "whether every PKI identity of the organisation has its account",
                 "the policy's identity.x509_clients is true, for client certificates "
                 "(TLS-006)"},
    CoverageNote{Framework::stig, "V-252162", CoverageLevel::not_observable,
                 "the documentation, approval and training for tools that take passwords on "
                 "the command line"},
    CoverageNote{Framework::stig, "V-252163", CoverageLevel::full, kDocumentedPrivileges},
    CoverageNote{Framework::stig,
                 "V-252165",
                 CoverageLevel::full,
                 {},
                 "the policy's encryption_cipher_modes allows AES256-GCM only, for the cipher mode "
                 "(HARD-003)"},
    CoverageNote{Framework::stig, "V-252166", CoverageLevel::not_observable,
                 "the procedures and scripts that move production data: a review of them"},
    CoverageNote{Framework::stig, "V-252168", CoverageLevel::full,
                 "the error messages of the application's own code"},
    CoverageNote{Framework::stig, "V-252169", CoverageLevel::full, "who may read the log files"},
    CoverageNote{Framework::stig, "V-252170", CoverageLevel::not_observable,
                 "the organisation's definition of when sessions must end: a review of the "
                 "documentation"},
    CoverageNote{Framework::stig, "V-252171", CoverageLevel::full,
                 "whether a file destination is collected centrally"},
    CoverageNote{Framework::stig, "V-252172", CoverageLevel::full,
                 "the audit volume's size, and whether the server ever ran out of audit space"},
    CoverageNote{Framework::stig, "V-252173", CoverageLevel::not_observable,
                 "the site's monitoring of audit storage"},
    CoverageNote{Framework::stig, "V-252174", CoverageLevel::full,
                 "which users are administrative: the policy's administrators stand for the "
                 "documentation",
                 "the policy's stig_literal is true, for changeStream on any resource, a read "
                 "role's on its own database too (AUTHZ-006)"},
    CoverageNote{Framework::stig, "V-252175", CoverageLevel::full,
                 "the check text's write test (a read-only test user's insert must be refused), "
                 "which a read-only scan does not run: its outcome follows from "
                 "security.authorization, which AUTHN-002 judges, since the read role holds no "
                 "insert (builtin_roles.yml)"},
    CoverageNote{Framework::stig, "V-252176", CoverageLevel::not_observable,
                 "organisation-defined circumstances, and a write test with a test user and role, "
                 "which a read-only scan does not run"},
    CoverageNote{Framework::stig, "V-252177", CoverageLevel::not_observable,
                 "saslauthd's -t option in the host's boot script (the 3.x STIG also named "
                 "mongos's userCacheInvalidationIntervalSecs; the 4.x check text does not)"},
    CoverageNote{Framework::stig, "V-252178", CoverageLevel::full,
                 "which CAs are DoD-approved: the site's own list",
                 "the site lists its DoD-approved CAs in the policy's tls_approved_issuers "
                 "(TLS-009)",
                 true},
    CoverageNote{Framework::stig, "V-252181", CoverageLevel::full,
                 "which collections the application needs validated (the check text calls it "
                 "application-specific)",
                 "the scan runs with --data-model (MODEL-005: every collection, or the policy's "
                 "data_model.core_collections)",
                 true},
    CoverageNote{Framework::stig, "V-252182", CoverageLevel::not_observable,
                 "how the software was installed and files left on the host"},
    CoverageNote{Framework::stig, "V-252185", CoverageLevel::not_observable,
                 "an assessment against this whole STIG, its host and documentation rules "
                 "included, and against NSA guides, CTOs, DTMs and IAVMs; the rows above say "
                 "which rules the scan judges"},
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

int FrameworkCoverage::default_full_percent() const { return percent(default_full, observable); }

int FrameworkCoverage::default_covered_percent() const {
  return percent(default_full + default_partial, observable);
}

std::string_view framework_preset(Framework framework) {
  return framework == Framework::stig ? "stig" : "";
}

FrameworkCoverage framework_coverage(Framework framework, const std::vector<CheckSpec>& catalogue) {
  FrameworkCoverage coverage{framework, {}};
  for (const FrameworkControl& control : framework_controls(framework)) {
    ControlCoverageRow row{control, {}, CoverageLevel::not_covered, CoverageLevel::not_covered,
                           {},      {}};
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
      if (note != nullptr) {
        row.note = note->text;
        row.judged_when = note->judged_when;
      }
    }
    // A part judged only under a switch: not on default settings; with the preset only when the
    // preset turns it on (a scan option it never does).
    row.default_level = row.level;
    if (row.level == CoverageLevel::full && !row.judged_when.empty()) {
      row.default_level = CoverageLevel::partial;
      if (note->beyond_preset || framework_preset(framework).empty())
        row.level = CoverageLevel::partial;
    }
    if (row.level != CoverageLevel::not_observable) ++coverage.observable;
    if (row.level == CoverageLevel::full) ++coverage.full;
    if (row.level == CoverageLevel::partial) ++coverage.partial;
    if (row.default_level == CoverageLevel::full) ++coverage.default_full;
    if (row.default_level == CoverageLevel::partial) ++coverage.default_partial;
    coverage.rows.push_back(std::move(row));
  }
  return coverage;
}

std::vector<CoverageNote> coverage_notes() { return {kNotes.begin(), kNotes.end()}; }

}  // namespace mongoscan
