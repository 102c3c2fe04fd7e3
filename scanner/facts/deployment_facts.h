#pragma once
// Everything a scan learnt about one target deployment: its SRV and TXT answers (mongodb+srv://)
// and the facts of every node probed.

#include <optional>
#include <string>
#include <vector>

#include "scanner/facts/data_model_facts.h"
#include "scanner/facts/listed_at.h"
#include "scanner/facts/node_facts.h"
#include "scanner/facts/seedlist_facts.h"
#include "scanner/uri/uri.h"

namespace mongoscan {

struct DeploymentFacts {
  std::string redacted_uri;  // the target as given, redacted: the subject of its findings
  ConnectionString uri;      // the target as given, before SRV resolution
  std::optional<SeedlistDiscovery> seedlist;  // for mongodb+srv:// targets
  std::vector<NodeFacts> nodes;               // seeds first, then the members they revealed
  std::optional<DataModelFacts> data_model;   // --data-model: what one node's sample showed
  std::size_t members_not_probed = 0;         // members named beyond the discovery's member cap
  std::optional<ListedAt> listed_at =
      {};  // the --uri-file line of the target; none for an argument
};

}  // namespace mongoscan
