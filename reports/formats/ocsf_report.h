#pragma once
// The OCSF report, for SIEMs and security data lakes: every result an OCSF 1.8.0 Compliance
// Finding event (class_uid 2003, category Findings), as github.com/ocsf/ocsf-schema defines it at
// its v1.8.0 release (events/findings/compliance_finding.json, extending finding and base_event).

#include <ostream>

#include "reports/report.h"

namespace mongoscan {

// The OCSF schema version the events declare (metadata.version).
inline constexpr const char* kOcsfVersion = "1.8.0";

// Writes a JSON array, one event per line, in the report's order. Per event: activity Create;
// severity_id from the result's severity (info 1 to critical 5); time the scan's end (ms);
// finding_info {uid: the fingerprint, title: the check's, desc: the message, types: [layer]};
// compliance {control: the check id, standards: its frameworks, requirements: its references,
// status_id: pass 1 (Pass), fail 3 (Fail), warn, error and skipped 2 (Warning: no plain pass or
// fail), status_detail: mongoscan's own status}; status_id 3 (Suppressed) for a suppressed fail or
// warn, else 1 (New); resources [{name, uid, type, labels: ["environment:NAME"]}] from the
// redacted subject; remediation {desc}; unmapped {mongoscan: {status, gates, environment,
// suppression}}. Nothing else of the report goes in: no secret can.
void write_ocsf_report(const Report& report, std::ostream& out);

}  // namespace mongoscan
