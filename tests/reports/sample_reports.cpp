#include "tests/reports/sample_reports.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "checks/gate.h"
#include "reports/cloud_summary.h"
#include "scanner/secrets/secret.h"

namespace mongoscan::testing_support {
namespace {

using nlohmann::json;

constexpr const char* kReplicaSetUri =
    "mongodb://app:***@db1.example.test:27017,db2.example.test:27017/?replicaSet=rs0";
constexpr const char* kSrvUri = "mongodb+srv://reporting:***@cluster0.example.test/";

Report with_fixed_header(std::vector<std::string> inputs) {
  Report report;
  report.tool_version = "0.1.0-test";
  report.started_at = "2025-03-01T10:00:00Z";
  report.finished_at = "2025-03-01T10:00:07.250Z";
  report.inputs = std::move(inputs);
  return report;
}

CheckSpec spec(std::string id, std::string title, Layer layer, Severity severity,
               std::vector<ControlReference> references, std::string remediation) {
  return {std::move(id), std::move(title),      layer,
          severity,      std::move(references), std::move(remediation)};
}

// Marks the findings that fail the default gate (--fail-on high).
Report gated_at_high(Report report) {
  for (ReportedFinding& reported : report.findings.held()) {
    reported.gates = fails_gate(reported.finding, Severity::high);
  }
  return report;
}

Finding& add(Report& report, const CheckSpec& check, Status status, Subject subject,
             std::string message, json evidence = json::object()) {
  Finding finding{check.id,           status,
                  check.severity,     std::move(subject),
                  std::move(message), std::move(evidence)};
  report.findings.push_back({check, std::move(finding)});
  return report.findings.held().back().finding;
}

NodeSummary node(std::string address, std::string role, std::string version, json tls,
                 json authentication, std::vector<Error> errors) {
  NodeSummary summary;
  summary.address = std::move(address);
  summary.origin = "seed";
  summary.role = std::move(role);
  summary.version = std::move(version);
  summary.tls = PackedEvidence::of(tls);
  summary.authentication = PackedEvidence::of(authentication);
  summary.errors = std::move(errors);
  return summary;
}

std::vector<TargetSummary> targets() {
  const json tls13 = {{"enabled", true},
                      {"protocol", "TLSv1.3"},
                      {"cipher", "TLS_AES_256_GCM_SHA384"},
                      {"verified", true},
                      {"chain",
                       {{{"subject", "CN=db1.example.test"},
                         {"not_after", "2025-09-30T00:00:00Z"},
                         {"key_bits", 2048}}}}};
  const json app_account = {{"user", "app"},
                            {"source", "admin"},
                            {"mechanism", "SCRAM-SHA-256"},
                            {"succeeded", true},
                            {"roles", {"readWrite@crm", "clusterMonitor@admin"}}};
  TargetSummary replica_set{kReplicaSetUri, "replica_set", {}, std::nullopt};
  replica_set.nodes = {
      node("db1.example.test:27017", "primary", "7.0.5", tls13, app_account, {}),
      node("db2.example.test:27017", "secondary", "7.0.5", tls13, app_account, {}),
      node("db3.example.test:27017", "unknown", "", json::object(), json::object(),
           {{ErrorCode::timeout, "connect", "timed out after 5000 ms"}}),
  };
  for (NodeSummary* member : {&replica_set.nodes[1], &replica_set.nodes[2]}) {
    member->origin = "hello";
    member->named_by = "db1.example.test:27017";
  }
  // Two mongos, and a third that config.mongos still lists but that stopped pinging.
  ClusterSummary cluster;
  cluster.mongos = {{"mongos1.example.test:27017", "mongos1.example.test:27017", false},
                    {"mongos2.example.test:27017", "mongos2.example.test:27017", false}};
  cluster.stale_mongos = {{"mongos0.example.test:27017", "2025-01-31T08:00:00Z", "6.0.13"}};
  TargetSummary sharded{kSrvUri, "sharded", {}, cluster};
  sharded.nodes = {
      node("mongos1.example.test:27017", "mongos", "6.0.13",
           {{"enabled", true}, {"protocol", "TLSv1.2"}, {"cipher", "ECDHE-RSA-AES128-GCM-SHA256"}},
           {{"user", "reporting"}, {"mechanism", "SCRAM-SHA-1"}, {"succeeded", false}},
           {{ErrorCode::auth_failed, "auth", "Authentication failed <code 18> & \"retry\""}}),
      node("mongos2.example.test:27017", "mongos", "7.0.5", tls13,
           {{"user", "reporting"}, {"mechanism", "SCRAM-SHA-256"}, {"succeeded", true}}, {})};
  return {replica_set, sharded};
}

}  // namespace

Report empty_report() { return with_fixed_header({}); }

Report rich_report() {
  Report report = with_fixed_header({kReplicaSetUri, "config/app.yaml", kSrvUri});
  report.targets = targets();
  report.statistics = {4, 32, 1};
  // db3 never answered: its two checks in error make the scan incomplete, said in every format.
  report.coverage.nodes_not_scanned = 1;
  report.coverage.checks_in_error = 2;
  report.gate = GateRule{Severity::high, std::nullopt};

  const CheckSpec conn001 =
      spec("CONN-001", "High-availability address", Layer::connection_string, Severity::medium,
           {{Framework::devspec, "A2.1", "Core connection string parameters"}},
           "List several seeds or use a mongodb+srv:// address.");
  const CheckSpec disc001 =
      spec("DISC-001", "SRV and TXT records are sound", Layer::discovery, Severity::medium,
           {{Framework::devspec, "A1", "Connection method decision guide (sharded clusters)"}},
           "Serve SRV hosts under the SRV name's parent domain and one TXT record.");
  const CheckSpec net002 =
      spec("NET-002", "bindIp is not every interface", Layer::network, Severity::high,
           {{Framework::cis, "2.1", "Ensure Authentication is configured"}},
           "Set net.bindIp to the addresses that clients use.");
  const CheckSpec net003 =
      spec("NET-003", "Non-default port", Layer::network, Severity::low,
           {{Framework::cis, "6.1", "Ensure that MongoDB uses a non-default port"}},
           "Move the server off port 27017.");
  const CheckSpec authn001 =
      spec("AUTHN-001", "Authentication enforced", Layer::authentication, Severity::critical,
           {{Framework::cis, "2.1", "Ensure Authentication is configured"},
            {Framework::checklist, "access-control",
             "Enable Access Control and Enforce Authentication"}},
           "Start mongod with security.authorization: enabled.");
  const CheckSpec authz001 = spec(
      "AUTHZ-001", "Application account has no administrative role", Layer::authorization,
      Severity::high, {{Framework::cis, "3.1", "Ensure least privilege for database accounts"}},
      "Grant the application readWrite on its own database only.");
  const CheckSpec tls001 =
      spec("TLS-001", "TLS required", Layer::transport, Severity::critical,
           {{Framework::cis, "4.3",
             "Ensure Encryption of Data in Transit TLS or SSL (Transport Encryption)"}},
           "Set net.tls.mode to requireTLS.");
  const CheckSpec tls003 =
      spec("TLS-003", "Server certificate is valid", Layer::transport, Severity::high,
           {{Framework::cis, "4.3",
             "Ensure Encryption of Data in Transit TLS or SSL (Transport Encryption)"}},
           "Renew the certificate from a trusted CA before it expires.");
  const CheckSpec hard001 =
      spec("HARD-001", "Server-side JavaScript disabled", Layer::hardening, Severity::medium,
           {{Framework::cis, "6.3", "Ensure that server-side scripting is disabled if not needed"}},
           "Set security.javascriptEnabled: false.");
  const CheckSpec ver001 =
      spec("VER-001", "Supported version", Layer::versions, Severity::high,
           {{Framework::cis, "1.1",
             "Ensure the appropriate MongoDB software version/patches are installed"}},
           "Upgrade to a supported release series.");
  const CheckSpec app001 =
      spec("APP-001", "No connection string with an embedded password", Layer::credentials,
           Severity::critical, {{Framework::devspec, "A3.7", "Application: credential storage"}},
           "Read the password from a secret store or the environment.");
  const CheckSpec app002 =
      spec("APP-002", "No hardcoded password values", Layer::credentials, Severity::high,
           {{Framework::devspec, "A3.7", "Application: credential storage"},
            {Framework::devspec, "A2.5",
             "No disabled authentication and no arbitrary public exposure in production"}},
           "Move the value to a secret store.");
  const CheckSpec model001 = spec("MODEL-001", "Database and collection names", Layer::data_model,
                                  Severity::low, {{Framework::devspec, "B.2", "Database names"}},
                                  "Rename to lowercase with underscores.");

  add(report, conn001, Status::fail, Subject::uri("mongodb://app:***@db1.example.test:27017/crm"),
      "A single host without replicaSet: a failover breaks the application",
      {{"hosts", {"db1.example.test:27017"}}, {"srv", false}, {"options", json::object()}})
      .subject.listed_at = ListedAt{"deploy/targets.txt", 2};
  add(report, disc001, Status::pass, Subject::uri(kSrvUri),
      "SRV hosts share the parent domain example.test; one TXT record",
      {{"srv", {{{"target", "mongos1.example.test"}, {"port", 27017}}}},
       {"txt", {"authSource=admin"}}});
  add(report, net002, Status::fail, Subject::node("db1.example.test:27017"),
      "bindIp is 0.0.0.0: the server listens on every interface",
      {{"net", {{"bindIp", "0.0.0.0"}, {"port", 27017}}}});
  add(report, net003, Status::warn, Subject::node("db1.example.test:27017"),
      "The server listens on the default port 27017", {{"port", 27017}});
  add(report, authn001, Status::pass, Subject::node("db1.example.test:27017"),
      "Unauthenticated commands are refused (code 13, Unauthorized)",
      {{"commands",
        {{"listDatabases", {{"ok", 0}, {"code", 13}}}, {"usersInfo", {{"ok", 0}, {"code", 13}}}}}});
  add(report, authz001, Status::skipped, Subject::node("db2.example.test:27017"),
      "Needs the clusterMonitor role");
  add(report, tls003, Status::error, Subject::node("db3.example.test:27017"),
      "connect: timed out after 5000 ms", nullptr);
  add(report, tls001, Status::pass, Subject::node("db1.example.test:27017"),
      "Plaintext connections are refused; net.tls.mode is requireTLS",
      {{"plaintext_accepted", false}, {"net", {{"tls", {{"mode", "requireTLS"}}}}}});
  add(report, app001, Status::fail, Subject::file("config/app.yaml", 3, 9),
      "Connection string with an embedded password (value redacted)",
      {{"key", "spring.data.mongodb.uri"}, {"value", "mongodb://app:***@db1.example.test/crm"}});
  add(report, app002, Status::fail,
      Subject::file("services/billing/src/main/resources/application-production.properties", 12,
                    22),
      "Hardcoded password under the key spring.data.mongodb.password",
      {{"key", "spring.data.mongodb.password"}, {"value", "***"}});
  add(report, model001, Status::warn, Subject::node("db1.example.test:27017"),
      "Collection «Kundendaten_Übersicht» is not lowercase — 顧客 ünïcödé",
      {{"database", "crm"}, {"collection", "Kundendaten_Übersicht"}});
  add(report, hard001, Status::fail, Subject::node("db1.example.test:27017"),
      "<script>alert(\"x\")</script> & 'quoted': server-side JavaScript is enabled",
      {{"security", {{"javascriptEnabled", true}}}, {"note", "<b>bold</b> & \"quoted\""}});
  add(report, ver001, Status::warn, Subject::node("mongos1.example.test:27017"),
      "MongoDB 6.0.13 reaches its end of life on 2025-07-31; plan the upgrade to 7.0 or 8.0 before "
      "security fixes stop",
      {{"version", "6.0.13"}, {"end_of_life", "2025-07-31"}});

  // The same checks on the other nodes and connection strings, so that the self-check table has
  // a row with a status on every node (and some nodes a check did not reach).
  const CheckSpec authn005 =
      spec("AUTHN-005", "Password is strong", Layer::authentication, Severity::high,
           {{Framework::devspec, "A3.4", "Authentication: password complexity"}},
           "Use a generated password of at least 12 characters.");
  const CheckSpec conn004 =
      spec("CONN-004", "Retryable reads and writes", Layer::connection_string, Severity::medium,
           {{Framework::devspec, "A2.1", "Core connection string parameters"}},
           "Remove retryWrites=false and retryReads=false.");
  const std::string app_uri = "mongodb://app:***@db1.example.test:27017/crm";
  const std::string weak_uri = "mongodb://admin:***@db9.example.test:27017/?retryWrites=false";
  add(report, authn001, Status::pass, Subject::node("db2.example.test:27017"),
      "Unauthenticated commands are refused (code 13, Unauthorized)");
  add(report, authn001, Status::error, Subject::node("db3.example.test:27017"),
      "connect: timed out after 5000 ms", nullptr);
  add(report, authn001, Status::fail, Subject::node("mongos1.example.test:27017"),
      "The node answers without authentication: listDatabases returned 4 databases",
      {{"commands", {{"listDatabases", {{"ok", 1}, {"databases", 4}}}}}});
  add(report, authn001, Status::pass, Subject::node("mongos2.example.test:27017"),
      "Unauthenticated commands are refused (code 13, Unauthorized)");
  add(report, net002, Status::pass, Subject::node("db2.example.test:27017"), "bindIp is 10.0.0.12",
      {{"net", {{"bindIp", "10.0.0.12"}}}});
  add(report, tls001, Status::pass, Subject::node("db2.example.test:27017"),
      "Plaintext connections are refused; net.tls.mode is requireTLS");
  add(report, tls001, Status::fail, Subject::node("mongos1.example.test:27017"),
      "The node accepts plaintext connections (net.tls.mode allowTLS)",
      {{"plaintext_accepted", true}, {"net", {{"tls", {{"mode", "allowTLS"}}}}}});
  add(report, tls001, Status::pass, Subject::node("mongos2.example.test:27017"),
      "Plaintext connections are refused; net.tls.mode is requireTLS");
  add(report, hard001, Status::fail, Subject::node("db2.example.test:27017"),
      "Server-side JavaScript is enabled (the default)",
      {{"security", {{"javascriptEnabled", nullptr}}}, {"default", true}});
  add(report, ver001, Status::pass, Subject::node("db1.example.test:27017"),
      "MongoDB 7.0.5 is supported until 2026-08-31");
  add(report, ver001, Status::pass, Subject::node("db2.example.test:27017"),
      "MongoDB 7.0.5 is supported until 2026-08-31");
  add(report, ver001, Status::pass, Subject::node("mongos2.example.test:27017"),
      "MongoDB 7.0.5 is supported until 2026-08-31");
  add(report, model001, Status::warn, Subject::node("db1.example.test:27017"),
      "Database CRM is not lowercase", {{"database", "CRM"}});
  add(report, authn005, Status::pass, Subject::uri(kReplicaSetUri),
      "The password meets every rule (length 24, four character classes)");
  add(report, authn005, Status::fail, Subject::uri(weak_uri),
      "Weak password: shorter than 12 characters, no special character",
      {{"length", 7}, {"failed_rules", {"length", "special"}}});
  add(report, conn001, Status::pass, Subject::uri(kReplicaSetUri), "Two seeds and replicaSet=rs0",
      {{"hosts", 2}, {"replicaSet", "rs0"}});
  add(report, conn001, Status::pass, Subject::uri(kSrvUri), "mongodb+srv:// address");
  add(report, conn004, Status::pass, Subject::uri(app_uri), "retryWrites and retryReads not set");
  add(report, conn004, Status::fail, Subject::uri(weak_uri),
      "retryWrites=false: writes fail instead of being retried once after a failover",
      {{"retryWrites", false}});
  return gated_at_high(std::move(report));
}

Report config_scan_report() {
  constexpr const char* kUri = "mongodb://app:***@db1.example.test:27017/crm";
  Report report = with_fixed_header({"services", "deploy", kUri});
  TargetSummary standalone{kUri, "standalone", {}, std::nullopt};
  standalone.nodes = {node("db1.example.test:27017", "standalone", "7.0.5", json::object(),
                           {{"user", "app"}, {"mechanism", "SCRAM-SHA-256"}, {"succeeded", true}},
                           {})};
  report.targets = {standalone};
  report.statistics = {1, 32, 1};
  report.config_scan = ConfigScanSummary{
      {"services", "deploy"},
      42,
      183245,
      {{"deploy/Konfiguration für Größe/app.yaml", "unreadable: Permission denied"},
       {"deploy/loop", "symlink loop"},
       {"services/assets/logo.png", "binary"},
       {"services/data/dump 2024.json", "larger than 10485760 bytes"}},
      {{"example-value", 1}, {"placeholder-template", 3}}};

  const CheckSpec app001 =
      spec("APP-001", "No connection string with an embedded password", Layer::credentials,
           Severity::critical, {{Framework::devspec, "A3.7", "Application: credential storage"}},
           "Read the password from a secret store or the environment.");
  const CheckSpec app002 =
      spec("APP-002", "No hardcoded password values", Layer::credentials, Severity::high,
           {{Framework::devspec, "A3.7", "Application: credential storage"},
            {Framework::devspec, "A2.5",
             "No disabled authentication and no arbitrary public exposure in production"}},
           "Move the value to a secret store.");
  const CheckSpec authn001 =
      spec("AUTHN-001", "Authentication enforced", Layer::authentication, Severity::critical,
           {{Framework::cis, "2.1", "Ensure Authentication is configured"}},
           "Start mongod with security.authorization: enabled.");
  const CheckSpec conn001 =
      spec("CONN-001", "High-availability address", Layer::connection_string, Severity::medium,
           {{Framework::devspec, "A2.1", "Core connection string parameters"}},
           "List several seeds or use a mongodb+srv:// address.");
  const CheckSpec conn004 =
      spec("CONN-004", "Retryable reads and writes", Layer::connection_string, Severity::medium,
           {{Framework::devspec, "A2.1", "Core connection string parameters"}},
           "Remove retryWrites=false and retryReads=false.");

  const Secret planted(kPlantedPassword);
  add(report, app001, Status::fail,
      Subject::file("services/billing/src/main/resources/application.yml", 14, 31),
      "Connection string with an embedded password for user app (value redacted)",
      {{"kind", "uri_password"},
       {"key", "spring.data.mongodb.uri"},
       {"redacted_value", redact_secret(planted)},
       {"weak", false}})
      .fingerprint = "3f9c2a7e5b1d4c08";
  Finding& weak = add(report, app002, Status::fail, Subject::file("deploy/.env", 3, 16),
                      "Hardcoded password under the key MONGO_PASSWORD: a common password",
                      {{"kind", "credential_key"},
                       {"key", "MONGO_PASSWORD"},
                       {"redacted_value", redact_secret(Secret("admin"))},
                       {"weak", true}});
  weak.severity = Severity::low;
  weak.fingerprint = "a04be61f9d27c355";
  Finding& allowed =
      add(report, app002, Status::fail,
          Subject::file("services/billing/test/fixtures/app-test.yml", 5, 15),
          "Hardcoded password under the key password (a mongoscan:allow comment on the line)",
          {{"kind", "credential_key"},
           {"key", "password"},
           {"redacted_value", redact_secret(Secret("fixture-only-secret"))},
           {"weak", false}});
  allowed.fingerprint = "c7d1e0a9b8f65243";
  allowed.suppression = "inline";
  Finding& baselined =
      add(report, app001, Status::fail, Subject::file("deploy/compose für prod.yaml", 22, 18),
          "Connection string with an embedded password for user reporting (value redacted)",
          {{"kind", "uri_password"},
           {"key", "services.api.environment.MONGODB_URI"},
           {"redacted_value", redact_secret(Secret("Rp-baselined-0001"))},
           {"weak", false}});
  baselined.fingerprint = "5e2f8d4c1a0b9763";
  baselined.suppression = "baseline";
  add(report, authn001, Status::fail, Subject::node("db1.example.test:27017"),
      "The node answers without authentication: listDatabases returned 3 databases",
      {{"commands", {{"listDatabases", {{"ok", 1}, {"databases", 3}}}}}});
  add(report, conn001, Status::pass, Subject::uri(kUri), "One seed, but the node is standalone");
  add(report, conn004, Status::warn,
      Subject::uri("mongodb://app:***@db1.example.test:27017/crm?retryWrites=false"),
      "retryWrites=false: writes fail instead of being retried once after a failover",
      {{"retryWrites", false}})
      .subject.listed_at = ListedAt{"deploy/app uris.txt", 4};
  return gated_at_high(std::move(report));
}

Report acceptance_report() {
  constexpr const char* kUri = "mongodb://app:***@db1.example.test:27017/crm";
  Report report = with_fixed_header({kUri, "services"});
  const CheckSpec conn003 =
      spec("CONN-003", "TLS in the connection string", Layer::connection_string, Severity::high,
           {{Framework::checklist, "encrypt-communication", "Encrypt Communication (TLS/SSL)"}},
           "Add tls=true.");
  const CheckSpec conn004 =
      spec("CONN-004", "Retryable writes and reads", Layer::connection_string, Severity::high,
           {{Framework::devspec, "A2.1", "Core connection string parameters"}},
           "Remove retryWrites=false.");
  const CheckSpec app002 =
      spec("APP-002", "No hardcoded password values", Layer::credentials, Severity::high,
           {{Framework::devspec, "A3.7", "Application: credential storage"},
            {Framework::devspec, "A2.5",
             "No disabled authentication and no arbitrary public exposure in production"}},
           "Move the value to a secret store.");
  Finding& accepted = add(report, conn003, Status::fail, Subject::uri(kUri),
                          "No tls=true: credentials and data cross the network in clear");
  accepted.fingerprint = "0b1c2d3e4f5a6b7c";
  accepted.suppression = "accepted";
  accepted.acceptance =
      FindingAcceptance{"lab network only <until the VPN moves>", "2025-06-30", "team-db", false};
  Finding& expired = add(report, conn004, Status::fail, Subject::uri(kUri),
                         "acceptance expired on 2025-02-28: retryWrites=false: writes fail instead "
                         "of being retried once after a failover");
  expired.fingerprint = "1c2d3e4f5a6b7c8d";
  expired.acceptance = FindingAcceptance{"driver upgrade pending", "2025-02-28", "", true};
  Finding& allowed =
      add(report, app002, Status::fail, Subject::file("services/test/fixtures/app.yml", 4, 13),
          "Hardcoded password under the key password (value redacted)");
  allowed.fingerprint = "2d3e4f5a6b7c8d9e";
  allowed.suppression = "inline";
  allowed.acceptance = FindingAcceptance{"test fixture"};
  report.stale_acceptances = {
      {{"NET-001", "old-db?.example.test:27017", "decommissioned lab", "2025-12-31", "",
        "accept.yaml:12"},
       false},
      {{"APP-*", "legacy/*", "legacy code", "2024-12-31", "team-app", "accept.yaml:17"}, true}};
  return gated_at_high(std::move(report));
}

Report many_nodes_report(std::size_t members) {
  Report report = with_fixed_header({kReplicaSetUri});
  TargetSummary replica_set{kReplicaSetUri, "replica_set", {}, std::nullopt};
  for (std::size_t i = 1; i <= members; ++i) {
    const std::string role = i == 1 ? "primary" : (i == members ? "arbiter" : "secondary");
    replica_set.nodes.push_back(node("member" + std::to_string(i) + ".example.test:27017", role,
                                     "7.0.5", json::object(), json::object(), {}));
  }
  report.targets = {replica_set};
  report.statistics = {members, 32, 1};

  const CheckSpec authn001 =
      spec("AUTHN-001", "Authentication enforced", Layer::authentication, Severity::critical,
           {{Framework::cis, "2.1", "Ensure Authentication is configured"}},
           "Start mongod with security.authorization: enabled.");
  const CheckSpec tls001 =
      spec("TLS-001", "TLS required", Layer::transport, Severity::critical,
           {{Framework::cis, "4.3",
             "Ensure Encryption of Data in Transit TLS or SSL (Transport Encryption)"}},
           "Set net.tls.mode to requireTLS.");
  const CheckSpec ver001 =
      spec("VER-001", "Supported version", Layer::versions, Severity::high,
           {{Framework::cis, "1.1",
             "Ensure the appropriate MongoDB software version/patches are installed"}},
           "Upgrade to a supported release series.");
  const CheckSpec conn001 =
      spec("CONN-001", "High-availability address", Layer::connection_string, Severity::medium,
           {{Framework::devspec, "A2.1", "Core connection string parameters"}},
           "List several seeds or use a mongodb+srv:// address.");
  for (const TargetSummary& target : report.targets) {
    for (std::size_t i = 0; i < target.nodes.size(); ++i) {
      const Subject subject = Subject::node(target.nodes[i].address);
      add(report, authn001, i == 7 ? Status::fail : Status::pass, subject,
          i == 7 ? "The node answers without authentication" : "Unauthenticated commands refused",
          {{"member", i + 1}});
      // Arbiters hold no data and are not asked for TLS facts here: an empty cell.
      if (target.nodes[i].role != "arbiter") {
        add(report, tls001, i % 10 == 3 ? Status::warn : Status::pass, subject,
            i % 10 == 3 ? "TLS preferred, not required" : "TLS required", {{"member", i + 1}});
      }
      add(report, ver001, i == 20 ? Status::error : Status::skipped, subject,
          i == 20 ? "buildInfo: timed out" : "Needs authentication");
    }
  }
  add(report, conn001, Status::pass, Subject::uri(kReplicaSetUri), "Two seeds and replicaSet=rs0");
  return gated_at_high(std::move(report));
}

Report inventory_report() {
  Report report = with_fixed_header({kReplicaSetUri, kSrvUri});
  TargetSummary production{kReplicaSetUri, "replica_set", {}, std::nullopt, "production"};
  production.nodes.push_back(
      node("db1.example.test:27017", "primary", "7.0.5", json::object(), json::object(), {}));
  TargetSummary staging{kSrvUri, "unknown", {}, std::nullopt, "staging"};
  staging.nodes.push_back(node("cluster0.example.test:27017", "unknown", "", json::object(),
                               json::object(), {{ErrorCode::refused, "connect", "refused"}}));
  report.targets = {production, staging};
  report.statistics = {2, 32, 1};
  const CheckSpec authn001 =
      spec("AUTHN-001", "Authentication enforced", Layer::authentication, Severity::critical,
           {{Framework::cis, "2.1", "Ensure Authentication is configured"}},
           "Start mongod with security.authorization: enabled.");
  const CheckSpec conn001 =
      spec("CONN-001", "High-availability address", Layer::connection_string, Severity::medium,
           {{Framework::devspec, "A2.1", "Core connection string parameters"}},
           "List several seeds or use a mongodb+srv:// address.");
  add(report, authn001, Status::fail, Subject::node("db1.example.test:27017"),
      "The node answers without authentication");
  add(report, conn001, Status::pass, Subject::uri(kReplicaSetUri), "Two seeds and replicaSet=rs0");
  add(report, authn001, Status::error, Subject::node("cluster0.example.test:27017"),
      "connect: refused");
  add(report, conn001, Status::pass, Subject::uri(kSrvUri), "An SRV name");
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    report.findings[i].environment = i < 2 ? "production" : "staging";
  }
  report = gated_at_high(std::move(report));
  EnvironmentSummary failing{"production", {{"tier", "prod"}, {"owner", "payments"}}, "", true, {}};
  EnvironmentSummary incomplete{"staging", {{"tier", "staging"}}, "", false, {}};
  incomplete.coverage.nodes_not_scanned = 1;
  incomplete.coverage.checks_in_error = 1;
  EnvironmentSummary broken{
      "reporting",
      {},
      "inventory.yaml:30: password_env MONGOSCAN_REPORTING_PASSWORD is not set",
      false,
      {}};
  broken.coverage.environments_not_scanned = 1;
  report.environments = {failing, incomplete, broken};
  for (const EnvironmentSummary& environment : report.environments) {
    report.coverage += environment.coverage;
  }
  report.gate = GateRule{Severity::high, std::nullopt};
  return report;
}

