#include "checks/finding.h"

namespace mongoscan {

std::string_view to_string(Status status) {
  switch (status) {
    case Status::pass:
      return "pass";
    case Status::fail:
      return "fail";
    case Status::warn:
      return "warn";
    case Status::error:
      return "error";
    case Status::skipped:
      return "skipped";
  }
  return "unknown";
}

}  // namespace mongoscan
