#include "reports/text/pretty_json.h"

#include <algorithm>
#include <utility>

#include "scanner/uri/uri.h"

namespace mongoscan {

// Before an element of the innermost object or array: the separator and the indent.
void PrettyJsonWriter::next_element() {
  if (has_elements_.empty()) return;
  out_ += has_elements_.back() ? ",\n" : "\n";
  has_elements_.back() = true;
  out_.append(2 * has_elements_.size(), ' ');
}

void PrettyJsonWriter::begin_value() {
  if (std::exchange(after_key_, false)) return;
  next_element();
}

void PrettyJsonWriter::open(char bracket) {
  begin_value();
  out_ += bracket;
  has_elements_.push_back(false);
}

void PrettyJsonWriter::close(char bracket) {
  const bool had_elements = has_elements_.back();
  has_elements_.pop_back();
  if (had_elements) {
    out_ += '\n';
    out_.append(2 * has_elements_.size(), ' ');
  }
  out_ += bracket;
}

void PrettyJsonWriter::key(std::string_view name) {
  next_element();
  quoted(name);
  out_ += ": ";
  after_key_ = true;
}

void PrettyJsonWriter::value(std::string_view text) {
  begin_value();
  quoted(text);
}

void PrettyJsonWriter::value(bool flag) {
  begin_value();
  out_ += flag ? "true" : "false";
}

void PrettyJsonWriter::value(const std::vector<std::string>& texts) {
  begin_array();
  for (const std::string& text : texts) value(text);
  end_array();
}

void PrettyJsonWriter::value(const nlohmann::json& document) {
  using Type = nlohmann::json::value_t;
  switch (document.type()) {
    case Type::object:
      begin_object();
      for (auto member = document.begin(); member != document.end(); ++member) {
        key(member.key());
        value(member.value());
      }
      end_object();
      return;
    case Type::array:
      begin_array();
      for (const nlohmann::json& element : document) value(element);
      end_array();
      return;
    case Type::string:
      return value(document.get_ref<const std::string&>());
    case Type::boolean:
      return value(document.get<bool>());
    case Type::number_integer:
      return value(document.get<std::int64_t>());
    case Type::number_unsigned:
      return value(document.get<std::uint64_t>());
    default:  // null, floating point numbers: as nlohmann writes them
      begin_value();
      out_ += document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
}

// Printable ASCII other than '"' and '\\' is written as it is; anything else is escaped (and
// checked as UTF-8) by nlohmann's own serializer, so that both layouts agree on every byte.
void PrettyJsonWriter::quoted(std::string_view raw_text) {
  // Every string a report shows passes here: a connection string in it loses its credentials.
  const ShownText shown(raw_text);
  std::string_view text = shown.view();
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
  });
  if (plain) {
    out_ += '"';
    out_ += text;
    out_ += '"';
    return;
  }
  out_ += nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace mongoscan
