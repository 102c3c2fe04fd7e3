#pragma once
// Finds hardcoded MongoDB credentials and connection strings in one file's text. Pure: bytes in,
// facts out. Only the neighbourhood of an anchor word (see anchor_search.h) is ever parsed.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/facts/config_facts.h"

namespace mongoscan {

struct TextScanLimits {
  // Credentials kept per kind; past it they are only counted (a file of a million `password=x`
  // lines costs a count, not a million findings).
  std::size_t credentials_per_kind = 100;
};

struct TextScan {
  std::vector<CredentialHit> credentials;  // in text order, at most the limit per kind
  // Credentials found past the limit, per kind.
  std::map<CredentialHit::Kind, std::size_t> credentials_not_kept;
  // Distinct in this file, each with its first places in text order. The places name no path:
  // all are in the scanned file, and the caller names those it keeps (with a path copied for
  // every place of every string, malloc and free took ~13% of the bench corpus's scan, ~5% now).
  std::vector<FoundConnectionString> connection_strings;
  // Candidates dropped, by rule name (the names are static: see candidate_rules.h).
  std::map<std::string_view, std::size_t> suppressed_by_rule;
  // Where the words "mongod" and "mongos" stand on their own: command lines to read
  // (scanner/infra/mongod_command_line.h), in text order.
  std::vector<std::size_t> server_program_offsets;
};

// Scans `text`, the content of the file at `path` (the path decides the syntax, see
// file_syntax.h, and names every credential's location).
TextScan scan_config_text(std::string_view path, std::string_view text,
                          const TextScanLimits& limits = {});

}  // namespace mongoscan
