#include "scanner/config_scan/config_scan.h"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <iterator>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "scanner/config_scan/config_text_scan.h"
#include "scanner/config_scan/context_rules.h"
#include "scanner/config_scan/file_reader.h"
#include "scanner/config_scan/own_report.h"
#include "scanner/infra/mongod_command_line.h"

namespace mongoscan {
namespace {

// Like git and ripgrep: a NUL byte in the first 8000 bytes makes a file binary.
constexpr std::size_t kBinaryProbeBytes = 8000;

// A place's order: path, then line, then column.
std::tuple<std::string_view, int, int> location_key(std::string_view path, int line, int column) {
  return {path, line, column};
}

bool by_location(const FileLocation& a, const FileLocation& b) {
  return location_key(a.path, a.line, a.column) < location_key(b.path, b.line, b.column);
}

// Distinct connection strings by their text.
using StringsByText = std::unordered_map<std::string, FoundConnectionString>;

// Keeps the first kPlacesKept places of each string in path order, and counts them all.
// `place` is in the file at `path`: its own path, or its file's where it names none (a text
// scan's, config_text_scan.h), which it is given when kept. A place that becomes the first brings
// what was seen there (`from`: its file's string, when the place is that file's first): its
// `mongoscan:allow` comment and the TLS switched on beside it, or their lack. A place kept is
// moved in.
void keep_place(FoundConnectionString& string, std::string_view path, FileLocation&& place,
                const FoundConnectionString* from) {
  auto& places = string.places;
  const auto at =
      std::upper_bound(places.begin(), places.end(), location_key(path, place.line, place.column),
                       [](const auto& key, const FileLocation& kept) {
                         return key < location_key(kept.path, kept.line, kept.column);
                       });
  if (at == places.begin()) {
    string.allowed_inline = from != nullptr && from->allowed_inline;
    string.allow_comment = string.allowed_inline ? from->allow_comment : std::string();
    string.tls_around = from != nullptr ? from->tls_around : std::string();
  }
  const auto index = at - places.begin();
  if (static_cast<std::size_t>(index) < FoundConnectionString::kPlacesKept) {
    if (place.path.empty()) place.path = path;
    if (places.size() == FoundConnectionString::kPlacesKept) places.pop_back();
    places.insert(places.begin() + index, std::move(place));
  }
}

// Adds `found`, whose places are in order, to the string of the same text (its places are moved
// out). Its places are in the file at `path`, or name their own where `path` is empty (a worker's
// strings merged into the scan's). Returns false when it is a new string and `strings` holds
// `limit` already: then it is not kept.
bool merge_string(StringsByText& strings, FoundConnectionString& found, std::size_t limit,
                  std::string_view path = {}) {
  if (strings.size() >= limit && !strings.contains(found.text.reveal())) return false;
  auto [entry, inserted] = strings.try_emplace(found.text.reveal());
  if (inserted) entry->second.text = std::move(found.text);
  entry->second.occurrences += found.occurrences;
  for (std::size_t i = 0; i < found.places.size(); ++i) {
    FileLocation& place = found.places[i];
    keep_place(entry->second, path.empty() ? std::string_view(place.path) : path, std::move(place),
               i == 0 ? &found : nullptr);
  }
  return true;
}

// What the workers share: the scan's limits and how much of them is used.
struct ScanBudget {
  const ConfigScanSettings& settings;
  std::atomic<std::size_t> credentials_kept{0};
};

// Keeps as many of `scan`'s credentials as the scan's budget has room for and counts the rest,
// with those past the per-file limit, as unlisted.
void keep_credentials(const FileToScan& file, TextScan& scan, ScanBudget& budget,
                      ConfigFacts& facts) {
  const std::size_t found = scan.credentials.size();
  const std::size_t limit = budget.settings.max_credentials;
  const std::size_t before = budget.credentials_kept.fetch_add(found);
  const std::size_t room = before >= limit ? 0 : std::min(found, limit - before);
  for (std::size_t i = room; i < found; ++i) ++scan.credentials_not_kept[scan.credentials[i].kind];
  scan.credentials.resize(room);
  std::move(scan.credentials.begin(), scan.credentials.end(),
            std::back_inserter(facts.credentials));
  for (const auto& [kind, count] : scan.credentials_not_kept)
    facts.unlisted_credentials.push_back({file.path, kind, count});
}

// What an infrastructure file exposes, into `facts` (a worker's own).
void keep_exposure(const FileToScan& file, std::string_view text,
                   const ConfigScanSettings& settings, ConfigFacts& facts) {
  ExposureScan exposure;
  try {
    exposure = settings.scan_infrastructure(file.path, text);
  } catch (...) {
    // As for the text scan: a bug met on one file costs that file's infrastructure facts.
    facts.infrastructure_unread.push_back({file.path, std::string(kInternalErrorReason)});
    return;
  }
  if (!exposure.recognised) return;
  // A file of which nothing could be read (too large, not parsed) is listed as unread, and is not
  // counted as read: the checks may not pass on it.
  const bool read_nothing = exposure.rules.empty() && exposure.endpoints.empty() &&
                            !exposure.server_config && exposure.embedded_configs.empty() &&
                            !exposure.problems.empty();
  if (!read_nothing) ++facts.infrastructure_files;
  std::move(exposure.rules.begin(), exposure.rules.end(), std::back_inserter(facts.network_rules));
  std::move(exposure.endpoints.begin(), exposure.endpoints.end(),
            std::back_inserter(facts.network_endpoints));
  if (exposure.server_config) facts.server_configs.push_back(std::move(*exposure.server_config));
  std::move(exposure.embedded_configs.begin(), exposure.embedded_configs.end(),
            std::back_inserter(facts.server_configs));
  for (std::string& problem : exposure.problems)
    facts.infrastructure_unread.push_back({file.path, std::move(problem)});
}

// The mongod and mongos command lines written in the file, into `facts` (a worker's own). One
// the infrastructure reader has read already, with the container it runs in (a command line of
// the official image, embedded_server_config.h), is not read again.
void keep_command_lines(const FileToScan& file, std::string_view text,
                        const std::vector<std::size_t>& program_offsets, ConfigFacts& facts) {
  if (program_offsets.empty() || !may_hold_command_lines(file.path)) return;
  const bool initdb_root_user = sets_initdb_root_user(text);
  const std::size_t read_before = facts.server_configs.size();
  std::size_t read_up_to = 0;
  for (const std::size_t offset : program_offsets) {
    // A word inside a command already read (`--dbpath /var/lib/mongod`) starts none.
    if (offset < read_up_to) continue;
    auto command = read_mongod_command_line(file.path, text, offset, initdb_root_user);
    if (!command) continue;
    // This file's configurations are the last ones kept before its command lines.
    bool read_with_container = false;
    for (std::size_t i = read_before; i > 0 && facts.server_configs[i - 1].path == file.path; --i) {
      const ServerConfigFile& read = facts.server_configs[i - 1];
      read_with_container =
          read_with_container || (read.command_line && read.line == command->line);
    }
    if (read_with_container) continue;
    read_up_to = text.find('\n', offset);
    if (!command->settings.empty()) {
      const int last_line = command->settings.back().line;
      for (int line = command->line; line < last_line && read_up_to != std::string_view::npos;
           ++line)
        read_up_to = text.find('\n', read_up_to + 1);
    }
    facts.server_configs.push_back(std::move(*command));
  }
}

// How many facts `facts` holds that a finding can be about a file for.
std::size_t facts_about_files(const ConfigFacts& facts) {
  return facts.credentials.size() + facts.unlisted_credentials.size() + facts.network_rules.size() +
         facts.network_endpoints.size() + facts.server_configs.size() +
         facts.infrastructure_unread.size();
}

// Scans one file read into `facts` (a worker's own), or records why it was skipped.
void scan_file(const FileToScan& file, const FileRead& read, ScanBudget& budget, ConfigFacts& facts,
               StringsByText& strings) {
  if (const auto* skipped = std::get_if<SkippedFile>(&read)) {
    facts.skipped.push_back(*skipped);
    return;
  }
  const std::string_view text = std::get<std::string_view>(read);
  if (std::memchr(text.data(), '\0', std::min(text.size(), kBinaryProbeBytes)) != nullptr) {
    facts.skipped.push_back({file.path, "binary"});
    return;
  }
  if (is_mongoscan_report(text)) {
    facts.skipped.push_back({file.path, "a mongoscan report"});
    return;
  }
  TextScan scan;
  try {
    scan = budget.settings.scan_text(file.path, text, budget.settings.per_file);
  } catch (...) {
    // A bug met on one file's bytes costs that file, not the scan. The exception's text is not
    // kept: it may quote the file.
    facts.skipped.push_back({file.path, std::string(kInternalErrorReason)});
    return;
  }
  ++facts.files_scanned;
  facts.bytes_scanned += text.size();
  const std::size_t facts_before = facts_about_files(facts);
  const bool strings_found = !scan.connection_strings.empty();
  // Decided only for a file that yields something: the framework probe costs a read of 64 KiB.
  std::optional<FileContext> context;
  const auto context_of_this_file = [&] {
    if (!context) context = context_of_file(file.path_below_root(), text);
    return *context;
  };
  if (std::any_of(scan.credentials.begin(), scan.credentials.end(),
                  [](const CredentialHit& hit) { return hit.on_documentation_host; }) &&
      context_of_this_file() != FileContext::test) {
    const auto dropped = std::erase_if(
        scan.credentials, [](const CredentialHit& hit) { return hit.on_documentation_host; });
    facts.suppressed_by_rule["documentation-example"] += dropped;
  }
  for (CredentialHit& hit : scan.credentials) hit.in_shipped_bundle = file.shipped_bundle;
  keep_credentials(file, scan, budget, facts);
  for (FoundConnectionString& found : scan.connection_strings) {
    if (!merge_string(strings, found, budget.settings.max_connection_strings, file.path))
      ++facts.connection_strings_not_kept;
  }
  for (const auto& [rule, count] : scan.suppressed_by_rule) {
    facts.suppressed_by_rule[std::string(rule)] += count;
  }
  if (may_be_infrastructure(file.path)) keep_exposure(file, text, budget.settings, facts);
  keep_command_lines(file, text, scan.server_program_offsets, facts);
  // Only the files findings can be about are kept: memory follows what was found, not the tree.
  if (strings_found || facts_about_files(facts) != facts_before) {
    if (context_of_this_file() != FileContext::production)
      facts.file_contexts.emplace(file.path, *context);
  }
}

// How many listed files may wait for a worker: each may hold its directory open, so a quarter of
// the process's descriptor limit, at most 256 and at least 8.
std::size_t queued_files_limit() {
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 256;
  return std::clamp<std::size_t>(static_cast<std::size_t>(limit.rlim_cur / 4), 8, 256);
}

// How many files the walk hands over at once: one lock and at most one wake-up per batch rather
// than per file.
constexpr std::size_t kBatchFiles = 32;

using FileBatch = std::vector<FileToScan>;

// Batches of files the walk has listed and workers have not taken yet. The walk waits while the
// queue holds its limit of files, and is woken once it has drained to half of it.
class FileQueue {
 public:
  void push(FileBatch batch) {
    {
      std::unique_lock lock(mutex_);
      walk_waiting_ = true;
      room_.wait(lock, [&] { return queued_files_ + batch.size() <= max_queued_; });
      walk_waiting_ = false;
      queued_files_ += batch.size();
      batches_.push_back(std::move(batch));
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
  // The next batch, or nullopt once the queue is closed and empty.
  std::optional<FileBatch> pop() {
    std::optional<FileBatch> batch;
    bool wake_walk = false;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return closed_ || !batches_.empty(); });
      if (batches_.empty()) return std::nullopt;
      batch = std::move(batches_.front());
      batches_.pop_front();
      queued_files_ -= batch->size();
      wake_walk = walk_waiting_ && queued_files_ <= max_queued_ / 2;
    }
    if (wake_walk) room_.notify_one();
    return batch;
  }

