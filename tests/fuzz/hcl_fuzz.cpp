// The HCL2 reader (scanner/infra/hcl.h) and the Terraform facts read through it
// (scanner/infra/terraform.h). Properties: a refused file names a line of the file; an accepted
// file gives every block, attribute and value a line of the file, still reads the same once a
// newline is appended, and its rules and endpoints sit on lines of the file.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/infra/hcl.h"
#include "scanner/infra/terraform.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

bool value_lines_within(const HclValue& value, int last_line) {
  if (value.line < 1 || value.line > last_line) return false;
  for (const HclValue& item : value.items) {
    if (!value_lines_within(item, last_line)) return false;
  }
  for (const HclMember& member : value.members) {
    if (!value_lines_within(member.value, last_line)) return false;
  }
  return true;
}

bool body_lines_within(const HclBody& body, int last_line) {
  for (const HclAttribute& attribute : body.attributes) {
    if (attribute.line < 1 || attribute.line > last_line) return false;
    if (!value_lines_within(attribute.value, last_line)) return false;
  }
  for (const HclBlock& block : body.blocks) {
    if (block.line < 1 || block.line > last_line) return false;
    if (!body_lines_within(block.body, last_line)) return false;
  }
  return true;
}

std::size_t count_items(const HclBody& body) {
  std::size_t count = body.attributes.size();
  for (const HclBlock& block : body.blocks) count += 1 + count_items(block.body);
  return count;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const int last_line = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
  const Result<HclBody> body = parse_hcl(text);
  if (!body) {
    const std::string& message = body.error().message;
    fuzz::check(message.starts_with("line "), "a refusal starts with its line");
    const int line = std::atoi(message.c_str() + 5);
    fuzz::check(line >= 1 && line <= last_line, "a refusal names a line of the file");
    return 0;
  }
  fuzz::check(body_lines_within(body.value(), last_line), "every line is a line of the file");
  const Result<HclBody> again = parse_hcl(std::string(text) + "\n");
  fuzz::check(again.ok(), "an accepted file is accepted with a newline appended");
  fuzz::check(count_items(again.value()) == count_items(body.value()),
              "a newline appended adds nothing");
  // Alone, and with the same text as the module's other .tf file and its terraform.tfvars.
  const auto module = [&] {
    return std::vector<TerraformModuleFile>{{"variables.tf", std::string(text), false},
                                            {"terraform.tfvars", std::string(text), true}};
  };
  for (const ExposureScan& scan :
       {read_terraform("main.tf", text), read_terraform("main.tf", text, module)}) {
    for (const NetworkRule& rule : scan.rules) {
      fuzz::check(rule.location.line >= 1 && rule.location.line <= last_line,
                  "a rule sits on a line of the file");
    }
    for (const NetworkEndpoint& endpoint : scan.endpoints) {
      fuzz::check(endpoint.location.line >= 1 && endpoint.location.line <= last_line,
                  "an endpoint sits on a line of the file");
    }
  }
  return 0;
}
