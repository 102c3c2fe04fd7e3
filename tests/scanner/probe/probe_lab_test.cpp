// mongoscan against the lab (tests/lab): the facts a scan reports match each profile, only
// allowlisted commands are sent, and no password reaches any output.

#include <gtest/gtest.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "scanner/cli/cli.h"
#include "tests/support/dns_lab.h"
#include "tests/support/lab_probe.h"
#include "tests/support/lab_scan.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/profile_variant.h"

namespace mongoscan {
namespace probe_lab_test {
namespace {

using nlohmann::json;
using testing_support::commands_sent;
using testing_support::expect_no_secret;
using testing_support::finding;
using testing_support::LabDeployment;
using testing_support::LabOptions;
using testing_support::logged_at_ms;
using testing_support::only_node;
using testing_support::ProfileVariant;
using testing_support::run_scan;
using testing_support::scan;
using testing_support::start_lab;
namespace fs = std::filesystem;

std::string port_uri(const LabDeployment& lab, const std::string& user_info,
                     const std::string& query) {
  return "mongodb://" + user_info + lab.nodes()[0] + "/" + query;
}

// The weak-offer handshake of a node's report for one offer ("TLSv1", "NULL", ...); {} if none.
json weak_handshake(const json& node, const std::string& offer) {
  for (const json& handshake : node["tls"].value("weak_handshakes", json::array())) {
    if (handshake["offer"] == offer) return handshake;
  }
  return json::object();
}

TEST(ProbeLab, HardenedProfileFactsMatch) {
  auto lab = start_lab("hardened");
  const std::string ca = lab->cert_dir() + "/ca.pem";
  auto result = scan(*lab, port_uri(*lab, "app:App%21Lab-Passw0rd%232024@",
                                    "db_app?tls=true&authSource=admin&tlsCAFile=" + ca));
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["version"], "8.0.37");
  EXPECT_EQ(node["role"], "standalone");
  EXPECT_EQ(node["tls"]["enabled"], true);
  EXPECT_EQ(node["tls"]["verified"], true);
  EXPECT_EQ(node["tls"]["plaintext_accepted"], false);
  EXPECT_TRUE(node["tls"]["protocol"] == "TLSv1.3" || node["tls"]["protocol"] == "TLSv1.2");
  EXPECT_EQ(node["tls"]["chain"][0]["key_type"], "RSA");
  EXPECT_EQ(node["tls"]["chain"][0]["key_bits"], 2048);
  EXPECT_EQ(node["tls"]["chain_verified"], true);
  EXPECT_EQ(node["tls"]["name_matches"], true);
  EXPECT_EQ(weak_handshake(node, "TLSv1")["outcome"], "refused") << node["tls"];
  EXPECT_EQ(weak_handshake(node, "TLSv1.1")["outcome"], "refused") << node["tls"];
  EXPECT_EQ(weak_handshake(node, "NULL")["outcome"], "refused") << node["tls"];
  EXPECT_EQ(node["authentication"]["succeeded"], true);
  EXPECT_EQ(node["authentication"]["mechanism"], "SCRAM-SHA-256");
  EXPECT_EQ(node["authentication"]["roles"], json::array({"appCrud@db_app"}));
  EXPECT_EQ(node["errors"], json::array());
  // Commands the account may not run are recorded and the rest go on.
  EXPECT_EQ(node["commands"]["unauthenticated"]["listDatabases"]["state"], "not_permitted");
  EXPECT_EQ(node["commands"]["authenticated"]["buildInfo"]["state"], "ok");
  EXPECT_EQ(node["commands"]["authenticated"]["usersInfo"]["state"], "not_permitted");
  EXPECT_EQ(node["commands"]["authenticated"]["getLog"]["state"], "not_permitted");
  EXPECT_EQ(finding(result, "AUTHN-001")["status"], "pass");
  EXPECT_EQ(result.report["targets"][0]["topology"], "standalone");
  const auto sent = commands_sent(*lab);
  for (const char* diagnostic : {"buildInfo", "getCmdLineOpts", "getParameter", "connectionStatus",
                                 "usersInfo", "rolesInfo", "serverStatus", "getLog"}) {
    EXPECT_NE(std::find(sent.begin(), sent.end(), diagnostic), sent.end()) << diagnostic;
  }
}

TEST(ProbeLab, OpenProfileIsReportedOpen) {
  auto lab = start_lab("open");
  auto result = scan(*lab, port_uri(*lab, "", ""));
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["tls"]["enabled"], false);
  EXPECT_FALSE(node["tls"].contains("weak_handshakes"));
  EXPECT_EQ(node["version"], "7.0.9");
  EXPECT_EQ(finding(result, "AUTHN-001")["status"], "fail");
  EXPECT_EQ(finding(result, "AUTHN-001")["severity"], "critical");
}

// The first hello offers every compressor, so hello's compression names those the server enabled
// (here snappy and zlib, configured), in the order offered; the session stays uncompressed.
TEST(ProbeLab, HelloNamesTheEnabledCompressors) {
  auto lab = start_lab("ver-cve-zlib");
  const NodeFacts facts = testing_support::probe_lab_node(*lab);
  ASSERT_TRUE(facts.hello.has_value()) << (facts.errors.empty() ? "" : facts.errors[0].message);
  EXPECT_EQ(facts.hello->get_array("compression"), (bson::Array{"zlib", "snappy"}));
  EXPECT_EQ(facts.commands.at("buildInfo").state, CommandOutcome::State::ok);
  EXPECT_EQ(facts.errors.size(), 0u);

  auto mixed = start_lab("ver-mixed");
  EXPECT_EQ(testing_support::probe_lab_node(*mixed, 2).hello->get_array("compression"),
            (bson::Array{"zstd", "snappy"}));
}

TEST(ProbeLab, ScramSha1OnlyUserNegotiatesSha1) {
  auto lab = start_lab("scram-sha1-only");
  auto result = scan(*lab, port_uri(*lab, "reporting:reporting@", "reports"));
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["version"], "4.4.29");
  EXPECT_EQ(node["authentication"]["mechanism"], "SCRAM-SHA-1");
  EXPECT_EQ(node["authentication"]["succeeded"], true);
  EXPECT_EQ(node["authentication"]["scram_iteration_count"], 4096);
  EXPECT_EQ(node["authentication"]["roles"], json::array({"read@reports"}));
}

