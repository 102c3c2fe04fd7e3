#pragma once
// The reason OpenSSL gives for its last failure on this thread.

#include <openssl/err.h>

#include <string>

namespace mongoscan {

// The oldest error on this thread's OpenSSL queue as text; clears the queue.
inline std::string openssl_error_reason() {
  const unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) return "unknown OpenSSL error";
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  return text;
}

}  // namespace mongoscan
