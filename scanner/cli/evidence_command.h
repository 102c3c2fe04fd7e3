#pragma once
// Evidence bundles on the command line: `scan` and `convert` with --evidence-dir (and --sign-key)
// write one; `verify DIR [--cert CERT.pem]` checks one.

#include <optional>
#include <string>

#include "reports/evidence/signature.h"
#include "reports/report.h"
#include "reports/reporter.h"
#include "scanner/cli/cli.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// --evidence-dir and --sign-key as given.
struct EvidenceOptions {
  std::string directory;
  std::string sign_key;
};

// The bundle to write, checked before any scanning: the directory is free and the key signs.
struct EvidencePlan {
  std::string directory;
  std::optional<SigningKey> key;
};

// Nothing without --evidence-dir. A usage error when --sign-key comes without it, the directory
// exists and is not empty, or the key is unreadable, encrypted or of a kind that does not sign.
Result<std::optional<EvidencePlan>> plan_evidence(const EvidenceOptions& options);

// Writes the bundle of `report` as `plan` says and notes it on stderr; kExitScanFailed when it
// cannot be written. `scanned_here`: the report is this run's scan, so this host scanned it (a
// converted report's manifest names no scanning host). `inventory_sha256`: the digest of the
// --inventory file the scan read, if any.
std::optional<CommandError> write_evidence(const Report& report, const EvidencePlan& plan,
                                           const RenderOptions& render, bool scanned_here,
                                           const std::optional<std::string>& inventory_sha256,
                                           const CliStreams& streams);

// `verify DIR [--cert CERT.pem]`: one line on stdout per problem ("report.html: changed: ...")
// and kExitNotVerified, or one line saying what verified (and whether the signature was checked)
// and kExitOk. An unreadable --cert or a DIR that is no directory is a usage error (kExitUsage).
int run_verify(const std::string& directory, const std::string& cert, const CliStreams& streams);

}  // namespace mongoscan
