#include "scanner/facts/node_facts.h"

namespace mongoscan {

std::string_view to_string(CommandOutcome::State state) {
  switch (state) {
    case CommandOutcome::State::ok:
      return "ok";
    case CommandOutcome::State::not_permitted:
      return "not_permitted";
    case CommandOutcome::State::failed:
      return "failed";
  }
  return "failed";
}

std::string_view to_string(NodeOrigin origin) {
  switch (origin) {
    case NodeOrigin::seed:
      return "seed";
    case NodeOrigin::hello:
      return "hello";
    case NodeOrigin::replica_set_status:
      return "replSetGetStatus";
    case NodeOrigin::list_shards:
      return "listShards";
    case NodeOrigin::config_shards:
      return "config.shards";
    case NodeOrigin::config_servers:
      return "config servers";
    case NodeOrigin::config_mongos:
      return "config.mongos";
  }
  return "seed";
}

}  // namespace mongoscan
