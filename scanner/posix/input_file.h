#pragma once
// Files a user names for mongoscan to read whole (an inventory, a policy, a key, a saved report):
// only a regular file, and only up to a size set per kind, so that a FIFO, a device, a directory
// or a huge file is a one-line error, never a hang, an endless read or an exhausted memory.

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace mongoscan {

// What is read and how much of it may be: docs/guide/configuration.md ("Input files") lists the
// limits.
struct InputKind {
  std::string_view name;  // "an inventory": completes "larger than 16 MiB, the limit for ..."
  std::size_t max_bytes;
};

inline constexpr std::size_t kMiB = std::size_t{1} << 20;
inline constexpr InputKind kInventoryInput{"an inventory", 16 * kMiB};
inline constexpr InputKind kConfigInput{"a .mongoscan.yaml", 1 * kMiB};
inline constexpr InputKind kAcceptanceInput{"an acceptance file", 16 * kMiB};
inline constexpr InputKind kPolicyInput{"a policy", 1 * kMiB};
inline constexpr InputKind kUriListInput{"a list of connection strings", 64 * kMiB};
inline constexpr InputKind kPathListInput{"a list of paths", 64 * kMiB};
inline constexpr InputKind kBaselineInput{"a baseline", 64 * kMiB};
inline constexpr InputKind kCredentialsInput{"component credentials", 1 * kMiB};
inline constexpr InputKind kPasswordInput{"a password file", 64 * 1024};
inline constexpr InputKind kKeyInput{"a key or certificate", 1 * kMiB};
inline constexpr InputKind kCaBundleInput{"a CA bundle", 16 * kMiB};
inline constexpr InputKind kSavedReportInput{"a saved report", 64 * kMiB};
inline constexpr InputKind kPrometheusTextfileInput{"a Prometheus textfile", 16 * kMiB};

// What was read, or why not. A value of its own rather than Result: this folder is below
// scanner/errors, and every caller words the error with its flag and the path.
struct InputRead {
  std::string text;
  // Why nothing was read, without the path: "is a directory, not a regular file", "is a FIFO,
  // ...", "is larger than 16 MiB, the limit for an inventory", or the system's reason. Empty when
  // the text was read.
  std::string refused;
  explicit operator bool() const { return refused.empty(); }
};

// The whole regular file at `path` (a symbolic link is followed to it).
InputRead read_input_file(const std::string& path, InputKind kind);

// Why read_input_file would refuse `path`, judged without opening it (the system's read errors
// aside), or "" when it would read it. For a reader that opens the file itself (CLI11 reads
// .mongoscan.yaml).
std::string input_file_refusal(const std::string& path, InputKind kind);

// Everything `in` holds (standard input: a pipe, a file, a terminal), up to the limit; more than
// the limit, or a failed read, is refused as above.
InputRead read_input_stream(std::istream& in, InputKind kind);

}  // namespace mongoscan