TEST(ProbeLab, X509ClientCertificateAuthenticates) {
  auto lab = start_lab("x509");
  const std::string certs = lab->cert_dir();
  auto result = scan(*lab, port_uri(*lab, "",
                                    "?tls=true&authMechanism=MONGODB-X509&tlsCAFile=" + certs +
                                        "/ca.pem&tlsCertificateKeyFile=" + certs + "/client.pem"));
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["authentication"]["mechanism"], "MONGODB-X509");
  EXPECT_EQ(node["authentication"]["succeeded"], true) << node.dump();
  const json& roles = node["authentication"]["roles"];
  EXPECT_NE(std::find(roles.begin(), roles.end(), "clusterMonitor@admin"), roles.end()) << roles;
}

// Credentials kept back (or refused) leave the node scanned in part: every test below ends
// incomplete (exit 4), as a gate must.
TEST(ProbeLab, UnverifiedCertificateKeepsCredentialsBack) {
  auto lab = start_lab("hardened");
  auto result = scan(
      *lab, port_uri(*lab, "app:App%21Lab-Passw0rd%232024@", "db_app?tls=true&authSource=admin"));
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["tls"]["verified"], false);
  EXPECT_FALSE(node["tls"]["verify_error"].get<std::string>().empty());
  const auto sent = commands_sent(*lab);
  EXPECT_EQ(std::count(sent.begin(), sent.end(), "saslStart"), 0);
  const std::string errors = node["errors"].dump();
  EXPECT_NE(errors.find("credentials not sent"), std::string::npos) << errors;

  auto insecure = scan(
      *lab, port_uri(*lab, "app:App%21Lab-Passw0rd%232024@", "db_app?tls=true&authSource=admin"),
      {"--tls-insecure"});
  EXPECT_EQ(only_node(insecure)["authentication"]["succeeded"], true);
  EXPECT_EQ(only_node(insecure)["tls"]["insecure"], true);
}

