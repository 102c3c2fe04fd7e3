#include "scanner/config_scan.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <variant>

#include "scanner/config_text_scan.h"

namespace mongoscan {
namespace {

// Like git and ripgrep: a NUL byte in the first 8000 bytes makes a file binary.
constexpr std::size_t kBinaryProbeBytes = 8000;

SkippedFile unreadable(const std::string& path, int error) {
  return {path, std::string("unreadable: ") + std::strerror(error)};
}

// A worker's read buffer, reused across files and never zero-filled.
class ReadBuffer {
 public:
  // Room for `size` bytes; the content is unspecified.
  char* reserve(std::size_t size) {
    if (size > capacity_) {
      capacity_ = std::max(size, capacity_ * 2);
      bytes_ = std::make_unique_for_overwrite<char[]>(capacity_);
    }
    return bytes_.get();
  }
  std::string_view text(std::size_t size) const { return {bytes_.get(), size}; }

 private:
  std::unique_ptr<char[]> bytes_;
  std::size_t capacity_ = 0;
};

// Reads the file into `buffer`: the file.size bytes the walk saw (a file that grew since is read
// as it was; one that shrank, to its end). The walk opened it and checked that it is a regular
// file within the size limit.
std::variant<std::string_view, SkippedFile> read_file(const FileToScan& file, ReadBuffer& buffer) {
  char* bytes = buffer.reserve(file.size);
  std::size_t filled = 0;
  while (filled < file.size) {
    const ssize_t got = ::read(file.file.get(), bytes + filled, file.size - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && errno == EAGAIN) break;
    if (got < 0) return unreadable(file.path, errno);
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  return buffer.text(filled);
}

bool by_location(const FileLocation& a, const FileLocation& b) {
  return std::tie(a.path, a.line, a.column) < std::tie(b.path, b.line, b.column);
}

// Distinct connection strings by their text.
using StringsByText = std::unordered_map<std::string, FoundConnectionString>;

// Keeps the first kPlacesKept places of each string in path order, and counts them all.
void keep_place(FoundConnectionString& string, const FileLocation& place, bool allowed_inline) {
  auto& places = string.places;
  const auto at = std::upper_bound(places.begin(), places.end(), place, by_location);
  if (at == places.begin()) string.allowed_inline = allowed_inline;
  if (static_cast<std::size_t>(at - places.begin()) < FoundConnectionString::kPlacesKept) {
    places.insert(at, place);
    if (places.size() > FoundConnectionString::kPlacesKept) places.pop_back();
  }
}

// Adds `found`, whose places are in order, to the string of the same text.
void merge_string(StringsByText& strings, FoundConnectionString& found) {
  auto [entry, inserted] = strings.try_emplace(found.text.reveal());
  if (inserted) entry->second.text = std::move(found.text);
  entry->second.occurrences += found.occurrences;
  for (std::size_t i = 0; i < found.places.size(); ++i) {
    keep_place(entry->second, found.places[i], i == 0 && found.allowed_inline);
  }
}

// Reads and scans one file into `facts` (a worker's own), or records why it was skipped.
void scan_file(const FileToScan& file, ReadBuffer& buffer, ConfigFacts& facts,
               StringsByText& strings) {
  auto read = read_file(file, buffer);
  if (auto* skipped = std::get_if<SkippedFile>(&read)) {
    facts.skipped.push_back(std::move(*skipped));
    return;
  }
  const std::string_view text = std::get<std::string_view>(read);
  if (std::memchr(text.data(), '\0', std::min(text.size(), kBinaryProbeBytes)) != nullptr) {
    facts.skipped.push_back({file.path, "binary"});
    return;
  }
  ++facts.files_scanned;
  facts.bytes_scanned += text.size();
  TextScan scan = scan_config_text(file.path, text);
  std::move(scan.credentials.begin(), scan.credentials.end(),
            std::back_inserter(facts.credentials));
  for (FoundConnectionString& found : scan.connection_strings) merge_string(strings, found);
  for (const auto& [rule, count] : scan.suppressed_by_rule) {
    facts.suppressed_by_rule[std::string(rule)] += count;
  }
}

// How many listed files may wait for a worker: each holds an open descriptor, so a quarter of the
// process's descriptor limit, at most 256 and at least 8.
std::size_t queued_files_limit() {
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 256;
  return std::clamp<std::size_t>(static_cast<std::size_t>(limit.rlim_cur / 4), 8, 256);
}

// Files the walk has listed and workers have not taken yet; the walk waits while the queue is full.
class FileQueue {
 public:
  void push(FileToScan file) {
    {
      std::unique_lock lock(mutex_);
      room_.wait(lock, [&] { return files_.size() < max_queued_; });
      files_.push_back(std::move(file));
    }
    ready_.notify_one();
  }
  void close() {
    {
      const std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }
  // The next file, or nullopt once the queue is closed and empty.
  std::optional<FileToScan> pop() {
    std::optional<FileToScan> file;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return closed_ || !files_.empty(); });
      if (files_.empty()) return std::nullopt;
      file = std::move(files_.front());
      files_.pop_front();
    }
    room_.notify_one();
    return file;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::condition_variable room_;
  std::deque<FileToScan> files_;
  const std::size_t max_queued_ = queued_files_limit();
  bool closed_ = false;
};

void merge_strings(StringsByText& strings, StringsByText& part) {
  for (auto& [text, found] : part) merge_string(strings, found);
}

void merge_into(ConfigFacts& facts, ConfigFacts& part) {
  facts.files_scanned += part.files_scanned;
  facts.bytes_scanned += part.bytes_scanned;
  std::move(part.skipped.begin(), part.skipped.end(), std::back_inserter(facts.skipped));
  std::move(part.credentials.begin(), part.credentials.end(),
            std::back_inserter(facts.credentials));
  for (const auto& [rule, count] : part.suppressed_by_rule) facts.suppressed_by_rule[rule] += count;
}

}  // namespace

ConfigFacts scan_config_paths(const std::vector<std::string>& roots,
                              const ConfigScanSettings& settings) {
  ConfigFacts facts;
  facts.roots = roots;
  // The walk runs on this thread while the workers read and scan what it has listed so far.
  const std::size_t threads = std::max<std::size_t>(
      1, settings.threads != 0 ? settings.threads : std::thread::hardware_concurrency());
  FileQueue queue;
  std::vector<ConfigFacts> parts(threads);
  std::vector<StringsByText> strings_parts(threads);
  {
    std::vector<std::jthread> workers;
    for (std::size_t i = 0; i < threads; ++i) {
      workers.emplace_back([&, i] {
        ReadBuffer buffer;
        while (auto file = queue.pop()) scan_file(*file, buffer, parts[i], strings_parts[i]);
      });
    }
    walk_paths(
        roots, settings.walk, [&](FileToScan file) { queue.push(std::move(file)); }, facts.skipped);
    queue.close();
  }
  for (ConfigFacts& part : parts) merge_into(facts, part);
  StringsByText strings;
  for (StringsByText& part : strings_parts) merge_strings(strings, part);
  for (auto& [text, found] : strings) facts.connection_strings.push_back(std::move(found));
  std::stable_sort(facts.skipped.begin(), facts.skipped.end(),
                   [](const SkippedFile& a, const SkippedFile& b) { return a.path < b.path; });
  std::stable_sort(
      facts.credentials.begin(), facts.credentials.end(),
      [](const auto& a, const auto& b) { return by_location(a.location, b.location); });
  std::stable_sort(
      facts.connection_strings.begin(), facts.connection_strings.end(),
      [](const auto& a, const auto& b) { return by_location(a.places.front(), b.places.front()); });
  return facts;
}

}  // namespace mongoscan
