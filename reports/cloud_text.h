#pragma once
// The Cloud part in words, for the formats that print text (table, Markdown, JUnit, SARIF): per
// account, a block per scope, managed deployment and security group, each a title and its lines.
// The HTML report lays out the same facts in tables and a picture.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "reports/report.h"

namespace mongoscan {

struct CloudBlock {
  std::string title;  // "TencentDB instance cmgo-1 (orders): sharded 6.0 at 10.0.0.21:27017"
  std::vector<std::string> lines;
};

// "Tencent Cloud ap-guangzhou" or "MongoDB Atlas project 66a1…, organisation 66a0…".
std::string cloud_account_title(const CloudAccountSummary& account);

// The results of the checks about each cloud subject (suppressed ones apart), by subject name.
using CloudResults = std::map<std::string, StatusCounts, std::less<>>;
CloudResults cloud_results(const ReportedFindings& findings);
CloudResults cloud_results(const std::vector<const ReportedFinding*>& findings);

// A subject's results, worst first: "3 fail, 1 warn, 4 pass"; "no results" when none names it.
std::string cloud_results_text(const CloudResults& results, std::string_view subject);

// The account's blocks: its scopes (Atlas organisations and projects with their settings and
// access lists), deployments (settings, the nodes probed, each way in from the internet, the
// results of the checks about it), security groups with every rule, load balancers, and the reads
// that failed.
std::vector<CloudBlock> cloud_blocks(const CloudAccountSummary& account,
                                     const CloudResults& results);

}  // namespace mongoscan
