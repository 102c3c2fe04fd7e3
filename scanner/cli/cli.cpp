#include "scanner/cli/cli.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <optional>
#include <sstream>

#include "checks/baseline.h"
#include "checks/policy_json.h"
#include "checks/registry.h"
#include "checks/text_list.h"
#include "reports/catalogue.h"
#include "reports/findings_view.h"
#include "reports/formats/json_report_reader.h"
#include "reports/framework_coverage_report.h"
#include "reports/history/history_store.h"
#include "reports/history/report_changes.h"
#include "reports/parsed_uri.h"
#include "reports/report_merge.h"
#include "reports/seedlist_json.h"
#include "scanner/cli/acceptance_file.h"
#include "scanner/cli/baseline_command.h"
#include "scanner/cli/evidence_command.h"
#include "scanner/cli/help_format.h"
#include "scanner/cli/history_command.h"
#include "scanner/cli/inventory_file.h"
#include "scanner/cli/manual_page.h"
#include "scanner/cli/option_values.h"
#include "scanner/cli/report_flags.h"
#include "scanner/cli/scan_command.h"
#include "scanner/cli/shell_completion.h"
#include "scanner/cli/suggestion.h"
#include "scanner/cli/version.h"
#include "scanner/cli/yaml_config.h"
#include "scanner/cloud/cloud_target.h"
#include "scanner/cloud/least_privilege_policy.h"
#include "scanner/dns/srv_seedlist.h"
#include "scanner/posix/input_file.h"
#include "scanner/probe/auditor_role.h"
#include "scanner/secrets/digest.h"
#include "scanner/uri/uri.h"

namespace mongoscan {
namespace {

// The scan's defaults, read from the working directory (the repository root in CI) when present.
constexpr const char* kConfigFileName = ".mongoscan.yaml";

struct ScanOptions {
  std::vector<std::string> uris;
  std::vector<std::string> uri_files;
  std::vector<std::string> app_uri_files;
  std::string policy_file;
  std::string workload;
  double connect_timeout_seconds = 5;
  double command_timeout_seconds = 10;
  double node_timeout_seconds = 60;
  double dns_timeout_seconds = 10;
  double scan_timeout_seconds = 900;
  std::optional<std::int64_t> app_instances;
  std::string files_from;  // --files-from: a file (or "-" for stdin) with one path per line
  std::string baseline_file;
  std::string accept_file;
  std::vector<std::string> config_paths;       // --config-path
  std::vector<std::string> clouds;             // --cloud PROVIDER:REGION[,REGION]
  std::vector<std::string> cloud_endpoints;    // --cloud-endpoint SERVICE=URL
  std::string cloud_ca_file;                   // --cloud-ca-file
  double cloud_timeout_seconds = 300;          // --cloud-timeout
  std::string notify_url;                      // --notify
  double notify_timeout_seconds = 30;          // --notify-timeout
  std::string inventory_file;                  // --inventory
  std::vector<std::string> environment_names;  // --env
  std::vector<std::string> tag_filters;        // --tag KEY=VALUE
  std::string shard;                           // --shard I/N
  bool data_model = false;
  DataModelOptions data_model_options;
  ReportOptions reports;
  EvidenceOptions evidence;
};

// The whole file `flag` names (read_input_file: a regular file within the kind's limit); a usage
// error "--flag PATH: why" when it cannot be read.
Result<std::string> read_text_file(const std::string& path, std::string_view flag, InputKind kind) {
  InputRead read = read_input_file(path, kind);
  if (!read) {
    return Error{ErrorCode::usage, std::string(flag),
                 std::string(flag) + " " + path + ": " + read.refused};
  }
  return std::move(read.text);
}

// One URI per line; blank lines and lines starting with '#' are skipped. Each keeps its file and
// line (UriInput::listed_at), where reports locate its findings.
Result<std::vector<UriInput>> read_uri_file(const std::string& path, bool probe) {
  auto text = read_text_file(path, probe ? "--uri-file" : "--app-uri-file", kUriListInput);
  if (!text) return text.error();
  std::vector<UriInput> inputs;
  std::istringstream lines(text.value());
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    inputs.push_back({path + ":" + std::to_string(number), line.substr(first, last - first + 1),
                      probe, ListedAt{path, number}});
  }
  return inputs;
}

// The policy a scan (or an inventory environment) judges by: a file, a preset (dev-spec, stig) or
// the defaults, with its workload and application instances overridden when given. `flag` names
// where the file and workload came from in errors ("--policy", or "inventory.yaml:7: policy").
Result<Policy> load_policy(const std::string& file, const std::string& workload,
                           std::optional<std::int64_t> app_instances, const std::string& flag,
                           const std::string& workload_flag) {
  Policy policy;
  if (auto preset = policy_preset(file)) {
    policy = std::move(preset).value();
  } else if (!file.empty()) {
    // A name that is no file may be a mistyped preset: say which presets there are.
    if (file.find('/') == std::string::npos && !std::filesystem::exists(file)) {
      const std::vector<std::string> presets = {std::string(kDevelopmentSpecificationPreset),
                                                std::string(kStigPreset)};
      const auto closest = closest_name(file, presets);
      return Error{ErrorCode::usage, "policy",
                   flag + " " + file + ": no such file, nor a preset (presets: " + join(presets) +
                       (closest ? "; did you mean " + *closest + "?" : "") + ")"};
    }
    auto text = read_text_file(file, flag, kPolicyInput);
    if (!text) return text.error();
    auto parsed = parse_policy(text.value());
    if (!parsed) {
      return Error{ErrorCode::usage, "policy", flag + " " + file + ": " + parsed.error().message};
    }
    policy = std::move(parsed).value();
  }
  if (!workload.empty()) {
    // The policy file's own workload is checked when it is read; a mistyped --workload would
    // otherwise silently skip the checks that depend on it.
    if (!policy.read_preferences.contains(workload)) {
      std::vector<std::string> workloads;
      for (const auto& entry : policy.read_preferences) workloads.push_back(entry.first);
      const auto suggestion = closest_name(workload, workloads);
      std::string known;
      for (const std::string& name : workloads) known += (known.empty() ? "" : ", ") + name;
      return Error{ErrorCode::usage, "policy",
                   workload_flag + " '" + workload + "' is no workload of the policy (" + known +
                       ")" + (suggestion ? "; did you mean " + *suggestion + "?" : "")};
    }
    policy.workload = workload;
  }
  if (app_instances) policy.connection_budget.app_instances = app_instances;
  return policy;
}

// The paths --files-from names: one per line, blank lines skipped (`git diff --name-only | …`).
Result<std::vector<std::string>> read_path_list(const std::string& source, std::istream* in) {
  std::string text;
  if (source == "-") {
    if (in != nullptr) {
      InputRead from_stdin = read_input_stream(*in, kPathListInput);
      if (!from_stdin) {
        return Error{ErrorCode::usage, "--files-from",
                     "--files-from - (standard input): " + from_stdin.refused};
      }
      text = std::move(from_stdin.text);
    }
  } else {
    auto from_file = read_text_file(source, "--files-from", kPathListInput);
    if (!from_file) return from_file.error();
    text = std::move(from_file).value();
  }
  std::vector<std::string> paths;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) paths.push_back(line);
  }
  return paths;
}

