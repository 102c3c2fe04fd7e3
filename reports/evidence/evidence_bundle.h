#pragma once
// Writing an evidence bundle: a directory holding the report as JSON, HTML and SARIF, the manifest
// of their digests and, with a signing key, the manifest's detached signature. The directory
// appears whole or not at all.

#include <optional>
#include <string>
#include <vector>

#include "reports/evidence/manifest.h"
#include "reports/evidence/signature.h"
#include "reports/report.h"
#include "reports/reporter.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// The report files of every bundle, in the order they are written.
const std::vector<std::pair<std::string, ReportFormat>>& bundle_report_files();

// Whether a bundle may be written at `directory`: it does not exist yet (its parent does) or is an
// empty directory. A usage error naming `directory` otherwise; an existing bundle is never
// replaced.
Result<Ok> check_bundle_directory(const std::string& directory);

// Writes the bundle into a new directory beside `directory` (".<name>.tmpXXXXXX", mode 0700),
// syncs it and renames it to `directory`, which must then still pass check_bundle_directory.
// Files are rendered with `render` (no colour, no width). On failure nothing is left behind and
// the error (ErrorCode::io or usage) names the file or directory. The key's bytes are written
// nowhere.
Result<EvidenceManifest> write_evidence_bundle(const Report& report, const std::string& directory,
                                               const EvidenceOrigin& origin,
                                               const std::optional<SigningKey>& key,
                                               const RenderOptions& render);

}  // namespace mongoscan
