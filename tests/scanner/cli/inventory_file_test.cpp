#include "scanner/cli/inventory_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace mongoscan {
namespace inventory_file_test {
namespace {

std::string error_of(const std::string& text, std::string_view path = "inv/inventory.yaml") {
  const Result<Inventory> inventory = parse_inventory(text, path);
  return inventory.ok() ? std::string() : inventory.error().message;
}

TEST(InventoryFile, TheExampleReadsWithFilesRelativeToIt) {
  const std::string path = std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/inventory.yaml";
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  const Result<Inventory> inventory = parse_inventory(text.str(), path);
  ASSERT_TRUE(inventory.ok()) << inventory.error().message;
  const std::string folder = std::string(MONGOSCAN_SOURCE_DIR) + "/fixtures/";
  EXPECT_EQ(inventory.value().history, folder + "mongoscan-history.db");
  ASSERT_EQ(inventory.value().environments.size(), 3u);
  const InventoryEnvironment& production = inventory.value().environments[0];
  EXPECT_EQ(production.name, "production");
  ASSERT_EQ(production.targets.size(), 1u);
  EXPECT_EQ(production.targets[0].text, "mongodb+srv://orders.prod.example.net/?authSource=admin");
  EXPECT_EQ(production.targets[0].listed_at.file, path);
  EXPECT_EQ(production.targets[0].listed_at.line, 8);
  EXPECT_EQ(production.username, "mongoscan");
  EXPECT_EQ(production.password_env, "MONGOSCAN_PROD_PASSWORD");
  EXPECT_EQ(production.tls_ca_file, "/etc/ssl/certs/ca-certificates.crt");
  EXPECT_EQ(production.policy, folder + "policy/example-policy.json");
  EXPECT_EQ(production.workload, "core");
  EXPECT_EQ(production.app_instances, 24);
  EXPECT_EQ(production.config_paths, std::vector<std::string>{folder + "apps/orders-service"});
  EXPECT_EQ(production.app_uri_files,
            std::vector<std::string>{folder + "uris/sample-app-uris.txt"});
  EXPECT_EQ(production.tags,
            (std::map<std::string, std::string>{{"owner", "payments"}, {"tier", "prod"}}));
  const InventoryEnvironment& reporting = inventory.value().environments[1];
  EXPECT_EQ(reporting.policy, "dev-spec");
  EXPECT_EQ(reporting.password_file, "/run/secrets/mongoscan-reporting");
  EXPECT_FALSE(reporting.app_instances);
}

TEST(InventoryFile, JsonIsReadToo) {
  const Result<Inventory> inventory = parse_inventory(
      R"({"environments": [{"name": "a", "targets": ["mongodb://h:1"], "tls": {"insecure": true}}]})",
      "inventory.json");
  ASSERT_TRUE(inventory.ok()) << inventory.error().message;
  EXPECT_TRUE(inventory.value().environments[0].tls_insecure);
  EXPECT_EQ(inventory.value().environments[0].targets[0].text, "mongodb://h:1");
}

// Preset names stay names; any other policy is a file relative to the inventory.
TEST(InventoryFile, PolicyPresetsAreNotPaths) {
  const Result<Inventory> inventory = parse_inventory(
      R"({"environments": [{"name": "a", "targets": ["mongodb://h:1"], "policy": "stig"},
                           {"name": "b", "targets": ["mongodb://h:2"], "policy": "stig.json"}]})",
      "/srv/inventory.json");
  ASSERT_TRUE(inventory.ok()) << inventory.error().message;
  EXPECT_EQ(inventory.value().environments[0].policy, "stig");
  EXPECT_EQ(inventory.value().environments[1].policy, "/srv/stig.json");
}

TEST(InventoryFile, PasswordsInTheFileAreRefusedAtTheirLineWithoutQuotingThem) {
  const std::string planted = "Kx8-planted-inventory-password";
  const std::string inline_password =
      "environments:\n  - name: a\n    targets: [mongodb://h]\n    password: " + planted + "\n";
  EXPECT_EQ(error_of(inline_password),
            "inv/inventory.yaml:4: a password may not be written in the inventory; use "
            "password_env or password_file");
  const std::string in_target =
      "environments:\n  - name: a\n    targets:\n      - mongodb://u:" + planted + "@h\n";
  EXPECT_EQ(error_of(in_target),
            "inv/inventory.yaml:4: a target carries a password; give the scanning account's "
            "with password_env or password_file");
  const std::string unparsable =
      "environments:\n  - name: a\n    targets: ['mongodb://u:" + planted + "@h:notaport']\n";
  EXPECT_NE(error_of(unparsable).find(":3: a target carries a password"), std::string::npos)
      << error_of(unparsable);
  for (const std::string& text : {inline_password, in_target, unparsable}) {
    EXPECT_EQ(error_of(text).find(planted), std::string::npos);
  }
}