Report history_report() {
  Report report = inventory_report();
  EnvironmentChanges production;
  production.previous_run = "2026-03-01T09:00:00Z";
  production.new_findings.push_back({std::string(32, '1'), "AUTHN-001", Severity::critical,
                                     "db1.example.test:27017",
                                     "The node answers without authentication", report.started_at});
  production.fixed.push_back({std::string(32, '2'), "CONN-002", Severity::medium, kReplicaSetUri,
                              "retryWrites=false turns off retryable writes",
                              "2026-02-01T09:00:00Z"});
  production.unverified.push_back({std::string(32, '3'), "TLS-001", Severity::high,
                                   "db2.example.test:27017", "TLS is not required",
                                   "2026-02-01T09:00:00Z", "absent"});
  production.unchanged.push_back({std::string(32, '4'), "NET-001", Severity::high,
                                  "db1.example.test:27017", "bindIp is 0.0.0.0",
                                  "2026-01-15T09:00:00Z"});
  production.trend = {{"2026-01-15T09:00:00Z", true, {0, 1, 0, 0, 0}},
                      {"2026-02-01T09:00:00Z", true, {0, 3, 2, 1, 0}},
                      {"2026-02-15T09:00:00Z", false, {}},
                      {"2026-03-01T09:00:00Z", true, {0, 2, 1, 0, 0}},
                      {report.started_at, true, {1, 1, 0, 0, 0}}};
  report.environments[0].changes = production;
  EnvironmentChanges staging;  // its first run: nothing failed, nothing is new
  staging.trend = {{report.started_at, true, {}}};
  report.environments[1].changes = staging;
  EnvironmentChanges reporting;
  reporting.previous_run = "2026-03-01T09:00:00Z";
  reporting.unverified.push_back({std::string(32, '5'), "AUTHZ-002", Severity::high,
                                  "reporting.example.test:27017", "The scanning account holds root",
                                  "2026-03-01T09:00:00Z", "absent"});
  reporting.trend = {{"2026-03-01T09:00:00Z", true, {0, 1, 0, 0, 0}},
                     {report.started_at, false, {}}};
  report.environments[2].changes = reporting;
  return report;
}

}  // namespace mongoscan::testing_support

