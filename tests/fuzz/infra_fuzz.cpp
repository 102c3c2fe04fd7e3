// The YAML infrastructure readers (scanner/infra/infra_yaml.h: Kubernetes, CloudFormation, Compose,
// Helm values), the cloud CLI exports (scanner/infra/cloud_exports.h) and Terraform's JSON
// (scanner/infra/terraform.h), each given the input as a file's text, and the dispatch that picks
// among them by name (scanner/infra/infra_file.h). Properties: no exception escapes a reader; every
// rule and endpoint names its file and sits on a line of it (line 1 for JSON read without
// positions), with ports running first to last; every problem starts with the file's name.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "scanner/infra/cloud_exports.h"
#include "scanner/infra/infra_file.h"
#include "scanner/infra/infra_yaml.h"
#include "scanner/infra/terraform.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

// The file names scan_infrastructure_file reads as YAML, as JSON and as a server config.
constexpr std::string_view kDispatchedPaths[] = {"compose.yaml", "export.json", "mongod.conf"};

bool ports_in_order(const std::vector<PortRange>& ports) {
  return std::all_of(ports.begin(), ports.end(),
                     [](const PortRange& range) { return range.first <= range.last; });
}

// `scan` holds only facts of the file at `path`, on lines first_line..last_line.
void check_scan(const ExposureScan& scan, std::string_view path, int first_line, int last_line) {
  const auto on_a_line = [&](const FileLocation& location) {
    return location.path == path && location.line >= first_line && location.line <= last_line;
  };
  for (const NetworkRule& rule : scan.rules) {
    fuzz::check(on_a_line(rule.location), "a rule sits on a line of its file");
    fuzz::check(ports_in_order(rule.ports), "a rule's port ranges run first to last");
  }
  for (const NetworkEndpoint& endpoint : scan.endpoints) {
    fuzz::check(on_a_line(endpoint.location), "an endpoint sits on a line of its file");
    fuzz::check(ports_in_order(endpoint.ports), "an endpoint's port ranges run first to last");
  }
  for (const std::string& problem : scan.problems) {
    fuzz::check(problem.starts_with(std::string(path) + ":"), "a problem starts with its file");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // YAML breaks lines at LF, CR and CRLF: counting both is a bound on its lines.
  const int last_line = static_cast<int>(std::count(text.begin(), text.end(), '\n') +
                                         std::count(text.begin(), text.end(), '\r')) +
                        1;
  check_scan(read_infra_yaml("infra.yaml", text), "infra.yaml", 1, last_line);
  const nlohmann::json document =
      nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!document.is_discarded()) {
    check_scan(read_cloud_export("export.json", document), "export.json", 1, 1);
    check_scan(read_terraform_json("main.tf.json", document), "main.tf.json", 1, 1);
  }
  for (const std::string_view path : kDispatchedPaths) {
    check_scan(scan_infrastructure_file(path, text), path, 1, last_line);
  }
  return 0;
}
