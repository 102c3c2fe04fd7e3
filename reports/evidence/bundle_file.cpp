#include "reports/evidence/bundle_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <functional>
#include <system_error>

#include "scanner/posix/unique_fd.h"
#include "scanner/secrets/digest.h"

namespace mongoscan {
namespace {

constexpr std::size_t kReadChunk = 64 * 1024;

Error bundle_error(const std::string& name, const std::string& why) {
  return Error{ErrorCode::io, "bundle", name + ": " + why};
}

// Opens `name` in `directory` for reading: O_NOFOLLOW refuses a symbolic link (ELOOP), and
// O_NONBLOCK keeps a FIFO from blocking the open before fstat refuses it.
Result<int> open_regular_file(const std::string& directory, const std::string& name) {
  const UniqueFd parent(::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (parent.get() < 0) return bundle_error(directory, std::generic_category().message(errno));
  const int fd =
      ::openat(parent.get(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP) return bundle_error(name, "a symbolic link, not a file");
    if (errno == ENOENT) return bundle_error(name, "missing");
    return bundle_error(name, std::generic_category().message(errno));
  }
  struct stat status {};
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    ::close(fd);
    return bundle_error(name, "not a regular file");
  }
  return fd;
}

// Feeds the file's bytes to `consume` in pieces; stops with an error after `max_bytes`.
Result<std::uint64_t> read_pieces(const std::string& directory, const std::string& name,
                                  std::uint64_t max_bytes,
                                  const std::function<void(std::string_view)>& consume) {
  auto opened = open_regular_file(directory, name);
  if (!opened) return opened.error();
  const UniqueFd file(opened.value());
  std::string buffer(kReadChunk, '\0');
  std::uint64_t total = 0;
  for (;;) {
    const ssize_t count = ::read(file.get(), buffer.data(), buffer.size());
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) return bundle_error(name, std::generic_category().message(errno));
    if (count == 0) return total;
    total += static_cast<std::uint64_t>(count);
    if (total > max_bytes) {
      return bundle_error(name, "larger than " + std::to_string(max_bytes) + " bytes");
    }
    consume(std::string_view(buffer.data(), static_cast<std::size_t>(count)));
  }
}

}  // namespace

Result<FileDigest> digest_bundle_file(const std::string& directory, const std::string& name,
                                      std::uint64_t max_bytes) {
  Sha256 digest;
  auto bytes = read_pieces(directory, name, max_bytes,
                           [&digest](std::string_view piece) { digest.update(piece); });
  if (!bytes) return bytes.error();
  return FileDigest{digest.hex_digest(), bytes.value()};
}

Result<std::string> read_bundle_file(const std::string& directory, const std::string& name,
                                     std::size_t max_bytes) {
  std::string content;
  auto bytes = read_pieces(directory, name, max_bytes,
                           [&content](std::string_view piece) { content += piece; });
  if (!bytes) return bytes.error();
  return content;
}

Result<std::vector<BundleEntry>> list_bundle(const std::string& directory) {
  std::error_code error;
  std::vector<BundleEntry> entries;
  for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end;
       it.increment(error)) {
    std::error_code status_error;
    const auto type = it->symlink_status(status_error).type();
    entries.push_back({it->path().filename().string(),
                       !status_error && type == std::filesystem::file_type::regular});
  }
  if (error) return bundle_error(directory, error.message());
  std::sort(entries.begin(), entries.end(),
            [](const BundleEntry& a, const BundleEntry& b) { return a.name < b.name; });
  return entries;
}

}  // namespace mongoscan
