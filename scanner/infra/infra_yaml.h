#pragma once
// YAML infrastructure files read into exposure facts, document by document: Kubernetes
// manifests, CloudFormation templates, Compose files and Helm chart values, told apart by
// their shape.

#include <string_view>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// What `text` (the file at `path`) declares. A file that is none of these formats gives an
// empty scan; text that is not YAML gives one problem naming its line, and so does a document
// yaml-cpp cannot read (the documents before it are kept).
ExposureScan read_infra_yaml(std::string_view path, std::string_view text);

}  // namespace mongoscan
