#include "reports/verdict_text.h"

namespace mongoscan {

std::string verdict_headline(const Report& report) {
  std::size_t gating = 0;
  for (const ReportedFinding& reported : report.findings) gating += reported.gates ? 1 : 0;
  const std::string_view verdict = verdict_of(report);
  if (verdict == "fail") {
    std::string headline = "FAIL: " + std::to_string(gating) +
                           (gating == 1 ? " finding fails" : " findings fail") + " the gate";
    if (!report.coverage.complete()) headline += "; the scan is " + report.coverage.statement();
    return headline;
  }
  if (verdict == "incomplete") {
    return "INCOMPLETE: no finding fails the gate, but the scan is " + report.coverage.statement();
  }
  return "PASS: no finding fails the gate";
}

std::string verdict_gate(const Report& report) {
  return report.gate ? gate_text(*report.gate)
                     : "the report does not say which gate it was judged at";
}

}  // namespace mongoscan
