#pragma once
// Times as reports write them: RFC 3339, UTC, to the second.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mongoscan {

// "2026-11-26T10:15:00Z".
std::string format_utc(std::int64_t milliseconds_since_epoch);

// Milliseconds since the epoch of "YYYY-MM-DDTHH:MM:SSZ", or with a fraction of a second
// ("...:SS.250Z", read to the millisecond); nullopt for any other text.
std::optional<std::int64_t> parse_utc_milliseconds(std::string_view rfc3339);

}  // namespace mongoscan
