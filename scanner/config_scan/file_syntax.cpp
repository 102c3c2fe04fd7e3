#include "scanner/config_scan/file_syntax.h"

#include <algorithm>
#include <array>
#include <string>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

FileSyntax file_syntax(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  const std::string_view written = slash == std::string_view::npos ? path : path.substr(slash + 1);
  // The name in lower case, on the stack unless it is long (the config scan asks once per file).
  std::array<char, 128> buffer;
  std::string long_name;
  std::string_view name;
  if (written.size() <= buffer.size()) {
    std::transform(written.begin(), written.end(), buffer.begin(),
                   [](char c) { return to_lower_ascii(c); });
    name = std::string_view(buffer.data(), written.size());
  } else {
    long_name = to_lower_ascii(written);
    name = long_name;
  }
  // A template of a file (database.yml.erb, mongod.conf.j2) has the syntax of the file it renders.
  for (std::string_view suffix :
       {".erb", ".j2", ".jinja", ".jinja2", ".tpl", ".tmpl", ".template"}) {
    if (ends_with(name, suffix) && name.find('.') < name.size() - suffix.size()) {
      name.remove_suffix(suffix.size());
      break;
    }
  }
  const std::size_t dot = name.rfind('.');
  const std::string_view extension =
      dot == std::string_view::npos ? std::string_view() : name.substr(dot);
  if (name.starts_with("dockerfile") || name.starts_with("containerfile") ||
      ends_with(name, ".dockerfile")) {
    return FileSyntax::shell;
  }
  for (std::string_view shell : {".sh", ".bash", ".zsh", ".ksh", ".cmd", ".bat"}) {
    if (extension == shell) return FileSyntax::shell;
  }
  if (name.starts_with(".env") || ends_with(name, ".env")) return FileSyntax::config;
  for (std::string_view config : {".yml", ".yaml", ".properties", ".ini", ".cfg", ".conf", ".cnf",
                                  ".toml", ".xml", ".config", ".env", ".tfvars"}) {
    if (extension == config) return FileSyntax::config;
  }
  return FileSyntax::code;
}

}  // namespace mongoscan
