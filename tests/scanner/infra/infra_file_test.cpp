// Which reader a file goes to, by name and shape, and which files are left alone.

#include "scanner/infra/infra_file.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "scanner/infra/yaml_nodes.h"
#include "tests/support/file_text.h"

namespace mongoscan {
namespace infra_file_test {
namespace {

TEST(InfrastructureFile, TheNameDecidesWhetherToLook) {
  for (const char* name : {"infra/main.tf", "plan.tf.json", "sg.json", "k8s/svc.yaml",
                           "compose.YML", "/etc/mongod.conf", "Main.TF", "Plan.Tf.JSON",
                           "deploy/Values.Yaml", "MONGOD.CONF", ".json"}) {
    EXPECT_TRUE(may_be_infrastructure(name)) << name;
  }
  for (const char* name : {"src/App.java", "README.md", "main.tf.bak", "values.yaml.tpl", "tf",
                           "vars.TFVARS", "yml", "a.json/b", "conf"}) {
    EXPECT_FALSE(may_be_infrastructure(name)) << name;
  }
}

TEST(InfrastructureFile, ATerraformFileIsReadWithItsModule) {
  const std::string module = std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/infra/terraform/module";
  const std::string path = module + "/main.tf";
  const ExposureScan scan = scan_infrastructure_file(path, testing_support::read_file(path));
  std::vector<std::string> rules;
  for (const NetworkRule& rule : scan.rules) {
    std::string sources;
    for (const std::string& source : rule.sources) sources += " " + source;
    for (const std::string& source : rule.unresolved_sources) sources += " unresolved:" + source;
    rules.push_back(rule.resource + ":" + std::to_string(rule.location.line) + sources);
  }
  // app_cidrs from variables.tf's default (prod.tfvars is read only with -var-file), admin_cidrs
  // from terraform.tfvars, debug_cidrs from ops.auto.tfvars (after terraform.tfvars), offices
  // from locals.tf, two peers (terraform.tfvars' peer_count), no retired rule (count = 0).
  EXPECT_EQ(rules, (std::vector<std::string>{
                       "aws_security_group.mongo:9 10.20.0.0/16 10.21.0.0/16",
                       "aws_security_group_rule.admin:18 0.0.0.0/0",
                       "aws_security_group_rule.debug:28 0.0.0.0/0",
                       "aws_security_group_rule.office[0]:38 198.51.100.7/32",
                       "aws_security_group_rule.office[1]:38 12.2.0.0/16",
                       "aws_security_group_rule.peer[0]:51 10.40.0.1/32",
                       "aws_security_group_rule.peer[1]:51 10.40.0.2/32",
                   }));
  EXPECT_TRUE(scan.problems.empty()) << scan.problems.front();
}

TEST(InfrastructureFile, EachFormatReachesItsReader) {
  const ExposureScan terraform =
      scan_infrastructure_file("main.tf",
                               "resource \"mongodbatlas_project_ip_access_list\" \"a\" {\n"
                               "  project_id = \"p\"\n  cidr_block = \"0.0.0.0/0\"\n}\n");
  EXPECT_TRUE(terraform.recognised);
  ASSERT_EQ(terraform.rules.size(), 1u);
  EXPECT_EQ(terraform.rules[0].sources, std::vector<std::string>{"0.0.0.0/0"});

  const ExposureScan empty_terraform =
      scan_infrastructure_file("variables.tf", "variable \"x\" {}\n");
  EXPECT_TRUE(empty_terraform.recognised) << "a Terraform file is infrastructure, rules or not";

  const ExposureScan compose = scan_infrastructure_file(
      "docker-compose.yml",
      "services:\n  db:\n    image: mongo\n    ports:\n      - \"27017:27017\"\n");
  EXPECT_TRUE(compose.recognised);
  ASSERT_EQ(compose.endpoints.size(), 1u);
  EXPECT_EQ(compose.endpoints[0].kind, "published_port");

  const ExposureScan atlas = scan_infrastructure_file(
      "access-list.json",
      R"({"results": [{"groupId": "5f1", "cidrBlock": "0.0.0.0/0", "comment": "everyone"}]})");
  EXPECT_TRUE(atlas.recognised);
  EXPECT_EQ(atlas.rules.size(), 1u);

  const ExposureScan config = scan_infrastructure_file(
      "mongod.conf", "net:\n  bindIp: 0.0.0.0\nsecurity:\n  authorization: disabled\n");
  EXPECT_TRUE(config.recognised);
  ASSERT_TRUE(config.server_config);
  EXPECT_EQ(config.server_config->settings.front().key, "net.bindIp");
  // Issue 36 item 4: no bindIp, replSetName, clusterRole or dbPath, yet a config file by its
  // sections, at the start of the text or of a line.
  for (std::string_view text :
       {"security:\n  authorization: disabled\n",
        "# hardening\nsetParameter:\n  enableLocalhostAuthBypass: true\n"}) {
    const ExposureScan sections = scan_infrastructure_file("mongod.yaml", text);
    EXPECT_TRUE(sections.server_config) << text;
  }
}

TEST(InfrastructureFile, ShapesWithoutTheCommonWordsAreStillRead) {
  // `az network nsg rule list`: rules without their group's securityRules.
  const ExposureScan azure = scan_infrastructure_file(
      "nsg-rules.json", R"([{"name": "mongo", "direction": "Inbound", "access": "Allow",
        "protocol": "Tcp", "destinationPortRange": "27017", "sourceAddressPrefix": "*"}])");
  EXPECT_TRUE(azure.recognised);
  EXPECT_EQ(azure.rules.size(), 1u);
  // gcloud egress rules carry destinationRanges only.
  const ExposureScan egress =
      scan_infrastructure_file("firewalls.json", R"([{"name": "out", "direction": "EGRESS",
        "destinationRanges": ["0.0.0.0/0"], "allowed": [{"IPProtocol": "all"}]}])");
  EXPECT_TRUE(egress.recognised);
  EXPECT_EQ(egress.rules.size(), 1u);
  // An Atlas access list of security groups only.
  const ExposureScan atlas = scan_infrastructure_file(
      "access-list.json", R"({"results": [{"groupId": "5f1", "awsSecurityGroup": "sg-0app"}]})");
  EXPECT_TRUE(atlas.recognised);
  // A Compose file with a MongoDB server on the host's network and no ports.
  const ExposureScan host = scan_infrastructure_file(
      "compose.yaml", "services:\n  db:\n    image: mongo:7\n    network_mode: host\n");
  EXPECT_TRUE(host.recognised);
  EXPECT_EQ(host.endpoints.size(), 1u);
  // A CloudFormation template with a load balancer and no security group.
  const ExposureScan nlb = scan_infrastructure_file(
      "nlb.yaml",
      "Resources:\n  Nlb:\n    Type: AWS::ElasticLoadBalancingV2::LoadBalancer\n"
      "  L:\n    Type: AWS::ElasticLoadBalancingV2::Listener\n"
      "    Properties: {LoadBalancerArn: !Ref Nlb, Port: 27017}\n");
  EXPECT_TRUE(nlb.recognised);
  ASSERT_EQ(nlb.endpoints.size(), 1u);
  EXPECT_EQ(nlb.endpoints[0].ports, (std::vector<PortRange>{{27017, 27017}}));
}

