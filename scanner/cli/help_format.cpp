#include "scanner/cli/help_format.h"

#include <array>
#include <string_view>
#include <utility>

namespace mongoscan {
namespace {

using Group = std::pair<std::string_view, std::string_view>;  // option's first long name, group

constexpr std::array kScanGroups = {
    Group{"uris", "Targets"},
    Group{"uri-file", "Targets"},
    Group{"app-uri-file", "Targets"},
    Group{"app-instances", "Targets"},
    Group{"inventory", "Targets"},
    Group{"env", "Targets"},
    Group{"tag", "Targets"},
    Group{"shard", "Targets"},
    Group{"username", "Credentials"},
    Group{"auth-source", "Credentials"},
    Group{"auth-mechanism", "Credentials"},
    Group{"password-file", "Credentials"},
    Group{"component-credentials", "Credentials"},
    Group{"tls-ca-file", "TLS"},
    Group{"tls-cert-key-file", "TLS"},
    Group{"tls-insecure", "TLS"},
    Group{"allow-plain-without-tls", "TLS"},
    Group{"no-probe", "Probing and timeouts"},
    Group{"dns-server", "Probing and timeouts"},
    Group{"concurrency", "Probing and timeouts"},
    Group{"max-nodes", "Probing and timeouts"},
    Group{"dns-timeout", "Probing and timeouts"},
    Group{"connect-timeout", "Probing and timeouts"},
    Group{"command-timeout", "Probing and timeouts"},
    Group{"node-timeout", "Probing and timeouts"},
    Group{"scan-timeout", "Probing and timeouts"},
    Group{"cloud", "Cloud control planes"},
    Group{"cloud-endpoint", "Cloud control planes"},
    Group{"cloud-ca-file", "Cloud control planes"},
    Group{"cloud-timeout", "Cloud control planes"},
    Group{"data-model", "Data model"},
    Group{"databases", "Data model"},
    Group{"exclude-db", "Data model"},
    Group{"sample-size", "Data model"},
    Group{"config-path", "Config scan"},
    Group{"files-from", "Config scan"},
    Group{"max-file-size", "Config scan"},
    Group{"skip-dir", "Config scan"},
    Group{"no-default-skips", "Config scan"},
    Group{"no-ignore-files", "Config scan"},
    Group{"no-follow-symlinks", "Config scan"},
    Group{"context", "Config scan"},
    Group{"format", "Reports"},
    Group{"output", "Reports"},
    Group{"report", "Reports"},
    Group{"color", "Reports"},
    Group{"no-color", "Reports"},
    Group{"view", "Reports"},
    Group{"framework", "Reports"},
    Group{"print", "Reports"},
    Group{"quiet", "Reports"},
    Group{"verbose", "Reports"},
    Group{"sarif-deployment", "Reports"},
    Group{"sarif-root", "Reports"},
    Group{"sarif-help-base", "Reports"},
    Group{"notify", "Reports"},
    Group{"notify-timeout", "Reports"},
    Group{"evidence-dir", "Evidence"},
    Group{"sign-key", "Evidence"},
    Group{"history", "History"},
    Group{"fail-on", "Gate"},
    Group{"fail-on-new", "Gate"},
    Group{"allow-incomplete", "Gate"},
    Group{"policy", "Gate"},
    Group{"workload", "Gate"},
    Group{"accept", "Gate"},
    Group{"baseline", "Gate"},
    Group{"write-baseline", "Gate"},
};

// "TEXT", "FLOAT", "UINT", "INT", "TEXT:{a,b}" -> the value's name, with the choices where the
// type lists them: "VALUE", "SECONDS"... are not known here, so the parser's base type stays.
std::string value_name(const CLI::Option* option) {
  const std::string type = option->get_type_name();
  const std::size_t open = type.find('{');
  if (open != std::string::npos) return type.substr(open, type.find('}', open) - open + 1);
  return type.substr(0, type.find(':'));
}

}  // namespace

std::string HelpFormatter::make_option_name(const CLI::Option* option, bool is_positional) const {
  std::string name = CLI::Formatter::make_option_name(option, is_positional);
  // A negated flag's default value: "--no-probe{false}".
  for (std::size_t open; (open = name.find('{')) != std::string::npos;)
    name.erase(open, name.find('}', open) - open + 1);
  return name;
}

std::string HelpFormatter::make_option_opts(const CLI::Option* option) const {
  if (option->get_type_size() == 0) return "";
  std::string text = " " + value_name(option);
  if (!option->get_default_str().empty()) text += " (default " + option->get_default_str() + ")";
  if (option->get_expected_max() == CLI::detail::expected_max_vector_size) text += " ...";
  return text;
}

void group_scan_options(CLI::App& scan) {
  for (CLI::Option* option : scan.get_options()) {
    const std::string name =
        option->get_lnames().empty() ? option->get_name() : option->get_lnames().front();
    for (const auto& [listed, group] : kScanGroups) {
      if (name == listed) option->group(std::string(group));
    }
  }
}

}  // namespace mongoscan
