#include "reports/trend_chart.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "reports/text/xml_text.h"

namespace mongoscan {
namespace {

// Geometry, in SVG user units: the plot sits right of the axis labels and above the date labels.
constexpr int kWidth = 420;
constexpr int kHeight = 150;
constexpr int kPlotLeft = 34;
constexpr int kPlotTop = 10;
constexpr int kPlotWidth = kWidth - kPlotLeft - 8;
constexpr int kPlotHeight = 96;
constexpr int kPlotBottom = kPlotTop + kPlotHeight;

// The report's severity colours (html_report's --critical ... --info), critical first.
constexpr std::array<std::string_view, 5> kFills = {"#7a1010", "#b42318", "#a15c07", "#1f5fae",
                                                    "#5b6474"};

int total(const TrendPoint& point) {
  int sum = 0;
  for (const int count : point.failing_by_severity) sum += count;
  return sum;
}

// "2026-11-25T20:00:00Z: 1 critical, 3 high" or "...: no fails" or "...: not scanned".
std::string bar_title(const TrendPoint& point) {
  std::string title = point.started_at + ": ";
  if (!point.scanned) return title + "not scanned";
  std::string counts;
  for (std::size_t i = 0; i < point.failing_by_severity.size(); ++i) {
    if (point.failing_by_severity[i] == 0) continue;
    counts += (counts.empty() ? "" : ", ") + std::to_string(point.failing_by_severity[i]) + " " +
              std::string(to_string(severity_at(i)));
  }
  return title + (counts.empty() ? "no fails" : counts);
}

std::string rect(int x, int y, int width, int height, std::string_view fill) {
  return "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
         std::to_string(width) + "\" height=\"" + std::to_string(height) + "\" fill=\"" +
         xml_attribute(fill) + "\"/>";
}

std::string label(int x, int y, std::string_view anchor, std::string_view text) {
  return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" +
         std::string(anchor) + "\">" + xml_content(text) + "</text>";
}

}  // namespace

std::string trend_svg(const std::vector<TrendPoint>& trend, const std::string& id) {
  if (trend.empty()) return {};
  const std::string hatch = id + "-not-scanned";
  const std::string hatched = "url(#" + hatch + ")";
  int highest = 1;
  for (const TrendPoint& point : trend) highest = std::max(highest, total(point));
  const int slot = kPlotWidth / static_cast<int>(std::max<std::size_t>(trend.size(), 4));
  const int bar = std::max(4, slot * 2 / 3);

  std::string svg = "<svg class=\"trend\" id=\"" + xml_attribute(id) +
                    "\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) +
                    "\" height=\"" + std::to_string(kHeight) + "\" viewBox=\"0 0 " +
                    std::to_string(kWidth) + " " + std::to_string(kHeight) +
                    "\" role=\"img\" aria-label=\"Failing findings by severity over the last " +
                    std::to_string(trend.size()) + " runs\" font-size=\"10\" fill=\"#5b6474\">";
  svg += "<defs><pattern id=\"" + xml_attribute(hatch) +
         "\" width=\"4\" height=\"4\" "
         "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">" +
         rect(0, 0, 2, 4, "#c3c9d4") + "</pattern></defs>";
  // Axis: 0 and the highest total, and the baseline.
  svg += label(kPlotLeft - 4, kPlotBottom, "end", "0");
  svg += label(kPlotLeft - 4, kPlotTop + 8, "end", std::to_string(highest));
  svg += rect(kPlotLeft, kPlotBottom, kPlotWidth, 1, "#dde2ea");
  for (std::size_t i = 0; i < trend.size(); ++i) {
    const TrendPoint& point = trend[i];
    const int x = kPlotLeft + static_cast<int>(i) * slot + (slot - bar) / 2;
    svg += "<g data-run=\"" + xml_attribute(point.started_at) + "\"><title>" +
           xml_content(bar_title(point)) + "</title>";
    if (!point.scanned) {
      svg += rect(x, kPlotTop, bar, kPlotHeight, hatched);
    } else {
      // Critical at the bottom: the worst is read first and never hidden by a tall low count.
      int top = kPlotBottom;
      for (std::size_t s = 0; s < point.failing_by_severity.size(); ++s) {
        const int count = point.failing_by_severity[s];
        if (count == 0) continue;
        const int height = std::max(1, count * kPlotHeight / highest);
        top -= height;
        svg += rect(x, top, bar, height, kFills[s]);
      }
      svg += label(x + bar / 2, top - 2, "middle", std::to_string(total(point)));
    }
    svg += "</g>";
  }
  // Dates of the first and the last run (YYYY-MM-DD).
  svg += label(kPlotLeft, kPlotBottom + 14, "start", trend.front().started_at.substr(0, 10));
  if (trend.size() > 1) {
    svg += label(kPlotLeft + kPlotWidth, kPlotBottom + 14, "end",
                 trend.back().started_at.substr(0, 10));
  }
  // Legend.
  int x = kPlotLeft;
  for (std::size_t s = 0; s < kFills.size(); ++s) {
    svg += rect(x, kHeight - 18, 8, 8, kFills[s]);
    const std::string name(to_string(severity_at(s)));
    svg += label(x + 11, kHeight - 10, "start", name);
    x += 20 + static_cast<int>(name.size()) * 6;
  }
  svg += rect(x, kHeight - 18, 8, 8, hatched);
  svg += label(x + 11, kHeight - 10, "start", "not scanned");
  svg += "</svg>";
  return svg;
}

}  // namespace mongoscan
