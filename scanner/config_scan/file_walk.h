#pragma once
// Which files a config scan reads: walks directories (skipping vendored and build directories but
// for the JavaScript bundles of build output, honouring .gitignore and .mongoscanignore, following
// symlinks without looping) or takes an explicit list of files (--files-from). Files are only
// listed here; reading them is the scanner's.

#include <fcntl.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/config_scan/javascript_bundle.h"
#include "scanner/facts/skipped_file.h"
#include "scanner/posix/unique_fd.h"

namespace mongoscan {

struct WalkSettings {
  // Directory names never entered (matched against the name alone, at any depth, never against a
  // root given), unless also served: --skip-dir adds, --no-default-skips empties.
  std::vector<std::string> skip_directories = default_skip_directories();
  // Directory names whose JavaScript bundles are served as they are once deployed
  // (javascript_bundle.h): the bundles at any depth below one are listed as shipped, and no
  // .gitignore hides them (build output is usually ignored, yet it is what is deployed);
  // .mongoscanignore does. One that would be skipped, by skip_directories or by .gitignore, is
  // walked for its bundles alone. A skipped directory inside one stays skipped.
  std::vector<std::string> served_directories = default_served_directories();
  std::uint64_t max_file_bytes = 10 * 1024 * 1024;  // larger files are skipped (--max-file-size)
  // .gitignore and .mongoscanignore (--no-ignore-files), with git's semantics (ignore_rules.h): the
  // files of a directory apply to it and below, deeper files and then .mongoscanignore win. Only
  // ignore files inside a root count (not those of its parents, nor .git/info/exclude); an ignore
  // file larger than max_file_bytes is not honoured. A root that is a file is always scanned.
  bool honour_ignore_files = true;
  // Symlinks to files and directories are followed; one to a directory on the current path is
  // reported as "symlink loop". Without it, symlinks are silently out of scope (roots are always
  // followed).
  bool follow_symlinks = true;

  // Version control metadata, dependencies and build output: .git .hg .svn node_modules
  // bower_components vendor third_party .venv venv __pycache__ build dist target out .terraform
  // .gradle .idea .tox
  static std::vector<std::string> default_skip_directories();
};

// A file listed for scanning, by its name in its open directory: opening it relative to the
// directory's descriptor spares the kernel a lookup of every component of its path. Nothing about
// the file itself has been asked yet (file_reader.h opens, sizes and reads it).
struct FileToScan {
  std::string path;  // as reached from the root given: "repo/src/app.yaml"
  // The directory holding it, open while any of its files waits; null for a root, which is
  // opened by its path as given.
  std::shared_ptr<const UniqueFd> directory;
  std::size_t name_offset = 0;  // where its name in `directory` starts in path
  // Where the path below the root given starts ("src/app.yaml" of "repo/src/app.yaml"); for a
  // root that is a file, where its name starts.
  std::size_t below_root = 0;
  // A JavaScript bundle in a served directory at or below the root given (never for a root that
  // is a file).
  bool shipped_bundle = false;

  int directory_fd() const { return directory ? directory->get() : AT_FDCWD; }
  const char* name() const { return path.c_str() + name_offset; }
  std::string_view path_below_root() const { return std::string_view(path).substr(below_root); }
};

// Walks every root (a file or a directory) depth first in name (byte) order, calling on_file for
// each file to scan, in a stable order, on the calling thread. Each file and directory is visited
// once, through the first path that reaches it (a file is known by the inode its directory entry
// names, so no file is opened or looked at here); a directory walked for its bundles alone is
// walked again when a later path reaches it in full. Directories that cannot be read and symlink
// loops are appended to skipped; files that cannot be read or are too large are the reader's to
// skip. A root that does not exist is skipped with reason "not found". One descriptor stays open
// per directory level of the current path, and one per directory whose files are still held.
void walk_paths(const std::vector<std::string>& roots, const WalkSettings& settings,
                const std::function<void(FileToScan)>& on_file, std::vector<SkippedFile>& skipped);

}  // namespace mongoscan
