// --data-model against the lab's datamodel profile (a replica set whose databases break and keep
// each MODEL rule): the statuses match the golden file, sampling stays on the secondary with
// secondaryPreferred and maxTimeMS, and no sampled value reaches any report format.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "tests/support/golden.h"
#include "tests/support/lab_scan.h"
#include "tests/support/mongoscan_binary.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace data_model_lab_test {
namespace {

using nlohmann::json;

const std::vector<std::string> kScanner = {"--username", "scanner", "--data-model"};
const std::vector<std::string> kPassword = {"MONGOSCAN_PASSWORD=Scan!Lab-Passw0rd#2024"};

std::string replica_set_uri(const testing_support::LabDeployment& lab) {
  std::string hosts;
  for (const std::string& node : lab.nodes()) hosts += (hosts.empty() ? "" : ",") + node;
  return "mongodb://" + hosts + "/?replicaSet=rs0&authSource=admin";
}

// "CHECK-ID  subject  status" for every MODEL finding; the node subject is "node" (its port
// changes from run to run).
std::string model_statuses(const json& report) {
  std::string text;
  for (const json& finding : report["findings"]) {
    const std::string id = finding["check_id"];
    if (!id.starts_with("MODEL-")) continue;
    const json& subject = finding["subject"];
    const std::string name =
        subject.contains("namespace") ? subject["namespace"].get<std::string>() : "node";
    text += id + "  " + name + "  " + finding["status"].get<std::string>() + "\n";
  }
  return text;
}

class DataModelLab : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lab_ = testing_support::start_lab("datamodel").release(); }
  static void TearDownTestSuite() {
    delete lab_;
    lab_ = nullptr;
  }
  static testing_support::LabDeployment* lab_;
};
testing_support::LabDeployment* DataModelLab::lab_ = nullptr;

TEST_F(DataModelLab, StatusesMatchTheGolden) {
  const auto result = testing_support::scan(*lab_, replica_set_uri(*lab_), kScanner, kPassword);
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  EXPECT_TRUE(testing_support::matches_golden("tests/scanner/golden/profiles/datamodel.txt",
                                              model_statuses(result.report)));
}

TEST_F(DataModelLab, SamplesOnlyTheSecondaryWithSecondaryPreferred) {
  const std::size_t before = lab_->command_log().size();
  const auto result = testing_support::scan(*lab_, replica_set_uri(*lab_), kScanner, kPassword);
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  std::string secondary;
  for (const json& node : result.report["targets"][0]["nodes"])
    if (node["role"] == "secondary") secondary = node["address"];
  ASSERT_FALSE(secondary.empty());
  const auto log = lab_->command_log();
  int aggregates = 0;
  for (std::size_t i = before; i < log.size(); ++i) {
    if (log[i]["command"] != "aggregate") continue;
    ++aggregates;
    EXPECT_EQ(log[i]["node"], secondary) << "sampled a node that is not the secondary";
  }
  // $collStats for every collection outside admin, config and local, $sample for those with
  // documents: thousands of collections, each read on the secondary.
  EXPECT_GT(aggregates, 5000);
}

// shapes.heavy_documents holds 15 documents of ~1.5 MB: the $sample reply stops at 16 MiB (11 of
// them) and leaves the cursor open, which MODEL-003 reports; samples that fit say nothing of it.
TEST_F(DataModelLab, ASampleCutByThe16MiBReplyLimitIsReported) {
  const auto result = testing_support::scan(*lab_, replica_set_uri(*lab_), kScanner, kPassword);
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  json heavy;
  for (const json& finding : testing_support::findings(result, "MODEL-003")) {
    const std::string ns = finding["subject"].value("namespace", "");
    if (ns == "shapes.heavy_documents") {
      heavy = finding;
    } else {
      EXPECT_FALSE(finding["evidence"].contains("sample_cut")) << ns;
    }
  }
  ASSERT_TRUE(heavy.is_object()) << "no MODEL-003 finding on shapes.heavy_documents";
  EXPECT_EQ(heavy["status"], "warn");
  EXPECT_EQ(heavy["evidence"]["sampled_documents"], 11);
  EXPECT_NE(heavy["evidence"]
                .value("sample_cut", "")
                .find("the sample was cut at 11 of 15 documents by the 16 MiB reply limit"),
            std::string::npos)
      << heavy["evidence"];
}

