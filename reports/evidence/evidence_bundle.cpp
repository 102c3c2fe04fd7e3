#include "reports/evidence/evidence_bundle.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <functional>
#include <system_error>
#include <utility>

#include "reports/atomic_file.h"
#include "reports/evidence/bundle_file.h"

namespace mongoscan {
namespace {

namespace fs = std::filesystem;

// "out/evidence/" and "out/evidence" name the same directory.
fs::path bundle_path(const std::string& directory) {
  fs::path path = fs::path(directory).lexically_normal();
  if (!path.has_filename() && path.has_parent_path()) path = path.parent_path();
  return path;
}

Error bundle_usage(const std::string& directory, const std::string& why) {
  return Error{ErrorCode::usage, "--evidence-dir", "--evidence-dir " + directory + ": " + why};
}

Error bundle_io(const std::string& what, int error_number) {
  return Error{ErrorCode::io, "evidence",
               what + ": " + std::generic_category().message(error_number)};
}

void sync_bundle_directory(const fs::path& directory) {
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// A new directory beside the bundle's that is removed with its content unless released.
class StagingDirectory {
 public:
  static Result<StagingDirectory> create(const fs::path& bundle) {
    const fs::path parent = bundle.has_parent_path() ? bundle.parent_path() : fs::path(".");
    std::string pattern = (parent / ("." + bundle.filename().string() + ".tmpXXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      return bundle_io("cannot create a directory beside " + bundle.string(), errno);
    }
    return StagingDirectory(pattern);
  }
  StagingDirectory(StagingDirectory&& other) noexcept : path_(std::exchange(other.path_, "")) {}
  StagingDirectory& operator=(StagingDirectory&&) = delete;
  ~StagingDirectory() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }
  void release() { path_.clear(); }

 private:
  explicit StagingDirectory(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// Writes one file of the bundle into `staging` and returns its manifest entry.
Result<ManifestFile> write_bundle_file(const std::string& staging, const std::string& name,
                                       const std::function<void(std::ostream&)>& write) {
  if (auto written = write_file_atomically(staging + "/" + name, write); !written) {
    return Error{ErrorCode::io, "evidence",
                 "cannot write " + name + ": " + written.error().message};
  }
  auto digest = digest_bundle_file(staging, name);
  if (!digest) return digest.error();
  return ManifestFile{name, digest.value().sha256, digest.value().bytes};
}

}  // namespace

const std::vector<std::pair<std::string, ReportFormat>>& bundle_report_files() {
  static const std::vector<std::pair<std::string, ReportFormat>> files = {
      {"report.json", ReportFormat::json},
      {"report.html", ReportFormat::html},
      {"report.sarif", ReportFormat::sarif}};
  return files;
}

Result<Ok> check_bundle_directory(const std::string& directory) {
  const fs::path path = bundle_path(directory);
  std::error_code error;
  const fs::file_status status = fs::symlink_status(path, error);
  if (status.type() == fs::file_type::not_found) {
    const fs::path parent = path.has_parent_path() ? path.parent_path() : fs::path(".");
    if (!fs::is_directory(parent, error)) {
      return bundle_usage(directory, "its parent directory does not exist");
    }
    return Ok{};
  }
  if (error) return bundle_usage(directory, error.message());
  if (status.type() != fs::file_type::directory) {
    return bundle_usage(directory, "exists and is not a directory");
  }
  if (!fs::is_empty(path, error) || error) {
    return bundle_usage(directory,
                        error ? error.message()
                              : "exists and is not empty; give a new or empty directory (an "
                                "existing bundle is never replaced)");
  }
  return Ok{};
}

Result<EvidenceManifest> write_evidence_bundle(const Report& report, const std::string& directory,
                                               const EvidenceOrigin& origin,
                                               const std::optional<SigningKey>& key,
                                               const RenderOptions& render) {
  if (auto free = check_bundle_directory(directory); !free) return free.error();
  const fs::path bundle = bundle_path(directory);
  auto staging = StagingDirectory::create(bundle);
  if (!staging) return staging.error();
  RenderOptions file_options = render;
  file_options.color = false;
  file_options.width = 0;
  std::vector<ManifestFile> files;
  for (const auto& [name, format] : bundle_report_files()) {
    const ReportFormat file_format = format;  // clang 14 captures no structured binding
    auto file = write_bundle_file(staging.value().path(), name, [&](std::ostream& out) {
      write_report(report, file_format, file_options, out);
    });
    if (!file) return file.error();
    files.push_back(std::move(file).value());
  }
  const EvidenceManifest manifest = build_manifest(report, origin, std::move(files));
  const std::string text = manifest_text(manifest);
  const std::string staged = staging.value().path();
  if (auto written = write_file_atomically(staged + "/" + std::string(kManifestName), text);
      !written) {
    return Error{ErrorCode::io, "evidence",
                 "cannot write manifest.json: " + written.error().message};
  }
  if (key) {
    auto signature = sign_message(*key, text);
    if (!signature) return signature.error();
    if (auto written =
            write_file_atomically(staged + "/" + std::string(kSignatureName), signature.value());
        !written) {
      return Error{ErrorCode::io, "evidence",
                   "cannot write manifest.json.sig: " + written.error().message};
    }
  }
  sync_bundle_directory(staged);
  // rename(2) replaces `bundle` only when it is an empty directory: one that gained a file since
  // the check fails with ENOTEMPTY (or EEXIST) and is left as it is.
  if (::rename(staged.c_str(), bundle.c_str()) != 0) {
    if (errno == ENOTEMPTY || errno == EEXIST) {
      return bundle_usage(directory, "exists and is not empty; give a new or empty directory");
    }
    return bundle_io("cannot rename the bundle into " + directory, errno);
  }
  staging.value().release();
  sync_bundle_directory(bundle.has_parent_path() ? bundle.parent_path() : fs::path("."));
  return manifest;
}

}  // namespace mongoscan
