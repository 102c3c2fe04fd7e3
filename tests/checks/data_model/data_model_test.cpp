#include "checks/data_model/data_model.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mongoscan {
namespace data_model_test {
namespace {

constexpr const char* kNode = "db2.example.test:27017";

// A collection that keeps every rule: validated, small documents, one camelCase field.
CollectionFacts collection(std::string name) {
  CollectionFacts facts;
  facts.name = std::move(name);
  facts.type = "collection";
  facts.has_validator = true;
  facts.count = 20;
  facts.size_bytes = 20 * 300;
  facts.average_document_bytes = 300;
  SampleShape sample;
  sample.documents = 20;
  sample.max_document_bytes = 400;
  sample.max_depth = 2;
  sample.deepest_path = "createdAt";
  sample.fields = {{"_id", {{"objectId", 20}}, 0, 0}, {"createdAt", {{"date", 20}}, 0, 0}};
  facts.sample = std::move(sample);
  return facts;
}

DatabaseFacts database(std::string name, std::vector<CollectionFacts> collections) {
  return {std::move(name), std::move(collections), std::nullopt};
}

DataModelFacts deployment(std::vector<DatabaseFacts> databases) {
  DataModelFacts facts;
  facts.node = kNode;
  facts.node_role = "secondary";
  facts.read_preference = "secondaryPreferred";
  facts.sample_size = 100;
  facts.databases = std::move(databases);
  return facts;
}

// One collection `shop.<name>` in a deployment of its own.
DataModelFacts only(CollectionFacts facts) { return deployment({database("shop", {facts})}); }

std::vector<Finding> of_check(const std::vector<Finding>& findings, const std::string& id) {
  std::vector<Finding> matching;
  for (const Finding& finding : findings)
    if (finding.check_id == id) matching.push_back(finding);
  return matching;
}

// The one finding of `id` about `subject`; a failed expectation and a skipped finding otherwise.
Finding about(const std::vector<Finding>& findings, const std::string& id,
              const std::string& subject) {
  std::vector<Finding> matching;
  for (const Finding& finding : of_check(findings, id))
    if (finding.subject.name == subject) matching.push_back(finding);
  EXPECT_EQ(matching.size(), 1u) << id << " on " << subject;
  return matching.empty()
             ? Finding{id, Status::skipped, Severity::info, Subject::ns(subject), "(no finding)",
                       {}}
             : matching.front();
}

bool has_finding(const std::vector<Finding>& findings, const std::string& id,
                 const std::string& subject) {
  for (const Finding& finding : of_check(findings, id))
    if (finding.subject.name == subject) return true;
  return false;
}

bool mentions(const Finding& finding, const std::string& text) {
  return finding.message.find(text) != std::string::npos;
}

Status status_of(const DataModelFacts& facts, const std::string& id, const std::string& subject,
                 const Policy& policy = Policy{}) {
  return about(check_data_model(facts, policy), id, subject).status;
}

// --- every check: a filtered listDatabases ---

// list_databases.cpp: an account without the listDatabases action sees only the databases it has
// privileges on. What was not listed was not sampled, so no MODEL-* pass may read as complete.
TEST(DataModelListing, AFilteredDatabaseListMakesEveryFindingPartialEvidence) {
  const DataModelFacts facts =
      deployment({database("shop", {collection("orders"), collection("Bad-Name")})});
  const auto findings = check_data_model(facts, Policy{}, ListingScope::filtered);
  ASSERT_FALSE(findings.empty());
  for (const Finding& finding : findings) {
    EXPECT_TRUE(finding.evidence.contains("partial_evidence")) << finding.check_id;
    if (finding.status == Status::pass) {
      EXPECT_TRUE(mentions(finding, "partial evidence"));
    }
  }
  EXPECT_EQ(about(findings, "MODEL-001", "shop.Bad-Name").status, Status::fail);
  for (const Finding& finding : check_data_model(facts, Policy{}, ListingScope::complete))
    EXPECT_FALSE(finding.evidence.contains("partial_evidence")) << finding.check_id;
}

// --- MODEL-001: names ---

TEST(DataModelNames, LowercaseSnakeNamesShareOnePassPerDatabase) {
  const auto findings = check_data_model(
      deployment({database("shop", {collection("orders"), collection("order_items_2")})}),
      Policy{});
  ASSERT_EQ(of_check(findings, "MODEL-001").size(), 1u);
  const Finding pass = about(findings, "MODEL-001", "shop");
  EXPECT_EQ(pass.status, Status::pass);
  EXPECT_EQ(pass.subject.kind, Subject::Kind::ns);
  EXPECT_EQ(pass.evidence["collections"], nlohmann::json({"orders", "order_items_2"}));
}

TEST(DataModelNames, UppercaseAndHyphenFailOnTheCollection) {
  const auto findings = check_data_model(
      deployment({database(
          "shop", {collection("UserProfiles"), collection("order-items"), collection("orders")})}),
      Policy{});
  for (const char* ns : {"shop.UserProfiles", "shop.order-items"}) {
    const Finding finding = about(findings, "MODEL-001", ns);
    EXPECT_EQ(finding.status, Status::fail) << ns;
    EXPECT_EQ(finding.subject.kind, Subject::Kind::ns);
    EXPECT_TRUE(mentions(finding, "not only lowercase letters, digits and _")) << finding.message;
  }
  EXPECT_EQ(about(findings, "MODEL-001", "shop").evidence["collections"],
            nlohmann::json({"orders"}));
}

TEST(DataModelNames, UppercaseDatabaseFailsOnTheDatabase) {
  const auto findings =
      check_data_model(deployment({database("Legacy-Data", {collection("events")})}), Policy{});
  const Finding finding = about(findings, "MODEL-001", "Legacy-Data");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "database name 'Legacy-Data'")) << finding.message;
  EXPECT_FALSE(has_finding(findings, "MODEL-001", "Legacy-Data.events"));
}

