#pragma once
// The findings of a report, in report order. Held in memory (a report read back, a test's), or
// spooled: each finding's record in a file (spool_file.h) and 24 bytes of it in memory, so that a
// scan's memory does not grow with its findings (a 5,000-node scan has a quarter of a million).
// Either way they read the same, finding for finding.
//
// Reading a spooled finding decodes it: a reference from iterating is valid only until the
// iterator moves on. A reader that keeps pointers to findings (a table grouping them) reads
// them through in_memory(), which holds them all.

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "reports/reported_finding.h"
#include "reports/spool_file.h"
#include "reports/status_counts.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// A spooled finding that cannot be read back (an I/O error of the temporary file, a record that
// does not decode): the scan cannot write its reports.
class SpoolReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ReportedFindings {
 public:
  class const_iterator;
  class Reader;

  ReportedFindings() = default;
  ReportedFindings(std::initializer_list<ReportedFinding> findings);
  // Findings spooled to a new file in `directory` (SpoolFile::create).
  static Result<ReportedFindings> spooled(std::string directory = "");

  bool is_spooled() const { return spool_ != nullptr; }

  // Where a spooled finding's record is, and what stays in memory of it.
  struct Record {
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    std::uint32_t spec = 0;         // index in specs_
    std::uint32_t environment = 0;  // index in environments_
    bool gates = false;
    CountedAs counted_as = CountedAs::pass;
  };

  // Adds a finding at the end. Spooled, a finding that cannot be written is not added, and the
  // first such error is kept: append_error().
  void push_back(ReportedFinding finding);
  // Spooled only: writes a finding to the spool ahead of its place, which append_record() gives it
  // later (a node's findings are written as soon as it is judged, placed once the report is
  // built). Nothing when it cannot be written (append_error()).
  std::optional<Record> write_ahead(const ReportedFinding& finding);
  void append_record(const Record& record);
  const std::optional<Error>& append_error() const { return append_error_; }
  // Adds every finding of `from` at the end, moved when it holds them in memory.
  void append_all(ReportedFindings&& from);

  std::size_t size() const { return spool_ ? entries_.size() : items_.size(); }
  bool empty() const { return size() == 0; }
  // Room for `count` findings (in memory only: a spool's index grows as it is written).
  void reserve(std::size_t count);

  const_iterator begin() const;
  const_iterator end() const;

  // Every finding, in memory, at stable addresses: the findings themselves, or (spooled) all of
  // them read back once and kept. Throws SpoolReadError.
  const std::vector<ReportedFinding>& in_memory() const;
  const ReportedFinding& operator[](std::size_t index) const { return in_memory()[index]; }
  const ReportedFinding& front() const { return in_memory().front(); }
  const ReportedFinding& back() const { return in_memory().back(); }
  // Every finding, to change: a spooled container reads its findings back and holds them in
  // memory from then on. Throws SpoolReadError.
  std::vector<ReportedFinding>& held();
  ReportedFinding& operator[](std::size_t index) { return held()[index]; }
  // Sets whether the finding at `index` fails the gate.
  void set_gates(std::size_t index, bool gates);

  // Each environment's findings counted by status (count_status; an environment without findings
  // has none), kept as findings are added: no pass over them. Counted again, once, after held()
  // gave them out to change.
  const std::map<std::string, StatusCounts, std::less<>>& counts_by_environment() const;

 private:
  // The spooled finding `index`, read from `chunk` (a piece of the spool starting at
  // `*chunk_offset`, read anew when the record is not in it). Throws SpoolReadError.
  std::unique_ptr<ReportedFinding> read(std::size_t index, std::string& chunk,
                                        std::uint64_t& chunk_offset) const;
  // Counts the finding in its environment's counts (which must be kept: counts_).
  void add_to_counts(const ReportedFinding& finding) const;

  std::vector<ReportedFinding> items_;  // in memory
  // Spooled: the file, each finding's entry, and each check's spec once.
  std::shared_ptr<SpoolFile> spool_;
  std::vector<Record> entries_;
  std::vector<SharedCheckSpec> specs_;
  std::unordered_map<const CheckSpec*, std::uint32_t> spec_index_;
  std::vector<std::string> environments_;  // each record's environment, once
  std::map<std::string, std::uint32_t, std::less<>> environment_index_;
  // None: to count again (held() gave the findings out).
  mutable std::optional<std::map<std::string, StatusCounts, std::less<>>> counts_{std::in_place};
  std::optional<Error> append_error_;
  std::string record_;  // the record being written, its buffer reused
  mutable std::optional<std::vector<ReportedFinding>> read_back_;  // in_memory() of a spool

  friend class const_iterator;
};

// Reads the findings in order. Copies share their position's decoded finding.
class ReportedFindings::const_iterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = ReportedFinding;
  using difference_type = std::ptrdiff_t;
  using pointer = const ReportedFinding*;
  using reference = const ReportedFinding&;

  const_iterator() = default;

  reference operator*() const;
  pointer operator->() const { return &**this; }
  const_iterator& operator++() {
    ++index_;
    return *this;
  }
  const_iterator operator++(int) {
    const_iterator before = *this;
    ++index_;
    return before;
  }
  bool operator==(const const_iterator& other) const { return index_ == other.index_; }

 private:
  friend class ReportedFindings;
  friend class ReportedFindings::Reader;
  // What a spooled iterator decoded last, and the piece of the spool it read.
  struct Cursor {
    std::size_t index = static_cast<std::size_t>(-1);
    std::unique_ptr<ReportedFinding> finding;
    std::string chunk;
    std::uint64_t chunk_offset = 0;
  };
  const_iterator(const ReportedFindings* owner, std::size_t index)
      : owner_(owner), index_(index), cursor_(std::make_shared<Cursor>()) {}

  const ReportedFindings* owner_ = nullptr;
  std::size_t index_ = 0;
  std::shared_ptr<Cursor> cursor_;
};

// Reads findings by index, in any order: a writer that groups findings keeps their indexes, not
// the findings. A reference is valid until the next read. Throws SpoolReadError.
class ReportedFindings::Reader {
 public:
  explicit Reader(const ReportedFindings& findings) : at_(findings.begin()) {}
  const ReportedFinding& operator[](std::size_t index);

 private:
  const_iterator at_;
};

}  // namespace mongoscan
