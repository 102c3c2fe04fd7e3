#include "scanner/infra/terraform.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "scanner/infra/hcl.h"
#include "scanner/infra/terraform_module_files.h"
#include "scanner/text/ascii_case.h"

// Attribute names are those of each provider's resource documentation on registry.terraform.io:
// tencentcloudstack/tencentcloud (security_group_rule, security_group_rule_set,
// security_group_lite_rule, clb_instance, clb_listener), aliyun/alicloud (security_group_rule),
// hashicorp/aws (security_group, security_group_rule, vpc_security_group_ingress_rule,
// vpc_security_group_egress_rule, lb, lb_listener, elb), hashicorp/google (compute_firewall),
// hashicorp/azurerm (network_security_rule, network_security_group) and
// mongodb/mongodbatlas (project_ip_access_list).

namespace mongoscan {
namespace {

// How deep the JSON of a .tf.json file or a plan is converted, as for HCL.
constexpr std::size_t kTerraformJsonNesting = kHclMaxNesting;

// How many var./local. references are followed from one value (a local naming a variable).
constexpr int kTerraformReferenceHops = 4;

// The port MongoDB's Atlas clusters listen on, which an access list entry opens.
constexpr std::uint16_t kAtlasPort = 27017;

// The most elements a dynamic block's for_each may hold to be expanded, and the most values all
// the expansions of one file may copy (a for_each element is copied wherever content names it).
constexpr std::size_t kTerraformMaxDynamicElements = 64;
constexpr std::size_t kTerraformMaxExpandedValues = 100000;

// A `dynamic "TYPE"` block (Terraform language, "dynamic Blocks"): for_each, the iterator's name
// (TYPE unless `iterator` names another) and its content, a body (HCL) or an object (JSON).
struct TerraformDynamicBlock {
  int line = 0;
  const HclValue* for_each = nullptr;
  std::string iterator;
  const HclBody* content_body = nullptr;
  const HclValue* content_object = nullptr;
};

// The attributes of a resource or of one of its nested blocks: a block body, or an object (a
// nested block written as an attribute, and everything read from JSON).
class TerraformFields {
 public:
  TerraformFields(const HclBody& body, int line) : body_(&body), line_(line) {}
  explicit TerraformFields(const HclValue& object) : object_(&object), line_(object.line) {}

  int line() const { return line_; }

  // The attribute `name`, or nullptr; a null value counts as absent.
  const HclValue* get(std::string_view name) const {
    const HclValue* value = nullptr;
    if (body_) {
      const HclAttribute* attribute = body_->attribute(name);
      value = attribute ? &attribute->value : nullptr;
    } else {
      value = object_->member(name);
    }
    return value && value->kind != HclValue::Kind::null ? value : nullptr;
  }

  // The nested blocks of type `type`: blocks of a body, or an attribute holding an object or a
  // list of objects (attributes-as-blocks, and JSON).
  std::vector<TerraformFields> nested(std::string_view type) const {
    std::vector<TerraformFields> found;
    if (body_) {
      for (const HclBlock* block : body_->blocks_of(type)) {
        found.emplace_back(block->body, block->line);
      }
    }
    const HclValue* value = get(type);
    if (value && value->kind == HclValue::Kind::object) found.emplace_back(*value);
    if (value && value->kind == HclValue::Kind::list) {
      for (const HclValue& item : value->items) {
        if (item.kind == HclValue::Kind::object) found.emplace_back(item);
      }
    }
    return found;
  }

  // The `dynamic "type"` blocks: blocks of a body, or the "dynamic" member of an object (JSON
  // configuration syntax: {"dynamic": {"type": {"for_each": ..., "content": {...}}}}).
  std::vector<TerraformDynamicBlock> dynamic_blocks(std::string_view type) const {
    std::vector<TerraformDynamicBlock> found;
    if (body_) {
      for (const HclBlock* block : body_->blocks_of("dynamic")) {
        if (block->labels.empty() || block->labels[0] != type) continue;
        TerraformDynamicBlock dynamic{block->line, nullptr, std::string(type), nullptr, nullptr};
        if (const HclAttribute* for_each = block->body.attribute("for_each"))
          dynamic.for_each = &for_each->value;
        if (const HclAttribute* iterator = block->body.attribute("iterator"))
          dynamic.iterator = iterator->value.text;
        const auto contents = block->body.blocks_of("content");
        if (contents.size() == 1) dynamic.content_body = &contents[0]->body;
        found.push_back(std::move(dynamic));
      }
      return found;
    }
    for (const HclValue* dynamics : objects_of(get("dynamic"))) {
      for (const HclValue* block : objects_of(dynamics->member(type))) {
        TerraformDynamicBlock dynamic{block->line, block->member("for_each"), std::string(type),
                                      nullptr, nullptr};
        if (const HclValue* iterator = block->member("iterator")) dynamic.iterator = iterator->text;
        const auto contents = objects_of(block->member("content"));
        if (contents.size() == 1) dynamic.content_object = contents[0];
        found.push_back(std::move(dynamic));
      }
    }
    return found;
  }

 private:
  // An object, or the objects of a list; nothing for anything else.
  static std::vector<const HclValue*> objects_of(const HclValue* value) {
    std::vector<const HclValue*> objects;
    if (value && value->kind == HclValue::Kind::object) objects.push_back(value);
    if (value && value->kind == HclValue::Kind::list) {
      for (const HclValue& item : value->items)
        if (item.kind == HclValue::Kind::object) objects.push_back(&item);
    }
    return objects;
  }

  const HclBody* body_ = nullptr;
  const HclValue* object_ = nullptr;
  int line_ = 1;
};

struct TerraformResource {
  std::string type;
  std::string name;  // "aws_security_group.db", or a plan's address
  TerraformFields fields;
};

// What a value is once variables and locals are followed.
struct TerraformScalar {
  enum class State { absent, literal, unresolved } state = State::absent;
  std::string text;  // the literal, or the expression as written
};

// Ports from text: "27017", "27017-27019", "80,443", "27017/27017" (Alibaba Cloud), and
// "ALL", "*", "-1", "-1/-1" or "" for every port (an empty list). Nothing when malformed.
std::optional<std::vector<PortRange>> terraform_port_list(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty() || equals_ignore_case(text, "all") || text == "*" || text == "-1" ||
      text == "-1/-1") {
    return std::vector<PortRange>{};
  }
  const auto number = [](std::string_view digits) -> std::optional<std::uint16_t> {
    unsigned value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc() || end != digits.data() + digits.size() || value > 65535) {
      return std::nullopt;
    }
    return static_cast<std::uint16_t>(value);
  };
  std::vector<PortRange> ranges;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    std::string_view part = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    const std::size_t dash = part.find_first_of("-/");
    const auto first = number(part.substr(0, dash));
    const auto last = dash == std::string_view::npos ? first : number(part.substr(dash + 1));
    if (!first || !last || *first > *last) return std::nullopt;
    ranges.push_back(PortRange{*first, *last});
  }
  return ranges;
}

bool is_all_protocols(std::string_view protocol) {
  return protocol == "-1" || protocol == "all" || protocol == "*";
}

// Reads the resources of one file, or of one plan, into an ExposureScan.
class TerraformReader {
 public:
  TerraformReader(std::string_view path, std::string format)
      : path_(path), format_(std::move(format)) {}

  // A variable declaration, with its default or nullptr (a value must come from elsewhere).
  void add_variable(const std::string& name, const HclValue* value) { variables_[name] = value; }
  void add_local(const std::string& name, const HclValue& value) { locals_[name] = &value; }
  // A variable declared in the module given a value by a variable definitions file; the last
  // one given wins. A name no file declares is no variable (Terraform warns and ignores it).
  void assign_variable(const std::string& name, const HclValue& value) {
    const auto found = variables_.find(name);
    if (found != variables_.end()) found->second = &value;
  }
  bool declares(std::string_view prefix, const std::string& name) const {
    const auto& names = prefix == "var." ? variables_ : locals_;
    return names.find(name) != names.end();
  }

  void read(const std::vector<TerraformResource>& resources) {
    for (const TerraformResource& resource : resources) read_rules(resource);
    read_load_balancers(resources);
  }

  void problem(int line, const std::string& what) {
    scan_.problems.push_back(path_ + ":" + std::to_string(line) + ": " + what);
  }