// A database that fails its own name still judges its collections; the ones it keeps are not
// counted in the next database's pass.
TEST(DataModelNames, KeptCollectionsStayWithTheirDatabase) {
  const auto findings =
      check_data_model(deployment({database("Legacy-Data", {collection("events")}),
                                   database("shop", {collection("orders")})}),
                       Policy{});
  EXPECT_EQ(about(findings, "MODEL-001", "shop").evidence["collections"],
            nlohmann::json({"orders"}));
}

TEST(DataModelNames, SixtyFourBytesPassSixtyFiveFail) {
  const std::string name64(64, 'c');
  const std::string name65(65, 'c');
  EXPECT_EQ(status_of(only(collection(name64)), "MODEL-001", "shop"), Status::pass);
  const Finding finding =
      about(check_data_model(only(collection(name65)), Policy{}), "MODEL-001", "shop." + name65);
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "65 bytes (above 64)")) << finding.message;

  EXPECT_EQ(status_of(deployment({database(std::string(64, 'd'), {collection("orders")})}),
                      "MODEL-001", std::string(64, 'd')),
            Status::pass);
  EXPECT_EQ(status_of(deployment({database(std::string(65, 'd'), {collection("orders")})}),
                      "MODEL-001", std::string(65, 'd')),
            Status::fail);
}

// db.collection may not exceed 255 bytes, whatever the per-name limit allows.
TEST(DataModelNames, NamespaceOf255BytesPasses256Fails) {
  Policy policy;
  policy.data_model.max_name_bytes = 300;
  const std::string db(200, 'd');
  const std::string fits(54, 'c');      // 200 + 1 + 54 = 255
  const std::string too_long(55, 'c');  // 256
  const auto findings = check_data_model(
      deployment({database(db, {collection(fits), collection(too_long)})}), policy);
  EXPECT_FALSE(has_finding(findings, "MODEL-001", db + "." + fits));
  EXPECT_EQ(about(findings, "MODEL-001", db).evidence["collections"], nlohmann::json({fits}));
  const Finding finding = about(findings, "MODEL-001", db + "." + too_long);
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "namespace of 256 bytes (above 255)")) << finding.message;
}

TEST(DataModelNames, SystemPrefixIsReservedButServerCollectionsAreNotJudged) {
  const auto findings = check_data_model(
      deployment(
          {database("shop", {collection("system.js"), collection("system.views"),
                             collection("system.profile"), collection("system.buckets.metrics")})}),
      Policy{});
  const Finding finding = about(findings, "MODEL-001", "shop.system.js");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "the reserved system. prefix")) << finding.message;
  EXPECT_FALSE(has_finding(findings, "MODEL-001", "shop.system.views"));
  EXPECT_FALSE(has_finding(findings, "MODEL-001", "shop.system.profile"));
  EXPECT_FALSE(has_finding(findings, "MODEL-001", "shop.system.buckets.metrics"));
}

