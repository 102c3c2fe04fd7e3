#include "reports/layer_groups.h"

#include <gtest/gtest.h>

#include "tests/reports/sample_reports.h"

namespace mongoscan {
namespace {

TEST(LayerGroupsTest, GroupsInLayerOrderKeepingReportOrderWithin) {
  const Report report = testing_support::rich_report();
  const std::vector<LayerGroup> groups = group_by_layer(report);
  ASSERT_EQ(groups.size(), 10u);
  for (std::size_t i = 1; i < groups.size(); ++i) EXPECT_LT(groups[i - 1].layer, groups[i].layer);
  std::size_t total = 0;
  for (const LayerGroup& group : groups) {
    total += group.findings.size();
    for (std::size_t i = 1; i < group.findings.size(); ++i) {
      EXPECT_LT(group.findings[i - 1], group.findings[i]) << "report order kept";
    }
    for (const ReportedFinding* reported : group.findings)
      EXPECT_EQ(reported->spec.layer, group.layer);
  }
  EXPECT_EQ(total, report.findings.size());
  EXPECT_EQ(groups[1].layer, Layer::network);
  ASSERT_EQ(groups[1].findings.size(), 2u);
  EXPECT_EQ(groups[1].findings[0]->finding.check_id, "NET-002");
}

TEST(LayerGroupsTest, EmptyReportHasNoGroups) {
  EXPECT_TRUE(group_by_layer(testing_support::empty_report()).empty());
}

TEST(LayerGroupsTest, EveryLayerHasATitle) {
  for (int layer = 0; layer <= static_cast<int>(Layer::data_model); ++layer) {
    EXPECT_NE(layer_title(static_cast<Layer>(layer)), "Other");
  }
  EXPECT_EQ(layer_title(Layer::connection_string), "Connection strings");
}

}  // namespace
}  // namespace mongoscan
