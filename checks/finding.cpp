#include "checks/finding.h"

namespace mongoscan {

std::string_view to_string(Status status) {
  switch (status) {
    case Status::pass:
      return "pass";
    case Status::fail:
      return "fail";
    case Status::warn:
      return "warn";
    case Status::error:
      return "error";
    case Status::skipped:
      return "skipped";
  }
  return "unknown";
}

std::string_view to_string(Subject::Kind kind) {
  switch (kind) {
    case Subject::Kind::node:
      return "node";
    case Subject::Kind::uri:
      return "uri";
    case Subject::Kind::ns:
      return "ns";
    case Subject::Kind::cloud:
      return "cloud";
    case Subject::Kind::file:
      break;
  }
  return "file";
}

nlohmann::json evidence_of(const Finding& finding) {
  return finding.packed_evidence.packed() ? finding.packed_evidence.unpack() : finding.evidence;
}

bool same_evidence(const Finding& a, const Finding& b) {
  if (a.packed_evidence.same_bytes(b.packed_evidence) && a.evidence == b.evidence) return true;
  return evidence_of(a) == evidence_of(b);
}

void pack_evidence(Finding& finding, EvidencePacker& packer) {
  if (finding.packed_evidence.packed()) return;
  finding.packed_evidence = packer.pack(finding.evidence);
  finding.evidence = nullptr;
}

}  // namespace mongoscan
