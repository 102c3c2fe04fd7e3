// The evidence manifest reader (reports/evidence/manifest.h): `verify` reads a manifest that may
// have been tampered with. Properties: any text parses or is refused with a message; an accepted
// manifest names only plain files inside the bundle, and writing it out reads back the same.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "reports/evidence/manifest.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mongoscan;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<EvidenceManifest> manifest = parse_manifest(text);
  if (!manifest) {
    fuzz::check(!manifest.error().message.empty(), "a refused manifest says why");
    return 0;
  }
  for (const ManifestFile& file : manifest.value().files) {
    fuzz::check(is_bundle_file_name(file.path), "an accepted path is a plain name in the bundle");
  }
  const Result<EvidenceManifest> again = parse_manifest(manifest_text(manifest.value()));
  fuzz::check(again.ok(), "a written manifest reads back");
  EvidenceManifest sorted = manifest.value();
  std::sort(sorted.files.begin(), sorted.files.end(),
            [](const ManifestFile& a, const ManifestFile& b) { return a.path < b.path; });
  fuzz::check(again.value() == sorted, "a written manifest reads back the same, files sorted");
  return 0;
}
