#include "checks/packed_evidence.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace packed_evidence_test {
namespace {

using nlohmann::json;

// Every kind of value a check puts in evidence, with the numbers JSON keeps apart.
json every_kind() {
  return {{"text", "mongod 6.0.3 \xe2\x80\x94 end of life"},
          {"count", 3},
          {"negative", -12},
          {"large", 18446744073709551615ULL},
          {"ratio", 0.1},
          {"whole", 2.0},
          {"set", true},
          {"none", nullptr},
          {"empty_object", json::object()},
          {"empty_array", json::array()},
          {"cves", json::array({{{"id", "CVE-2024-1351"}, {"fixed_in", "6.0.14"}},
                                {{"id", "CVE-2023-1409"}, {"fixed_in", "6.0.6"}}})}};
}

TEST(PackedEvidence, UnpacksToTheSameJsonAndText) {
  EvidencePacker packer;
  for (const json& evidence :
       {every_kind(), json(nullptr), json::object(), json("text"), json(7)}) {
    const json unpacked = packer.pack(evidence).unpack();
    EXPECT_EQ(unpacked, evidence);
    EXPECT_EQ(unpacked.dump(), evidence.dump());
    EXPECT_EQ(unpacked.dump(2), evidence.dump(2));
  }
}

TEST(PackedEvidence, IdenticalEvidenceSharesItsBytes) {
  EvidencePacker packer;
  const PackedEvidence first = packer.pack(every_kind());
  const PackedEvidence second = packer.pack(every_kind());
  const PackedEvidence other = packer.pack(json{{"count", 4}});
  EXPECT_TRUE(first.same_bytes(second));
  EXPECT_FALSE(first.same_bytes(other));
}

TEST(PackedEvidence, NothingPackedUnpacksToNull) {
  const PackedEvidence none;
  EXPECT_FALSE(none.packed());
  EXPECT_TRUE(none.unpack().is_null());
  EXPECT_TRUE(EvidencePacker().pack(json::object()).packed());
}

}  // namespace
}  // namespace packed_evidence_test
}  // namespace mongoscan