  std::size_t batch_files() const { return std::min(kBatchFiles, max_queued_ / 2); }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::condition_variable room_;
  std::deque<FileBatch> batches_;
  std::size_t queued_files_ = 0;
  const std::size_t max_queued_ = queued_files_limit();
  bool walk_waiting_ = false;
  bool closed_ = false;
};

void merge_strings(StringsByText& strings, StringsByText& part) {
  for (auto& [text, found] : part) merge_string(strings, found, SIZE_MAX);
}

void merge_into(ConfigFacts& facts, ConfigFacts& part) {
  facts.files_scanned += part.files_scanned;
  facts.bytes_scanned += part.bytes_scanned;
  facts.connection_strings_not_kept += part.connection_strings_not_kept;
  std::move(part.unlisted_credentials.begin(), part.unlisted_credentials.end(),
            std::back_inserter(facts.unlisted_credentials));
  std::move(part.skipped.begin(), part.skipped.end(), std::back_inserter(facts.skipped));
  std::move(part.credentials.begin(), part.credentials.end(),
            std::back_inserter(facts.credentials));
  for (const auto& [rule, count] : part.suppressed_by_rule) facts.suppressed_by_rule[rule] += count;
  facts.infrastructure_files += part.infrastructure_files;
  std::move(part.network_rules.begin(), part.network_rules.end(),
            std::back_inserter(facts.network_rules));
  std::move(part.network_endpoints.begin(), part.network_endpoints.end(),
            std::back_inserter(facts.network_endpoints));
  std::move(part.server_configs.begin(), part.server_configs.end(),
            std::back_inserter(facts.server_configs));
  std::move(part.infrastructure_unread.begin(), part.infrastructure_unread.end(),
            std::back_inserter(facts.infrastructure_unread));
  facts.file_contexts.merge(part.file_contexts);
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
  ScanBudget budget{settings};
  std::vector<ConfigFacts> parts(threads);
  std::vector<StringsByText> strings_parts(threads);
  {
    std::vector<std::jthread> workers;
    for (std::size_t i = 0; i < threads; ++i) {
      workers.emplace_back([&, i] {
        FileReader reader(settings.walk.max_file_bytes, queue.batch_files());
        while (auto batch = queue.pop()) {
          reader.read(*batch, [&](const FileToScan& file, const FileRead& read) {
            scan_file(file, read, budget, parts[i], strings_parts[i]);
          });
        }
      });
    }
    FileBatch batch;
    walk_paths(
        roots, settings.walk,
        [&](FileToScan file) {
          batch.push_back(std::move(file));
          if (batch.size() == queue.batch_files()) queue.push(std::exchange(batch, {}));
        },
        facts.skipped);
    if (!batch.empty()) queue.push(std::move(batch));
    queue.close();
  }
  for (ConfigFacts& part : parts) merge_into(facts, part);
  StringsByText strings;
  for (StringsByText& part : strings_parts) merge_strings(strings, part);
  for (auto& [text, found] : strings) facts.connection_strings.push_back(std::move(found));
  std::stable_sort(facts.unlisted_credentials.begin(), facts.unlisted_credentials.end(),
                   [](const UnlistedCredentials& a, const UnlistedCredentials& b) {
                     return std::tie(a.path, a.kind) < std::tie(b.path, b.kind);
                   });
  std::stable_sort(facts.skipped.begin(), facts.skipped.end(),
                   [](const SkippedFile& a, const SkippedFile& b) { return a.path < b.path; });
  std::stable_sort(facts.infrastructure_unread.begin(), facts.infrastructure_unread.end(),
                   [](const SkippedFile& a, const SkippedFile& b) { return a.path < b.path; });
  std::stable_sort(
      facts.network_rules.begin(), facts.network_rules.end(),
      [](const auto& a, const auto& b) { return by_location(a.location, b.location); });
  std::stable_sort(
      facts.network_endpoints.begin(), facts.network_endpoints.end(),
      [](const auto& a, const auto& b) { return by_location(a.location, b.location); });
  std::stable_sort(facts.server_configs.begin(), facts.server_configs.end(),
                   [](const auto& a, const auto& b) { return a.path < b.path; });
  std::stable_sort(
      facts.credentials.begin(), facts.credentials.end(),
      [](const auto& a, const auto& b) { return by_location(a.location, b.location); });
  std::stable_sort(
      facts.connection_strings.begin(), facts.connection_strings.end(),
      [](const auto& a, const auto& b) { return by_location(a.places.front(), b.places.front()); });
  // Workers each kept up to the limit: the first in path order are kept.
  if (facts.connection_strings.size() > settings.max_connection_strings) {
    facts.connection_strings_not_kept +=
        facts.connection_strings.size() - settings.max_connection_strings;
    facts.connection_strings.resize(settings.max_connection_strings);
  }
  return facts;
}

}  // namespace mongoscan
