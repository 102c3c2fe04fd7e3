#pragma once
// The config scan: lists files (file_walk.h), reads each on a few threads and finds credentials and
// connection strings in it (config_text_scan.h), and what infrastructure files expose
// (infra_file.h). Binary and unreadable files, and a file whose scan
// failed, are skipped with a reason; nothing here fails the scan.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/config_scan/config_text_scan.h"
#include "scanner/config_scan/file_walk.h"
#include "scanner/facts/config_facts.h"
#include "scanner/infra/infra_file.h"

namespace mongoscan {

// How one file's text is scanned. An exception it throws skips that file with
// kInternalErrorReason (scanner/facts/config_facts.h) and the scan goes on.
using TextScanFunction = std::function<TextScan(std::string_view path, std::string_view text,
                                                const TextScanLimits& limits)>;

// How a file that may be infrastructure (infra_file.h) is read; an exception it throws is that
// file's problem.
using InfrastructureScanFunction =
    std::function<ExposureScan(std::string_view path, std::string_view text)>;

struct ConfigScanSettings {
  WalkSettings walk;
  std::size_t threads = 0;  // 0: one per core
  TextScanLimits per_file;  // credentials kept per file and kind; the rest are counted
  // Credentials and distinct connection strings kept over the whole scan: a bound on its memory
  // whatever the files hold. The rest are counted.
  std::size_t max_credentials = 10000;
  std::size_t max_connection_strings = 10000;
  TextScanFunction scan_text = scan_config_text;  // tests swap it to inject a failure
  InfrastructureScanFunction scan_infrastructure = scan_infrastructure_file;
};

// Scans every file under `roots` (files or directories). Facts are in path order, whatever the
// threads' order.
ConfigFacts scan_config_paths(const std::vector<std::string>& roots,
                              const ConfigScanSettings& settings);

}  // namespace mongoscan
