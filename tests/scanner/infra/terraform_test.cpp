#include "scanner/infra/terraform.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mongoscan {
namespace terraform_test {
namespace {

using Direction = NetworkRule::Direction;
using Action = NetworkRule::Action;
using Ports = std::vector<PortRange>;
using Strings = std::vector<std::string>;

ExposureScan read_tf(std::string_view text) {
  ExposureScan scan = read_terraform("infra/main.tf", text);
  EXPECT_TRUE(scan.problems.empty()) << scan.problems.front();
  return scan;
}

TEST(Terraform, AwsInlineIngressOpenToTheWorld) {
  const ExposureScan scan = read_tf(R"(
resource "aws_security_group" "db" {
  name = "db"

  ingress {
    from_port   = 27017
    to_port     = 27019
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
    ipv6_cidr_blocks = ["::/0"]
  }

  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }
}
)");
  ASSERT_EQ(scan.rules.size(), 2u);
  const NetworkRule& ingress = scan.rules[0];
  EXPECT_EQ(ingress.location.path, "infra/main.tf");
  EXPECT_EQ(ingress.location.line, 5);
  EXPECT_EQ(ingress.format, "terraform");
  EXPECT_EQ(ingress.resource, "aws_security_group.db");
  EXPECT_EQ(ingress.direction, Direction::ingress);
  EXPECT_EQ(ingress.action, Action::accept);
  EXPECT_EQ(ingress.protocol, "tcp");
  EXPECT_EQ(ingress.ports, (Ports{{27017, 27019}}));
  EXPECT_EQ(ingress.sources, (Strings{"0.0.0.0/0", "::/0"}));
  const NetworkRule& egress = scan.rules[1];
  EXPECT_EQ(egress.direction, Direction::egress);
  EXPECT_EQ(egress.protocol, "-1");
  EXPECT_TRUE(egress.ports.empty());
  EXPECT_EQ(egress.location.line, 13);
}

TEST(Terraform, AwsIngressAsAnAttributeAndFromASecurityGroup) {
  const ExposureScan scan = read_tf(R"(
resource "aws_security_group" "db" {
  ingress = [{
    from_port       = 27017
    to_port         = 27017
    protocol        = "tcp"
    security_groups = [aws_security_group.app.id]
    self            = true
  }]
}
)");
  ASSERT_EQ(scan.rules.size(), 1u);
  const NetworkRule& rule = scan.rules[0];
  EXPECT_EQ(rule.location.line, 3);
  // Issue 36 item 1: a security group reference admits that group's members: a source, not an
  // unknown one.
  EXPECT_EQ(rule.sources, (Strings{"aws_security_group.app.id", "self"}));
  EXPECT_TRUE(rule.unresolved_sources.empty());
}

TEST(Terraform, VariableDefaultsAndLocalsResolve) {
  const ExposureScan scan = read_tf(R"(
variable "allowed" {
  type    = list(string)
  default = ["0.0.0.0/0"]
}
variable "port" {
  default = 27017
}
variable "office" {}
locals {
  everyone = var.allowed
  vpn      = "198.51.100.7/32"
}
resource "aws_security_group_rule" "db" {
  type        = "ingress"
  from_port   = var.port
  to_port     = var.port
  protocol    = "tcp"
  cidr_blocks = var.allowed
}
resource "aws_security_group_rule" "mixed" {
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = concat(local.everyone, [local.vpn, var.office, "${var.office}"])
}
resource "aws_security_group_rule" "locals" {
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [local.vpn, "${local.vpn}", var.office]
}
)");
  ASSERT_EQ(scan.rules.size(), 3u);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  EXPECT_TRUE(scan.rules[1].sources.empty());
  EXPECT_EQ(scan.rules[1].unresolved_sources,
            (Strings{"concat(local.everyone, [local.vpn, var.office, \"${var.office}\"])"}));
  EXPECT_EQ(scan.rules[2].sources, (Strings{"198.51.100.7/32", "198.51.100.7/32"}));
  EXPECT_EQ(scan.rules[2].unresolved_sources, (Strings{"var.office"}));
}

// Issue 35 item 3: a local that contains itself is a problem at the attribute's line, and the
// literal beside it is still judged; ten locals each naming the last ten times (ten billion
// values written out) are read as the ten lists they are.
TEST(Terraform, SelfNamingAndExponentiallyNestedLocalsAreReadOnce) {
  std::string text = "locals {\n  a = [local.a, local.a]\n  b0 = [\"203.0.113.0/24\"]\n";
  for (int level = 1; level <= 10; ++level) {
    text += "  b" + std::to_string(level) + " = [";
    for (int copy = 0; copy < 10; ++copy) {
      text += std::string(copy ? ", " : "") + "local.b" + std::to_string(level - 1);
    }
    text += "]\n";
  }
  text += R"(}
resource "aws_security_group_rule" "cycle" {
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [local.a, "0.0.0.0/0"]
}
resource "aws_security_group_rule" "bomb" {
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = local.b10
}
)";
  const ExposureScan scan = read_terraform("infra/main.tf", text);
  ASSERT_EQ(scan.rules.size(), 2u);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[0].unresolved_sources, (Strings{"local.a", "local.a"}));
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0],
            "infra/main.tf:20: aws_security_group_rule.cycle: cidr_blocks names a local that "
            "contains itself; that part is not read");
  EXPECT_EQ(scan.rules[1].sources, (Strings{"203.0.113.0/24"}));
  EXPECT_TRUE(scan.rules[1].unresolved_sources.empty());
}

TEST(Terraform, UnresolvablePortsSkipTheRuleWithAProblem) {
  const ExposureScan scan = read_terraform("main.tf", R"(
resource "aws_security_group_rule" "db" {
  type        = "ingress"
  from_port   = var.port
  to_port     = var.port
  protocol    = "tcp"
  cidr_blocks = ["0.0.0.0/0"]
}
)");
  EXPECT_TRUE(scan.rules.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0],
            "main.tf:2: aws_security_group_rule.db: from_port/to_port var.port-var.port are not "
            "literal ports; the rule is skipped");
}

TEST(Terraform, AwsSecurityGroupRuleEgressAndSourceGroup) {
  const ExposureScan scan = read_tf(R"(
resource "aws_security_group_rule" "out" {
  type        = "egress"
  from_port   = 0
  to_port     = 65535
  protocol    = "all"
  cidr_blocks = ["0.0.0.0/0"]
}
resource "aws_security_group_rule" "from_app" {
  type                     = "ingress"
  from_port                = 27017
  to_port                  = 27017
  protocol                 = "tcp"
  source_security_group_id = "sg-0a1b2c"
}
)");
  ASSERT_EQ(scan.rules.size(), 2u);
  EXPECT_EQ(scan.rules[0].direction, Direction::egress);
  EXPECT_TRUE(scan.rules[0].ports.empty());
  EXPECT_EQ(scan.rules[1].sources, (Strings{"sg-0a1b2c"}));
  EXPECT_EQ(scan.rules[1].location.line, 9);
}

