#include "reports/formats/csv_report.h"

#include <string>
#include <string_view>
#include <vector>

#include "checks/text_list.h"

namespace mongoscan {
namespace {

// One field as RFC 4180 writes it, defused against formula injection first.
std::string csv_field(std::string_view text) {
  std::string field;
  if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
    field += '\'';
  field += text;
  if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string quoted = "\"";
  for (const char c : field) {
    quoted += c;
    if (c == '"') quoted += '"';
  }
  return quoted + '"';
}

void write_row(const std::vector<std::string>& fields, std::ostream& out) {
  for (std::size_t i = 0; i < fields.size(); ++i)
    out << (i == 0 ? "" : ",") << csv_field(fields[i]);
  out << "\r\n";
}

}  // namespace

void write_csv_report(const Report& report, std::ostream& out) {
  write_row({"environment", "check_id", "title", "layer", "status", "severity", "gates",
             "suppression", "subject", "message", "remediation", "references", "fingerprint"},
            out);
  for (const ReportedFinding& reported : report.findings) {
    const Finding& finding = reported.finding;
    write_row({reported.environment, finding.check_id, reported.spec->title,
               std::string(to_string(reported.spec->layer)), std::string(to_string(finding.status)),
               std::string(to_string(finding.severity)), reported.gates ? "true" : "false",
               finding.suppression, describe_with_context(finding.subject), finding.message,
               reported.spec->remediation, join(reference_texts(reported.spec->references), "; "),
               finding.fingerprint},
              out);
  }
}

}  // namespace mongoscan
