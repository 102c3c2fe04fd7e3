#include "scanner/posix/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "scanner/posix/unique_fd.h"

namespace mongoscan {
namespace {

InputRead refused(std::string why) { return InputRead{"", std::move(why)}; }

std::string file_type(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string not_regular(mode_t mode) {
  const std::string type = file_type(mode);
  return type == "not a regular file" ? type : "is " + type + ", not a regular file";
}

std::string size_text(std::size_t bytes) {
  if (bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  if (bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
  return std::to_string(bytes) + " bytes";
}

std::string too_large(InputKind kind) {
  return "is larger than " + size_text(kind.max_bytes) + ", the limit for " +
         std::string(kind.name);
}

// Reads until end of file or one byte past the limit, into a string reserved for `expected` bytes
// so that a file that does not grow is never copied (it may hold a key or a password); the
// buffer it passed through is wiped.
InputRead read_bounded(int fd, InputKind kind, std::size_t expected) {
  std::string text;
  text.reserve(std::min(expected, kind.max_bytes) + 1);
  char buffer[64 * 1024];
  InputRead result;
  while (true) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      result = refused(std::strerror(errno));
    } else if (got > 0) {
      text.append(buffer, static_cast<std::size_t>(got));
      if (text.size() <= kind.max_bytes) continue;
      result = refused(too_large(kind));
    } else {
      result.text = std::move(text);
    }
    break;
  }
  ::explicit_bzero(buffer, sizeof buffer);
  ::explicit_bzero(text.data(), text.capacity());  // what was not returned, or a short copy
  return result;
}

}  // namespace

std::string input_file_refusal(const std::string& path, InputKind kind) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return std::strerror(errno);
  if (!S_ISREG(status.st_mode)) return not_regular(status.st_mode);
  if (static_cast<std::size_t>(status.st_size) > kind.max_bytes) return too_large(kind);
  return "";
}

InputRead read_input_file(const std::string& path, InputKind kind) {
  // Judged before opening: opening a device or a FIFO may itself block or act.
  if (std::string why = input_file_refusal(path, kind); !why.empty()) return refused(why);
  // O_NONBLOCK: had it become a FIFO since, opening it does not wait for a writer.
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (fd.get() < 0) return refused(std::strerror(errno));
  struct stat opened {};
  if (::fstat(fd.get(), &opened) != 0) return refused(std::strerror(errno));
  if (!S_ISREG(opened.st_mode)) return refused(not_regular(opened.st_mode));
  return read_bounded(fd.get(), kind, static_cast<std::size_t>(opened.st_size));
}

InputRead read_input_stream(std::istream& in, InputKind kind) {
  std::string text;
  char buffer[64 * 1024];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kind.max_bytes) return refused(too_large(kind));
  }
  if (in.bad()) return refused("read failed");
  return InputRead{std::move(text), ""};
}

}  // namespace mongoscan
