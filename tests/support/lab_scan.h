#pragma once
// Runs the mongoscan binary against a lab (tests/support/lab.h) and checks the two rules every lab
// scan must keep: only allowlisted commands reach the lab, and no lab password reaches any output.

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/lab.h"
#include "tests/support/process.h"

namespace mongoscan::testing_support {

struct Scan {
  ProcessResult process;
  // The JSON report, when the scan exited 0, 1 or 4 (validated against the schema).
  nlohmann::json report;
};

// Starts a lab profile with certificates shared by every lab of the test run.
std::unique_ptr<LabDeployment> start_lab(const std::string& profile, LabOptions options = {});

// The names of the commands the lab received so far.
std::vector<std::string> commands_sent(const LabDeployment& lab);

// `mongoscan scan --format json --fail-on none --connect-timeout 3` with the URI in a file (so no
// password is in argv; an empty URI: none), plus `extra` arguments.
Scan run_scan(const std::string& uri, std::vector<std::string> extra = {},
              std::vector<std::string> environment = {});

// run_scan, then: the lab's command log holds only allowlisted commands, and no password of any
// lab profile appears in stdout or stderr.
Scan scan(const LabDeployment& lab, const std::string& uri, std::vector<std::string> extra = {},
          std::vector<std::string> environment = {});

// scan() with mongoscan run under GNU time (/usr/bin/time -f %M): also its peak resident set.
struct MeasuredScan {
  Scan scan;
  long peak_rss_kib = -1;  // -1 when time reported none
};
MeasuredScan measured_scan(const LabDeployment& lab, const std::string& uri,
                           std::vector<std::string> extra = {});

// Fails the test if any of the secrets is in the scan's stdout or stderr (named by index only).
void expect_no_secret(const Scan& result, const std::vector<std::string>& secrets);

// The first target's first node; {} when there is none.
const nlohmann::json& only_node(const Scan& result);

// The first finding of a check; {} when there is none.
nlohmann::json finding(const Scan& result, const std::string& check_id);

// Every finding of a check.
std::vector<nlohmann::json> findings(const Scan& result, const std::string& check_id);

}  // namespace mongoscan::testing_support
