#include "tests/support/report_schema.h"

#include "tests/support/process.h"

namespace mongoscan::testing_support {

::testing::AssertionResult matches_report_schema(const std::string& json_text) {
  const ProcessResult validation =
      run_process({"/usr/bin/python3", MONGOSCAN_SOURCE_DIR "/tests/support/validate_report.py",
                   MONGOSCAN_SOURCE_DIR "/reports/schema/report.schema.json"},
                  json_text);
  if (validation.exit_code == 0) return ::testing::AssertionSuccess();
  if (validation.exit_code == 1) {
    return ::testing::AssertionFailure() << "the report violates the schema:\n" << validation.err;
  }
  return ::testing::AssertionFailure()
         << "the schema validator did not run (exit " << validation.exit_code
         << "; is python3-jsonschema installed? run make deps):\n"
         << validation.err;
}

}  // namespace mongoscan::testing_support
