#include "scanner/cloud/http/curl_library.h"

#include <dlfcn.h>

#include <string>

namespace mongoscan {
namespace {

// Sets `function` to the library's symbol `name`; false when it has none.
template <class Function>
bool bind(void* library, const char* name, Function& function) {
  function = reinterpret_cast<Function>(::dlsym(library, name));
  return function != nullptr;
}

Result<CurlLibrary> load_curl() {
  void* library = ::dlopen(kCurlSharedObject, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return Error{ErrorCode::io, "http", ::dlerror()};
  CurlLibrary curl;
  const struct {
    const char* name;
    bool bound;
  } symbols[] = {
      {"curl_global_init", bind(library, "curl_global_init", curl.global_init)},
      {"curl_easy_init", bind(library, "curl_easy_init", curl.easy_init)},
      {"curl_easy_reset", bind(library, "curl_easy_reset", curl.easy_reset)},
      {"curl_easy_cleanup", bind(library, "curl_easy_cleanup", curl.easy_cleanup)},
      {"curl_easy_setopt", bind(library, "curl_easy_setopt", curl.easy_setopt)},
      {"curl_easy_perform", bind(library, "curl_easy_perform", curl.easy_perform)},
      {"curl_easy_getinfo", bind(library, "curl_easy_getinfo", curl.easy_getinfo)},
      {"curl_easy_strerror", bind(library, "curl_easy_strerror", curl.easy_strerror)},
      {"curl_slist_append", bind(library, "curl_slist_append", curl.slist_append)},
      {"curl_slist_free_all", bind(library, "curl_slist_free_all", curl.slist_free_all)},
  };
  for (const auto& symbol : symbols) {
    if (!symbol.bound) {
      return Error{ErrorCode::io, "http",
                   std::string(kCurlSharedObject) + " has no " + symbol.name};
    }
  }
  if (const CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT); code != CURLE_OK) {
    return Error{ErrorCode::io, "http",
                 std::string("libcurl could not start: ") + curl.easy_strerror(code)};
  }
  return curl;
}

}  // namespace

const Result<CurlLibrary>& curl_library() {
  static const Result<CurlLibrary> library = load_curl();  // thread-safe, once
  return library;
}

}  // namespace mongoscan
