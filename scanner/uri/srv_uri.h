#pragma once
// What the Initial DNS Seedlist Discovery specification makes of a mongodb+srv:// string apart
// from the DNS (dns/srv_seedlist.h asks the DNS): the name it queries, and the string once the
// TXT record's options are merged in.

#include <string>
#include <vector>

#include "scanner/uri/uri.h"

namespace mongoscan {

// The SRV name to query: "_{srvServiceName or mongodb}._tcp.NAME".
std::string srv_query_name(const ConnectionString& uri);

// The URI with the TXT options under its own (the URI wins) and tls defaulting to true.
ConnectionString merge_txt_options(ConnectionString uri, const std::vector<UriOption>& txt_options);

}  // namespace mongoscan
