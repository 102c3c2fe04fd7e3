// The inventory reader (scanner/cli/inventory_file.h): an --inventory file may come from a
// scanned repository. Properties: any text either loads or is refused with
// "inventory.yaml:LINE: ..." (no exception escapes); loading is deterministic; every loaded
// environment has a name and something to scan.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "scanner/cli/inventory_file.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mongoscan;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto loaded = parse_inventory(text, "inventory.yaml");
  fuzz::check(loaded.ok() == parse_inventory(text, "inventory.yaml").ok(),
              "loading is deterministic");
  if (!loaded.ok()) {
    fuzz::check(loaded.error().message.starts_with("inventory.yaml:"),
                "a refused inventory is named with its line");
    return 0;
  }
  for (const InventoryEnvironment& environment : loaded.value().environments) {
    fuzz::check(!environment.name.empty(), "every environment has a name");
    fuzz::check(!environment.targets.empty() || !environment.config_paths.empty() ||
                    !environment.app_uri_files.empty(),
                "every environment has something to scan");
  }
  return 0;
}