TEST(ProbeLab, WrongPasswordIsAnAuthenticationErrorWithoutTheSecret) {
  auto lab = start_lab("hardened");
  const std::string ca = lab->cert_dir() + "/ca.pem";
  auto result = scan(*lab, port_uri(*lab, "app:Wr0ng%21Guess%23991@",
                                    "db_app?tls=true&authSource=admin&tlsCAFile=" + ca));
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["authentication"]["succeeded"], false);
  EXPECT_NE(node["errors"].dump().find("AuthenticationFailed"), std::string::npos)
      << node["errors"];
  expect_no_secret(result, {"Wr0ng!Guess#991", "Wr0ng%21Guess%23991"});
}

TEST(ProbeLab, UsernameWithPasswordFromTheEnvironment) {
  auto lab = start_lab("hardened");
  const std::string ca = lab->cert_dir() + "/ca.pem";
  auto result = scan(*lab, port_uri(*lab, "", "?tls=true&tlsCAFile=" + ca),
                     {"--username", "scanner", "--auth-source", "admin"},
                     {"MONGOSCAN_PASSWORD=Scan!Lab-Passw0rd#2024"});
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  EXPECT_EQ(only_node(result)["authentication"]["user"], "scanner");
  EXPECT_EQ(only_node(result)["authentication"]["succeeded"], true);
}

TEST(ProbeLab, PasswordFromAFile) {
  auto lab = start_lab("hardened");
  const fs::path password_file =
      fs::temp_directory_path() / ("mongoscan-pw-" + std::to_string(::getpid()));
  std::ofstream(password_file) << "Scan!Lab-Passw0rd#2024\n";
  auto result = scan(*lab, port_uri(*lab, "", "?tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem"),
                     {"--username", "scanner", "--password-file", password_file.string()});
  fs::remove(password_file);
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  EXPECT_EQ(only_node(result)["authentication"]["succeeded"], true);
  EXPECT_EQ(only_node(result)["commands"]["authenticated"]["getCmdLineOpts"]["state"], "ok");
}

TEST(ProbeLab, PasswordPromptOnATerminalDoesNotEcho) {
  auto lab = start_lab("hardened");
  const fs::path report =
      fs::temp_directory_path() / ("mongoscan-prompt-" + std::to_string(::getpid()) + ".json");
  const std::string command = testing_support::mongoscan_binary() + " scan --format json -o " +
                              report.string() + " --username scanner 'mongodb://" +
                              lab->nodes()[0] + "/?tls=true&tlsCAFile=" + lab->cert_dir() +
                              "/ca.pem'";
  // script(1) gives mongoscan a terminal; the password is typed once the prompt is up (2 s later:
  // typed earlier, the terminal would echo it before mongoscan could turn echo off).
  auto terminal = testing_support::run_process(
      {"/bin/sh", "-c", "(sleep 2; printf '%s\\n' \"$TYPED\") | script -qec \"$0\" /dev/null",
       command},
      "", testing_support::kHangGuard, {"MONGOSCAN_PASSWORD", "TYPED=Scan!Lab-Passw0rd#2024"});
  std::ifstream file(report);
  const json written = json::parse(file, nullptr, /*allow_exceptions=*/false);
  fs::remove(report);
  EXPECT_NE(terminal.out.find("Password for scanner: "), std::string::npos);
  EXPECT_EQ(terminal.out.find("Scan!Lab-Passw0rd#2024"), std::string::npos)
      << "the password was echoed";
  ASSERT_TRUE(written.is_object()) << terminal.err;
  EXPECT_EQ(written["targets"][0]["nodes"][0]["authentication"]["succeeded"], true);
}