TEST(DataModelNames, BusinessDataInASystemDatabaseFails) {
  const auto findings = check_data_model(
      deployment({database("admin", {collection("system.users"), collection("system.version"),
                                     collection("customer_backup")}),
                  database("local", {collection("startup_log"), collection("oplog.rs"),
                                     collection("replset.minvalid")}),
                  database("config", {collection("system.sessions"), collection("tenants")})}),
      Policy{});
  const Finding admin = about(findings, "MODEL-001", "admin");
  EXPECT_EQ(admin.status, Status::fail);
  EXPECT_EQ(admin.evidence["business_collections"], nlohmann::json({"customer_backup"}));
  EXPECT_EQ(about(findings, "MODEL-001", "local").status, Status::pass);
  EXPECT_EQ(about(findings, "MODEL-001", "config").status, Status::fail);
  EXPECT_FALSE(has_finding(findings, "MODEL-001", "admin.customer_backup"))
      << "the database is the subject, not the collection";
  EXPECT_EQ(about(findings, "MODEL-001", "admin").subject.kind, Subject::Kind::ns);
}

TEST(DataModelNames, SystemDatabaseNotListedIsNotJudged) {
  DatabaseFacts admin = database("admin", {});
  admin.error = Error{ErrorCode::unauthorized, "listCollections admin", "not authorized"};
  const auto findings = check_data_model(deployment({admin}), Policy{});
  EXPECT_FALSE(has_finding(findings, "MODEL-001", "admin"));
}

TEST(DataModelNames, PrefixesOnlyUnderTheDevSpecPreset) {
  const DataModelFacts facts = deployment({database("shop", {collection("orders")}),
                                           database("db_billing", {collection("t_invoices")})});
  EXPECT_EQ(status_of(facts, "MODEL-001", "shop"), Status::pass);
  EXPECT_FALSE(has_finding(check_data_model(facts, Policy{}), "MODEL-001", "shop.orders"));

  const Policy preset = development_specification_policy();
  const auto findings = check_data_model(facts, preset);
  const Finding shop = about(findings, "MODEL-001", "shop");
  EXPECT_EQ(shop.status, Status::fail);
  EXPECT_TRUE(mentions(shop, "no db_ prefix")) << shop.message;
  const Finding orders = about(findings, "MODEL-001", "shop.orders");
  EXPECT_EQ(orders.status, Status::fail);
  EXPECT_TRUE(mentions(orders, "no t_ prefix")) << orders.message;
  EXPECT_EQ(about(findings, "MODEL-001", "db_billing").status, Status::pass);
  EXPECT_FALSE(has_finding(findings, "MODEL-001", "db_billing.t_invoices"));
}

// A family of collections by period: _YYYYMM or _YYYYMMDD at the end, and nothing else that
// reads as a date.
TEST(DataModelNames, TimeSuffixedFamiliesUnderTheDevSpecPreset) {
  const std::vector<std::string> kept = {"t_log_202403", "t_log_20240315", "t_log_24", "t_log_2024",
                                         "t_shard_12"};
  const std::vector<std::string> broken = {"t_log_2024_03", "t_log202403", "t_log_2024_03_15"};
  std::vector<CollectionFacts> collections;
  for (const auto& names : {kept, broken})
    for (const std::string& name : names) collections.push_back(collection(name));
  const DataModelFacts facts = deployment({database("db_logs", collections)});

  const auto findings = check_data_model(facts, development_specification_policy());
  EXPECT_EQ(about(findings, "MODEL-001", "db_logs").evidence["collections"], nlohmann::json(kept));
  for (const std::string& name : broken) {
    const Finding finding = about(findings, "MODEL-001", "db_logs." + name);
    EXPECT_EQ(finding.status, Status::fail) << name;
    EXPECT_TRUE(mentions(finding, "is not _YYYYMM or _YYYYMMDD")) << finding.message;
  }
  EXPECT_TRUE(
      mentions(about(findings, "MODEL-001", "db_logs.t_log_2024_03"), "date suffix 2024_03"));

  Policy families_off = development_specification_policy();
  families_off.data_model.time_suffixed_families = false;
  EXPECT_EQ(of_check(check_data_model(facts, families_off), "MODEL-001").size(), 1u)
      << "without the family rule every name keeps MODEL-001";
}

// --- MODEL-002: field names ---

