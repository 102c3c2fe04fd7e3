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
constexpr int kPathGap = 24;  // between the hops of a way in: room for an arrow
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

// A way in from the internet as a row of boxes, one a hop, arrows between them.
std::string path_row(const CloudPathSummary& path, int y, std::string_view colour_of_entry) {
  std::string svg;
  for (std::size_t i = 0; i < path.hops.size(); ++i) {
    const CloudHop& hop = path.hops[i];
    const int x = kLabelWidth + static_cast<int>(i) * (kBoxWidth + kPathGap);
    std::string kind = hop.kind;
    std::replace(kind.begin(), kind.end(), '_', ' ');
    const bool entry =
        i + 1 < path.hops.size() && (hop.kind == "internet" || hop.kind == "public_address" ||
                                     hop.kind == "load_balancer" || hop.kind == "access_list");
    svg +=
        "<g data-hop=\"" + xml_attribute(hop.kind) + "\"><title>" +
        xml_content(kind + " " + hop.name + (hop.detail.empty() ? "" : " (" + hop.detail + ")")) +
        "</title><rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
        std::to_string(kBoxWidth) + "\" height=\"" + std::to_string(kBoxHeight) +
        "\" rx=\"4\" fill=\"#ffffff\" stroke=\"" +
        std::string(entry ? colour_of_entry : colour(std::nullopt)) + "\" stroke-width=\"2\"/>";
    svg += text(x + 8, y + 16, shortened(hop.kind == "internet" ? "internet" : hop.name),
                " font-family=\"monospace\"");
    svg += text(x + 8, y + 31, shortened(hop.kind == "internet" ? "" : kind), " fill=\"#5b6474\"");
    svg += "</g>";
    if (i + 1 < path.hops.size()) svg += text(x + kBoxWidth + 6, y + 24, "→", " font-size=\"14\"");
  }
  return svg;
}

}  // namespace

std::string topology_svg(const TargetSummary& target, const std::map<std::string, Status>& worst,
                         const std::string& id, const ManagedDeploymentSummary* managed,
                         std::optional<Status> managed_status) {
  if (target.nodes.empty()) return {};
  std::size_t shards_not_drawn = 0;
  const std::vector<Row> rows = rows_of(target, shards_not_drawn);
  std::size_t widest = 1;
  for (const Row& row : rows) widest = std::max(widest, row.addresses.size());
  int width = kLabelWidth + static_cast<int>(widest) * (kBoxWidth + kBoxGap);
  // The ways in from the internet, drawn above the nodes: a row a path, or a line saying there is
  // none or that it is not known.
  std::vector<CloudPathSummary> paths;
  std::string no_path;
  if (managed != nullptr) {
    if (!managed->paths_from_internet) {
      no_path = "ways in from the internet: not known (a control-plane read failed)";
    } else if (managed->paths_from_internet->empty()) {
      no_path = "no way in from the internet: " + managed->subject +
                " is reachable inside its "
                "network only";
    }
    if (managed->paths_from_internet) {
      paths.assign(managed->paths_from_internet->begin(),
                   managed->paths_from_internet->begin() +
                       static_cast<std::ptrdiff_t>(
                           std::min(managed->paths_from_internet->size(), kTopologyPaths)));
    }
    for (const CloudPathSummary& path : paths)
      width = std::max(width,
                       kLabelWidth + static_cast<int>(path.hops.size()) * (kBoxWidth + kPathGap));
  }
  const int path_rows = static_cast<int>(paths.size()) + (no_path.empty() ? 0 : 1);
  const int top = path_rows * kRowHeight;
  const int height =
      top + static_cast<int>(rows.size()) * kRowHeight + (shards_not_drawn > 0 ? 20 : 0);
  std::string svg = "<svg class=\"topology\" id=\"" + xml_attribute(id) +
                    "\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
                    "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " +
                    std::to_string(width) + " " + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"" +
                    xml_attribute("The deployment of " + target.uri +
                                  ", each node coloured by its worst result") +
                    "\" font-size=\"11\" fill=\"#1d2433\">";
  for (std::size_t p = 0; p < paths.size(); ++p) {
    const int y = static_cast<int>(p) * kRowHeight;
    svg += "<g data-path=\"" + std::to_string(p + 1) + "\">";
    svg += text(0, y + 24, "way in " + std::to_string(p + 1), " font-weight=\"600\"");
    svg += path_row(paths[p], y, colour(managed_status)) + "</g>";
  }
  if (!no_path.empty()) svg += text(0, static_cast<int>(paths.size()) * kRowHeight + 24, no_path);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const int y = top + static_cast<int>(r) * kRowHeight;
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