// Issue 35 item 5: yaml-cpp keeps both of two equal keys and a lookup sees one, so an empty
// password followed by a real one slipped past the refusal, and a second environments list was
// dropped: a repeated key is an error naming both lines, never quoting a value.
TEST(InventoryFile, ARepeatedKeyIsAnErrorNamingBothLines) {
  const std::string planted = "Kx9-planted-repeated-password";
  const std::string repeated_password =
      "environments:\n  - name: a\n    targets: [mongodb://h]\n"
      "    password: \"\"\n    password: " +
      planted + "\n";
  EXPECT_EQ(error_of(repeated_password), "inv/inventory.yaml:5: key password repeats line 4's");
  EXPECT_EQ(error_of(repeated_password).find(planted), std::string::npos);
  EXPECT_EQ(error_of("environments:\n  - {name: a, targets: [mongodb://h]}\n"
                     "environments:\n  - {name: b, targets: [mongodb://h]}\n"),
            "inv/inventory.yaml:3: key environments repeats line 1's");
  EXPECT_EQ(error_of("environments:\n  - name: a\n    targets: [mongodb://h]\n"
                     "    tags: {tier: prod, tier: dev}\n"),
            "inv/inventory.yaml:4: key tier repeats line 4's");
}

// Issue 35 item 6: YAML nested past yaml-cpp's guard says so and by how much.
TEST(InventoryFile, DeepYamlSaysItIsNestedTooDeeply) {
  const std::string deep = "environments: " + std::string(5000, '[') + std::string(5000, ']');
  EXPECT_NE(error_of(deep).find("nested too deeply (limit 499)"), std::string::npos)
      << error_of(deep).substr(0, 200);
}

TEST(InventoryFile, LoadErrorsNameTheLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"environments: [\n", "inv/inventory.yaml:"},
      {"enviroments: []\n", ":1: unknown inventory field (did you mean environments?)"},
      {"environments: []\n", ":1: \"environments\" must be a list of environments"},
      {"environments:\n  - name: a\n    target: [mongodb://h]\n",
       ":3: unknown environment field (did you mean targets?)"},
      {"environments:\n  - targets: [mongodb://h]\n", ":2: an environment needs a name"},
      {"environments:\n  - name: a\n",
       ":2: an environment needs targets, config_paths, app_uri_files or cloud"},
      {"environments:\n  - name: a\n    cloud: [{provider: aws, regions: [us-east-1]}]\n",
       ":3: cloud: provider 'aws' is not one mongoscan reads"},
      {"environments:\n  - name: a\n    cloud: [{provider: tencentcloud}]\n",
       ":3: cloud: '' is not a region name"},
      {"environments:\n  - name: a\n    cloud:\n      - provider: tencentcloud\n        region: "
       "[x]\n",
       ":5: unknown cloud account field (did you mean regions?)"},
      {"environments:\n  - name: a\n    cloud: tencentcloud\n", ":3: cloud must be a list"},
      {"environments:\n  - name: a\n    targets: [mongodb://h]\n  - name: a\n    targets: "
       "[mongodb://g]\n",
       ":4: a second environment named a"},
      {"environments:\n  - name: a\n    targets: [mongodb://h]\n    password_env: P\n    "
       "password_file: f\n",
       ":2: give password_env or password_file, not both"},
      {"environments:\n  - name: a\n    targets: [mongodb://h]\n    app_instances: 0\n",
       ":4: app_instances must be a whole number from 1"},
      {"environments:\n  - name: a\n    targets: [mongodb://h]\n    tls: {insecure: yes}\n",
       ":4: insecure must be true or false"},
      {"environments:\n  - name: a\n    targets: [mongodb://h]\n    tls: {ca: x}\n",
       ":4: unknown tls field"},
      {"environments:\n  - name: a\n    targets: [mongodb://h]\n    tags: [x]\n",
       ":4: tags must be a mapping of text to text"},
      {"environments:\n  - name: a\n    targets: mongodb://h\n", ":3: targets must be a list"},
      {"environments:\n  - name: a\n    app_uri_files: [[x]]\n",
       ":3: app_uri_files must list file names"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string error = error_of(text);
    EXPECT_NE(error.find(expected), std::string::npos) << text << "\n→ " << error;
    EXPECT_TRUE(error.starts_with("inv/inventory.yaml:")) << error;
  }
}

