#pragma once
// A one-line status on a terminal, rewritten in place ("mongoscan: probed 12/40 nodes"). Disabled,
// it writes nothing: progress goes only to a TTY, never into a redirected log.

#include <ostream>
#include <string>

namespace mongoscan {

class ProgressLine {
 public:
  ProgressLine(std::ostream& out, bool enabled) : out_(out), enabled_(enabled) {}

  // Replaces the line with "mongoscan: <text>".
  void show(const std::string& text);
  // Erases the line, if one was shown.
  void clear();

 private:
  std::ostream& out_;
  bool enabled_;
  bool shown_ = false;
};

}  // namespace mongoscan