// The paths to scan (--config-path, then --files-from's) and the baseline.
std::optional<CommandError> collect_config_inputs(const ScanOptions& options, std::istream* in,
                                                  std::vector<std::string>& paths,
                                                  ConfigScanRequest& config) {
  paths = options.config_paths;
  if (!options.files_from.empty()) {
    auto listed = read_path_list(options.files_from, in);
    if (!listed) return CommandError{kExitUsage, listed.error().message};
    paths.insert(paths.end(), listed.value().begin(), listed.value().end());
  }
  if (!options.baseline_file.empty()) {
    auto text = read_text_file(options.baseline_file, "--baseline", kBaselineInput);
    if (!text) return CommandError{kExitUsage, text.error().message};
    auto baseline = parse_baseline(text.value());
    if (!baseline) {
      return CommandError{kExitUsage,
                          "--baseline " + options.baseline_file + ": " + baseline.error().message};
    }
    config.baseline = std::move(baseline).value();
  } else if (!config.write_baseline_file.empty() &&
             std::filesystem::is_regular_file(config.write_baseline_file)) {
    // Rewriting a baseline keeps its entries' first-seen dates: the file read is the previous one.
    auto text = read_text_file(config.write_baseline_file, "--write-baseline", kBaselineInput);
    if (text) {
      if (auto baseline = parse_baseline(text.value()))
        config.baseline = std::move(baseline).value();
    }
  }
  return std::nullopt;
}

Result<std::vector<Acceptance>> load_acceptances(const std::string& path) {
  if (path.empty()) return std::vector<Acceptance>{};
  auto text = read_text_file(path, "accept", kAcceptanceInput);
  if (!text) return text.error();
  return parse_acceptance_file(text.value(), path);
}

// --cloud-endpoint and --cloud-ca-file into `settings`; a usage error names the option.
std::optional<CommandError> collect_cloud_settings(const ScanOptions& options,
                                                   CloudSettings& settings) {
  for (const std::string& text : options.cloud_endpoints) {
    auto endpoint = parse_cloud_endpoint(text);
    if (!endpoint) return CommandError{kExitUsage, endpoint.error().message};
    settings.endpoints.insert_or_assign(endpoint.value().first, endpoint.value().second);
  }
  if (!settings.endpoints.contains("atlas")) {
    auto named = atlas_endpoint_from_environment();
    if (!named) return CommandError{kExitUsage, named.error().message};
    if (named.value()) settings.endpoints.emplace("atlas", *named.value());
  }
  if (!options.cloud_ca_file.empty()) {
    auto bundle = read_text_file(options.cloud_ca_file, "--cloud-ca-file", kCaBundleInput);
    if (!bundle) return CommandError{kExitUsage, bundle.error().message};
    settings.ca_file = options.cloud_ca_file;
  }
  return std::nullopt;
}

std::optional<CommandError> collect_uri_inputs(const ScanOptions& options, std::ostream& err,
                                               std::vector<UriInput>& inputs, bool config_scan) {
  for (std::size_t i = 0; i < options.uris.size(); ++i) {
    inputs.push_back({"argument " + std::to_string(i + 1), options.uris[i]});
  }
  for (const auto& [paths, probe] :
       {std::pair{&options.uri_files, true}, {&options.app_uri_files, false}}) {
    for (const std::string& path : *paths) {
      auto from_file = read_uri_file(path, probe);
      if (!from_file) return CommandError{kExitUsage, from_file.error().message};
      inputs.insert(inputs.end(), from_file.value().begin(), from_file.value().end());
    }
  }
  if (inputs.empty() && !config_scan && options.clouds.empty()) {
    return CommandError{kExitUsage,
                        "scan: give at least one connection string (argument, --uri-file or "
                        "--app-uri-file), files to scan (--config-path, --files-from) or a cloud "
                        "account (--cloud)"};
  }
  for (std::size_t i = 0; i < options.uris.size(); ++i) {
    auto parsed = parse_connection_string(options.uris[i]);
    if (parsed && parsed.value().credentials && parsed.value().credentials->password) {
      err << "mongoscan: warning: argument " << i + 1
          << " carries a password, which other users can see in the process list; prefer "
             "--uri-file\n";
    }
  }
  return std::nullopt;
}

std::chrono::milliseconds to_milliseconds(double seconds) {
  return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
}

// The first argument that names no command or option: "unknown option --fromat (did you mean
// --format?)", "unknown command scna (did you mean scan?)"; nullopt when every one is known.
std::optional<std::string> unknown_argument(const std::vector<std::string>& args,
                                            const CLI::App& app) {
  std::vector<std::string> commands, options;
  std::vector<const CLI::App*> apps = {&app};
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) {
    commands.push_back(command->get_name());
    apps.push_back(command);
  }
  for (const CLI::App* each : apps) {
    for (const CLI::Option* option : each->get_options()) {
      for (const std::string& name : option->get_lnames()) options.push_back("--" + name);
      for (const std::string& name : option->get_snames()) options.push_back("-" + name);
    }
  }
  auto known = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  auto with_suggestion = [](std::string text, const std::optional<std::string>& suggestion) {
    return suggestion ? text + " (did you mean " + *suggestion + "?)" : text;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    if (args[i].starts_with("--")) {
      const std::string name = args[i].substr(0, args[i].find('='));
      if (!known(options, name))
        return with_suggestion("unknown option " + name, closest_name(name, options));
    } else if (i == 0 && !args[i].starts_with("-") && !known(commands, args[i])) {
      return with_suggestion("unknown command " + args[i], closest_name(args[i], commands));
    }
  }
  return std::nullopt;
}

// CLI11's refusal of a value, "--fail-on: 'hihg' is not ...", said where the value came from when
// the command line did not give it: its MONGOSCAN_* variable, which wins over the config file
// ("MONGOSCAN_FAIL_ON: ..."), or the config file and the line that sets it ("m.yaml line 3:
// fail-on: ..."). The config file's own errors ("config file line 2: ...") name the file.
std::string said_where_from(std::string message, const std::vector<std::string>& args,
                            const CLI::App& scan, const std::string& config_path) {
  if (message.starts_with("config file")) return config_path + message.substr(11);
  const std::size_t colon = message.find(": ");
  if (!message.starts_with("--") || colon == std::string::npos) return message;
  const std::string name = message.substr(0, colon);
  const CLI::Option* option = scan.get_option_no_throw(name);
  if (option == nullptr) return message;
  for (const std::string& arg : args) {
    if (arg == name || arg.starts_with(name + "=")) return message;
    for (const std::string& short_name : option->get_snames())
      if (arg.starts_with("-" + short_name)) return message;
  }
  const std::string rest = message.substr(colon + 2);
  const char* variable =
      option->get_envname().empty() ? nullptr : std::getenv(option->get_envname().c_str());
  if (variable != nullptr && *variable != '\0') return option->get_envname() + ": " + rest;
  const std::string key = name.substr(2);
  const auto text = read_text_file(config_path, "--config", kConfigInput);  // regular, bounded
  if (!text) return message;
  std::istringstream lines(text.value());
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (line.starts_with(key + ":")) {
      return config_path + " line " + std::to_string(number) + ": " + key + ": " + rest;
    }
  }
  return message;
}

