#pragma once
// Every finding's stable, secret-free identity, for baselines, acceptances, SARIF
// partialFingerprints and history: the same problem on the same subject keeps its fingerprint
// across runs.

#include <string>

#include "checks/finding.h"

namespace mongoscan {

// The finding's own fingerprint when its check gave one (a config finding: its line's text with
// the secret masked); else a hash of the check id and the subject: node, connection string
// (redacted) or namespace by name; a place in a file by path and message, not line, so that a
// rule keeps its fingerprint when lines above it move.
std::string finding_fingerprint(const Finding& finding);

// A file finding's own content fingerprint when it has one; else a hash of the check id and the
// message (a credential's message names its key or host and user, never its path). Empty for a
// finding about anything but a file.
std::string finding_content_fingerprint(const Finding& finding);

}  // namespace mongoscan
