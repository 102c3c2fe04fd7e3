#include "checks/server/audit_filter.h"

#include <cctype>
#include <charconv>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

namespace mongoscan {
namespace {

using nlohmann::json;

// Result codes of the manual's System Event Audit Messages table ("Audit Event Actions, Details,
// and Results"): authenticate 0 Success, 18 Authentication Failed; authCheck 13 Unauthorized.
constexpr int kSuccess = 0;
constexpr int kAuthenticationFailed = 18;
constexpr int kUnauthorized = 13;

constexpr int kMaxDepth = 64;  // nesting the parser and evaluator follow before giving up

struct Malformed : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The subset of mongo's fromjson a filter uses: objects with quoted or bare keys, strings in
// double or single quotes, numbers, true/false/null, arrays, /regex/flags (kept as
// {"$regex", "$options"}) and NumberInt/NumberLong(n). Other constructors throw Unsupported.
class RelaxedJsonParser {
 public:
  explicit RelaxedJsonParser(std::string_view text) : text_(text) {}

  json document() {
    skip_space();
    json value = parse_value(0);
    skip_space();
    if (at_ < text_.size()) throw Malformed("unexpected text after the filter document");
    if (!value.is_object()) throw Malformed("the filter is not a document");
    return value;
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool peek(char c) {
    skip_space();
    return at_ < text_.size() && text_[at_] == c;
  }
  void expect(char c) {
    if (!peek(c)) throw Malformed(std::string("expected '") + c + "'");
    ++at_;
  }

  json parse_value(int depth) {
    if (depth > kMaxDepth) throw Unsupported("nesting deeper than " + std::to_string(kMaxDepth));
    skip_space();
    if (at_ >= text_.size()) throw Malformed("the filter ends early");
    const char c = text_[at_];
    if (c == '{') return parse_object(depth);
    if (c == '[') return parse_array(depth);
    if (c == '"' || c == '\'') return parse_string();
    if (c == '/') return parse_regex();
    if (c == '-' || c == '+' || c == '.' || std::isdigit(static_cast<unsigned char>(c)))
      return parse_number();
    const std::string word = parse_word();
    if (word == "true") return true;
    if (word == "false") return false;
    if (word == "null") return nullptr;
    if (word == "NumberInt" || word == "NumberLong") {
      expect('(');
      json inner =
          peek('"') || peek('\'') ? json(parse_number_text(parse_string())) : parse_number();
      expect(')');
      return inner;
    }
    if (word.empty()) throw Malformed(std::string("unexpected '") + c + "'");
    throw Unsupported("the value " + word + "(...)");
  }

  json parse_object(int depth) {
    expect('{');
    json object = json::object();
    if (peek('}')) {
      ++at_;
      return object;
    }
    while (true) {
      skip_space();
      std::string key;
      if (peek('"') || peek('\'')) {
        key = parse_string();
      } else {
        key = parse_word();
        if (key.empty()) throw Malformed("expected a field name");
      }
      expect(':');
      // BSON keeps both and the matcher requires both; one object key cannot: not judged.
      if (object.contains(key)) throw Unsupported("the field " + key + " named twice");
      object[key] = parse_value(depth + 1);
      if (peek(',')) {
        ++at_;
        continue;
      }
      expect('}');
      return object;
    }
  }

  json parse_array(int depth) {
    expect('[');
    json array = json::array();
    if (peek(']')) {
      ++at_;
      return array;
    }
    while (true) {
      array.push_back(parse_value(depth + 1));
      if (peek(',')) {
        ++at_;
        continue;
      }
      expect(']');
      return array;
    }
  }

  std::string parse_string() {
    const char quote = text_[at_++];
    std::string out;
    while (at_ < text_.size() && text_[at_] != quote) {
      char c = text_[at_++];
      if (c == '\\') {
        if (at_ >= text_.size()) break;
        c = text_[at_++];
        switch (c) {
          case 'n':
            c = '\n';
            break;
          case 't':
            c = '\t';
            break;
          case 'r':
            c = '\r';
            break;
          case 'b':
            c = '\b';
            break;
          case 'f':
            c = '\f';
            break;
          case 'u':
            throw Unsupported("a \\u escape");
          default:
            break;  // \" \' \\ \/ and others stand for themselves
        }
      }
      out += c;
    }
    if (at_ >= text_.size()) throw Malformed("a string is not closed");
    ++at_;
    return out;
  }

  json parse_regex() {
    ++at_;
    std::string pattern;
    while (at_ < text_.size() && text_[at_] != '/') {
      if (text_[at_] == '\\' && at_ + 1 < text_.size()) pattern += text_[at_++];
      pattern += text_[at_++];
    }
    if (at_ >= text_.size()) throw Malformed("a regular expression is not closed");
    ++at_;
    std::string options;
    while (at_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[at_])))
      options += text_[at_++];
    return json{{"$regex", pattern}, {"$options", options}};
  }

