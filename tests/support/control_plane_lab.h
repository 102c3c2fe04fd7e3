#pragma once
// The lab's control plane for integration tests: tests/lab/control_plane.py on 127.0.0.1 over
// HTTPS with the lab CA, standing in for the cloud APIs (a profile from fixtures/cloud/) and
// serving the HTTP client's test behaviours under /behaviour/.

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/background_program.h"

namespace mongoscan::testing_support {

struct ControlPlaneOptions {
  std::string profile;  // a path, or a name in fixtures/cloud/ without ".json"; "" for none
  int latency_ms = 0;   // delay every reply by this much
  std::filesystem::path cert_dir;  // test certificates; "" for those every lab of the run shares
};

class ControlPlaneLab {
 public:
  // Starts the control plane and waits until it listens; throws LabError if it cannot.
  static std::unique_ptr<ControlPlaneLab> start(const ControlPlaneOptions& options = {});

  ~ControlPlaneLab();
  ControlPlaneLab(const ControlPlaneLab&) = delete;
  ControlPlaneLab& operator=(const ControlPlaneLab&) = delete;

  // "https://127.0.0.1:PORT"
  const std::string& endpoint() const { return endpoint_; }
  // The CA that signed the server's certificate.
  std::string ca_file() const { return (cert_dir_ / "ca.pem").string(); }
  // Every request so far: method, path, status, and for API calls service, action, region.
  std::vector<nlohmann::json> request_log() const;

 private:
  ControlPlaneLab(pid_t pid, std::filesystem::path directory, std::filesystem::path cert_dir)
      : pid_(pid), directory_(std::move(directory)), cert_dir_(std::move(cert_dir)) {}

  pid_t pid_;
  std::filesystem::path directory_;
  std::filesystem::path cert_dir_;
  std::string endpoint_;
};

}  // namespace mongoscan::testing_support
