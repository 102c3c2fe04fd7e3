#pragma once
// libcurl, loaded when the first HTTPS transport is made rather than linked: linking it made every
// run load 27 more shared libraries (LDAP, Kerberos, GnuTLS, SSH, RTMP, ...), about 10 ms of each
// start-up, though only cloud scans send HTTPS requests. The functions keep libcurl's own
// signatures (<curl/curl.h>).

#include <curl/curl.h>

#include "scanner/errors/result.h"

namespace mongoscan {

// The shared object loaded: libcurl's ABI has kept soname 4 since curl 7.16 (2006).
inline constexpr const char* kCurlSharedObject = "libcurl.so.4";

struct CurlLibrary {
  decltype(&curl_global_init) global_init = nullptr;
  decltype(&curl_easy_init) easy_init = nullptr;
  decltype(&curl_easy_reset) easy_reset = nullptr;
  decltype(&curl_easy_cleanup) easy_cleanup = nullptr;
  decltype(&curl_easy_setopt) easy_setopt = nullptr;
  decltype(&curl_easy_perform) easy_perform = nullptr;
  decltype(&curl_easy_getinfo) easy_getinfo = nullptr;
  decltype(&curl_easy_strerror) easy_strerror = nullptr;
  decltype(&curl_slist_append) slist_append = nullptr;
  decltype(&curl_slist_free_all) slist_free_all = nullptr;
};

// libcurl loaded and initialised (curl_global_init) once for the process and never unloaded, or
// why not: "libcurl.so.4: cannot open shared object file: No such file or directory".
const Result<CurlLibrary>& curl_library();

}  // namespace mongoscan
