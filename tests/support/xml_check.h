#pragma once
// Well-formedness of XML documents for tests: JUnit reports, SVG charts.

#include <gtest/gtest.h>

#include <string>

namespace mongoscan::testing_support {

// Succeeds if Python's XML parser (expat) accepts the document; fails with its message.
::testing::AssertionResult is_well_formed_xml(const std::string& xml);

}  // namespace mongoscan::testing_support
