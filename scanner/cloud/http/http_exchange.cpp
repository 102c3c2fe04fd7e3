#include "scanner/cloud/http/http_exchange.h"

#include "scanner/text/ascii_case.h"

namespace mongoscan {

std::optional<std::string> HttpResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (equals_ignore_case(key, name)) return value;
  return std::nullopt;
}

}  // namespace mongoscan
