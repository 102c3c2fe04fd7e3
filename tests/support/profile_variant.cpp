#include "tests/support/profile_variant.h"

#include <unistd.h>

#include <atomic>
#include <fstream>

namespace mongoscan::testing_support {

ProfileVariant::ProfileVariant(const std::string& base,
                               const std::function<void(nlohmann::json&)>& change) {
  static std::atomic<int> counter = 0;
  nlohmann::json profile = nlohmann::json::parse(
      std::ifstream(std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/lab/" + base + ".json"));
  change(profile);
  path_ = std::filesystem::temp_directory_path() /
          (base + "-variant-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) +
           ".json");
  std::ofstream(path_) << profile.dump();
}

ProfileVariant::~ProfileVariant() { std::filesystem::remove(path_); }

}  // namespace mongoscan::testing_support
