#include "tests/support/xml_check.h"

#include "tests/support/process.h"

namespace mongoscan::testing_support {

::testing::AssertionResult is_well_formed_xml(const std::string& xml) {
  const ProcessResult parse = run_process(
      {"/usr/bin/python3", "-c",
       "import sys, xml.etree.ElementTree as ET; ET.fromstring(sys.stdin.buffer.read())"},
      xml);
  if (parse.exit_code == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "not well-formed XML:\n" << parse.err;
}

}  // namespace mongoscan::testing_support
