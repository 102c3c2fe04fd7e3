#include "reports/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace mongoscan {

bool should_use_color(int fd) {
  const char* force_color = std::getenv("FORCE_COLOR");
  if (force_color != nullptr && force_color[0] != '\0' && std::strcmp(force_color, "0") != 0)
    return true;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return isatty(fd) == 1;
}

std::size_t console_width(int fd) {
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
    std::size_t width = 0;
    const char* end = columns + std::strlen(columns);
    const auto [parsed_to, error] = std::from_chars(columns, end, width);
    if (error == std::errc() && parsed_to == end && width > 0) return width;
  }
  winsize size{};
  if (isatty(fd) == 1 && ::ioctl(fd, TIOCGWINSZ, &size) == 0) return size.ws_col;
  return 0;
}

}  // namespace mongoscan