  // The resources a `resource "TYPE" "NAME"` block stands for: one, or with a `for_each` over a
  // literal collection of the file (a list, a map, toset()/tolist() of one, or a for expression
  // over one whose value is the element: `{for i, x in local.list : x.comment => x}`), one per
  // element with `each.key` and `each.value...` put in, named `TYPE.NAME["key"]`. A for_each whose
  // elements are not in the module leaves the one resource as written (its references
  // unresolved). With a `count` (Terraform language, "The count Meta-Argument"): none for a
  // literal 0, one per index named `TYPE.NAME[i]` when the module gives the number (written,
  // a variable's value, or `length()` of a list or map) and the body names `count.index`, else
  // the one resource as written (a `var.enabled ? 1 : 0` may be switched on by a caller).
  std::vector<TerraformResource> resources_of(const HclBlock& block) {
    const std::string type = block.labels[0];
    const std::string name = block.labels[0] + "." + block.labels[1];
    std::vector<TerraformResource> resources;
    const HclAttribute* for_each = block.body.attribute("for_each");
    const HclAttribute* count = block.body.attribute("count");
    if (count && for_each == nullptr) {
      if (count->value.kind == HclValue::Kind::number && count->value.text == "0") return {};
      const std::optional<std::size_t> indexes = count_of(count->value);
      if (indexes && *indexes >= 1 && *indexes <= kTerraformMaxDynamicElements &&
          names_text(block.body, "count.index")) {
        for (std::size_t index = 0; index < *indexes; ++index) {
          HclValue key;
          key.kind = HclValue::Kind::number;
          key.text = std::to_string(index);
          key.line = block.line;
          const DynamicElement element{"count", &key, nullptr, "index"};
          HclBody body;
          if (!substitute_body(block.body, element, body)) break;
          expanded_bodies_.push_back(std::move(body));
          resources.push_back(
              TerraformResource{type, name + "[" + key.text + "]",
                                TerraformFields(expanded_bodies_.back(), block.line)});
        }
        return resources;
      }
    }
    std::vector<std::pair<HclValue, const HclValue*>> elements;
    if (for_each == nullptr || !for_each_elements(for_each->value, elements) || elements.empty()) {
      resources.push_back(TerraformResource{type, name, TerraformFields(block.body, block.line)});
      return resources;
    }
    for (auto& [key, value] : elements) {
      key.line = block.line;
      const DynamicElement element{"each", &key, value};
      HclBody body;
      if (!substitute_body(block.body, element, body)) break;
      expanded_bodies_.push_back(std::move(body));
      resources.push_back(TerraformResource{type, name + "[\"" + key.text + "\"]",
                                            TerraformFields(expanded_bodies_.back(), block.line)});
    }
    return resources;
  }

  ExposureScan take() && { return std::move(scan_); }

 private:
  // The value a reference (or a string that is only `${reference}`) stands for, when the module
  // gives it a literal (named_value); else the value itself.
  const HclValue& resolved(const HclValue& value, int hops = 0) const {
    if (hops >= kTerraformReferenceHops) return value;
    std::string_view reference;
    if (value.kind == HclValue::Kind::expression) reference = value.text;
    if (value.kind == HclValue::Kind::string && value.interpolated &&
        value.text.starts_with("${") && value.text.ends_with("}") &&
        value.text.find("${", 2) == std::string::npos) {
      reference = std::string_view(value.text).substr(2, value.text.size() - 3);
    }
    if (reference.empty()) return value;
    const HclValue* named = named_value(reference, hops);
    return named ? *named : value;
  }

  // What `var.x` or `local.x` names, followed by members and items (`.cidr`, `["cidr"]`, `[0]`),
  // or `element(REFERENCE, N)` (item N modulo the list's length, as Terraform's element()), when
  // the module gives it; nullptr otherwise.
  const HclValue* named_value(std::string_view reference, int hops) const {
    reference = trimmed(reference);
    if (reference.starts_with("element(") && reference.ends_with(")")) {
      const std::string_view arguments = reference.substr(8, reference.size() - 9);
      const std::size_t comma = arguments.rfind(',');
      if (comma == std::string_view::npos) return nullptr;
      const HclValue* list = named_value(arguments.substr(0, comma), hops + 1);
      const std::optional<std::size_t> index = index_text(trimmed(arguments.substr(comma + 1)));
      if (!list || !index || list->kind != HclValue::Kind::list || list->items.empty())
        return nullptr;
      return &resolved(list->items[*index % list->items.size()], hops + 1);
    }
    const std::map<std::string, const HclValue*, std::less<>>* names = nullptr;
    if (reference.starts_with("var.")) {
      names = &variables_;
      reference.remove_prefix(4);
    } else if (reference.starts_with("local.")) {
      names = &locals_;
      reference.remove_prefix(6);
    } else {
      return nullptr;
    }
    const std::size_t end = reference.find_first_of(".[");
    const auto found = names->find(reference.substr(0, end));
    if (found == names->end() || found->second == nullptr) return nullptr;
    const HclValue* value = &resolved(*found->second, hops + 1);
    return end == std::string_view::npos ? value : followed(value, reference.substr(end), hops + 1);
  }

  // `value`'s member or item that `steps` name (".port", "[\"port\"]", "[0]", in any number),
  // each step's value resolved; nullptr when one is missing.
  const HclValue* followed(const HclValue* current, std::string_view steps, int hops) const {
    while (!steps.empty() && current) {
      std::string_view step;
      if (steps.front() == '.') {
        steps.remove_prefix(1);
        const std::size_t end = steps.find_first_of(".[");
        step = steps.substr(0, end);
        steps = end == std::string_view::npos ? std::string_view() : steps.substr(end);
      } else if (steps.front() == '[') {
        const std::size_t close = steps.find(']');
        if (close == std::string_view::npos) return nullptr;
        step = trimmed(steps.substr(1, close - 1));
        steps.remove_prefix(close + 1);
        if (step.size() >= 2 && step.front() == '"' && step.back() == '"') {
          step = step.substr(1, step.size() - 2);
        } else if (current->kind == HclValue::Kind::list) {
          const std::optional<std::size_t> index = index_text(step);
          if (!index || *index >= current->items.size()) return nullptr;
          current = &resolved(current->items[*index], hops);
          continue;
        }
      } else {
        return nullptr;
      }
      current = current->kind == HclValue::Kind::object ? current->member(step) : nullptr;
      if (current) current = &resolved(*current, hops);
    }
    return current;
  }

