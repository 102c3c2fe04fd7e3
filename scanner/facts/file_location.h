#pragma once
// A place in a file.

#include <string>

namespace mongoscan {

// 1-based line, 1-based column in Unicode code points (0: unknown).
struct FileLocation {
  std::string path;
  int line = 0;
  int column = 0;
};

}  // namespace mongoscan