TEST(InventoryFile, CloudAccountsNameTheVariablesOfTheirCredentials) {
  const Result<Inventory> inventory = parse_inventory(
      "environments:\n"
      "  - name: prod\n"
      "    cloud:\n"
      "      - provider: tencentcloud\n"
      "        regions: [ap-guangzhou, ap-shanghai]\n"
      "        instances: [cmgo-1]\n"
      "        secret_id_env: PROD_TC_ID\n"
      "        secret_key_env: PROD_TC_KEY\n"
      "      - {provider: tencentcloud, regions: [ap-beijing]}\n",
      "inventory.yaml");
  ASSERT_TRUE(inventory.ok()) << inventory.error().message;
  const auto& clouds = inventory.value().environments[0].clouds;
  ASSERT_EQ(2u, clouds.size());
  EXPECT_EQ((std::vector<std::string>{"ap-guangzhou", "ap-shanghai"}), clouds[0].regions);
  EXPECT_EQ(std::vector<std::string>{"cmgo-1"}, clouds[0].instance_ids);
  EXPECT_EQ("PROD_TC_ID", clouds[0].credentials.secret_id);
  EXPECT_EQ("PROD_TC_KEY", clouds[0].credentials.secret_key);
  EXPECT_EQ("TENCENTCLOUD_SESSION_TOKEN", clouds[0].credentials.session_token);
  EXPECT_EQ("TENCENTCLOUD_SECRET_KEY", clouds[1].credentials.secret_key);
}

TEST(InventoryFile, AtlasAccountsNameAProjectOrAnOrganisationAndTheirVariables) {
  const Result<Inventory> inventory = parse_inventory(
      "environments:\n"
      "  - name: prod\n"
      "    cloud:\n"
      "      - provider: atlas\n"
      "        project_id: 66a1b2c3d4e5f60718293a5c\n"
      "        instances: [payments-prod]\n"
      "        client_id_env: PROD_ATLAS_ID\n"
      "        client_secret_env: PROD_ATLAS_SECRET\n"
      "      - {provider: atlas, org_id: 66a1b2c3d4e5f60718293a4b}\n",
      "inventory.yaml");
  ASSERT_TRUE(inventory.ok()) << inventory.error().message;
  const auto& clouds = inventory.value().environments[0].clouds;
  ASSERT_EQ(2u, clouds.size());
  EXPECT_EQ("atlas", clouds[0].provider);
  EXPECT_EQ(std::vector<std::string>{"66a1b2c3d4e5f60718293a5c"}, clouds[0].project_ids);
  EXPECT_EQ(std::vector<std::string>{"payments-prod"}, clouds[0].instance_ids);
  EXPECT_EQ("PROD_ATLAS_ID", clouds[0].credentials.client_id);
  EXPECT_EQ("PROD_ATLAS_SECRET", clouds[0].credentials.client_secret);
  EXPECT_EQ("MONGODB_ATLAS_PRIVATE_API_KEY", clouds[0].credentials.private_api_key);
  EXPECT_EQ(std::vector<std::string>{"66a1b2c3d4e5f60718293a4b"}, clouds[1].organization_ids);
  EXPECT_TRUE(clouds[1].project_ids.empty());

  const std::string prefix = "environments:\n  - name: a\n    cloud:\n      - ";
  for (const auto& [account, expected] : std::vector<std::pair<std::string, std::string>>{
           {"{provider: atlas}", "names one of project_id and org_id"},
           {"{provider: atlas, project_id: 66a1b2c3d4e5f60718293a5c, org_id: "
            "66a1b2c3d4e5f60718293a4b}",
            "names one of project_id and org_id"},
           {"{provider: atlas, project_id: 66a1b2c3d4e5f60718293a5c, regions: [x]}",
            "has no regions"},
           {"{provider: atlas, project_id: payments}", "not an Atlas project id"},
           {"{provider: tencentcloud, regions: [ap-guangzhou], org_id: 66a1b2c3d4e5f60718293a4b}",
            "name Atlas projects"}}) {
    const std::string error = error_of(prefix + account + "\n");
    EXPECT_NE(std::string::npos, error.find(expected)) << account << ": " << error;
  }
}