TEST(ProbeLab, PlainIsRefusedWithoutTls) {
  auto lab = start_lab("plain-no-tls");
  const std::string uri = port_uri(*lab, "ldap.reader:Ldap%21Reader-2024@",
                                   "?authMechanism=PLAIN&authSource=%24external");
  auto refused = scan(*lab, uri);
  ASSERT_EQ(refused.process.exit_code, kExitIncomplete) << refused.process.err;
  EXPECT_NE(only_node(refused)["errors"].dump().find("clear text"), std::string::npos);
  auto sent = commands_sent(*lab);
  EXPECT_EQ(std::count(sent.begin(), sent.end(), "saslStart"), 0);

  auto allowed = scan(*lab, uri, {"--allow-plain-without-tls"});
  EXPECT_EQ(only_node(allowed)["authentication"]["succeeded"], true) << only_node(allowed).dump();
}

TEST(ProbeLab, SrvNameIsResolvedThroughDnsAndEveryTargetProbed) {
  auto lab = start_lab("open");
  const std::string port = lab->nodes()[0].substr(lab->nodes()[0].find(':') + 1);
  testing_support::DnsLab dns({"--srv-host=_mongodb._tcp.open.lab.test,node1.lab.test," + port,
                               "--address=/node1.lab.test/127.0.0.1"});
  auto result =
      scan(*lab, "mongodb+srv://open.lab.test/?tls=false", {"--dns-server", dns.server()});
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["address"], "node1.lab.test:" + port);
  EXPECT_EQ(node["version"], "7.0.9");
  EXPECT_EQ(node["errors"], json::array());

  auto missing = scan(*lab, "mongodb+srv://absent.lab.test/", {"--dns-server", dns.server()});
  ASSERT_EQ(missing.process.exit_code, kExitIncomplete) << missing.process.err;
  EXPECT_NE(only_node(missing)["errors"].dump().find("NXDOMAIN"), std::string::npos)
      << only_node(missing)["errors"];
}

TEST(ProbeLab, EveryMemberHelloNamesIsProbed) {
  auto lab = start_lab("replica-set");
  // Seeded with the primary only; hello names the secondaries, the passive and the arbiter, and
  // the primary's replSetGetStatus (the scanning account logs in there) the hidden member.
  auto result = scan(*lab, "mongodb://admin:Rs0%21Admin-Passw0rd@" + lab->nodes()[0] +
                               "/?replicaSet=rs0&authSource=admin");
  // The member that drops connections is not scanned: the scan is incomplete.
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  const json& target = result.report["targets"][0];
  EXPECT_EQ(target["topology"], "replica_set");
  std::map<std::string, json> nodes;
  for (const json& node : target["nodes"]) nodes[node["address"]] = node;
  ASSERT_EQ(nodes.size(), 6u);
  EXPECT_EQ(target["nodes"][0]["address"], lab->nodes()[0]) << "the seed comes first";
  EXPECT_EQ(nodes[lab->nodes()[0]]["role"], "primary");
  EXPECT_EQ(nodes[lab->nodes()[0]]["origin"], "seed");
  EXPECT_EQ(nodes[lab->nodes()[1]]["role"], "secondary");
  EXPECT_EQ(nodes[lab->nodes()[2]]["role"], "passive");
  EXPECT_EQ(nodes[lab->nodes()[4]]["role"], "arbiter");
  for (int member : {1, 2, 4, 5}) {
    EXPECT_EQ(nodes[lab->nodes()[member]]["origin"], "hello") << member;
    EXPECT_EQ(nodes[lab->nodes()[member]]["named_by"], lab->nodes()[0]) << member;
  }
  EXPECT_EQ(nodes[lab->nodes()[3]]["role"], "hidden");
  EXPECT_EQ(nodes[lab->nodes()[3]]["origin"], "replSetGetStatus")
      << "hello never names a hidden member";
  EXPECT_EQ(nodes[lab->nodes()[5]]["role"], "unknown")
      << "the member that drops connections is reported";
}

