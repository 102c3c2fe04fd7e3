#include "scanner/facts/file_context.h"

#include <array>

namespace mongoscan {
namespace {

constexpr std::array<std::string_view, 4> kNames = {"production", "example", "test",
                                                    "documentation"};

}  // namespace

std::string_view to_string(FileContext context) { return kNames[static_cast<int>(context)]; }

std::optional<FileContext> file_context_named(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<FileContext>(i);
  }
  return std::nullopt;
}

}  // namespace mongoscan
