#include "scanner/wire/command_allowlist.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace mongoscan {
namespace command_allowlist_test {
namespace {

bson::Document with_pipeline(bson::Array pipeline) {
  return bson::Document{{"pipeline", std::move(pipeline)}, {"cursor", bson::Document{}}};
}

TEST(PipelineAllowed, OnlyTheOneStageEachAggregateEntryNames) {
  const bson::Document sample{{"$sample", bson::Document{{"size", 100}}}};
  const bson::Document stats{{"$collStats", bson::Document{{"storageStats", bson::Document{}}}}};
  const bson::Document out{{"$out", "copy"}};
  EXPECT_TRUE(pipeline_allowed(AllowedCommand::aggregate_sample, with_pipeline({sample})));
  EXPECT_TRUE(pipeline_allowed(AllowedCommand::aggregate_collection_stats, with_pipeline({stats})));
  EXPECT_FALSE(pipeline_allowed(AllowedCommand::aggregate_sample, with_pipeline({stats})));
  EXPECT_FALSE(pipeline_allowed(AllowedCommand::aggregate_sample, with_pipeline({sample, out})));
  EXPECT_FALSE(pipeline_allowed(AllowedCommand::aggregate_sample, with_pipeline({out})));
  EXPECT_FALSE(pipeline_allowed(AllowedCommand::aggregate_sample, with_pipeline({})));
  EXPECT_FALSE(pipeline_allowed(AllowedCommand::aggregate_sample, bson::Document{}));
  EXPECT_TRUE(pipeline_allowed(AllowedCommand::hello, bson::Document{}));
}

TEST(NamespaceAllowed, TheConfigFindsReadOnlyTheirOwnCollection) {
  EXPECT_TRUE(namespace_allowed(AllowedCommand::find_config_mongos, "mongos", "config"));
  EXPECT_TRUE(namespace_allowed(AllowedCommand::find_config_shards, "shards", "config"));
  EXPECT_FALSE(namespace_allowed(AllowedCommand::find_config_mongos, "shards", "config"));
  EXPECT_FALSE(namespace_allowed(AllowedCommand::find_config_mongos, "mongos", "admin"));
  EXPECT_FALSE(namespace_allowed(AllowedCommand::find_config_shards, "system.users", "admin"));
  EXPECT_FALSE(namespace_allowed(AllowedCommand::find_config_shards, 1, "config"));
  EXPECT_TRUE(namespace_allowed(AllowedCommand::list_shards, 1, "admin"));
}

TEST(AllowedCommandNames, NamesEachCommandOnce) {
  const auto names = allowed_command_names();
  EXPECT_EQ(std::count(names.begin(), names.end(), "aggregate"), 1);
  EXPECT_EQ(std::count(names.begin(), names.end(), "listCollections"), 1);
  EXPECT_EQ(std::count(names.begin(), names.end(), "find"), 1);
  EXPECT_EQ(std::count(names.begin(), names.end(), "insert"), 0);
}

}  // namespace
}  // namespace command_allowlist_test
}  // namespace mongoscan
