#include "tests/support/control_plane_lab.h"

#include <fstream>

#ifndef MONGOSCAN_SOURCE_DIR
#error "MONGOSCAN_SOURCE_DIR must name the source tree (tests/lab/ is run from there)"
#endif

namespace mongoscan::testing_support {
namespace {

std::string profile_path(const std::string& profile) {
  if (profile.find('/') != std::string::npos) return profile;
  return std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/cloud/" + profile + ".json";
}

}  // namespace

std::unique_ptr<ControlPlaneLab> ControlPlaneLab::start(const ControlPlaneOptions& options) {
  const std::filesystem::path directory = make_temporary_directory("mongoscan-control-plane");
  // By default the certificates every lab of the test run shares (made once, under a lock), in the
  // build directory: generated keys never land in the source tree.
  const std::filesystem::path cert_dir =
      options.cert_dir.empty() ? std::filesystem::path(MONGOSCAN_BUILD_DIR) / "lab-certs"
                               : options.cert_dir;
  std::vector<std::string> argv = {
      kLabPython,     std::string(MONGOSCAN_SOURCE_DIR) + "/tests/lab/control_plane.py",
      "--ready-file", (directory / "ready.json").string(),
      "--log",        (directory / "requests.jsonl").string(),
      "--cert-dir",   cert_dir.string(),
      "--latency-ms", std::to_string(options.latency_ms)};
  if (!options.profile.empty()) {
    argv.push_back("--profile");
    argv.push_back(profile_path(options.profile));
  }
  const pid_t pid = spawn_background(argv, directory / "stderr.txt");
  std::unique_ptr<ControlPlaneLab> lab(new ControlPlaneLab(pid, directory, cert_dir));
  const nlohmann::json ready =
      wait_for_ready_file(pid, directory / "ready.json", "endpoint", std::chrono::seconds(60),
                          "control plane lab", directory / "stderr.txt");
  lab->endpoint_ = ready["endpoint"];
  return lab;
}

ControlPlaneLab::~ControlPlaneLab() {
  stop_process_group(pid_);
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

std::vector<nlohmann::json> ControlPlaneLab::request_log() const {
  std::vector<nlohmann::json> entries;
  std::ifstream in(directory_ / "requests.jsonl");
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) entries.push_back(nlohmann::json::parse(line));
  return entries;
}

}  // namespace mongoscan::testing_support
