#pragma once
// The evidence bundle's manifest (manifest.json): what wrote the bundle, from which scan, and the
// SHA-256 and size of every file in it. Building and reading it; no file I/O.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reports/report.h"
#include "scanner/errors/result.h"

namespace mongoscan {

inline constexpr int kManifestVersion = 1;
inline constexpr std::string_view kManifestName = "manifest.json";
inline constexpr std::string_view kSignatureName = "manifest.json.sig";

// One file of the bundle, named as it is in the bundle's directory.
struct ManifestFile {
  std::string path;
  std::string sha256;  // 64 lower-case hex digits
  std::uint64_t bytes = 0;

  bool operator==(const ManifestFile&) const = default;
};

struct EvidenceManifest {
  std::string tool_name;
  std::string tool_version;
  std::string catalogue_sha256;  // catalogue_sha256() of the build that wrote the bundle
  std::string started_at;        // the scan's, RFC 3339 UTC
  std::string finished_at;
  // SHA-256 of the inventory file the scan read (--inventory); absent when it read none.
  std::optional<std::string> inventory_sha256;
  // The host that ran the scan (gethostname); absent when unknown (`convert` of a saved report).
  std::optional<std::string> scanning_host;
  std::vector<ManifestFile> files;  // sorted by path

  bool operator==(const EvidenceManifest&) const = default;
};

// Where a bundle comes from, beside its report: what the manifest says that the report does not.
struct EvidenceOrigin {
  std::string tool_name = "mongoscan";
  std::string tool_version;      // of the build that writes the bundle
  std::string catalogue_sha256;  // catalogue_sha256() of that build
  // SHA-256 of the inventory file the scan read; filled when the scan reads one (--inventory,
  // issue 22 item 1), absent until then.
  std::optional<std::string> inventory_sha256;
  std::optional<std::string> scanning_host;
};

// The manifest of a bundle of `files` rendered from `report`: the scan's times are the report's.
EvidenceManifest build_manifest(const Report& report, const EvidenceOrigin& origin,
                                std::vector<ManifestFile> files);

// Whether `name` may be a file of a bundle: a plain name in its directory (no '/', not "." or
// "..", no control character), and neither the manifest nor its signature.
bool is_bundle_file_name(std::string_view name);

// The manifest's exact bytes, as written and signed: 2-space JSON, members in a fixed order
// (manifest_version, tool, catalogue_sha256, scan, inventory_sha256, scanning_host, files), the
// files sorted by path, then a newline.
std::string manifest_text(const EvidenceManifest& manifest);

// Reads a manifest. An error (phase "manifest") names the first member that is missing or wrong,
// including a file path that is_bundle_file_name refuses or that is listed twice.
Result<EvidenceManifest> parse_manifest(std::string_view text);

}  // namespace mongoscan
