// A scan that probes a deployment and reads infrastructure files in the same run judges rules on
// the deployment's own port as MongoDB rules, whatever its number.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/support/lab_scan.h"

namespace mongoscan {
namespace deployment_ports_lab_test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

TEST(DeploymentPortsLab, ARuleOnTheProbedDeploymentsPortIsJudged) {
  auto lab = testing_support::start_lab("open");
  const std::string address = lab->nodes()[0];
  const std::string port = address.substr(address.rfind(':') + 1);
  const fs::path infra =
      fs::temp_directory_path() / ("mongoscan-ports-" + std::to_string(::getpid()));
  fs::create_directories(infra);
  std::ofstream(infra / "main.tf") << "resource \"aws_security_group_rule\" \"db\" {\n"
                                      "  type        = \"ingress\"\n"
                                      "  from_port   = " +
                                          port +
                                          "\n"
                                          "  to_port     = " +
                                          port +
                                          "\n"
                                          "  protocol    = \"tcp\"\n"
                                          "  cidr_blocks = [\"0.0.0.0/0\"]\n"
                                          "}\n";
  const auto with_deployment = testing_support::scan(*lab, "mongodb://" + address + "/?tls=false",
                                                     {"--config-path", infra.string()});
  const auto files_only = testing_support::run_scan(
      "mongodb://" + address + "/?tls=false", {"--no-probe", "--config-path", infra.string()});
  fs::remove_all(infra);
  ASSERT_FALSE(with_deployment.report.is_null()) << with_deployment.process.err;
  const json exposed = testing_support::finding(with_deployment, "NET-005");
  EXPECT_EQ(exposed["status"], "fail") << exposed.dump(2);
  EXPECT_NE(exposed["message"].get<std::string>().find("reach MongoDB port " + port),
            std::string::npos)
      << exposed["message"];
  if (std::stoi(port) < 27017 || std::stoi(port) > 27020) {
    EXPECT_EQ(testing_support::finding(files_only, "NET-005")["status"], "pass")
        << "without the probed deployment, the port is not known to be MongoDB's";
  }
}

}  // namespace
}  // namespace deployment_ports_lab_test
}  // namespace mongoscan
