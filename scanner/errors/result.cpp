#include "scanner/errors/result.h"

namespace mongoscan {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::timeout:
      return "timeout";
    case ErrorCode::refused:
      return "refused";
    case ErrorCode::dns:
      return "dns";
    case ErrorCode::tls:
      return "tls";
    case ErrorCode::auth_failed:
      return "auth_failed";
    case ErrorCode::unauthorized:
      return "unauthorized";
    case ErrorCode::protocol:
      return "protocol";
    case ErrorCode::io:
      return "io";
    case ErrorCode::usage:
      return "usage";
  }
  return "unknown";
}

}  // namespace mongoscan