TEST(Terraform, AwsVpcIngressRule) {
  const ExposureScan scan = read_tf(R"(
resource "aws_vpc_security_group_ingress_rule" "v6" {
  security_group_id = aws_security_group.db.id
  cidr_ipv6         = "::/0"
  from_port         = 27017
  ip_protocol       = "tcp"
  to_port           = 27017
}
resource "aws_vpc_security_group_ingress_rule" "all" {
  security_group_id = aws_security_group.db.id
  cidr_ipv4         = "0.0.0.0/0"
  ip_protocol       = "-1"
}
resource "aws_vpc_security_group_ingress_rule" "app" {
  security_group_id            = aws_security_group.db.id
  referenced_security_group_id = aws_security_group.app.id
  from_port                    = 443
  to_port                      = 443
  ip_protocol                  = "tcp"
}
)");
  ASSERT_EQ(scan.rules.size(), 3u);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"::/0"}));
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[1].protocol, "-1");
  EXPECT_TRUE(scan.rules[1].ports.empty());
  EXPECT_EQ(scan.rules[2].ports, (Ports{{443, 443}}));
  EXPECT_EQ(scan.rules[2].sources, (Strings{"aws_security_group.app.id"}));
  EXPECT_TRUE(scan.rules[2].unresolved_sources.empty());
}

TEST(Terraform, CommentedOutRulesAreNoRules) {
  const ExposureScan scan = read_tf(R"(
# resource "aws_security_group_rule" "old" {
#   type        = "ingress"
#   from_port   = 27017
#   to_port     = 27017
#   protocol    = "tcp"
#   cidr_blocks = ["0.0.0.0/0"]
# }
/*
resource "tencentcloud_security_group_rule" "old" {
  type = "INGRESS"
}
*/
resource "aws_security_group" "db" {
  // ingress {
  //   from_port = 27017
  // }
}
)");
  EXPECT_TRUE(scan.rules.empty());
}

TEST(Terraform, TencentRuleAcceptDropAndPortForms) {
  const ExposureScan scan = read_tf(R"(
resource "tencentcloud_security_group_rule" "leaky" {
  security_group_id = tencentcloud_security_group.db.id
  type              = "INGRESS"
  cidr_ip           = "0.0.0.0/0"
  ip_protocol       = "TCP"
  port_range        = "27017"
  policy            = "ACCEPT"
}
resource "tencentcloud_security_group_rule" "blocked" {
  security_group_id = tencentcloud_security_group.db.id
  type              = "ingress"
  cidr_ip           = "0.0.0.0/0"
  port_range        = "27017-27019,28017"
  policy            = "DROP"
}
resource "tencentcloud_security_group_rule" "everything" {
  security_group_id = tencentcloud_security_group.db.id
  type              = "EGRESS"
  cidr_ip           = "0.0.0.0/0"
  ip_protocol       = "ALL"
  port_range        = "ALL"
  policy            = "ACCEPT"
}
resource "tencentcloud_security_group_rule" "templates" {
  security_group_id = tencentcloud_security_group.db.id
  type              = "INGRESS"
  source_sgid       = "sg-app"
  address_template {
    template_id = "ipm-2uw6ujo3"
  }
  policy            = "ACCEPT"
}
)");
  ASSERT_EQ(scan.rules.size(), 4u);
  EXPECT_EQ(scan.rules[0].protocol, "tcp");
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[0].action, Action::accept);
  EXPECT_EQ(scan.rules[1].action, Action::drop);
  EXPECT_EQ(scan.rules[1].protocol, "all");
  EXPECT_EQ(scan.rules[1].ports, (Ports{{27017, 27019}, {28017, 28017}}));
  EXPECT_EQ(scan.rules[2].direction, Direction::egress);
  EXPECT_TRUE(scan.rules[2].ports.empty());
  EXPECT_EQ(scan.rules[3].sources, (Strings{"sg-app", "ipm-2uw6ujo3"}));
}

TEST(Terraform, TencentRuleSet) {
  const ExposureScan scan = read_tf(R"(
resource "tencentcloud_security_group_rule_set" "db" {
  security_group_id = tencentcloud_security_group.db.id

  ingress {
    action      = "ACCEPT"
    cidr_block  = "10.0.0.0/16"
    protocol    = "TCP"
    port        = "27017"
  }
  ingress {
    action          = "DROP"
    ipv6_cidr_block = "::/0"
    protocol        = "ALL"
    port            = "ALL"
  }
  egress {
    action             = "ACCEPT"
    source_security_id = "sg-other"
    protocol           = "TCP"
    port               = "443"
  }
}
)");
  ASSERT_EQ(scan.rules.size(), 3u);
  EXPECT_EQ(scan.rules[0].location.line, 5);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"10.0.0.0/16"}));
  EXPECT_EQ(scan.rules[1].action, Action::drop);
  EXPECT_EQ(scan.rules[1].sources, (Strings{"::/0"}));
  EXPECT_TRUE(scan.rules[1].ports.empty());
  EXPECT_EQ(scan.rules[2].direction, Direction::egress);
  EXPECT_EQ(scan.rules[2].ports, (Ports{{443, 443}}));
  EXPECT_EQ(scan.rules[2].sources, (Strings{"sg-other"}));
}

TEST(Terraform, TencentLiteRule) {
  const ExposureScan scan = read_terraform("main.tf", R"(
resource "tencentcloud_security_group_lite_rule" "db" {
  security_group_id = tencentcloud_security_group.db.id
  ingress = [
    "ACCEPT#0.0.0.0/0#27017#TCP",
    "DROP#8.8.8.8#80,90#UDP",
    "ACCEPT#sg-7ixn3foj#ALL#ALL",
    "not a rule",
  ]
  egress = ["ACCEPT#0.0.0.0/0#443#TCP"]
}
)");
  ASSERT_EQ(scan.rules.size(), 4u);
  EXPECT_EQ(scan.rules[0].location.line, 5);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[0].protocol, "tcp");
  EXPECT_EQ(scan.rules[1].action, Action::drop);
  EXPECT_EQ(scan.rules[1].ports, (Ports{{80, 80}, {90, 90}}));
  EXPECT_TRUE(scan.rules[2].ports.empty());
  EXPECT_EQ(scan.rules[2].protocol, "all");
  EXPECT_EQ(scan.rules[3].direction, Direction::egress);
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0],
            "main.tf:8: tencentcloud_security_group_lite_rule.db: \"not a rule\" is not "
            "ACTION#SOURCE#PORT#PROTOCOL; it is skipped");
}

