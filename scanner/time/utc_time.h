#pragma once
// Times as reports write them: RFC 3339, UTC, to the second.

#include <cstdint>
#include <string>

namespace mongoscan {

// "2026-11-26T10:15:00Z".
std::string format_utc(std::int64_t milliseconds_since_epoch);

}  // namespace mongoscan
