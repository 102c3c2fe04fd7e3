#pragma once
// Terraform's network exposure: the security group, firewall and access-list rules and the load
// balancers a Terraform file declares, read into exposure facts as written. Variables and locals
// with literal values in the module (the file, the other files of its directory and the variable
// definitions files Terraform loads itself: terraform_module_files.h) are resolved; any other
// reference is kept unresolved.
//
// Rules: tencentcloud_security_group_rule, _rule_set and _lite_rule, alicloud_security_group_rule,
// aws_security_group (inline ingress/egress), aws_security_group_rule,
// aws_vpc_security_group_ingress_rule and _egress_rule, google_compute_firewall,
// azurerm_network_security_rule and azurerm_network_security_group (inline security_rule),
// mongodbatlas_project_ip_access_list. Endpoints: tencentcloud_clb_instance with its
// tencentcloud_clb_listener ports, aws_lb / aws_alb with aws_lb_listener / aws_alb_listener ports,
// aws_elb with its inline listeners.
//
// A rule's `sources` are the far side of the rule: the sources of an ingress rule, the
// destinations of an egress rule.

#include <functional>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "scanner/facts/exposure_facts.h"
#include "scanner/infra/terraform_module_files.h"

namespace mongoscan {

// The other files of a file's module, read only when the file needs them (its resources name
// variables or locals).
using TerraformModuleFilesFunction = std::function<std::vector<TerraformModuleFile>()>;

// A `.tf` file (HCL native syntax). A file that does not parse gives one problem, with its line.
// Without `module_files`, only the file itself gives values.
ExposureScan read_terraform(std::string_view path, std::string_view text,
                            const TerraformModuleFilesFunction& module_files = {});

// Whether a JSON document is the output of `terraform show -json` (a plan or a state):
// `format_version` with `planned_values` or `values`.
bool is_terraform_plan(const nlohmann::json& document);

// A `.tf.json` file, or the JSON of `terraform show -json` (is_terraform_plan; format
// "terraform-plan", resources named by their address). JSON gives no lines: every location is
// line 1.
ExposureScan read_terraform_json(std::string_view path, const nlohmann::json& document);

}  // namespace mongoscan
