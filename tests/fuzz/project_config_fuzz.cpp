// The project configuration reader (scanner/cli/yaml_config.h): a .mongoscan.yaml is committed to
// the repository mongoscan scans, so anyone who can push may write it. Properties: any text either
// gives option items or is refused with CLI::ConfigError "config file line N: ..." (no other
// exception escapes); reading is deterministic; every item names an option of the subcommand and
// none is the connection strings.

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "scanner/cli/yaml_config.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

// A scan subcommand with options of each shape the real one has: a value, a list, a flag.
struct ScanOptions {
  CLI::App app{"fuzz"};
  CLI::App* scan = app.add_subcommand("scan");
  std::string fail_on;
  std::vector<std::string> config_paths;
  std::vector<std::string> reports;
  bool no_probe = false;

  ScanOptions() {
    scan->add_option("--fail-on", fail_on);
    scan->add_option("--config-path", config_paths);
    scan->add_option("--report", reports);
    scan->add_flag("--no-probe", no_probe);
  }
};

// The items read from text, or the refusal's message; "" when something else was thrown.
struct Reading {
  std::vector<CLI::ConfigItem> items;
  std::string refusal;
  bool other_exception = false;
};

Reading read_config(const mongoscan::YamlConfig& config, const std::string& text) {
  Reading reading;
  std::istringstream input(text);
  try {
    reading.items = config.from_config(input);
  } catch (const CLI::ConfigError& error) {
    reading.refusal = error.what();
  } catch (...) {
    reading.other_exception = true;
  }
  return reading;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mongoscan;
  static ScanOptions options;
  const YamlConfig config(*options.scan);
  const std::string text(reinterpret_cast<const char*>(data), size);
  const Reading first = read_config(config, text);
  fuzz::check(!first.other_exception, "only CLI::ConfigError escapes");
  const Reading second = read_config(config, text);
  fuzz::check(first.refusal == second.refusal && first.items.size() == second.items.size(),
              "reading is deterministic");
  if (!first.refusal.empty()) {
    fuzz::check(first.refusal.starts_with("config file line "),
                "a refusal names the line");
    return 0;
  }
  for (const CLI::ConfigItem& item : first.items) {
    fuzz::check(item.name != "uris", "connection strings are never taken from the file");
    fuzz::check(options.scan->get_option_no_throw("--" + item.name) != nullptr,
                "every item is an option of the subcommand");
  }
  return 0;
}
