#include "reports/catalogue.h"

#include <nlohmann/json.hpp>
#include <string>

#include "checks/catalogue_json.h"
#include "reports/text/text_table.h"

namespace mongoscan {
namespace {

constexpr std::size_t kCheckTitleWidth = 60;
constexpr std::size_t kReferencesWidth = 40;
constexpr std::size_t kRemediationWidth = 80;

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
  std::string text;
  for (const std::string& item : items) {
    if (!text.empty()) text += separator;
    text += item;
  }
  return text;
}

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

// A Markdown table cell: `|` escaped, line breaks flattened so the row stays one line.
std::string markdown_cell(std::string_view text) {
  std::string cell;
  for (const char c : text) {
    if (c == '|') {
      cell += "\\|";
    } else if (c == '\n' || c == '\r') {
      cell += ' ';
    } else {
      cell += c;
    }
  }
  return cell;
}

void write_markdown(const std::vector<CheckSpec>& specs, std::ostream& out) {
  out << "| ID | Layer | Severity | Title | References | Remediation |\n"
      << "|---|---|---|---|---|---|\n";
  for (const CheckSpec& spec : specs) {
    out << "| " << markdown_cell(spec.id) << " | " << to_string(spec.layer) << " | "
        << to_string(spec.severity) << " | " << markdown_cell(spec.title) << " | "
        << markdown_cell(joined(reference_texts(spec.references), "; ")) << " | "
        << markdown_cell(spec.remediation) << " |\n";
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
