#pragma once
// The other files of a Terraform module that give a `.tf` file's variables and locals their
// values: the module is the file's directory (Terraform language, "Modules": "a module is a
// collection of .tf files kept together in a directory"). Terraform reads every `.tf` file of it
// and, for a root module, loads terraform.tfvars, terraform.tfvars.json and then *.auto.tfvars
// and *.auto.tfvars.json in lexical order of their names, a later value winning ("Variable
// Definition Precedence", developer.hashicorp.com/terraform/language/values/variables).

#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

struct TerraformModuleFile {
  std::string path;
  std::string text;
  bool assigns_variables = false;  // a .tfvars or .tfvars.json file: `name = value` assignments
};

// The most files, and the most bytes in all, read beside one file.
inline constexpr std::size_t kTerraformModuleMaxFiles = 64;
inline constexpr std::size_t kTerraformModuleMaxBytes = std::size_t{1} << 20;

// The module's variable definitions files in the order Terraform loads them, then its other `.tf`
// files by name. Only regular files (a link is followed to one) within the limits above, and
// nothing from a directory of more than 4 × kTerraformModuleMaxFiles such files; what is not read
// is left out, the references it would have resolved staying unresolved.
std::vector<TerraformModuleFile> terraform_module_files_beside(std::string_view path);

}  // namespace mongoscan
