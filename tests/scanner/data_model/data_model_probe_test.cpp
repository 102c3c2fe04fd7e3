// The pure parts of the data-model probe; the probe against a server is data_model_lab_test.cpp.

#include "scanner/data_model/data_model_probe.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "scanner/bson/bson.h"

namespace mongoscan {
namespace data_model_probe_test {
namespace {

constexpr std::int64_t kOneAndAHalfGiB = (std::int64_t{3} << 30) / 2;

bson::Document shard(bson::Value count, bson::Value size) {
  return {{"ns", "shop.orders"},
          {"storageStats", bson::Document{{"size", std::move(size)}, {"count", std::move(count)}}}};
}

// storage_stats.cpp (4.4) appends size and count with BSONObjBuilder::appendNumber(long long),
// which appends a double from 2^30 to 2^40 (src/mongo/bson/bsonobjbuilder.h): a 1.5 GiB collection
// arrives as {size: 1610612736.0}.
TEST(SumStorageStats, ADoubleSizeIsTheSize) {
  const auto totals =
      sum_storage_stats({shard(std::int32_t{1000}, static_cast<double>(kOneAndAHalfGiB))});
  ASSERT_TRUE(totals.ok()) << totals.error().message;
  EXPECT_EQ(totals.value().size_bytes, kOneAndAHalfGiB);
  EXPECT_EQ(totals.value().count, 1000);
}

TEST(SumStorageStats, ShardsOfEveryNumberTypeAddUp) {
  const auto totals = sum_storage_stats({shard(std::int64_t{3}, std::int64_t{1} << 41),
                                         shard(2.0, static_cast<double>(kOneAndAHalfGiB)),
                                         shard(std::int32_t{1}, std::int32_t{100})});
  ASSERT_TRUE(totals.ok()) << totals.error().message;
  EXPECT_EQ(totals.value().count, 6);
  EXPECT_EQ(totals.value().size_bytes, (std::int64_t{1} << 41) + kOneAndAHalfGiB + 100);
}

// A size or count that is no whole number is an unknown size, never 0 (which would pass the size
// checks).
TEST(SumStorageStats, ANumberThatIsNoWholeNumberIsAnError) {
  const std::vector<std::vector<bson::Document>> batches = {
      {shard(std::int32_t{10}, 1.5)},
      {shard(std::int32_t{10}, "1610612736")},
      {shard(std::int32_t{10}, 9.3e18)},
      {shard(std::int32_t{10}, std::int32_t{100}), shard(0.5, std::int32_t{100})},
      {bson::Document{{"storageStats", bson::Document{{"count", std::int32_t{10}}}}}},
  };
  for (const auto& batch : batches) {
    const auto totals = sum_storage_stats(batch);
    ASSERT_FALSE(totals.ok()) << bson::to_json(batch.back()).dump();
    EXPECT_EQ(totals.error().code, ErrorCode::protocol);
    EXPECT_NE(totals.error().message.find("storageStats."), std::string::npos)
        << totals.error().message;
  }
}

}  // namespace
}  // namespace data_model_probe_test
}  // namespace mongoscan
