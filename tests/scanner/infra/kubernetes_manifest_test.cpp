#include "scanner/infra/kubernetes_manifest.h"

#include <gtest/gtest.h>

#include "scanner/infra/infra_yaml.h"

namespace mongoscan {
namespace kubernetes_manifest_test {
namespace {

TEST(KubernetesManifest, LoadBalancerServiceWithoutSourceRangesIsPublic) {
  const auto scan = read_infra_yaml("k8s/mongo.yaml", R"(apiVersion: v1
kind: Service
metadata:
  name: mongo
  namespace: db
spec:
  type: LoadBalancer
  selector:
    app: mongo
  ports:
    - name: mongodb
      port: 27017
      targetPort: 27017
)");
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.endpoints.size(), 1u);
  const NetworkEndpoint& endpoint = scan.endpoints[0];
  EXPECT_EQ(endpoint.location.path, "k8s/mongo.yaml");
  EXPECT_EQ(endpoint.location.line, 1);
  EXPECT_EQ(endpoint.format, "kubernetes");
  EXPECT_EQ(endpoint.resource, "Service db/mongo");
  EXPECT_EQ(endpoint.kind, "load_balancer");
  EXPECT_EQ(endpoint.ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_TRUE(endpoint.public_facing);
  EXPECT_TRUE(endpoint.source_restrictions.empty());
}

TEST(KubernetesManifest, SourceRangesRestrictTheLoadBalancer) {
  const auto scan = read_infra_yaml("svc.yaml", R"(apiVersion: v1
kind: Service
metadata:
  name: mongo
  annotations:
    service.beta.kubernetes.io/load-balancer-source-ranges: "198.51.100.0/24, 192.0.2.7/32"
spec:
  type: LoadBalancer
  loadBalancerSourceRanges:
    - 203.0.113.0/24
  ports:
    - port: 443
      targetPort: mongodb
)");
  ASSERT_EQ(scan.endpoints.size(), 1u);
  EXPECT_EQ(scan.endpoints[0].resource, "Service mongo");
  EXPECT_EQ(scan.endpoints[0].ports, (std::vector<PortRange>{{443, 443}}));
  EXPECT_EQ(scan.endpoints[0].source_restrictions,
            (std::vector<std::string>{"203.0.113.0/24", "198.51.100.0/24", "192.0.2.7/32"}));
}

TEST(KubernetesManifest, InternalLoadBalancerAnnotationsAreNotPublic) {
  for (const std::string_view annotation :
       {"service.beta.kubernetes.io/aws-load-balancer-internal: \"true\"",
        "service.beta.kubernetes.io/aws-load-balancer-scheme: internal",
        "networking.gke.io/load-balancer-type: Internal",
        "service.beta.kubernetes.io/azure-load-balancer-internal: \"true\"",
        "service.kubernetes.io/qcloud-loadbalancer-internal-subnetid: subnet-k2ji0g1p"}) {
    const auto scan = read_infra_yaml("svc.yaml",
                                      "apiVersion: v1\nkind: Service\nmetadata:\n"
                                      "  name: mongo\n  annotations:\n    " +
                                          std::string(annotation) +
                                          "\nspec:\n  type: LoadBalancer\n"
                                          "  ports:\n    - port: 27017\n");
    ASSERT_EQ(scan.endpoints.size(), 1u) << annotation;
    EXPECT_FALSE(scan.endpoints[0].public_facing) << annotation;
  }
  const auto explicit_false =
      read_infra_yaml("svc.yaml",
                      "apiVersion: v1\nkind: Service\nmetadata:\n  name: m\n  annotations:\n"
                      "    service.beta.kubernetes.io/aws-load-balancer-internal: \"false\"\n"
                      "spec:\n  type: LoadBalancer\n  ports:\n    - port: 27017\n");
  ASSERT_EQ(explicit_false.endpoints.size(), 1u);
  EXPECT_TRUE(explicit_false.endpoints[0].public_facing);
}

TEST(KubernetesManifest, CommentedOutFieldsAndOtherPorts) {
  const auto scan = read_infra_yaml("svc.yaml", R"(apiVersion: v1
kind: Service
metadata:
  name: mongo
spec:
  type: ClusterIP
  # type: LoadBalancer
  ports:
    - port: 27017
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  type: LoadBalancer
  ports:
    - port: 443
      targetPort: 8443
---
apiVersion: v1
kind: Service
metadata:
  name: mongo-v6
spec:
  type: LoadBalancer
  ipFamilies: [IPv6]
  loadBalancerSourceRanges: ["::/0"]
  # loadBalancerSourceRanges: ["2001:db8::/48"]
  ports:
    - port: 27017
)");
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.endpoints.size(), 2u);
  EXPECT_EQ(scan.endpoints[0].resource, "Service web");
  EXPECT_EQ(scan.endpoints[0].ports, (std::vector<PortRange>{{443, 443}, {8443, 8443}}));
  EXPECT_EQ(scan.endpoints[1].location.line, 21);
  EXPECT_EQ(scan.endpoints[1].source_restrictions, (std::vector<std::string>{"::/0"}));
}

TEST(KubernetesManifest, NodePortRecordsPortTargetAndNodePort) {
  const auto scan = read_infra_yaml("svc.yaml", R"(apiVersion: v1
kind: Service
metadata: {name: mongo-np}
spec:
  type: NodePort
  ports:
    - port: 27017
      targetPort: 27017
      nodePort: 30017
)");
  ASSERT_EQ(scan.endpoints.size(), 1u);
  EXPECT_EQ(scan.endpoints[0].kind, "node_port");
  EXPECT_EQ(scan.endpoints[0].ports, (std::vector<PortRange>{{27017, 27017}, {30017, 30017}}));
  EXPECT_TRUE(scan.endpoints[0].public_facing);
}

TEST(KubernetesManifest, ClusterIpServicesAndOtherKindsExposeNothing) {
  const auto scan = read_infra_yaml("all.yaml", R"(apiVersion: v1
kind: Service
metadata: {name: mongo}
spec:
  ports: [{port: 27017}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: mongo}
spec:
  template:
    spec:
      containers: [{name: mongo, image: mongo:7, ports: [{containerPort: 27017}]}]
)");
  EXPECT_TRUE(scan.endpoints.empty());
  EXPECT_TRUE(scan.rules.empty());
  EXPECT_TRUE(scan.problems.empty());
}

TEST(KubernetesManifest, MultiDocumentFilesAndListsAreReadWhole) {
  const auto scan = read_infra_yaml("multi.yaml", R"(---
apiVersion: v1
kind: ConfigMap
metadata: {name: c}
data: {a: b}
---
apiVersion: v1
kind: Service
metadata: {name: first}
spec: {type: LoadBalancer, ports: [{port: 27017}]}
---
apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: Service
    metadata: {name: second}
    spec: {type: NodePort, ports: [{port: 27018, nodePort: 30018}]}
)");
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.endpoints.size(), 2u);
  EXPECT_EQ(scan.endpoints[0].resource, "Service first");
  EXPECT_EQ(scan.endpoints[0].location.line, 7);
  EXPECT_EQ(scan.endpoints[1].resource, "Service second");
  EXPECT_EQ(scan.endpoints[1].location.line, 15);
}

TEST(KubernetesManifest, NetworkPolicyIpBlocksBecomeRules) {
  const auto scan = read_infra_yaml("np.yaml", R"(apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: mongo, namespace: db}
spec:
  podSelector: {matchLabels: {app: mongo}}
  ingress:
    - from:
        - ipBlock: {cidr: 0.0.0.0/0}
        - podSelector: {matchLabels: {app: api}}
      ports:
        - {protocol: TCP, port: 27017}
        - {port: mongodb}
    - from:
        - podSelector: {}
  egress:
    - to: [{ipBlock: {cidr: 10.0.0.0/8}}]
)");
  ASSERT_EQ(scan.rules.size(), 2u);
  const NetworkRule& ingress = scan.rules[0];
  EXPECT_EQ(ingress.resource, "NetworkPolicy db/mongo");
  EXPECT_EQ(ingress.location.line, 7);
  EXPECT_EQ(ingress.direction, NetworkRule::Direction::ingress);
  EXPECT_EQ(ingress.protocol, "tcp");
  EXPECT_EQ(ingress.ports, (std::vector<PortRange>{{27017, 27017}}));
  EXPECT_EQ(ingress.sources, (std::vector<std::string>{"0.0.0.0/0"}));
  const NetworkRule& egress = scan.rules[1];
  EXPECT_EQ(egress.direction, NetworkRule::Direction::egress);
  EXPECT_EQ(egress.protocol, "all");
  EXPECT_TRUE(egress.ports.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_NE(scan.problems[0].find("np.yaml:12"), std::string::npos) << scan.problems[0];
}

}  // namespace
}  // namespace kubernetes_manifest_test
}  // namespace mongoscan
