#include "scanner/node_facts.h"

namespace mongoscan {

std::string_view to_string(CommandOutcome::State state) {
  switch (state) {
    case CommandOutcome::State::ok:
      return "ok";
    case CommandOutcome::State::not_permitted:
      return "not_permitted";
    case CommandOutcome::State::failed:
      return "failed";
  }
  return "failed";
}

}  // namespace mongoscan
