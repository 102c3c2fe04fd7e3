#include "scanner/config_scan/file_walk.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>

#include "scanner/config_scan/ignore_rules.h"
#include "scanner/posix/unique_fd.h"

namespace mongoscan {

std::vector<std::string> WalkSettings::default_skip_directories() {
  return {".git",    ".hg",         ".svn",   "node_modules", "bower_components",
          "vendor",  "third_party", ".venv",  "venv",         "__pycache__",
          "build",   "dist",        "target", "out",          ".terraform",
          ".gradle", ".idea",       ".tox"};
}

namespace {

constexpr char kGitignore[] = ".gitignore";
constexpr char kMongoscanignore[] = ".mongoscanignore";

// What a file or directory is, whatever the path that reached it.
struct FileId {
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const FileId&) const = default;
};

FileId file_id(const struct stat& status) { return {status.st_dev, status.st_ino}; }

// The FileIds seen so far, in one open-addressed table: no allocation per element.
class FileIdSet {
 public:
  // Adds id; false if it was there already.
  bool insert(FileId id) {
    if (id == FileId{}) return !std::exchange(has_zero_, true);  // the zero id marks empty slots
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();
    return place(id);
  }

  bool contains(FileId id) const {
    if (id == FileId{}) return has_zero_;
    if (slots_.empty()) return false;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(id) & mask; !(slots_[i] == FileId{}); i = (i + 1) & mask) {
      if (slots_[i] == id) return true;
    }
    return false;
  }

 private:
  bool place(FileId id) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(id) & mask;; i = (i + 1) & mask) {
      if (slots_[i] == id) return false;
      if (slots_[i] == FileId{}) {
        slots_[i] = id;
        ++size_;
        return true;
      }
    }
  }

  void grow() {
    const std::vector<FileId> old =
        std::exchange(slots_, std::vector<FileId>(std::max<std::size_t>(256, slots_.size() * 2)));
    size_ = 0;
    for (const FileId& id : old) {
      if (!(id == FileId{})) place(id);
    }
  }

  static std::size_t hash(FileId id) {
    const std::uint64_t mixed =
        (static_cast<std::uint64_t>(id.inode) ^ (static_cast<std::uint64_t>(id.device) << 40)) *
        0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(mixed ^ (mixed >> 32));
  }

  std::vector<FileId> slots_;  // a power of two in size, at most three quarters full
  std::size_t size_ = 0;
  bool has_zero_ = false;
};

// Opens the directory `name` of parent_fd (AT_FDCWD: a path); -1 with errno set on failure.
int open_directory(int parent_fd, const char* name, bool follow_symlink) {
  return ::openat(parent_fd, name,
                  O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow_symlink ? 0 : O_NOFOLLOW));
}