SampleShape with_fields(std::vector<std::string> paths) {
  SampleShape sample;
  sample.documents = 20;
  sample.max_depth = 2;
  for (const std::string& path : paths) sample.fields.push_back({path, {{"string", 20}}, 0, 0});
  return sample;
}

CollectionFacts sampled(std::string name, SampleShape sample) {
  CollectionFacts facts = collection(std::move(name));
  facts.sample = std::move(sample);
  return facts;
}

TEST(DataModelFieldNames, OneStylePasses) {
  const auto findings = check_data_model(
      deployment({database(
          "shop", {sampled("camel", with_fields({"_id", "firstName", "address.zipCode", "email"})),
                   sampled("snake", with_fields({"_id", "first_name", "address.zip_code"})),
                   sampled("items", with_fields({"items.0", "items.quantity"}))})}),
      Policy{});
  ASSERT_EQ(of_check(findings, "MODEL-002").size(), 1u);
  EXPECT_EQ(about(findings, "MODEL-002", "shop").evidence["collections"],
            nlohmann::json({"camel", "snake", "items"}));
}

TEST(DataModelFieldNames, CamelAndSnakeMixedFails) {
  const Finding finding = about(
      check_data_model(only(sampled("people", with_fields({"firstName", "last_name"}))), Policy{}),
      "MODEL-002", "shop.people");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["camel_case"], nlohmann::json({"firstName"}));
  EXPECT_EQ(finding.evidence["snake_case"], nlohmann::json({"last_name"}));
}

TEST(DataModelFieldNames, UnderscorePrefixFailsExceptId) {
  const auto findings = check_data_model(
      deployment({database("shop", {sampled("flags", with_fields({"_id", "_private", "name"})),
                                    sampled("nested", with_fields({"_id", "items._id"}))})}),
      Policy{});
  const Finding finding = about(findings, "MODEL-002", "shop.flags");
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["underscore_prefixed"], nlohmann::json({"_private"}));
  EXPECT_FALSE(has_finding(findings, "MODEL-002", "shop.nested"));
}

TEST(DataModelFieldNames, ShortAbbreviationsWarnAtInfo) {
  const auto findings = check_data_model(
      deployment({database("shop", {sampled("abbreviated", with_fields({"nm", "qty", "sku"})),
                                    sampled("plain", with_fields({"sku", "zip", "fee"}))})}),
      Policy{});
  const Finding finding = about(findings, "MODEL-002", "shop.abbreviated");
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_EQ(finding.severity, Severity::info);
  EXPECT_EQ(finding.evidence["abbreviations"], nlohmann::json({"nm", "qty"}));
  EXPECT_FALSE(has_finding(findings, "MODEL-002", "shop.plain"));
}

TEST(DataModelFieldNames, SystemDatabasesAndUnsampledCollectionsAreNotJudged) {
  CollectionFacts unsampled = collection("empty");
  unsampled.sample.reset();
  const auto findings = check_data_model(
      deployment({database("admin", {sampled("users_copy", with_fields({"firstName", "x_y"}))}),
                  database("shop", {unsampled})}),
      Policy{});
  EXPECT_TRUE(of_check(findings, "MODEL-002").empty());
}

// --- MODEL-003: size and shape ---

Finding shape_of(const CollectionFacts& facts, const Policy& policy = Policy{}) {
  const auto findings = check_data_model(only(facts), policy);
  if (has_finding(findings, "MODEL-003", "shop." + facts.name))
    return about(findings, "MODEL-003", "shop." + facts.name);
  return about(findings, "MODEL-003", "shop");
}

TEST(DataModelShape, AverageSizeAbove100KiBWarns) {
  CollectionFacts at = collection("at_limit");
  at.average_document_bytes = 100 * 1024;
  EXPECT_EQ(shape_of(at).status, Status::pass);
  CollectionFacts above = collection("above_limit");
  above.average_document_bytes = 100 * 1024 + 1;
  const Finding finding = shape_of(above);
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_EQ(finding.subject.name, "shop.above_limit");
  EXPECT_TRUE(mentions(finding, "average document 100 KiB (above 100 KiB)")) << finding.message;
  EXPECT_EQ(finding.evidence["average_document_bytes"], 100 * 1024 + 1);
}

CollectionFacts largest(std::int64_t bytes) {
  CollectionFacts facts = collection("documents");
  facts.sample->max_document_bytes = bytes;
  return facts;
}

