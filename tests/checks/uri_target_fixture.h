#pragma once
// Test helpers for the checks: targets built from real connection strings by the scanner's parser.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "checks/connection/connection_string.h"
#include "checks/finding.h"

namespace mongoscan::check_test {

// `uri` parsed and redacted, as the scanner hands it to the checks; a parse failure fails the test.
inline UriTarget uri_target(const std::string& uri) {
  auto parsed = parse_connection_string(uri);
  EXPECT_TRUE(parsed.ok()) << uri << ": " << (parsed.ok() ? "" : parsed.error().message);
  return {redact_connection_string(uri), parsed.ok() ? parsed.value() : ConnectionString{}};
}

// The one finding of check `id`; fails the test when there is not exactly one.
inline Finding finding_for(const std::vector<Finding>& findings, std::string_view id) {
  const auto count = std::count_if(findings.begin(), findings.end(),
                                   [&](const Finding& f) { return f.check_id == id; });
  EXPECT_EQ(count, 1) << id;
  const auto it = std::find_if(findings.begin(), findings.end(),
                               [&](const Finding& f) { return f.check_id == id; });
  return it == findings.end() ? Finding{std::string(id),  Status::error, Severity::info,
                                        Subject::uri(""), "missing",     {}}
                              : *it;
}

}  // namespace mongoscan::check_test
