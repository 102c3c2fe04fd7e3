#include "scanner/wire/numeric_address.h"

#include <arpa/inet.h>
#include <netinet/in.h>

namespace mongoscan {

bool is_numeric_address(const std::string& host) {
  unsigned char buffer[sizeof(in6_addr)];
  return inet_pton(AF_INET, host.c_str(), buffer) == 1 ||
         inet_pton(AF_INET6, host.c_str(), buffer) == 1;
}

}  // namespace mongoscan
