#include "tests/support/lab.h"

#include <cstdio>
#include <ctime>
#include <fstream>
#include <stdexcept>

#include "tests/support/background_program.h"

#ifndef MONGOSCAN_SOURCE_DIR
#error "MONGOSCAN_SOURCE_DIR must name the source tree (tests/lab/lab.py is run from there)"
#endif

namespace mongoscan::testing_support {
std::unique_ptr<LabDeployment> LabDeployment::start(const std::string& profile,
                                                    const LabOptions& options) {
  const std::filesystem::path directory = make_temporary_directory("mongoscan-lab");
  const std::filesystem::path cert_dir =
      options.cert_dir.empty() ? directory / "certs" : options.cert_dir;
  const std::filesystem::path ready_file = directory / "ready.json";
  const pid_t pid = spawn_background(
      {kLabPython, std::string(MONGOSCAN_SOURCE_DIR) + "/tests/lab/lab.py", "--profile", profile,
       "--ready-file", ready_file.string(), "--log", (directory / "commands.jsonl").string(),
       "--cert-dir", cert_dir.string(), "--latency-ms", std::to_string(options.latency_ms),
       "--advertise-host", options.advertised_host},
      directory / "stderr.txt");
  std::unique_ptr<LabDeployment> lab(new LabDeployment(pid, directory, cert_dir));
  nlohmann::json ready;
  try {
    ready = wait_for_ready_file(pid, ready_file, "nodes", options.ready_timeout, "lab " + profile,
                                directory / "stderr.txt");
  } catch (const LabError&) {
    lab->exit_status_ = 0;  // wait_for_ready_file reaped or stopped it
    throw;
  }
  lab->nodes_ = ready["nodes"].get<std::vector<std::string>>();
  for (const nlohmann::json& component : ready.value("components", nlohmann::json::array()))
    lab->components_[component["name"]] = component["nodes"].get<std::vector<std::string>>();
  lab->vip_ = ready.value("vip", "");
  return lab;
}

LabDeployment::~LabDeployment() {
  stop();
  std::error_code ignored;
  std::filesystem::remove_all(directory_, ignored);
}

std::vector<std::string> LabDeployment::component_nodes(const std::string& name) const {
  const auto found = components_.find(name);
  return found == components_.end() ? std::vector<std::string>{} : found->second;
}

int LabDeployment::stop() {
  if (exit_status_ < 0) exit_status_ = stop_process_group(pid_);
  return exit_status_;
}

std::vector<nlohmann::json> LabDeployment::command_log() const {
  std::vector<nlohmann::json> entries;
  std::ifstream in(command_log_path());
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) entries.push_back(nlohmann::json::parse(line));
  }
  return entries;
}

std::int64_t logged_at_ms(const nlohmann::json& entry) {
  std::tm fields{};
  int milliseconds = 0;
  const std::string time = entry.value("time", "");
  if (std::sscanf(time.c_str(), "%d-%d-%dT%d:%d:%d.%d", &fields.tm_year, &fields.tm_mon,
                  &fields.tm_mday, &fields.tm_hour, &fields.tm_min, &fields.tm_sec,
                  &milliseconds) != 7) {
    throw std::invalid_argument("command log time '" + time + "' is not YYYY-MM-DDThh:mm:ss.mmm");
  }
  fields.tm_year -= 1900;
  fields.tm_mon -= 1;
  return static_cast<std::int64_t>(timegm(&fields)) * 1000 + milliseconds;
}

}  // namespace mongoscan::testing_support