TEST(ProbeLab, UnreachableNodeIsReportedNotDropped) {
  // A port nothing listens on: the lab is not needed, loopback refuses at once.
  auto result = run_scan("mongodb://127.0.0.1:1/");
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["address"], "127.0.0.1:1");
  EXPECT_EQ(node["role"], "unknown");
  EXPECT_NE(node["errors"].dump().find("connect"), std::string::npos) << node["errors"];
  EXPECT_EQ(finding(result, "AUTHN-001")["status"], "error");
  EXPECT_EQ(finding(result, "NET-003")["status"], "error") << "no verdict without the node";
}

// A gate must not pass a deployment it never saw: an unreachable node makes the scan incomplete
// (exit 4, said in the report) unless --allow-incomplete accepts it.
TEST(ProbeLab, AScanThatCouldNotLookDoesNotPass) {
  auto refused = run_scan("mongodb://127.0.0.1:1/");
  EXPECT_EQ(refused.process.exit_code, kExitIncomplete) << refused.process.err;
  EXPECT_NE(refused.process.err.find("incomplete: 1 node not scanned"), std::string::npos)
      << refused.process.err;
  const json& coverage = refused.report["coverage"];
  EXPECT_EQ(coverage["complete"], false);
  EXPECT_EQ(coverage["nodes_not_scanned"], 1);
  EXPECT_GT(coverage["checks_in_error"].get<int>(), 0);
  EXPECT_EQ(coverage["statement"].get<std::string>().rfind("incomplete: 1 node not scanned", 0),
            0u);

  auto allowed = run_scan("mongodb://127.0.0.1:1/", {"--allow-incomplete"});
  EXPECT_EQ(allowed.process.exit_code, kExitOk) << allowed.process.err;
  EXPECT_EQ(allowed.report["coverage"]["complete"], false) << "still said in the report";
}

TEST(ProbeLab, WeakServerKeyIsReportedAsAFact) {
  auto lab = start_lab("weak-tls");
  auto result =
      scan(*lab, port_uri(*lab, "", "?tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem"));
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& certificate = only_node(result)["tls"]["chain"][0];
  EXPECT_EQ(certificate["key_type"], "RSA");
  EXPECT_EQ(certificate["key_bits"], 1024);
  EXPECT_EQ(only_node(result)["version"], "6.0.15");
}

// Whether the OpenSSL linked here has any TLS 1.2-or-older suite of a cipher class.
bool this_openssl_offers(const std::string& cipher_class) {
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  const bool offers = SSL_CTX_set_cipher_list(ctx, (cipher_class + ":@SECLEVEL=0").c_str()) == 1;
  ERR_clear_error();
  SSL_CTX_free(ctx);
  return offers;
}

TEST(ProbeLab, ForcedTls10And11AreAcceptedByTheOldProtocolsProfile) {
  auto lab = start_lab("tls-old-protocols");
  auto result =
      scan(*lab, port_uri(*lab, "", "?tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem"));
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(weak_handshake(node, "TLSv1")["outcome"], "accepted") << node["tls"];
  EXPECT_EQ(weak_handshake(node, "TLSv1")["protocol"], "TLSv1");
  EXPECT_EQ(weak_handshake(node, "TLSv1.1")["outcome"], "accepted") << node["tls"];
  EXPECT_EQ(weak_handshake(node, "TLSv1.1")["protocol"], "TLSv1.1");
  EXPECT_EQ(weak_handshake(node, "NULL")["outcome"], "refused") << node["tls"];
  // The scan's own session never goes below TLS 1.2.
  EXPECT_TRUE(node["tls"]["protocol"] == "TLSv1.3" || node["tls"]["protocol"] == "TLSv1.2");
}

