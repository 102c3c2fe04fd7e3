#pragma once

#include <string>

namespace mongoscan {

// True for a numeric IPv4 or IPv6 address: it needs no DNS lookup, and TLS sends it no SNI.
bool is_numeric_address(const std::string& host);

}  // namespace mongoscan
