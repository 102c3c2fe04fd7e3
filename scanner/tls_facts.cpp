#include "scanner/tls_facts.h"

namespace mongoscan {

std::string_view to_string(WeakTlsHandshake::Outcome outcome) {
  switch (outcome) {
    case WeakTlsHandshake::Outcome::accepted:
      return "accepted";
    case WeakTlsHandshake::Outcome::refused:
      return "refused";
    case WeakTlsHandshake::Outcome::not_testable:
      return "not_testable";
    case WeakTlsHandshake::Outcome::error:
      break;
  }
  return "error";
}

}  // namespace mongoscan
