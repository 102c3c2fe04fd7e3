#include "scanner/uri/srv_uri.h"

#include "scanner/text/ascii_case.h"

namespace mongoscan {

std::string srv_query_name(const ConnectionString& uri) {
  const std::string service = uri.string_option("srvServiceName").value_or("mongodb");
  return "_" + service + "._tcp." + uri.hosts.front().host;
}

ConnectionString merge_txt_options(ConnectionString uri,
                                   const std::vector<UriOption>& txt_options) {
  const bool uri_has_auth_source = uri.option("authSource") != nullptr;
  for (const UriOption& option : txt_options)
    uri.options.try_emplace(to_lower_ascii(option.name), option);
  if (auto source = uri.string_option("authSource");
      source && !uri_has_auth_source && uri.credentials) {
    uri.credentials->source = *source;
  }
  uri.options.try_emplace("tls", UriOption{"tls", true});
  return uri;
}

}  // namespace mongoscan
