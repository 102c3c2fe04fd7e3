#include "scanner/config_scan/own_report.h"

#include <cstddef>

namespace mongoscan {
namespace {

// Every format names mongoscan within its first lines; more is not read.
constexpr std::size_t kHeadBytes = 1024;

bool holds(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

}  // namespace

bool is_mongoscan_report(std::string_view text) {
  const std::string_view head = text.substr(0, kHeadBytes);
  const std::string_view first_line = head.substr(0, head.find('\n'));
  if (head.starts_with("{\n")) {
    const bool names_tool = holds(head, "\"name\": \"mongoscan\"");
    return names_tool && (holds(head, "\"schema_version\": ") ||
                          holds(head, "\"manifest_version\": ") ||
                          holds(head, "\"$schema\": \"https://json.schemastore.org/sarif-"));
  }
  if (head.starts_with("<!DOCTYPE html>")) {
    return holds(head, "<meta name=\"generator\" content=\"mongoscan ");
  }
  if (head.starts_with("<?xml")) return holds(head, "<testsuites name=\"mongoscan\"");
  if (first_line.starts_with("## ")) return holds(first_line, " mongoscan: ");
  return first_line.starts_with("mongoscan ") && first_line.ends_with(" security report");
}

}  // namespace mongoscan
