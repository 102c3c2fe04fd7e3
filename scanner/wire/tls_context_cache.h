#pragma once
// The TLS client contexts of one scan, one per distinct TLS options: every target (of every
// environment) with the same CA file, client certificate and insecure flag shares one, so that a
// CA store (the system bundle: thousands of certificates) is loaded once per scan, not per target.

#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "scanner/errors/result.h"
#include "scanner/wire/tls_stream.h"

namespace mongoscan {

class TlsContextCache {
 public:
  // The context for these options, created on first use (TlsClientContext::create's errors; a
  // failure is not kept, so the next call tries again).
  Result<std::shared_ptr<TlsClientContext>> get(const TlsOptions& options);

 private:
  std::map<std::tuple<std::string, std::string, bool>, std::shared_ptr<TlsClientContext>> contexts_;
};

}  // namespace mongoscan
