#pragma once
// Reading risk acceptances (--accept FILE, and later the config file's list) into the plain list
// checks/acceptance judges. The YAML is a mapping whose `acceptances` key holds the entries:
//
//   acceptances:
//     - check: APP-002              # exact or glob
//       subject: "fixtures/*"       # exact or glob: host:port, file path, redacted URI, namespace
//       reason: test fixture        # required
//       expires: 2026-12-31         # required, YYYY-MM-DD: the last day it holds
//       owner: team-db              # optional

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <vector>

#include "checks/acceptance.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// The entries of a YAML sequence read from `path`, or a usage error "path:LINE: what is wrong"
// naming the entry's (or field's) line and never quoting a value. A connection string subject is
// redacted (its password becomes `***`), so no password from the file reaches a report.
Result<std::vector<Acceptance>> acceptances_from_yaml(const YAML::Node& entries,
                                                      std::string_view path);

// The entries of an acceptance file's text, read from `path`; errors as above.
Result<std::vector<Acceptance>> parse_acceptance_file(std::string_view text, std::string_view path);

}  // namespace mongoscan