// Issue 38 item 6: the existing group a rule is attached to, when the code names it by its id
// (directly or through a variable's default), so that it can be compared with the live group.
TEST(Terraform, TencentRulesNameTheExistingGroupTheyAreAttachedTo) {
  const ExposureScan scan = read_tf(R"(
variable "billing_group" { default = "sg-vpc00001" }
resource "tencentcloud_security_group" "new" { name = "new" }
resource "tencentcloud_security_group_rule" "by_id" {
  security_group_id = "sg-open0001"
  type              = "INGRESS"
  policy            = "ACCEPT"
  cidr_ip           = "10.0.1.0/24"
  ip_protocol       = "TCP"
  port_range        = "27017"
}
resource "tencentcloud_security_group_rule_set" "by_variable" {
  security_group_id = var.billing_group
  ingress {
    action     = "ACCEPT"
    cidr_block = "10.0.1.0/24"
    protocol   = "TCP"
    port       = "27017"
  }
}
resource "tencentcloud_security_group_lite_rule" "by_reference" {
  security_group_id = tencentcloud_security_group.new.id
  ingress           = ["ACCEPT#10.0.1.0/24#27017#TCP"]
}
)");
  ASSERT_EQ(scan.rules.size(), 3u);
  EXPECT_EQ(scan.rules[0].group, "sg-open0001");
  EXPECT_EQ(scan.rules[1].group, "sg-vpc00001");
  EXPECT_EQ(scan.rules[2].group, "") << "a group the code makes has no id to compare";
}

TEST(Terraform, TencentOpenClbWithListenerAndAnInternalOne) {
  const ExposureScan scan = read_tf(R"(
resource "tencentcloud_clb_instance" "mongo" {
  network_type    = "OPEN"
  clb_name        = "mongo"
  security_groups = [tencentcloud_security_group.clb.id, "sg-clb"]
}
resource "tencentcloud_clb_instance" "inside" {
  network_type = "INTERNAL"
}
resource "tencentcloud_clb_listener" "mongo" {
  clb_id   = tencentcloud_clb_instance.mongo.id
  port     = 27017
  protocol = "TCP"
}
resource "tencentcloud_clb_listener" "legacy" {
  clb_id   = "${tencentcloud_clb_instance.inside.id}"
  port     = 27018
  protocol = "TCP"
}
)");
  ASSERT_EQ(scan.endpoints.size(), 2u);
  const NetworkEndpoint& open = scan.endpoints[0];
  EXPECT_EQ(open.resource, "tencentcloud_clb_instance.mongo");
  EXPECT_EQ(open.kind, "load_balancer");
  EXPECT_TRUE(open.public_facing);
  EXPECT_EQ(open.ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(open.source_restrictions, (Strings{"tencentcloud_security_group.clb.id", "sg-clb"}));
  EXPECT_EQ(open.location.line, 2);
  EXPECT_FALSE(scan.endpoints[1].public_facing);
  EXPECT_EQ(scan.endpoints[1].ports, (Ports{{27018, 27018}}));
}

TEST(Terraform, ClbWithoutSecurityGroupsHasNoRestrictions) {
  const ExposureScan scan = read_tf(R"(
resource "tencentcloud_clb_instance" "mongo" {
  network_type = "OPEN"
}
)");
  ASSERT_EQ(scan.endpoints.size(), 1u);
  EXPECT_TRUE(scan.endpoints[0].source_restrictions.empty());
  EXPECT_TRUE(scan.endpoints[0].ports.empty());
}

TEST(Terraform, ListenerOfAnotherFileIsAProblem) {
  const ExposureScan scan = read_terraform("lb.tf", R"(
resource "tencentcloud_clb_listener" "mongo" {
  clb_id = tencentcloud_clb_instance.elsewhere.id
  port   = 27017
}
)");
  EXPECT_TRUE(scan.endpoints.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0],
            "lb.tf:2: tencentcloud_clb_listener.mongo: its clb_id names no load balancer of this "
            "file");
}

TEST(Terraform, AwsLoadBalancers) {
  const ExposureScan scan = read_tf(R"(
resource "aws_lb" "nlb" {
  internal           = false
  load_balancer_type = "network"
}
resource "aws_lb_listener" "mongo" {
  load_balancer_arn = aws_lb.nlb.arn
  port              = 27017
  protocol          = "TCP"
}
resource "aws_lb" "private" {
  internal        = true
  security_groups = ["sg-lb"]
}
resource "aws_elb" "classic" {
  listener {
    lb_port           = 27017
    lb_protocol       = "tcp"
    instance_port     = 27017
    instance_protocol = "tcp"
  }
}
)");
  ASSERT_EQ(scan.endpoints.size(), 3u);
  EXPECT_TRUE(scan.endpoints[0].public_facing);
  EXPECT_EQ(scan.endpoints[0].ports, (Ports{{27017, 27017}}));
  EXPECT_FALSE(scan.endpoints[1].public_facing);
  EXPECT_EQ(scan.endpoints[1].source_restrictions, (Strings{"sg-lb"}));
  EXPECT_EQ(scan.endpoints[2].ports, (Ports{{27017, 27017}, {27017, 27017}}));
}

TEST(Terraform, AlicloudRule) {
  const ExposureScan scan = read_tf(R"(
resource "alicloud_security_group_rule" "open" {
  type              = "ingress"
  ip_protocol       = "tcp"
  nic_type          = "intranet"
  port_range        = "27017/27017"
  security_group_id = alicloud_security_group.default.id
  cidr_ip           = "0.0.0.0/0"
}
resource "alicloud_security_group_rule" "deny" {
  type        = "ingress"
  ip_protocol = "all"
  policy      = "drop"
  port_range  = "-1/-1"
  cidr_ip     = "0.0.0.0/0"
}
resource "alicloud_security_group_rule" "https" {
  type         = "ingress"
  ip_protocol  = "tcp"
  port_range   = "443/443"
  ipv6_cidr_ip = "::/0"
}
)");
  ASSERT_EQ(scan.rules.size(), 3u);
  EXPECT_EQ(scan.rules[0].action, Action::accept);
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[1].action, Action::drop);
  EXPECT_TRUE(scan.rules[1].ports.empty());
  EXPECT_EQ(scan.rules[2].ports, (Ports{{443, 443}}));
  EXPECT_EQ(scan.rules[2].sources, (Strings{"::/0"}));
}

