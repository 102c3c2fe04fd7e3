#include "reports/trend_chart.h"

#include <gtest/gtest.h>

#include <regex>

#include "tests/support/xml_check.h"

namespace mongoscan {
namespace trend_chart_test {
namespace {

using testing_support::is_well_formed_xml;

std::vector<TrendPoint> three_runs() {
  return {{"2026-01-01T09:00:00Z", true, {0, 2, 0, 0, 0}},
          {"2026-01-02T09:00:00Z", false, {}},
          {"2026-01-03T09:00:00Z", true, {1, 0, 2, 0, 1}}};
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t found = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++found;
  }
  return found;
}

// The heights of the filled (not hatched, not legend) bars of one run's group.
std::vector<int> bar_heights(const std::string& svg, const std::string& run) {
  const std::size_t begin = svg.find("<g data-run=\"" + run + "\">");
  const std::string group = svg.substr(begin, svg.find("</g>", begin) - begin);
  std::vector<int> heights;
  const std::regex height("height=\"([0-9]+)\" fill=\"#");
  for (auto it = std::sregex_iterator(group.begin(), group.end(), height);
       it != std::sregex_iterator(); ++it) {
    heights.push_back(std::stoi((*it)[1]));
  }
  return heights;
}

TEST(TrendChartTest, EachRunIsABarTitledWithItsDateAndCounts) {
  const std::string svg = trend_svg(three_runs(), "env-1-trend");
  EXPECT_TRUE(is_well_formed_xml(svg)) << svg;
  EXPECT_EQ(count(svg, "<g data-run="), 3u);
  EXPECT_NE(svg.find("<title>2026-01-01T09:00:00Z: 2 high</title>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>2026-01-03T09:00:00Z: 1 critical, 2 medium, 1 info</title>"),
            std::string::npos);
  EXPECT_NE(svg.find(">2026-01-01</text>"), std::string::npos) << "first date";
  EXPECT_NE(svg.find(">2026-01-03</text>"), std::string::npos) << "last date";
}

// A run not scanned is hatched and titled so, never drawn as a run without fails.
TEST(TrendChartTest, ARunNotScannedIsHatchedNeverZero) {
  const std::string svg = trend_svg(three_runs(), "env-1-trend");
  EXPECT_NE(svg.find("<title>2026-01-02T09:00:00Z: not scanned</title><rect x="),
            std::string::npos);
  EXPECT_NE(svg.find("<pattern id=\"env-1-trend-not-scanned\""), std::string::npos);
  EXPECT_EQ(count(svg, "fill=\"url(#env-1-trend-not-scanned)\""), 2u) << "the bar and the legend";
  EXPECT_EQ(svg.find("no fails"), std::string::npos);
  EXPECT_TRUE(bar_heights(svg, "2026-01-02T09:00:00Z").empty());
}

// Bars share one scale: the highest total fills the plot, the others in proportion; each
// severity is a segment of its own.
TEST(TrendChartTest, BarsAreStackedOnOneScale) {
  const std::string svg = trend_svg(three_runs(), "t");
  EXPECT_EQ(bar_heights(svg, "2026-01-01T09:00:00Z"), (std::vector<int>{48}));
  EXPECT_EQ(bar_heights(svg, "2026-01-03T09:00:00Z"), (std::vector<int>{24, 48, 24}));
}

TEST(TrendChartTest, NoScriptNoExternalAssetAndEscapedIds) {
  const std::string svg = trend_svg(three_runs(), "a\"<b");
  EXPECT_TRUE(is_well_formed_xml(svg)) << svg;
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_EQ(svg.find("href"), std::string::npos);
  EXPECT_EQ(count(svg, "http"), 1u) << "the SVG namespace only";
}

TEST(TrendChartTest, AnEmptyTrendDrawsNothing) { EXPECT_EQ(trend_svg({}, "t"), ""); }

}  // namespace
}  // namespace trend_chart_test
}  // namespace mongoscan
