#include "scanner/cli/report_destinations.h"

#include <algorithm>

#include "reports/atomic_file.h"
#include "scanner/posix/input_file.h"

namespace mongoscan {
namespace {

constexpr std::string_view kFormats =
    "table, json, html, sarif, junit, md, csv, prometheus or ocsf";

Result<ReportDestination> parse_report_option(const std::string& value) {
  const std::size_t colon = value.find(':');
  const std::string format = value.substr(0, colon);
  const auto parsed = parse_report_format(format);
  if (colon == std::string::npos || colon + 1 == value.size() || !parsed) {
    return Error{ErrorCode::usage, "--report",
                 "'" + value + "': expected FORMAT:PATH with FORMAT " + std::string(kFormats) +
                     " and PATH a file or - for standard output"};
  }
  return ReportDestination{*parsed, value.substr(colon + 1)};
}

}  // namespace

Result<std::vector<ReportDestination>> report_destinations(const ReportOptions& options) {
  std::vector<ReportDestination> extra;
  for (const std::string& value : options.reports) {
    auto destination = parse_report_option(value);
    if (!destination) return destination.error();
    extra.push_back(std::move(destination).value());
  }
  const auto format = parse_report_format(options.format);
  if (!format) {
    return Error{ErrorCode::usage, "--format",
                 "'" + options.format + "': expected " + std::string(kFormats)};
  }
  std::vector<ReportDestination> destinations;
  const bool extra_to_stdout = std::any_of(extra.begin(), extra.end(),
                                           [](const auto& report) { return report.to_stdout(); });
  if (!extra_to_stdout || options.format_or_output_given) {
    destinations.push_back({*format, options.output.empty() ? "-" : options.output});
  }
  for (ReportDestination& destination : extra) {
    for (const ReportDestination& earlier : destinations) {
      if (earlier.path == destination.path) {
        return Error{ErrorCode::usage, "--report",
                     destination.to_stdout()
                         ? std::string("two reports would go to standard output")
                         : "two reports would write " + destination.path};
      }
    }
    destinations.push_back(std::move(destination));
  }
  return destinations;
}

std::optional<CommandError> write_reports(const Report& report,
                                          const std::vector<ReportDestination>& destinations,
                                          const RenderOptions& stdout_options,
                                          const CliStreams& streams) {
  const StatusCounts counts = report.summary();
  RenderOptions file_options = stdout_options;
  file_options.color = false;
  file_options.width = 0;
  for (const ReportDestination& destination : destinations) {
    if (destination.to_stdout()) {
      write_report(report, destination.format, stdout_options, streams.out);
      continue;
    }
    // Rendered straight into the temporary file: a report of thousands of findings is never
    // held whole in memory.
    RenderOptions options = file_options;
    if (destination.format == ReportFormat::prometheus) {
      // The file being replaced, read (bounded, regular files only) for its last success.
      InputRead previous = read_input_file(destination.path, kPrometheusTextfileInput);
      if (previous) options.previous_textfile = std::move(previous.text);
    }
    auto render = [&](std::ostream& out) {
      write_report(report, destination.format, options, out);
    };
    if (auto written = write_file_atomically(destination.path, render); !written) {
      return CommandError{kExitScanFailed, "cannot write report: " + written.error().message};
    }
    streams.err << "mongoscan: wrote " << destination.path << " (" << counts.fail << " fail, "
                << counts.warn << " warn, " << counts.pass << " pass, " << counts.error
                << " error, " << counts.skipped << " skipped)\n";
  }
  return std::nullopt;
}

}  // namespace mongoscan
