#include "reports/catalogue.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "checks/catalogue_json.h"
#include "reports/text/markdown_paragraph.h"
#include "reports/text/text_table.h"

namespace mongoscan {
namespace {

constexpr std::size_t kCheckTitleWidth = 60;
constexpr std::size_t kReferencesWidth = 40;
constexpr std::size_t kRemediationWidth = 80;

// "cis 4.3; devspec A3.6": the references as the console table's narrow column shows them.
std::string reference_ids(const std::vector<ControlReference>& references) {
  std::string text;
  for (const ControlReference& reference : references) {
    if (!text.empty()) text += "; ";
    text += std::string(to_string(reference.framework)) + " " + reference.id;
  }
  return text;
}

void write_table(const std::vector<CheckSpec>& specs, std::ostream& out) {
  TextTable table({{"ID"},
                   {"LAYER"},
                   {"SEVERITY"},
                   {"TITLE", kCheckTitleWidth},
                   {"REFERENCES", kReferencesWidth},
                   {"REMEDIATION", kRemediationWidth}});
  for (const CheckSpec& spec : specs) {
    table.add_row({{spec.id},
                   {std::string(to_string(spec.layer))},
                   {std::string(to_string(spec.severity))},
                   {spec.title},
                   {reference_ids(spec.references)},
                   {spec.remediation}});
  }
  table.write(out, false);
}

void write_json(const std::vector<CheckSpec>& specs, std::ostream& out) {
  out << catalogue_json(specs).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
      << '\n';
}

constexpr std::size_t kMarkdownWidth = 100;

std::string_view layer_heading(Layer layer) {
  switch (layer) {
    case Layer::discovery:
      return "Discovery";
    case Layer::network:
      return "Network";
    case Layer::authentication:
      return "Authentication";
    case Layer::authorization:
      return "Authorization";
    case Layer::transport:
      return "Transport (TLS)";
    case Layer::hardening:
      return "Hardening";
    case Layer::versions:
      return "Versions";
    case Layer::connection_string:
      return "Connection strings";
    case Layer::credentials:
      return "Credentials";
    case Layer::data_model:
      return "Data model";
  }
  return "Other";
}

// The anchor GitHub gives a heading: lower case, spaces as '-', other punctuation dropped.
std::string heading_anchor(std::string_view heading) {
  std::string anchor;
  for (const char c : heading) {
    if (c == ' ') {
      anchor += '-';
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_') {
      anchor += c;
    } else if (c >= 'A' && c <= 'Z') {
      anchor += static_cast<char>(c - 'A' + 'a');
    }
  }
  return anchor;
}

// "check-net-004": the anchor of a check's entry, which SARIF rules' helpUri name.
std::string check_anchor(std::string_view id) { return "check-" + heading_anchor(id); }

// The specs' layers in the order the specs first show them.
std::vector<Layer> layers_of(const std::vector<CheckSpec>& specs) {
  std::vector<Layer> layers;
  for (const CheckSpec& spec : specs) {
    if (std::find(layers.begin(), layers.end(), spec.layer) == layers.end()) {
      layers.push_back(spec.layer);
    }
  }
  return layers;
}

void write_markdown_contents(const std::vector<CheckSpec>& specs, std::ostream& out) {
  if (specs.empty()) return;
  out << "## Contents\n\n";
  for (const Layer layer : layers_of(specs)) {
    const std::string_view heading = layer_heading(layer);
    out << "- [" << heading << "](#" << heading_anchor(heading) << ")\n";
    for (const CheckSpec& spec : specs) {
      if (spec.layer != layer) continue;
      out << wrap_markdown("[" + spec.id + "](#" + check_anchor(spec.id) + "): " + spec.title,
                           kMarkdownWidth, "  - ", "    ");
    }
  }
  out << '\n';
}

void write_markdown_check(const CheckSpec& spec, std::ostream& out) {
  out << "### <a id=\"" << check_anchor(spec.id) << "\"></a>" << spec.id << ": " << spec.title
      << "\n\n"
      << "**Layer:** " << to_string(spec.layer) << " · **Default severity:** "
      << to_string(spec.severity) << "\n\n";
  if (!spec.description.empty()) {
    out << wrap_markdown("**What it judges and why:** " + spec.description, kMarkdownWidth) << '\n';
  }
  out << wrap_markdown("**How to fix:** " + spec.remediation, kMarkdownWidth) << '\n';
  if (spec.references.empty()) {
    out << "**References:** none.\n\n";
    return;
  }
  out << "**References:**\n\n";
  for (const std::string& reference : reference_texts(spec.references)) {
    out << wrap_markdown(reference, kMarkdownWidth, "- ", "  ");
  }
  out << '\n';
}

// The checks reference: a contents list, then a section per layer and an entry per check.
void write_markdown(const std::vector<CheckSpec>& specs, std::ostream& out) {
  out << "# Checks reference\n\n"
      << wrap_markdown(
             "Every check of mongoscan's catalogue, by layer: what it judges and why, how to fix "
             "what it finds, and the framework controls it cites. `mongoscan checks --format md` "
             "writes this page from the code's check declarations; a check's default severity is "
             "the one a policy may override.",
             kMarkdownWidth)
      << '\n';
  write_markdown_contents(specs, out);
  for (const Layer layer : layers_of(specs)) {
    out << "## " << layer_heading(layer) << "\n\n";
    for (const CheckSpec& spec : specs) {
      if (spec.layer == layer) write_markdown_check(spec, out);
    }
  }
}

}  // namespace

std::optional<CatalogueFormat> parse_catalogue_format(std::string_view name) {
  if (name == "table") return CatalogueFormat::table;
  if (name == "json") return CatalogueFormat::json;
  if (name == "md") return CatalogueFormat::md;
  return std::nullopt;
}

void write_catalogue(const std::vector<CheckSpec>& specs, CatalogueFormat format,
                     std::ostream& out) {
  switch (format) {
    case CatalogueFormat::table:
      write_table(specs, out);
      return;
    case CatalogueFormat::json:
      write_json(specs, out);
      return;
    case CatalogueFormat::md:
      write_markdown(specs, out);
      return;
  }
}

}  // namespace mongoscan
