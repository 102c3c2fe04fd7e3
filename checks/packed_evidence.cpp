#include "checks/packed_evidence.h"

namespace mongoscan {

nlohmann::json PackedEvidence::unpack() const {
  if (!cbor_) return nullptr;
  return nlohmann::json::from_cbor(*cbor_);
}

PackedEvidence PackedEvidence::of(const nlohmann::json& evidence) {
  std::string bytes;
  nlohmann::json::to_cbor(evidence, bytes);
  return of_cbor(std::string(bytes));  // a copy without the spare capacity
}

PackedEvidence EvidencePacker::pack(const nlohmann::json& evidence) {
  std::string bytes;
  nlohmann::json::to_cbor(evidence, bytes);
  auto cbor = std::make_shared<const std::string>(bytes);  // a copy without the spare capacity
  const auto [at, added] = packed_.try_emplace(std::string_view(*cbor), cbor);
  return PackedEvidence(at->second);
}

}  // namespace mongoscan
