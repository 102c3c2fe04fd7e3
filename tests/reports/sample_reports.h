#pragma once
// Reports with fixed contents and timestamps for the reporter tests and their golden files.

#include "reports/report.h"

namespace mongoscan::testing_support {

// No inputs, no targets, no findings.
Report empty_report();

// Two targets (one node unreachable), findings in several layers out of layer order, all five
// statuses, node/file/URI subjects, nested evidence, non-ASCII text, HTML-special characters and a
// message longer than the console's column.
Report rich_report();

}  // namespace mongoscan::testing_support
