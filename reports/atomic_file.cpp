#include "reports/atomic_file.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <streambuf>
#include <system_error>

namespace mongoscan {
namespace {

constexpr mode_t kNewFileMode = 0644;

Error io_error(const std::string& path, int error_number) {
  return Error{ErrorCode::io, "report",
               path + ": " + std::generic_category().message(error_number)};
}

// The process umask, read without changing it (Linux 4.7+); 022 if the kernel does not say.
mode_t current_umask() {
  FILE* status = std::fopen("/proc/self/status", "re");
  if (status == nullptr) return 022;
  unsigned int mask = 022;
  char line[256];
  while (std::fgets(line, sizeof line, status) != nullptr) {
    if (std::sscanf(line, "Umask: %o", &mask) == 1) break;
  }
  std::fclose(status);
  return static_cast<mode_t>(mask);
}

mode_t mode_for(const std::string& path) {
  struct stat existing {};
  if (::stat(path.c_str(), &existing) == 0 && S_ISREG(existing.st_mode)) {
    return existing.st_mode & 07777;
  }
  return kNewFileMode & ~current_umask();
}

// An ostream's buffer that writes to a file descriptor; the first failed write's errno is kept
// and nothing more is written.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_; }
  int flush() { return sync() == 0 ? 0 : error_; }

 protected:
  int_type overflow(int_type c) override {
    if (sync() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override {
    std::string_view pending(pbase(), static_cast<std::size_t>(pptr() - pbase()));
    while (error_ == 0 && !pending.empty()) {
      const ssize_t written = ::write(fd_, pending.data(), pending.size());
      if (written < 0 && errno == EINTR) continue;
      if (written <= 0) {
        error_ = written == 0 ? EIO : errno;
        break;
      }
      pending.remove_prefix(static_cast<std::size_t>(written));
    }
    setp(buffer_, buffer_ + sizeof buffer_);
    return error_ == 0 ? 0 : -1;
  }

 private:
  int fd_;
  int error_ = 0;
  char buffer_[64 * 1024];
};

// Gives the temporary file its mode and content and syncs it: 0, or the errno of the failing step.
int fill(int fd, mode_t mode, const std::function<void(std::ostream&)>& write) {
  if (::fchmod(fd, mode) != 0) return errno;
  auto buffer = std::make_unique<DescriptorBuffer>(fd);
  std::ostream out(buffer.get());
  write(out);
  if (const int error = buffer->flush(); error != 0) return error;
  return ::fsync(fd) == 0 ? 0 : errno;
}

// Makes the rename itself durable; the new file is already in place, so failures are not reported.
void sync_directory(const std::string& directory) {
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Replaces the template's trailing XXXXXX with random letters and digits.
void fill_template(std::string& name) {
  static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  unsigned char random[6] = {};
  if (::getrandom(random, sizeof random, 0) != sizeof random) {
    const auto now =
        static_cast<unsigned long>(std::chrono::steady_clock::now().time_since_epoch().count());
    for (std::size_t i = 0; i < sizeof random; ++i)
      random[i] = static_cast<unsigned char>(now >> (8 * i));
  }
  for (std::size_t i = 0; i < sizeof random; ++i)
    name[name.size() - sizeof random + i] = kChars[random[i] % (sizeof kChars - 1)];
}

// Gives the unnamed file `fd` (O_TMPFILE) a free name made from the template `temporary`
// (".<name>.tmpXXXXXX"), which it fills in. 0, or the errno of the failure.
int link_unnamed(int fd, std::string& temporary) {
  const std::string source = "/proc/self/fd/" + std::to_string(fd);
  const std::string pattern = temporary;
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = pattern;
    fill_template(temporary);
    if (::linkat(AT_FDCWD, source.c_str(), AT_FDCWD, temporary.c_str(), AT_SYMLINK_FOLLOW) == 0)
      return 0;
    if (errno != EEXIST) return errno;
  }
  return EEXIST;
}

// A device, FIFO or socket named as the file (`-o /dev/null`, a named pipe) is written in place:
// renaming over it would put a regular file where it was.
Result<Ok> write_in_place(const std::string& path,
                          const std::function<void(std::ostream&)>& write) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return io_error(path, errno);
  auto buffer = std::make_unique<DescriptorBuffer>(fd);
  std::ostream out(buffer.get());
  write(out);
  int error_number = buffer->flush();
  if (::close(fd) != 0 && error_number == 0) error_number = errno;
  if (error_number != 0) return io_error(path, error_number);
  return Ok{};
}

}  // namespace

Result<Ok> write_file_atomically(const std::string& path, std::string_view content) {
  return write_file_atomically(path, [content](std::ostream& out) { out << content; });
}

Result<Ok> write_file_atomically(const std::string& path,
                                 const std::function<void(std::ostream&)>& write) {
  if (struct stat existing{}; ::stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
    if (S_ISDIR(existing.st_mode)) return io_error(path, EISDIR);
    return write_in_place(path, write);
  }
  const std::filesystem::path target(path);
  const std::string directory =
      target.has_parent_path() ? target.parent_path().string() : std::string(".");
  const std::string pattern = directory + "/." + target.filename().string() + ".tmpXXXXXX";
  std::string temporary = pattern;
  const mode_t mode = mode_for(path);

  // Unnamed until it is complete (O_TMPFILE): a process killed while writing leaves nothing
  // behind. Where the file system has no O_TMPFILE, or the complete file cannot be given a name
  // (no /proc), the file is named from the start.
  int error_number = 0;
  bool named = false;
  if (const int fd = ::open(directory.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode); fd >= 0) {
    error_number = fill(fd, mode, write);
    if (error_number == 0) named = link_unnamed(fd, temporary) == 0;
    if (::close(fd) != 0 && error_number == 0) error_number = errno;
    if (error_number != 0) return io_error(path, error_number);
  }
  if (!named) {
    temporary = pattern;
    const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
    if (fd < 0) return io_error(path, errno);
    error_number = fill(fd, mode, write);
    if (::close(fd) != 0 && error_number == 0) error_number = errno;
  }
  if (error_number == 0 && ::rename(temporary.c_str(), path.c_str()) != 0) error_number = errno;
  if (error_number != 0) {
    ::unlink(temporary.c_str());
    return io_error(path, error_number);
  }
  sync_directory(directory);
  return Ok{};
}

}  // namespace mongoscan
