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

}  // namespace mongoscan
