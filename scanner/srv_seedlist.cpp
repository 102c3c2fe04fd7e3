#include "scanner/srv_seedlist.h"

#include <algorithm>
#include <array>

#include "scanner/ascii_case.h"
#include "scanner/uri_options.h"

namespace mongoscan {
namespace {

// Options a TXT record may set (Initial DNS Seedlist Discovery, "Default Connection String
// Options").
constexpr std::array<std::string_view, 3> kTxtAllowedOptions = {"authSource", "replicaSet",
                                                                "loadBalanced"};

Error seedlist_error(std::string message) {
  return Error{ErrorCode::dns, "srv", std::move(message)};
}

// The dot-separated labels of a host name, lower-cased, without a trailing dot.
std::vector<std::string> labels_of(std::string_view name) {
  if (name.ends_with('.')) name.remove_suffix(1);
  std::vector<std::string> labels;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = name.find('.', start);
    labels.push_back(to_lower_ascii(name.substr(start, dot - start)));
    if (dot == std::string_view::npos) return labels;
    start = dot + 1;
  }
}

bool ends_with_labels(const std::vector<std::string>& labels,
                      const std::vector<std::string>& suffix) {
  return labels.size() >= suffix.size() &&
         std::equal(suffix.rbegin(), suffix.rend(), labels.rbegin());
}

std::string joined(const std::vector<std::string>& labels) {
  std::string text;
  for (const std::string& label : labels) text += (text.empty() ? "" : ".") + label;
  return text;
}

Result<Ok> check_merged_options(const ConnectionString& uri, std::size_t seed_count) {
  const bool load_balanced = uri.bool_option("loadBalanced").value_or(false);
  if (load_balanced && uri.option("replicaSet")) {
    return seedlist_error("loadBalanced=true cannot be combined with replicaSet");
  }
  if (uri.int_option("srvMaxHosts").value_or(0) > 0 &&
      (load_balanced || uri.option("replicaSet"))) {
    return seedlist_error("srvMaxHosts cannot be combined with replicaSet or loadBalanced=true");
  }
  if (load_balanced && seed_count > 1) {
    return seedlist_error("loadBalanced=true needs exactly one SRV host, the DNS gave " +
                          std::to_string(seed_count));
  }
  return Ok{};
}

// Keeps the allowed SRV targets as seeds and the others as rejected.
void sort_srv_targets(const std::string& host_name, const std::vector<SrvRecord>& records,
                      std::vector<HostAddress>& seeds, std::vector<RejectedSrvHost>& rejected) {
  for (const SrvRecord& record : records) {
    HostAddress seed{HostType::hostname, to_lower_ascii(record.target), record.port};
    if (auto violation = srv_target_violation(host_name, record.target)) {
      rejected.push_back({seed.address(), *violation});
    } else {
      seeds.push_back(std::move(seed));
    }
  }
}

}  // namespace

std::string srv_query_name(const ConnectionString& uri) {
  const std::string service = uri.string_option("srvServiceName").value_or("mongodb");
  return "_" + service + "._tcp." + uri.hosts.front().host;
}

std::optional<std::string> srv_target_violation(std::string_view host_name,
                                                std::string_view target) {
  const std::vector<std::string> name = labels_of(host_name);
  const std::vector<std::string> host = labels_of(target);
  if (name.size() < 3) {
    if (host.size() > name.size() && ends_with_labels(host, name)) return std::nullopt;
    return "'" + std::string(target) + "' is not a subdomain of '" + joined(name) + "'";
  }
  const std::vector<std::string> parent(name.begin() + 1, name.end());
  if (ends_with_labels(host, parent)) return std::nullopt;
  return "'" + std::string(target) + "' is outside the domain '" + joined(parent) + "' of '" +
         joined(name) + "'";
}

Result<std::optional<std::string>> single_txt_record(const std::vector<TxtRecord>& records) {
  if (records.empty()) return std::optional<std::string>{};
  if (records.size() > 1) {
    return seedlist_error("the DNS gave " + std::to_string(records.size()) +
                          " TXT records; at most one is allowed");
  }
  std::string text;
  for (const std::string& part : records.front()) text += part;
  return std::optional<std::string>{std::move(text)};
}