  static std::string_view trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
      text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
      text.remove_suffix(1);
    return text;
  }

  static std::optional<std::size_t> index_text(std::string_view digits) {
    std::size_t index = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return index;
  }

  TerraformScalar scalar(const TerraformFields& fields, std::string_view name) const {
    const HclValue* written = fields.get(name);
    if (!written) return {};
    const HclValue& value = resolved(*written);
    switch (value.kind) {
      case HclValue::Kind::null:
        return {};
      case HclValue::Kind::boolean:
      case HclValue::Kind::number:
        return {TerraformScalar::State::literal, value.text};
      case HclValue::Kind::string:
        if (!value.interpolated) return {TerraformScalar::State::literal, value.text};
        break;
      default:
        break;
    }
    return {TerraformScalar::State::unresolved, written->text.empty() ? value.text : written->text};
  }

  // The literal text of `name`, lower-cased, or `fallback` when absent; nothing (and a problem)
  // when it is not a literal.
  std::optional<std::string> word(const TerraformResource& resource, const TerraformFields& fields,
                                  std::string_view name, std::string_view fallback) {
    const TerraformScalar value = scalar(fields, name);
    if (value.state == TerraformScalar::State::absent) return std::string(fallback);
    if (value.state == TerraformScalar::State::literal) return to_lower_ascii(value.text);
    problem(fields.line(), resource.name + ": " + std::string(name) + " is " + value.text +
                               ", not a literal; the rule is skipped");
    return std::nullopt;
  }

  // The lists an address attribute's walk has read, and those it is inside.
  struct AddressWalk {
    std::set<const HclValue*> read;
    std::vector<const HclValue*> open;
    bool cycle = false;
    bool names_groups = false;  // the field names groups (names_groups): references are sources
  };

  // Adds the addresses `name` holds (a string or a list) to the rule's sources, and what does
  // not resolve to a literal to its unresolved sources. A list may name a local that names lists:
  // each list is read once per attribute (its addresses
  // are in the rule already), so ten locals each naming the last ten times cost ten lists, not ten
  // billion values; a list inside itself (`a = [local.a, "0.0.0.0/0"]`) is a problem at the
  // attribute's line and an unresolved source, and what is beside it is judged.
  void add_addresses(const TerraformFields& fields, std::string_view name, NetworkRule& rule) {
    const HclValue* value = fields.get(name);
    if (!value) return;
    AddressWalk walk;
    walk.names_groups = names_groups(name);
    add_addresses(*value, rule, 0, walk);
    if (walk.cycle) {
      problem(value->line, rule.resource + ": " + std::string(name) +
                               " names a local that contains itself; that part is not read");
    }
  }

  void add_addresses(const HclValue& written, NetworkRule& rule, std::size_t depth,
                     AddressWalk& walk) const {
    const HclValue& value = resolved(written);
    switch (value.kind) {
      case HclValue::Kind::null:
      case HclValue::Kind::boolean:
        return;
      case HclValue::Kind::number:
        rule.sources.push_back(value.text);
        return;
      case HclValue::Kind::string:
        if (value.interpolated) break;
        rule.sources.push_back(value.text);
        return;
      case HclValue::Kind::list:
        if (depth >= kHclMaxNesting) break;
        if (std::find(walk.open.begin(), walk.open.end(), &value) != walk.open.end()) {
          walk.cycle = true;
          break;
        }
        if (!walk.read.insert(&value).second) return;
        walk.open.push_back(&value);
        for (const HclValue& item : value.items) add_addresses(item, rule, depth + 1, walk);
        walk.open.pop_back();
        return;
      default:
        break;
    }
    const std::string& text = written.text.empty() ? value.text : written.text;
    // A reference to a group (aws_security_group.app.id) admits that group's members, whatever
    // its value: a source, never an unknown one.
    (walk.names_groups ? rule.sources : rule.unresolved_sources).push_back(text);
  }

  // Fields whose values name groups of instances, not addresses: security groups (AWS, Tencent
  // Cloud source_sgid, Alibaba Cloud), GCP network tags and service accounts, Azure application
  // security groups. A rule from one of them admits only the group's members.
  static bool names_groups(std::string_view field) {
    static constexpr std::array<std::string_view, 8> kGroupFields = {
        "security_groups",
        "source_security_group_id",
        "referenced_security_group_id",
        "source_sgid",
        "source_tags",
        "source_service_accounts",
        "source_application_security_group_ids",
        "destination_application_security_group_ids"};
    return std::find(kGroupFields.begin(), kGroupFields.end(), field) != kGroupFields.end();
  }

  NetworkRule rule_of(const TerraformResource& resource, int line) const {
    NetworkRule rule;
    rule.location = FileLocation{path_, line, 0};
    rule.format = format_;
    rule.resource = resource.name;
    return rule;
  }

  // "ingress"/"inbound" or "egress"/"outbound", in any case.
  std::optional<NetworkRule::Direction> direction(const TerraformResource& resource,
                                                  const TerraformFields& fields,
                                                  std::string_view name,
                                                  std::string_view fallback) {
    const auto text = word(resource, fields, name, fallback);
    if (!text) return std::nullopt;
    if (*text == "ingress" || *text == "inbound") return NetworkRule::Direction::ingress;
    if (*text == "egress" || *text == "outbound") return NetworkRule::Direction::egress;
    problem(fields.line(), resource.name + ": " + std::string(name) + " \"" + *text +
                               "\" is no direction; the rule is skipped");
    return std::nullopt;
  }

  // "accept"/"allow" or "drop"/"deny", in any case.
  std::optional<NetworkRule::Action> action(const TerraformResource& resource,
                                            const TerraformFields& fields, std::string_view name,
                                            std::string_view fallback) {
    const auto text = word(resource, fields, name, fallback);
    if (!text) return std::nullopt;
    if (*text == "accept" || *text == "allow") return NetworkRule::Action::accept;
    if (*text == "drop" || *text == "deny") return NetworkRule::Action::drop;
    problem(fields.line(), resource.name + ": " + std::string(name) + " \"" + *text +
                               "\" is no action; the rule is skipped");
    return std::nullopt;
  }

  // Ports written as text ("27017-27019", "ALL"); absent means every port.
  std::optional<std::vector<PortRange>> port_text(const TerraformResource& resource,
                                                  const TerraformFields& fields,
                                                  std::string_view name) {
    const TerraformScalar value = scalar(fields, name);
    if (value.state == TerraformScalar::State::absent) return std::vector<PortRange>{};
    auto ports = value.state == TerraformScalar::State::literal ? terraform_port_list(value.text)
                                                                : std::nullopt;
    if (!ports) {
      problem(fields.line(), resource.name + ": " + std::string(name) + " \"" + value.text +
                                 "\" is not a literal port range; the rule is skipped");
    }
    return ports;
  }

  // AWS's from_port/to_port: every port for protocol "-1", or when from_port is -1 or absent.
  std::optional<std::vector<PortRange>> from_to_ports(const TerraformResource& resource,
                                                      const TerraformFields& fields,
                                                      std::string_view protocol) {
    if (is_all_protocols(protocol)) return std::vector<PortRange>{};
    const TerraformScalar from = scalar(fields, "from_port");
    const TerraformScalar to = scalar(fields, "to_port");
    if (from.state == TerraformScalar::State::absent || from.text == "-1") {
      return std::vector<PortRange>{};
    }
    const std::string range =
        from.text + "-" + (to.state == TerraformScalar::State::absent ? from.text : to.text);
    const bool literal = from.state == TerraformScalar::State::literal &&
                         to.state != TerraformScalar::State::unresolved;
    auto ports = literal ? terraform_port_list(range) : std::nullopt;
    if (!ports) {
      problem(fields.line(), resource.name + ": from_port/to_port " + range +
                                 " are not literal ports; the rule is skipped");
    }
    return ports;
  }

  void read_rules(const TerraformResource& resource) {
    const std::string& type = resource.type;
    if (type == "tencentcloud_security_group_rule") return tencent_rule(resource);
    if (type == "tencentcloud_security_group_rule_set") return tencent_rule_set(resource);
    if (type == "tencentcloud_security_group_lite_rule") return tencent_lite_rule(resource);
    if (type == "alicloud_security_group_rule") return alicloud_rule(resource);
    if (type == "aws_security_group") return aws_security_group(resource);
    if (type == "aws_security_group_rule") {
      return aws_rule(resource, resource.fields, std::nullopt);
    }
    if (type == "aws_vpc_security_group_ingress_rule") {
      return aws_vpc_rule(resource, NetworkRule::Direction::ingress);
    }
    if (type == "aws_vpc_security_group_egress_rule") {
      return aws_vpc_rule(resource, NetworkRule::Direction::egress);
    }
    if (type == "google_compute_firewall") return google_firewall(resource);
    if (type == "azurerm_network_security_rule") return azure_rule(resource, resource.fields);
    if (type == "azurerm_network_security_group") {
      for (const TerraformFields& rule : blocks(resource, resource.fields, "security_rule")) {
        azure_rule(resource, rule);
      }
      return;
    }
    if (type == "mongodbatlas_project_ip_access_list") return atlas_access_list(resource);
  }

  // The nested blocks of type `type` and those its `dynamic "type"` blocks give: one per element
  // of a literal for_each (a list or a map, written or a variable's or local's literal value,
  // possibly through toset() or tolist()), its content with `<iterator>.key` and
  // `<iterator>.value...` put in, each at the dynamic block's line. A dynamic block that cannot be
  // expanded so is a problem.
  std::vector<TerraformFields> blocks(const TerraformResource& resource,
                                      const TerraformFields& fields, std::string_view type) {
    std::vector<TerraformFields> found = fields.nested(type);
    for (const TerraformDynamicBlock& dynamic : fields.dynamic_blocks(type))
      expand_dynamic(resource, type, dynamic, found);
    return found;
  }

  void expand_dynamic(const TerraformResource& resource, std::string_view type,
                      const TerraformDynamicBlock& dynamic, std::vector<TerraformFields>& found) {
    const std::string what = resource.name + ": the dynamic \"" + std::string(type) + "\" block";
    if (!dynamic.for_each || (!dynamic.content_body && !dynamic.content_object)) {
      return problem(dynamic.line, what +
                                       " has no for_each or no single content; its rules are "
                                       "not read");
    }
    std::optional<HclBody> converted;  // what a toset() or tolist() call converts
    const HclValue* converting = nullptr;
    const bool set = converted_collection(resolved(*dynamic.for_each), converted);
    if (converted) converting = &converted->attributes[0].value;
    const HclValue& collection = converting ? resolved(*converting) : resolved(*dynamic.for_each);
    if (collection.items.size() + collection.members.size() > kTerraformMaxDynamicElements) {
      return problem(dynamic.line,
                     what + "'s for_each has " +
                         std::to_string(collection.items.size() + collection.members.size()) +
                         " elements, more than the " +
                         std::to_string(kTerraformMaxDynamicElements) +
                         " expanded; its rules are not read");
    }
    std::vector<std::pair<HclValue, const HclValue*>> elements;  // each key and value
    if (collection.kind == HclValue::Kind::list) {
      for (std::size_t i = 0; i < collection.items.size(); ++i) {
        // A list's keys are its indexes; a set's are its values, each once.
        if (set && std::any_of(elements.begin(), elements.end(), [&](const auto& element) {
              return element.second->kind == collection.items[i].kind &&
                     element.second->text == collection.items[i].text &&
                     is_scalar_literal(collection.items[i]);
            })) {
          continue;
        }
        HclValue key = set ? collection.items[i] : HclValue{};
        if (!set) {
          key.kind = HclValue::Kind::number;
          key.text = std::to_string(i);
        }
        elements.emplace_back(std::move(key), &collection.items[i]);
      }
    } else if (collection.kind == HclValue::Kind::object) {
      for (const HclMember& member : collection.members) {
        HclValue key;
        key.kind = HclValue::Kind::string;
        key.text = member.key;
        elements.emplace_back(std::move(key), &member.value);
      }
    } else {
      return problem(dynamic.line, what + "'s for_each " + dynamic.for_each->text +
                                       " is not a literal list or map; its rules are not read");
    }
    for (auto& [key, value] : elements) {
      key.line = dynamic.line;
      const DynamicElement element{dynamic.iterator, &key, value};
      if (dynamic.content_body) {
        HclBody body;
        if (!substitute_body(*dynamic.content_body, element, body)) break;
        expanded_bodies_.push_back(std::move(body));
        found.emplace_back(expanded_bodies_.back(), dynamic.line);
      } else {
        HclValue object;
        if (!copy_value(*dynamic.content_object, object, &element)) break;
        object.line = dynamic.line;
        expanded_objects_.push_back(std::move(object));
        found.emplace_back(expanded_objects_.back());
      }
    }
    if (expansion_budget_ == 0) {
      problem(dynamic.line, what +
                                " expands to more values than are read; its rules are not "
                                "all read");
    }
  }

  // How many instances a `count` makes, when the module gives the number: a number written or
  // named, or `length(REFERENCE)` of a list or map the module gives.
  std::optional<std::size_t> count_of(const HclValue& written) const {
    const HclValue& value = resolved(written);
    if (value.kind == HclValue::Kind::number) return index_text(value.text);
    if (value.kind != HclValue::Kind::expression) return std::nullopt;
    const std::string_view text = trimmed(value.text);
    if (!text.starts_with("length(") || !text.ends_with(")")) return std::nullopt;
    const HclValue* collection = named_value(text.substr(7, text.size() - 8), 0);
    if (!collection) return std::nullopt;
    if (collection->kind == HclValue::Kind::list) return collection->items.size();
    if (collection->kind == HclValue::Kind::object) return collection->members.size();
    return std::nullopt;
  }

  // Whether any value in `body` (its blocks' too) holds `text`.
  static bool names_text(const HclBody& body, std::string_view text) {
    const auto in_value = [&](const auto& self, const HclValue& value) -> bool {
      if (value.text.find(text) != std::string::npos) return true;
      for (const HclValue& item : value.items)
        if (self(self, item)) return true;
      for (const HclMember& member : value.members)
        if (self(self, member.value)) return true;
      return false;
    };
    for (const HclAttribute& attribute : body.attributes)
      if (in_value(in_value, attribute.value)) return true;
    for (const HclBlock& block : body.blocks)
      if (names_text(block.body, text)) return true;
    return false;
  }

  // The elements (key, value) of a resource's for_each, when the file gives them: false for
  // anything else, or more than kTerraformMaxDynamicElements.
  bool for_each_elements(const HclValue& written,
                         std::vector<std::pair<HclValue, const HclValue*>>& elements) {
    const HclValue& value = resolved(written);
    std::string key_member;  // a for expression's key, `x.<member>`; empty: the index
    const HclValue* collection = &value;
    bool set = false;
    if (value.kind == HclValue::Kind::expression) {
      std::optional<HclBody>& converted = converted_for_each_.emplace_back();
      set = converted_collection(value, converted);
      if (converted) {
        collection = &resolved(converted->attributes[0].value);
      } else if (!for_expression(value.text, collection, key_member)) {
        return false;
      }
    }
    const HclValue& items = *collection;
    if (items.items.size() + items.members.size() > kTerraformMaxDynamicElements) return false;
    if (items.kind == HclValue::Kind::list) {
      for (std::size_t i = 0; i < items.items.size(); ++i) {
        HclValue key;
        const HclValue* keyed = key_member.empty() ? nullptr : items.items[i].member(key_member);
        if (keyed && is_scalar_literal(*keyed)) {
          key = *keyed;
        } else if (set && is_scalar_literal(items.items[i])) {
          key = items.items[i];
        } else {
          key.kind = HclValue::Kind::number;
          key.text = std::to_string(i);
        }
        elements.emplace_back(std::move(key), &items.items[i]);
      }
      return true;
    }
    if (items.kind == HclValue::Kind::object) {
      for (const HclMember& member : items.members) {
        HclValue key;
        key.kind = HclValue::Kind::string;
        key.text = member.key;
        elements.emplace_back(std::move(key), &member.value);
      }
      return true;
    }
    return false;
  }

  // `{for i, x in local.list : x.comment => x}` or `[for x in var.list : x]`: the collection (in
  // `collection`, resolved) when the expression's value is the element itself and there is no
  // `if`; the key's member of the element in `key_member` when it is `x.<member>`.
  bool for_expression(std::string_view text, const HclValue*& collection, std::string& key_member) {
    text = trimmed(text);
    if (text.size() < 2 || !((text.front() == '{' && text.back() == '}') ||
                             (text.front() == '[' && text.back() == ']')))
      return false;
    const bool map = text.front() == '{';
    text = trimmed(text.substr(1, text.size() - 2));
    if (!text.starts_with("for ") && !text.starts_with("for\t") && !text.starts_with("for\n"))
      return false;
    text = trimmed(text.substr(3));
    const std::size_t in = text.find(" in ");
    const std::size_t colon = text.find(':');
    if (in == std::string_view::npos || colon == std::string_view::npos || colon < in) return false;
    std::string_view names = trimmed(text.substr(0, in));
    const std::string_view element_name = trimmed(names.substr(names.rfind(',') + 1));
    const std::string_view source = trimmed(text.substr(in + 4, colon - in - 4));
    std::string_view result = trimmed(text.substr(colon + 1));
    if (result.find(" if ") != std::string_view::npos) return false;
    if (map) {
      const std::size_t arrow = result.find("=>");
      if (arrow == std::string_view::npos) return false;
      const std::string_view key = trimmed(result.substr(0, arrow));
      result = trimmed(result.substr(arrow + 2));
      if (key.starts_with(element_name) && key.substr(element_name.size()).starts_with("."))
        key_member = std::string(key.substr(element_name.size() + 1));
    }
    if (result != element_name) return false;
    HclValue& reference = for_each_references_.emplace_back();
    reference.kind = HclValue::Kind::expression;
    reference.text = std::string(source);
    collection = &resolved(reference);
    return collection != &reference;
  }

  // The argument of a `toset(...)` or `tolist(...)` call, parsed into `converted` as the value of
  // its one attribute, each value placed at the call's line; true for toset. Nothing for
  // anything else.
  static bool converted_collection(const HclValue& call, std::optional<HclBody>& converted) {
    if (call.kind != HclValue::Kind::expression || !call.text.ends_with(")")) return false;
    for (const std::string_view function : {"toset(", "tolist("}) {
      if (!call.text.starts_with(function)) continue;
      const std::string_view argument = std::string_view(call.text).substr(
          function.size(), call.text.size() - function.size() - 1);
      Result<HclBody> parsed = parse_hcl("v = " + std::string(argument) + "\n");
      if (!parsed || parsed.value().attributes.size() != 1 || !parsed.value().blocks.empty()) {
        return false;
      }
      converted = std::move(parsed.value());
      place_at(converted->attributes[0].value, call.line);
      return function == "toset(";
    }
    return false;
  }

  static void place_at(HclValue& value, int line) {
    value.line = line;
    for (HclValue& item : value.items) place_at(item, line);
    for (HclMember& member : value.members) place_at(member.value, line);
  }

  // One element of a for_each (a dynamic block's or a resource's) or of a resource's count, as
  // the content names it: `<iterator>.key` and `<iterator>.value...`, or `count.index` (key_name
  // "index", no value).
  struct DynamicElement {
    std::string_view iterator;
    const HclValue* key;
    const HclValue* value;
    std::string_view key_name = "key";
  };

  // The value `reference` names in `element`: its key, or its value and the value's members or
  // items (".port", "[\"port\"]", "[0]"); nullptr for any other text.
  const HclValue* element_reference(std::string_view reference,
                                    const DynamicElement& element) const {
    reference = trimmed(reference);
    if (!reference.starts_with(element.iterator) ||
        reference.substr(element.iterator.size(), 1) != ".") {
      return nullptr;
    }
    reference.remove_prefix(element.iterator.size() + 1);
    if (reference == element.key_name) return element.key;
    if (!element.value || !reference.starts_with("value")) return nullptr;
    return followed(element.value, reference.substr(5), 0);
  }

  // `text` with each `<iterator>.<key_name>` in it (a whole name, as in `var.cidrs[count.index]`
  // or `local.rules[each.key]`) replaced by the element's key as HCL writes it; `text` as it is
  // when the key is no literal.
  static std::string with_element_key(std::string_view text, const DynamicElement& element) {
    const std::string name = std::string(element.iterator) + "." + std::string(element.key_name);
    if (text.find(name) == std::string_view::npos || !is_scalar_literal(*element.key))
      return std::string(text);
    const std::string key = element.key->kind == HclValue::Kind::string
                                ? "\"" + element.key->text + "\""
                                : element.key->text;
    const auto is_name_character = [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
    };
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t found = text.find(name, at);
      if (found == std::string_view::npos) {
        out += text.substr(at);
        break;
      }
      const std::size_t end = found + name.size();
      const bool whole = (found == 0 || !is_name_character(text[found - 1])) &&
                         (end == text.size() || !is_name_character(text[end]));
      out += text.substr(at, found - at);
      out += whole ? std::string_view(key) : text.substr(found, name.size());
      at = end;
    }
    return out;
  }

  static bool is_scalar_literal(const HclValue& value) {
    return value.kind == HclValue::Kind::number || value.kind == HclValue::Kind::boolean ||
           (value.kind == HclValue::Kind::string && !value.interpolated);
  }

  // `from` copied into `out`, each value copied spending the file's expansion budget (so that
  // a large element named many times costs a bounded amount); false when it is spent. With an
  // element, every reference to it is put in (the element's own values are copied as they are).
  bool copy_value(const HclValue& from, HclValue& out, const DynamicElement* element = nullptr) {
    if (expansion_budget_ == 0) return false;
    --expansion_budget_;
    if (element && from.kind == HclValue::Kind::expression) {
      if (const HclValue* named = element_reference(from.text, *element)) {
        if (!copy_value(*named, out)) return false;
        out.line = from.line;
        return true;
      }
      out.kind = from.kind;
      out.text = with_element_key(from.text, *element);
      out.line = from.line;
      return true;
    }
    if (element && from.kind == HclValue::Kind::string && from.interpolated) {
      return substitute_template(from, *element, out);
    }
    out.kind = from.kind;
    out.text = from.text;
    out.interpolated = from.interpolated;
    out.line = from.line;
    for (const HclValue& item : from.items) {
      out.items.emplace_back();
      if (!copy_value(item, out.items.back(), element)) return false;
    }
    for (const HclMember& member : from.members) {
      out.members.push_back(HclMember{member.key, {}});
      if (!copy_value(member.value, out.members.back().value, element)) return false;
    }
    return true;
  }

  // A template string: "${iterator.value}" alone stands for the value itself; otherwise each
  // `${...}` naming a literal of the element (or a variable or local it names) is replaced by
  // its text.
  bool substitute_template(const HclValue& written, const DynamicElement& element, HclValue& out) {
    const std::string_view text = written.text;
    if (text.starts_with("${") && text.ends_with("}") && text.find("${", 2) == std::string::npos) {
      if (const HclValue* named = element_reference(text.substr(2, text.size() - 3), element)) {
        if (!copy_value(*named, out)) return false;
        out.line = written.line;
        return true;
      }
    }
    out = written;
    out.text.clear();
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t open = text.find("${", at);
      const std::size_t close = open == std::string_view::npos ? open : text.find('}', open);
      if (close == std::string_view::npos) {
        out.text += text.substr(at);
        break;
      }
      const std::string inside = with_element_key(text.substr(open + 2, close - open - 2), element);
      const HclValue* named = element_reference(inside, element);
      const HclValue* value = named ? &resolved(*named) : named_value(inside, 0);
      out.text += text.substr(at, open - at);
      out.text += value && is_scalar_literal(*value) ? value->text : "${" + inside + "}";
      at = close + 1;
    }
    out.interpolated =
        out.text.find("${") != std::string::npos || out.text.find("%{") != std::string::npos;
    return true;
  }

  bool substitute_body(const HclBody& written, const DynamicElement& element, HclBody& out) {
    for (const HclAttribute& attribute : written.attributes) {
      out.attributes.push_back(HclAttribute{attribute.name, {}, attribute.line});
      if (!copy_value(attribute.value, out.attributes.back().value, &element)) return false;
    }
    for (const HclBlock& block : written.blocks) {
      out.blocks.push_back(HclBlock{block.type, block.labels, {}, block.line});
      if (!substitute_body(block.body, element, out.blocks.back().body)) return false;
    }
    return true;
  }

  // The field's text when it is a literal string (or resolves to one); empty otherwise.
  std::string literal_text(const TerraformFields& fields, const char* name) {
    const HclValue* written = fields.get(name);
    if (written == nullptr) return {};
    const HclValue& value = resolved(*written);
    return value.kind == HclValue::Kind::string && !value.interpolated ? value.text : "";
  }

  // A rule with `type` (ingress/egress), `policy` (accept/drop; `default_policy` when absent),
  // `ip_protocol` and `port_range`, as Tencent Cloud's and Alibaba Cloud's single-rule resources
  // have; nothing (and a problem) when one of them is unreadable.
  std::optional<NetworkRule> type_policy_rule(const TerraformResource& resource,
                                              const TerraformFields& fields,
                                              std::string_view default_policy) {
    const auto direction = this->direction(resource, fields, "type", "");
    const auto action = this->action(resource, fields, "policy", default_policy);
    const auto protocol = word(resource, fields, "ip_protocol", "all");
    const auto ports = port_text(resource, fields, "port_range");
    if (!direction || !action || !protocol || !ports) return std::nullopt;
    NetworkRule rule = rule_of(resource, fields.line());
    rule.direction = *direction;
    rule.action = *action;
    rule.protocol = *protocol;
    rule.ports = *ports;
    return rule;
  }

  // type INGRESS/EGRESS, policy ACCEPT/DROP, ip_protocol (every protocol when absent),
  // port_range ("80", "80,443", "80-90", "ALL"); sources cidr_ip, source_sgid and
  // address_template blocks (template_id, group_id).
  void tencent_rule(const TerraformResource& resource) {
    const TerraformFields& fields = resource.fields;
    if (fields.get("protocol_template")) {
      return problem(fields.line(), resource.name +
                                        ": a protocol_template names its ports elsewhere; the "
                                        "rule is skipped");
    }
    auto typed = type_policy_rule(resource, fields, "");
    if (!typed) return;
    NetworkRule rule = std::move(*typed);
    rule.group = literal_text(fields, "security_group_id");
    add_addresses(fields, "cidr_ip", rule);
    add_addresses(fields, "source_sgid", rule);
    for (const TerraformFields& form : fields.nested("address_template")) {
      add_addresses(form, "template_id", rule);
      add_addresses(form, "group_id", rule);
    }
    scan_.rules.push_back(std::move(rule));
  }

  // ingress and egress blocks: action ACCEPT/DROP, protocol, port; sources cidr_block,
  // ipv6_cidr_block, source_security_id, address_template_id, address_template_group.
  void tencent_rule_set(const TerraformResource& resource) {
    for (const auto& [block, direction] : {std::pair{"ingress", NetworkRule::Direction::ingress},
                                           std::pair{"egress", NetworkRule::Direction::egress}}) {
      for (const TerraformFields& fields : blocks(resource, resource.fields, block)) {
        const auto action = this->action(resource, fields, "action", "");
        const auto protocol = word(resource, fields, "protocol", "all");
        const auto ports = port_text(resource, fields, "port");
        if (!action || !protocol || !ports) continue;
        NetworkRule rule = rule_of(resource, fields.line());
        rule.direction = direction;
        rule.action = *action;
        rule.protocol = *protocol;
        rule.ports = *ports;
        rule.group = literal_text(resource.fields, "security_group_id");
        for (const char* source : {"cidr_block", "ipv6_cidr_block", "source_security_id",
                                   "address_template_id", "address_template_group"}) {
          add_addresses(fields, source, rule);
        }
        scan_.rules.push_back(std::move(rule));
      }
    }
  }

  // ingress and egress lists of "ACTION#SOURCE#PORT#PROTOCOL", e.g. "ACCEPT#0.0.0.0/0#27017#TCP".
  void tencent_lite_rule(const TerraformResource& resource) {
    for (const auto& [name, direction] : {std::pair{"ingress", NetworkRule::Direction::ingress},
                                          std::pair{"egress", NetworkRule::Direction::egress}}) {
      const HclValue* written = resource.fields.get(name);
      if (!written) continue;
      const HclValue& list = resolved(*written);
      if (list.kind != HclValue::Kind::list) {
        problem(written->line, resource.name + ": " + name + " is " + written->text +
                                   ", not a literal list; its rules are not read");
        continue;
      }
      for (const HclValue& item : list.items) tencent_lite_entry(resource, direction, item);
    }
  }

  void tencent_lite_entry(const TerraformResource& resource, NetworkRule::Direction direction,
                          const HclValue& written) {
    const HclValue& entry = resolved(written);
    std::vector<std::string> parts;
    if (entry.kind == HclValue::Kind::string && !entry.interpolated) {
      std::string_view rest = entry.text;
      for (std::size_t hash = rest.find('#'); parts.size() < 4; hash = rest.find('#')) {
        parts.emplace_back(rest.substr(0, hash));
        if (hash == std::string_view::npos) break;
        rest.remove_prefix(hash + 1);
      }
    }
    const auto ports = parts.size() == 4 ? terraform_port_list(parts[2]) : std::nullopt;
    const std::string action = parts.empty() ? "" : to_lower_ascii(parts[0]);
    if (!ports || (action != "accept" && action != "drop")) {
      return problem(written.line, resource.name + ": \"" + written.text +
                                       "\" is not ACTION#SOURCE#PORT#PROTOCOL; it is skipped");
    }
    NetworkRule rule = rule_of(resource, written.line);
    rule.direction = direction;
    rule.action = action == "accept" ? NetworkRule::Action::accept : NetworkRule::Action::drop;
    rule.protocol = to_lower_ascii(parts[3]);
    rule.ports = *ports;
    rule.sources.push_back(parts[1]);
    rule.group = literal_text(resource.fields, "security_group_id");
    scan_.rules.push_back(std::move(rule));
  }

  // type ingress/egress, policy accept/drop (accept when absent), ip_protocol, port_range
  // "27017/27017" ("-1/-1" for every port); sources cidr_ip, ipv6_cidr_ip,
  // source_security_group_id, prefix_list_id.
  void alicloud_rule(const TerraformResource& resource) {
    const TerraformFields& fields = resource.fields;
    auto typed = type_policy_rule(resource, fields, "accept");
    if (!typed) return;
    NetworkRule rule = std::move(*typed);
    for (const char* source :
         {"cidr_ip", "ipv6_cidr_ip", "source_security_group_id", "prefix_list_id"}) {
      add_addresses(fields, source, rule);
    }
    scan_.rules.push_back(std::move(rule));
  }

  void aws_security_group(const TerraformResource& resource) {
    for (const auto& [block, direction] : {std::pair{"ingress", NetworkRule::Direction::ingress},
                                           std::pair{"egress", NetworkRule::Direction::egress}}) {
      for (const TerraformFields& fields : blocks(resource, resource.fields, block)) {
        aws_rule(resource, fields, direction);
      }
    }
  }

  // aws_security_group's inline blocks and aws_security_group_rule (type ingress/egress):
  // protocol ("-1" for all), from_port, to_port; sources cidr_blocks, ipv6_cidr_blocks,
  // security_groups or source_security_group_id, prefix_list_ids, and self.
  void aws_rule(const TerraformResource& resource, const TerraformFields& fields,
                std::optional<NetworkRule::Direction> inline_direction) {
    const auto direction =
        inline_direction ? inline_direction : this->direction(resource, fields, "type", "");
    const auto protocol = word(resource, fields, "protocol", "");
    if (!direction || !protocol) return;
    const auto ports = from_to_ports(resource, fields, *protocol);
    if (!ports) return;
    NetworkRule rule = rule_of(resource, fields.line());
    rule.direction = *direction;
    rule.protocol = *protocol;
    rule.ports = *ports;
    for (const char* source : {"cidr_blocks", "ipv6_cidr_blocks", "security_groups",
                               "source_security_group_id", "prefix_list_ids"}) {
      add_addresses(fields, source, rule);
    }
    if (scalar(fields, "self").text == "true") rule.sources.push_back("self");
    scan_.rules.push_back(std::move(rule));
  }

  // ip_protocol ("-1" for all), from_port, to_port; sources cidr_ipv4, cidr_ipv6,
  // referenced_security_group_id, prefix_list_id.
  void aws_vpc_rule(const TerraformResource& resource, NetworkRule::Direction direction) {
    const TerraformFields& fields = resource.fields;
    const auto protocol = word(resource, fields, "ip_protocol", "");
    if (!protocol) return;
    const auto ports = from_to_ports(resource, fields, *protocol);
    if (!ports) return;
    NetworkRule rule = rule_of(resource, fields.line());
    rule.direction = direction;
    rule.protocol = *protocol;
    rule.ports = *ports;
    for (const char* source :
         {"cidr_ipv4", "cidr_ipv6", "referenced_security_group_id", "prefix_list_id"}) {
      add_addresses(fields, source, rule);
    }
    scan_.rules.push_back(std::move(rule));
  }

  // direction (INGRESS when absent), one rule per allow or deny block (protocol, ports: every
  // port when absent); sources source_ranges, source_tags, source_service_accounts, or for
  // EGRESS destination_ranges. With none of them Google Cloud applies the rule to 0.0.0.0/0
  // (hashicorp/terraform-provider-google#6789), which is said as that source. A disabled rule
  // is no rule.
  void google_firewall(const TerraformResource& resource) {
    const TerraformFields& fields = resource.fields;
    if (scalar(fields, "disabled").text == "true") return;
    const auto direction = this->direction(resource, fields, "direction", "ingress");
    if (!direction) return;
    for (const auto& [block, action] : {std::pair{"allow", NetworkRule::Action::accept},
                                        std::pair{"deny", NetworkRule::Action::drop}}) {
      for (const TerraformFields& entry : blocks(resource, fields, block)) {
        const auto protocol = word(resource, entry, "protocol", "all");
        const auto ports = google_ports(resource, entry);
        if (!protocol || !ports) continue;
        NetworkRule rule = rule_of(resource, entry.line());
        rule.direction = *direction;
        rule.action = action;
        rule.protocol = *protocol;
        rule.ports = *ports;
        if (*direction == NetworkRule::Direction::ingress) {
          for (const char* source : {"source_ranges", "source_tags", "source_service_accounts"}) {
            add_addresses(fields, source, rule);
          }
        } else {
          add_addresses(fields, "destination_ranges", rule);
        }
        if (rule.sources.empty() && rule.unresolved_sources.empty()) {
          rule.sources.push_back("0.0.0.0/0");
        }
        scan_.rules.push_back(std::move(rule));
      }
    }
  }

  std::optional<std::vector<PortRange>> google_ports(const TerraformResource& resource,
                                                     const TerraformFields& entry) {
    const HclValue* written = entry.get("ports");
    if (!written) return std::vector<PortRange>{};
    const HclValue& list = resolved(*written);
    std::vector<PortRange> ports;
    for (const HclValue& item :
         list.kind == HclValue::Kind::list ? list.items : std::vector<HclValue>{list}) {
      const HclValue& port = resolved(item);
      const bool literal = port.kind == HclValue::Kind::number ||
                           (port.kind == HclValue::Kind::string && !port.interpolated);
      const auto ranges =
          literal && !port.text.empty() ? terraform_port_list(port.text) : std::nullopt;
      if (!ranges || ranges->empty()) {
        problem(entry.line(), resource.name + ": ports " + written->text +
                                  " are not literal ports; the rule is skipped");
        return std::nullopt;
      }
      ports.insert(ports.end(), ranges->begin(), ranges->end());
    }
    return ports;
  }

  // direction Inbound/Outbound, access Allow/Deny, protocol (Tcp, Udp, *...),
  // destination_port_range(s) ("*" for every port); sources source_address_prefix(es)
  // ("*", "Internet", "VirtualNetwork", CIDRs), source_application_security_group_ids, or for
  // Outbound the destination_ equivalents.
  void azure_rule(const TerraformResource& resource, const TerraformFields& fields) {
    const auto direction = this->direction(resource, fields, "direction", "");
    const auto action = this->action(resource, fields, "access", "");
    const auto protocol = word(resource, fields, "protocol", "");
    if (!direction || !action || !protocol) return;
    auto ports = port_text(resource, fields, "destination_port_range");
    if (!ports) return;
    if (const HclValue* written = fields.get("destination_port_ranges")) {
      const HclValue& list = resolved(*written);
      for (const HclValue& item : list.items) {
        const HclValue& port = resolved(item);
        const auto ranges = port.interpolated ? std::nullopt : terraform_port_list(port.text);
        if (!ranges || list.kind != HclValue::Kind::list) {
          return problem(fields.line(), resource.name + ": destination_port_ranges " +
                                            written->text +
                                            " are not literal ports; the rule "
                                            "is skipped");
        }
        if (ranges->empty()) {
          ports->clear();
          break;
        }
        ports->insert(ports->end(), ranges->begin(), ranges->end());
      }
    }
    NetworkRule rule = rule_of(resource, fields.line());
    rule.direction = *direction;
    rule.action = *action;
    rule.protocol = *protocol;
    rule.ports = *ports;
    const std::string side =
        *direction == NetworkRule::Direction::ingress ? "source" : "destination";
    for (const std::string& source : {side + "_address_prefix", side + "_address_prefixes",
                                      side + "_application_security_group_ids"}) {
      add_addresses(fields, source, rule);
    }
    scan_.rules.push_back(std::move(rule));
  }

  // cidr_block, ip_address or aws_security_group: an entry lets that source reach the
  // project's clusters.
  void atlas_access_list(const TerraformResource& resource) {
    NetworkRule rule = rule_of(resource, resource.fields.line());
    rule.protocol = "tcp";
    rule.ports = {PortRange{kAtlasPort, kAtlasPort}};
    for (const char* source : {"cidr_block", "ip_address", "aws_security_group"}) {
      add_addresses(resource.fields, source, rule);
    }
    scan_.rules.push_back(std::move(rule));
  }

  // The name a reference gives a resource: "tencentcloud_clb_instance.mongo" of
  // "tencentcloud_clb_instance.mongo.id" (or "${...}"); empty for anything else.
  static std::string referenced_resource(const HclValue& value) {
    std::string_view text = value.text;
    if (value.kind == HclValue::Kind::string && text.starts_with("${") && text.ends_with("}")) {
      text = text.substr(2, text.size() - 3);
    } else if (value.kind != HclValue::Kind::expression) {
      return "";
    }
    const std::size_t last_dot = text.rfind('.');
    if (last_dot == std::string_view::npos) return "";
    return std::string(text.substr(0, last_dot));
  }

  // tencentcloud_clb_instance (network_type "OPEN" faces the internet, "INTERNAL" does not;
  // security_groups) with the port of each tencentcloud_clb_listener naming it by clb_id;
  // aws_lb and aws_alb (internal; security_groups) with each aws_lb_listener or
  // aws_alb_listener naming it by load_balancer_arn; aws_elb with its listener blocks (lb_port,
  // instance_port).
  void read_load_balancers(const std::vector<TerraformResource>& resources) {
    std::map<std::string, std::size_t> by_name;
    for (const TerraformResource& resource : resources) {
      const TerraformFields& fields = resource.fields;
      const std::string& type = resource.type;
      if (type != "tencentcloud_clb_instance" && type != "aws_lb" && type != "aws_alb" &&
          type != "aws_elb") {
        continue;
      }
      NetworkEndpoint endpoint;
      endpoint.location = FileLocation{path_, fields.line(), 0};
      endpoint.format = format_;
      endpoint.resource = resource.name;
      endpoint.kind = "load_balancer";
      if (type == "tencentcloud_clb_instance") {
        endpoint.public_facing =
            !equals_ignore_case(scalar(fields, "network_type").text, "internal");
      } else {
        endpoint.public_facing = scalar(fields, "internal").text != "true";
      }
      NetworkRule restrictions;  // security groups: every reference is one (names_groups)
      add_addresses(fields, "security_groups", restrictions);
      endpoint.source_restrictions = std::move(restrictions.sources);
      if (type == "aws_elb") {
        for (const TerraformFields& listener : fields.nested("listener")) {
          add_listener_port(resource, listener, "lb_port", endpoint);
          add_listener_port(resource, listener, "instance_port", endpoint);
        }
      }
      by_name[resource.name] = scan_.endpoints.size();
      scan_.endpoints.push_back(std::move(endpoint));
    }
    for (const TerraformResource& resource : resources) {
      const char* link = resource.type == "tencentcloud_clb_listener" ? "clb_id"
                         : resource.type == "aws_lb_listener" || resource.type == "aws_alb_listener"
                             ? "load_balancer_arn"
                             : nullptr;
      if (!link) continue;
      const HclValue* target = resource.fields.get(link);
      const auto found = target ? by_name.find(referenced_resource(*target)) : by_name.end();
      if (found == by_name.end()) {
        problem(resource.fields.line(),
                resource.name + ": its " + link + " names no load balancer of this file");
        continue;
      }
      add_listener_port(resource, resource.fields, "port", scan_.endpoints[found->second]);
    }
  }

  void add_listener_port(const TerraformResource& resource, const TerraformFields& fields,
                         std::string_view name, NetworkEndpoint& endpoint) {
    const TerraformScalar port = scalar(fields, name);
    const auto ports = port.state == TerraformScalar::State::literal
                           ? terraform_port_list(port.text)
                           : std::nullopt;
    if (!ports || ports->empty()) {
      if (port.state != TerraformScalar::State::absent) {
        problem(fields.line(), resource.name + ": " + std::string(name) + " " + port.text +
                                   " is not a literal port");
      }
      return;
    }
    endpoint.ports.insert(endpoint.ports.end(), ports->begin(), ports->end());
  }

  std::string path_;
  std::string format_;
  std::map<std::string, const HclValue*, std::less<>> variables_;
  std::map<std::string, const HclValue*, std::less<>> locals_;
  // The bodies and objects dynamic blocks expanded into, which the fields read point into.
  std::deque<HclBody> expanded_bodies_;
  std::deque<std::optional<HclBody>> converted_for_each_;  // toset()/tolist() in for_each
  std::deque<HclValue> for_each_references_;  // a for expression's collection, as a reference
  std::deque<HclValue> expanded_objects_;
  std::size_t expansion_budget_ = kTerraformMaxExpandedValues;
  ExposureScan scan_;
};