TEST(Terraform, GoogleFirewall) {
  const ExposureScan scan = read_tf(R"(
resource "google_compute_firewall" "mongo" {
  name    = "mongo"
  network = google_compute_network.default.name

  allow {
    protocol = "tcp"
    ports    = ["27017", "27018-27019"]
  }
  allow {
    protocol = "icmp"
  }
  source_ranges = ["0.0.0.0/0"]
}
resource "google_compute_firewall" "deny_all" {
  direction = "INGRESS"
  deny {
    protocol = "all"
  }
  source_ranges = ["0.0.0.0/0"]
}
resource "google_compute_firewall" "no_source" {
  allow {
    protocol = "tcp"
    ports    = [27017]
  }
}
resource "google_compute_firewall" "tagged" {
  allow {
    protocol = "tcp"
    ports    = ["27017"]
  }
  source_tags = ["app"]
}
resource "google_compute_firewall" "out" {
  direction          = "EGRESS"
  destination_ranges = ["0.0.0.0/0"]
  allow {
    protocol = "tcp"
  }
}
resource "google_compute_firewall" "off" {
  disabled = true
  allow {
    protocol = "tcp"
  }
}
)");
  ASSERT_EQ(scan.rules.size(), 6u);
  EXPECT_EQ(scan.rules[0].location.line, 6);
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}, {27018, 27019}}));
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[1].protocol, "icmp");
  EXPECT_TRUE(scan.rules[1].ports.empty());
  EXPECT_EQ(scan.rules[2].action, Action::drop);
  EXPECT_EQ(scan.rules[2].protocol, "all");
  EXPECT_EQ(scan.rules[3].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[3].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[4].sources, (Strings{"app"}));
  EXPECT_EQ(scan.rules[5].direction, Direction::egress);
}

TEST(Terraform, AzureRulesStandaloneAndInline) {
  const ExposureScan scan = read_tf(R"(
resource "azurerm_network_security_rule" "mongo" {
  name                        = "mongo"
  priority                    = 100
  direction                   = "Inbound"
  access                      = "Allow"
  protocol                    = "Tcp"
  source_port_range           = "*"
  destination_port_range      = "27017"
  source_address_prefix       = "Internet"
  destination_address_prefix  = "*"
}
resource "azurerm_network_security_group" "db" {
  security_rule {
    name                       = "any"
    direction                  = "Inbound"
    access                     = "Deny"
    protocol                   = "*"
    destination_port_range     = "*"
    source_address_prefix      = "*"
  }
  security_rule {
    name                       = "office"
    direction                  = "Inbound"
    access                     = "Allow"
    protocol                   = "Tcp"
    destination_port_ranges    = ["27017-27019", "443"]
    source_address_prefixes    = ["203.0.113.0/24", "Any"]
  }
  security_rule {
    name                         = "out"
    direction                    = "Outbound"
    access                       = "Allow"
    protocol                     = "*"
    destination_port_range       = "*"
    destination_address_prefix   = "Internet"
  }
}
)");
  ASSERT_EQ(scan.rules.size(), 4u);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"Internet"}));
  EXPECT_EQ(scan.rules[0].protocol, "tcp");
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[1].location.line, 14);
  EXPECT_EQ(scan.rules[1].action, Action::drop);
  EXPECT_EQ(scan.rules[1].protocol, "*");
  EXPECT_TRUE(scan.rules[1].ports.empty());
  EXPECT_EQ(scan.rules[2].ports, (Ports{{27017, 27019}, {443, 443}}));
  EXPECT_EQ(scan.rules[2].sources, (Strings{"203.0.113.0/24", "Any"}));
  EXPECT_EQ(scan.rules[3].direction, Direction::egress);
  EXPECT_EQ(scan.rules[3].sources, (Strings{"Internet"}));
}

TEST(Terraform, AtlasAccessList) {
  const ExposureScan scan = read_tf(R"(
resource "mongodbatlas_project_ip_access_list" "anywhere" {
  project_id = var.project_id
  cidr_block = "0.0.0.0/0"
  comment    = "temporary"
}
resource "mongodbatlas_project_ip_access_list" "office" {
  project_id = var.project_id
  ip_address = "203.0.113.5"
}
)");
  ASSERT_EQ(scan.rules.size(), 2u);
  EXPECT_EQ(scan.rules[0].direction, Direction::ingress);
  EXPECT_EQ(scan.rules[0].action, Action::accept);
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[1].sources, (Strings{"203.0.113.5"}));
}

TEST(Terraform, OtherResourcesAndBlocksAreIgnored) {
  const ExposureScan scan = read_tf(R"(
terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}
provider "aws" { region = "eu-west-1" }
data "aws_security_group" "existing" { id = "sg-1" }
resource "aws_instance" "db" { ami = "ami-1" }
module "vpc" { source = "./vpc" }
output "id" { value = aws_instance.db.id }
)");
  EXPECT_TRUE(scan.rules.empty());
  EXPECT_TRUE(scan.endpoints.empty());
}

// Issue 36 item 4, as in the Atlas provider's examples: a resource's for_each over a literal
// collection of the file is one resource per element, each.value put in.
TEST(Terraform, ResourceForEachOverALiteralCollectionIsOneResourcePerElement) {
  const ExposureScan scan = read_tf(R"(
resource "mongodbatlas_project_ip_access_list" "cidr" {
  for_each = {
    for index, cidr in local.cidr_block_list :
    cidr.comment => cidr
  }
  project_id = var.project_id
  cidr_block = each.value.cidr_block
}
locals {
  cidr_block_list = [
    { cidr_block = "10.1.0.0/16", comment = "office" },
    { cidr_block = "12.2.0.0/16", comment = "partner" },
  ]
}
resource "aws_security_group_rule" "from" {
  for_each          = toset(["203.0.113.0/24", "0.0.0.0/0"])
  type              = "ingress"
  from_port         = 27017
  to_port           = 27017
  protocol          = "tcp"
  cidr_blocks       = [each.value]
  security_group_id = aws_security_group.db.id
}
variable "allowed" {
  default = { app = "10.0.0.0/8" }
}
resource "aws_security_group_rule" "by_name" {
  for_each    = var.allowed
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [each.value]
}
)");
  ASSERT_EQ(scan.rules.size(), 5u);
  EXPECT_EQ(scan.rules[0].resource, "mongodbatlas_project_ip_access_list.cidr[\"office\"]");
  EXPECT_EQ(scan.rules[0].sources, (Strings{"10.1.0.0/16"}));
  EXPECT_EQ(scan.rules[1].sources, (Strings{"12.2.0.0/16"}));
  EXPECT_EQ(scan.rules[1].location.line, 2);
  EXPECT_EQ(scan.rules[2].resource, "aws_security_group_rule.from[\"203.0.113.0/24\"]");
  EXPECT_EQ(scan.rules[3].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[4].resource, "aws_security_group_rule.by_name[\"app\"]");
  EXPECT_EQ(scan.rules[4].sources, (Strings{"10.0.0.0/8"}));
}

