#include "scanner/infra/yaml_nodes.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

#include <istream>
#include <map>
#include <optional>
#include <streambuf>
#include <string>
#include <vector>

namespace mongoscan {
namespace {

// A local tag such as `!Ref`; "!" marks a quoted scalar and "?" a plain one.
bool is_local_tag(const std::string& tag) { return tag.size() > 1 && tag.front() == '!'; }

// CloudFormation's long-form intrinsic functions: `Ref` and every `Fn::` name.
bool is_intrinsic_function_name(std::string_view key) {
  return key == "Ref" || key.starts_with("Fn::") || key == "Condition";
}

// Text read as a stream without a copy of it (yaml-cpp reads streams; a std::istringstream
// copies its string, and a large file was held four times over).
class TextStreamBuffer final : public std::streambuf {
 public:
  explicit TextStreamBuffer(std::string_view text) {
    char* begin = const_cast<char*>(text.data());  // only ever read
    setg(begin, begin, begin + text.size());
  }
};

// Where each document starts, and nothing else of the events.
class DocumentStarts final : public YAML::EventHandler {
 public:
  const YAML::Mark& last() const { return last_; }
  void OnDocumentStart(const YAML::Mark& mark) override { last_ = mark; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

 private:
  YAML::Mark last_;
};

// The start of the first document that begins where the one before it did. yaml-cpp 0.7's
// parser reports such a document on some malformed text (a stray "," or "]") again and again
// without reading on, and LoadAll collects them until memory runs out (jbeder/yaml-cpp#1319,
// fixed after the 0.7.0 Debian bookworm ships). Throws what the parser throws.
std::optional<YAML::Mark> stalled_document(std::string_view text) {
  TextStreamBuffer buffer(text);
  std::istream stream(&buffer);
  YAML::Parser parser(stream);
  DocumentStarts starts;
  std::optional<int> previous;
  while (parser.HandleNextDocument(starts)) {
    if (previous == starts.last().pos) return starts.last();
    previous = starts.last().pos;
  }
  return std::nullopt;
}

std::string where(const YAML::Mark& mark) {
  if (mark.is_null()) return "";
  return "line " + std::to_string(mark.line + 1) + ", column " + std::to_string(mark.column + 1) +
         ": ";
}

}  // namespace

Result<std::vector<YAML::Node>> load_yaml_documents(std::string_view text) {
  if (text.size() > kMaxYamlBytes) {
    return Error{ErrorCode::protocol, "yaml",
                 "too large to read as YAML (" + std::to_string(text.size()) +
                     " bytes; the limit is " + std::to_string(kMaxYamlBytes) + ")"};
  }
  try {
    if (const auto stalled = stalled_document(text)) {
      return Error{ErrorCode::protocol, "yaml",
                   where(*stalled) + "a document the parser cannot read past"};
    }
    TextStreamBuffer buffer(text);
    std::istream stream(&buffer);
    return YAML::LoadAll(stream);
  } catch (const YAML::DeepRecursion& error) {  // yaml-cpp's own guard (depthguard.h)
    return Error{
        ErrorCode::protocol, "yaml",
        where(error.mark) + "nested too deeply (limit " + std::to_string(error.depth() - 1) + ")"};
  } catch (const YAML::Exception& error) {
    return Error{ErrorCode::protocol, "yaml", where(error.mark) + error.msg};
  }
}

YAML::Node yaml_child(const YAML::Node& node, std::string_view key) {
  if (!node.IsMap()) return YAML::Node();
  for (const auto& entry : node) {
    if (entry.first.IsScalar() && entry.first.Scalar() == key) return entry.second;
  }
  return YAML::Node();
}

std::optional<std::string> yaml_text(const YAML::Node& node) {
  if (!node.IsScalar() || is_local_tag(node.Tag())) return std::nullopt;
  return node.Scalar();
}

std::optional<std::string> yaml_reference(const YAML::Node& node) {
  if (is_local_tag(node.Tag())) {
    if (node.IsScalar()) return node.Tag() + " " + node.Scalar();
    return node.Tag();
  }
  if (node.IsMap() && node.size() == 1) {
    const auto entry = node.begin();
    if (entry->first.IsScalar() && is_intrinsic_function_name(entry->first.Scalar())) {
      const YAML::Node argument = entry->second;
      if (argument.IsScalar()) return entry->first.Scalar() + " " + argument.Scalar();
      return entry->first.Scalar();
    }
  }
  return std::nullopt;
}

int yaml_line(const YAML::Node& node) {
  const YAML::Mark mark = node.Mark();
  return mark.is_null() ? 0 : mark.line + 1;
}

std::optional<YamlProblem> repeated_key(const YAML::Node& document) {
  // Aliases share nodes, so a small text can stand for a huge tree: the walk has a budget.
  constexpr std::size_t kMaxVisits = 100'000;
  std::size_t visits = 0;
  std::vector<YAML::Node> pending = {document};
  while (!pending.empty()) {
    if (++visits > kMaxVisits) {
      return YamlProblem{1, "aliases expand to more than " + std::to_string(kMaxVisits) + " nodes"};
    }
    const YAML::Node node = pending.back();
    pending.pop_back();
    if (node.IsMap()) {
      std::map<std::string, int> lines;  // scalar key: the line it first appears on
      for (const auto& entry : node) {
        if (entry.first.IsScalar()) {
          const auto [first, inserted] =
              lines.emplace(entry.first.Scalar(), yaml_line(entry.first));
          if (!inserted) {
            return YamlProblem{yaml_line(entry.first), "key " + entry.first.Scalar() +
                                                           " repeats line " +
                                                           std::to_string(first->second) + "'s"};
          }
        }
        pending.push_back(entry.second);
      }
    } else if (node.IsSequence()) {
      for (const auto& element : node) pending.push_back(element);
    }
  }
  return std::nullopt;
}

}  // namespace mongoscan