TEST(InfrastructureFile, OrdinaryYamlAndJsonAreNoInfrastructure) {
  for (const auto& [name, text] : std::vector<std::pair<const char*, const char*>>{
           {"messages.json", R"({"greeting": "hello", "farewell": "bye"})"},
           {"openapi.yaml", "openapi: 3.0.0\ninfo:\n  title: Orders\n"},
           {"app.conf", "[server]\nport = 8080\n"},
           {"broken.json", "{not json"}}) {
    const ExposureScan scan = scan_infrastructure_file(name, text);
    EXPECT_FALSE(scan.recognised) << name;
    EXPECT_TRUE(scan.problems.empty()) << name;
  }
}

// A manifest too large to read as YAML (yaml-cpp holds a scalar about three times over: a 64 MB
// one took 445 MB) is refused before parsing and listed as unread; what it declares is unknown.
TEST(InfrastructureFile, YamlTooLargeToReadIsListedAsUnread) {
  const std::string manifest = "apiVersion: v1\nkind: Service\nmetadata:\n  name: \"" +
                               std::string(kMaxYamlBytes, 'a') +
                               "\"\nspec:\n  type: NodePort\n  ports:\n  - port: 27017\n";
  const ExposureScan scan = scan_infrastructure_file("k8s/svc.yaml", manifest);
  EXPECT_TRUE(scan.recognised);
  EXPECT_TRUE(scan.endpoints.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0], "k8s/svc.yaml: not read as YAML: " + std::to_string(manifest.size()) +
                                  " bytes, over the limit of 16777216");

  const ExposureScan fits = scan_infrastructure_file(
      "k8s/svc.yaml",
      "apiVersion: v1\nkind: Service\nmetadata:\n  name: db\nspec:\n  type: "
      "NodePort\n  ports:\n  - port: 27017\n");
  EXPECT_EQ(fits.endpoints.size(), 1u) << "the same manifest, small, is read";
}

}  // namespace
}  // namespace infra_file_test
}  // namespace mongoscan
