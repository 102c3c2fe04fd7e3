#include "reports/evidence/bundle_verification.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "reports/evidence/bundle_file.h"
#include "reports/evidence/manifest.h"

namespace mongoscan {
namespace {

// Far above any manifest mongoscan writes; a larger file is not read whole.
constexpr std::size_t kMaxManifestBytes = 16 << 20;
// Ed25519 signatures are 64 bytes and DER ECDSA P-256 ones at most 72.
constexpr std::size_t kMaxSignatureBytes = 4096;

bool has_entry(const std::vector<BundleEntry>& entries, std::string_view name) {
  return std::any_of(entries.begin(), entries.end(),
                     [name](const BundleEntry& entry) { return entry.name == name; });
}

// The message of a bundle_file error without its leading "<name>: ".
std::string reason(const Error& error, const std::string& name) {
  const std::string prefix = name + ": ";
  return error.message.starts_with(prefix) ? error.message.substr(prefix.size()) : error.message;
}

void check_signature(const std::string& directory, const std::vector<BundleEntry>& entries,
                     const std::string& manifest, const VerifyingKey* key,
                     BundleVerification& result) {
  const std::string name(kSignatureName);
  const bool present = has_entry(entries, name);
  if (key == nullptr) {
    result.signature = present ? SignatureCheck::not_checked : SignatureCheck::absent;
    return;
  }
  result.signature = SignatureCheck::failed;
  if (!present) {
    result.problems.push_back({name, "missing: the bundle is not signed"});
    return;
  }
  auto signature = read_bundle_file(directory, name, kMaxSignatureBytes);
  if (!signature) {
    result.problems.push_back({name, reason(signature.error(), name)});
    return;
  }
  if (!verify_message(*key, manifest, signature.value())) {
    result.problems.push_back({name, "does not verify with " + key->signer +
                                         ": manifest.json was changed or another key signed it"});
    return;
  }
  result.signature = SignatureCheck::verified;
}

void check_file(const std::string& directory, const ManifestFile& listed,
                const std::vector<BundleEntry>& entries, BundleVerification& result) {
  if (!has_entry(entries, listed.path)) {
    result.problems.push_back({listed.path, "missing"});
    return;
  }
  const auto size_changed = [&](std::uintmax_t bytes) {
    result.problems.push_back({listed.path, "changed: " + std::to_string(bytes) +
                                                " bytes, the manifest says " +
                                                std::to_string(listed.bytes)});
  };
  // Hashing stops past the size the manifest lists: a file grown to any size costs no more.
  auto digest = digest_bundle_file(directory, listed.path, listed.bytes);
  if (!digest) {
    const std::string why = reason(digest.error(), listed.path);
    std::error_code error;
    if (why.starts_with("larger than ")) {  // its size, without reading the rest
      const auto bytes = std::filesystem::file_size(directory + "/" + listed.path, error);
      if (!error) return size_changed(bytes);
    }
    result.problems.push_back({listed.path, why});
  } else if (digest.value().bytes != listed.bytes) {
    size_changed(digest.value().bytes);
  } else if (digest.value().sha256 != listed.sha256) {
    result.problems.push_back({listed.path, "changed: its SHA-256 is not the manifest's"});
  }
}

}  // namespace

BundleVerification verify_bundle(const std::string& directory, const VerifyingKey* key) {
  BundleVerification result;
  auto entries = list_bundle(directory);
  if (!entries) {
    result.problems.push_back({directory, reason(entries.error(), directory)});
    return result;
  }
  const std::string manifest_name(kManifestName);
  auto text = read_bundle_file(directory, manifest_name, kMaxManifestBytes);
  if (!text) {
    result.problems.push_back({manifest_name, reason(text.error(), manifest_name)});
    return result;
  }
  check_signature(directory, entries.value(), text.value(), key, result);
  auto manifest = parse_manifest(text.value());
  if (!manifest) {
    result.problems.push_back({manifest_name, manifest.error().message});
    return result;
  }
  result.files = manifest.value().files.size();
  std::set<std::string> listed = {manifest_name, std::string(kSignatureName)};
  for (const ManifestFile& file : manifest.value().files) {
    check_file(directory, file, entries.value(), result);
    listed.insert(file.path);
  }
  for (const BundleEntry& entry : entries.value()) {
    if (listed.contains(entry.name)) continue;
    result.problems.push_back(
        {entry.name, entry.regular_file ? "added: not in the manifest"
                                        : "added: not in the manifest (not a regular file)"});
  }
  return result;
}

}  // namespace mongoscan
