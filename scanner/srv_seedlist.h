#pragma once
// mongodb+srv:// seed list discovery, per MongoDB's "Initial DNS Seedlist Discovery"
// specification: SRV records give the seeds, one optional TXT record gives default options.
// The rules are pure functions; discover_seedlist() runs them on the resolver's answers.

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/deadline.h"
#include "scanner/dns_resolver.h"
#include "scanner/result.h"
#include "scanner/uri.h"

namespace mongoscan {

// An SRV target that the specification forbids, kept as evidence (check DISC-001).
struct RejectedSrvHost {
  std::string address;  // "host:port" as the SRV record gave it
  std::string reason;
};

struct SeedlistDiscovery {
  ConnectionString uri;  // hosts are the seeds; options are the URI's merged over the TXT's
  std::vector<RejectedSrvHost> rejected;
  std::optional<std::string> txt_record;  // the TXT record's strings, concatenated
  std::vector<UriOption> txt_options;
  std::optional<Error> error;  // the first rule broken or DNS failure; seeds are then unusable
};

// The SRV name to query: "_{srvServiceName or mongodb}._tcp.NAME".
std::string srv_query_name(const ConnectionString& uri);

// Why an SRV target may not serve srv_name (compared case-insensitively, trailing dots ignored), or
// nothing when it may: the target must end with the name's parent domain; for a name of fewer than
// three parts, it must end with the name itself and have more parts.
std::optional<std::string> srv_target_violation(std::string_view srv_name, std::string_view target);

// The single TXT record's strings, concatenated; nothing without a record; an error for several.
Result<std::optional<std::string>> single_txt_record(const std::vector<TxtRecord>& records);

// Parses "authSource=admin&replicaSet=rs0". Only authSource, replicaSet and loadBalanced are
// allowed; an unknown, forbidden, repeated or invalid option is an error.
Result<std::vector<UriOption>> parse_txt_options(std::string_view text);

// The URI with the TXT options under its own (the URI wins), tls defaulting to true, and hosts
// replaced by the seeds. Errors for the combinations the specification forbids after merging.
Result<ConnectionString> merge_seedlist(ConnectionString uri,
                                        const std::vector<UriOption>& txt_options,
                                        std::vector<HostAddress> seeds);

// At most max_hosts of the seeds, chosen at random; max_hosts 0 keeps them all.
std::vector<HostAddress> limit_seeds(std::vector<HostAddress> seeds, std::int64_t max_hosts,
                                     std::mt19937& random);

// Resolves a mongodb+srv:// URI's seeds and TXT options; a mongodb:// URI is returned as is.
SeedlistDiscovery discover_seedlist(const ConnectionString& uri, DnsResolver& resolver,
                                    Deadline deadline);

}  // namespace mongoscan