TEST(DataModelShape, SampledMaximumAbove1MiBWarns) {
  EXPECT_EQ(shape_of(largest(1024 * 1024)).status, Status::pass);
  const Finding finding = shape_of(largest(1024 * 1024 + 1));
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_TRUE(mentions(finding, "(above 1024 KiB)")) << finding.message;
}

// 90% of 16 MiB is 15099494.4 bytes: a document of 15099494 warns, one byte more fails.
TEST(DataModelShape, WithinTenPercentOf16MiBFails) {
  const std::int64_t limit = 16LL * 1024 * 1024 * 90 / 100;
  ASSERT_EQ(limit, 15099494);
  EXPECT_EQ(shape_of(largest(limit)).status, Status::warn);
  const Finding finding = shape_of(largest(limit + 1));
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "within 10% of the 16 MiB limit")) << finding.message;
  EXPECT_EQ(finding.evidence["max_document_bytes"], limit + 1);
}

TEST(DataModelShape, NestingDeeperThanFiveWarns) {
  CollectionFacts five = collection("five");
  five.sample->max_depth = 5;
  EXPECT_EQ(shape_of(five).status, Status::pass);
  CollectionFacts six = collection("six");
  six.sample->max_depth = 6;
  six.sample->deepest_path = "a.b.c.d.e.f";
  const Finding finding = shape_of(six);
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_TRUE(mentions(finding, "nested 6 levels at a.b.c.d.e.f (above 5)")) << finding.message;
  EXPECT_EQ(finding.evidence["deepest_path"], "a.b.c.d.e.f");
}

CollectionFacts with_array(ArrayShape array) {
  CollectionFacts facts = collection("arrays");
  facts.sample->arrays = {std::move(array)};
  return facts;
}

TEST(DataModelShape, ArraysLongerThan1000Warn) {
  EXPECT_EQ(shape_of(with_array({"tags", 1000, {}})).status, Status::pass);
  const Finding finding = shape_of(with_array({"tags", 1001, {}}));
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_TRUE(mentions(finding, "array tags of 1001 elements (above 1000)")) << finding.message;
  EXPECT_EQ(finding.evidence["arrays"][0]["path"], "tags");
}

// (age, length) for `documents` documents, a day apart; length(age index) as given.
ArrayShape aged(std::size_t documents, std::int64_t (*length)(std::int64_t)) {
  ArrayShape array{"events", 0, {}};
  for (std::size_t i = 0; i < documents; ++i) {
    const auto index = static_cast<std::int64_t>(i);
    array.length_by_age.push_back({index * 86400, length(index)});
    array.max_length = std::max(array.max_length, length(index));
  }
  return array;
}

TEST(DataModelShape, ArraysThatGrowWithAgeAreUnbounded) {
  const auto older_hold_more = [](std::int64_t index) { return 5 + index * 3; };
  const Finding finding = shape_of(with_array(aged(10, older_hold_more)));
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_TRUE(mentions(finding, "array events grows with document age")) << finding.message;
  EXPECT_EQ(finding.evidence["arrays"][0]["length_age_correlation"], 1.0);

  EXPECT_EQ(shape_of(with_array(aged(9, older_hold_more))).status, Status::pass)
      << "nine documents are too few to tell";
  EXPECT_EQ(
      shape_of(with_array(aged(10, [](std::int64_t index) { return 40 - index * 3; }))).status,
      Status::pass)
      << "newer documents holding more is not growth with age";
  EXPECT_EQ(shape_of(with_array(aged(10, [](std::int64_t index) { return index / 2; }))).status,
            Status::pass)
      << "short arrays (at most 4 elements) are not called unbounded";
  EXPECT_EQ(shape_of(with_array(aged(20, [](std::int64_t index) { return 10 + (index * 7) % 11; })))
                .status,
            Status::pass)
      << "lengths unrelated to age";
}

TEST(DataModelShape, FailAndWarningsTogetherFailWithEveryProblem) {
  CollectionFacts facts = largest(15 * 1024 * 1024);
  facts.sample->max_depth = 7;
  facts.sample->deepest_path = "a.b.c.d.e.f.g";
  const Finding finding = shape_of(facts);
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "16 MiB limit; nested 7 levels")) << finding.message;
}