namespace mongoscan::testing_support {
namespace {

CloudGroupRule group_rule(bool accept, std::string protocol, std::vector<PortRange> ports,
                          std::string source, std::string reference, std::string description) {
  return {accept,
          std::move(protocol),
          std::move(ports),
          std::move(source),
          std::move(reference),
          std::move(description)};
}

// A Tencent Cloud region as the lab's tencent-lab profile describes it: a sharded instance with a
// public address on a mongos and a public CLB in front whose group admits the internet; a replica
// set kept to its VPC whose accounts could not be read; a website CLB that passes traffic to its
// targets.
CloudAccountFacts tencent_account() {
  CloudAccountFacts account;
  account.provider = "tencentcloud";
  account.regions = {"ap-guangzhou"};
  const CloudSecurityGroup open{
      "sg-open0001",
      "orders-db",
      {group_rule(true, "tcp", {{27017, 27017}}, "0.0.0.0/0", "", "temporary")}};
  const CloudSecurityGroup vpc{
      "sg-vpc00001",
      "billing-db",
      {group_rule(true, "tcp", {{27017, 27017}}, "10.0.1.0/24", "", "app subnet"),
       group_rule(true, "tcp", {{27017, 27019}, {28017, 28017}}, "", "sg-app00001", "app servers"),
       group_rule(false, "all", {}, "0.0.0.0/0", "", "")}};
  ManagedInstance sharded;
  sharded.provider = "tencentcloud";
  sharded.region = "ap-guangzhou";
  sharded.id = "cmgo-shard001";
  sharded.name = "orders";
  sharded.topology = "sharded";
  sharded.version = "6.0";
  sharded.vip = "10.0.0.21";
  sharded.vport = 27017;
  sharded.vpc_id = "vpc-lab00001";
  sharded.nodes = std::vector<ManagedNode>{
      {"cmgo-shard001-mongos-0", "10.0.0.22:27017", "203.0.113.45:27017", "MONGOS", false},
      {"cmgo-shard001-mongos-1", "10.0.0.23:27017", "", "MONGOS", false}};
  sharded.security_groups = std::vector<CloudSecurityGroup>{open};
  sharded.ssl_enabled = false;
  sharded.audit_enabled = false;
  sharded.backup_retention_days = 7;
  sharded.accounts = std::vector<ManagedAccount>{{"mongouser", {{3, "*"}}}};
  ManagedInstance replica_set = sharded;
  replica_set.id = "cmgo-rs000001";
  replica_set.name = "billing";
  replica_set.topology = "replica_set";
  replica_set.version = "7.0";
  replica_set.vip = "10.0.0.31";
  replica_set.nodes = std::vector<ManagedNode>{
      {"cmgo-rs000001-node-primary", "10.0.0.32:27017", "", "PRIMARY", false}};
  replica_set.security_groups = std::vector<CloudSecurityGroup>{vpc};
  replica_set.ssl_enabled = true;
  replica_set.audit_enabled = true;
  replica_set.accounts = std::nullopt;
  account.instances = {sharded, replica_set};
  ManagedLoadBalancer orders{
      "ap-guangzhou",
      "lb-open0001",
      "orders-public",
      true,
      {"203.0.113.80"},
      {"sg-clb00001"},
      false,
      std::vector<LoadBalancerForward>{{"TCP", 27017, "10.0.0.22:27017"}},
      {{"sg-clb00001",
        "",
        {group_rule(true, "tcp", {{27017, 27017}}, "0.0.0.0/0", "", "everyone")}}}};
  ManagedLoadBalancer website{"ap-guangzhou",
                              "lb-web00001",
                              "website",
                              true,
                              {"203.0.113.81"},
                              {},
                              true,
                              std::vector<LoadBalancerForward>{{"HTTP", 80, "10.0.2.10:8080"}},
                              {}};
  account.load_balancers = {orders, website};
  account.failed_reads.push_back(
      {"mongodb:DescribeAccountUsers", "ap-guangzhou/cmgo-rs000001",
       Error{ErrorCode::unauthorized, "cloud",
             "mongodb:DescribeAccountUsers: UnauthorizedOperation: the key may not call it"}});
  return account;
}

// An Atlas organisation and project: an access list with an open entry, one replica set cluster.
CloudAccountFacts atlas_account() {
  CloudAccountFacts account;
  account.provider = "atlas";
  AtlasOrganization organization{"66a1b2c3d4e5f60718293a4b", "Example Payments",
                                 AtlasOrganizationSettings{false, true, "", 8}};
  AtlasProject project;
  project.id = "66a1b2c3d4e5f60718293a5c";
  project.name = "payments";
  project.org_id = organization.id;
  project.access_list =
      std::vector<AtlasAccessEntry>{{"0.0.0.0/0", "", "", "temporary", "2025-03-02T00:00:00Z"},
                                    {"", "203.0.113.10", "", "office", ""}};
  AtlasCluster cluster;
  cluster.id = "66a1b2c3d4e5f60718293a6d";
  cluster.name = "payments-prod";
  cluster.cluster_type = "REPLICASET";
  cluster.version = "7.0.14";
  cluster.state = "IDLE";
  cluster.encryption_at_rest_provider = "NONE";
  cluster.backup_enabled = true;
  cluster.minimum_tls = "TLS1_2";
  cluster.standard_srv = "mongodb+srv://payments-prod.x0001.mongodb.net";
  cluster.standard = "mongodb://payments-prod-shard-00-00.x0001.mongodb.net:27017/?ssl=true";
  project.clusters = std::vector<AtlasCluster>{cluster};
  project.auditing = AtlasAuditing{false, false, ""};
  account.organizations = {organization};
  account.projects = {project};
  return account;
}

}  // namespace

Report cloud_report() {
  const std::string vip_uri = "mongodb://10.0.0.21:27017/?tls=true";
  const std::string srv_uri = "mongodb+srv://payments-prod.x0001.mongodb.net/";
  Report report = with_fixed_header({vip_uri, srv_uri});
  TargetSummary cluster{vip_uri, "sharded", {}, std::nullopt};
  cluster.nodes = {
      node("10.0.0.21:27017", "mongos", "6.0.13", {{"enabled", false}}, json::object(), {})};
  ClusterSummary tree;
  tree.mongos = {{"10.0.0.21:27017", "10.0.0.22:27017", true}};
  cluster.cluster = tree;
  TargetSummary atlas{srv_uri, "replica_set", {}, std::nullopt};
  atlas.nodes = {node("payments-prod-shard-00-00.x0001.mongodb.net:27017", "primary", "7.0.14",
                      {{"enabled", true}}, json::object(), {})};
  TargetSummary elsewhere{"mongodb://db9.example.test:27017/", "standalone", {}, std::nullopt};
  elsewhere.nodes = {node("db9.example.test:27017", "standalone", "7.0.5", {{"enabled", true}},
                          json::object(), {})};
  report.targets = {cluster, atlas, elsewhere};
  report.statistics = {3, 32, 0};
  for (const CloudAccountFacts& facts : {tencent_account(), atlas_account()}) {
    CloudAccountSummary summary = summarize_cloud_account(facts, "");
    join_probed_nodes(summary, report.targets);
    report.clouds.push_back(std::move(summary));
  }
  const CheckSpec cloud001 =
      spec("CLOUD-001", "No public address is bound to a managed instance", Layer::network,
           Severity::high, {{Framework::devspec, "A3.1", "Security"}},
           "Unbind the public address; reach the instance through an allowlisted CLB.");
  const CheckSpec atlas001 =
      spec("ATLAS-001", "An Atlas project's IP access list admits only named sources",
           Layer::network, Severity::high, {{Framework::devspec, "A3.1", "Security"}},
           "Remove 0.0.0.0/0 from the project's IP access list.");
  add(report, cloud001, Status::fail, Subject::cloud("tencentcloud:ap-guangzhou/cmgo-shard001"),
      "a public address is bound to the instance: 203.0.113.45:27017");
  add(report, cloud001, Status::pass, Subject::cloud("tencentcloud:ap-guangzhou/cmgo-rs000001"),
      "no public address is bound to the instance");
  add(report, atlas001, Status::fail, Subject::cloud("atlas:66a1b2c3d4e5f60718293a5c"),
      "the IP access list admits any address: 0.0.0.0/0");
  return gated_at_high(std::move(report));
}

}  // namespace mongoscan::testing_support
