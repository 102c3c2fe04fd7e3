#pragma once
// The SARIF 2.1.0 report (OASIS Static Analysis Results Interchange Format), for GitHub code
// scanning and other SARIF viewers: one run, the check catalogue as its rules, and a result for
// every finding that needs attention (fail, warn, error).

#include <ostream>
#include <string>
#include <vector>

#include "checks/check_spec.h"
#include "reports/report.h"

namespace mongoscan {

// The base id file locations are relative to (SARIF 2.1.0 §3.14.14 originalUriBaseIds): the
// repository's root, which GitHub code scanning resolves on its own.
inline constexpr const char* kSourceRootBaseId = "%SRCROOT%";

struct SarifOptions {
  // Results about nodes and namespaces, and about connection strings given as arguments, have no
  // file: left out unless this is set (--sarif-deployment); then located at the --uri-file line
  // of their target, and left out with a note where there is none.
  bool deployment_results = false;
  // Where the published checks reference (docs/checks.md) lives, an absolute URI without
  // fragment (--sarif-help-base): each rule's helpUri is it plus the check's anchor
  // ("#check-conn-001"). Empty, the default since mongoscan has no public home: no helpUri.
  std::string help_base;
  // The absolute directory file paths are made relative to, as %SRCROOT% (--sarif-root, else the
  // git work tree the scan ran in, else the working directory); empty: paths as given.
  std::string source_root;
  // The absolute working directory the report's relative paths are relative to.
  std::string working_directory;
};

// The run's automationDetails.id: "mongoscan/" and the report's environments ("prod", "a+b", or
// their count and digest past three), "mongoscan/scan" without an inventory, then "/" (GitHub's
// category: uploads of other environments or shards do not replace each other's alerts).
std::string sarif_category(const Report& report);

// Writes the report as a SARIF log whose rules are check_catalogue(): 2-space indent, a trailing
// newline, bytes that are not valid UTF-8 as U+FFFD.
void write_sarif_report(const Report& report, const SarifOptions& options, std::ostream& out);

// The same with the given catalogue as the rules (in its order); a check that a finding names and
// the catalogue lacks is added after them, with the finding's spec.
void write_sarif_report(const Report& report, const std::vector<CheckSpec>& catalogue,
                        const SarifOptions& options, std::ostream& out);

}  // namespace mongoscan
