#pragma once
// The Prometheus report: a node_exporter textfile-collector file (text exposition format 0.0.4)
// for dashboards and alerts on scans that run on a schedule.

#include <optional>
#include <ostream>
#include <string_view>

#include "reports/report.h"

namespace mongoscan {

// Writes, each with HELP and TYPE lines, gauges:
//   mongoscan_failing_findings{environment, severity}: unsuppressed fails, every severity (0 too,
//     so that alerts resolve);
//   mongoscan_check_failing_findings{environment, check}: per check with a result there;
//   mongoscan_gate_failed{environment}, mongoscan_scan_incomplete{environment}: 0 or 1;
//   mongoscan_scan_duration_seconds, mongoscan_last_run_timestamp_seconds;
//   mongoscan_last_success_timestamp_seconds: when a scan last finished having looked at
//     everything: this one's end when it did, else the value `previous` (the file this one
//     replaces) holds; absent when neither knows one.
// A scan without an inventory is the environment "default".
void write_prometheus_textfile(const Report& report, std::optional<std::string_view> previous,
                               std::ostream& out);

}  // namespace mongoscan