TEST(InventoryFile, ACloudSecretInTheFileIsRefusedWithoutQuotingIt) {
  for (const char* field :
       {"secret_key", "secret_id", "session_token", "client_secret", "private_api_key"}) {
    const std::string error = error_of(
        std::string("environments:\n  - name: a\n    cloud:\n      - provider: tencentcloud\n"
                    "        regions: [ap-guangzhou]\n        ") +
        field + ": Pl4nted-Cloud-Secret-Value\n");
    EXPECT_NE(std::string::npos, error.find(":6: a cloud secret may not be written")) << error;
    EXPECT_EQ(std::string::npos, error.find("Pl4nted")) << error;
  }
}

TEST(InventoryFile, EnvAndTagPickEnvironmentsInInventoryOrder) {
  const Result<Inventory> inventory = parse_inventory(
      "environments:\n"
      "  - {name: prod, targets: [mongodb://p], tags: {tier: prod, owner: pay}}\n"
      "  - {name: stage, targets: [mongodb://s], tags: {tier: staging, owner: pay}}\n"
      "  - {name: report, targets: [mongodb://r], tags: {tier: prod, owner: bi}}\n",
      "i.yaml");
  ASSERT_TRUE(inventory.ok()) << inventory.error().message;
  auto names = [&](std::vector<std::string> envs, std::vector<std::string> tags) {
    const auto selected = select_environments(inventory.value(), envs, tags);
    if (!selected) return std::vector<std::string>{selected.error().message};
    std::vector<std::string> picked;
    for (const InventoryEnvironment& environment : selected.value()) {
      picked.push_back(environment.name);
    }
    return picked;
  };
  using Names = std::vector<std::string>;
  EXPECT_EQ(names({}, {}), (Names{"prod", "stage", "report"}));
  EXPECT_EQ(names({"report", "prod"}, {}), (Names{"prod", "report"}));
  EXPECT_EQ(names({}, {"tier=prod"}), (Names{"prod", "report"}));
  EXPECT_EQ(names({}, {"tier=prod", "owner=pay"}), (Names{"prod"}));
  EXPECT_EQ(names({"stage"}, {"tier=prod"}),
            (Names{"--env and --tag select no environment of the inventory"}));
  EXPECT_EQ(names({"prdo"}, {}),
            (Names{"--env prdo: no such environment in the inventory (did you mean prod?)"}));
  EXPECT_EQ(names({}, {"tier"}), (Names{"--tag tier: expected KEY=VALUE"}));
}

TEST(InventoryFile, ShardsSplitTheEnvironmentsOnceAndKeepThemWhenOthersAreAdded) {
  std::string text = "environments:\n";
  for (int i = 0; i < 40; ++i) {
    text += "  - {name: env-" + std::to_string(i) + ", targets: [mongodb://h" + std::to_string(i) +
            "]}\n";
  }
  const Result<Inventory> inventory = parse_inventory(text, "i.yaml");
  ASSERT_TRUE(inventory.ok()) << inventory.error().message;
  auto shard = [&](const Inventory& from, std::uint64_t index, std::uint64_t count) {
    std::set<std::string> names;
    const auto selected = select_environments(from, {}, {}, {index, count});
    for (const auto& environment : selected.value()) names.insert(environment.name);
    return names;
  };
  for (const std::uint64_t count : {1, 2, 3, 7}) {
    std::set<std::string> seen;
    std::size_t total = 0;
    for (std::uint64_t index = 1; index <= count; ++index) {
      const auto part = shard(inventory.value(), index, count);
      total += part.size();
      seen.insert(part.begin(), part.end());
      if (count > 1) {
        EXPECT_LT(part.size(), 40u) << index << "/" << count;
      }
    }
    EXPECT_EQ(total, 40u) << count;  // each environment in exactly one part
    EXPECT_EQ(seen.size(), 40u) << count;
  }
  Inventory grown = inventory.value();
  InventoryEnvironment added = grown.environments.back();
  added.name = "added";
  grown.environments.insert(grown.environments.begin(), added);
  for (std::uint64_t index = 1; index <= 3; ++index) {
    auto part = shard(grown, index, 3);
    part.erase("added");
    EXPECT_EQ(part, shard(inventory.value(), index, 3)) << index;
  }
  for (const char* bad : {"0/2", "3/2", "1", "a/b", "1/0", "1/2/3"}) {
    const auto parsed = parse_shard(bad);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_EQ(parsed.error().message,
              std::string("--shard ") + bad + ": expected I/N with 1 <= I <= N");
  }
  EXPECT_EQ(parse_shard("2/5").value().index, 2u);
}

}  // namespace
}  // namespace inventory_file_test
}  // namespace mongoscan