// The inventory's environments that --env and --tag pick, each with its targets, files, policy
// and account (the command line's where the inventory gives none), into the request with the
// inventory's hash and its history (unless --history named one). An environment whose policy
// cannot be loaded carries the error, to be reported in its section.
Result<Ok> add_inventory_environments(const ScanOptions& options, ScanRequest& request) {
  const ProbeSettings& probe = request.probe;
  auto text = read_text_file(options.inventory_file, "--inventory", kInventoryInput);
  if (!text) return text.error();
  auto inventory = parse_inventory(text.value(), options.inventory_file);
  if (!inventory) return inventory.error();
  request.inventory_sha256 = sha256_hex(text.value());
  if (request.history_file.empty()) request.history_file = inventory.value().history;
  InventoryShard shard;
  if (!options.shard.empty()) {
    auto parsed = parse_shard(options.shard);
    if (!parsed) return parsed.error();
    shard = parsed.value();
  }
  auto selected =
      select_environments(inventory.value(), options.environment_names, options.tag_filters, shard);
  if (!selected) return selected.error();
  for (const InventoryEnvironment& listed : selected.value()) {
    EnvironmentRequest& environment = request.environments.emplace_back();
    environment.name = listed.name;
    environment.tags = listed.tags;
    for (const InventoryTarget& target : listed.targets) {
      environment.inputs.push_back(
          {target.listed_at.file + ":" + std::to_string(target.listed_at.line), target.text, true,
           target.listed_at});
    }
    // An unreadable list is this environment's error, as an unusable policy is.
    for (const std::string& path : listed.app_uri_files) {
      auto from_file = read_uri_file(path, false);
      if (!from_file) {
        environment.error = from_file.error();
        break;
      }
      environment.inputs.insert(environment.inputs.end(), from_file.value().begin(),
                                from_file.value().end());
    }
    environment.config_paths = listed.config_paths;
    environment.clouds = listed.clouds;
    environment.probe = probe;
    ProbeSettings& account = environment.probe;
    for (const auto& [from, to] : {std::pair{&listed.username, &account.username},
                                   {&listed.auth_source, &account.auth_source},
                                   {&listed.auth_mechanism, &account.auth_mechanism},
                                   {&listed.tls_ca_file, &account.tls_ca_file},
                                   {&listed.tls_cert_key_file, &account.tls_cert_key_file}}) {
      if (!from->empty()) *to = *from;
    }
    if (!listed.password_env.empty() || !listed.password_file.empty()) {
      account.password_env = listed.password_env;
      account.password_file = listed.password_file;
    }
    account.tls_insecure = account.tls_insecure || listed.tls_insecure;
    const std::string origin =
        listed.defined_at.file + ":" + std::to_string(listed.defined_at.line) + ": ";
    auto policy = load_policy(listed.policy.empty() ? options.policy_file : listed.policy,
                              listed.workload.empty() ? options.workload : listed.workload,
                              listed.app_instances ? listed.app_instances : options.app_instances,
                              origin + "policy", origin + "workload");
    if (policy) {
      environment.policy = std::move(policy).value();
    } else if (!environment.error) {
      environment.error = policy.error();
    }
  }
  return Ok{};
}

std::optional<CommandError> prepare_and_run_scan(const ScanOptions& options, ScanRequest request,
                                                 const CliStreams& streams) {
  auto reports = report_destinations(options.reports);
  if (!reports)
    return CommandError{kExitUsage, reports.error().phase + " " + reports.error().message};
  request.reports = std::move(reports).value();
  auto evidence = plan_evidence(options.evidence);
  if (!evidence) return CommandError{kExitUsage, evidence.error().message};
  request.evidence = std::move(evidence).value();
  auto acceptances = load_acceptances(options.accept_file);
  if (!acceptances) return CommandError{kExitUsage, "--accept " + acceptances.error().message};
  request.acceptances = std::move(acceptances).value();
  std::vector<std::string> config_paths;
  if (auto error = collect_config_inputs(options, streams.in, config_paths, request.config)) {
    return error;
  }
  request.probe.connect_timeout = to_milliseconds(options.connect_timeout_seconds);
  request.probe.command_timeout = to_milliseconds(options.command_timeout_seconds);
  request.probe.node_timeout = to_milliseconds(options.node_timeout_seconds);
  request.probe.dns_timeout = to_milliseconds(options.dns_timeout_seconds);
  request.probe.scan_timeout = to_milliseconds(options.scan_timeout_seconds);
  request.cloud.phase_timeout = to_milliseconds(options.cloud_timeout_seconds);
  if (auto error = collect_cloud_settings(options, request.cloud)) return error;
  if (!options.notify_url.empty()) {
    auto target = parse_webhook_url(options.notify_url);
    if (!target) return CommandError{kExitUsage, target.error().message};
    request.notify = std::move(target).value();
    request.notify_timeout = to_milliseconds(options.notify_timeout_seconds);
  }
  if (!options.inventory_file.empty()) {
    if (!options.uris.empty() || !options.uri_files.empty() || !options.app_uri_files.empty() ||
        !config_paths.empty() || !options.clouds.empty()) {
      return CommandError{kExitUsage,
                          "scan: with --inventory, give targets, config paths and cloud accounts "
                          "in the inventory, not on the command line"};
    }
    if (auto added = add_inventory_environments(options, request); !added) {
      return CommandError{kExitUsage, added.error().message};
    }
  } else {
    if (!options.environment_names.empty() || !options.tag_filters.empty() ||
        !options.shard.empty()) {
      return CommandError{kExitUsage,
                          "scan: --env, --tag and --shard pick environments of --inventory"};
    }
    auto policy = load_policy(options.policy_file, options.workload, options.app_instances,
                              "--policy", "--workload");
    if (!policy) return CommandError{kExitUsage, policy.error().message};
    EnvironmentRequest& environment = request.environments.emplace_back();
    environment.policy = std::move(policy).value();
    environment.probe = request.probe;
    environment.config_paths = std::move(config_paths);
    for (const std::string& text : options.clouds) {
      auto account = parse_cloud_target(text);
      if (!account) return CommandError{kExitUsage, account.error().message};
      environment.clouds.push_back(std::move(account).value());
    }
    if (auto error =
            collect_uri_inputs(options, streams.err, environment.inputs,
                               !environment.config_paths.empty() || !options.files_from.empty())) {
      return error;
    }
  }
  const bool any_input = std::any_of(
      request.environments.begin(), request.environments.end(),
      [](const EnvironmentRequest& environment) { return !environment.inputs.empty(); });
  if (options.data_model) {
    if (!any_input || !request.probe.enabled) {
      return CommandError{kExitUsage,
                          "scan: --data-model needs a connection string to probe (it reads the "
                          "deployment's collections)"};
    }
    request.data_model = options.data_model_options;
    request.data_model->max_time = request.probe.command_timeout;
  } else if (!options.data_model_options.databases.empty() ||
             !options.data_model_options.excluded_databases.empty()) {
    return CommandError{kExitUsage, "scan: --databases and --exclude-db need --data-model"};
  }
  if (request.fail_on_new && request.history_file.empty()) {
    return CommandError{kExitUsage,
                        "scan: --fail-on-new needs a history (--history, or the inventory's "
                        "history:) to know what is new"};
  }
  return run_scan(request, streams);
}

