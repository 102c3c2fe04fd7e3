#include "scanner/infra/yaml_nodes.h"

#include <string>

namespace mongoscan {
namespace {

// A local tag such as `!Ref`; "!" marks a quoted scalar and "?" a plain one.
bool is_local_tag(const std::string& tag) { return tag.size() > 1 && tag.front() == '!'; }

// CloudFormation's long-form intrinsic functions: `Ref` and every `Fn::` name.
bool is_intrinsic_function_name(std::string_view key) {
  return key == "Ref" || key.starts_with("Fn::") || key == "Condition";
}

}  // namespace

Result<std::vector<YAML::Node>> load_yaml_documents(std::string_view text) {
  try {
    return YAML::LoadAll(std::string(text));
  } catch (const YAML::Exception& error) {
    std::string where;
    if (!error.mark.is_null()) {
      where = "line " + std::to_string(error.mark.line + 1) + ", column " +
              std::to_string(error.mark.column + 1) + ": ";
    }
    return Error{ErrorCode::protocol, "yaml", where + error.msg};
  }
}

YAML::Node yaml_child(const YAML::Node& node, std::string_view key) {
  if (!node.IsMap()) return YAML::Node();
  for (const auto& entry : node) {
    if (entry.first.IsScalar() && entry.first.Scalar() == key) return entry.second;
  }
  return YAML::Node();
}

std::optional<std::string> yaml_text(const YAML::Node& node) {
  if (!node.IsScalar() || is_local_tag(node.Tag())) return std::nullopt;
  return node.Scalar();
}

std::optional<std::string> yaml_reference(const YAML::Node& node) {
  if (is_local_tag(node.Tag())) {
    if (node.IsScalar()) return node.Tag() + " " + node.Scalar();
    return node.Tag();
  }
  if (node.IsMap() && node.size() == 1) {
    const auto entry = node.begin();
    if (entry->first.IsScalar() && is_intrinsic_function_name(entry->first.Scalar())) {
      const YAML::Node argument = entry->second;
      if (argument.IsScalar()) return entry->first.Scalar() + " " + argument.Scalar();
      return entry->first.Scalar();
    }
  }
  return std::nullopt;
}

int yaml_line(const YAML::Node& node) {
  const YAML::Mark mark = node.Mark();
  return mark.is_null() ? 0 : mark.line + 1;
}

}  // namespace mongoscan
