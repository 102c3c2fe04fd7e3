#include "reports/formats/junit_report.h"

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "checks/text_list.h"
#include "reports/cloud_text.h"
#include "reports/environment_sections.h"
#include "reports/text/xml_text.h"

namespace mongoscan {
namespace {

// A suite per layer rather than per check: CI views already group test cases by classname (the
// check id), so suites per check would repeat that grouping; layers add the level above it, a
// handful of suites that read like the report's sections.
constexpr Layer kLayers[] = {Layer::discovery,     Layer::network,           Layer::authentication,
                             Layer::authorization, Layer::transport,         Layer::hardening,
                             Layer::versions,      Layer::connection_string, Layer::credentials,
                             Layer::data_model};

std::string suppression_reason(const Finding& finding) {
  const std::string reason = finding.acceptance ? ": " + finding.acceptance->reason : "";
  if (finding.suppression == "inline") return "a mongoscan:allow comment on the line" + reason;
  if (finding.suppression == "accepted" && finding.acceptance) {
    return "an acceptance until " + finding.acceptance->expires + reason;
  }
  return "the baseline, which holds its fingerprint";
}

// The body of a failure or error: everything a reader needs without the other reports.
std::string details(const ReportedFinding& reported) {
  const CheckSpec& spec = *reported.spec;
  const Finding& finding = reported.finding;
  std::string text = finding.check_id + " " + spec.title +
                     "\nseverity: " + std::string(to_string(finding.severity)) +
                     "\nsubject: " + describe_with_context(finding.subject) +
                     "\nmessage: " + finding.message;
  if (const nlohmann::json evidence = evidence_of(finding);
      !evidence.is_null() && !evidence.empty()) {
    text +=
        "\nevidence: " + evidence.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  if (!spec.remediation.empty()) text += "\nremediation: " + spec.remediation;
  if (!spec.references.empty())
    text += "\nreferences: " + join(reference_texts(spec.references), "; ");
  return text;
}

struct SuiteCounts {
  int tests = 0, failures = 0, errors = 0, skipped = 0;

  void add(const ReportedFinding& reported) {
    const Status status = reported.finding.status;
    ++tests;
    if (status == Status::fail && reported.gates) {
      ++failures;
    } else if (status == Status::error) {
      ++errors;
    } else if (status != Status::pass) {
      ++skipped;
    }
  }
};

std::string count_attributes(const SuiteCounts& counts) {
  return " tests=\"" + std::to_string(counts.tests) + "\" failures=\"" +
         std::to_string(counts.failures) + "\" errors=\"" + std::to_string(counts.errors) +
         "\" skipped=\"" + std::to_string(counts.skipped) + "\"";
}

// A skipped element whose message says what was seen and why it does not fail.
std::string skipped(const std::string& message) {
  return "<skipped message=\"" + xml_attribute(message) + "\"/>";
}

// The element inside a test case, if any. Only a fail that gates (--fail-on) is a failure; a
// warn, a fail below the gate or a suppressed finding is skipped with a message that says so, so
// CI views list it without failing the build.
std::string outcome(const ReportedFinding& reported) {
  const Finding& finding = reported.finding;
  const std::string status(to_string(finding.status));
  const std::string severity(to_string(finding.severity));
  if (is_suppressed(finding)) {
    return skipped(status + " suppressed by " + suppression_reason(finding) + ": " +
                   finding.message);
  }
  switch (finding.status) {
    case Status::pass:
      return {};
    case Status::skipped:
      return skipped(finding.message);
    case Status::warn:
      return skipped("warn (" + severity + "): " + finding.message);
    case Status::fail:
      if (!reported.gates) {
        return skipped("fail below --fail-on (" + severity + "): " + finding.message);
      }
      break;
    case Status::error:
      break;
  }
  const std::string element = finding.status == Status::fail ? "failure" : "error";
  return "<" + element + " message=\"" + xml_attribute(finding.message) + "\" type=\"" +
         xml_attribute(finding.status == Status::fail ? to_string(finding.severity) : status) +
         "\">" + xml_content(details(reported)) + "</" + element + ">";
}

// Test case names, unique per classname: the subject, then " (2)", " (3)" when a check judged
// the same subject more than once (CI views merge test cases with equal names).
class TestCaseNames {
 public:
  std::string name(const Finding& finding) {
    const std::string subject = describe_with_context(finding.subject);
    const int seen = ++seen_[{finding.check_id, subject}];
    return seen == 1 ? subject : subject + " (" + std::to_string(seen) + ")";
  }

 private:
  std::map<std::pair<std::string, std::string>, int> seen_;
};

// With a history, an environment's suites carry what changed since its previous run as
// properties: since_previous_run ("worse (2 new)") and changes (the counts and the date).
void write_changes_properties(const EnvironmentChanges* changes, std::ostream& out) {
  if (changes == nullptr) return;
  out << "    <properties>\n      <property name=\"since_previous_run\" value=\""
      << xml_attribute(since_previous_run(*changes))
      << "\"/>\n      <property name=\"changes\" value=\""
      << xml_attribute(changes_summary(*changes)) << "\"/>\n    </properties>\n";
}

// The findings of one suite: their indexes in the report, in its order, and their counts.
struct Suite {
  SuiteCounts counts;
  std::vector<std::size_t> findings;
};

// Test case names are unique per classname, a check, whose findings are all in its layer's suite:
// each suite names its own.
void write_suite(const std::string& name, const Suite& suite, ReportedFindings::Reader& findings,
                 const EnvironmentChanges* changes, std::ostream& out) {
  out << "  <testsuite name=\"" << xml_attribute(name) << "\"" << count_attributes(suite.counts)
      << ">\n";
  write_changes_properties(changes, out);
  TestCaseNames names;
  for (const std::size_t index : suite.findings) {
    const ReportedFinding& reported = findings[index];
    const std::string body = outcome(reported);
    out << "    <testcase classname=\"" << xml_attribute(reported.finding.check_id) << "\" name=\""
        << xml_attribute(names.name(reported.finding)) << "\"";
    if (body.empty()) {
      out << "/>\n";
    } else {
      out << ">\n      " << body << "\n    </testcase>\n";
    }
  }
  out << "  </testsuite>\n";
}

// An incomplete scan (or environment) is one more test case in error, so that a CI that reads
// JUnit sees it.
void write_coverage_suite(const std::string& name, const ScanCoverage& coverage,
                          std::ostream& out) {
  out << "  <testsuite name=\"" << xml_attribute(name)
      << "\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
      << "    <testcase classname=\"coverage\" name=\"scan coverage\">\n      <error message=\""
      << xml_attribute(coverage.statement()) << "\"/>\n    </testcase>\n  </testsuite>\n";
}

// The Cloud part of an environment (or a plain scan) in words, as the standard output of a suite
// without test cases: its checks' results are test cases of the layer suites already.
void write_cloud_suite(const std::string& name,
                       const std::vector<const CloudAccountSummary*>& accounts,
                       const CloudResults& results, std::ostream& out) {
  std::string text;
  for (const CloudAccountSummary* account : accounts) {
    text += "Cloud: " + cloud_account_title(*account) + "\n";
    for (const CloudBlock& block : cloud_blocks(*account, results)) {
      text += "  " + block.title + "\n";
      for (const std::string& line : block.lines) text += "    " + line + "\n";
    }
  }
  out << "  <testsuite name=\"" << xml_attribute(name)
      << "\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\">\n    <system-out>"
      << xml_content(text) << "</system-out>\n  </testsuite>\n";
}

// A suite's name: the layer, after its inventory environment's name ("production: network").
std::string suite_name(const std::string& environment, std::string_view suite) {
  return environment.empty() ? std::string(suite) : environment + ": " + std::string(suite);
}

}  // namespace

void write_junit_report(const Report& report, std::ostream& out) {
  // An inventory's environments one after another (test names are unique within each); a plain
  // scan is one group without a name.
  struct Group {
    std::string environment;
    ScanCoverage coverage;
    const EnvironmentChanges* changes;
  };
  std::vector<Group> groups;
  for (const EnvironmentSummary& environment : report.environments) {
    groups.push_back({environment.name, environment.coverage,
                      environment.changes ? &*environment.changes : nullptr});
  }
  if (groups.empty()) groups.push_back({"", report.coverage, nullptr});
  // Each environment's findings by layer, in report order, found in one pass (a pass per
  // environment and layer made 10,000 environments take minutes), then read one at a time as
  // each suite is written.
  SuiteCounts total;
  std::map<std::pair<std::string, Layer>, Suite> by_suite;
  std::size_t index = 0;
  for (const ReportedFinding& reported : report.findings) {
    total.add(reported);
    Suite& suite = by_suite[{reported.environment, reported.spec->layer}];
    suite.counts.add(reported);
    suite.findings.push_back(index++);
  }
  const CloudResults cloud_results = mongoscan::cloud_results(report.findings);
  for (const Group& group : groups) {
    if (!group.coverage.complete()) {
      ++total.tests;
      ++total.errors;
    }
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\""
      << xml_attribute(report.tool_name) << "\"" << count_attributes(total) << ">\n";
  ReportedFindings::Reader findings(report.findings);
  for (const auto& [environment, coverage, changes] : groups) {
    for (const Layer layer : kLayers) {
      const auto found = by_suite.find({environment, layer});
      if (found != by_suite.end()) {
        write_suite(suite_name(environment, to_string(layer)), found->second, findings, changes,
                    out);
      }
    }
    if (!coverage.complete())
      write_coverage_suite(suite_name(environment, "coverage"), coverage, out);
    std::vector<const CloudAccountSummary*> accounts;
    for (const CloudAccountSummary& account : report.clouds)
      if (account.environment == environment) accounts.push_back(&account);
    if (!accounts.empty())
      write_cloud_suite(suite_name(environment, "cloud"), accounts, cloud_results, out);
  }
  out << "</testsuites>\n";
}

}  // namespace mongoscan
