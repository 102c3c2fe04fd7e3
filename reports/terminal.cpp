#include "reports/terminal.h"

#include <unistd.h>

#include <cstdlib>

namespace mongoscan {

bool should_use_color(int fd) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return isatty(fd) == 1;
}

}  // namespace mongoscan
