#pragma once
// A file the process appends records to and reads them back from, so that what a large scan
// holds is on disk, not in memory (reported_findings.h). It has no name (O_TMPFILE in $TMPDIR,
// else /tmp; where the file system lacks O_TMPFILE, a file created 0600 and unlinked at once), so
// it disappears with the process, also when the process is killed.

#include <cstdint>
#include <string>
#include <string_view>

#include "scanner/errors/result.h"
#include "scanner/posix/unique_fd.h"

namespace mongoscan {

class SpoolFile {
 public:
  // In `directory` (default: $TMPDIR, else /tmp). The error names the directory and the reason.
  static Result<SpoolFile> create(std::string directory = "");

  // Appends `bytes` (through a buffer of its own); returns where they start.
  Result<std::uint64_t> append(std::string_view bytes);
  // The `size` bytes at `offset`, into `out` (replacing what it held); appended bytes not yet
  // written to the file are read from the buffer.
  Result<Ok> read(std::uint64_t offset, std::size_t size, std::string& out) const;
  // Bytes appended so far.
  std::uint64_t size() const { return written_ + pending_.size(); }

 private:
  explicit SpoolFile(UniqueFd fd) : fd_(std::move(fd)) {}
  Result<Ok> flush();

  UniqueFd fd_;
  std::uint64_t written_ = 0;  // bytes in the file
  std::string pending_;        // appended, not yet written
};

}  // namespace mongoscan