CollectionFacts cut_short(int documents, int requested) {
  CollectionFacts facts = collection("attachments");
  facts.sample->documents = documents;
  facts.sample->requested = requested;
  facts.sample->cut_short = true;
  return facts;
}

TEST(DataModelShape, ASampleCutByTheReplyLimitIsInTheEvidence) {
  CollectionFacts heavy = cut_short(11, 100);
  heavy.average_document_bytes = 1500 * 1000;
  heavy.sample->max_document_bytes = 1500 * 1000;
  const Finding finding = shape_of(heavy);
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_EQ(finding.evidence["sampled_documents"], 11);
  EXPECT_NE(finding.evidence.value("sample_cut", "")
                .find("the sample was cut at 11 of 100 documents by the 16 MiB reply limit"),
            std::string::npos)
      << finding.evidence;
  EXPECT_FALSE(shape_of(collection("whole")).evidence.contains("sample_cut"));
}

// A collection within the limits whose sample was cut has a pass of its own that says so, rather
// than a place in the database's pass.
TEST(DataModelShape, ACutSampleWithinTheLimitsIsAPassOfItsOwn) {
  const auto findings = check_data_model(
      deployment({database("shop", {cut_short(90, 100), collection("orders")})}), Policy{});
  const Finding finding = about(findings, "MODEL-003", "shop.attachments");
  EXPECT_EQ(finding.status, Status::pass);
  EXPECT_TRUE(mentions(finding,
                       "within the size, nesting and array limits; the sample was cut at "
                       "90 of 100 documents"))
      << finding.message;
  EXPECT_EQ(about(findings, "MODEL-003", "shop").evidence["collections"],
            nlohmann::json({"orders"}));
}

TEST(DataModelShape, MissingStatisticsAreAnErrorOrASkip) {
  CollectionFacts failed = collection("failed");
  failed.count.reset();
  failed.average_document_bytes.reset();
  failed.sample.reset();
  failed.errors = {Error{ErrorCode::timeout, "$collStats shop.failed", "timed out"}};
  const Finding error = shape_of(failed);
  EXPECT_EQ(error.status, Status::error);
  EXPECT_EQ(error.subject.name, "shop.failed");
  EXPECT_TRUE(mentions(error, "$collStats shop.failed failed: timed out")) << error.message;

  CollectionFacts refused = failed;
  refused.name = "refused";
  refused.errors = {Error{ErrorCode::unauthorized, "$collStats shop.refused", "not authorized"}};
  const Finding skipped = shape_of(refused);
  EXPECT_EQ(skipped.status, Status::skipped);
  EXPECT_TRUE(mentions(skipped, "needs the collStats action")) << skipped.message;
}

TEST(DataModelShape, ViewsServerCollectionsAndSystemDatabasesAreNotJudged) {
  CollectionFacts view = largest(15 * 1024 * 1024);
  view.name = "big_view";
  view.type = "view";
  CollectionFacts profile = largest(15 * 1024 * 1024);
  profile.name = "system.profile";
  const auto findings =
      check_data_model(deployment({database("shop", {view, profile}),
                                   database("admin", {largest(15 * 1024 * 1024)})}),
                       Policy{});
  EXPECT_TRUE(of_check(findings, "MODEL-003").empty());
}

// --- MODEL-004: types ---

Finding types_of(std::vector<FieldShape> fields) {
  CollectionFacts facts = collection("typed");
  facts.sample->fields = std::move(fields);
  const auto findings = check_data_model(only(facts), Policy{});
  if (has_finding(findings, "MODEL-004", "shop.typed"))
    return about(findings, "MODEL-004", "shop.typed");
  return about(findings, "MODEL-004", "shop");
}

TEST(DataModelTypes, NullAndIntOrLongAreNotDrift) {
  EXPECT_EQ(types_of({{"status", {{"string", 15}, {"null", 5}}, 0, 0},
                      {"quantity", {{"int", 12}, {"long", 8}}, 0, 0}})
                .status,
            Status::pass);
}

TEST(DataModelTypes, TwoTypesAtOnePathFail) {
  const Finding finding = types_of({{"zipCode", {{"string", 12}, {"int", 8}, {"null", 2}}, 0, 0}});
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "more than one type at zipCode")) << finding.message;
  EXPECT_EQ(finding.evidence["types_by_path"]["zipCode"], nlohmann::json({"int", "string"}));
}

