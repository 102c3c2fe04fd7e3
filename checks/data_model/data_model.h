#pragma once
// The MODEL-* checks: the development specification's data-modeling checklist, judged from what
// --data-model sampled (names, options, storage statistics and document shapes; never values).

#include <vector>

#include "checks/check_spec.h"
#include "checks/finding.h"
#include "checks/listing_scope.h"
#include "checks/policy.h"
#include "scanner/facts/data_model_facts.h"

namespace mongoscan {

const std::vector<CheckSpec>& data_model_specs();

// Findings name a database ("shop") or a collection ("shop.orders"); MODEL-006's instance count
// names the sampled node. A collection that breaks a rule gets its own finding; the collections
// of a database that keep it share one pass. When sampling failed altogether, every check is one
// error on the node. `databases_listing` is how far the sampling account's listDatabases saw
// (list_databases_scope of the sampled node): where it was filtered, every finding carries
// "partial_evidence", and a pass says so.
std::vector<Finding> check_data_model(const DataModelFacts& facts, const Policy& policy,
                                      ListingScope databases_listing = ListingScope::complete);

}  // namespace mongoscan
