#pragma once
// Where a command's reports go: the --format/-o report and every --report FORMAT:PATH, so that
// one probe writes several formats; and writing them.

#include <optional>
#include <string>
#include <vector>

#include "reports/report.h"
#include "reports/reporter.h"
#include "scanner/cli/cli.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// One report: its format and where it goes ("-": standard output).
struct ReportDestination {
  ReportFormat format = ReportFormat::table;
  std::string path = "-";

  bool to_stdout() const { return path == "-"; }
  bool operator==(const ReportDestination&) const = default;
};

// The report options as given on the command line.
struct ReportOptions {
  std::string format = "table";  // --format
  std::string output;            // -o: empty or "-" is standard output
  bool format_or_output_given = false;
  std::vector<std::string> reports;  // --report FORMAT:PATH, in order
};

// The reports to write, in order: the --format/-o one, then each --report. The --format/-o report
// is left out when a --report goes to standard output and neither --format nor -o was given (the
// default table would share standard output with it). A usage error names the --report value
// that is no FORMAT:PATH or names an unknown format, or the path two reports would both write.
Result<std::vector<ReportDestination>> report_destinations(const ReportOptions& options);

// Writes the report to each destination: standard output's with `stdout_options` (colour, the
// console's width), files atomically and without colour, each noted on stderr with the report's
// counts. The first file that cannot be written stops the rest (kExitScanFailed).
std::optional<CommandError> write_reports(const Report& report,
                                          const std::vector<ReportDestination>& destinations,
                                          const RenderOptions& stdout_options,
                                          const CliStreams& streams);

}  // namespace mongoscan
