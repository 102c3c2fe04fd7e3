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

#include "scanner/dns/dns_resolver.h"
#include "scanner/facts/seedlist_facts.h"
#include "scanner/errors/result.h"
#include "scanner/uri/srv_uri.h"
#include "scanner/uri/uri.h"
#include "scanner/wire/deadline.h"

namespace mongoscan {

// Why an SRV target may not serve srv_name (compared case-insensitively, trailing dots ignored), or
// nothing when it may: the target must end with the name's domain (the name without its first
// label, or the whole name when it has fewer than three labels) and have more labels than it.
std::optional<std::string> srv_target_violation(std::string_view srv_name, std::string_view target);

// The single TXT record's strings, concatenated; nothing without a record; an error for several.
Result<std::optional<std::string>> single_txt_record(const std::vector<TxtRecord>& records);

// Parses "authSource=admin&replicaSet=rs0". Only authSource, replicaSet and loadBalanced are
// allowed; an unknown, forbidden, repeated or invalid option is an error.
Result<std::vector<UriOption>> parse_txt_options(std::string_view text);

// The combination the specification forbids in merged options with this many seeds, if any:
// loadBalanced with replicaSet, srvMaxHosts with replicaSet or loadBalanced, loadBalanced with
// more than one seed.
std::optional<Error> merged_options_violation(const ConnectionString& merged,
                                              std::size_t seed_count);

// At most max_hosts of the seeds, chosen at random; max_hosts 0 keeps them all.
std::vector<HostAddress> limit_seeds(std::vector<HostAddress> seeds, std::int64_t max_hosts,
                                     std::mt19937& random);

// Applies the rules to one name's SRV and TXT answers (pure, apart from the random choice of
// srvMaxHosts seeds).
SeedlistDiscovery judge_seedlist_answers(const ConnectionString& uri,
                                         const Result<std::vector<SrvRecord>>& srv,
                                         const Result<std::vector<TxtRecord>>& txt,
                                         std::mt19937& random);

// Resolves the seeds and TXT options of every mongodb+srv:// URI at once on one channel (SRV and
// TXT lookups run concurrently); a mongodb:// URI is returned as it is. One result per URI, in
// order.
std::vector<SeedlistDiscovery> discover_seedlists(const std::vector<ConnectionString>& uris,
                                                  DnsResolver& resolver, Deadline deadline);

SeedlistDiscovery discover_seedlist(const ConnectionString& uri, DnsResolver& resolver,
                                    Deadline deadline);

}  // namespace mongoscan
