#include "scanner/config_scan.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>

#include "scanner/config_text_scan.h"

namespace mongoscan {
namespace {

// Like git and ripgrep: a NUL byte in the first 8000 bytes makes a file binary.
constexpr std::size_t kBinaryProbeBytes = 8000;

struct FileOutcome {
  TextScan scan;
  std::optional<SkippedFile> skipped;
  std::uint64_t bytes = 0;
};

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

SkippedFile unreadable(const std::string& path, int error) {
  return {path, std::string("unreadable: ") + std::strerror(error)};
}

// Reads the whole file into `buffer` (reused across files), at most max_bytes.
std::optional<SkippedFile> read_file(const std::string& path, std::uint64_t max_bytes,
                                     std::string& buffer) {
  // O_NONBLOCK: a FIFO that replaced a file after the walk must not block the scan.
  const FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (file.get() < 0) return unreadable(path, errno);
  struct stat status {};
  if (::fstat(file.get(), &status) != 0) return unreadable(path, errno);
  if (!S_ISREG(status.st_mode)) return SkippedFile{path, "not a regular file"};
  const std::uint64_t size = static_cast<std::uint64_t>(status.st_size);
  if (size > max_bytes) {
    return SkippedFile{path, "larger than " + std::to_string(max_bytes) + " bytes"};
  }
  buffer.resize(size);
  std::size_t filled = 0;
  while (filled < buffer.size()) {
    const ssize_t got = ::read(file.get(), buffer.data() + filled, buffer.size() - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return unreadable(path, errno);
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  buffer.resize(filled);
  return std::nullopt;
}

FileOutcome scan_file(const FileToScan& file, std::uint64_t max_bytes, std::string& buffer) {
  FileOutcome outcome;
  if (auto skipped = read_file(file.path, max_bytes, buffer)) {
    outcome.skipped = std::move(skipped);
    return outcome;
  }
  const std::size_t probe = std::min(buffer.size(), kBinaryProbeBytes);
  if (std::memchr(buffer.data(), '\0', probe) != nullptr) {
    outcome.skipped = SkippedFile{file.path, "binary"};
    return outcome;
  }
  outcome.bytes = buffer.size();
  outcome.scan = scan_config_text(file.path, buffer);
  return outcome;
}

bool by_location(const FileLocation& a, const FileLocation& b) {
  return std::tie(a.path, a.line, a.column) < std::tie(b.path, b.line, b.column);
}

}  // namespace

ConfigFacts scan_config_paths(const std::vector<std::string>& roots,
                              const ConfigScanSettings& settings) {
  ConfigFacts facts;
  facts.roots = roots;
  std::vector<FileToScan> files;
  walk_paths(
      roots, settings.walk, [&](FileToScan file) { files.push_back(std::move(file)); },
      facts.skipped);

  std::vector<FileOutcome> outcomes(files.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    std::string buffer;
    for (std::size_t i = next++; i < files.size(); i = next++) {
      outcomes[i] = scan_file(files[i], settings.walk.max_file_bytes, buffer);
    }
  };
  const std::size_t threads = std::clamp<std::size_t>(
      settings.threads != 0 ? settings.threads : std::thread::hardware_concurrency(), 1,
      std::max<std::size_t>(files.size(), 1));
  std::vector<std::jthread> workers;
  for (std::size_t i = 1; i < threads; ++i) workers.emplace_back(work);
  work();
  workers.clear();

  for (FileOutcome& outcome : outcomes) {
    if (outcome.skipped) {
      facts.skipped.push_back(std::move(*outcome.skipped));
      continue;
    }
    ++facts.files_scanned;
    facts.bytes_scanned += outcome.bytes;
    for (auto& hit : outcome.scan.credentials) facts.credentials.push_back(std::move(hit));
    for (auto& found : outcome.scan.connection_strings) {
      facts.connection_strings.push_back(std::move(found));
    }
    for (const auto& [rule, count] : outcome.scan.suppressed_by_rule) {
      facts.suppressed_by_rule[rule] += count;
    }
  }
  std::stable_sort(facts.skipped.begin(), facts.skipped.end(),
                   [](const SkippedFile& a, const SkippedFile& b) { return a.path < b.path; });
  std::stable_sort(
      facts.credentials.begin(), facts.credentials.end(),
      [](const auto& a, const auto& b) { return by_location(a.location, b.location); });
  std::stable_sort(
      facts.connection_strings.begin(), facts.connection_strings.end(),
      [](const auto& a, const auto& b) { return by_location(a.location, b.location); });
  return facts;
}

}  // namespace mongoscan
