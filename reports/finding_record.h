#pragma once
// A reported finding as bytes and back: the records of the findings a scan spools to a file
// (reported_findings.h). A record holds every field of the Finding and the finding's environment;
// its check's spec and its gate stay in memory beside it.

#include <string>
#include <string_view>

#include "checks/finding.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// Appends the record of `finding` in `environment` to `out`.
void append_finding_record(std::string& out, const Finding& finding, std::string_view environment);

// Reads back a record append_finding_record wrote: the same finding, field for field, and its
// environment; its evidence packed (the same CBOR bytes when it was, else those of the json it
// held: evidence_of() gives the same json either way). An error names what is malformed.
Result<Ok> read_finding_record(std::string_view record, Finding& finding, std::string& environment);

}  // namespace mongoscan
