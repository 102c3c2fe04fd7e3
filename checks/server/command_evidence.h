#pragma once
// What a check may conclude from one diagnostic command of a node: the reply when the command
// succeeded, or the verdict to give instead. Never `pass` on missing evidence: a command the
// scanning account may not run makes the check `skipped`, naming the action it lacks, as does a
// command form the node's version predates; a command that failed otherwise or never ran (the
// probe stopped earlier) makes it `error`, naming why.

#include <string_view>
#include <variant>

#include "checks/server/server_settings.h"
#include "checks/verdict.h"
#include "scanner/bson/bson.h"
#include "scanner/facts/node_facts.h"

namespace mongoscan {

// `command` as NodeFacts::commands names it ("getCmdLineOpts"); `action` the privilege action it
// needs ("getCmdLineOpts"), as MongoDB's manual names it.
std::variant<const bson::Document*, Verdict> command_reply(const NodeFacts& facts,
                                                           std::string_view command,
                                                           std::string_view action);

// The reply of `command` when it succeeded; nullptr when it was refused, failed or not run (for
// evidence a check can do without, such as live parameters beside the configured ones).
const bson::Document* successful_reply(const NodeFacts& facts, std::string_view command);

// The node's settings (its getCmdLineOpts reply at its version), or the verdict to give instead.
// Points into `facts`.
std::variant<ServerSettings, Verdict> node_settings(const NodeFacts& facts);

// A node's verdict from a judgement of its settings, or the verdict getCmdLineOpts gives instead.
template <typename Judge>
Verdict judged_on_settings(const NodeFacts& facts, Judge judge) {
  auto settings = node_settings(facts);
  if (auto* instead = std::get_if<Verdict>(&settings)) return *instead;
  return judge(std::get<ServerSettings>(settings));
}

// `instead` (a command_reply verdict) for a check that judged part of its evidence and found
// nothing wrong there: the message says what was judged, then why the rest could not be; the
// evidence gathered so far is kept.
Verdict incomplete(Verdict instead, std::string_view judged, const nlohmann::json& evidence);

}  // namespace mongoscan
