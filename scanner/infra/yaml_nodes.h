#pragma once
// Reading yaml-cpp trees safely: documents loaded with their syntax errors as values, lookups that
// never insert nor throw, scalars told apart from the references a template leaves unresolved.

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanner/errors/result.h"

namespace mongoscan {

// The most text read as YAML documents: yaml-cpp holds a scalar about three times over (its
// token, the node, the text), so a 64 MB scalar took 445 MB and 14 s; a larger file is refused
// (its text is still scanned as text).
inline constexpr std::size_t kMaxYamlBytes = 16 * 1024 * 1024;

// Every document of `text`, or why it is not YAML ("line 3, column 5: illegal map value"); text
// on which yaml-cpp's LoadAll would never end, and text over kMaxYamlBytes, are refused too.
Result<std::vector<YAML::Node>> load_yaml_documents(std::string_view text);

// The value under `key` when `node` is a mapping that has it; a null node otherwise.
YAML::Node yaml_child(const YAML::Node& node, std::string_view key);

// The text of a scalar, quoted or not; nullopt for mappings, sequences, nulls and references.
std::optional<std::string> yaml_text(const YAML::Node& node);

// A value left for a template engine to resolve, rendered as written: a local tag (`!Ref Port`,
// `!GetAtt Sg.GroupId`, `!Sub ...`) or a one-key mapping of an intrinsic function (`{Ref: Port}`,
// `{"Fn::ImportValue": ...}`); nullopt for anything else.
std::optional<std::string> yaml_reference(const YAML::Node& node);

// The line, counted from 1, where a node starts; 0 when yaml-cpp does not know it.
int yaml_line(const YAML::Node& node);

// A problem at a line of a YAML input.
struct YamlProblem {
  int line = 0;
  std::string what;
};

// The first key that a mapping anywhere in `document` holds twice ("key password repeats line
// 6's", at the second one's line), or nullopt. yaml-cpp keeps both and a lookup sees only one, so
// an input in which mongoscan refuses a key (an inline password) checks this before reading it.
std::optional<YamlProblem> repeated_key(const YAML::Node& document);

}  // namespace mongoscan
