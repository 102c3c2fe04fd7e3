#include "scanner/infra/hcl.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <unordered_set>

// The grammar followed is hashicorp/hcl's hclsyntax/spec.md ("HCL Native Syntax Specification"):
// "Comments and Whitespace", "Identifiers", "Numeric Literals", "Structural Elements",
// "Collection Values", "Template Expressions" (quoted and heredoc), "Functions and Function
// Calls", "For Expressions", "Index Operator", "Attribute Access Operator", "Splat Operators",
// "Operations" and "Conditional Operator". Non-literal expressions are read only far enough to
// find where they end; their text is kept.

namespace mongoscan {

const HclValue* HclValue::member(std::string_view key) const {
  for (const HclMember& found : members) {
    if (found.key == key) return &found.value;
  }
  return nullptr;
}

const HclAttribute* HclBody::attribute(std::string_view name) const {
  for (const HclAttribute& attribute : attributes) {
    if (attribute.name == name) return &attribute;
  }
  return nullptr;
}

std::vector<const HclBlock*> HclBody::blocks_of(std::string_view type) const {
  std::vector<const HclBlock*> found;
  for (const HclBlock& block : blocks) {
    if (block.type == type) found.push_back(&block);
  }
  return found;
}

namespace {

bool is_hcl_name_start(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || byte >= 0x80;
}

// ID_Continue and '-' (spec: "Identifiers"); every non-ASCII byte is taken as part of a name.
bool is_hcl_name_part(char c) { return is_hcl_name_start(c) || (c >= '0' && c <= '9') || c == '-'; }

bool is_hcl_digit(char c) { return c >= '0' && c <= '9'; }

int hcl_hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_hcl_code_point(std::string& out, std::uint32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xC0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xE0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

// The binary operators of spec "Operations", longest first.
constexpr std::string_view kHclBinaryOperators[] = {"&&", "||", "==", "!=", "<=", ">=", "+",
                                                    "-",  "*",  "/",  "%",  "<",  ">"};

// Reads one file. The first error is kept and moves the cursor to the end, so every loop ends;
// callers check failed() before trusting what they read.
class HclReader {
 public:
  explicit HclReader(std::string_view text) : text_(text) {
    for (std::size_t i = 0; i < text_.size(); ++i) {
      if (text_[i] == '\n') newlines_.push_back(i);
    }
    // A UTF-8 byte order mark is tolerated, as editors on Windows write one.
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  }

  Result<HclBody> read_file() {
    HclBody body;
    read_body(body, std::nullopt);
    if (error_) return *error_;
    return body;
  }

 private:
  // Counts one level of nesting for as long as it lives; past kHclMaxNesting the read fails.
  class Nesting {
   public:
    explicit Nesting(HclReader& reader) : reader_(reader) {
      if (++reader_.depth_ > kHclMaxNesting) {
        reader_.fail("nesting deeper than " + std::to_string(kHclMaxNesting) + " levels");
      }
    }
    ~Nesting() { --reader_.depth_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;

   private:
    HclReader& reader_;
  };

  bool at_end() const { return pos_ >= text_.size(); }
  bool failed() const { return error_.has_value(); }
  char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  bool looking_at(std::string_view word) const {
    return pos_ < text_.size() && text_.substr(pos_).starts_with(word);
  }

  int line_at(std::size_t pos) const {
    return static_cast<int>(std::lower_bound(newlines_.begin(), newlines_.end(), pos) -
                            newlines_.begin()) +
           1;
  }
  int line() const { return line_at(std::min(pos_, text_.size())); }

  void fail(const std::string& what) { fail_at(line(), what); }
  void fail_at(int at_line, const std::string& what) {
    if (!error_)
      error_ = Error{ErrorCode::protocol, "hcl", "line " + std::to_string(at_line) + ": " + what};
    pos_ = text_.size();
  }

  void expect(char c, std::string_view what) {
    if (peek() == c && !at_end()) {
      ++pos_;
      return;
    }
    fail("expected " + std::string(what));
  }

  // Skips spaces, tabs, carriage returns and comments; newlines too when `newlines` (inside
  // brackets and parentheses). A line comment stops before its newline when newlines count.
  void skip_space(bool newlines) {
    while (!at_end()) {
      const char c = peek();
      if (c == ' ' || c == '\t' || c == '\r' || (c == '\n' && newlines)) {
        ++pos_;
      } else if (c == '#' || looking_at("//")) {
        const std::size_t end = text_.find('\n', pos_);
        pos_ = end == std::string_view::npos ? text_.size() : end;
      } else if (looking_at("/*")) {
        const std::size_t end = text_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) return fail("a /* comment is never closed");
        pos_ = end + 2;
      } else {
        return;
      }
    }
  }

  std::string read_identifier() {
    const std::size_t start = pos_;
    while (!at_end() && is_hcl_name_part(peek())) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }

  HclValue expression_from(std::size_t start, int at_line) const {
    HclValue value;
    value.kind = HclValue::Kind::expression;
    std::string_view source = text_.substr(start, std::min(pos_, text_.size()) - start);
    while (!source.empty() && (source.back() == ' ' || source.back() == '\t' ||
                               source.back() == '\r' || source.back() == '\n')) {
      source.remove_suffix(1);
    }
    value.text = std::string(source);
    value.line = at_line;
    return value;
  }

  // Body = (Attribute | Block | OneLineBlock)*, up to the end of the file (`opened_at` empty) or
  // to the `}` of the block opened at that line, which is left for the caller.
  void read_body(HclBody& body, std::optional<int> opened_at) {
    std::unordered_set<std::string> names;
    while (!failed()) {
      skip_space(true);
      if (at_end()) {
        if (opened_at) fail("the block opened at line " + std::to_string(*opened_at) + " has no }");
        return;
      }
      if (peek() == '}') {
        if (!opened_at) fail("a } closes no block");
        return;
      }
      if (!is_hcl_name_start(peek())) return fail("expected an attribute or a block");
      const int item_line = line();
      std::string name = read_identifier();
      skip_space(false);
      if (peek() == '=' && peek(1) != '=') {
        ++pos_;
        if (!names.insert(name).second) {
          return fail_at(item_line, "attribute \"" + name + "\" is defined twice");
        }
        HclValue value = read_expression(false);
        body.attributes.push_back(HclAttribute{std::move(name), std::move(value), item_line});
      } else {
        read_block(body, std::move(name), item_line);
      }
      end_item();
    }
  }

  // Block = Identifier (StringLit|Identifier)* "{" Body "}"; the type is read.
  void read_block(HclBody& body, std::string type, int block_line) {
    HclBlock block;
    block.type = std::move(type);
    block.line = block_line;
    while (!failed() && peek() != '{') {
      if (peek() == '"') {
        HclValue label = read_quoted_template();
        if (label.interpolated) return fail("a block label is a plain string");
        block.labels.push_back(std::move(label.text));
      } else if (is_hcl_name_start(peek())) {
        block.labels.push_back(read_identifier());
      } else {
        return fail("expected = or a block after \"" + block.type + "\"");
      }
      skip_space(false);
    }
    if (failed()) return;
    ++pos_;  // {
    const Nesting nesting(*this);
    if (failed()) return;
    read_body(block.body, block_line);
    expect('}', "}");
    body.blocks.push_back(std::move(block));
  }

  // After an attribute or a block: the end of its line, of the file, or the `}` of a one-line
  // block.
  void end_item() {
    skip_space(false);
    if (at_end() || peek() == '\n' || peek() == '}') return;
    fail("expected a newline");
  }

  // Expression = ExprTerm | Operation | Conditional. Newlines end it unless `newlines`.
  HclValue read_expression(bool newlines) {
    skip_space(newlines);
    const std::size_t start = pos_;
    const int at_line = line();
    HclValue value = read_operation(newlines);
    const std::size_t after = pos_;
    skip_space(newlines);
    if (peek() != '?') {
      pos_ = after;
      return value;
    }
    ++pos_;
    const Nesting nesting(*this);
    read_expression(newlines);
    skip_space(newlines);
    expect(':', ": of a conditional");
    read_expression(newlines);
    return expression_from(start, at_line);
  }

  // Operation: unary terms joined by binary operators.
  HclValue read_operation(bool newlines) {
    const std::size_t start = pos_;
    const int at_line = line();
    HclValue value = read_unary(newlines);
    bool joined = false;
    while (!failed()) {
      const std::size_t before = pos_;
      skip_space(newlines);
      const auto op = std::find_if(std::begin(kHclBinaryOperators), std::end(kHclBinaryOperators),
                                   [&](std::string_view o) { return looking_at(o); });
      if (op == std::end(kHclBinaryOperators) || at_end()) {
        pos_ = before;
        break;
      }
      pos_ += op->size();
      read_unary(newlines);
      joined = true;
    }
    return joined ? expression_from(start, at_line) : value;
  }

  HclValue read_unary(bool newlines) {
    skip_space(newlines);
    if (peek() != '-' && peek() != '!') return read_postfix();
    const std::size_t start = pos_;
    const int at_line = line();
    const char op = peek();
    ++pos_;
    const Nesting nesting(*this);
    HclValue operand = read_unary(newlines);
    if (op == '-' && operand.kind == HclValue::Kind::number) {
      operand.text.insert(0, "-");
      operand.line = at_line;
      return operand;
    }
    return expression_from(start, at_line);
  }

  // A term and its index, attribute access and splat operators.
  HclValue read_postfix() {
    const std::size_t start = pos_;
    const int at_line = line();
    HclValue value = read_term();
    bool accessed = false;
    while (!failed()) {
      if (peek() == '.' &&
          (is_hcl_name_start(peek(1)) || is_hcl_digit(peek(1)) || peek(1) == '*')) {
        ++pos_;
        if (peek() == '*') {
          ++pos_;
        } else if (is_hcl_digit(peek())) {
          while (is_hcl_digit(peek())) ++pos_;
        } else {
          read_identifier();
        }
      } else if (peek() == '[') {
        ++pos_;
        const Nesting nesting(*this);
        skip_space(true);
        if (peek() == '*') {
          ++pos_;
        } else {
          read_expression(true);
        }
        skip_space(true);
        expect(']', "] of an index");
      } else {
        break;
      }
      accessed = true;
    }
    return accessed ? expression_from(start, at_line) : value;
  }

  HclValue read_term() {
    const char c = peek();
    if (is_hcl_digit(c)) return read_number();
    if (c == '"') return read_quoted_template();
    if (looking_at("<<")) return read_heredoc();
    if (c == '[') return read_tuple();
    if (c == '{') return read_object();
    if (c == '(') return read_parenthesized();
    if (!at_end() && is_hcl_name_start(c)) return read_name();
    fail(at_end() ? "expected an expression, found the end of the file" : "expected an expression");
    return HclValue{};
  }

  HclValue read_number() {
    HclValue value;
    value.kind = HclValue::Kind::number;
    value.line = line();
    const std::size_t start = pos_;
    while (is_hcl_digit(peek())) ++pos_;
    if (peek() == '.' && is_hcl_digit(peek(1))) {
      ++pos_;
      while (is_hcl_digit(peek())) ++pos_;
    }
    if (peek() == 'e' || peek() == 'E') {
      const std::size_t sign = (peek(1) == '+' || peek(1) == '-') ? 1 : 0;
      if (is_hcl_digit(peek(1 + sign))) {
        pos_ += 1 + sign;
        while (is_hcl_digit(peek())) ++pos_;
      }
    }
    value.text = std::string(text_.substr(start, pos_ - start));
    return value;
  }

  // true, false, null, a function call, or a variable.
  HclValue read_name() {
    const std::size_t start = pos_;
    const int at_line = line();
    std::string name = read_identifier();
    while (looking_at("::") && is_hcl_name_start(peek(2))) {  // provider::aws::arn_parse
      pos_ += 2;
      read_identifier();
    }
    if (peek() == '(') {
      read_call_arguments();
      return expression_from(start, at_line);
    }
    HclValue value;
    value.line = at_line;
    if (name == "true" || name == "false") {
      value.kind = HclValue::Kind::boolean;
      value.text = name;
      return value;
    }
    if (name == "null") return value;
    return expression_from(start, at_line);
  }

  // Arguments = () | Expression ("," Expression)* ("," | "...")?
  void read_call_arguments() {
    ++pos_;  // (
    const Nesting nesting(*this);
    while (!failed()) {
      skip_space(true);
      if (peek() == ')') break;
      read_expression(true);
      skip_space(true);
      if (looking_at("...")) {
        pos_ += 3;
        skip_space(true);
      }
      if (peek() == ',') {
        ++pos_;
      } else if (peek() != ')') {
        fail("expected , or ) in a function call");
      }
    }
    expect(')', ")");
  }

  HclValue read_parenthesized() {
    const std::size_t start = pos_;
    const int at_line = line();
    ++pos_;  // (
    const Nesting nesting(*this);
    read_expression(true);
    skip_space(true);
    expect(')', ")");
    return expression_from(start, at_line);
  }

  // `for` introduces a for expression inside [ ] or { } (spec: "For Expressions").
  bool looking_at_for() const {
    return looking_at("for") && !is_hcl_name_part(peek(3)) &&
           (peek(3) == ' ' || peek(3) == '\t' || peek(3) == '\n' || peek(3) == '\r');
  }

  // Skips to the `close` matching an opener already read, through nested brackets and strings.
  void skip_balanced(char close) {
    std::string closers(1, close);
    while (!failed()) {
      skip_space(true);
      if (at_end()) return fail(std::string("expected ") + closers.back());
      const char c = peek();
      if (c == '"') {
        read_quoted_template();
      } else if (c == '(' || c == '[' || c == '{') {
        if (closers.size() >= kHclMaxNesting) {
          return fail("nesting deeper than " + std::to_string(kHclMaxNesting) + " levels");
        }
        closers += c == '(' ? ')' : c == '[' ? ']' : '}';
        ++pos_;
      } else if (c == ')' || c == ']' || c == '}') {
        if (c != closers.back()) return fail(std::string("expected ") + closers.back());
        ++pos_;
        closers.pop_back();
        if (closers.empty()) return;
      } else {
        ++pos_;
      }
    }
  }

  HclValue read_tuple() {
    const int at_line = line();
    const std::size_t start = pos_;
    ++pos_;  // [
    const Nesting nesting(*this);
    skip_space(true);
    if (looking_at_for()) {
      skip_balanced(']');
      return expression_from(start, at_line);
    }
    HclValue value;
    value.kind = HclValue::Kind::list;
    value.line = at_line;
    while (!failed()) {
      skip_space(true);
      if (peek() == ']') break;
      value.items.push_back(read_expression(true));
      skip_space(true);
      if (peek() == ',') {
        ++pos_;
      } else if (peek() != ']') {
        fail("expected , or ] in a list");
      }
    }
    expect(']', "]");
    return value;
  }

  // objectelem = (Identifier | Expression) ("=" | ":") Expression, separated by commas or
  // newlines.
  HclValue read_object() {
    const int at_line = line();
    const std::size_t start = pos_;
    ++pos_;  // {
    const Nesting nesting(*this);
    skip_space(true);
    if (looking_at_for()) {
      skip_balanced('}');
      return expression_from(start, at_line);
    }
    HclValue value;
    value.kind = HclValue::Kind::object;
    value.line = at_line;
    while (!failed()) {
      skip_space(true);
      if (peek() == '}') break;
      std::string key;
      if (is_hcl_name_start(peek())) {
        key = read_identifier();
      } else {
        HclValue key_value = read_expression(true);
        key = std::move(key_value.text);
      }
      skip_space(true);
      if ((peek() == '=' && peek(1) != '=') || peek() == ':') {
        ++pos_;
      } else {
        fail("expected = or : after an object key");
      }
      HclValue member = read_expression(true);
      value.members.push_back(HclMember{std::move(key), std::move(member)});
      skip_space(true);
      if (peek() == ',') ++pos_;
    }
    expect('}', "}");
    return value;
  }

  // A quoted template: escapes decoded, `$${` and `%%{` unescaped, interpolations and directives
  // kept verbatim.
  HclValue read_quoted_template() {
    HclValue value;
    value.kind = HclValue::Kind::string;
    value.line = line();
    ++pos_;  // "
    while (!failed()) {
      if (at_end() || peek() == '\n') {
        fail_at(value.line, "a string is not closed on its line");
        break;
      }
      const char c = peek();
      if (c == '"') {
        ++pos_;
        break;
      }
      if (c == '\\') {
        read_escape(value.text);
      } else if (looking_at("$${") || looking_at("%%{")) {
        value.text += c;
        value.text += '{';
        pos_ += 3;
      } else if (looking_at("${") || looking_at("%{")) {
        const std::size_t start = pos_;
        pos_ += 2;
        const Nesting nesting(*this);
        if (c == '$') {
          read_interpolation();
        } else {
          skip_balanced('}');
        }
        value.text += text_.substr(start, std::min(pos_, text_.size()) - start);
        value.interpolated = true;
      } else {
        value.text += c;
        ++pos_;
      }
    }
    return value;
  }

  // `${` read; the expression, with its optional strip markers (`~`), and the `}`.
  void read_interpolation() {
    if (peek() == '~') ++pos_;
    read_expression(true);
    skip_space(true);
    if (peek() == '~') ++pos_;
    expect('}', "} of an interpolation");
  }

  void read_escape(std::string& out) {
    const char kind = peek(1);
    pos_ += 2;
    switch (kind) {
      case 'n':
        out += '\n';
        return;
      case 'r':
        out += '\r';
        return;
      case 't':
        out += '\t';
        return;
      case '"':
        out += '"';
        return;
      case '\\':
        out += '\\';
        return;
      case 'u':
        return read_code_point(out, 4);
      case 'U':
        return read_code_point(out, 8);
      default:
        fail("unknown escape sequence in a string");
    }
  }

  void read_code_point(std::string& out, std::size_t digits) {
    std::uint32_t code_point = 0;
    for (std::size_t i = 0; i < digits; ++i) {
      const int digit = hcl_hex_digit(peek(i));
      if (digit < 0) return fail("a \\u escape needs hexadecimal digits");
      code_point = code_point * 16 + static_cast<std::uint32_t>(digit);
    }
    if (code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) {
      return fail("a \\u escape names no Unicode character");
    }
    pos_ += digits;
    append_hcl_code_point(out, code_point);
  }

  // heredocTemplate = ("<<" | "<<-") Identifier Newline content Identifier Newline. With `<<-`
  // the common leading spaces are removed from every line.
  HclValue read_heredoc() {
    HclValue value;
    value.kind = HclValue::Kind::string;
    value.line = line();
    pos_ += 2;
    const bool indented = peek() == '-';
    if (indented) ++pos_;
    if (!is_hcl_name_start(peek())) {
      fail("expected a heredoc marker after <<");
      return value;
    }
    const std::string marker = read_identifier();
    if (peek() == '\r') ++pos_;
    if (peek() != '\n') {
      fail("a heredoc marker ends its line");
      return value;
    }
    ++pos_;
    std::vector<std::string_view> lines;
    while (true) {
      if (at_end()) {
        fail_at(value.line, "the heredoc <<" + marker + " is never closed");
        return value;
      }
      const std::size_t end = std::min(text_.find('\n', pos_), text_.size());
      std::string_view content = text_.substr(pos_, end - pos_);
      if (content.ends_with('\r')) content.remove_suffix(1);
      const std::size_t first = content.find_first_not_of(" \t");
      if (first != std::string_view::npos && content.substr(first) == marker) {
        pos_ += first + marker.size();
        break;
      }
      lines.push_back(content);
      pos_ = end + 1;
    }
    std::size_t indent = 0;
    if (indented) {
      indent = std::string_view::npos;
      for (std::string_view content : lines) {
        const std::size_t first = content.find_first_not_of(' ');
        if (first != std::string_view::npos) indent = std::min(indent, first);
      }
      if (indent == std::string_view::npos) indent = 0;
    }
    for (std::string_view content : lines) {
      append_heredoc_line(value, content.substr(std::min(indent, content.size())));
      value.text += '\n';
    }
    return value;
  }

  static void append_heredoc_line(HclValue& value, std::string_view content) {
    for (std::size_t i = 0; i < content.size(); ++i) {
      const std::string_view rest = content.substr(i);
      if (rest.starts_with("$${") || rest.starts_with("%%{")) {
        value.text += rest.substr(0, 1);
        value.text += '{';
        i += 2;
        continue;
      }
      if (rest.starts_with("${") || rest.starts_with("%{")) value.interpolated = true;
      value.text += content[i];
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t depth_ = 0;
  std::vector<std::size_t> newlines_;
  std::optional<Error> error_;
};

}  // namespace

Result<HclBody> parse_hcl(std::string_view text) { return HclReader(text).read_file(); }

}  // namespace mongoscan
