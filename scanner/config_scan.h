#pragma once
// The config scan: lists files (file_walk.h), reads each on a few threads and finds credentials and
// connection strings in it (config_text_scan.h). Binary and unreadable files are skipped with a
// reason; nothing here fails the scan.

#include <string>
#include <vector>

#include "scanner/config_facts.h"
#include "scanner/file_walk.h"

namespace mongoscan {

struct ConfigScanSettings {
  WalkSettings walk;
  std::size_t threads = 0;  // 0: one per core
};

// Scans every file under `roots` (files or directories). Facts are in path order, whatever the
// threads' order.
ConfigFacts scan_config_paths(const std::vector<std::string>& roots,
                              const ConfigScanSettings& settings);

}  // namespace mongoscan
