#pragma once
// Which infrastructure reader a file needs, by its name and, for JSON, its shape: Terraform
// (.tf, .tf.json, `terraform show -json` plans), YAML (Kubernetes, Compose, CloudFormation, Helm
// values, MongoDB config files), cloud CLI exports (JSON). Other files are no infrastructure.

#include <string_view>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// Whether the file's name makes it worth reading as infrastructure (cheap: the name only).
bool may_be_infrastructure(std::string_view path);

// The file read by the reader its name and shape call for; `recognised` is false for a file no
// reader took as its format. A `.tf` file's module files beside it (terraform_module_files.h)
// are read from `path`'s directory when its resources name variables or locals.
ExposureScan scan_infrastructure_file(std::string_view path, std::string_view text);

}  // namespace mongoscan
