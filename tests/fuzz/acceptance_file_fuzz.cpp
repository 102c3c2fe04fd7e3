// The acceptance file reader (scanner/cli/acceptance_file.h): an --accept file may come from the
// scanned repository. Properties: any text either loads or is refused with "PATH:LINE: ..." (no
// exception escapes); every loaded entry has its required fields and a date; the connection
// strings in a subject are redacted already (redacting it again changes nothing); loading is
// deterministic.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "scanner/cli/acceptance_file.h"
#include "scanner/uri/uri.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mongoscan;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto loaded = parse_acceptance_file(text, "accept.yaml");
  fuzz::check(loaded.ok() || loaded.error().message.starts_with("accept.yaml:"),
              "a refused file is named with its line");
  fuzz::check(loaded.ok() == parse_acceptance_file(text, "accept.yaml").ok(),
              "loading is deterministic");
  if (!loaded.ok()) return 0;
  for (const Acceptance& entry : loaded.value()) {
    fuzz::check(!entry.check.empty() && !entry.subject.empty() && !entry.reason.empty(),
                "check, subject and reason are required");
    fuzz::check(entry.expires.size() == 10, "expires is a date");
    // The reader redacts every connection string in the text (redact_connection_strings_in_text,
    // the one pass every echoed text takes); a subject that only starts with "mongodb", and
    // whose "://" follows other bytes, holds none, so redact_connection_string is not the measure.
    fuzz::check(redact_connection_strings_in_text(entry.subject) == entry.subject,
                "a connection string subject is redacted");
  }
  return 0;
}