  static json parse_number_text(const std::string& text) {
    RelaxedJsonParser inner(text);
    return inner.parse_number();
  }

  json parse_number() {
    skip_space();
    const std::size_t start = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) ||
                                  text_[at_] == '.' || text_[at_] == '-' || text_[at_] == '+'))
      ++at_;
    const std::string text(text_.substr(start, at_ - start));
    std::int64_t integer = 0;
    const char* end = text.data() + text.size();
    if (!text.empty() && std::from_chars(text.data(), end, integer).ptr == end) return integer;
    try {
      std::size_t used = 0;
      const double number = std::stod(text, &used);
      if (used == text.size()) return number;
    } catch (const std::exception&) {
    }
    throw Malformed("not a number: " + text);
  }

  std::string parse_word() {
    skip_space();
    const std::size_t start = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) ||
                                  text_[at_] == '_' || text_[at_] == '$' || text_[at_] == '.'))
      ++at_;
    return std::string(text_.substr(start, at_ - start));
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

enum class Truth { no, yes, unknown };

Truth negate(Truth t) {
  return t == Truth::unknown ? t : (t == Truth::yes ? Truth::no : Truth::yes);
}
Truth both(Truth a, Truth b) {
  if (a == Truth::no || b == Truth::no) return Truth::no;
  return a == Truth::yes && b == Truth::yes ? Truth::yes : Truth::unknown;
}
Truth either(Truth a, Truth b) {
  if (a == Truth::yes || b == Truth::yes) return Truth::yes;
  return a == Truth::no && b == Truth::no ? Truth::no : Truth::unknown;
}

bool is_regex(const json& value) { return value.is_object() && value.contains("$regex"); }

// A query run on one model message: atype and result are known, every other field is not.
class EventMatcher {
 public:
  EventMatcher(const AuditEvent& event, std::set<std::string>& reasons)
      : event_(event), reasons_(reasons) {}

  Truth document(const json& filter, int depth) {
    if (depth > kMaxDepth) return unknown("nesting deeper than " + std::to_string(kMaxDepth));
    Truth all = Truth::yes;
    for (const auto& [key, value] : filter.items()) all = both(all, entry(key, value, depth));
    return all;
  }

 private:
  Truth unknown(std::string reason) {
    reasons_.insert(std::move(reason));
    return Truth::unknown;
  }

  Truth entry(const std::string& key, const json& value, int depth) {
    if (key == "$and" || key == "$or" || key == "$nor") {
      if (!value.is_array() || value.empty()) return unknown(key + " without a list of clauses");
      Truth combined = key == "$and" ? Truth::yes : Truth::no;
      for (const json& clause : value) {
        if (!clause.is_object()) return unknown(key + " with a clause that is not a document");
        const Truth t = document(clause, depth + 1);
        combined = key == "$and" ? both(combined, t) : either(combined, t);
      }
      return key == "$nor" ? negate(combined) : combined;
    }
    if (key == "$comment") return Truth::yes;
    if (key.starts_with("$")) return unknown("the operator " + key);
    json actual;
    if (key == "atype") {
      actual = std::string(event_.atype);
    } else if (key == "result") {
      actual = event_.result;
    } else {
      return unknown("a condition on " + key + ", which depends on each event");
    }
    return condition(key, actual, value);
  }

  Truth condition(const std::string& field, const json& actual, const json& wanted) {
    const bool operators =
        wanted.is_object() && !wanted.empty() && wanted.begin().key().starts_with("$");
    if (!operators || is_regex(wanted)) return equals(field, actual, wanted);
    Truth all = Truth::yes;
    for (const auto& [op, argument] : wanted.items()) {
      all = both(all, apply(field, op, actual, argument));
    }
    return all;
  }

  Truth equals(const std::string& field, const json& actual, const json& wanted) {
    if (is_regex(wanted)) return unknown("a regular expression on " + field);
    if (actual.is_number() && wanted.is_number())
      return actual.get<double>() == wanted.get<double>() ? Truth::yes : Truth::no;
    return actual == wanted ? Truth::yes : Truth::no;
  }

