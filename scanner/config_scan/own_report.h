#pragma once
// mongoscan's own reports, recognised by how each format begins: a report written into the
// scanned tree is no application's file. Its CSS (--pass:), its redacted connection strings and
// its messages were judged as credentials and connection strings, so a second scan failed its
// gate on the first one's report.

#include <string_view>

namespace mongoscan {

// Whether `text` begins as a mongoscan report or evidence manifest does: JSON (schema_version,
// then the tool named mongoscan), SARIF (the schema, then the driver named mongoscan), HTML (the
// generator meta tag), JUnit (testsuites named mongoscan), Markdown (the "## … mongoscan: " verdict
// heading) or the console table ("mongoscan VERSION security report").
bool is_mongoscan_report(std::string_view text);

}  // namespace mongoscan
