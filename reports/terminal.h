#pragma once
// Whether console output may carry ANSI colour, and how wide the console is.

#include <cstddef>

namespace mongoscan {

// Whether colour is wanted when the user did not say (--color auto): true when FORCE_COLOR is set
// to anything but "" or "0" (force-color.org); else iff fd is a terminal and NO_COLOR is unset or
// empty (https://no-color.org).
bool should_use_color(int fd);

// The console's width in columns: COLUMNS when it is a positive number, else the terminal's width
// if fd is a terminal, else 0 (unknown).
std::size_t console_width(int fd);

}  // namespace mongoscan