// Half the strings or more in a date form: dates stored as strings.
TEST(DataModelTypes, DateLikeStringsFail) {
  const Finding finding = types_of({{"createdAt", {{"string", 20}}, 10, 0}});
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_TRUE(mentions(finding, "dates stored as strings at createdAt")) << finding.message;
  EXPECT_EQ(finding.evidence["date_strings"], nlohmann::json({"createdAt"}));
  EXPECT_EQ(types_of({{"comment", {{"string", 20}}, 9, 0}}).status, Status::pass);
}

TEST(DataModelTypes, MoneyAsDoubleFailsAsDecimalPasses) {
  const Finding finding = types_of({{"items.unitPrice", {{"double", 20}}, 0, 0},
                                    {"totalAmount", {{"decimal", 20}}, 0, 0},
                                    {"ratio", {{"double", 20}}, 0, 0}});
  EXPECT_EQ(finding.status, Status::fail);
  EXPECT_EQ(finding.evidence["money_as_double"], nlohmann::json({"items.unitPrice"}));
  EXPECT_EQ(types_of({{"balance", {{"decimal", 20}}, 0, 0}}).status, Status::pass);
}

TEST(DataModelTypes, UuidStringIdWarns) {
  const Finding finding = types_of({{"_id", {{"string", 20}}, 0, 20}});
  EXPECT_EQ(finding.status, Status::warn);
  EXPECT_TRUE(mentions(finding, "_id holds random UUID strings")) << finding.message;
  EXPECT_EQ(types_of({{"_id", {{"objectId", 20}}, 0, 0}}).status, Status::pass);
  EXPECT_EQ(types_of({{"externalRef", {{"string", 20}}, 0, 20}}).status, Status::pass)
      << "UUID strings outside _id are fine";
}

TEST(DataModelTypes, UnsampledCollectionsAreSkippedOrInError) {
  CollectionFacts empty = collection("empty");
  empty.count = 0;
  empty.sample.reset();
  CollectionFacts refused = collection("refused");
  refused.sample.reset();
  refused.errors = {Error{ErrorCode::unauthorized, "$sample shop.refused", "not authorized"}};
  CollectionFacts failed = collection("failed");
  failed.sample.reset();
  failed.errors = {Error{ErrorCode::protocol, "$sample shop.failed", "operation exceeded time"}};
  const auto findings = check_data_model(only(empty), Policy{});
  EXPECT_TRUE(of_check(findings, "MODEL-004").empty()) << "an empty collection has no types";
  const auto both =
      check_data_model(deployment({database("shop", {empty, refused, failed})}), Policy{});
  EXPECT_EQ(about(both, "MODEL-004", "shop.refused").status, Status::skipped);
  EXPECT_TRUE(mentions(about(both, "MODEL-004", "shop.refused"), "needs the find action"));
  EXPECT_EQ(about(both, "MODEL-004", "shop.failed").status, Status::error);
}

// --- MODEL-005: schema validation ---

TEST(DataModelValidation, MissingWarnOrOffFail) {
  CollectionFacts none = collection("no_validator");
  none.has_validator = false;
  CollectionFacts warn = collection("warn_only");
  warn.validation_action = "warn";
  CollectionFacts off = collection("validation_off");
  off.validation_level = "off";
  CollectionFacts moderate = collection("moderate");
  moderate.validation_level = "moderate";
  moderate.validation_action = "error";
  const auto findings = check_data_model(
      deployment({database("shop", {none, warn, off, moderate, collection("defaults")})}),
      Policy{});
  const Finding missing = about(findings, "MODEL-005", "shop.no_validator");
  EXPECT_EQ(missing.status, Status::fail);
  EXPECT_EQ(missing.message, "no schema validator");
  EXPECT_EQ(about(findings, "MODEL-005", "shop.warn_only").status, Status::fail);
  EXPECT_TRUE(mentions(about(findings, "MODEL-005", "shop.warn_only"), "validationAction is warn"));
  EXPECT_EQ(about(findings, "MODEL-005", "shop.validation_off").status, Status::fail);
  EXPECT_TRUE(
      mentions(about(findings, "MODEL-005", "shop.validation_off"), "validationLevel is off"));
  const Finding pass = about(findings, "MODEL-005", "shop");
  EXPECT_EQ(pass.status, Status::pass);
  EXPECT_EQ(pass.evidence["collections"], nlohmann::json({"moderate", "defaults"}));
}

