#pragma once
// Percent-encoding (RFC 3986) of the paths that SARIF artifact locations carry as URIs.

#include <string>
#include <string_view>

namespace mongoscan {

// A file path as a URI reference: backslashes become '/', a leading "./" goes, and every byte
// outside RFC 3986's pchar set (spaces, '%', '#', '?', non-ASCII UTF-8 bytes, ...) is
// percent-encoded. A relative path stays a relative reference (a ':' in its first segment is
// encoded, so it cannot read as a scheme); an absolute path becomes a file:// URI.
std::string path_uri_reference(std::string_view path);

}  // namespace mongoscan
