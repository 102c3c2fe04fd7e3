#pragma once
// Collections MongoDB itself keeps (manual, "Reserved databases" and the collections it documents
// for admin, local and config): anything else there is business data.

#include <string_view>

namespace mongoscan {

// Whether `name` in database `db` is one of MongoDB's own collections (every "system." name
// counts; in local and config, their documented collections too).
bool is_system_collection(std::string_view db, std::string_view name);

}  // namespace mongoscan
