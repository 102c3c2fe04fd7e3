#include "scanner/cli/evidence_command.h"

#include <unistd.h>

#include <climits>
#include <filesystem>

#include "checks/catalogue_json.h"
#include "reports/evidence/bundle_verification.h"
#include "reports/evidence/evidence_bundle.h"
#include "reports/text/console_text.h"
#include "scanner/cli/version.h"

namespace mongoscan {
namespace {

// This machine's name (gethostname(2)); nothing when it has none.
std::optional<std::string> host_name() {
  char name[HOST_NAME_MAX + 1] = {};
  if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return std::nullopt;
  return std::string(name);
}

std::string signature_statement(const BundleVerification& verification, const VerifyingKey* key) {
  switch (verification.signature) {
    case SignatureCheck::verified:
      return "signed by " + key->signer;
    case SignatureCheck::not_checked:
      return "manifest.json.sig NOT checked (give --cert to check the signature)";
    case SignatureCheck::absent:
    case SignatureCheck::failed:
      break;
  }
  return "not signed";
}

}  // namespace

Result<std::optional<EvidencePlan>> plan_evidence(const EvidenceOptions& options) {
  if (options.directory.empty()) {
    if (!options.sign_key.empty()) {
      return Error{ErrorCode::usage, "--sign-key",
                   "--sign-key signs an evidence bundle: it needs --evidence-dir"};
    }
    return std::optional<EvidencePlan>();
  }
  if (auto free = check_bundle_directory(options.directory); !free) return free.error();
  EvidencePlan plan{options.directory, std::nullopt};
  if (!options.sign_key.empty()) {
    auto key = load_signing_key(options.sign_key, "--sign-key");
    if (!key) return key.error();
    plan.key = std::move(key).value();
  }
  return std::optional<EvidencePlan>(std::move(plan));
}

std::optional<CommandError> write_evidence(const Report& report, const EvidencePlan& plan,
                                           const RenderOptions& render, bool scanned_here,
                                           const std::optional<std::string>& inventory_sha256,
                                           const CliStreams& streams) {
  EvidenceOrigin origin;
  origin.inventory_sha256 = inventory_sha256;
  origin.tool_version = kVersion;
  origin.catalogue_sha256 = catalogue_sha256();
  if (scanned_here) origin.scanning_host = host_name();
  auto manifest = write_evidence_bundle(report, plan.directory, origin, plan.key, render);
  if (!manifest) {
    return CommandError{kExitScanFailed,
                        "cannot write the evidence bundle: " + manifest.error().message};
  }
  streams.err << "mongoscan: wrote evidence bundle " << plan.directory << " ("
              << manifest.value().files.size() << " files and manifest.json"
              << (plan.key ? ", signed" : "") << ")\n";
  return std::nullopt;
}

int run_verify(const std::string& directory, const std::string& cert, const CliStreams& streams) {
  std::error_code error;
  if (!std::filesystem::is_directory(directory, error)) {
    streams.err << "mongoscan: error: verify " << directory << ": not a directory\n";
    return kExitUsage;
  }
  std::optional<VerifyingKey> key;
  if (!cert.empty()) {
    auto loaded = load_verifying_key(cert, "--cert");
    if (!loaded) {
      streams.err << "mongoscan: error: " << loaded.error().message << "\n";
      return kExitUsage;
    }
    key = std::move(loaded).value();
  }
  const BundleVerification verification = verify_bundle(directory, key ? &*key : nullptr);
  if (!verification.verified()) {
    for (const BundleProblem& problem : verification.problems) {
      // A file name may hold a line break: printed safe, it cannot forge a "verified" line.
      streams.out << console_safe(problem.file) << ": " << console_safe(problem.what) << "\n";
    }
    streams.err << "mongoscan: error: " << directory << " does not verify ("
                << verification.problems.size()
                << (verification.problems.size() == 1 ? " problem" : " problems") << ")\n";
    return kExitNotVerified;
  }
  streams.out << "verified " << console_safe(directory) << ": " << verification.files
              << " files match manifest.json; "
              << signature_statement(verification, key ? &*key : nullptr) << "\n";
  return kExitOk;
}

}  // namespace mongoscan
