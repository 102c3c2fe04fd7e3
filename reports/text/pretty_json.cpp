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

// nlohmann's SAX events of a CBOR document, each written as value(json) writes that part of the
// document: keys in the order the bytes hold them, which for bytes made by to_cbor is the
// document's own (sorted) order.
class CborToPrettyJson {
 public:
  using json = nlohmann::json;

  explicit CborToPrettyJson(PrettyJsonWriter& writer) : writer_(writer) {}

  bool null() { return scalar(json(nullptr)); }
  bool boolean(bool flag) {
    writer_.value(flag);
    return true;
  }
  bool number_integer(json::number_integer_t number) {
    writer_.value(number);
    return true;
  }
  bool number_unsigned(json::number_unsigned_t number) {
    writer_.value(number);
    return true;
  }
  bool number_float(json::number_float_t number, const std::string&) {
    return scalar(json(number));
  }
  bool string(std::string& text) {
    writer_.value(std::string_view(text));
    return true;
  }
  bool binary(json::binary_t& bytes) { return scalar(json(bytes)); }
  bool start_object(std::size_t) {
    writer_.begin_object();
    return true;
  }
  bool key(std::string& name) {
    writer_.key(name);
    return true;
  }
  bool end_object() {
    writer_.end_object();
    return true;
  }
  bool start_array(std::size_t) {
    writer_.begin_array();
    return true;
  }
  bool end_array() {
    writer_.end_array();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    return false;
  }

 private:
  // As value(json)'s default case: null and floating point numbers as nlohmann writes them.
  bool scalar(const json& value) {
    writer_.begin_value();
    writer_.out_ += value.dump(-1, ' ', false, json::error_handler_t::replace);
    return true;
  }

  PrettyJsonWriter& writer_;
};

bool PrettyJsonWriter::value_of_cbor(std::string_view cbor) {
  const std::size_t written = out_.size();
  const std::vector<bool> open = has_elements_;
  const bool after_key = after_key_;
  CborToPrettyJson events(*this);
  bool parsed = false;
  try {
    parsed = nlohmann::json::sax_parse(cbor.begin(), cbor.end(), &events,
                                       nlohmann::json::input_format_t::cbor);
  } catch (const nlohmann::json::exception&) {
    parsed = false;
  }
  if (!parsed) {  // nothing of a document that is not one stays written
    out_.resize(written);
    has_elements_ = open;
    after_key_ = after_key;
  }
  return parsed;
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
