#pragma once
// The list of common passwords compiled into the binary (SecLists top 10,000, MIT licence in
// checks/data/common-passwords.LICENSE), looked up without regard to ASCII case.

#include <cstddef>
#include <string_view>

namespace mongoscan {

// The list as shipped, one password a line; generated from checks/data/common-passwords.txt.
extern const char kCommonPasswordsText[];

// Entries in the list as shipped: its non-empty lines, a few of which differ only in case.
std::size_t common_password_list_size();

// True when `candidate` is on the list, ignoring ASCII case.
bool is_common_password(std::string_view candidate);

}  // namespace mongoscan
