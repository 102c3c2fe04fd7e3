#pragma once
// Collections MongoDB itself keeps in admin, local and config (the server's reserved namespaces):
// anything else there is business data.

#include <string_view>

namespace mongoscan {

// Whether `name` in database `db` is one of MongoDB's own collections: every "system." name, and
// in local and config the names and prefixes the server uses in any version.
bool is_system_collection(std::string_view db, std::string_view name);

}  // namespace mongoscan
