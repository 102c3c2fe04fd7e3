#pragma once
// The lab for integration tests: a MongoDB-compatible deployment on 127.0.0.1, run as
// /usr/bin/python3 tests/lab/lab.py with a profile from fixtures/lab/ (see tests/lab/README.md).

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/support/background_program.h"

namespace mongoscan::testing_support {

struct LabOptions {
  int latency_ms = 0;  // delay every reply by this much (connections stay concurrent)
  // The host name members are known by (hello, replSetGetStatus, nodes()); they still listen on
  // 127.0.0.1, so the name must resolve there.
  std::string advertised_host = "127.0.0.1";
  // Where the test certificates are made (or reused if complete); empty: inside the lab's own
  // temporary directory. Share one directory between labs to make them only once (~2 s).
  std::filesystem::path cert_dir;
  // A guard against a lab that never gets ready, not a budget: one starts in a fraction of a
  // second, or a few seconds when it first makes its certificates on a loaded machine.
  std::chrono::seconds ready_timeout = std::chrono::seconds(60);
};

// One running lab. It runs in its own process group; destruction stops it (SIGTERM, then SIGKILL
// after 5 s) and removes its temporary directory.
class LabDeployment {
 public:
  // Starts profile (a name in fixtures/lab/ or a path to a profile file) and waits until every node
  // listens. Throws LabError if the lab exits early or is not ready within options.ready_timeout.
  static std::unique_ptr<LabDeployment> start(const std::string& profile,
                                              const LabOptions& options = {});

  ~LabDeployment();
  LabDeployment(const LabDeployment&) = delete;
  LabDeployment& operator=(const LabDeployment&) = delete;

  // "<advertised host>:port" of every node, in the profile's order.
  const std::vector<std::string>& nodes() const { return nodes_; }

  // A sharded_cluster profile's component ("mongos", "cfg", "shard0", ...): its nodes, in the
  // profile's order; empty for an unknown name or another kind of profile.
  std::vector<std::string> component_nodes(const std::string& name) const;
  // The TCP load balancer in front of its mongos ("host:port"); empty when the profile has none.
  const std::string& vip() const { return vip_; }

  // Every command the lab received so far, one object per command: node, connection, db,
  // command, opcode, authenticated_user, time (never arguments, so never a password).
  std::vector<nlohmann::json> command_log() const;
  std::filesystem::path command_log_path() const { return directory_ / "commands.jsonl"; }

  // ca.pem, server-<variant>.pem, client.pem, untrusted-client.pem; made only for TLS profiles.
  std::string cert_dir() const { return cert_dir_.string(); }

  // Stops the lab now; returns its exit status (0 after a clean SIGTERM; 128 + signal if killed).
  // Later calls return the same status.
  int stop();

 private:
  LabDeployment(pid_t pid, std::filesystem::path directory, std::filesystem::path cert_dir)
      : pid_(pid), directory_(std::move(directory)), cert_dir_(std::move(cert_dir)) {}

  pid_t pid_;
  std::filesystem::path directory_;
  std::filesystem::path cert_dir_;
  std::vector<std::string> nodes_;
  std::map<std::string, std::vector<std::string>> components_;
  std::string vip_;
  int exit_status_ = -1;
};

// Milliseconds since the epoch at which the lab logged a command_log() entry (its "time",
// "2026-12-01T03:58:27.972+00:00"). Throws std::invalid_argument for another shape.
std::int64_t logged_at_ms(const nlohmann::json& entry);

}  // namespace mongoscan::testing_support
