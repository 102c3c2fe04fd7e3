#pragma once
// Reading a saved JSON report (schema_version 1) back into the model, so that `mongoscan convert`
// renders it in any format without probing again.

#include <string_view>

#include "reports/report.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// The report write_json_report wrote, whole: writing the result again gives the same JSON, and
// every format renders it as it rendered the original. Members the writer derives (summary,
// coverage's complete and statement) are recomputed, members it does not know are ignored. A
// usage error names the JSON pointer of the first member that is missing or has the wrong type or
// value, never the value itself: a hand-edited file may hold anything. Every string read has its
// connection strings' credentials redacted, so convert and merge write none; a document nested
// deeper than any report is refused before anything walks it.
Result<Report> read_json_report(std::string_view text);

}  // namespace mongoscan
