#include "scanner/infra/helm_values.h"

#include <gtest/gtest.h>

#include "scanner/infra/infra_yaml.h"

namespace mongoscan {
namespace helm_values_test {
namespace {

TEST(HelmValues, BitnamiStyleLoadBalancerService) {
  const auto scan = read_infra_yaml("values.yaml", R"(architecture: standalone
auth:
  enabled: true
service:
  type: LoadBalancer
  portName: mongodb
  ports:
    mongodb: 27017
  nodePorts:
    mongodb: ""
  loadBalancerSourceRanges: []
  annotations: {}
)");
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.endpoints.size(), 1u);
  const auto& endpoint = scan.endpoints[0];
  EXPECT_EQ(endpoint.format, "helm-values");
  EXPECT_EQ(endpoint.resource, "service");
  EXPECT_EQ(endpoint.kind, "load_balancer");
  EXPECT_EQ(endpoint.location.line, 5);
  EXPECT_EQ(endpoint.ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_TRUE(endpoint.public_facing);
  EXPECT_TRUE(endpoint.source_restrictions.empty());
}

TEST(HelmValues, SourceRangesInternalAnnotationsAndSwitchedOffBlocks) {
  const auto scan = read_infra_yaml("values-prod.yaml", R"(service:
  type: ClusterIP
  port: 27017
externalAccess:
  enabled: true
  service:
    type: LoadBalancer
    port: 27017
    loadBalancerSourceRanges: [10.10.10.0/24]
    annotations:
      service.beta.kubernetes.io/aws-load-balancer-internal: "true"
  hidden:
    enabled: false
    service:
      type: LoadBalancer
      port: 27017
metrics:
  service:
    type: NodePort
    nodePort: 30216
)");
  ASSERT_EQ(scan.endpoints.size(), 2u);
  EXPECT_EQ(scan.endpoints[0].resource, "externalAccess.service");
  EXPECT_FALSE(scan.endpoints[0].public_facing);
  EXPECT_EQ(scan.endpoints[0].source_restrictions, (std::vector<std::string>{"10.10.10.0/24"}));
  EXPECT_EQ(scan.endpoints[1].resource, "metrics.service");
  EXPECT_EQ(scan.endpoints[1].kind, "node_port");
  EXPECT_EQ(scan.endpoints[1].ports, (std::vector<PortRange>{{30216, 30216}}));
}

TEST(HelmValues, CommentedOutValuesAndWhatTheRangesSay) {
  const auto scan = read_infra_yaml("values.yaml", R"(service:
  type: ClusterIP
  # type: LoadBalancer
  ports:
    mongodb: 27017
externalAccess:
  enabled: true
  service:
    type: LoadBalancer
    ports:
      mongodb: 27017
    loadBalancerSourceRanges:
      - 0.0.0.0/0
      - ::/0
    # loadBalancerSourceRanges: [203.0.113.0/24]
metrics:
  service:
    type: LoadBalancer
    ports:
      http: 9216
)");
  ASSERT_EQ(scan.endpoints.size(), 2u);
  EXPECT_EQ(scan.endpoints[0].resource, "externalAccess.service");
  EXPECT_EQ(scan.endpoints[0].location.line, 9);
  EXPECT_EQ(scan.endpoints[0].source_restrictions, (std::vector<std::string>{"0.0.0.0/0", "::/0"}))
      << "ranges as written; the check judges what they allow";
  EXPECT_EQ(scan.endpoints[1].resource, "metrics.service");
  EXPECT_EQ(scan.endpoints[1].ports, (std::vector<PortRange>{{9216, 9216}}));
}

TEST(HelmValues, LoadBalancerTypeWithoutAPortIsNoEndpoint) {
  const auto scan = read_infra_yaml("values.yaml", "ingress:\n  type: LoadBalancer\n");
  EXPECT_TRUE(scan.endpoints.empty());
}

}  // namespace
}  // namespace helm_values_test
}  // namespace mongoscan