// JSON as the values HCL would give: strings are templates (.tf.json), numbers keep their text,
// every line is 1. Past kTerraformJsonNesting a value becomes an expression "...".
HclValue terraform_value_of(const nlohmann::json& json, std::size_t depth = 0) {
  HclValue value;
  value.line = 1;
  if (depth > kTerraformJsonNesting) {
    value.kind = HclValue::Kind::expression;
    value.text = "...";
    return value;
  }
  if (json.is_object()) {
    value.kind = HclValue::Kind::object;
    for (const auto& [key, member] : json.items()) {
      value.members.push_back(HclMember{key, terraform_value_of(member, depth + 1)});
    }
  } else if (json.is_array()) {
    value.kind = HclValue::Kind::list;
    for (const nlohmann::json& item : json)
      value.items.push_back(terraform_value_of(item, depth + 1));
  } else if (json.is_string()) {
    value.kind = HclValue::Kind::string;
    value.text = json.get<std::string>();
    value.interpolated =
        value.text.find("${") != std::string::npos || value.text.find("%{") != std::string::npos;
  } else if (json.is_boolean()) {
    value.kind = HclValue::Kind::boolean;
    value.text = json.get<bool>() ? "true" : "false";
  } else if (json.is_number()) {
    value.kind = HclValue::Kind::number;
    value.text = json.dump();
  }
  return value;
}

