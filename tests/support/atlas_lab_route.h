#pragma once
// What the Atlas client tests share: the lab control plane serving fixtures/cloud/atlas-lab.json
// (its `atlas` block changed by the test), reached through the allowlist, and the credentials the
// profile knows.

#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "scanner/cloud/allowlisted_transport.h"
#include "scanner/cloud/atlas/atlas_api_client.h"
#include "scanner/cloud/http/curl_transport.h"
#include "tests/support/control_plane_lab.h"
#include "tests/support/temp_tree.h"

namespace mongoscan::testing_support {

// The profile's organisation, project and credentials.
inline constexpr const char* kAtlasLabOrganization = "66a1b2c3d4e5f60718293a4b";
inline constexpr const char* kAtlasLabProject = "66a1b2c3d4e5f60718293a5c";
inline constexpr const char* kAtlasLabPublicKey = "labatlaspub";
inline constexpr const char* kAtlasLabPrivateKey = "3f2c9a7e-5b1d-4e8f-9a6c-0d1e2f3a4b5c";
inline constexpr const char* kAtlasLabClientId = "mdb_sa_id_66a1b2c3d4e5f60718293aa1";
inline constexpr const char* kAtlasLabClientSecret =
    "mdb_sa_sk_3XTkC3H83lmzpPcXtQr6qWntxkKWphvkyZGaL2Fl";

class AtlasLabRoute {
 public:
  // `change` edits the profile's `atlas` block before the lab starts.
  template <typename Change>
  explicit AtlasLabRoute(Change change) {
    std::ifstream in(std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/cloud/atlas-lab.json");
    nlohmann::json profile = nlohmann::json::parse(in);
    change(profile["atlas"]);
    std::ofstream(directory_.path("profile.json")) << profile.dump();
    ControlPlaneOptions options;
    options.profile = directory_.path("profile.json");
    lab_ = ControlPlaneLab::start(options);
    CurlTransportOptions trusting;
    trusting.extra_ca_file = lab_->ca_file();
    curl_ = std::make_unique<CurlTransport>(trusting);
    gate_ = std::make_unique<AllowlistedTransport>(*curl_, kAtlasApiBase);
  }
  AtlasLabRoute() : AtlasLabRoute([](nlohmann::json&) {}) {}

  // Options reaching the lab; waits between retries are recorded instead of slept.
  AtlasApiOptions options() {
    AtlasApiOptions options;
    options.origin = parse_http_endpoint(lab_->endpoint()).value();
    options.sleep = [this](std::chrono::milliseconds wait) { waits.push_back(wait); };
    return options;
  }

  AtlasApiClient api_key_client(const std::string& private_key = kAtlasLabPrivateKey) {
    return AtlasApiClient(*gate_, AtlasApiKey{kAtlasLabPublicKey, Secret(private_key)}, options());
  }

  std::shared_ptr<AtlasTokenSource> token_source(
      const std::string& secret = kAtlasLabClientSecret,
      std::function<AtlasTokenSource::Clock::time_point()> now = nullptr) {
    return std::make_shared<AtlasTokenSource>(
        *gate_, AtlasServiceAccount{kAtlasLabClientId, Secret(secret)}, options().origin,
        RetryPolicy{}, [](std::chrono::milliseconds) {}, std::move(now));
  }

  HttpTransport& gate() { return *gate_; }
  const ControlPlaneLab& lab() const { return *lab_; }

  std::vector<std::chrono::milliseconds> waits;

 private:
  TempTree directory_;
  std::unique_ptr<ControlPlaneLab> lab_;
  std::unique_ptr<CurlTransport> curl_;
  std::unique_ptr<AllowlistedTransport> gate_;
};

}  // namespace mongoscan::testing_support
