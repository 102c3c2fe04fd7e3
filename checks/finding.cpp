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

std::string_view to_string(Subject::Kind kind) {
  switch (kind) {
    case Subject::Kind::node:
      return "node";
    case Subject::Kind::uri:
      return "uri";
    case Subject::Kind::ns:
      return "ns";
    case Subject::Kind::cloud:
      return "cloud";
    case Subject::Kind::file:
      break;
  }
  return "file";
}

}  // namespace mongoscan
