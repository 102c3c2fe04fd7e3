#pragma once
// The files of an evidence bundle's directory, each opened by its name inside the directory and
// never through a symbolic link, so that no name makes a reader leave the directory.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "scanner/errors/result.h"

namespace mongoscan {

struct FileDigest {
  std::string sha256;  // 64 lower-case hex digits
  std::uint64_t bytes = 0;
};

// One entry of the directory: its name, and whether it is a regular file (not a directory, a
// symbolic link or anything else).
struct BundleEntry {
  std::string name;
  bool regular_file = false;
};

// The SHA-256 and size of the regular file `name` in `directory`, read in pieces. An error
// (ErrorCode::io, phase "bundle", "<name>: why") for a symbolic link, anything but a regular file,
// a failed read, or more than `max_bytes` (reading stops there: "larger than N bytes").
Result<FileDigest> digest_bundle_file(const std::string& directory, const std::string& name,
                                      std::uint64_t max_bytes = UINT64_MAX);

// The whole regular file `name` in `directory`, at most `max_bytes`; errors as digest_bundle_file.
Result<std::string> read_bundle_file(const std::string& directory, const std::string& name,
                                     std::size_t max_bytes);

// Every entry of `directory`, sorted by name.
Result<std::vector<BundleEntry>> list_bundle(const std::string& directory);

}  // namespace mongoscan
