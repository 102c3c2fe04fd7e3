#pragma once
// A directory tree under /tmp for file system tests, removed with everything in it at the end.

#include <string>
#include <string_view>

namespace mongoscan::testing_support {

class TempTree {
 public:
  TempTree();
  ~TempTree();
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  const std::string& root() const { return root_; }
  std::string path(std::string_view relative) const { return root_ + "/" + std::string(relative); }

  // Each creates the parent directories it needs; failures throw std::system_error.
  void write(std::string_view relative, std::string_view content = "x") const;
  void make_directory(std::string_view relative) const;
  void symlink(std::string_view target, std::string_view relative) const;

 private:
  std::string root_;
};

}  // namespace mongoscan::testing_support
