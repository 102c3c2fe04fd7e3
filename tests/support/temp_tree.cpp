#include "tests/support/temp_tree.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace mongoscan::testing_support {

namespace fs = std::filesystem;

TempTree::TempTree() {
  std::string pattern = "/tmp/mongoscan-tree-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::system_error(errno, std::generic_category(), "mkdtemp");
  }
  root_ = pattern;
}

TempTree::~TempTree() {
  std::error_code ignored;
  fs::remove_all(root_, ignored);
}

void TempTree::write(std::string_view relative, std::string_view content) const {
  const fs::path file = path(relative);
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << content;
}

void TempTree::make_directory(std::string_view relative) const {
  fs::create_directories(path(relative));
}

void TempTree::symlink(std::string_view target, std::string_view relative) const {
  fs::create_directories(fs::path(path(relative)).parent_path());
  if (::symlink(std::string(target).c_str(), path(relative).c_str()) != 0) {
    throw std::system_error(errno, std::generic_category(), "symlink");
  }
}

}  // namespace mongoscan::testing_support