TEST(Terraform, ResourceForEachWhoseElementsAreNotInTheFileStaysOneResource) {
  const ExposureScan scan = read_tf(R"(
resource "aws_security_group_rule" "filtered" {
  for_each    = { for k, v in local.all : k => v if v != "" }
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [each.value]
}
resource "aws_security_group_rule" "elsewhere" {
  for_each    = var.cidrs
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [each.value]
}
locals {
  all = { a = "0.0.0.0/0" }
}
)");
  ASSERT_EQ(scan.rules.size(), 2u);
  EXPECT_EQ(scan.rules[0].resource, "aws_security_group_rule.filtered");
  EXPECT_EQ(scan.rules[0].unresolved_sources, (Strings{"each.value"}));
  EXPECT_EQ(scan.rules[1].unresolved_sources, (Strings{"each.value"}));
}

TEST(Terraform, CountMakesOneResourcePerIndexWhenTheBodyNamesIt) {
  const ExposureScan scan = read_tf(R"(
locals {
  offices = [{ name = "paris", cidr = "198.51.100.7/32" }, { name = "lab", cidr = "12.2.0.0/16" }]
  peers   = ["10.0.0.1/32", "10.0.0.2/32", "203.0.0.0/8"]
}
variable "replicas" {
  default = 2
}
resource "aws_security_group_rule" "office" {
  count       = length(local.offices)
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [local.offices[count.index].cidr]
  description = "office ${local.offices[count.index]["name"]}"
}
resource "aws_security_group_rule" "peer" {
  count       = var.replicas
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = ["${element(local.peers, count.index)}"]
}
resource "aws_security_group_rule" "same" {
  count       = 3
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = ["10.9.0.0/16"]
}
)");
  ASSERT_EQ(scan.rules.size(), 5u);
  EXPECT_EQ(scan.rules[0].resource, "aws_security_group_rule.office[0]");
  EXPECT_EQ(scan.rules[0].sources, (Strings{"198.51.100.7/32"}));
  EXPECT_EQ(scan.rules[1].resource, "aws_security_group_rule.office[1]");
  EXPECT_EQ(scan.rules[1].sources, (Strings{"12.2.0.0/16"}));
  EXPECT_EQ(scan.rules[1].location.line, 9);
  EXPECT_EQ(scan.rules[2].resource, "aws_security_group_rule.peer[0]");
  EXPECT_EQ(scan.rules[2].sources, (Strings{"10.0.0.1/32"}));
  EXPECT_EQ(scan.rules[3].resource, "aws_security_group_rule.peer[1]");
  EXPECT_EQ(scan.rules[3].sources, (Strings{"10.0.0.2/32"}));
  // A count whose body never names count.index makes identical copies: one rule says them all.
  EXPECT_EQ(scan.rules[4].resource, "aws_security_group_rule.same");
}

TEST(Terraform, CountZeroIsNoResourceAndAnUnknownCountIsTheResourceAsWritten) {
  const ExposureScan scan = read_tf(R"(
resource "aws_security_group_rule" "retired" {
  count       = 0
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = ["0.0.0.0/0"]
}
resource "aws_security_group_rule" "switchable" {
  count       = var.public ? 1 : 0
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = ["0.0.0.0/0"]
}
resource "aws_security_group_rule" "per_cidr" {
  count       = length(var.cidrs)
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [var.cidrs[count.index]]
}
)");
  ASSERT_EQ(scan.rules.size(), 2u);
  // `var.public` may be switched on by whoever calls the module: the rule is judged as written.
  EXPECT_EQ(scan.rules[0].resource, "aws_security_group_rule.switchable");
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[1].resource, "aws_security_group_rule.per_cidr");
  EXPECT_EQ(scan.rules[1].unresolved_sources, (Strings{"var.cidrs[count.index]"}));
}

TEST(Terraform, ForEachKeysIndexOtherCollections) {
  const ExposureScan scan = read_tf(R"(
locals {
  cidrs = { app = "10.1.0.0/16", vpn = "0.0.0.0/0" }
}
resource "aws_security_group_rule" "from" {
  for_each    = toset(["app", "vpn"])
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [local.cidrs[each.key]]
}
)");
  ASSERT_EQ(scan.rules.size(), 2u);
  EXPECT_EQ(scan.rules[0].resource, "aws_security_group_rule.from[\"app\"]");
  EXPECT_EQ(scan.rules[0].sources, (Strings{"10.1.0.0/16"}));
  EXPECT_EQ(scan.rules[1].sources, (Strings{"0.0.0.0/0"}));
}

TEST(Terraform, ModuleFilesDeclareVariablesAndLocalsAndVariableFilesAssignThem) {
  const std::string rules = R"(
resource "aws_security_group_rule" "admin" {
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = var.admin_cidrs
}
resource "aws_security_group_rule" "app" {
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = local.app
}
resource "aws_security_group_rule" "own" {
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = var.own
}
resource "aws_security_group_rule" "vpn" {
  type        = "ingress"
  from_port   = 27017
  to_port     = 27017
  protocol    = "tcp"
  cidr_blocks = [var.vpn_cidr]
}
variable "own" {
  default = ["10.8.0.0/16"]
}
)";
  int calls = 0;
  const auto module = [&] {
    ++calls;
    return std::vector<TerraformModuleFile>{
        {"infra/terraform.tfvars", "admin_cidrs = [\"0.0.0.0/0\"]\nundeclared = 1\n", true},
        {"infra/terraform.tfvars.json", R"({"vpn_cidr": "10.7.0.0/16"})", true},
        {"infra/z.auto.tfvars", "vpn_cidr = \"0.0.0.0/0\"\n", true},
        {"infra/broken.tf", "variable \"x\" {", false},
        {"infra/variables.tf",
         "variable \"admin_cidrs\" {\n  default = [\"10.0.0.0/24\"]\n}\n"
         "variable \"vpn_cidr\" {}\nvariable \"own\" {\n  default = [\"0.0.0.0/0\"]\n}\n"
         "locals {\n  app = [\"10.2.0.0/16\"]\n}\n",
         false},
    };
  };
  const ExposureScan scan = read_terraform("infra/main.tf", rules, module);
  EXPECT_EQ(calls, 1);
  ASSERT_EQ(scan.rules.size(), 4u);
  // terraform.tfvars wins over the declaration's default.
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[1].sources, (Strings{"10.2.0.0/16"}));
  // The file's own declaration is not replaced by another file's.
  EXPECT_EQ(scan.rules[2].sources, (Strings{"10.8.0.0/16"}));
  // *.auto.tfvars is loaded after terraform.tfvars.json: its value wins.
  EXPECT_EQ(scan.rules[3].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_TRUE(scan.problems.empty());

  // A file whose rules name nothing of the module's, or that has no rule, reads no other file.
  read_terraform("infra/main.tf",
                 "resource \"aws_security_group_rule\" \"x\" {\n  type = \"ingress\"\n}\n", module);
  read_terraform("infra/main.tf", "resource \"aws_instance\" \"x\" {\n  ami = var.ami\n}\n",
                 module);
  EXPECT_EQ(calls, 1);
}

