#pragma once
// Writing a report file so that readers see the old file or the new one, never a partial one.

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "scanner/errors/result.h"

namespace mongoscan {

// Writes content to an unnamed file in path's directory (O_TMPFILE; a named ".<name>.tmpXXXXXX"
// where the file system lacks it), syncs it, names it ".<name>.tmpXXXXXX" and renames that over
// path: a process killed before the end leaves no temporary file. The file keeps an existing
// target's mode, else gets 0644 less the umask. On failure the target is untouched, the temporary
// file is gone and the error is Error{ErrorCode::io, "report", "<path>: <reason>"}. A path that
// names a device, FIFO or socket (`-o /dev/null`) is written in place, never replaced; a directory
// is an error.
Result<Ok> write_file_atomically(const std::string& path, std::string_view content);

// The same, with the content written by `write` straight into the temporary file (through a
// buffer of its own), so that a large report is never held whole in memory.
Result<Ok> write_file_atomically(const std::string& path,
                                 const std::function<void(std::ostream&)>& write);

}  // namespace mongoscan
