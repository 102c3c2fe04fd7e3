#pragma once
// Which files a config scan reads: walks directories (skipping vendored and build directories,
// honouring .gitignore and .mongoscanignore, following symlinks without looping) or takes an
// explicit list of files (--files-from). Files are only listed here; reading them is the scanner's.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace mongoscan {

struct WalkSettings {
  // Directory names never entered (matched against the name alone, at any depth); --skip-dir adds,
  // --no-default-skips empties.
  std::vector<std::string> skip_directories = default_skip_directories();
  std::uint64_t max_file_bytes = 10 * 1024 * 1024;  // larger files are skipped (--max-file-size)
  bool honour_ignore_files = true;  // .gitignore and .mongoscanignore (--no-ignore-files)
  bool follow_symlinks = true;      // a symlink loop is skipped and reported, never followed twice

  static std::vector<std::string> default_skip_directories();
};

// A file the scan did not read, and why: "binary", "larger than 10485760 bytes",
// "unreadable: Permission denied", "symlink loop", "ignored by .gitignore" is NOT reported (ignored
// files are silently out of scope).
struct SkippedFile {
  std::string path;
  std::string reason;
};

struct FileToScan {
  std::string path;  // as reached from the root given: "repo/src/app.yaml"
  std::uint64_t size = 0;
};

// Walks every root (a file or a directory) depth first in name order, calling on_file for each file
// to scan, in a stable order, on the calling thread. Files and directories that cannot be read,
// too-large files and symlink loops are appended to skipped. A root that does not exist is skipped
// with reason "not found".
void walk_paths(const std::vector<std::string>& roots, const WalkSettings& settings,
                const std::function<void(FileToScan)>& on_file, std::vector<SkippedFile>& skipped);

}  // namespace mongoscan
