#pragma once
// A lab profile of fixtures/lab changed for one test, written to a temporary file that is removed
// with the object.

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace mongoscan::testing_support {

class ProfileVariant {
 public:
  // `base` names a profile of fixtures/lab ("hardened"); `change` edits its JSON.
  ProfileVariant(const std::string& base, const std::function<void(nlohmann::json&)>& change);
  ~ProfileVariant();
  ProfileVariant(const ProfileVariant&) = delete;
  ProfileVariant& operator=(const ProfileVariant&) = delete;

  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace mongoscan::testing_support