TEST(ProbeLab, WeakCipherClassesAreSeenAndUntestableOnesSaidSo) {
  auto lab = start_lab("tls-weak-cipher");
  auto result =
      scan(*lab, port_uri(*lab, "", "?tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem"));
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& node = only_node(result);
  const json null_cipher = weak_handshake(node, "NULL");
  EXPECT_EQ(null_cipher["outcome"], "accepted") << node["tls"];
  EXPECT_NE(null_cipher.value("cipher", "").find("NULL"), std::string::npos) << null_cipher;
  EXPECT_EQ(weak_handshake(node, "aNULL")["outcome"], "accepted") << node["tls"];
  EXPECT_EQ(weak_handshake(node, "TLSv1")["outcome"], "refused") << node["tls"];
  // Debian's OpenSSL 3 has no EXPORT, RC4 or 3DES suites: a class this OpenSSL cannot offer is
  // not testable, never "refused"; one it can offer is refused (the lab's list has none).
  for (const char* offer : {"EXPORT", "RC4", "3DES"}) {
    const json handshake = weak_handshake(node, offer);
    EXPECT_EQ(handshake["outcome"], this_openssl_offers(offer) ? "refused" : "not_testable")
        << handshake;
    if (handshake["outcome"] == "not_testable") {
      EXPECT_NE(handshake.value("detail", "").find("not testable with this OpenSSL"),
                std::string::npos)
          << handshake;
    }
  }
}

// A TLS node's plaintext hello and weak offers take connections and round trips of their own
// (connection_offers.h): the session does not wait for them. Every reply is delayed; a probe that
// ran them first would send the session's next command a whole delay after the plaintext hello.
TEST(ProbeLab, ATlsNodesOffersRunBesideItsSession) {
  constexpr std::int64_t kDelayMs = 400;
  LabOptions options;
  options.latency_ms = static_cast<int>(kDelayMs);
  auto lab = start_lab("tls-allow", options);
  auto result =
      scan(*lab, port_uri(*lab, "", "?tls=true&tlsCAFile=" + lab->cert_dir() + "/ca.pem"));
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const json& node = only_node(result);
  EXPECT_EQ(node["tls"]["plaintext_accepted"], true) << node["tls"];
  EXPECT_EQ(weak_handshake(node, "TLSv1")["outcome"], "refused") << node["tls"];
  const std::vector<json> log = lab->command_log();
  const auto session_command = std::find_if(log.begin(), log.end(), [](const json& entry) {
    return entry["command"] == "listDatabases";
  });
  ASSERT_NE(session_command, log.end());
  const auto plaintext_hello = std::find_if(log.begin(), log.end(), [&](const json& entry) {
    return entry["command"] == "hello" && entry["connection"] != (*session_command)["connection"];
  });
  ASSERT_NE(plaintext_hello, log.end()) << "no plaintext hello on a connection of its own";
  EXPECT_LT(logged_at_ms(*session_command), logged_at_ms(*plaintext_hello) + kDelayMs / 2)
      << "the session's listDatabases waited for the plaintext hello's reply";
}

// --scan-timeout bounds the whole scan whatever the per-step timeouts allow: what was gathered is
// reported and the scan is incomplete, saying why.
TEST(ProbeLab, TheScanTimeoutEndsAScanOfASilentNode) {
  ProfileVariant silent("open",
                        [](json& profile) { profile["nodes"][0]["faults"] = {"no_reply"}; });
  auto lab = start_lab(silent.path());
  // Command and node timeouts longer than the test lets the scan run (run_scan's limit): only the
  // scan timeout can end this scan in time.
  auto result = scan(*lab, port_uri(*lab, "", ""),
                     {"--command-timeout", "600", "--node-timeout", "600", "--scan-timeout", "2"});
  ASSERT_FALSE(result.process.timed_out) << "the command timeout was not cut by the scan timeout";
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  EXPECT_EQ(result.report["coverage"]["timed_out"], true);
  EXPECT_NE(result.report["coverage"]["statement"].get<std::string>().find("scan timeout"),
            std::string::npos);
  EXPECT_NE(only_node(result)["errors"].dump().find("deadline"), std::string::npos)
      << only_node(result)["errors"];
}

