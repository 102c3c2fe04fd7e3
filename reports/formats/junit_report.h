#pragma once
// The JUnit XML report, for CI test views (Jenkins, GitLab, Azure DevOps, GitHub test reporters):
// every finding a test case, so that a scan reads like a test run.

#include <ostream>

#include "reports/report.h"

namespace mongoscan {

// Writes the report as JUnit XML: one <testsuite> per check layer, in layer order, holding one
// <testcase> per finding (classname the check id, name the subject). Only a fail that fails the
// gate (ReportedFinding::gates) is a <failure>; an error is an <error>; a warn, a fail below the
// gate, a skipped check and a suppressed finding are <skipped> with a message saying which; a
// pass is a bare test case.
void write_junit_report(const Report& report, std::ostream& out);

}  // namespace mongoscan