// The string `key` of a JSON object, or `fallback` when absent or not a string.
std::string terraform_json_string(const nlohmann::json& object, const char* key,
                                  const std::string& fallback) {
  const auto found = object.find(key);
  return found != object.end() && found->is_string() ? found->get<std::string>() : fallback;
}

// The resources of a plan's module and of its child modules, whose values are converted into
// `values` (which must not reallocate while the resources point into it).
void collect_plan_resources(const nlohmann::json& module, std::size_t depth,
                            std::vector<HclValue>& values,
                            std::vector<std::pair<std::string, std::string>>& names) {
  if (!module.is_object() || depth > kTerraformJsonNesting) return;
  const auto resources = module.find("resources");
  if (resources != module.end() && resources->is_array()) {
    for (const nlohmann::json& resource : *resources) {
      if (!resource.is_object() || terraform_json_string(resource, "mode", "managed") != "managed")
        continue;
      const std::string type = terraform_json_string(resource, "type", "");
      const std::string address = terraform_json_string(
          resource, "address", type + "." + terraform_json_string(resource, "name", ""));
      const auto found = resource.find("values");
      if (type.empty() || found == resource.end()) continue;
      values.push_back(terraform_value_of(*found));
      names.emplace_back(type, address);
    }
  }
  const auto children = module.find("child_modules");
  if (children != module.end() && children->is_array()) {
    for (const nlohmann::json& child : *children) {
      collect_plan_resources(child, depth + 1, values, names);
    }
  }
}