int run_parse_uri(const std::string& uri, bool reveal, const CliStreams& streams) {
  auto parsed = parse_connection_string(uri);
  streams.out << parsed_uri_json(parsed, reveal).dump(2) << "\n";
  if (parsed) return kExitOk;
  streams.err << "mongoscan: error: '" << redact_connection_string(uri)
              << "': " << parsed.error().message << "\n";
  return kExitUsage;
}

struct ResolveOptions {
  std::string uri;
  std::vector<std::string> dns_servers;
  double dns_timeout_seconds = 10;
};

SeedlistDiscovery resolve_seedlist(const ResolveOptions& options) {
  SeedlistDiscovery failed;
  auto parsed = parse_connection_string(options.uri);
  if (!parsed) {
    failed.problems.push_back(parsed.error());
    return failed;
  }
  if (!parsed.value().srv) {
    failed.uri = std::move(parsed).value();
    return failed;
  }
  auto resolver = DnsResolver::create(options.dns_servers);
  if (!resolver) {
    failed.problems.push_back(resolver.error());
    return failed;
  }
  return discover_seedlist(parsed.value(), *resolver.value(),
                           Deadline::after(to_milliseconds(options.dns_timeout_seconds)));
}

int run_resolve(const ResolveOptions& options, const CliStreams& streams) {
  const SeedlistDiscovery discovery = resolve_seedlist(options);
  streams.out << seedlist_json(discovery).dump(2) << "\n";
  const auto error = discovery.error();
  if (!error) return kExitOk;
  streams.err << "mongoscan: error: '" << redact_connection_string(options.uri)
              << "': " << redact_connection_strings_in_text(error->message) << "\n";
  return kExitUsage;
}

// The file of scan option defaults: the --config argument when given, else ./.mongoscan.yaml.
struct ConfigFileChoice {
  std::string path;
  bool given = false;
};

ConfigFileChoice config_file_choice(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--config" && i + 1 < args.size()) return {args[i + 1], true};
    if (args[i].starts_with("--config=")) return {args[i].substr(9), true};
  }
  return {kConfigFileName, false};
}

// Prints a command's failure (its message, if any, on one line) and returns its exit code.
int report_failure(const CommandError& error, const CliStreams& streams) {
  if (!error.message.empty()) {
    streams.err << "mongoscan: error: " << redact_connection_strings_in_text(error.message) << "\n";
  }
  return error.exit_code;
}

// The saved JSON report at `path` ('-': standard input); a usage error names the command and
// the path.
Result<Report> read_saved_report(const std::string& path, std::string_view command,
                                 const CliStreams& streams) {
  Result<std::string> text = std::string();
  if (path != "-") {
    text = read_text_file(path, std::string(command), kSavedReportInput);
  } else if (streams.in != nullptr) {
    InputRead from_stdin = read_input_stream(*streams.in, kSavedReportInput);
    if (!from_stdin) {
      return Error{ErrorCode::usage, "report",
                   std::string(command) + " - (standard input): " + from_stdin.refused};
    }
    text = std::move(from_stdin.text);
  }
  if (!text) return text.error();
  auto report = read_json_report(text.value());
  if (!report) {
    return Error{ErrorCode::usage, "report",
                 std::string(command) + " " + path + ": " + report.error().message};
  }
  return report;
}

// Writes a saved (or merged) report to the reports and evidence bundle the flags name.
std::optional<CommandError> render_saved_report(const Report& report, const ReportFlags& flags,
                                                const CliStreams& streams) {
  auto destinations = report_destinations(given_report_options(flags));
  if (!destinations) {
    return CommandError{kExitUsage,
                        destinations.error().phase + " " + destinations.error().message};
  }
  auto evidence = plan_evidence(flags.evidence);
  if (!evidence) return CommandError{kExitUsage, evidence.error().message};
  const ReportView view = *parse_report_view(flags.view);
  const std::optional<FrameworkChoice> framework = report_framework(flags);
  const HtmlPrint print = *parse_html_print(flags.print);
  if (auto error = write_reports(report, destinations.value(),
                                 {report_colour(flags, streams.out_is_color_terminal),
                                  streams.out_width, sarif_options(flags), view, framework, print},
                                 streams)) {
    return error;
  }
  if (!evidence.value()) return std::nullopt;
  return write_evidence(report, *evidence.value(),
                        {false, 0, sarif_options(flags), view, framework, print}, false,
                        std::nullopt, streams);
}

// `convert`: renders the JSON report at `path` ('-': standard input) to the reports the flags
// name. Exits 0 once they are written: the gate was the scan's to decide.
std::optional<CommandError> run_convert(const std::string& path, const ReportFlags& flags,
                                        const CliStreams& streams) {
  auto report = read_saved_report(path, "convert", streams);
  if (!report) return CommandError{kExitUsage, report.error().message};
  return render_saved_report(report.value(), flags, streams);
}

struct MergeOptions {
  std::vector<std::string> paths;  // the shards' JSON reports
  ReportFlags reports;
  bool allow_incomplete = false;
  std::string history_file;                // --history: the run is recorded there
  std::optional<std::string> fail_on_new;  // --fail-on-new SEVERITY
};

// Why the shard reports cannot be recorded in a history, or nothing: each must be an inventory
// scan's (findings without environments would not be kept; an empty part has none), one at least
// must hold an environment, and none may carry changes (its scan recorded it in a history
// already: the run would be kept twice).
std::optional<std::string> unrecordable_shard(const std::vector<Report>& reports) {
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const std::string which = "merge --history: report " + std::to_string(i + 1);
    if (reports[i].environments.empty() && !reports[i].findings.empty()) {
      return which + " is not an inventory scan's: merge records the parts of scan --inventory";
    }
    for (const EnvironmentSummary& environment : reports[i].environments) {
      if (environment.changes) {
        return which + " was recorded in a history already (environment " + environment.name +
               " has changes): scan the shards without --history";
      }
    }
  }
  if (std::all_of(reports.begin(), reports.end(),
                  [](const Report& report) { return report.environments.empty(); })) {
    return "merge --history: no report holds an environment: there is no run to record";
  }
  return std::nullopt;
}

