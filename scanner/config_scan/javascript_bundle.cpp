#include "scanner/config_scan/javascript_bundle.h"

namespace mongoscan {

bool is_javascript_bundle_name(std::string_view name) {
  if (name.ends_with(".map")) name.remove_suffix(4);
  for (const std::string_view extension : {".js", ".mjs", ".cjs"}) {
    if (name.size() > extension.size() && name.ends_with(extension)) return true;
  }
  return false;
}

std::vector<std::string> default_served_directories() { return {"build", "dist", "out", "public"}; }

}  // namespace mongoscan