ExposureScan read_terraform_plan(std::string_view path, const nlohmann::json& document) {
  const nlohmann::json& values =
      document.contains("planned_values") ? document["planned_values"] : document["values"];
  std::vector<HclValue> bodies;
  std::vector<std::pair<std::string, std::string>> names;
  if (values.is_object() && values.contains("root_module")) {
    collect_plan_resources(values["root_module"], 0, bodies, names);
  }
  std::vector<TerraformResource> resources;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    resources.push_back(
        TerraformResource{names[i].first, names[i].second, TerraformFields(bodies[i])});
  }
  TerraformReader reader(path, "terraform-plan");
  reader.read(resources);
  return std::move(reader).take();
}

}  // namespace

bool is_terraform_plan(const nlohmann::json& document) {
  return document.is_object() && document.contains("format_version") &&
         (document.contains("planned_values") || document.contains("values"));
}

// Whether the file's resources include one this reader reads and names a variable or local, which
// the module's other files may give. kReadTypes are the types read_rules and read_load_balancers
// read: a type they learn is added here too.
bool needs_module_values(const HclBody& file, std::string_view text) {
  if (text.find("var.") == std::string_view::npos && text.find("local.") == std::string_view::npos)
    return false;
  static constexpr std::array<std::string_view, 19> kReadTypes = {
      "tencentcloud_security_group_rule",
      "tencentcloud_security_group_rule_set",
      "tencentcloud_security_group_lite_rule",
      "alicloud_security_group_rule",
      "aws_security_group",
      "aws_security_group_rule",
      "aws_vpc_security_group_ingress_rule",
      "aws_vpc_security_group_egress_rule",
      "google_compute_firewall",
      "azurerm_network_security_rule",
      "azurerm_network_security_group",
      "mongodbatlas_project_ip_access_list",
      "tencentcloud_clb_instance",
      "tencentcloud_clb_listener",
      "aws_lb",
      "aws_alb",
      "aws_elb",
      "aws_lb_listener",
      "aws_alb_listener"};
  return std::any_of(file.blocks.begin(), file.blocks.end(), [](const HclBlock& block) {
    return block.type == "resource" && !block.labels.empty() &&
           std::find(kReadTypes.begin(), kReadTypes.end(), block.labels[0]) != kReadTypes.end();
  });
}

