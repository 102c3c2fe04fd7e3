#include "reports/findings_view.h"

#include <algorithm>
#include <string_view>

#include "reports/self_check_table.h"

namespace mongoscan {
namespace {

// Nodes first, then cloud resources, connection strings, files and namespaces.
int kind_rank(Subject::Kind kind) {
  switch (kind) {
    case Subject::Kind::node:
      return 0;
    case Subject::Kind::cloud:
      return 1;
    case Subject::Kind::uri:
      return 2;
    case Subject::Kind::file:
      return 3;
    case Subject::Kind::ns:
      break;
  }
  return 4;
}

std::string subject_text(const Subject& subject) {
  switch (subject.kind) {
    case Subject::Kind::node:
      return subject.name;
    case Subject::Kind::file: {
      std::string text =
          subject.line ? subject.name + ":" + std::to_string(*subject.line) : subject.name;
      if (subject.context) text += " [" + std::string(to_string(*subject.context)) + "]";
      return text;
    }
    case Subject::Kind::cloud:
      return subject.name;
    case Subject::Kind::uri:
    case Subject::Kind::ns:
      break;
  }
  if (!subject.listed_at) return subject.name;
  return subject.name + " (" + subject.listed_at->file + ":" +
         std::to_string(subject.listed_at->line) + ")";
}

bool fails_errs_or_warns(const Finding& finding) {
  return finding.status == Status::fail || finding.status == Status::error ||
         finding.status == Status::warn;
}

// Negative, zero or positive as a sorts before, with or after b, runs of digits compared as
// numbers: "member4" before "member14", "10.0.0.9" before "10.0.0.10".
int compare_natural(std::string_view a, std::string_view b) {
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      while (i < a.size() && a[i] == '0') ++i;
      while (j < b.size() && b[j] == '0') ++j;
      std::size_t end_a = i, end_b = j;
      while (end_a < a.size() && is_digit(a[end_a])) ++end_a;
      while (end_b < b.size() && is_digit(b[end_b])) ++end_b;
      if (end_a - i != end_b - j) return end_a - i < end_b - j ? -1 : 1;
      if (const int c = a.substr(i, end_a - i).compare(b.substr(j, end_b - j)); c != 0) return c;
      i = end_a;
      j = end_b;
      continue;
    }
    if (a[i] != b[j])
      return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]) ? -1 : 1;
    ++i;
    ++j;
  }
  if (i < a.size()) return 1;
  return j < b.size() ? -1 : 0;
}

bool comes_before(const FindingsViewLine& a, const FindingsViewLine& b) {
  const Finding& x = a.reported->finding;
  const Finding& y = b.reported->finding;
  if (x.severity != y.severity) return x.severity > y.severity;
  if (kind_rank(x.subject.kind) != kind_rank(y.subject.kind))
    return kind_rank(x.subject.kind) < kind_rank(y.subject.kind);
  if (const int c = compare_natural(x.subject.name, y.subject.name); c != 0) return c < 0;
  if (x.subject.line != y.subject.line)
    return x.subject.line.value_or(0) < y.subject.line.value_or(0);
  if (const int c = compare_natural(a.subject, b.subject); c != 0) return c < 0;  // the list file
  if (const int c = compare_natural(x.check_id, y.check_id); c != 0) return c < 0;
  return badness(x.status) > badness(y.status);
}

void sort_lines(std::vector<FindingsViewLine>& lines) {
  std::stable_sort(lines.begin(), lines.end(), comes_before);
}

}  // namespace

std::optional<ReportView> parse_report_view(std::string_view name) {
  if (name == "auto") return ReportView::automatic;
  if (name == "grid") return ReportView::grid;
  if (name == "findings") return ReportView::findings;
  return std::nullopt;
}

FindingsView findings_view(const Report& report) {
  std::vector<const ReportedFinding*> findings;
  findings.reserve(report.findings.size());
  for (const ReportedFinding& reported : report.findings.in_memory()) findings.push_back(&reported);
  return findings_view(findings);
}

FindingsView findings_view(const std::vector<const ReportedFinding*>& findings) {
  FindingsView view;
  for (const ReportedFinding* reported : findings) {
    if (!fails_errs_or_warns(reported->finding)) continue;
    FindingsViewLine line{reported, subject_text(reported->finding.subject)};
    (is_suppressed(reported->finding) ? view.suppressed : view.lines).push_back(std::move(line));
  }
  sort_lines(view.lines);
  sort_lines(view.suppressed);
  return view;
}

}  // namespace mongoscan