TEST(Terraform, DynamicBlocksWithLiteralForEachAreExpanded) {
  const ExposureScan scan = read_tf(R"(
variable "mongo_ports" {
  default = [27017, 27018]
}
locals {
  office = "203.0.113.0/24"
}
resource "aws_security_group" "db" {
  dynamic "ingress" {
    for_each = var.mongo_ports
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["0.0.0.0/0"]
    }
  }
  dynamic "ingress" {
    for_each = [{ port = 443, cidrs = ["::/0"] }, { port = 27017, cidrs = [local.office] }]
    iterator = rule
    content {
      from_port        = rule.value.port
      to_port          = rule.value["port"]
      protocol         = "tcp"
      ipv6_cidr_blocks = rule.value.cidrs
    }
  }
  ingress {
    from_port       = 27017
    to_port         = 27017
    protocol        = "tcp"
    security_groups = ["sg-app"]
  }
}
resource "google_compute_firewall" "mongo" {
  dynamic "allow" {
    for_each = { tcp = ["27017-27019"], udp = ["27017"] }
    content {
      protocol = allow.key
      ports    = allow.value
    }
  }
  source_ranges = ["${local.office}"]
}
resource "azurerm_network_security_group" "db" {
  dynamic "security_rule" {
    for_each = ["10.0.0.0", "198.51.100.7"]
    content {
      name                   = "mongo-${security_rule.key}"
      direction              = "Inbound"
      access                 = "Allow"
      protocol               = "Tcp"
      destination_port_range = "27017"
      source_address_prefix  = "${security_rule.value}/32"
    }
  }
}
)");
  ASSERT_EQ(scan.rules.size(), 9u);
  // The inline block first, then each element of each dynamic block at the dynamic block's line.
  EXPECT_EQ(scan.rules[0].sources, (Strings{"sg-app"}));
  EXPECT_EQ(scan.rules[1].location.line, 9);
  EXPECT_EQ(scan.rules[1].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[1].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[2].ports, (Ports{{27018, 27018}}));
  EXPECT_EQ(scan.rules[3].location.line, 18);
  EXPECT_EQ(scan.rules[3].ports, (Ports{{443, 443}}));
  EXPECT_EQ(scan.rules[3].sources, (Strings{"::/0"}));
  EXPECT_EQ(scan.rules[4].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[4].sources, (Strings{"203.0.113.0/24"}));
  EXPECT_TRUE(scan.rules[4].unresolved_sources.empty());
  EXPECT_EQ(scan.rules[5].resource, "google_compute_firewall.mongo");
  EXPECT_EQ(scan.rules[5].protocol, "tcp");
  EXPECT_EQ(scan.rules[5].ports, (Ports{{27017, 27019}}));
  EXPECT_EQ(scan.rules[5].sources, (Strings{"203.0.113.0/24"}));
  EXPECT_EQ(scan.rules[5].location.line, 36);
  EXPECT_EQ(scan.rules[6].protocol, "udp");
  EXPECT_EQ(scan.rules[6].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[7].resource, "azurerm_network_security_group.db");
  EXPECT_EQ(scan.rules[7].sources, (Strings{"10.0.0.0/32"}));
  EXPECT_EQ(scan.rules[8].sources, (Strings{"198.51.100.7/32"}));
}

TEST(Terraform, DynamicBlocksOverTosetAndTolist) {
  const ExposureScan scan = read_tf(R"(
variable "groups" {
  default = ["sg-app", "sg-etl", "sg-app"]
}
resource "aws_security_group" "db" {
  dynamic "ingress" {
    for_each = toset(var.groups)
    iterator = group
    content {
      from_port       = 27017
      to_port         = 27017
      protocol        = "tcp"
      security_groups = [group.key]
    }
  }
  dynamic "ingress" {
    for_each = tolist([
      "0.0.0.0/0",
    ])
    content {
      from_port   = 27017
      to_port     = 27017
      protocol    = "tcp"
      cidr_blocks = [ingress.value]
      description = "rule ${ingress.key}"
    }
  }
}
)");
  ASSERT_EQ(scan.rules.size(), 3u) << "a set holds each value once";
  EXPECT_EQ(scan.rules[0].location.line, 6);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"sg-app"})) << "a set's keys are its values";
  EXPECT_EQ(scan.rules[1].sources, (Strings{"sg-etl"}));
  EXPECT_EQ(scan.rules[2].location.line, 16);
  EXPECT_EQ(scan.rules[2].sources, (Strings{"0.0.0.0/0"}));
}

TEST(Terraform, DynamicBlocksThatCannotBeExpandedAreSaid) {
  std::string many = "[";
  for (int i = 0; i < 65; ++i) many += std::to_string(27000 + i) + ", ";
  many += "]";
  const ExposureScan scan = read_terraform("main.tf", R"(
resource "aws_security_group" "db" {
  dynamic "ingress" {
    for_each = var.rules
    content {
      from_port = ingress.value.port
    }
  }
  dynamic "egress" {
    for_each = toset(var.egress_cidrs)
    content {
      protocol = "-1"
    }
  }
  dynamic "ingress" {
    for_each = )" + many + R"(
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["0.0.0.0/0"]
    }
  }
  dynamic "ingress" {
    for_each = [1]
  }
}
)");
  EXPECT_TRUE(scan.rules.empty());
  ASSERT_EQ(scan.problems.size(), 4u);
  EXPECT_EQ(scan.problems[0],
            "main.tf:3: aws_security_group.db: the dynamic \"ingress\" block's for_each var.rules "
            "is not a literal list or map; its rules are not read");
  EXPECT_EQ(scan.problems[1],
            "main.tf:15: aws_security_group.db: the dynamic \"ingress\" block's for_each has 65 "
            "elements, more than the 64 expanded; its rules are not read");
  EXPECT_EQ(scan.problems[2],
            "main.tf:24: aws_security_group.db: the dynamic \"ingress\" block has no for_each or "
            "no single content; its rules are not read");
  EXPECT_EQ(scan.problems[3],
            "main.tf:9: aws_security_group.db: the dynamic \"egress\" block's for_each "
            "toset(var.egress_cidrs) is not a literal list or map; its rules are not read");
}