// `merge`: the JSON reports of one run's shards as one report, written as the flags say; with a
// history, compared with it (changes, --fail-on-new) and recorded there after the reports, as one
// unsharded scan would be. A refused merge leaves the history untouched. Exits as the whole run's
// scan would: 1 when a finding gates (as each shard judged it, or new at --fail-on-new), else 4
// when the merged scan is incomplete (unless allow_incomplete), else 0.
std::optional<CommandError> run_merge(const MergeOptions& options, const CliStreams& streams) {
  if (options.fail_on_new && options.history_file.empty()) {
    return CommandError{kExitUsage, "merge: --fail-on-new needs a history (--history)"};
  }
  std::vector<Report> reports;
  for (const std::string& path : options.paths) {
    auto report = read_saved_report(path, "merge", streams);
    if (!report) return CommandError{kExitUsage, report.error().message};
    reports.push_back(std::move(report).value());
  }
  const bool recorded = !options.history_file.empty();
  if (recorded) {
    if (auto why = unrecordable_shard(reports)) return CommandError{kExitUsage, *why};
  }
  auto merged = merge_reports(std::move(reports));
  if (!merged) return CommandError{kExitUsage, "merge: " + merged.error().message};
  Report& report = merged.value();
  std::optional<HistoryStore> history;
  HistoryFindings findings;  // the report's, with a history
  if (recorded) {
    auto opened = HistoryStore::open(options.history_file, true);
    if (!opened) return CommandError{kExitScanFailed, opened.error().message};
    history.emplace(std::move(opened).value());
    std::vector<std::string> names;
    for (const EnvironmentSummary& environment : report.environments) {
      names.push_back(environment.name);
    }
    auto pasts = history->pasts(names);
    if (!pasts) return CommandError{kExitScanFailed, pasts.error().message};
    findings = history_findings(report);
    if (auto added = add_changes(pasts.value(), findings, report); !added) {
      return CommandError{kExitScanFailed, added.error().message};
    }
    if (options.fail_on_new) {
      gate_on_new(report, parse_severity(*options.fail_on_new), false);
      report.gate = GateRule{std::nullopt, parse_severity(*options.fail_on_new)};
    }
  }
  if (auto error = render_saved_report(report, options.reports, streams)) return error;
  if (history) {
    if (auto written = history->record(history_run(report, std::nullopt, std::move(findings)));
        !written) {
      return CommandError{kExitScanFailed, written.error().message};
    }
  }
  if (std::any_of(report.findings.begin(), report.findings.end(),
                  [](const ReportedFinding& reported) { return reported.gates; })) {
    return CommandError{kExitFindingsFailed, ""};
  }
  if (!report.coverage.complete() && !options.allow_incomplete) {
    return CommandError{kExitIncomplete, "merged scan " + report.coverage.statement() +
                                             ": not passed (--allow-incomplete accepts it)"};
  }
  return std::nullopt;
}

std::vector<std::string> severity_names() {
  return {"info", "low", "medium", "high", "critical", "none"};
}

}  // namespace