TEST(ProbeLab, SilentNodeCostsOneCommandTimeout) {
  ProfileVariant silent("open",
                        [](json& profile) { profile["nodes"][0]["faults"] = {"no_reply"}; });
  auto lab = start_lab(silent.path());
  // A node budget longer than the test lets the scan run (run_scan's limit): the command timeout
  // must end the probe.
  auto result =
      scan(*lab, port_uri(*lab, "", ""), {"--command-timeout", "1", "--node-timeout", "600"});
  ASSERT_FALSE(result.process.timed_out) << "the probe waited for the node budget";
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  // One command, unanswered: no fallback is tried on a silent node.
  EXPECT_EQ(commands_sent(*lab), std::vector<std::string>{"hello"});
  const std::string errors = only_node(result)["errors"].dump();
  EXPECT_NE(errors.find("deadline"), std::string::npos) << errors;
}

TEST(ProbeLab, ServerBefore36IsProbedThroughTheOpQueryHandshake) {
  ProfileVariant legacy("open",
                        [](json& profile) { profile["nodes"][0]["version"] = "3.4.24"; });
  auto lab = start_lab(legacy.path());
  auto result = scan(*lab, port_uri(*lab, "", ""));
  // Checks that need 3.6's commands cannot judge: the scan is incomplete.
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  EXPECT_EQ(only_node(result)["role"], "standalone");
  EXPECT_NE(only_node(result)["errors"].dump().find("older than 3.6"), std::string::npos);
  bool legacy_handshake = false;
  for (const json& entry : lab->command_log()) {
    legacy_handshake =
        legacy_handshake || (entry["command"] == "isMaster" && entry["opcode"] == 2004);
  }
  EXPECT_TRUE(legacy_handshake);
}

class CertificateProblem : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(CertificateProblem, IsTheVerifyError) {
  const auto& [certificate, reason] = GetParam();
  ProfileVariant variant("hardened",
                         [&](json& profile) { profile["tls"]["certificate"] = certificate; });
  auto lab = start_lab(variant.path());
  auto result = scan(
      *lab, port_uri(*lab, "app:App%21Lab-Passw0rd%232024@",
                     "db_app?tls=true&authSource=admin&tlsCAFile=" + lab->cert_dir() + "/ca.pem"));
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  const json& tls = only_node(result)["tls"];
  EXPECT_EQ(tls["verified"], false);
  EXPECT_NE(tls["verify_error"].get<std::string>().find(reason), std::string::npos)
      << tls["verify_error"];
  const auto sent = commands_sent(*lab);
  EXPECT_EQ(std::count(sent.begin(), sent.end(), "saslStart"), 0);
}

INSTANTIATE_TEST_SUITE_P(Lab, CertificateProblem,
                         ::testing::Values(std::pair{"expired", "expired"},
                                           std::pair{"self-signed", "self-signed"},
                                           std::pair{"wrong-name", "mismatch"}),
                         [](const auto& info) {
                           std::string name = info.param.first;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(ProbeLab, UnsupportedMechanismIsAClearErrorNotACrash) {
  auto lab = start_lab("open");
  auto result = scan(*lab, port_uri(*lab, "user%40EXAMPLE.COM@", "?authMechanism=GSSAPI"));
  ASSERT_EQ(result.process.exit_code, kExitIncomplete) << result.process.err;
  const std::string errors = only_node(result)["errors"].dump();
  EXPECT_NE(errors.find("GSSAPI authentication is not supported"), std::string::npos) << errors;
  const auto sent = commands_sent(*lab);
  EXPECT_EQ(std::count(sent.begin(), sent.end(), "saslStart"), 0);
}

}  // namespace
}  // namespace probe_lab_test
}  // namespace mongoscan
