#include "scanner/time/utc_time.h"

#include <ctime>

namespace mongoscan {

std::string format_utc(std::int64_t milliseconds_since_epoch) {
  // Floor division: a time before the epoch stays in its own second.
  std::int64_t seconds = milliseconds_since_epoch / 1000;
  if (milliseconds_since_epoch % 1000 < 0) --seconds;
  const auto time = static_cast<std::time_t>(seconds);
  std::tm utc{};
  ::gmtime_r(&time, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::optional<std::int64_t> parse_utc_milliseconds(std::string_view rfc3339) {
  const std::string text(rfc3339);
  std::tm utc{};
  const char* end = ::strptime(text.c_str(), "%Y-%m-%dT%H:%M:%S", &utc);
  if (end == nullptr) return std::nullopt;
  std::int64_t milliseconds = 0;
  if (*end == '.') {
    std::int64_t scale = 100;
    for (++end; *end >= '0' && *end <= '9'; ++end, scale /= 10)
      milliseconds += (*end - '0') * scale;
  }
  if (std::string_view(end) != "Z") return std::nullopt;
  return static_cast<std::int64_t>(::timegm(&utc)) * 1000 + milliseconds;
}

}  // namespace mongoscan
