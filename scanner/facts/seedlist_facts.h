#pragma once
// What the SRV and TXT lookups of a mongodb+srv:// name gave (dns/srv_seedlist.h gathers it).

#include <optional>
#include <string>
#include <vector>

#include "scanner/facts/dns_records.h"
#include "scanner/errors/result.h"
#include "scanner/uri/uri.h"

namespace mongoscan {

// An SRV target that the specification forbids, kept as evidence (check DISC-001). It is never
// connected to.
struct RejectedSrvHost {
  std::string address;  // "host:port" as the SRV record gave it
  std::string reason;
};

// What the SRV and TXT lookups of one mongodb+srv:// name gave and which rules they break. Every
// problem is kept, not only the first: a scan reports them all and still probes the hosts inside
// the domain, while a driver (and `mongoscan resolve`) would refuse the whole seed list.
struct SeedlistDiscovery {
  // As a driver would use it: hosts are the seeds (srvMaxHosts applied), options the URI's merged
  // over the TXT record's (left out when the TXT record breaks a rule).
  ConnectionString uri;
  std::vector<HostAddress> srv_hosts;  // every SRV target inside the domain, before srvMaxHosts
  std::vector<SrvRecord> srv_records;  // the SRV answer as the DNS gave it
  std::vector<RejectedSrvHost> rejected;
  std::vector<TxtRecord> txt_records;     // the TXT answer as the DNS gave it
  std::optional<std::string> txt_record;  // the single TXT record's strings, concatenated
  std::vector<UriOption> txt_options;
  // Failed lookups (ErrorCode::dns or timeout) and broken rules (ErrorCode::protocol), in the
  // order found.
  std::vector<Error> problems;

  // The first problem: a driver would refuse this seed list.
  std::optional<Error> error() const {
    if (problems.empty()) return std::nullopt;
    return problems.front();
  }
};

}  // namespace mongoscan
