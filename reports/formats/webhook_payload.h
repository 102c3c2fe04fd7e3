#pragma once
// What `scan --notify URL` posts after a scan: JSON whose "text" a Slack-compatible incoming
// webhook (Slack, Mattermost, Rocket.Chat) shows as the message, and whose "mongoscan" member a
// program reads. Built from the report alone, so it holds no secret: subjects are redacted,
// messages never carry one.

#include <cstddef>
#include <string>

#include "reports/report.h"

namespace mongoscan {

// At most this many findings in each list of the payload; the rest are counted.
inline constexpr std::size_t kWebhookListLimit = 50;

// {"text": the verdict headline, then per environment with a history what is new and fixed since
// its previous run (a few lines each) or, without a history, the failing results;
//  "mongoscan": {tool_version, started_at, finished_at, verdict, counts, environments: [{name,
//  verdict, previous_run?, new, fixed, new_count, fixed_count} | {name, verdict, failing,
//  failing_count}]}} — a finding as {check_id, severity, subject, message}.
std::string webhook_payload(const Report& report);

}  // namespace mongoscan