int run_cli(const std::vector<std::string>& args, CliStreams streams) {
  CLI::App app{
      "mongoscan: checks MongoDB deployments and connection strings against security rules",
      "mongoscan"};
  app.require_subcommand(1);
  app.formatter(std::make_shared<HelpFormatter>());  // before the subcommands, which copy it
  app.set_version_flag("-V,--version", std::string("mongoscan ") + kVersion);

  ScanOptions scan_options;
  ScanRequest scan_request;
  ProbeSettings& probe = scan_request.probe;
  CLI::App* scan = app.add_subcommand(
      "scan", "Probe the deployments behind connection strings and write the self-check report");
  scan->add_option("uris", scan_options.uris, "Connection strings (mongodb:// or mongodb+srv://)");
  scan->add_option("--uri-file", scan_options.uri_files,
                   "File with one connection string per line ('#' starts a comment); keeps "
                   "passwords off the command line");
  scan->add_option(
      "--app-uri-file", scan_options.app_uri_files,
      "File of applications' connection strings: analysed against the connection rules, "
      "never connected to");
  scan->add_option("--inventory", scan_options.inventory_file,
                   "Inventory file (YAML or JSON) of environments to scan, each with its targets, "
                   "account, policy and config paths (example: fixtures/inventory.yaml)");
  scan->add_option("--env", scan_options.environment_names,
                   "With --inventory: scan only this environment (repeatable)");
  scan->add_option("--shard", scan_options.shard,
                   "With --inventory: scan only part I of N of its environments, I/N (each "
                   "environment falls in one part by a hash of its name; merge the parts' JSON "
                   "reports with mongoscan merge)");
  scan->add_option("--tag", scan_options.tag_filters,
                   "With --inventory: scan only environments with this tag, KEY=VALUE "
                   "(repeatable: all must hold)");
  scan->add_option("--policy", scan_options.policy_file,
                   "Policy JSON file (thresholds, severities), or a preset: 'dev-spec' (the "
                   "development specification's naming conventions on) or 'stig' (the DISA "
                   "STIG's x509 clients, organisation-level authentication, successful "
                   "authorizations audited and AES256-GCM at rest)");
  scan->add_option(
      "--workload", scan_options.workload,
      "Workload the connection strings serve (overrides the policy): core, analytics, ...");
  ReportFlags scan_reports;
  add_report_flags(*scan, scan_reports);
  CLI::Option* fail_on =
      scan->add_option("--fail-on", scan_request.fail_on,
                       "Exit 1 when a finding fails at or above this severity ('none' never fails)")
          ->transform(one_of(severity_names()))
          ->capture_default_str();
  scan->add_option("--fail-on-new", scan_request.fail_on_new,
                   "Exit 1 when a finding new since the environment's previous run in the "
                   "history fails at or above this severity; alone, it replaces --fail-on")
      ->transform(one_of(severity_names()))
      ->type_name("SEVERITY");
  scan->add_option("--history", scan_request.history_file,
                   "SQLite history file each run is recorded in and compared with: every "
                   "environment's report lists new, fixed and unverified findings (overrides the "
                   "inventory's history:)")
      ->type_name("PATH");
  scan->add_flag("--allow-incomplete", scan_request.allow_incomplete,
                 "Exit 0 or 1 by the findings even when some node or check could not be scanned "
                 "(otherwise such a scan exits 4)");
  CLI::Option* no_probe =
      scan->add_flag("!--no-probe", probe.enabled,
                     "Only analyse the connection strings; do not connect to any node");
  // Credentials with --no-probe would go unused: a contradiction, said rather than ignored.
  no_probe->excludes(scan->add_option(
      "--username", probe.username,
      "Scanning account (overrides the URI's); its password comes from --password-file, "
      "MONGOSCAN_PASSWORD or a prompt"));
  no_probe->excludes(
      scan->add_option("--auth-source", probe.auth_source, "Database that holds --username"));
  no_probe->excludes(
      scan->add_option("--auth-mechanism", probe.auth_mechanism, "Mechanism for --username")
          ->transform(one_of({"SCRAM-SHA-256", "SCRAM-SHA-1", "MONGODB-X509", "PLAIN"})));
  no_probe->excludes(scan->add_option("--password-file", probe.password_file,
                                      "File whose first line is the password of --username")
                         ->check(CLI::ExistingFile));
  no_probe->excludes(
      scan->add_option("--component-credentials", probe.component_credentials_file,
                       "JSON file of scanning accounts per shard id or config server set name "
                       "(shards know only shard-local users); passwords from password_env or "
                       "password_file, never inline")
          ->check(CLI::ExistingFile));
  scan->add_option("--tls-ca-file", probe.tls_ca_file,
                   "CA bundle to verify node certificates (default: the system store)")
      ->check(CLI::ExistingFile);
  scan->add_option("--tls-cert-key-file", probe.tls_cert_key_file,
                   "Client certificate and key (PEM), for MONGODB-X509")
      ->check(CLI::ExistingFile);
  scan->add_flag(
      "--tls-insecure", probe.tls_insecure,
      "Authenticate and probe even when a node's certificate does not verify (reported)");
  scan->add_flag("--allow-plain-without-tls", probe.allow_plain_without_tls,
                 "Allow PLAIN authentication over a connection without TLS (sends the password)");
  scan->add_option("--dns-server", probe.dns_servers, "DNS server IP:PORT to use (repeatable)");
  scan->add_option("--dns-timeout", scan_options.dns_timeout_seconds,
                   "Time for the DNS lookups of each name (SRV, TXT, addresses): seconds, or with "
                   "ms, s, m or h (2s)")
      ->transform(duration_value())
      ->type_name("DURATION")
      ->capture_default_str();
  scan->add_option("--concurrency", probe.concurrency, "Nodes probed at once")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  scan->add_option("--max-nodes", probe.max_nodes,
                   "Nodes probed at most per deployment: members its replies name past it are "
                   "counted, never contacted, and the scan is incomplete (DISC-002)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  CLI::Option* quiet =
      scan->add_flag("-q,--quiet", probe.quiet, "No progress line on a terminal's stderr");
  CLI::Option* verbose = scan->add_flag(
      "-v,--verbose", scan_request.verbosity,
      "Say on stderr what the scan does: -v its phases and their times, -vv also each "
      "node and the phases that failed there (never a secret)");
  quiet->excludes(verbose);
  scan->add_option("--app-instances", scan_options.app_instances,
                   "Application instances that share the deployment, for the connection budget "
                   "(CONN-008; overrides the policy)")
      ->check(positive_whole_number());
  scan->add_option("--connect-timeout", scan_options.connect_timeout_seconds,
                   "Time for each TCP connect and TLS handshake (seconds, or 500ms, 5s, 1m)")
      ->transform(duration_value())
      ->type_name("DURATION")
      ->capture_default_str();
  scan->add_option("--command-timeout", scan_options.command_timeout_seconds,
                   "Time for each command round trip (seconds, or 500ms, 5s, 1m)")
      ->transform(duration_value())
      ->type_name("DURATION")
      ->capture_default_str();
  scan->add_option("--node-timeout", scan_options.node_timeout_seconds,
                   "Time for everything on one node (seconds, or 30s, 2m)")
      ->transform(duration_value())
      ->type_name("DURATION")
      ->capture_default_str();
  scan->add_option("--scan-timeout", scan_options.scan_timeout_seconds,
                   "Time for the whole scan's network work (seconds, or 5m, 1h); then what was "
                   "gathered is reported "
                   "and the scan is incomplete (exit 4)")
      ->transform(duration_value())
      ->type_name("DURATION")
      ->capture_default_str();

  scan->add_flag("--data-model", scan_options.data_model,
                 "Also check the data model: names, document shapes and validation, from a "
                 "$sample of each collection (reads documents; keeps only their shape)");
  scan->add_option("--databases", scan_options.data_model_options.databases,
                   "With --data-model: only these databases (repeatable; admin, config and local "
                   "are always checked for business data)")
      ->delimiter(',');
  scan->add_option("--exclude-db", scan_options.data_model_options.excluded_databases,
                   "With --data-model: skip these databases (repeatable)")
      ->delimiter(',');
  scan->add_option("--sample-size", scan_options.data_model_options.sample_size,
                   "With --data-model: documents $sample reads per collection")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();

  ConfigScanRequest& config = scan_request.config;
  WalkSettings& walk = config.settings.walk;
  scan->add_option("--config-path", scan_options.config_paths,
                   "Application file or directory to scan for hardcoded credentials and "
                   "connection strings (repeatable)")
      ->check(CLI::ExistingPath);
  scan->add_option("--cloud", scan_options.clouds,
                   "Read a cloud account's managed MongoDB deployments from its control plane, "
                   "read-only: tencentcloud:REGION[,REGION...] (credentials from "
                   "TENCENTCLOUD_SECRET_ID, TENCENTCLOUD_SECRET_KEY, TENCENTCLOUD_SESSION_TOKEN), "
                   "atlas:PROJECT_ID[,PROJECT_ID...] or atlas:org:ORG_ID (credentials from "
                   "MONGODB_ATLAS_CLIENT_ID and MONGODB_ATLAS_CLIENT_SECRET, or "
                   "MONGODB_ATLAS_PUBLIC_API_KEY and MONGODB_ATLAS_PRIVATE_API_KEY); repeatable");
  scan->add_option("--cloud-endpoint", scan_options.cloud_endpoints,
                   "Replace a control-plane service's endpoint: tencentcloud.mongodb=URL, "
                   "tencentcloud.clb=URL, tencentcloud.vpc=URL or atlas=URL (https, or http to "
                   "loopback; repeatable; atlas defaults to MONGODB_ATLAS_OPS_MANAGER_URL or "
                   "MONGODB_ATLAS_BASE_URL when set)");
  scan->add_option("--cloud-timeout", scan_options.cloud_timeout_seconds,
                   "Time for reading every cloud account (seconds, or 2m; within --scan-timeout); "
                   "what was not "
                   "read by then is reported as not read and the scan is incomplete (exit 4)")
      ->transform(duration_value())
      ->type_name("DURATION")
      ->capture_default_str();
  scan->add_option("--cloud-ca-file", scan_options.cloud_ca_file,
                   "CA bundle trusted for control-plane endpoints and the --notify webhook "
                   "besides the system store");
  scan->add_option("--notify", scan_options.notify_url,
                   "After the scan, POST a JSON summary to this webhook (https, or http to "
                   "loopback): a Slack-compatible text and, with a history, what is new and fixed "
                   "since the previous run; it never holds a secret, and messages show only the "
                   "URL's scheme and host. A failed delivery is reported, not the scan's exit code")
      ->type_name("URL");
  scan->add_option("--notify-timeout", scan_options.notify_timeout_seconds,
                   "Time for delivering --notify, retries included (seconds, or 500ms, 1m)")
      ->transform(duration_value())
      ->type_name("DURATION")
      ->capture_default_str();
  scan->add_option("--files-from", scan_options.files_from,
                   "File with one path to scan per line; '-' reads stdin (pre-commit hooks)");
  scan->add_option("--baseline", scan_options.baseline_file,
                   "Baseline file: findings it lists (by fingerprint, or by content in a renamed "
                   "file) do not fail the gate; `mongoscan baseline show FILE` lists it")
      ->check(CLI::ExistingFile);
  scan->add_option("--accept", scan_options.accept_file,
                   "Risk acceptance file (YAML): findings of a check on a subject accepted for a "
                   "reason until a date do not fail the gate; expired entries fail it again")
      ->check(CLI::ExistingFile);
  scan->add_option(
      "--write-baseline", config.write_baseline_file,
      "Write every current failing or warning finding to this baseline file (check, subject, "
      "first-seen date and fingerprints), say how many, and accept them");
  scan->add_option("--max-file-size", walk.max_file_bytes,
                   "Skip files larger than this (reported as skipped): bytes, or with kB, MB, "
                   "KiB, MiB... (10MB)")
      ->transform(size_value())
      ->type_name("SIZE")
      ->capture_default_str();
  std::vector<std::string> skip_dirs;
  scan->add_option("--skip-dir", skip_dirs,
                   "Directory name never entered, in addition to the defaults (repeatable)");
  bool no_default_skips = false;
  scan->add_flag("--no-default-skips", no_default_skips,
                 "Also enter .git, node_modules, vendor, build and the other default skips");
  scan->add_flag("!--no-ignore-files", walk.honour_ignore_files,
                 "Scan files that .gitignore or .mongoscanignore exclude");
  scan->add_flag("!--no-follow-symlinks", walk.follow_symlinks, "Do not follow symbolic links");
  std::string context_name;
  scan->add_option("--context", context_name,
                   "Treat every scanned file as this context instead of what its path and content "
                   "say (production, example, test, documentation); the policy's gating_contexts "
                   "decide which gate")
      ->transform(one_of({"production", "example", "test", "documentation"}));

  std::string catalogue_format = "table";
  CLI::App* checks = app.add_subcommand("checks", "List the check catalogue");
  checks->add_option("--format", catalogue_format, "Catalogue format")
      ->transform(one_of({"table", "json", "md"}))
      ->capture_default_str();
  std::string coverage_framework;
  checks
      ->add_option("--coverage", coverage_framework,
                   "Instead of the catalogue, list every control of the framework with the checks "
                   "that cover it, fully or in part, and the coverage percentages (--format table "
                   "or json); stig or stig-4: the 4.x STIG, stig-7: the 7.x STIG; prowler: "
                   "Prowler's MongoDB Atlas checks")
      ->transform(one_of({"cis", "stig", "stig-4", "stig-7", "checklist", "prowler"}));

  std::string uri_to_parse;
  bool reveal = false;
  CLI::App* parse_uri =
      app.add_subcommand("parse-uri", "Print a connection string's parsed form as JSON");
  parse_uri->add_option("uri", uri_to_parse, "The connection string")->required();
  parse_uri->add_flag("--reveal", reveal, "Show passwords and secret options instead of ***");

  ResolveOptions resolve_options;
  CLI::App* resolve = app.add_subcommand(
      "resolve", "Print a connection string's seed list and options (SRV and TXT lookups) as JSON");
  resolve->add_option("uri", resolve_options.uri, "The connection string")->required();
  resolve->add_option("--dns-server", resolve_options.dns_servers,
                      "DNS server IP:PORT to use (repeatable)");
  resolve
      ->add_option("--dns-timeout", resolve_options.dns_timeout_seconds,
                   "Time for all DNS lookups (seconds, or 500ms, 2s)")
      ->transform(duration_value())
      ->type_name("DURATION")
      ->capture_default_str();

  std::string role_name = "mongoscanAuditor";
  std::string role_format = "js";
  bool role_for_data_model = false;
  CLI::App* auditor_role = app.add_subcommand(
      "auditor-role", "Print the createRole command for the smallest role every check needs");
  auditor_role->add_option("--name", role_name, "Role name")->capture_default_str();
  auditor_role
      ->add_option("--format", role_format, "js: a mongosh script; json: the command document")
      ->transform(one_of({"js", "json"}))
      ->capture_default_str();
  auditor_role->add_flag("--data-model", role_for_data_model,
                         "Add what scan --data-model needs: find and collStats on every database");

  std::string policy_provider;
  CLI::App* cloud_policy = app.add_subcommand(
      "cloud-policy",
      "Print the least privilege the control-plane reads need (tencentcloud: a CAM policy; "
      "atlas: the roles each read needs)");
  cloud_policy->add_option("provider", policy_provider, "tencentcloud or atlas")
      ->required()
      ->transform(one_of({"tencentcloud", "atlas"}));

  std::string saved_report;
  ReportFlags convert_reports;
  CLI::App* convert = app.add_subcommand(
      "convert",
      "Render a saved JSON report (scan --format json) in other formats, without probing again");
  convert->add_option("report", saved_report, "The JSON report; '-' reads standard input")
      ->required();
  add_report_flags(*convert, convert_reports);

  std::string bundle_to_verify;
  std::string verify_cert;
  CLI::App* verify = app.add_subcommand(
      "verify",
      "Check an evidence bundle (--evidence-dir) against its manifest: exit 1 naming each file "
      "changed, missing or added");
  verify->add_option("directory", bundle_to_verify, "The bundle's directory")
      ->required()
      ->type_name("DIR");
  verify
      ->add_option("--cert", verify_cert,
                   "The signer's PEM certificate or public key: manifest.json.sig must be its "
                   "signature")
      ->type_name("CERT.pem");

  MergeOptions merge_options;
  CLI::App* merge = app.add_subcommand(
      "merge", "Merge the JSON reports of one run's shards (scan --shard I/N) into one report");
  merge->add_option("reports", merge_options.paths, "The shards' JSON reports")->required();
  add_report_flags(*merge, merge_options.reports);
  merge->add_flag("--allow-incomplete", merge_options.allow_incomplete,
                  "Exit 0 or 1 by the findings even when the merged scan is incomplete");
  merge
      ->add_option("--history", merge_options.history_file,
                   "SQLite history file the merged run is recorded in and compared with, as one "
                   "unsharded scan --history would be (scan the shards without --history)")
      ->type_name("PATH");
  merge
      ->add_option("--fail-on-new", merge_options.fail_on_new,
                   "Exit 1 only when a finding new since the environment's previous run in the "
                   "history fails at or above this severity (replaces the shards' gate)")
      ->transform(one_of(severity_names()))
      ->type_name("SEVERITY");

  std::string history_path;
  std::optional<std::string> history_environment;
  CLI::App* history =
      app.add_subcommand("history",
                         "List the runs a history (scan --history) holds, newest first, with each "
                         "environment's verdict and counts");
  history->add_option("path", history_path, "The history file")->required()->type_name("PATH");
  history->add_option("--env", history_environment, "Only this environment's runs")
      ->type_name("NAME");

  CLI::App* baseline = app.add_subcommand("baseline", "Review a baseline (scan --write-baseline)");
  baseline->require_subcommand(1);
  std::string baseline_to_show;
  CLI::App* baseline_show = baseline->add_subcommand(
      "show",
      "List what a baseline accepts: each entry's check, subject, first-seen date and "
      "fingerprint");
  baseline_show->add_option("file", baseline_to_show, "The baseline file")
      ->required()
      ->type_name("FILE");

  CLI::App* version = app.add_subcommand("version", "Print the version");
  CLI::App* help = app.add_subcommand("help", "Print the help of mongoscan, or of one command");
  std::string help_command;
  help->add_option("command", help_command, "The command");
  // Hidden (no group): the build writes the manual page and the completion script with them, from
  // this App itself, so that both say what the command line accepts.
  CLI::App* manual_page = app.add_subcommand("manpage", "Print the manual page mongoscan(1)");
  manual_page->group("");
  CLI::App* completion = app.add_subcommand("completion", "Print the shell completion script");
  completion->group("");
  std::string completion_shell;
  completion->add_option("shell", completion_shell, "The shell")
      ->required()
      ->transform(one_of({"bash", "zsh", "fish"}));
  // The file belongs to the top-level command (CLI11 reads configuration there) and holds the scan
  // command's options; `scan --config FILE` falls through to it. CLI11 opens it itself, so it is
  // judged first (a FIFO would block the open, a device never end): a given file that is not a
  // regular file within the limit is an error; a ./.mongoscan.yaml that is not is left unread,
  // and only `scan`, whose defaults it holds, stops on it.
  const ConfigFileChoice config_file = config_file_choice(args);
  std::optional<std::string> config_file_problem;
  if (config_file.given || std::filesystem::exists(config_file.path)) {
    if (const std::string why = input_file_refusal(config_file.path, kConfigInput); !why.empty()) {
      config_file_problem = (config_file.given ? "--config " : "") + config_file.path + ": " + why;
    }
  }
  if (config_file_problem && config_file.given) {
    return report_failure({kExitUsage, *config_file_problem}, streams);
  }
  app.config_formatter(std::make_shared<YamlConfig>(*scan));
  app.set_config("--config", config_file_problem ? "" : kConfigFileName,
                 "YAML file of scan option defaults (option: value); ./.mongoscan.yaml is read "
                 "when present")
      ->type_name("FILE");
  scan->fallthrough();
  app.allow_config_extras(CLI::config_extras_mode::error);
  scan->allow_config_extras(CLI::config_extras_mode::error);
  group_scan_options(*scan);
  // Every scan option may come from the environment as MONGOSCAN_<OPTION> (--fail-on:
  // MONGOSCAN_FAIL_ON); the command line wins. Connection strings, which carry passwords, do not.
  for (CLI::Option* option : scan->get_options()) {
    if (option->get_lnames().empty() || option->get_lnames().front() == "help") continue;
    std::string name = "MONGOSCAN_" + option->get_lnames().front();
    for (char& c : name) c = c == '-' ? '_' : static_cast<char>(std::toupper(c));
    option->envname(name);
  }

  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help, streams.out, streams.err);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help, streams.out, streams.err);
  } catch (const CLI::CallForVersion&) {
    streams.out << "mongoscan " << kVersion << "\n";
    return kExitOk;
  } catch (const CLI::ParseError& error) {
    const auto unknown = unknown_argument(args, app);
    const bool names_unknown = unknown && (dynamic_cast<const CLI::ExtrasError*>(&error) ||
                                           dynamic_cast<const CLI::RequiredError*>(&error));
    const std::string message =
        names_unknown ? *unknown : said_where_from(error.what(), args, *scan, config_file.path);
    streams.err << "mongoscan: error: " << redact_connection_strings_in_text(message)
                << " (see mongoscan help)\n";
    return kExitUsage;
  }

  if (config_file_problem && scan->parsed()) {
    return report_failure({kExitUsage, *config_file_problem}, streams);
  }
  if (version->parsed()) {
    streams.out << "mongoscan " << kVersion << "\n";
    return kExitOk;
  }
  if (help->parsed()) {
    // As --help prints them (App::help would print the help command's own).
    if (help_command.empty()) {
      streams.out << app.get_formatter()->make_help(&app, "mongoscan", CLI::AppFormatMode::Normal);
      return kExitOk;
    }
    for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) {
      if (command->get_name() == help_command && !command->get_group().empty()) {
        streams.out << command->help("mongoscan");
        return kExitOk;
      }
    }
    std::vector<std::string> names;
    for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; }))
      if (!command->get_group().empty()) names.push_back(command->get_name());
    const auto closest = closest_name(help_command, names);
    return report_failure({kExitUsage, "help: unknown command " + help_command +
                                           (closest ? " (did you mean " + *closest + "?)" : "") +
                                           "; commands: " + join(names)},
                          streams);
  }
  if (manual_page->parsed()) {
    write_manual_page(app, streams.out);
    return kExitOk;
  }
  if (completion->parsed()) {
    if (completion_shell == "zsh") {
      write_zsh_completion(app, streams.out);
    } else if (completion_shell == "fish") {
      write_fish_completion(app, streams.out);
    } else {
      write_bash_completion(app, streams.out);
    }
    return kExitOk;
  }
  if (checks->parsed() && !coverage_framework.empty()) {
    if (catalogue_format == "md") {
      streams.err << "mongoscan: checks --coverage: --format md is not available: use table or "
                     "json\n";
      return kExitUsage;
    }
    const FrameworkCoverage coverage =
        framework_coverage(*parse_framework(coverage_framework), check_catalogue());
    if (catalogue_format == "json") {
      streams.out << coverage_json(coverage).dump(2) << '\n';
    } else {
      write_coverage_table(coverage, streams.out);
    }
    return kExitOk;
  }
  if (checks->parsed()) {
    write_catalogue(check_catalogue(), *parse_catalogue_format(catalogue_format), streams.out);
    return kExitOk;
  }
  if (auditor_role->parsed()) {
    streams.out << (role_format == "json"
                        ? auditor_role_command(role_name, role_for_data_model).dump(2) + "\n"
                        : auditor_role_script(role_name, role_for_data_model));
    return kExitOk;
  }
  if (cloud_policy->parsed()) {
    streams.out
        << (policy_provider == "atlas" ? atlas_roles_policy() : tencent_cam_policy()).dump(2)
        << "\n";
    return kExitOk;
  }
  if (parse_uri->parsed()) return run_parse_uri(uri_to_parse, reveal, streams);
  if (resolve->parsed()) return run_resolve(resolve_options, streams);
  if (verify->parsed()) return run_verify(bundle_to_verify, verify_cert, streams);
  if (merge->parsed()) {
    const auto error = run_merge(merge_options, streams);
    return error ? report_failure(*error, streams) : kExitOk;
  }
  if (history->parsed()) return run_history(history_path, history_environment, streams);
  if (baseline_show->parsed()) return run_baseline_show(baseline_to_show, streams);
  if (convert->parsed()) {
    if (const auto conflict = report_flags_conflict(convert_reports)) {
      return report_failure({kExitUsage, "convert: " + *conflict}, streams);
    }
    const auto error = run_convert(saved_report, convert_reports, streams);
    return error ? report_failure(*error, streams) : kExitOk;
  }
  if (scan->parsed()) {
    if (const auto conflict = report_flags_conflict(scan_reports)) {
      return report_failure({kExitUsage, "scan: " + *conflict}, streams);
    }
    if (!context_name.empty()) config.context = file_context_named(context_name);
    if (no_default_skips) walk.skip_directories.clear();
    // A directory named here is never entered, even for its bundles.
    walk.skip_directories.insert(walk.skip_directories.end(), skip_dirs.begin(), skip_dirs.end());
    std::erase_if(walk.served_directories, [&](const std::string& name) {
      return std::find(skip_dirs.begin(), skip_dirs.end(), name) != skip_dirs.end();
    });
    scan_request.fail_on_given = fail_on->count() > 0;
    scan_request.color = report_colour(scan_reports, streams.out_is_color_terminal);
    scan_request.sarif = sarif_options(scan_reports);
    scan_options.reports = given_report_options(scan_reports);
    scan_request.view = *parse_report_view(scan_reports.view);
    scan_request.framework = report_framework(scan_reports);
    scan_request.print = *parse_html_print(scan_reports.print);
    scan_options.evidence = scan_reports.evidence;
    if (auto error = prepare_and_run_scan(scan_options, std::move(scan_request), streams)) {
      return report_failure(*error, streams);
    }
  }
  return kExitOk;
}

}  // namespace mongoscan
