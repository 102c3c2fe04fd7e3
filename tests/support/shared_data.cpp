#include "tests/support/shared_data.h"

#include <cstdlib>

namespace mongoscan::testing_support {

std::optional<std::filesystem::path> shared_dir() {
  const char* from_env = std::getenv("MONGOSCAN_SHARED_DIR");
  std::filesystem::path dir = (from_env && *from_env) ? from_env : MONGOSCAN_SHARED_DIR;
  if (!std::filesystem::is_directory(dir / "spec-tests")) return std::nullopt;
  return dir;
}

}  // namespace mongoscan::testing_support