// The text of the ignore file `name` of directory_fd; empty unless it is a regular file of at
// most max_bytes. Opened non-blocking: a FIFO named .gitignore cannot stall the walk.
std::string read_ignore_file(int directory_fd, const char* name, std::uint64_t max_bytes) {
  const UniqueFd fd(::openat(directory_fd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  struct stat status;
  if (fd.get() < 0 || ::fstat(fd.get(), &status) != 0 || !S_ISREG(status.st_mode) ||
      static_cast<std::uint64_t>(status.st_size) > max_bytes) {
    return {};
  }
  std::string text(static_cast<std::size_t>(status.st_size), '\0');
  std::size_t filled = 0;
  while (filled < text.size()) {
    const ssize_t got = ::read(fd.get(), text.data() + filled, text.size() - filled);
    if (got <= 0) break;
    filled += static_cast<std::size_t>(got);
  }
  text.resize(filled);
  return text;
}

// The d_type that a stat mode stands for.
unsigned char entry_type(mode_t mode) {
  if (S_ISDIR(mode)) return DT_DIR;
  if (S_ISREG(mode)) return DT_REG;
  if (S_ISLNK(mode)) return DT_LNK;
  if (S_ISFIFO(mode)) return DT_FIFO;
  if (S_ISSOCK(mode)) return DT_SOCK;
  if (S_ISCHR(mode)) return DT_CHR;
  if (S_ISBLK(mode)) return DT_BLK;
  return DT_UNKNOWN;
}

// Why an entry that is neither a directory nor a regular file is not read.
std::string special_file_reason(unsigned char type) {
  switch (type) {
    case DT_FIFO:
      return "not a regular file: a FIFO";
    case DT_SOCK:
      return "not a regular file: a socket";
    case DT_CHR:
      return "not a regular file: a character device";
    case DT_BLK:
      return "not a regular file: a block device";
  }
  return "not a regular file or directory";
}

// One name read from a directory: where it is in the walker's name buffer, its d_type and the
// inode it names.
struct DirectoryEntry {
  std::size_t name_offset = 0;
  std::size_t name_length = 0;
  ino_t inode = 0;
  unsigned char type = DT_UNKNOWN;
};

using SharedDirectory = std::shared_ptr<const UniqueFd>;

// The ignore rules of one directory, matched against paths from its children on. Its
// .mongoscanignore wins over its .gitignore.
struct IgnoreLevel {
  IgnoreRules gitignore;
  IgnoreRules mongoscanignore;
  std::size_t relative_start = 0;  // where the path below the directory starts in Walker::path_
};

// What of the directory being walked is listed.
struct WalkScope {
  bool bundles_only = false;  // build output that would be skipped: its JavaScript bundles alone
  bool served = false;        // in a served directory: its bundles are shipped
};

class Walker {
 public:
  Walker(const WalkSettings& settings, const std::function<void(FileToScan)>& on_file,
         std::vector<SkippedFile>& skipped)
      : settings_(settings), on_file_(on_file), skipped_(skipped) {}

  void walk_root(const std::string& root);

 private:
  void descend(const SharedDirectory& directory, bool through_symlink);
  void read_entries(int directory_fd, bool& has_gitignore, bool& has_mongoscanignore);
  void visit_children(const SharedDirectory& directory);
  bool push_ignore_level(int directory_fd, bool has_gitignore, bool has_mongoscanignore);
  void visit_entry(const SharedDirectory& directory, DirectoryEntry entry);
  void enter_directory(int parent_fd, bool through_symlink);
  void visit_file(const SharedDirectory& directory, FileId id);
  bool file_out_of_scope() const;
  bool ignored(bool is_directory, bool consult_gitignore) const;
  bool named_in(const std::vector<std::string>& names) const;

  // The entry being visited: the last component of path_.
  const char* entry_name() const { return path_.c_str() + path_.rfind('/') + 1; }
  void skip(std::string reason) { skipped_.push_back({path_, std::move(reason)}); }
  void skip_unreadable(int error) { skip(std::string("unreadable: ") + std::strerror(error)); }

  const WalkSettings& settings_;
  const std::function<void(FileToScan)>& on_file_;
  std::vector<SkippedFile>& skipped_;

  std::size_t below_root_ = 0;  // where path_ below the root starts (a root file: its name)
  std::string path_;                        // what is being visited, as reached from the root
  std::vector<FileId> ancestors_;           // the directories of path_
  FileIdSet visited_;                       // every file and directory visited in full
  FileIdSet visited_for_bundles_;           // directories walked for their bundles alone
  WalkScope scope_;                         // of path_'s directory
  std::vector<IgnoreLevel> ignore_levels_;  // the ignore rules of path_'s directories
  // The sorted entries of path_'s directories, one range per level, their names in names_.
  std::vector<DirectoryEntry> entries_;
  std::string names_;
  std::vector<char> read_buffer_ = std::vector<char>(32 * 1024);  // for getdents64
};

void Walker::walk_root(const std::string& root) {
  path_ = root;
  while (path_.size() > 1 && path_.back() == '/') path_.pop_back();
  struct stat status;
  if (::stat(path_.c_str(), &status) != 0) {
    const int error = errno;
    if (error == ENOENT || error == ENOTDIR) {
      skipped_.push_back({root, "not found"});
    } else {
      skipped_.push_back({root, std::string("unreadable: ") + std::strerror(error)});
    }
    return;
  }
  if (S_ISREG(status.st_mode)) {
    const auto slash = path_.rfind('/');
    below_root_ = slash == std::string::npos ? 0 : slash + 1;
    return visit_file(nullptr, file_id(status));
  }
  if (!S_ISDIR(status.st_mode)) {
    return skipped_.push_back({root, special_file_reason(entry_type(status.st_mode))});
  }
  auto directory = std::make_shared<const UniqueFd>(open_directory(AT_FDCWD, path_.c_str(), true));
  if (directory->get() < 0) return skip_unreadable(errno);
  below_root_ = path_.size() + (path_.back() == '/' ? 0 : 1);
  scope_ = {false, named_in(settings_.served_directories)};
  descend(directory, false);
  scope_ = {};
}

// Visits the directory path_ (open as `directory`) unless it was visited already.
void Walker::descend(const SharedDirectory& directory, bool through_symlink) {
  struct stat status;
  if (::fstat(directory->get(), &status) != 0) return skip_unreadable(errno);
  const FileId id = file_id(status);
  if (through_symlink && std::find(ancestors_.begin(), ancestors_.end(), id) != ancestors_.end()) {
    return skip("symlink loop");
  }
  if (scope_.bundles_only ? visited_.contains(id) || !visited_for_bundles_.insert(id)
                          : !visited_.insert(id)) {
    return;
  }
  ancestors_.push_back(id);
  visit_children(directory);
  ancestors_.pop_back();
}

// Appends the entries of directory_fd to entries_ (getdents64 rather than readdir: no DIR to
// allocate, no fstat and fcntl per directory), noting whether it holds ignore files.
void Walker::read_entries(int directory_fd, bool& has_gitignore, bool& has_mongoscanignore) {
  for (;;) {
    const ssize_t got = ::getdents64(directory_fd, read_buffer_.data(), read_buffer_.size());
    if (got < 0) return skip_unreadable(errno);  // and walk what was read
    if (got == 0) return;
    for (ssize_t offset = 0; offset < got;) {
      const char* record = read_buffer_.data() + offset;
      unsigned short record_length = 0;
      std::memcpy(&record_length, record + offsetof(dirent64, d_reclen), sizeof record_length);
      offset += record_length;
      const std::string_view name(record + offsetof(dirent64, d_name));
      if (name == "." || name == "..") continue;
      has_gitignore = has_gitignore || name == kGitignore;
      has_mongoscanignore = has_mongoscanignore || name == kMongoscanignore;
      const auto type = static_cast<unsigned char>(record[offsetof(dirent64, d_type)]);
      ino_t inode = 0;
      std::memcpy(&inode, record + offsetof(dirent64, d_ino), sizeof inode);
      entries_.push_back({names_.size(), name.size(), inode, type});
      names_.append(name);
    }
  }
}

void Walker::visit_children(const SharedDirectory& directory) {
  const int directory_fd = directory->get();
  const std::size_t first = entries_.size();
  const std::size_t names_mark = names_.size();
  bool has_gitignore = false;
  bool has_mongoscanignore = false;
  read_entries(directory_fd, has_gitignore, has_mongoscanignore);
  const std::size_t last = entries_.size();
  std::sort(entries_.begin() + static_cast<std::ptrdiff_t>(first), entries_.end(),
            [this](const DirectoryEntry& a, const DirectoryEntry& b) {
              return std::string_view(names_).substr(a.name_offset, a.name_length) <
                     std::string_view(names_).substr(b.name_offset, b.name_length);
            });

  const bool pushed = settings_.honour_ignore_files &&
                      push_ignore_level(directory_fd, has_gitignore, has_mongoscanignore);
  const std::size_t directory_length = path_.size();
  for (std::size_t i = first; i < last; ++i) {
    const DirectoryEntry entry = entries_[i];  // a copy: visiting a directory grows entries_
    if (path_.back() != '/') path_ += '/';
    path_.append(names_, entry.name_offset, entry.name_length);
    visit_entry(directory, entry);
    path_.resize(directory_length);
  }
  if (pushed) ignore_levels_.pop_back();
  entries_.resize(first);
  names_.resize(names_mark);
}

// Reads the ignore files of the directory path_; false if it has no pattern.
bool Walker::push_ignore_level(int directory_fd, bool has_gitignore, bool has_mongoscanignore) {
  IgnoreLevel level;
  if (has_gitignore) {
    level.gitignore.add(read_ignore_file(directory_fd, kGitignore, settings_.max_file_bytes));
  }
  if (has_mongoscanignore) {
    level.mongoscanignore.add(
        read_ignore_file(directory_fd, kMongoscanignore, settings_.max_file_bytes));
  }
  if (level.gitignore.empty() && level.mongoscanignore.empty()) return false;
  level.relative_start = path_.size() + (path_.back() == '/' ? 0 : 1);
  ignore_levels_.push_back(std::move(level));
  return true;
}

// Visits path_, `entry` of `directory`. A file is known by the inode its entry names, on the
// directory's device: the same as its stat's, without a system call per file.
void Walker::visit_entry(const SharedDirectory& directory, DirectoryEntry entry) {
  const int directory_fd = directory->get();
  unsigned char type = entry.type;
  FileId id{ancestors_.back().device, entry.inode};
  struct stat status;
  if (type == DT_UNKNOWN) {  // file systems that do not fill in d_type
    if (::fstatat(directory_fd, entry_name(), &status, AT_SYMLINK_NOFOLLOW) != 0) {
      return skip_unreadable(errno);
    }
    type = entry_type(status.st_mode);
    id = file_id(status);
  }
  const bool through_symlink = type == DT_LNK;
  if (through_symlink) {
    if (!settings_.follow_symlinks) return;
    if (::fstatat(directory_fd, entry_name(), &status, 0) != 0) {
      const int error = errno;
      if (!file_out_of_scope()) skip_unreadable(error);
      return;
    }
    type = entry_type(status.st_mode);
    id = file_id(status);
  }
  if (type == DT_DIR) return enter_directory(directory_fd, through_symlink);
  if (type == DT_REG) return visit_file(directory, id);
  // Sockets, FIFOs and devices are never opened (a FIFO would block), but listed as skipped.
  if (!file_out_of_scope()) skip(special_file_reason(type));
}

void Walker::enter_directory(int parent_fd, bool through_symlink) {
  const bool named_served = named_in(settings_.served_directories);
  const bool skip_listed = named_in(settings_.skip_directories);
  if (skip_listed && !named_served) return;
  const bool served = scope_.served || named_served;
  bool bundles_only = scope_.bundles_only || skip_listed;
  if (ignored(true, !bundles_only)) {
    // Served, and excluded by .gitignore alone: walked for its bundles.
    if (bundles_only || !served || ignored(true, false)) return;
    bundles_only = true;
  }
  auto directory =
      std::make_shared<const UniqueFd>(open_directory(parent_fd, entry_name(), through_symlink));
  if (directory->get() < 0) return skip_unreadable(errno);
  const WalkScope outer = std::exchange(scope_, {bundles_only, served});
  descend(directory, through_symlink);
  scope_ = outer;
}

// Lists the file path_, `id`, held by `directory` (null: path_ is a root, opened as given).
void Walker::visit_file(const SharedDirectory& directory, FileId id) {
  if (file_out_of_scope() || !visited_.insert(id)) return;
  FileToScan file{path_, directory, directory ? path_.rfind('/') + 1 : 0};
  file.below_root = below_root_;
  file.shipped_bundle = scope_.served && directory && is_javascript_bundle_name(file.name());
  on_file_(std::move(file));
}

// Whether the file path_ is not to be listed: no bundle where only bundles are, or excluded by an
// ignore file (a served bundle by .mongoscanignore alone).
bool Walker::file_out_of_scope() const {
  const bool served_bundle = scope_.served && is_javascript_bundle_name(entry_name());
  if (scope_.bundles_only && !served_bundle) return true;
  return ignored(false, !served_bundle);
}

// Whether the ignore files of path_'s directories exclude it: the deepest one that names it wins
// (.gitignore files only when consult_gitignore).
bool Walker::ignored(bool is_directory, bool consult_gitignore) const {
  for (auto level = ignore_levels_.rbegin(); level != ignore_levels_.rend(); ++level) {
    const std::string_view relative = std::string_view(path_).substr(level->relative_start);
    IgnoreVerdict verdict = level->mongoscanignore.match(relative, is_directory);
    if (verdict == IgnoreVerdict::unmatched && consult_gitignore) {
      verdict = level->gitignore.match(relative, is_directory);
    }
    if (verdict != IgnoreVerdict::unmatched) return verdict == IgnoreVerdict::ignored;
  }
  return false;
}

// Whether the last component of path_ is one of `names`.
bool Walker::named_in(const std::vector<std::string>& names) const {
  const std::string_view name = entry_name();
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

void walk_paths(const std::vector<std::string>& roots, const WalkSettings& settings,
                const std::function<void(FileToScan)>& on_file, std::vector<SkippedFile>& skipped) {
  Walker walker(settings, on_file, skipped);
  for (const std::string& root : roots) walker.walk_root(root);
}

}  // namespace mongoscan