// The development specification's preset turns the db_ and t_ prefixes and _YYYYMM families on:
// db_billing.t_log_2024_05 (a date suffix with an underscore inside) breaks the family rule.
TEST_F(DataModelLab, DevSpecPresetAsksForPrefixes) {
  auto arguments = kScanner;
  arguments.insert(arguments.end(), {"--policy", "dev-spec"});
  const auto result = testing_support::scan(*lab_, replica_set_uri(*lab_), arguments, kPassword);
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  std::map<std::string, json> by_namespace;
  for (const json& finding : testing_support::findings(result, "MODEL-001")) {
    if (finding["subject"].contains("namespace"))
      by_namespace[finding["subject"]["namespace"]] = finding;
  }
  // A finding's field, or "none" when the namespace has no MODEL-001 finding.
  auto field = [&](const std::string& ns, const char* key) {
    const auto it = by_namespace.find(ns);
    return it == by_namespace.end() ? std::string("none") : it->second[key].get<std::string>();
  };
  auto status = [&](const std::string& ns) { return field(ns, "status"); };
  EXPECT_EQ(status("db_billing"), "pass");
  EXPECT_EQ(by_namespace["db_billing"]["evidence"]["collections"],
            json({"t_invoice", "t_log_202403", "t_log_202404"}))
      << "_YYYYMM families keep the rule";
  const std::string family = "db_billing.t_log_2024_05";
  EXPECT_EQ(status(family), "fail");
  const std::string message = field(family, "message");
  EXPECT_NE(message.find("date suffix 2024_05 is not _YYYYMM or _YYYYMMDD"), std::string::npos)
      << message;
  EXPECT_EQ(status("shop"), "fail");
  EXPECT_EQ(status("shop.orders"), "fail");
  EXPECT_EQ(status("admin"), "fail") << "business data in admin, with or without the preset";
}

TEST_F(DataModelLab, WithoutDataModelNothingIsSampled) {
  const std::size_t before = lab_->command_log().size();
  const auto result =
      testing_support::scan(*lab_, replica_set_uri(*lab_), {"--username", "scanner"}, kPassword);
  ASSERT_EQ(result.process.exit_code, 0) << result.process.err;
  const auto log = lab_->command_log();
  for (std::size_t i = before; i < log.size(); ++i) EXPECT_NE(log[i]["command"], "aggregate");
  EXPECT_TRUE(testing_support::findings(result, "MODEL-001").empty());
}

// Every string value of the documents the profile generates (8 characters or more, so that no
// field name or type name matches by chance), from the lab's own generator.
std::set<std::string> generated_strings() {
  const std::string script = R"(
import datetime, json, sys
sys.path.insert(0, sys.argv[1] + "/tests/lab")
import generator, profiles
found = set()
def walk(value):
    if isinstance(value, dict):
        for item in value.values(): walk(item)
    elif isinstance(value, list):
        for item in value: walk(item)
    elif isinstance(value, str) and len(value) >= 8:
        found.add(value)
now = datetime.datetime.now(datetime.timezone.utc)
for database in profiles.load("datamodel").databases:
    for collection in database.get("collections", []):
        if "generate" in collection and len(found) < 5000:
            walk(generator.generate(collection["generate"], database["name"] + "." + collection["name"], now))
        walk(collection.get("documents", []))
print(json.dumps(sorted(found)))
)";
  const auto result =
      testing_support::run_process({"/usr/bin/python3", "-c", script, MONGOSCAN_SOURCE_DIR});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const json values = json::parse(result.out);
  return {values.begin(), values.end()};
}

// One probe writes every format (--report), so the sample is read once: the JSON report on
// stdout, the others as files.
TEST_F(DataModelLab, NoSampledValueReachesAnyFormat) {
  const std::set<std::string> values = generated_strings();
  ASSERT_GT(values.size(), 100u) << "the profile should generate many string values";
  const std::filesystem::path dir = lab_->command_log_path().parent_path();
  const std::string uri_file = dir / "datamodel-uri.txt";
  std::ofstream(uri_file) << replica_set_uri(*lab_) << "\n";
  std::vector<std::string> argv = {testing_support::mongoscan_binary(),
                                   "scan",
                                   "--uri-file",
                                   uri_file,
                                   "--format",
                                   "json",
                                   "--fail-on",
                                   "none",
                                   "--sarif-deployment"};  // SARIF: the namespaces' results too
  const std::vector<std::string> formats = {"html",  "table", "md",         "sarif",
                                            "junit", "csv",   "prometheus", "ocsf"};
  for (const std::string& format : formats) {
    argv.insert(argv.end(), {"--report", format + ":" + (dir / ("report." + format)).string()});
  }
  argv.insert(argv.end(), kScanner.begin(), kScanner.end());
  const auto result =
      testing_support::run_process(argv, "", testing_support::kHangGuard, kPassword);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<std::pair<std::string, std::string>> outputs = {{"json", result.out},
                                                              {"stderr", result.err}};
  for (const std::string& format : formats) {
    std::ifstream file(dir / ("report." + format), std::ios::binary);
    outputs.emplace_back(format, std::string(std::istreambuf_iterator<char>(file), {}));
    ASSERT_FALSE(outputs.back().second.empty()) << format;
  }
  for (const auto& [format, text] : outputs) {
    for (const std::string& value : values) {
      EXPECT_EQ(text.find(value), std::string::npos)
          << format << " shows a sampled value of " << value.size() << " characters";
    }
  }
}

}  // namespace
}  // namespace data_model_lab_test
}  // namespace mongoscan
