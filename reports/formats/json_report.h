#pragma once
// The JSON report, schema_version 1 (design.md; reports/schema/report.schema.json).

#include <ostream>

#include "reports/report.h"

namespace mongoscan {

// Writes the report as JSON: stable key order, 2-space indent, a trailing newline. Bytes that are
// not valid UTF-8 become U+FFFD.
void write_json_report(const Report& report, std::ostream& out);

}  // namespace mongoscan
