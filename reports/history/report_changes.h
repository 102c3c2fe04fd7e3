#pragma once
// A report compared with the history it is about to be recorded in: each environment's changes
// since its previous run there, and the gate on new findings (--fail-on-new). Shared by scan and
// merge, so that a merged run is judged as one unsharded scan would be.

#include <optional>

#include "checks/check_spec.h"
#include "reports/history/history_run.h"
#include "reports/report.h"
#include "scanner/errors/result.h"

namespace mongoscan {

// Sets the changes of each environment of `report` since its previous run, `pasts` holding each
// environment's past (HistoryStore::pasts) and `findings` the report's (history_findings). An
// environment without its past is an error: its findings would all be taken for new.
Result<Ok> add_changes(const EnvironmentPasts& pasts, const HistoryFindings& findings,
                       Report& report);

// --fail-on-new: a finding gates when it is new (in its environment's changes, which
// add_changes set) and fails at or above `threshold`; with `keep_gates` (an explicit --fail-on),
// a finding that gates already keeps gating. Sets each environment's gate_fails; returns whether
// any finding gates.
bool gate_on_new(Report& report, std::optional<Severity> threshold, bool keep_gates);

}  // namespace mongoscan
