#include "tests/support/lab.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace mongoscan::testing_support {
namespace lab_test {
namespace {

// True if "127.0.0.1:port" accepts a TCP connection.
bool accepts_tcp(const std::string& address) {
  const std::size_t colon = address.rfind(':');
  sockaddr_in target{};
  target.sin_family = AF_INET;
  target.sin_port = htons(static_cast<uint16_t>(std::stoi(address.substr(colon + 1))));
  if (::inet_pton(AF_INET, address.substr(0, colon).c_str(), &target.sin_addr) != 1) return false;
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  const bool connected =
      ::connect(fd, reinterpret_cast<const sockaddr*>(&target), sizeof(target)) == 0;
  ::close(fd);
  return connected;
}

TEST(LabDeploymentTest, OpenProfileListensUntilStopped) {
  const std::unique_ptr<LabDeployment> lab = LabDeployment::start("open");
  ASSERT_EQ(1u, lab->nodes().size());
  const std::string node = lab->nodes()[0];
  EXPECT_TRUE(node.starts_with("127.0.0.1:")) << node;
  EXPECT_TRUE(accepts_tcp(node));
  EXPECT_TRUE(std::filesystem::exists(lab->command_log_path()));
  EXPECT_TRUE(lab->command_log().empty());

  EXPECT_EQ(0, lab->stop());
  EXPECT_FALSE(accepts_tcp(node));
  EXPECT_EQ(0, lab->stop());
}

TEST(LabDeploymentTest, TlsProfileMakesCertificatesInTheCertDir) {
  const std::unique_ptr<LabDeployment> lab = LabDeployment::start("hardened");
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(lab->cert_dir()) / "ca.pem"));
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(lab->cert_dir()) / "client.pem"));
  EXPECT_TRUE(accepts_tcp(lab->nodes()[0]));
}

TEST(LabDeploymentTest, UnknownProfileFailsWithTheLabsMessage) {
  try {
    LabDeployment::start("no-such-profile");
    FAIL() << "start() should have thrown";
  } catch (const LabError& error) {
    EXPECT_NE(std::string::npos, std::string(error.what()).find("no-such-profile")) << error.what();
    EXPECT_NE(std::string::npos, std::string(error.what()).find("exited with status 2"))
        << error.what();
  }
}

}  // namespace
}  // namespace lab_test
}  // namespace mongoscan::testing_support
