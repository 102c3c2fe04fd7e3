// The saved-report reader (reports/formats/json_report_reader.h): `mongoscan convert` reads files
// a pipeline hands it. Properties: any text either reads or is refused with a message (no
// exception escapes), and a report that reads writes JSON that reads back to the same JSON.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "reports/formats/json_report.h"
#include "reports/formats/json_report_reader.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

std::string written(const mongoscan::Report& report) {
  std::ostringstream out;
  mongoscan::write_json_report(report, out);
  return out.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mongoscan;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Result<Report> report = read_json_report(text);
  if (!report) {
    fuzz::check(!report.error().message.empty(), "a refused report says why");
    return 0;
  }
  const std::string json = written(report.value());
  const Result<Report> again = read_json_report(json);
  fuzz::check(again.ok(), "a report's own JSON reads");
  fuzz::check(again.ok() && written(again.value()) == json, "reading and writing is stable");
  return 0;
}
