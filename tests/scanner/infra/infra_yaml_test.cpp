#include "scanner/infra/infra_yaml.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace infra_yaml_test {
namespace {

TEST(InfraYaml, MalformedYamlIsAProblemWithItsLine) {
  const auto scan = read_infra_yaml("broken.yaml", "services:\n  mongo:\n    ports: [\"27017\"\n");
  EXPECT_TRUE(scan.endpoints.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0].rfind("broken.yaml: not valid YAML: line ", 0), 0u)
      << scan.problems[0];
}

TEST(InfraYaml, HostileInputsNeverCrash) {
  for (const std::string& text :
       {std::string("a: b: c"), std::string("- [") + std::string(5000, '['), std::string("\t- x"),
        std::string("key: !<tag:unknown> {a: [1, 2"), std::string("&a [*a]"),
        std::string("services: [1, 2]"), std::string("apiVersion: v1\nkind: Service\nspec: 3\n"),
        std::string("apiVersion: v1\nkind: Service\nspec: {type: LoadBalancer, ports: 7}\n"),
        std::string("Resources: {A: {Type: AWS::EC2::SecurityGroup, Properties: 1}}"),
        std::string("services: {m: {ports: [{target: {a: 1}}, [1], \"::::\", \"[::1\"]}}"),
        std::string("\xff\xfe\x00garbage", 10)}) {
    const auto scan = read_infra_yaml("x.yaml", text);
    EXPECT_TRUE(scan.endpoints.empty()) << text;
  }
}

TEST(InfraYaml, TextYamlCppWouldLoadForeverIsAProblem) {
  // A stray "," (jbeder/yaml-cpp#1319), and the smallest of what tests/fuzz/infra_fuzz found:
  // yaml-cpp 0.7's LoadAll would collect empty documents until memory ran out.
  for (const std::string_view text : {"\n,\n    ", "{[]},"}) {
    const auto scan = read_infra_yaml("stalled.yaml", text);
    ASSERT_EQ(scan.problems.size(), 1u) << text;
    EXPECT_EQ(scan.problems[0].rfind("stalled.yaml: not valid YAML: line ", 0), 0u)
        << scan.problems[0];
  }
  const auto empties = read_infra_yaml("empties.yaml", "---\n---\n---\n");
  EXPECT_TRUE(empties.problems.empty()) << "empty documents that move on are read";
}

TEST(InfraYaml, FilesOfNoKnownFormatGiveAnEmptyScan) {
  for (std::string_view text :
       {"", "# only a comment\n", "spring:\n  data:\n    mongodb:\n      port: 27017\n",
        "- just\n- a\n- list\n", "plain scalar"}) {
    const auto scan = read_infra_yaml("application.yml", text);
    EXPECT_TRUE(scan.endpoints.empty()) << text;
    EXPECT_TRUE(scan.rules.empty()) << text;
    EXPECT_TRUE(scan.problems.empty()) << text;
    EXPECT_FALSE(scan.server_config) << text;
  }
}

TEST(InfraYaml, DocumentsOfDifferentFormatsInOneFile) {
  const auto scan = read_infra_yaml("mixed.yaml", R"(apiVersion: v1
kind: Service
metadata: {name: mongo}
spec: {type: LoadBalancer, ports: [{port: 27017}]}
---
services:
  mongo:
    ports: ["27017:27017"]
)");
  ASSERT_EQ(scan.endpoints.size(), 2u);
  EXPECT_EQ(scan.endpoints[0].format, "kubernetes");
  EXPECT_EQ(scan.endpoints[1].format, "compose");
  EXPECT_EQ(scan.endpoints[1].location.line, 8);
}

}  // namespace
}  // namespace infra_yaml_test
}  // namespace mongoscan