Result<std::vector<UriOption>> parse_txt_options(std::string_view text) {
  std::vector<UriOption> options;
  while (!text.empty()) {
    const std::size_t amp = text.find('&');
    const std::string_view pair = text.substr(0, amp);
    text = amp == std::string_view::npos ? std::string_view{} : text.substr(amp + 1);
    const std::size_t equals = pair.find('=');
    const std::string_view name = pair.substr(0, equals);
    const OptionSpec* spec = find_option_spec(name);
    if (spec == nullptr || std::find(kTxtAllowedOptions.begin(), kTxtAllowedOptions.end(),
                                     spec->name) == kTxtAllowedOptions.end()) {
      return seedlist_error("option '" + std::string(name) + "' is not allowed in a TXT record");
    }
    if (equals == std::string_view::npos) {
      return seedlist_error("TXT option '" + std::string(name) + "' has no value");
    }
    if (std::any_of(options.begin(), options.end(),
                    [&](const UriOption& seen) { return seen.name == spec->name; })) {
      return seedlist_error("TXT option '" + std::string(spec->name) + "' is repeated");
    }
    auto value = read_option_value(*spec, std::string(pair.substr(equals + 1)));
    if (!value) return seedlist_error("TXT record: " + value.error().message);
    options.push_back({std::string(spec->name), std::move(value).value()});
  }
  return options;
}

Result<ConnectionString> merge_seedlist(ConnectionString uri,
                                        const std::vector<UriOption>& txt_options,
                                        std::vector<HostAddress> seeds) {
  const bool uri_has_auth_source = uri.option("authSource") != nullptr;
  for (const UriOption& option : txt_options)
    uri.options.try_emplace(to_lower_ascii(option.name), option);
  if (auto source = uri.string_option("authSource");
      source && !uri_has_auth_source && uri.credentials) {
    uri.credentials->source = *source;
  }
  uri.options.try_emplace("tls", UriOption{"tls", true});
  if (auto checked = check_merged_options(uri, seeds.size()); !checked) return checked.error();
  uri.hosts = std::move(seeds);
  return uri;
}

std::vector<HostAddress> limit_seeds(std::vector<HostAddress> seeds, std::int64_t max_hosts,
                                     std::mt19937& random) {
  if (max_hosts <= 0 || static_cast<std::size_t>(max_hosts) >= seeds.size()) return seeds;
  std::shuffle(seeds.begin(), seeds.end(), random);
  seeds.resize(static_cast<std::size_t>(max_hosts));
  return seeds;
}

SeedlistDiscovery discover_seedlist(const ConnectionString& uri, DnsResolver& resolver,
                                    Deadline deadline) {
  SeedlistDiscovery discovery;
  discovery.uri = uri;
  if (!uri.srv) return discovery;
  const std::string& host_name = uri.hosts.front().host;
  auto records = resolver.resolve_srv(srv_query_name(uri), deadline);
  if (!records) {
    discovery.error = records.error();
    return discovery;
  }
  std::vector<HostAddress> seeds;
  sort_srv_targets(host_name, records.value(), seeds, discovery.rejected);
  if (!discovery.rejected.empty()) {
    discovery.error = seedlist_error("SRV host " + discovery.rejected.front().reason);
    return discovery;
  }
  auto txt = resolver.resolve_txt(host_name, deadline);
  if (!txt) {
    discovery.error = txt.error();
    return discovery;
  }
  auto txt_record = single_txt_record(txt.value());
  if (!txt_record) {
    discovery.error = txt_record.error();
    return discovery;
  }
  discovery.txt_record = txt_record.value();
  auto txt_options = parse_txt_options(discovery.txt_record.value_or(""));
  if (!txt_options) {
    discovery.error = txt_options.error();
    return discovery;
  }
  discovery.txt_options = txt_options.value();
  auto merged = merge_seedlist(uri, discovery.txt_options, std::move(seeds));
  if (!merged) {
    discovery.error = merged.error();
    return discovery;
  }
  discovery.uri = std::move(merged).value();
  std::mt19937 random(std::random_device{}());
  discovery.uri.hosts = limit_seeds(std::move(discovery.uri.hosts),
                                    discovery.uri.int_option("srvMaxHosts").value_or(0), random);
  return discovery;
}

}  // namespace mongoscan