  Truth in_list(const std::string& field, const json& actual, const json& list) {
    if (!list.is_array()) return unknown("$in or $nin without a list on " + field);
    Truth any = Truth::no;
    for (const json& item : list) any = either(any, equals(field, actual, item));
    return any;
  }

  Truth compare(const std::string& op, const json& actual, const json& bound) {
    const bool numbers = actual.is_number() && bound.is_number();
    if (!numbers && !(actual.is_string() && bound.is_string())) return Truth::no;
    const int order = numbers ? (actual.get<double>() < bound.get<double>()   ? -1
                                 : actual.get<double>() > bound.get<double>() ? 1
                                                                              : 0)
                              : actual.get<std::string>().compare(bound.get<std::string>());
    const bool holds = op == "$gt"    ? order > 0
                       : op == "$gte" ? order >= 0
                       : op == "$lt"  ? order < 0
                                      : order <= 0;
    return holds ? Truth::yes : Truth::no;
  }

  Truth apply(const std::string& field, const std::string& op, const json& actual,
              const json& argument) {
    if (op == "$eq") return equals(field, actual, argument);
    if (op == "$ne") return negate(equals(field, actual, argument));
    if (op == "$in") return in_list(field, actual, argument);
    if (op == "$nin") return negate(in_list(field, actual, argument));
    if (op == "$exists") {
      const bool wanted =
          argument.is_boolean() ? argument.get<bool>() : !(argument.is_number() && argument == 0);
      return wanted ? Truth::yes : Truth::no;  // atype and result are in every message
    }
    if (op == "$gt" || op == "$gte" || op == "$lt" || op == "$lte")
      return compare(op, actual, argument);
    if (op == "$not") {
      if (is_regex(argument)) return unknown("a regular expression on " + field);
      if (!argument.is_object()) return unknown("$not without operators on " + field);
      return negate(condition(field, actual, argument));
    }
    if (op == "$regex") return unknown("a regular expression on " + field);
    if (op == "$options") return Truth::yes;
    return unknown("the operator " + op + " on " + field);
  }

  const AuditEvent& event_;
  std::set<std::string>& reasons_;
};

FilterOutcome outcome_of(Truth t) {
  return t == Truth::yes ? FilterOutcome::kept
                         : (t == Truth::no ? FilterOutcome::dropped : FilterOutcome::undecided);
}

}  // namespace

const std::vector<AuditEvent>& required_audit_events() {
  // atypes of the manual's System Event Audit Messages table.
  static const std::vector<AuditEvent> events = [] {
    std::vector<AuditEvent> list = {
        {"authentication", "authenticate", kSuccess},
        {"authentication", "authenticate", kAuthenticationFailed},
        {"authorization failures", "authCheck", kUnauthorized},
    };
    for (std::string_view atype :
         {"createUser", "dropUser", "dropAllUsersFromDatabase", "updateUser", "grantRolesToUser",
          "revokeRolesFromUser", "createRole", "updateRole", "dropRole", "dropAllRolesFromDatabase",
          "grantRolesToRole", "revokeRolesFromRole", "grantPrivilegesToRole",
          "revokePrivilegesFromRole"}) {
      list.push_back({"user and role changes", atype, kSuccess});
    }
    for (std::string_view atype :
         {"createCollection", "createDatabase", "createIndex", "renameCollection", "dropCollection",
          "dropDatabase", "dropIndex"}) {
      list.push_back({"DDL", atype, kSuccess});
    }
    return list;
  }();
  return events;
}

AuditFilterJudgement judge_audit_filter(std::string_view filter) {
  AuditFilterJudgement judgement;
  json document;
  std::set<std::string> reasons;
  bool unsupported = false;
  try {
    document = RelaxedJsonParser(filter).document();
  } catch (const Malformed& error) {
    judgement.parse_error = error.what();
    return judgement;
  } catch (const Unsupported& error) {
    reasons.insert(std::string(error.what()));
    unsupported = true;
  }
  for (const AuditEvent& event : required_audit_events()) {
    std::set<std::string> why;
    const Truth t = unsupported ? Truth::unknown : EventMatcher(event, why).document(document, 0);
    if (t == Truth::unknown) reasons.insert(why.begin(), why.end());
    judgement.events.push_back({event, outcome_of(t)});
  }
  judgement.undecided_because.assign(reasons.begin(), reasons.end());
  return judgement;
}

}  // namespace mongoscan
