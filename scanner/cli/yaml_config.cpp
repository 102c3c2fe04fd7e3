#include "scanner/cli/yaml_config.h"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <cstdlib>
#include <sstream>

#include "scanner/cli/suggestion.h"
#include "scanner/infra/yaml_nodes.h"

namespace mongoscan {
namespace {

CLI::ConfigError config_error(const YAML::Mark& mark, const std::string& what) {
  return CLI::ConfigError("config file line " + std::to_string(mark.line + 1) + ": " + what);
}

// MONGOSCAN_FAIL_ON for fail-on: the variable that, when set, wins over the file.
bool set_in_environment(const std::string& option) {
  std::string name = "MONGOSCAN_";
  for (const char c : option) name += c == '-' ? '_' : static_cast<char>(std::toupper(c));
  const char* value = std::getenv(name.c_str());
  return value != nullptr && value[0] != '\0';
}

}  // namespace

std::string YamlConfig::to_config(const CLI::App*, bool, bool, std::string) const { return ""; }

std::vector<CLI::ConfigItem> YamlConfig::from_config(std::istream& input) const {
  std::ostringstream text;
  text << input.rdbuf();
  YAML::Node document;
  try {
    document = YAML::Load(text.str());
  } catch (const YAML::Exception& error) {
    throw config_error(error.mark, "not valid YAML: " + error.msg);
  }
  if (const auto repeated = repeated_key(document)) {
    throw CLI::ConfigError("config file line " + std::to_string(repeated->line) + ": " +
                           repeated->what);
  }
  std::vector<CLI::ConfigItem> items;
  if (document.IsNull()) return items;
  if (!document.IsMap()) throw config_error(document.Mark(), "expected option: value lines");
  for (const auto& entry : document) {
    const std::string name = entry.first.Scalar();
    if (name == "uris") {
      throw config_error(entry.first.Mark(),
                         "connection strings may carry passwords: give them with --uri-file");
    }
    if (subcommand_.get_option_no_throw("--" + name) == nullptr) {
      std::vector<std::string> names;
      for (const CLI::Option* option : subcommand_.get_options())
        for (const std::string& known : option->get_lnames()) names.push_back(known);
      const auto suggestion = closest_name(name, names);
      throw config_error(entry.first.Mark(),
                         "no " + subcommand_.get_name() + " option " + name +
                             (suggestion ? " (did you mean " + *suggestion + "?)" : ""));
    }
    CLI::ConfigItem item;
    item.parents = {subcommand_.get_name()};
    item.name = name;
    if (entry.second.IsScalar()) {
      item.inputs.push_back(entry.second.Scalar());
    } else if (entry.second.IsSequence()) {
      for (const YAML::Node& value : entry.second) {
        if (!value.IsScalar()) throw config_error(value.Mark(), name + ": a list of plain values");
        item.inputs.push_back(value.Scalar());
      }
    } else {
      throw config_error(entry.second.Mark(), name + ": expected a value or a list of values");
    }
    if (!set_in_environment(name)) items.push_back(std::move(item));
  }
  return items;
}

}  // namespace mongoscan
