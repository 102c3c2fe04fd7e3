#pragma once
// A reader of HCL2 native syntax (hashicorp/hcl, hclsyntax/spec.md): the bodies, blocks and
// attributes of a Terraform file, with literal values decoded and every other expression kept as
// its source text. Nothing is evaluated. Terraform has no C++ parser, so this is our own.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/errors/result.h"

namespace mongoscan {

struct HclMember;

// One attribute's value. Literals are decoded; anything else (`var.allowed`,
// `aws_security_group.db.id`, `concat(a, b)`, `x ? y : z`, a `for` expression) is an expression
// whose source text is kept as written.
struct HclValue {
  enum class Kind { null, boolean, number, string, list, object, expression };
  Kind kind = Kind::null;
  // boolean: "true" or "false"; number: as written; string: the decoded text, with each
  // `${...}` and `%{...}` kept verbatim; expression: its source text.
  std::string text;
  bool interpolated = false;       // a string holding a `${...}` or `%{...}` sequence
  std::vector<HclValue> items;     // list (HCL's tuple)
  std::vector<HclMember> members;  // object, in order
  int line = 0;                    // 1-based, where the value starts

  // The member named `key`, or nullptr (objects only).
  const HclValue* member(std::string_view key) const;
};

// One member of an object: `key = value` or `"key": value`.
struct HclMember {
  std::string key;  // a name or a string as written; another expression's source text
  HclValue value;
};

struct HclBlock;

struct HclAttribute {
  std::string name;
  HclValue value;
  int line = 0;
};

// One level of nesting: a file, or the inside of a block; in file order.
struct HclBody {
  std::vector<HclAttribute> attributes;
  std::vector<HclBlock> blocks;

  // The attribute named `name`, or nullptr.
  const HclAttribute* attribute(std::string_view name) const;
  // The blocks of type `type`, in file order.
  std::vector<const HclBlock*> blocks_of(std::string_view type) const;
};

struct HclBlock {
  std::string type;                 // "resource", "ingress", ...
  std::vector<std::string> labels;  // `resource "aws_security_group" "db"`: the type and name
  HclBody body;
  int line = 0;  // of the block's type
};

// The deepest nesting of blocks, collections, parentheses, calls and interpolations read; a
// deeper file is refused, so hostile input cannot exhaust the stack.
inline constexpr std::size_t kHclMaxNesting = 64;

// The body of a whole file, or a syntax error (phase "hcl") whose message starts with
// "line N: ". Reads each character a bounded number of times.
Result<HclBody> parse_hcl(std::string_view text);

}  // namespace mongoscan
