// BSON decoding (scanner/bson/bson.h). Properties: a document that decodes re-encodes to the same bytes
// when it holds no array (array keys are not checked on decoding, as drivers do not check them:
// {"5": x} decodes as [x] and re-encodes as {"0": x}); with arrays, its encoding is a fixed point
// of decoding and encoding. Its Extended JSON serialises.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "scanner/bson/bson.h"
#include "scanner/errors/result.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace mongoscan;

bool holds_array(const bson::Document& document);

bool holds_array(const bson::Value& value) {
  if (value.get_if<bson::Array>() != nullptr) return true;
  if (const auto* document = value.get_if<bson::Document>()) return holds_array(*document);
  if (const auto* code = value.get_if<bson::JavaScriptWithScope>()) return holds_array(code->scope);
  return false;
}

bool holds_array(const bson::Document& document) {
  return std::any_of(document.begin(), document.end(),
                     [](const bson::Document::Field& field) { return holds_array(field.second); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  const Result<bson::Document> document = bson::decode_document(bytes);
  if (!document) return 0;
  const std::vector<std::uint8_t> encoded = bson::encode_document(document.value());
  if (!holds_array(document.value())) {
    fuzz::check(std::equal(encoded.begin(), encoded.end(), bytes.begin(), bytes.end()),
                "a decoded document without arrays re-encodes to the same bytes");
  }
  const Result<bson::Document> again = bson::decode_document(encoded);
  fuzz::check(again.ok(), "an encoded document decodes");
  fuzz::check(bson::encode_document(again.value()) == encoded,
              "an encoded document re-encodes to the same bytes");
  fuzz::check(!bson::to_json(document.value()).dump().empty(), "Extended JSON serialises");
  return 0;
}
