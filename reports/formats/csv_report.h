#pragma once
// The CSV report, for ticketing systems and spreadsheets: one row per result (RFC 4180: a header
// row, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled).

#include <ostream>

#include "reports/report.h"

namespace mongoscan {

// Writes a header, then a row per finding in the report's order: environment, check_id, title,
// layer, status, severity, gates (true/false), suppression, subject, message, remediation,
// references (joined with "; "), fingerprint. A field a spreadsheet would run as a formula (one
// starting with =, +, -, @, a tab or a carriage return) is prefixed with a single quote (OWASP,
// "CSV Injection").
void write_csv_report(const Report& report, std::ostream& out);

}  // namespace mongoscan
