#pragma once
// The findings view: a line per result that needs attention, worst severity first, for reports
// whose check × subject grid is too large to read. The table and HTML reports share it; each
// decides when to use it (ReportView) and renders it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reports/report.h"

namespace mongoscan {

// How a report shows its results: the check × subject grid, the findings view, or whichever suits
// the report's size (the format decides: the table by the console's width, HTML by subjects).
enum class ReportView { automatic, grid, findings };

// "auto", "grid" or "findings"; nullopt for anything else.
std::optional<ReportView> parse_report_view(std::string_view name);

struct FindingsViewLine {
  const ReportedFinding* reported;  // points into the Report
  // Where: "host:port", "path:line", or the redacted URI (or namespace) with " (list.txt:7)" when
  // a list file named it.
  std::string subject;
};

struct FindingsView {
  // Fail, error and warn results that count (not suppressed): errors are listed because they mean
  // a subject was not looked at. By severity (critical first), then subject (nodes, connection
  // strings, files, namespaces; by name with numbers in it compared as numbers, then line), then
  // check id, then status (fail, error, warn); results equal in all of these keep report order.
  std::vector<FindingsViewLine> lines;
  // Fail and warn results an acceptance, inline comment or baseline suppresses, in the same order.
  std::vector<FindingsViewLine> suppressed;
};

// The findings view of the report, which must outlive it. Passes and skips have no line; the
// reports count them.
FindingsView findings_view(const Report& report);
FindingsView findings_view(const Report&& report) = delete;  // it would dangle

// The findings view of some of a report's findings (which must outlive it), in the same order.
FindingsView findings_view(const std::vector<const ReportedFinding*>& findings);

}  // namespace mongoscan
