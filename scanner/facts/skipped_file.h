#pragma once

#include <string>

namespace mongoscan {

// A file the scan did not read, and why: "binary" (the scanner's), "larger than 10485760 bytes
// (size 2147483648)", "unreadable: Permission denied" (also a directory, or a dangling symlink:
// "unreadable: No such file or directory"), "symlink loop", "not found" (a root), "not a regular
// file or directory" (a root that is a FIFO, socket or device). Not reported: ignored files,
// skipped directories and the files of build output that are no JavaScript bundle (out of scope),
// sockets, FIFOs and devices met in a walk (never opened), and a file or directory reached a
// second time through another link (symlink or hard link).
struct SkippedFile {
  std::string path;
  std::string reason;
};

}  // namespace mongoscan
