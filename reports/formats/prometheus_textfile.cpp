#include "reports/formats/prometheus_textfile.h"

#include <array>
#include <charconv>
#include <map>
#include <string>

#include "reports/history/history_run.h"
#include "scanner/time/utc_time.h"

namespace mongoscan {
namespace {

constexpr std::string_view kLastSuccess = "mongoscan_last_success_timestamp_seconds";

// A label value with backslash, double quote and line feed escaped, as the format requires.
std::string label_value(std::string_view text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '\\' || c == '"') {
      escaped += '\\';
      escaped += c;
    } else if (c == '\n') {
      escaped += "\\n";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

// Seconds as the text format writes a float: "42" or "7.25".
std::string seconds_text(std::int64_t milliseconds) {
  std::string text = std::to_string(milliseconds / 1000);
  if (const long long rest = milliseconds % 1000; rest != 0) {
    std::string fraction = std::to_string(1000 + rest).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    text += "." + fraction;
  }
  return text;
}

// The last-success sample of the file this one replaces.
std::optional<std::string> previous_last_success(std::string_view previous) {
  std::size_t start = 0;
  while (start < previous.size()) {
    std::size_t end = previous.find('\n', start);
    if (end == std::string_view::npos) end = previous.size();
    const std::string_view line = previous.substr(start, end - start);
    if (line.starts_with(kLastSuccess) && line.size() > kLastSuccess.size() &&
        line[kLastSuccess.size()] == ' ') {
      const std::string_view value = line.substr(kLastSuccess.size() + 1);
      double seconds = 0;
      const auto [rest, error] =
          std::from_chars(value.data(), value.data() + value.size(), seconds);
      if (error == std::errc{} && rest == value.data() + value.size()) return std::string(value);
    }
    start = end + 1;
  }
  return std::nullopt;
}

void gauge_header(std::string_view name, std::string_view help, std::ostream& out) {
  out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << " gauge\n";
}

struct EnvironmentMetrics {
  std::array<int, 5> failing_by_severity{};  // index: severity_index
  std::map<std::string, int> failing_by_check;
  bool gate_failed = false;
  bool incomplete = false;
};

}  // namespace

void write_prometheus_textfile(const Report& report, std::optional<std::string_view> previous,
                               std::ostream& out) {
  std::map<std::string, EnvironmentMetrics> environments;
  for (const EnvironmentSummary& environment : report.environments) {
    EnvironmentMetrics& metrics = environments[environment.name];
    metrics.gate_failed = environment.gate_fails;
    metrics.incomplete = !environment.error.empty() || !environment.coverage.complete();
  }
  if (report.environments.empty()) {
    EnvironmentMetrics& metrics = environments[std::string(kDefaultEnvironment)];
    metrics.incomplete = !report.coverage.complete();
  }
  for (const ReportedFinding& reported : report.findings) {
    const std::string name = report.environments.empty() || reported.environment.empty()
                                 ? std::string(kDefaultEnvironment)
                                 : reported.environment;
    EnvironmentMetrics& metrics = environments[name];
    int& by_check = metrics.failing_by_check[reported.finding.check_id];
    if (reported.gates && report.environments.empty()) metrics.gate_failed = true;
    if (reported.finding.status != Status::fail || is_suppressed(reported.finding)) continue;
    ++by_check;
    ++metrics.failing_by_severity[severity_index(reported.finding.severity)];
  }

  gauge_header("mongoscan_failing_findings",
               "Unsuppressed failing results of the last scan, by environment and severity.", out);
  for (const auto& [name, metrics] : environments) {
    for (std::size_t i = 0; i < metrics.failing_by_severity.size(); ++i) {
      out << "mongoscan_failing_findings{environment=\"" << label_value(name) << "\",severity=\""
          << to_string(severity_at(i)) << "\"} " << metrics.failing_by_severity[i] << '\n';
    }
  }
  gauge_header("mongoscan_check_failing_findings",
               "Unsuppressed failing results of the last scan, by environment and check.", out);
  for (const auto& [name, metrics] : environments) {
    for (const auto& [check, count] : metrics.failing_by_check) {
      out << "mongoscan_check_failing_findings{environment=\"" << label_value(name) << "\",check=\""
          << label_value(check) << "\"} " << count << '\n';
    }
  }
  gauge_header("mongoscan_gate_failed", "1 when a result of the environment fails the gate.", out);
  for (const auto& [name, metrics] : environments) {
    out << "mongoscan_gate_failed{environment=\"" << label_value(name) << "\"} "
        << (metrics.gate_failed ? 1 : 0) << '\n';
  }
  gauge_header("mongoscan_scan_incomplete",
               "1 when the scan could not look at everything in the environment.", out);
  for (const auto& [name, metrics] : environments) {
    out << "mongoscan_scan_incomplete{environment=\"" << label_value(name) << "\"} "
        << (metrics.incomplete ? 1 : 0) << '\n';
  }
  const std::optional<std::int64_t> started = parse_utc_milliseconds(report.started_at);
  const std::optional<std::int64_t> finished = parse_utc_milliseconds(report.finished_at);
  if (started && finished) {
    gauge_header("mongoscan_scan_duration_seconds", "How long the last scan took.", out);
    out << "mongoscan_scan_duration_seconds " << seconds_text(*finished - *started) << '\n';
  }
  if (finished) {
    gauge_header("mongoscan_last_run_timestamp_seconds", "When the last scan finished.", out);
    out << "mongoscan_last_run_timestamp_seconds " << seconds_text(*finished) << '\n';
  }
  bool looked_at_everything = true;
  for (const auto& [name, metrics] : environments) looked_at_everything &= !metrics.incomplete;
  std::optional<std::string> last_success;
  if (looked_at_everything && finished) {
    last_success = seconds_text(*finished);
  } else if (previous) {
    last_success = previous_last_success(*previous);
  }
  if (last_success) {
    gauge_header(kLastSuccess, "When a scan last finished having looked at everything.", out);
    out << kLastSuccess << ' ' << *last_success << '\n';
  }
}

}  // namespace mongoscan
