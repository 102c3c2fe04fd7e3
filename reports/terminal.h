#pragma once
// Whether console output may carry ANSI colour.

namespace mongoscan {

// True iff fd is a terminal and NO_COLOR is unset or empty (https://no-color.org).
bool should_use_color(int fd);

}  // namespace mongoscan
