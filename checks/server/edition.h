#pragma once
// Which build of MongoDB a node runs, as buildInfo tells: some features (auditing, encryption at
// rest, FIPS mode, log redaction) exist only in MongoDB Enterprise or Percona Server for MongoDB.

#include <string>

#include "scanner/facts/node_facts.h"

namespace mongoscan {

// "Enterprise" (buildInfo modules lists "enterprise"), "Percona Server for MongoDB"
// (buildInfo has psmdbVersion), "Community", or "unknown" when buildInfo did not answer.
std::string server_edition(const NodeFacts& facts);

}  // namespace mongoscan