TEST(Terraform, DynamicExpansionIsBounded) {
  // A for_each element named many times in a content of many dynamic blocks: the copies stop at
  // the budget, and the rules left unread are said.
  std::string element = "[";
  for (int i = 0; i < 2000; ++i) element += "\"10.0.0." + std::to_string(i % 250) + "\", ";
  element += "]";
  std::string text = "resource \"aws_security_group\" \"db\" {\n";
  for (int block = 0; block < 10; ++block) {
    text +=
        "  dynamic \"ingress\" {\n    for_each = [for_each_element, for_each_element]\n"
        "    content {\n      from_port = 27017\n      protocol = \"tcp\"\n"
        "      cidr_blocks = concat(ingress.value, ingress.value)\n"
        "      ipv6_cidr_blocks = [ingress.value, ingress.value, ingress.value]\n    }\n  }\n";
  }
  text += "}\n";
  std::size_t at = 0;
  while ((at = text.find("for_each_element", at)) != std::string::npos) {
    text.replace(at, 16, element);
    at += element.size();
  }
  const ExposureScan scan = read_terraform("main.tf", text);
  EXPECT_LT(scan.rules.size(), 20u);
  ASSERT_FALSE(scan.problems.empty());
  EXPECT_NE(scan.problems.back().find("expands to more values than are read"), std::string::npos)
      << scan.problems.back();
}

TEST(Terraform, SyntaxErrorIsOneProblem) {
  const ExposureScan scan = read_terraform("bad.tf", "resource \"aws_security_group\" \"x\" {\n");
  EXPECT_TRUE(scan.rules.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0], "bad.tf:2: the block opened at line 1 has no }");
}

TEST(TerraformJson, ConfigurationSyntax) {
  const nlohmann::json document = nlohmann::json::parse(R"({
    "variable": {"allowed": {"default": ["0.0.0.0/0"]}},
    "locals": {"office": "203.0.113.0/24"},
    "resource": {
      "aws_security_group": {
        "db": {
          "ingress": [{
            "from_port": 27017, "to_port": 27017, "protocol": "tcp",
            "cidr_blocks": "${var.allowed}"
          }]
        }
      },
      "aws_security_group_rule": {
        "office": {
          "type": "ingress", "from_port": 27017, "to_port": 27017, "protocol": "tcp",
          "cidr_blocks": ["${local.office}", "${var.unknown}"]
        }
      }
    }
  })");
  const ExposureScan scan = read_terraform_json("main.tf.json", document);
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.rules.size(), 2u);
  EXPECT_EQ(scan.rules[0].format, "terraform");
  EXPECT_EQ(scan.rules[0].resource, "aws_security_group.db");
  EXPECT_EQ(scan.rules[0].location.path, "main.tf.json");
  EXPECT_EQ(scan.rules[0].location.line, 1);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[1].sources, (Strings{"203.0.113.0/24"}));
  EXPECT_EQ(scan.rules[1].unresolved_sources, (Strings{"${var.unknown}"}));
}

TEST(TerraformJson, RulesOfEveryKindCommentsAndDynamicBlocks) {
  const nlohmann::json document = nlohmann::json::parse(R"({
    "//": "resource aws_security_group_rule.old opened 27017 to 0.0.0.0/0; removed",
    "resource": {
      "aws_security_group": {
        "db": {
          "//": {"ingress": [{"from_port": 27017, "to_port": 27017, "protocol": "tcp",
                              "cidr_blocks": ["0.0.0.0/0"]}]},
          "ingress": [
            {"from_port": 27017, "to_port": 27017, "protocol": "tcp",
             "security_groups": ["sg-app"]},
            {"from_port": 443, "to_port": 443, "protocol": "tcp", "cidr_blocks": ["0.0.0.0/0"]},
            {"from_port": 0, "to_port": 0, "protocol": "-1", "ipv6_cidr_blocks": ["::/0"]}
          ],
          "egress": [{"from_port": 0, "to_port": 0, "protocol": "-1",
                      "cidr_blocks": ["0.0.0.0/0"]}],
          "dynamic": {"ingress": {
            "for_each": "${var.ports}",
            "iterator": "port",
            "content": {"from_port": "${port.value}", "to_port": "${port.value}",
                        "protocol": "tcp", "cidr_blocks": ["0.0.0.0/0"]}
          }}
        }
      },
      "tencentcloud_security_group_rule_set": {
        "db": {"ingress": [{"action": "DROP", "cidr_block": "0.0.0.0/0", "protocol": "ALL",
                            "port": "ALL"}]}
      }
    },
    "variable": {"ports": {"default": [27017, 27018]}}
  })");
  const ExposureScan scan = read_terraform_json("main.tf.json", document);
  EXPECT_TRUE(scan.problems.empty()) << scan.problems.front();
  ASSERT_EQ(scan.rules.size(), 7u);
  EXPECT_EQ(scan.rules[0].sources, (Strings{"sg-app"}));
  EXPECT_EQ(scan.rules[1].ports, (Ports{{443, 443}}));
  EXPECT_EQ(scan.rules[2].protocol, "-1");
  EXPECT_TRUE(scan.rules[2].ports.empty());
  EXPECT_EQ(scan.rules[2].sources, (Strings{"::/0"}));
  EXPECT_EQ(scan.rules[3].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[3].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[4].ports, (Ports{{27018, 27018}}));
  EXPECT_EQ(scan.rules[5].direction, Direction::egress);
  EXPECT_EQ(scan.rules[6].action, Action::drop);
  EXPECT_TRUE(scan.rules[6].ports.empty());
}

