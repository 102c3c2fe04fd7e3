#pragma once
// Reads the files a walk lists (file_walk.h), a batch at a time. Through io_uring where the kernel
// allows it: one system call opens, reads and closes a whole batch of small files, where plain
// calls take three or four per file (what a scan of a tree of small files mostly pays for). With
// plain calls where io_uring is refused (old kernels, seccomp profiles) and for files larger than
// a first read.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <variant>

#include "scanner/config_scan/file_walk.h"
#include "scanner/posix/growing_buffer.h"

namespace mongoscan {

enum class ReadMethod { io_uring, plain };

// A file's text, or why it was skipped: "unreadable: Permission denied", "larger than 10485760
// bytes (size 2147483648)".
using FileRead = std::variant<std::string_view, SkippedFile>;
using OnFileRead = std::function<void(const FileToScan&, const FileRead&)>;

class FileReader {
 public:
  // Files larger than max_file_bytes are skipped; read() takes at most batch_files files. Asked
  // for io_uring, it uses plain calls when the kernel refuses a ring.
  FileReader(std::uint64_t max_file_bytes, std::size_t batch_files,
             ReadMethod method = ReadMethod::io_uring);
  ~FileReader();
  FileReader(const FileReader&) = delete;
  FileReader& operator=(const FileReader&) = delete;

  ReadMethod method() const;

  // Reads `files` (at most batch_files) and calls on_read for each, in their order. A file that
  // grows while it is read is read as far as its size when first looked at, or as one first read;
  // a text is valid until on_read returns. A FIFO or device swapped in for a listed file is opened
  // non-blocking and reads as empty.
  void read(std::span<const FileToScan> files, const OnFileRead& on_read);

 private:
  struct Ring;

  std::string_view slot_text(std::size_t slot, std::size_t size) const;
  FileRead read_plainly(const FileToScan& file);
  bool read_through_ring(std::span<const FileToScan> files, const OnFileRead& on_read);

  std::uint64_t max_file_bytes_;
  std::size_t batch_files_;
  std::size_t first_read_bytes_;   // what the ring reads of each file: larger ones are read again
  std::unique_ptr<char[]> slots_;  // batch_files_ slots of first_read_bytes_
  GrowingBuffer whole_;            // a whole file read with plain calls
  std::unique_ptr<Ring> ring_;  // null: plain calls
};

}  // namespace mongoscan
