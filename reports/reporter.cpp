#include "reports/reporter.h"

#include "reports/formats/csv_report.h"
#include "reports/formats/html_report.h"
#include "reports/formats/json_report.h"
#include "reports/formats/junit_report.h"
#include "reports/formats/markdown_report.h"
#include "reports/formats/ocsf_report.h"
#include "reports/formats/prometheus_textfile.h"
#include "reports/formats/sarif_report.h"
#include "reports/formats/table_report.h"

namespace mongoscan {

std::optional<ReportFormat> parse_report_format(std::string_view name) {
  if (name == "table") return ReportFormat::table;
  if (name == "json") return ReportFormat::json;
  if (name == "html") return ReportFormat::html;
  if (name == "sarif") return ReportFormat::sarif;
  if (name == "junit") return ReportFormat::junit;
  if (name == "md") return ReportFormat::md;
  if (name == "csv") return ReportFormat::csv;
  if (name == "prometheus") return ReportFormat::prometheus;
  if (name == "ocsf") return ReportFormat::ocsf;
  return std::nullopt;
}

void write_report(const Report& report, ReportFormat format, const RenderOptions& options,
                  std::ostream& out) {
  switch (format) {
    case ReportFormat::table:
      write_table_report(report, options.color, out, options.width, options.view);
      return;
    case ReportFormat::json:
      write_json_report(report, out);
      return;
    case ReportFormat::html:
      write_html_report(report, out, options.view, options.framework, options.print);
      return;
    case ReportFormat::sarif:
      write_sarif_report(report, options.sarif, out);
      return;
    case ReportFormat::junit:
      write_junit_report(report, out);
      return;
    case ReportFormat::md:
      write_markdown_report(report, out, options.framework);
      return;
    case ReportFormat::csv:
      write_csv_report(report, out);
      return;
    case ReportFormat::prometheus:
      write_prometheus_textfile(report, options.previous_textfile, out);
      return;
    case ReportFormat::ocsf:
      write_ocsf_report(report, out);
      return;
  }
}

}  // namespace mongoscan