TEST(TerraformJson, PlanFromTerraformShow) {
  const nlohmann::json document = nlohmann::json::parse(R"({
    "format_version": "1.2",
    "terraform_version": "1.7.5",
    "planned_values": {
      "root_module": {
        "resources": [
          {
            "address": "aws_security_group.db", "mode": "managed",
            "type": "aws_security_group", "name": "db",
            "values": {
              "ingress": [{
                "cidr_blocks": ["0.0.0.0/0"], "description": "", "from_port": 27017,
                "ipv6_cidr_blocks": [], "prefix_list_ids": [], "protocol": "tcp",
                "security_groups": [], "self": false, "to_port": 27017
              }],
              "egress": []
            }
          },
          {
            "address": "data.aws_security_group.x", "mode": "data",
            "type": "aws_security_group", "name": "x",
            "values": {"ingress": [{"from_port": 1, "to_port": 1, "protocol": "tcp",
                                    "cidr_blocks": ["0.0.0.0/0"]}]}
          }
        ],
        "child_modules": [{
          "address": "module.atlas",
          "resources": [{
            "address": "module.atlas.mongodbatlas_project_ip_access_list.all", "mode": "managed",
            "type": "mongodbatlas_project_ip_access_list", "name": "all",
            "values": {"cidr_block": "0.0.0.0/0", "ip_address": null, "project_id": "p1"}
          }]
        }]
      }
    }
  })");
  const ExposureScan scan = read_terraform_json("plan.json", document);
  EXPECT_TRUE(scan.problems.empty());
  ASSERT_EQ(scan.rules.size(), 2u);
  EXPECT_EQ(scan.rules[0].format, "terraform-plan");
  EXPECT_EQ(scan.rules[0].resource, "aws_security_group.db");
  EXPECT_EQ(scan.rules[0].sources, (Strings{"0.0.0.0/0"}));
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  EXPECT_EQ(scan.rules[1].resource, "module.atlas.mongodbatlas_project_ip_access_list.all");
  EXPECT_EQ(scan.rules[1].sources, (Strings{"0.0.0.0/0"}));
}

TEST(TerraformJson, PlanRulesOfEveryKind) {
  const nlohmann::json document = nlohmann::json::parse(R"({
    "format_version": "1.2",
    "planned_values": {"root_module": {"resources": [
      {"address": "aws_security_group_rule.v6", "mode": "managed",
       "type": "aws_security_group_rule", "name": "v6",
       "values": {"type": "ingress", "from_port": 0, "to_port": 0, "protocol": "-1",
                  "cidr_blocks": null, "ipv6_cidr_blocks": ["::/0"],
                  "source_security_group_id": null, "self": false}},
      {"address": "aws_security_group_rule.app", "mode": "managed",
       "type": "aws_security_group_rule", "name": "app",
       "values": {"type": "ingress", "from_port": 27017, "to_port": 27017, "protocol": "tcp",
                  "cidr_blocks": null, "source_security_group_id": "sg-0app"}},
      {"address": "aws_security_group_rule.https", "mode": "managed",
       "type": "aws_security_group_rule", "name": "https",
       "values": {"type": "ingress", "from_port": 443, "to_port": 443, "protocol": "tcp",
                  "cidr_blocks": ["0.0.0.0/0"]}},
      {"address": "aws_security_group_rule.out", "mode": "managed",
       "type": "aws_security_group_rule", "name": "out",
       "values": {"type": "egress", "from_port": 0, "to_port": 0, "protocol": "-1",
                  "cidr_blocks": ["0.0.0.0/0"]}},
      {"address": "google_compute_firewall.deny", "mode": "managed",
       "type": "google_compute_firewall", "name": "deny",
       "values": {"direction": "INGRESS", "disabled": false, "source_ranges": ["0.0.0.0/0"],
                  "allow": [], "deny": [{"protocol": "all", "ports": []}]}}
    ]}}
  })");
  const ExposureScan scan = read_terraform_json("plan.json", document);
  EXPECT_TRUE(scan.problems.empty()) << scan.problems.front();
  ASSERT_EQ(scan.rules.size(), 5u);
  EXPECT_EQ(scan.rules[0].protocol, "-1");
  EXPECT_TRUE(scan.rules[0].ports.empty());
  EXPECT_EQ(scan.rules[0].sources, (Strings{"::/0"}));
  EXPECT_EQ(scan.rules[1].sources, (Strings{"sg-0app"}));
  EXPECT_EQ(scan.rules[2].ports, (Ports{{443, 443}}));
  EXPECT_EQ(scan.rules[3].direction, Direction::egress);
  EXPECT_EQ(scan.rules[4].action, Action::drop);
  EXPECT_EQ(scan.rules[4].protocol, "all");
  EXPECT_TRUE(scan.rules[4].ports.empty());
}

TEST(TerraformJson, StateFromTerraformShowAndOtherJson) {
  const nlohmann::json state = nlohmann::json::parse(R"({
    "format_version": "1.0",
    "values": {"root_module": {"resources": [{
      "address": "google_compute_firewall.fw", "mode": "managed",
      "type": "google_compute_firewall", "name": "fw",
      "values": {"direction": "INGRESS", "source_ranges": ["0.0.0.0/0"], "disabled": false,
                 "allow": [{"protocol": "tcp", "ports": ["27017"]}], "deny": []}
    }]}}
  })");
  const ExposureScan scan = read_terraform_json("state.json", state);
  ASSERT_EQ(scan.rules.size(), 1u);
  EXPECT_EQ(scan.rules[0].format, "terraform-plan");
  EXPECT_EQ(scan.rules[0].ports, (Ports{{27017, 27017}}));
  for (const char* other : {R"({"name": "package", "version": "1.0"})", "[1, 2]", "null",
                            R"({"format_version": 1, "values": {"root_module": {"resources": [
             {"mode": 5, "type": 7, "address": [], "values": {}}, 3]}}})",
                            R"({"format_version": "1.0", "planned_values": []})"}) {
    const ExposureScan none = read_terraform_json("x.json", nlohmann::json::parse(other));
    EXPECT_TRUE(none.rules.empty() && none.endpoints.empty() && none.problems.empty()) << other;
  }
}

TEST(TerraformJson, DeepJsonIsBounded) {
  nlohmann::json deep = "0.0.0.0/0";
  for (int i = 0; i < 300; ++i) deep = nlohmann::json::array({deep});
  nlohmann::json document;
  document["resource"]["aws_security_group_rule"]["r"] = {{"type", "ingress"},
                                                          {"from_port", 1},
                                                          {"to_port", 1},
                                                          {"protocol", "tcp"},
                                                          {"cidr_blocks", deep}};
  const ExposureScan scan = read_terraform_json("deep.tf.json", document);
  ASSERT_EQ(scan.rules.size(), 1u);
  EXPECT_TRUE(scan.rules[0].sources.empty());
  EXPECT_EQ(scan.rules[0].unresolved_sources.size(), 1u);
}

}  // namespace
}  // namespace terraform_test
}  // namespace mongoscan
