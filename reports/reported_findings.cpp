#include "reports/reported_findings.h"

#include <algorithm>

#include "reports/finding_record.h"

namespace mongoscan {
namespace {

// A spooled iterator reads the file in pieces: one of kJumpReadBytes where it jumps (a writer
// that groups findings reads a node's few dozen, ~40 KB, then jumps: a longer read would be copied
// for nothing), doubling up to kLongestReadBytes while it reads on in order.
constexpr std::size_t kJumpReadBytes = 64 * 1024;
constexpr std::size_t kLongestReadBytes = 1024 * 1024;

}  // namespace

Result<ReportedFindings> ReportedFindings::spooled(std::string directory) {
  auto file = SpoolFile::create(std::move(directory));
  if (!file) return file.error();
  ReportedFindings findings;
  findings.spool_ = std::make_shared<SpoolFile>(std::move(file).value());
  return findings;
}

static_assert(sizeof(ReportedFindings::Record) == 24, "what a spooled finding keeps in memory");

ReportedFindings::ReportedFindings(std::initializer_list<ReportedFinding> findings)
    : items_(findings) {
  for (const ReportedFinding& finding : items_) add_to_counts(finding);
}

void ReportedFindings::push_back(ReportedFinding finding) {
  if (!spool_) {
    if (counts_) add_to_counts(finding);
    items_.push_back(std::move(finding));
    return;
  }
  if (const auto record = write_ahead(finding)) {
    append_record(*record);
    if (read_back_) read_back_->push_back(std::move(finding));
  }
}

std::optional<ReportedFindings::Record> ReportedFindings::write_ahead(
    const ReportedFinding& finding) {
  if (append_error_) return std::nullopt;
  record_.clear();
  append_finding_record(record_, finding.finding, finding.environment);
  auto offset = spool_->append(record_);
  if (!offset) {
    append_error_ = offset.error();
    return std::nullopt;
  }
  const auto [known, added] =
      spec_index_.try_emplace(finding.spec.get(), static_cast<std::uint32_t>(specs_.size()));
  if (added) specs_.push_back(finding.spec);
  auto environment = environment_index_.find(finding.environment);
  if (environment == environment_index_.end()) {
    environment =
        environment_index_
            .try_emplace(finding.environment, static_cast<std::uint32_t>(environments_.size()))
            .first;
    environments_.push_back(finding.environment);
  }
  return Record{offset.value(), static_cast<std::uint32_t>(record_.size()),
                known->second,  environment->second,
                finding.gates,  counted_as(finding.finding)};
}

void ReportedFindings::append_record(const Record& record) {
  entries_.push_back(record);
  if (counts_) {
    count(record.counted_as, counts_->try_emplace(environments_[record.environment]).first->second);
  }
  read_back_.reset();  // read again, with it, when asked
}

void ReportedFindings::append_all(ReportedFindings&& from) {
  if (from.spool_) {
    for (const ReportedFinding& finding : from) push_back(finding);
    return;
  }
  for (ReportedFinding& finding : from.items_) push_back(std::move(finding));
  from.items_.clear();
}

void ReportedFindings::reserve(std::size_t count) {
  if (!spool_) items_.reserve(count);
}

ReportedFindings::const_iterator ReportedFindings::begin() const { return {this, 0}; }
ReportedFindings::const_iterator ReportedFindings::end() const { return {this, size()}; }

std::unique_ptr<ReportedFinding> ReportedFindings::read(std::size_t index, std::string& chunk,
                                                        std::uint64_t& chunk_offset) const {
  const Record& entry = entries_[index];
  if (entry.offset < chunk_offset || entry.offset + entry.length > chunk_offset + chunk.size()) {
    const bool reads_on = !chunk.empty() && entry.offset >= chunk_offset &&
                          entry.offset <= chunk_offset + chunk.size();
    const std::size_t piece =
        reads_on ? std::min(2 * chunk.size(), kLongestReadBytes) : kJumpReadBytes;
    const std::uint64_t size = std::min<std::uint64_t>(std::max<std::uint64_t>(entry.length, piece),
                                                       spool_->size() - entry.offset);
    if (auto read = spool_->read(entry.offset, static_cast<std::size_t>(size), chunk); !read)
      throw SpoolReadError(read.error().message);
    chunk_offset = entry.offset;
  }
  auto finding = std::make_unique<ReportedFinding>();
  const std::string_view record(chunk.data() + (entry.offset - chunk_offset), entry.length);
  if (auto decoded = read_finding_record(record, finding->finding, finding->environment); !decoded)
    throw SpoolReadError(decoded.error().message);
  finding->spec = specs_[entry.spec];
  finding->gates = entry.gates;
  return finding;
}

const std::vector<ReportedFinding>& ReportedFindings::in_memory() const {
  if (!spool_) return items_;
  if (!read_back_) {
    std::vector<ReportedFinding> all;
    all.reserve(entries_.size());
    std::string chunk;
    std::uint64_t chunk_offset = 0;
    for (std::size_t i = 0; i < entries_.size(); ++i)
      all.push_back(std::move(*read(i, chunk, chunk_offset)));
    read_back_ = std::move(all);
  }
  return *read_back_;
}

const std::map<std::string, StatusCounts, std::less<>>& ReportedFindings::counts_by_environment()
    const {
  if (!counts_) {
    counts_.emplace();
    for (const ReportedFinding& finding : *this) add_to_counts(finding);
  }
  return *counts_;
}

void ReportedFindings::add_to_counts(const ReportedFinding& finding) const {
  count_status(finding.finding, counts_->try_emplace(finding.environment).first->second);
}

std::vector<ReportedFinding>& ReportedFindings::held() {
  counts_.reset();  // what is given out to change is counted again when asked
  if (spool_) {
    in_memory();
    items_ = std::move(*read_back_);
    read_back_.reset();
    spool_.reset();
    entries_.clear();
    specs_.clear();
    spec_index_.clear();
    environments_.clear();
    environment_index_.clear();
  }
  return items_;
}

void ReportedFindings::set_gates(std::size_t index, bool gates) {
  if (!spool_) {
    items_[index].gates = gates;
    return;
  }
  entries_[index].gates = gates;
  if (read_back_) (*read_back_)[index].gates = gates;
}

ReportedFindings::const_iterator::reference ReportedFindings::const_iterator::operator*() const {
  if (!owner_->spool_) return owner_->items_[index_];
  if (owner_->read_back_) return (*owner_->read_back_)[index_];
  if (cursor_->index != index_) {
    cursor_->finding = owner_->read(index_, cursor_->chunk, cursor_->chunk_offset);
    cursor_->index = index_;
  }
  return *cursor_->finding;
}

const ReportedFinding& ReportedFindings::Reader::operator[](std::size_t index) {
  at_.index_ = index;
  return *at_;
}

}  // namespace mongoscan