TEST(DataModelValidation, OnlyCoreCollectionsWhenThePolicyListsThem) {
  CollectionFacts logs = collection("logs");
  logs.has_validator = false;
  CollectionFacts orders = collection("orders");
  orders.has_validator = false;
  Policy policy;
  policy.data_model.core_collections = std::set<std::string>{"shop.orders"};
  const auto findings = check_data_model(deployment({database("shop", {logs, orders})}), policy);
  EXPECT_EQ(about(findings, "MODEL-005", "shop.orders").status, Status::fail);
  EXPECT_FALSE(has_finding(findings, "MODEL-005", "shop.logs"));
}

TEST(DataModelValidation, ViewsAndTimeseriesAreNotJudged) {
  CollectionFacts view = collection("recent_orders");
  view.type = "view";
  view.has_validator = false;
  CollectionFacts metrics = collection("metrics");
  metrics.type = "timeseries";
  metrics.has_validator = false;
  const auto findings = check_data_model(deployment({database("shop", {view, metrics})}), Policy{});
  EXPECT_TRUE(of_check(findings, "MODEL-005").empty());
}

// --- MODEL-006: counts ---

DatabaseFacts with_collections(std::string name, std::size_t count) {
  DatabaseFacts facts = database(std::move(name), {});
  for (std::size_t i = 0; i < count; ++i) {
    CollectionFacts entry;
    entry.name = "c" + std::to_string(i);
    entry.type = "collection";
    facts.collections.push_back(std::move(entry));
  }
  return facts;
}

TEST(DataModelCounts, HundredPerDatabasePassesHundredAndOneFails) {
  const auto findings = check_data_model(
      deployment({with_collections("full", 100), with_collections("sprawl", 101)}), Policy{});
  EXPECT_EQ(about(findings, "MODEL-006", "full").status, Status::pass);
  const Finding sprawl = about(findings, "MODEL-006", "sprawl");
  EXPECT_EQ(sprawl.status, Status::fail);
  EXPECT_EQ(sprawl.evidence["collections"], 101);
  EXPECT_EQ(about(findings, "MODEL-006", kNode).status, Status::pass);
}

// The instance count takes every database, system ones included; none of them over 100 here.
TEST(DataModelCounts, FiveThousandPerInstancePassesFiveThousandAndOneFails) {
  std::vector<DatabaseFacts> databases;
  for (int i = 0; i < 50; ++i) databases.push_back(with_collections("db" + std::to_string(i), 100));
  const Finding at = about(check_data_model(deployment(databases), Policy{}), "MODEL-006", kNode);
  EXPECT_EQ(at.status, Status::pass);
  EXPECT_EQ(at.subject.kind, Subject::Kind::node);
  EXPECT_EQ(at.evidence["collections"], 5000);

  databases.push_back(with_collections("admin", 1));
  DataModelFacts over = deployment(databases);
  over.excluded_databases = {"archive"};
  const auto findings = check_data_model(over, Policy{});
  const Finding instance = about(findings, "MODEL-006", kNode);
  EXPECT_EQ(instance.status, Status::fail);
  EXPECT_TRUE(mentions(instance, "5001 collections on the instance (above 5000)"))
      << instance.message;
  EXPECT_EQ(instance.evidence["databases_not_counted"], nlohmann::json({"archive"}));
  EXPECT_FALSE(has_finding(findings, "MODEL-006", "admin")) << "no per-database count for admin";
}

// --- Sampling failed ---

TEST(DataModelSamplingFailed, EveryCheckIsOneErrorOnTheNode) {
  DataModelFacts facts = deployment({});
  facts.errors = {Error{ErrorCode::auth_failed, "auth", "Authentication failed"}};
  const auto findings = check_data_model(facts, Policy{});
  ASSERT_EQ(findings.size(), data_model_specs().size());
  for (std::size_t i = 0; i < findings.size(); ++i) {
    EXPECT_EQ(findings[i].check_id, data_model_specs()[i].id);
    EXPECT_EQ(findings[i].status, Status::error);
    EXPECT_EQ(findings[i].subject.kind, Subject::Kind::node);
    EXPECT_EQ(findings[i].subject.name, kNode);
    EXPECT_EQ(findings[i].message, "data model not read: auth: Authentication failed");
  }
  facts.node.clear();
  EXPECT_EQ(check_data_model(facts, Policy{}).front().subject.name, "deployment");
}

}  // namespace
}  // namespace data_model_test
}  // namespace mongoscan