// The variable declarations and locals of the module's other `.tf` files that `file` does not
// declare itself, then the values its variable definitions files assign, into `reader`; the
// parsed files are kept in `parsed`, which the reader points into.
void read_module_values(const std::vector<TerraformModuleFile>& files, TerraformReader& reader,
                        std::deque<HclBody>& parsed, std::deque<HclValue>& parsed_json) {
  for (const TerraformModuleFile& file : files) {
    if (file.assigns_variables) continue;
    Result<HclBody> body = parse_hcl(file.text);
    if (!body) continue;
    parsed.push_back(std::move(body.value()));
    for (const HclBlock& block : parsed.back().blocks) {
      if (block.type == "variable" && block.labels.size() == 1) {
        const HclAttribute* fallback = block.body.attribute("default");
        if (!reader.declares("var.", block.labels[0]))
          reader.add_variable(block.labels[0], fallback ? &fallback->value : nullptr);
      } else if (block.type == "locals") {
        for (const HclAttribute& local : block.body.attributes) {
          if (!reader.declares("local.", local.name)) reader.add_local(local.name, local.value);
        }
      }
    }
  }
  for (const TerraformModuleFile& file : files) {
    if (!file.assigns_variables) continue;
    if (file.path.ends_with(".json")) {
      const nlohmann::json document =
          nlohmann::json::parse(file.text, nullptr, /*allow_exceptions=*/false);
      if (!document.is_object()) continue;
      parsed_json.push_back(terraform_value_of(document));
      for (const HclMember& member : parsed_json.back().members)
        reader.assign_variable(member.key, member.value);
      continue;
    }
    Result<HclBody> body = parse_hcl(file.text);
    if (!body) continue;
    parsed.push_back(std::move(body.value()));
    for (const HclAttribute& assignment : parsed.back().attributes)
      reader.assign_variable(assignment.name, assignment.value);
  }
}

