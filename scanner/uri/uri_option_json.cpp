#include "scanner/uri/uri_option_json.h"

namespace mongoscan {
namespace {

using nlohmann::json;

// A value whose key names a secret (is_secret_option_name, any case) shows as "***".
json key_value_json(const KeyValueList& pairs, bool reveal_secrets) {
  json object = json::object();
  for (const auto& [key, value] : pairs) {
    object[key] = reveal_secrets || !is_secret_option_name(key) ? value : kRedacted;
  }
  return object;
}

}  // namespace

json option_value_json(const OptionValue& value, bool reveal_secrets) {
  struct Visitor {
    bool reveal;
    json operator()(bool v) const { return v; }
    json operator()(std::int64_t v) const { return v; }
    json operator()(const std::string& v) const { return v; }
    json operator()(const Secret& v) const { return reveal ? json(v.reveal()) : json(kRedacted); }
    json operator()(const std::vector<std::string>& v) const { return v; }
    json operator()(const KeyValueList& v) const { return key_value_json(v, reveal); }
    json operator()(const std::vector<KeyValueList>& sets) const {
      json array = json::array();
      for (const auto& set : sets) array.push_back(key_value_json(set, reveal));
      return array;
    }
  };
  return std::visit(Visitor{reveal_secrets}, value);
}

}  // namespace mongoscan
