#pragma once
// The judgement of one check on one subject. Passes are findings too: an audit shows what was
// checked.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "checks/check_spec.h"
#include "checks/packed_evidence.h"
#include "scanner/facts/file_context.h"
#include "scanner/facts/listed_at.h"

namespace mongoscan {

enum class Status { pass, fail, warn, error, skipped };
std::string_view to_string(Status status);

// What a finding is about: a node, a place in a file, a (redacted) connection string, or a
// database or collection of a deployment (--data-model).
struct Subject {
  enum class Kind { node, file, uri, ns, cloud } kind;
  // "host:port", a file path, a redacted URI, "db" / "db.collection", or a resource of a cloud
  // control plane ("tencentcloud:ap-guangzhou/cmgo-1a2b3c4d", "tencentcloud:ap-guangzhou")
  std::string name;
  std::optional<int> line;
  std::optional<int> column;
  // A uri subject's --uri-file or --app-uri-file line; a node's or namespace's, the line of the
  // deployment's connection string. None for a file subject (its name and line say where it is).
  std::optional<ListedAt> listed_at = {};
  // A file subject's context (production, example, test, documentation) when the file came from
  // the config scan: what the file is for, which decides whether its findings gate
  // (Policy::gating_contexts).
  std::optional<FileContext> context = {};

  static Subject node(std::string address) { return {Kind::node, std::move(address), {}, {}}; }
  static Subject uri(std::string redacted_uri) {
    return {Kind::uri, std::move(redacted_uri), {}, {}};
  }
  static Subject ns(std::string name) { return {Kind::ns, std::move(name), {}, {}}; }
  static Subject cloud(std::string resource) { return {Kind::cloud, std::move(resource), {}, {}}; }
  static Subject file(std::string path, int line, int column) {
    return {Kind::file, std::move(path), line, column};
  }
};

// "node", "uri", "ns", "cloud" or "file".
std::string_view to_string(Subject::Kind kind);

// Why a team accepts a finding: an --accept entry (reason, expiry, owner) or the text of an inline
// `mongoscan:allow` comment (reason only). Never holds a secret.
struct FindingAcceptance {
  std::string reason;
  std::string expires = {};  // YYYY-MM-DD, the last day it holds; empty for inline comments
  std::string owner = {};
  bool expired = false;  // the entry matched but its date has passed: the finding counts again
};

struct Finding {
  std::string check_id;
  Status status;
  Severity severity;  // the spec's default unless the policy overrides it
  Subject subject;
  std::string message;      // one line, never containing a secret
  // What was seen: options and values, never a secret. Null once packed (pack_evidence): read it
  // with evidence_of().
  nlohmann::json evidence;
  // The finding's stable, secret-free identity (baselines, SARIF partialFingerprints): a config
  // finding's from its check; every other's set by the runners (finding_fingerprint).
  std::string fingerprint = {};
  // Why a failed finding does not fail the gate: "inline" (a `mongoscan:allow` comment on the
  // line), "accepted" (an unexpired --accept entry) or "baseline" (its fingerprint is in
  // --baseline); empty when it counts.
  std::string suppression = {};
  // The acceptance that covers (or, expired, covered) it, with its reason.
  std::optional<FindingAcceptance> acceptance = {};
  // A file finding's identity without its path, so that a baseline follows a renamed file: set
  // by the runners from its check and message (finding_content_fingerprint); empty for other
  // subjects.
  std::string content_fingerprint = {};
  PackedEvidence packed_evidence = {};  // the evidence, once no check changes it any more
};

// The finding's evidence, packed or not.
nlohmann::json evidence_of(const Finding& finding);

// Whether two findings' evidence is the same json, packed or not.
bool same_evidence(const Finding& a, const Finding& b);

// Packs the evidence of a finding that is judged (no check, gate or runner changes it any more);
// its `evidence` is then null.
void pack_evidence(Finding& finding, EvidencePacker& packer);

}  // namespace mongoscan