ExposureScan read_terraform(std::string_view path, std::string_view text,
                            const TerraformModuleFilesFunction& module_files) {
  TerraformReader reader(path, "terraform");
  const Result<HclBody> parsed = parse_hcl(text);
  if (!parsed) {
    ExposureScan scan;
    // "line N: what" as "path:N: what", the form of every other problem.
    const std::string& message = parsed.error().message;
    scan.problems.push_back(std::string(path) + ":" +
                            (message.starts_with("line ") ? message.substr(5) : " " + message));
    return scan;
  }
  const HclBody& file = parsed.value();
  std::vector<TerraformResource> resources;
  for (const HclBlock& block : file.blocks) {
    if (block.type == "variable" && block.labels.size() == 1) {
      const HclAttribute* fallback = block.body.attribute("default");
      reader.add_variable(block.labels[0], fallback ? &fallback->value : nullptr);
    } else if (block.type == "locals") {
      for (const HclAttribute& local : block.body.attributes) {
        reader.add_local(local.name, local.value);
      }
    }
  }
  std::deque<HclBody> module_bodies;
  std::deque<HclValue> module_json;
  if (module_files && needs_module_values(file, text))
    read_module_values(module_files(), reader, module_bodies, module_json);
  // After every variable and local: a for_each may name one written below its resource.
  for (const HclBlock& block : file.blocks) {
    if (block.type != "resource" || block.labels.size() != 2) continue;
    for (TerraformResource& resource : reader.resources_of(block))
      resources.push_back(std::move(resource));
  }
  reader.read(resources);
  return std::move(reader).take();
}

ExposureScan read_terraform_json(std::string_view path, const nlohmann::json& document) {
  if (is_terraform_plan(document)) return read_terraform_plan(path, document);
  // The JSON syntax (terraform's "JSON Configuration Syntax"): {"resource": {TYPE: {NAME:
  // {...}}}, "variable": {NAME: {"default": ...}}, "locals": {...}}, any level possibly an array
  // of such objects.
  const HclValue file = terraform_value_of(document);
  TerraformReader reader(path, "terraform");
  std::vector<TerraformResource> resources;
  const auto level = [](const HclValue& value) {
    std::vector<const HclValue*> objects;
    if (value.kind == HclValue::Kind::object) objects.push_back(&value);
    if (value.kind == HclValue::Kind::list) {
      for (const HclValue& item : value.items) {
        if (item.kind == HclValue::Kind::object) objects.push_back(&item);
      }
    }
    return objects;
  };
  for (const HclMember& section : file.members) {
    for (const HclValue* names : level(section.value)) {
      for (const HclMember& named : names->members) {
        if (section.key == "locals") {
          reader.add_local(named.key, named.value);
          continue;
        }
        for (const HclValue* body : level(named.value)) {
          if (section.key == "variable") {
            reader.add_variable(named.key, body->member("default"));
          } else if (section.key == "resource") {
            for (const HclMember& resource : body->members) {
              for (const HclValue* fields : level(resource.value)) {
                resources.push_back(TerraformResource{named.key, named.key + "." + resource.key,
                                                      TerraformFields(*fields)});
              }
            }
          }
        }
      }
    }
  }
  reader.read(resources);
  return std::move(reader).take();
}

}  // namespace mongoscan
