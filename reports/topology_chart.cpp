#include "reports/topology_chart.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "reports/text/xml_text.h"

namespace mongoscan {
namespace {

constexpr int kLabelWidth = 120;
constexpr int kBoxWidth = 170;
constexpr int kBoxHeight = 40;
constexpr int kBoxGap = 10;
constexpr int kRowHeight = kBoxHeight + kBoxGap;
// What fits a box in 11 px monospace (DejaVu Sans Mono: 6.6 px a character) after the bar.
constexpr std::size_t kAddressChars = 22;

// The report's status colours (html_report's --fail ... --skipped); grey where nothing judged.
std::string_view colour(const std::optional<Status>& status) {
  if (!status) return "#9aa3b2";
  switch (*status) {
    case Status::fail:
      return "#b42318";
    case Status::warn:
      return "#a15c07";
    case Status::error:
      return "#6f3fc4";
    case Status::pass:
      return "#137a3a";
    case Status::skipped:
      break;
  }
  return "#5b6474";
}

struct Row {
  std::string label;
  std::vector<std::string> addresses;
};

const NodeSummary* node_of(const TargetSummary& target, const std::string& address) {
  for (const NodeSummary& node : target.nodes) {
    if (node.address == address) return &node;
  }
  return nullptr;
}

// Not reached: it never said its version and a probe step failed.
bool unreachable(const NodeSummary* node) {
  return node == nullptr || (node->version.empty() && !node->errors.empty());
}

std::vector<Row> rows_of(const TargetSummary& target, std::size_t& shards_not_drawn) {
  std::vector<Row> rows;
  shards_not_drawn = 0;
  if (!target.cluster) {
    Row members{target.topology == "replica_set" ? "members" : "nodes", {}};
    for (const NodeSummary& node : target.nodes) members.addresses.push_back(node.address);
    rows.push_back(std::move(members));
    return rows;
  }
  const ClusterSummary& cluster = *target.cluster;
  Row routers{"mongos", {}};
  for (const RouterSummary& router : cluster.mongos) routers.addresses.push_back(router.address);
  if (!routers.addresses.empty()) rows.push_back(std::move(routers));
  if (cluster.config_servers) {
    rows.push_back({"config " + cluster.config_servers->name, cluster.config_servers->members});
  }
  for (std::size_t i = 0; i < cluster.shards.size(); ++i) {
    if (i == kTopologyShards) {
      shards_not_drawn = cluster.shards.size() - i;
      break;
    }
    rows.push_back({"shard " + cluster.shards[i].name, cluster.shards[i].members});
  }
  if (!cluster.unplaced.empty()) rows.push_back({"other", cluster.unplaced});
  return rows;
}

std::string text(int x, int y, std::string_view content, std::string_view extra = "") {
  return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\"" +
         std::string(extra) + ">" + xml_content(content) + "</text>";
}

std::string shortened(const std::string& address) {
  if (address.size() <= kAddressChars) return address;
  return address.substr(0, kAddressChars - 1) + "…";
}

}  // namespace

std::string topology_svg(const TargetSummary& target, const std::map<std::string, Status>& worst,
                         const std::string& id) {
  if (target.nodes.empty()) return {};
  std::size_t shards_not_drawn = 0;
  const std::vector<Row> rows = rows_of(target, shards_not_drawn);
  std::size_t widest = 1;
  for (const Row& row : rows) widest = std::max(widest, row.addresses.size());
  const int width = kLabelWidth + static_cast<int>(widest) * (kBoxWidth + kBoxGap);
  const int height = static_cast<int>(rows.size()) * kRowHeight + (shards_not_drawn > 0 ? 20 : 0);
  std::string svg = "<svg class=\"topology\" id=\"" + xml_attribute(id) +
                    "\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
                    "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
                    std::to_string(width) + " " + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"" +
                    xml_attribute("The deployment of " + target.uri +
                                  ", each node coloured by its worst result") +
                    "\" font-size=\"11\" fill=\"#1d2433\">";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const int y = static_cast<int>(r) * kRowHeight;
    svg += text(0, y + 24, rows[r].label, " font-weight=\"600\"");
    for (std::size_t i = 0; i < rows[r].addresses.size(); ++i) {
      const std::string& address = rows[r].addresses[i];
      const NodeSummary* node = node_of(target, address);
      const auto found = worst.find(address);
      const std::optional<Status> status =
          found != worst.end() ? std::optional(found->second) : std::nullopt;
      const bool down = unreachable(node);
      const std::string role = node != nullptr ? node->role : "";
      const std::string state = down     ? "unreachable"
                                : status ? std::string(to_string(*status))
                                         : "not judged";
      const int x = kLabelWidth + static_cast<int>(i) * (kBoxWidth + kBoxGap);
      svg +=
          "<g data-node=\"" + xml_attribute(address) + "\" data-state=\"" + state + "\"><title>" +
          xml_content(address + (role.empty() ? "" : " (" + role + ")") + ": " + state) +
          "</title><rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
          std::to_string(kBoxWidth) + "\" height=\"" + std::to_string(kBoxHeight) +
          "\" rx=\"4\" fill=\"#ffffff\" stroke=\"" + std::string(colour(status)) +
          "\" stroke-width=\"2\"" + (down ? " stroke-dasharray=\"5 3\"" : "") + "/>";
      svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
             "\" width=\"6\" height=\"" + std::to_string(kBoxHeight) + "\" fill=\"" +
             std::string(colour(status)) + "\"/>";
      svg += text(x + 12, y + 16, shortened(address), " font-family=\"monospace\"");
      svg += text(x + 12, y + 31, (role.empty() ? "" : role + " · ") + state, " fill=\"#5b6474\"");
      svg += "</g>";
    }
  }
  if (shards_not_drawn > 0) {
    svg += text(0, height - 6,
                "and " + std::to_string(shards_not_drawn) + " more shards: see the targets table");
  }
  return svg + "</svg>";
}

}  // namespace mongoscan
