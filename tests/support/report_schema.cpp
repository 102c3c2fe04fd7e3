#include "tests/support/report_schema.h"

#include "tests/support/process.h"

namespace mongoscan::testing_support {

::testing::AssertionResult matches_report_schema(const std::string& json_text) {
  return matches_schema(json_text, "reports/schema/report.schema.json");
}

::testing::AssertionResult matches_schema(const std::string& json_text,
                                          const std::string& schema_path,
                                          const std::vector<std::string>& check_formats) {
  std::vector<std::string> argv = {"/usr/bin/python3",
                                   MONGOSCAN_SOURCE_DIR "/tests/support/validate_report.py",
                                   MONGOSCAN_SOURCE_DIR "/" + schema_path};
  std::string formats;
  for (const std::string& format : check_formats) formats += (formats.empty() ? "" : ",") + format;
  if (!formats.empty()) argv.push_back("--check-formats=" + formats);
  const ProcessResult validation = run_process(argv, json_text);
  if (validation.exit_code == 0) return ::testing::AssertionSuccess();
  if (validation.exit_code == 1) {
    return ::testing::AssertionFailure() << "the document violates " << schema_path << ":\n"
                                         << validation.err;
  }
  return ::testing::AssertionFailure()
         << "the schema validator did not run (exit " << validation.exit_code
         << "; are python3-jsonschema and python3-rfc3987 installed? run make deps):\n"
         << validation.err;
}

}  // namespace mongoscan::testing_support
