#pragma once
// The scan's defaults from a YAML file (.mongoscan.yaml at the repository root, or --config FILE):
// one key per scan option, its long name without the dashes, and a value or a list of values.
//
//   fail-on: high
//   config-path: [., ../shared-config]
//   report: [sarif:mongoscan.sarif, html:report.html]
//
// What decides an option: the command line, then the environment (MONGOSCAN_<OPTION>), then the
// file. Connection strings are not taken from it: they may carry passwords (use --uri-file).

#include <CLI/CLI.hpp>
#include <istream>
#include <string>
#include <vector>

namespace mongoscan {

class YamlConfig : public CLI::Config {
 public:
  // The file's keys are options of `subcommand`, which must outlive this.
  explicit YamlConfig(const CLI::App& subcommand) : subcommand_(subcommand) {}

  // Unused: mongoscan reads configuration, it never writes it.
  std::string to_config(const CLI::App*, bool, bool, std::string) const override;
  // The file's options; CLI::ConfigError (naming the line) for text that is no YAML mapping of
  // the subcommand's option names to scalars or lists of scalars, or that names the connection
  // strings; a mistyped name gets the closest one.
  std::vector<CLI::ConfigItem> from_config(std::istream& input) const override;

 private:
  const CLI::App& subcommand_;
};

}  // namespace mongoscan
