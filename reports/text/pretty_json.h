#pragma once
// JSON written as it is produced, laid out byte for byte as nlohmann::json's dump(2) lays out a
// document (2-space indent, ": " after keys, "{}" and "[]" when empty, U+FFFD for bytes that are
// not UTF-8): a report with thousands of findings is written without building a document first,
// which took most of a large config scan's report time.

#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

class PrettyJsonWriter {
 public:
  explicit PrettyJsonWriter(std::string& out) : out_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // The name of the next member of the object being written; its value follows.
  void key(std::string_view name);

  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(bool flag);
  template <std::integral Number>
  requires(!std::same_as<Number, bool>) void value(Number number) {
    begin_value();
    out_ += std::to_string(number);
  }
  // A document from elsewhere (free-form facts), element by element.
  void value(const nlohmann::json& document);
  // The document whose CBOR bytes these are (nlohmann::json::to_cbor), written as value() writes
  // it unpacked, straight from the bytes: no document is built. False, with nothing written, when
  // the bytes are not one CBOR document.
  bool value_of_cbor(std::string_view cbor);
  void value(const std::vector<std::string>& texts);

  // key(name), then value(member).
  template <typename Member>
  void member(std::string_view name, const Member& member) {
    key(name);
    value(member);
  }

 private:
  void begin_value();
  void open(char bracket);
  void close(char bracket);
  void next_element();
  void quoted(std::string_view text);

  friend class CborToPrettyJson;

  std::string& out_;
  std::vector<bool> has_elements_;  // per open object or array
  bool after_key_ = false;
};

}  // namespace mongoscan
