#include "scanner/config_scan/file_reader.h"

#include <fcntl.h>
#include <liburing.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "scanner/posix/unique_fd.h"

namespace mongoscan {
namespace {

// What the ring reads of each file first: most source and config files are smaller, and the few
// that fill it are read again whole with plain calls.
constexpr std::size_t kFirstReadBytes = 64 * 1024;
// Non-blocking: a FIFO swapped in after the listing cannot stall the open or a read. The ring
// still reads regular files whole: it retries in the background where the file system supports
// it, and answers EAGAIN (then read with plain calls) where not.
constexpr int kOpenFlags = O_RDONLY | O_NONBLOCK | O_NOCTTY;

SkippedFile unreadable(const FileToScan& file, int error) {
  return {file.path, std::string("unreadable: ") + std::strerror(error)};
}

// Per file, the ring's three requests: open into the file's slot of the ring's file table, read
// into its slot of the buffer, close. Their user data: the file's index times three, plus which.
enum Step : std::uint64_t { kOpen, kRead, kClose, kSteps };

}  // namespace

struct FileReader::Ring {
  io_uring ring{};
  bool initialised = false;

  ~Ring() {
    if (initialised) io_uring_queue_exit(&ring);
  }

  // A ring with room for every request of `files` files and a table of as many direct
  // descriptors; null when the kernel refuses either.
  static std::unique_ptr<Ring> open(std::size_t files) {
    auto ring = std::make_unique<Ring>();
    ring->initialised =
        io_uring_queue_init(static_cast<unsigned>(files * kSteps), &ring->ring, 0) == 0;
    if (!ring->initialised ||
        io_uring_register_files_sparse(&ring->ring, static_cast<unsigned>(files)) != 0) {
      return nullptr;
    }
    return ring;
  }
};

FileReader::FileReader(std::uint64_t max_file_bytes, std::size_t batch_files, ReadMethod method)
    : max_file_bytes_(max_file_bytes),
      batch_files_(std::max<std::size_t>(batch_files, 1)),
      // One byte more than the limit: a file that fills it is too large.
      first_read_bytes_(max_file_bytes < kFirstReadBytes ? max_file_bytes + 1 : kFirstReadBytes) {
  if (method == ReadMethod::io_uring) ring_ = Ring::open(batch_files_);
  if (ring_) slots_ = std::make_unique_for_overwrite<char[]>(batch_files_ * first_read_bytes_);
}

FileReader::~FileReader() = default;

ReadMethod FileReader::method() const { return ring_ ? ReadMethod::io_uring : ReadMethod::plain; }

std::string_view FileReader::slot_text(std::size_t slot, std::size_t size) const {
  return {slots_.get() + slot * first_read_bytes_, size};
}

void FileReader::read(std::span<const FileToScan> files, const OnFileRead& on_read) {
  for (std::size_t first = 0; first < files.size(); first += batch_files_) {
    const auto batch = files.subspan(first, std::min(batch_files_, files.size() - first));
    if (ring_ && read_through_ring(batch, on_read)) continue;
    for (const FileToScan& file : batch) on_read(file, read_plainly(file));
  }
}

// Opens, reads and closes every file of `files` with one submission, then hands each its text. A
// file that filled its slot may be larger: it is read again whole. False, with nothing handed
// over, when the ring did not take the requests.
bool FileReader::read_through_ring(std::span<const FileToScan> files, const OnFileRead& on_read) {
  io_uring& ring = ring_->ring;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto slot = static_cast<unsigned>(i);
    io_uring_sqe* open = io_uring_get_sqe(&ring);
    io_uring_prep_openat_direct(open, files[i].directory_fd(), files[i].name(), kOpenFlags, 0,
                                slot);
    open->flags |= IOSQE_IO_LINK;  // no read of a file that did not open
    io_uring_sqe_set_data64(open, i * kSteps + kOpen);
    io_uring_sqe* read = io_uring_get_sqe(&ring);
    io_uring_prep_read(read, slot, slots_.get() + i * first_read_bytes_,
                       static_cast<unsigned>(first_read_bytes_), 0);
    // A short read, the usual end of a small file, breaks a plain link: the close must run anyway.
    read->flags |= IOSQE_FIXED_FILE | IOSQE_IO_HARDLINK;
    io_uring_sqe_set_data64(read, i * kSteps + kRead);
    io_uring_sqe* close = io_uring_get_sqe(&ring);
    io_uring_prep_close_direct(close, slot);
    io_uring_sqe_set_data64(close, i * kSteps + kClose);
  }
  const std::size_t expected = files.size() * kSteps;
  int submitted;
  do {
    submitted = io_uring_submit(&ring);
  } while (submitted == -EINTR);
  std::vector<int> opened(files.size(), 0);
  std::vector<int> read_bytes(files.size(), 0);
  std::size_t seen = 0;
  while (seen < static_cast<std::size_t>(std::max(submitted, 0))) {
    io_uring_cqe* completion = nullptr;
    const int waited = io_uring_wait_cqe(&ring, &completion);
    if (waited == -EINTR) continue;
    if (waited != 0) break;
    const std::uint64_t data = io_uring_cqe_get_data64(completion);
    const std::size_t file = data / kSteps;
    if (data % kSteps == kOpen) opened[file] = completion->res;
    if (data % kSteps == kRead) read_bytes[file] = completion->res;
    io_uring_cqe_seen(&ring, completion);
    ++seen;
  }
  if (seen != expected) {
    // The kernel took only part of the batch (short of memory) or the wait failed: the ring is
    // given up, with the requests it did not take, and plain calls read on.
    ring_.reset();
    return false;
  }

  for (std::size_t i = 0; i < files.size(); ++i) {
    if (opened[i] < 0) {
      on_read(files[i], unreadable(files[i], -opened[i]));
    } else if (read_bytes[i] < 0 && read_bytes[i] != -EAGAIN) {
      on_read(files[i], unreadable(files[i], -read_bytes[i]));
    } else if (read_bytes[i] < 0 || static_cast<std::size_t>(read_bytes[i]) == first_read_bytes_) {
      on_read(files[i], read_plainly(files[i]));
    } else {
      on_read(files[i], slot_text(i, static_cast<std::size_t>(read_bytes[i])));
    }
  }
  return true;
}

// Opens the file, sizes it, and reads it whole unless it is larger than the limit.
FileRead FileReader::read_plainly(const FileToScan& file) {
  const UniqueFd fd(::openat(file.directory_fd(), file.name(), kOpenFlags | O_CLOEXEC));
  struct stat status;
  if (fd.get() < 0 || ::fstat(fd.get(), &status) != 0) return unreadable(file, errno);
  const auto size = static_cast<std::uint64_t>(status.st_size);
  if (size > max_file_bytes_) {
    return SkippedFile{file.path, "larger than " + std::to_string(max_file_bytes_) +
                                      " bytes (size " + std::to_string(size) + ")"};
  }
  if (!whole_.reserve(size)) return unreadable(file, ENOMEM);
  std::size_t filled = 0;
  while (filled < size) {
    const ssize_t got = ::read(fd.get(), whole_.data() + filled, size - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && errno == EAGAIN) break;
    if (got < 0) return unreadable(file, errno);
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  return std::string_view(whole_.data(), filled);
}

}  // namespace mongoscan
