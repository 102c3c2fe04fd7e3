#include "scanner/wire/tls_context_cache.h"

namespace mongoscan {

Result<std::shared_ptr<TlsClientContext>> TlsContextCache::get(const TlsOptions& options) {
  const auto key = std::make_tuple(options.ca_file, options.cert_key_file, options.insecure);
  if (const auto found = contexts_.find(key); found != contexts_.end()) return found->second;
  auto created = TlsClientContext::create(options);
  if (created) contexts_.emplace(key, created.value());
  return created;
}

}  // namespace mongoscan
