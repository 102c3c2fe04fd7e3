#pragma once
// A finding's evidence once judged, or a node summary's facts, held compactly: its CBOR bytes (a
// json tree costs several times its text), shared by every finding or node that saw the same thing
// (VER-002's CVE list on every node of a version). Unpacked, it is the same json, value for value.

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>

namespace mongoscan {

class PackedEvidence {
 public:
  PackedEvidence() = default;

  // False until EvidencePacker::pack made it.
  bool packed() const { return cbor_ != nullptr; }
  // The evidence as it was packed; null when nothing was.
  nlohmann::json unpack() const;
  // The same bytes: true only for evidence packed the same, so a quick test before unpacking.
  bool same_bytes(const PackedEvidence& other) const {
    return cbor_ == other.cbor_ || (cbor_ && other.cbor_ && *cbor_ == *other.cbor_);
  }
  // Its CBOR bytes (empty when not packed), and packed evidence made of such bytes again (a
  // finding read back from a spool file: reports/finding_record.h).
  std::string_view cbor() const { return cbor_ ? std::string_view(*cbor_) : std::string_view(); }
  static PackedEvidence of_cbor(std::string cbor) {
    return PackedEvidence(std::make_shared<const std::string>(std::move(cbor)));
  }
  // `evidence` packed on its own, its bytes shared with nothing packed before.
  static PackedEvidence of(const nlohmann::json& evidence);

 private:
  friend class EvidencePacker;
  explicit PackedEvidence(std::shared_ptr<const std::string> cbor) : cbor_(std::move(cbor)) {}
  std::shared_ptr<const std::string> cbor_;
};

// Packs evidence, one copy of the bytes for identical evidence packed by the same packer. Not
// thread-safe.
class EvidencePacker {
 public:
  PackedEvidence pack(const nlohmann::json& evidence);

 private:
  // Keyed by views of the bytes each value holds.
  std::unordered_map<std::string_view, std::shared_ptr<const std::string>> packed_;
};

}  // namespace mongoscan
