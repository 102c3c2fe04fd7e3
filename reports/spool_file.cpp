#include "reports/spool_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace mongoscan {
namespace {

// Appends are written to the file in pieces of this size.
constexpr std::size_t kWriteBufferBytes = 256 * 1024;

Error spool_error(std::string_view what, int error_number) {
  return Error{ErrorCode::io, "findings",
               "the scan's temporary findings file: " + std::string(what) + ": " +
                   std::strerror(error_number)};
}

}  // namespace

Result<SpoolFile> SpoolFile::create(std::string directory) {
  if (directory.empty()) {
    const char* tmpdir = std::getenv("TMPDIR");
    directory = tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp";
  }
  int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    std::string name = directory + "/.mongoscan-findings-XXXXXX";
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0) ::unlink(name.c_str());
  }
  if (fd < 0) return spool_error("cannot create it in " + directory, errno);
  return SpoolFile(UniqueFd(fd));
}

Result<std::uint64_t> SpoolFile::append(std::string_view bytes) {
  const std::uint64_t at = size();
  pending_.append(bytes);
  if (pending_.size() >= kWriteBufferBytes) {
    if (auto flushed = flush(); !flushed) return flushed.error();
  }
  return at;
}

Result<Ok> SpoolFile::flush() {
  std::size_t done = 0;
  while (done < pending_.size()) {
    const ssize_t wrote = ::pwrite(fd_.get(), pending_.data() + done, pending_.size() - done,
                                   static_cast<off_t>(written_ + done));
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return spool_error("cannot write it", wrote < 0 ? errno : ENOSPC);
    done += static_cast<std::size_t>(wrote);
  }
  written_ += pending_.size();
  pending_.clear();
  return Ok{};
}

Result<Ok> SpoolFile::read(std::uint64_t offset, std::size_t size, std::string& out) const {
  if (offset + size > this->size()) return spool_error("a read past its end", EINVAL);
  out.resize(size);
  std::size_t done = 0;
  // What is still in the file: up to `written_`.
  while (done < size && offset + done < written_) {
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(size - done, written_ - offset - done));
    const ssize_t got =
        ::pread(fd_.get(), out.data() + done, want, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return spool_error("cannot read it", got < 0 ? errno : EIO);
    done += static_cast<std::size_t>(got);
  }
  if (done < size) {
    // The rest is in the buffer.
    const std::size_t from = static_cast<std::size_t>(offset + done - written_);
    std::memcpy(out.data() + done, pending_.data() + from, size - done);
  }
  return Ok{};
}

}  // namespace mongoscan
