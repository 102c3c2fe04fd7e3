#include "scanner/infra/terraform_module_files.h"

#include <dirent.h>

#include <algorithm>
#include <memory>

#include "scanner/posix/input_file.h"

namespace mongoscan {
namespace {

// The order files are read in: variable definitions files first, in the order Terraform loads
// them (1 terraform.tfvars, 2 terraform.tfvars.json, 3 *.auto.tfvars and *.auto.tfvars.json),
// so that the limits never leave them out for declarations; then 4, the .tf files. 0: neither.
int read_order(std::string_view name) {
  if (name == "terraform.tfvars") return 1;
  if (name == "terraform.tfvars.json") return 2;
  if (name.ends_with(".auto.tfvars") || name.ends_with(".auto.tfvars.json")) return 3;
  if (name.ends_with(".tf") && name.size() > 3) return 4;
  return 0;
}

}  // namespace

std::vector<TerraformModuleFile> terraform_module_files_beside(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  const std::string directory = slash == std::string_view::npos ? "." : std::string(path.substr(0, slash + 1));
  const std::string_view own_name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const std::unique_ptr<DIR, int (*)(DIR*)> listing(::opendir(directory.c_str()), ::closedir);
  if (!listing) return {};
  std::vector<std::pair<int, std::string>> names;
  while (const dirent* entry = ::readdir(listing.get())) {
    const std::string_view name = entry->d_name;
    const int order = read_order(name);
    if (order == 0 || name == own_name) continue;
    names.emplace_back(order, std::string(name));
    // A directory of hundreds of files is no hand-written module (a generated tree): reading it
    // beside each of its files would cost the square of its size, so none of it is read.
    if (names.size() > 4 * kTerraformModuleMaxFiles) return {};
  }
  std::sort(names.begin(), names.end());
  std::vector<TerraformModuleFile> files;
  std::size_t bytes = 0;
  for (const auto& [order, name] : names) {
    if (files.size() == kTerraformModuleMaxFiles) break;
    const std::string file_path = (slash == std::string_view::npos ? "" : directory) + name;
    InputRead read = read_input_file(file_path, InputKind{"a Terraform module file",
                                                          kTerraformModuleMaxBytes - bytes});
    if (!read) continue;
    bytes += read.text.size();
    files.push_back(TerraformModuleFile{file_path, std::move(read.text), order < 4});
  }
  return files;
}

}  // namespace mongoscan
