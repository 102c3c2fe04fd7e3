#include "checks/data_model/data_model.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "checks/system_collections.h"
#include "checks/text_list.h"
#include "checks/verdict.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

using nlohmann::json;

constexpr std::int64_t kMaxBsonDocumentBytes = 16 * 1024 * 1024;
constexpr std::size_t kMaxNamespaceBytes = 255;  // MongoDB 4.4+ (db.collection)
// Unbounded arrays: lengths that rise with document age, over enough documents to tell.
constexpr std::size_t kMinGrowthSamples = 10;
constexpr double kMinGrowthCorrelation = 0.8;
constexpr std::int64_t kMinGrowthLength = 10;

std::string join_names(const std::set<std::string>& names) {
  return join(std::vector<std::string>(names.begin(), names.end()));
}

enum ModelSpec {
  kModelNames,
  kModelFieldNames,
  kModelShape,
  kModelTypes,
  kModelValidation,
  kModelCounts
};

// Collections the server creates in business databases.
bool is_server_collection(std::string_view name) {
  return name == "system.views" || name == "system.profile" ||
         name.starts_with("system.buckets.") || name.starts_with("system.resharding.");
}

bool is_lower_snake(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

bool is_digits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A suffix that looks like a date (2024_03, 2024-03, 202403, 20240315, 2024_03_15) at the end of
// a name; empty when none.
std::string date_suffix(std::string_view name) {
  std::size_t start = name.size();
  std::size_t digits = 0;
  while (start > 0) {
    const char c = name[start - 1];
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (!((c == '_' || c == '-') && start >= 2 && name[start - 2] >= '0' &&
                 name[start - 2] <= '9')) {
      break;
    }
    --start;
  }
  const std::string_view suffix = name.substr(start);
  const bool year = suffix.size() >= 4 && (suffix.starts_with("19") || suffix.starts_with("20"));
  return (digits == 6 || digits == 8) && year ? std::string(suffix) : "";
}

std::vector<std::string> name_problems(std::string_view name, bool database,
                                       const DataModelRules& rules) {
  std::vector<std::string> problems;
  if (!is_lower_snake(name)) problems.push_back("not only lowercase letters, digits and _");
  if (static_cast<std::int64_t>(name.size()) > rules.max_name_bytes) {
    problems.push_back(std::to_string(name.size()) + " bytes (above " +
                       std::to_string(rules.max_name_bytes) + ")");
  }
  const std::string& prefix = database ? rules.database_prefix : rules.collection_prefix;
  if (!prefix.empty() && !name.starts_with(prefix)) problems.push_back("no " + prefix + " prefix");
  if (!database && name.starts_with("system.")) problems.push_back("the reserved system. prefix");
  if (!database && rules.time_suffixed_families) {
    const std::string suffix = date_suffix(name);
    if (!suffix.empty() && !(is_digits(suffix) && name[name.size() - suffix.size() - 1] == '_')) {
      problems.push_back("date suffix " + suffix + " is not _YYYYMM or _YYYYMMDD");
    }
  }
  return problems;
}

// Collections of a database that a sample or statistics describe (not views, not the server's).
bool is_business_collection(const CollectionFacts& collection) {
  return collection.type != "view" && !is_server_collection(collection.name);
}

// Shared shape of the per-database checks: a verdict per collection that has a problem, and one
// pass for the rest.
class DatabaseJudgement {
 public:
  DatabaseJudgement(const CheckSpec& spec, const Policy& policy, std::vector<Finding>& findings)
      : spec_(spec), policy_(policy), findings_(findings) {}

  void add(const std::string& ns, Verdict verdict, std::optional<Severity> severity = {}) {
    Finding finding = make_finding(spec_, policy_, Subject::ns(ns), std::move(verdict));
    if (severity) finding.severity = *severity;
    findings_.push_back(std::move(finding));
  }
  void keep(const std::string& collection) { kept_.push_back(collection); }
  // One pass on the database for the collections kept, when there are any.
  void pass(const std::string& database, const std::string& what) {
    if (kept_.empty()) return;
    add(database,
        {Status::pass,
         std::to_string(kept_.size()) + " collection" + (kept_.size() == 1 ? "" : "s") + " " + what,
         {{"collections", kept_}}});
    kept_.clear();
  }
  // Forgets the collections kept so far, for a database whose own finding stands for them.
  void forget_kept() { kept_.clear(); }

 private:
  const CheckSpec& spec_;
  const Policy& policy_;
  std::vector<Finding>& findings_;
  std::vector<std::string> kept_;
};

// MODEL-003/004 need the collection's facts: an error or a skip when they did not arrive.
std::optional<Verdict> missing_facts(const CollectionFacts& collection, bool needs_sample) {
  if (collection.errors.empty()) return std::nullopt;
  if (needs_sample ? collection.sample.has_value() : collection.count.has_value())
    return std::nullopt;
  const Error& error = collection.errors.front();
  if (error.code == ErrorCode::unauthorized) {
    return Verdict{Status::skipped,
                   "needs the " + std::string(needs_sample ? "find" : "collStats") +
                       " action on this collection: " + error.message,
                   {{"phase", error.phase}}};
  }
  return Verdict{
      Status::error, error.phase + " failed: " + error.message, {{"phase", error.phase}}};
}

void judge_names(const DataModelFacts& facts, const Policy& policy, const CheckSpec& spec,
                 std::vector<Finding>& findings) {
  DatabaseJudgement judgement(spec, policy, findings);
  const DataModelRules& rules = policy.data_model;
  for (const DatabaseFacts& database : facts.databases) {
    if (is_system_database(database.name)) {
      std::vector<std::string> business;
      for (const CollectionFacts& collection : database.collections) {
        if (!is_system_collection(database.name, collection.name))
          business.push_back(collection.name);
      }
      if (database.error) continue;
      judgement.add(database.name,
                    business.empty()
                        ? Verdict{Status::pass, "only MongoDB's own collections", {}}
                        : Verdict{Status::fail,
                                  "business data in a system database: " + join(business),
                                  {{"business_collections", business}}});
      continue;
    }
    const auto database_problems = name_problems(database.name, true, rules);
    if (!database_problems.empty()) {
      judgement.add(database.name,
                    {Status::fail,
                     "database name '" + database.name + "': " + join(database_problems),
                     {{"problems", database_problems}}});
    }
    for (const CollectionFacts& collection : database.collections) {
      if (is_server_collection(collection.name)) continue;
      auto problems = name_problems(collection.name, false, rules);
      const std::string ns = database.name + "." + collection.name;
      if (ns.size() > kMaxNamespaceBytes) {
        problems.push_back("namespace of " + std::to_string(ns.size()) + " bytes (above 255)");
      }
      if (problems.empty()) {
        judgement.keep(collection.name);
      } else {
        judgement.add(ns, {Status::fail,
                           "collection name '" + collection.name + "': " + join(problems),
                           {{"problems", problems}}});
      }
    }
    if (database_problems.empty()) {
      judgement.pass(database.name, "named by the rules");
    } else {
      judgement.forget_kept();
    }
  }
}

// The name a field has at the end of its path.
std::string_view last_segment(std::string_view path) {
  const auto dot = path.rfind('.');
  return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

bool has_upper(std::string_view name) {
  return std::any_of(name.begin(), name.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

// Short names that say what they hold.
bool is_plain_short_word(std::string_view name) {
  static const std::set<std::string_view> kWords = {
      "id",  "ip",  "url", "uri",  "sku", "tax", "age", "day", "key", "tag", "fee", "sum",
      "max", "min", "lat", "lng",  "lon", "geo", "seq", "ref", "raw", "log", "set", "map",
      "os",  "via", "to",  "from", "by",  "at",  "on",  "of",  "pin", "vat", "zip", "job",
      "bio", "cvv", "iso", "utc",  "gps", "dob", "ttl", "eta", "row", "top", "end", "new"};
  return kWords.contains(name);
}

void judge_field_names(const DataModelFacts& facts, const Policy& policy, const CheckSpec& spec,
                       std::vector<Finding>& findings) {
  DatabaseJudgement judgement(spec, policy, findings);
  for (const DatabaseFacts& database : facts.databases) {
    if (is_system_database(database.name)) continue;
    for (const CollectionFacts& collection : database.collections) {
      if (!collection.sample || collection.sample->fields.empty()) continue;
      std::set<std::string> camel, snake, underscored, abbreviated;
      for (const FieldShape& field : collection.sample->fields) {
        const std::string name(last_segment(field.path));
        if (name == "_id" || is_digits(name)) continue;
        if (name.starts_with("_")) {
          underscored.insert(name);
        } else if (has_upper(name)) {
          camel.insert(name);
        } else if (name.find('_') != std::string::npos) {
          snake.insert(name);
        }
        if (name.size() <= 3 && !has_upper(name) && !is_plain_short_word(name))
          abbreviated.insert(name);
      }
      const std::string ns = database.name + "." + collection.name;
      std::vector<std::string> problems;
      json evidence = json::object();
      if (!camel.empty() && !snake.empty()) {
        problems.push_back("mixes camelCase (" + join_names(camel) + ") and snake_case (" +
                           join_names(snake) + ")");
        evidence["camel_case"] = camel;
        evidence["snake_case"] = snake;
      }
      if (!underscored.empty()) {
        problems.push_back("business fields starting with _: " + join_names(underscored));
        evidence["underscore_prefixed"] = underscored;
      }
      if (!problems.empty()) {
        judgement.add(ns, {Status::fail, join(problems, "; "), evidence});
      } else if (!abbreviated.empty()) {
        judgement.add(ns,
                      {Status::warn,
                       "short abbreviations as field names: " + join_names(abbreviated),
                       {{"abbreviations", abbreviated}}},
                      Severity::info);
      } else {
        judgement.keep(collection.name);
      }
    }
    judgement.pass(database.name, "with one field naming style");
  }
}

// Spearman's rank correlation of (age, length); 0 when either does not vary.
double rank_correlation(std::vector<std::pair<std::int64_t, std::int64_t>> points) {
  const std::size_t n = points.size();
  auto ranks = [&](auto key) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return key(points[a]) < key(points[b]); });
    std::vector<double> rank(n);
    for (std::size_t i = 0; i < n;) {
      std::size_t j = i;
      while (j + 1 < n && key(points[order[j + 1]]) == key(points[order[i]])) ++j;
      for (std::size_t k = i; k <= j; ++k) rank[order[k]] = (static_cast<double>(i + j)) / 2.0;
      i = j + 1;
    }
    return rank;
  };
  const auto x = ranks([](const auto& p) { return p.first; });
  const auto y = ranks([](const auto& p) { return p.second; });
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < n; ++i) {
    mx += x[i];
    my += y[i];
  }
  mx /= static_cast<double>(n);
  my /= static_cast<double>(n);
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  return sxx == 0 || syy == 0 ? 0 : sxy / std::sqrt(sxx * syy);
}

// fail with every problem when something fails, else warn with the warnings, else pass.
Verdict worst_of(std::vector<std::string> failures, const std::vector<std::string>& warnings,
                 json evidence) {
  if (!failures.empty()) {
    failures.insert(failures.end(), warnings.begin(), warnings.end());
    return {Status::fail, join(failures, "; "), std::move(evidence)};
  }
  if (!warnings.empty()) return {Status::warn, join(warnings, "; "), std::move(evidence)};
  return {Status::pass, "", std::move(evidence)};
}

std::string kib(std::int64_t bytes) { return std::to_string(bytes / 1024) + " KiB"; }

// A sample the 16 MiB reply limit cut short, in words; empty when it was not.
std::string sample_cut(const SampleShape& sample) {
  if (!sample.cut_short) return "";
  return "the sample was cut at " + std::to_string(sample.documents) + " of " +
         std::to_string(sample.requested) +
         " documents by the 16 MiB reply limit (the rest is not read: getMore is not allowed; "
         "the server closes the cursor after cursorTimeoutMillis)";
}

Verdict judge_collection_shape(const CollectionFacts& collection, const DataModelRules& rules) {
  std::vector<std::string> failures, warnings;
  json evidence = json::object();
  if (collection.average_document_bytes) {
    evidence["average_document_bytes"] = *collection.average_document_bytes;
    if (*collection.average_document_bytes > rules.average_document_bytes) {
      warnings.push_back("average document " + kib(*collection.average_document_bytes) +
                         " (above " + kib(rules.average_document_bytes) + ")");
    }
  }
  if (const auto& sample = collection.sample) {
    evidence["sampled_documents"] = sample->documents;
    evidence["max_document_bytes"] = sample->max_document_bytes;
    evidence["max_depth"] = sample->max_depth;
    const std::int64_t limit = kMaxBsonDocumentBytes * rules.document_limit_percent / 100;
    if (sample->max_document_bytes > limit) {
      failures.push_back("a document of " + kib(sample->max_document_bytes) + " is within " +
                         std::to_string(100 - rules.document_limit_percent) +
                         "% of the 16 MiB limit");
    } else if (sample->max_document_bytes > rules.max_document_bytes) {
      warnings.push_back("a document of " + kib(sample->max_document_bytes) + " (above " +
                         kib(rules.max_document_bytes) + ")");
    }
    if (sample->max_depth > rules.max_depth) {
      evidence["deepest_path"] = sample->deepest_path;
      warnings.push_back("nested " + std::to_string(sample->max_depth) + " levels at " +
                         sample->deepest_path + " (above " + std::to_string(rules.max_depth) + ")");
    }
    json arrays = json::array();
    for (const ArrayShape& array : sample->arrays) {
      const double growth = array.length_by_age.size() >= kMinGrowthSamples
                                ? rank_correlation(array.length_by_age)
                                : 0;
      const bool long_array = array.max_length > rules.max_array_length;
      const bool grows = growth >= kMinGrowthCorrelation && array.max_length >= kMinGrowthLength;
      if (!long_array && !grows) continue;
      arrays.push_back({{"path", array.path},
                        {"max_length", array.max_length},
                        {"length_age_correlation", std::round(growth * 100) / 100}});
      if (long_array) {
        warnings.push_back("array " + array.path + " of " + std::to_string(array.max_length) +
                           " elements (above " + std::to_string(rules.max_array_length) + ")");
      }
      if (grows) {
        warnings.push_back("array " + array.path +
                           " grows with document age (unbounded: older documents hold more)");
      }
    }
    if (!arrays.empty()) evidence["arrays"] = arrays;
  }
  const std::string cut = collection.sample ? sample_cut(*collection.sample) : "";
  if (!cut.empty()) evidence["sample_cut"] = cut;
  Verdict verdict = worst_of(std::move(failures), warnings, std::move(evidence));
  if (verdict.status == Status::pass && !cut.empty())
    verdict.message = "within the size, nesting and array limits; " + cut;
  return verdict;
}

bool is_money_name(std::string_view name) {
  const std::string lower = to_lower_ascii(name);
  for (const char* word : {"amount", "price", "total", "balance", "fee", "cost"}) {
    if (lower.find(word) != std::string::npos) return true;
  }
  return false;
}

Verdict judge_collection_types(const SampleShape& sample) {
  std::vector<std::string> failures, warnings;
  json drift = json::object(), string_dates = json::array(), double_money = json::array();
  for (const FieldShape& field : sample.fields) {
    std::set<std::string> kinds;
    int strings = 0;
    for (const auto& [type, count] : field.types) {
      if (type == "null") continue;
      kinds.insert(type == "long" ? "int" : type);  // drivers write small integers either way
      if (type == "string") strings = count;
    }
    if (kinds.size() > 1) drift[field.path] = kinds;
    if (strings > 0 && field.date_like_strings * 2 >= strings) string_dates.push_back(field.path);
    if (field.types.contains("double") && is_money_name(last_segment(field.path)))
      double_money.push_back(field.path);
    if (field.path == "_id" && field.uuid_like_strings > 0) {
      warnings.push_back(
          "_id holds random UUID strings (no insertion order, a larger index than "
          "ObjectId)");
    }
  }
  if (!drift.empty()) {
    std::vector<std::string> paths;
    for (const auto& [path, kinds] : drift.items()) paths.push_back(path);
    failures.push_back("more than one type at " + join(paths));
  }
  if (!string_dates.empty())
    failures.push_back("dates stored as strings at " +
                       join(string_dates.get<std::vector<std::string>>()));
  if (!double_money.empty()) {
    failures.push_back("money stored as double (use Decimal128) at " +
                       join(double_money.get<std::vector<std::string>>()));
  }
  json evidence = {{"sampled_documents", sample.documents}};
  if (!drift.empty()) evidence["types_by_path"] = drift;
  if (!string_dates.empty()) evidence["date_strings"] = string_dates;
  if (!double_money.empty()) evidence["money_as_double"] = double_money;
  return worst_of(std::move(failures), warnings, std::move(evidence));
}

// MODEL-003 and MODEL-004: per sampled collection.
void judge_collections(const DataModelFacts& facts, const Policy& policy, const CheckSpec& spec,
                       bool types, std::vector<Finding>& findings) {
  DatabaseJudgement judgement(spec, policy, findings);
  for (const DatabaseFacts& database : facts.databases) {
    if (is_system_database(database.name)) continue;
    for (const CollectionFacts& collection : database.collections) {
      if (!is_business_collection(collection)) continue;
      const std::string ns = database.name + "." + collection.name;
      if (auto missing = missing_facts(collection, types)) {
        judgement.add(ns, std::move(*missing));
        continue;
      }
      if (types && !collection.sample) continue;  // empty: no documents to judge
      Verdict verdict = types ? judge_collection_types(*collection.sample)
                              : judge_collection_shape(collection, policy.data_model);
      if (verdict.status == Status::pass && verdict.message.empty()) {  // nothing to add
        judgement.keep(collection.name);
      } else {
        judgement.add(ns, std::move(verdict));
      }
    }
    judgement.pass(database.name, types ? "with one type per field, dates as Date and money as "
                                          "Decimal128"
                                        : "within the size, nesting and array limits");
  }
}

void judge_validation(const DataModelFacts& facts, const Policy& policy, const CheckSpec& spec,
                      std::vector<Finding>& findings) {
  DatabaseJudgement judgement(spec, policy, findings);
  const auto& core = policy.data_model.core_collections;
  for (const DatabaseFacts& database : facts.databases) {
    if (is_system_database(database.name)) continue;
    for (const CollectionFacts& collection : database.collections) {
      const std::string ns = database.name + "." + collection.name;
      if (collection.type != "collection" || is_server_collection(collection.name)) continue;
      if (core && !core->contains(ns)) continue;
      const json evidence = {
          {"validator", collection.has_validator},
          {"validationLevel",
           collection.validation_level.empty() ? "strict (default)" : collection.validation_level},
          {"validationAction", collection.validation_action.empty()
                                   ? "error (default)"
                                   : collection.validation_action}};
      if (!collection.has_validator) {
        judgement.add(ns, {Status::fail, "no schema validator", evidence});
      } else if (collection.validation_action == "warn") {
        judgement.add(
            ns, {Status::fail, "validationAction is warn: invalid documents are written anyway",
                 evidence});
      } else if (collection.validation_level == "off") {
        judgement.add(
            ns, {Status::fail, "validationLevel is off: the validator is not applied", evidence});
      } else {
        judgement.keep(collection.name);
      }
    }
    judgement.pass(database.name, "validated (validationAction error)");
  }
}

void judge_counts(const DataModelFacts& facts, const Policy& policy, const CheckSpec& spec,
                  std::vector<Finding>& findings) {
  const DataModelRules& rules = policy.data_model;
  std::int64_t total = 0;
  for (const DatabaseFacts& database : facts.databases) {
    const auto count = static_cast<std::int64_t>(database.collections.size());
    total += count;
    if (is_system_database(database.name) || database.error) continue;
    const json evidence = {{"collections", count}, {"limit", rules.max_collections_per_database}};
    findings.push_back(make_finding(
        spec, policy, Subject::ns(database.name),
        count > rules.max_collections_per_database
            ? Verdict{Status::fail,
                      std::to_string(count) + " collections in one database (above " +
                          std::to_string(rules.max_collections_per_database) + ")",
                      evidence}
            : Verdict{Status::pass,
                      std::to_string(count) + (count == 1 ? " collection" : " collections"),
                      evidence}));
  }
  json evidence = {{"collections", total}, {"limit", rules.max_collections_per_instance}};
  if (!facts.excluded_databases.empty())
    evidence["databases_not_counted"] = facts.excluded_databases;
  findings.push_back(make_finding(
      spec, policy, Subject::node(facts.node),
      total > rules.max_collections_per_instance
          ? Verdict{Status::fail,
                    std::to_string(total) + " collections on the instance (above " +
                        std::to_string(rules.max_collections_per_instance) + ")",
                    evidence}
          : Verdict{Status::pass, std::to_string(total) + " collections on the instance",
                    evidence}));
}

}  // namespace

const std::vector<CheckSpec>& data_model_specs() {
  static const std::vector<CheckSpec> specs = {
      {"MODEL-001",
       "Database and collection names follow the naming rules",
       Layer::data_model,
       Severity::low,
       {{Framework::devspec, "B.1", "No system database names for business data"},
        {Framework::devspec, "B.2", "Database names"},
        {Framework::devspec, "B.3", "Collection names"},
        {Framework::devspec, "B.C1", "Checklist: naming consistency"}},
       "Rename with renameCollection (databases: copy into a new one) to lowercase snake_case "
       "names, and move business collections out of admin, local and config.",
       "Database and collection names follow the naming rules (`--data-model`)."},
      {"MODEL-002",
       "Field names follow one style",
       Layer::data_model,
       Severity::low,
       {{Framework::devspec, "B.4", "Field names"},
        {Framework::devspec, "B.C1", "Checklist: naming consistency"}},
       "Pick camelCase or snake_case per collection, rename the others ($rename), keep the _ "
       "prefix for _id, and spell out abbreviations.",
       "Field names follow one style per collection (`--data-model`)."},
      {"MODEL-003",
       "Documents within the size, nesting and array limits",
       Layer::data_model,
       Severity::medium,
       {{Framework::devspec, "B.5", "Single document size"},
        {Framework::devspec, "B.6", "Nesting levels"},
        {Framework::devspec, "B.8", "Arrays"},
        {Framework::devspec, "B.C2", "Checklist: document size"},
        {Framework::devspec, "B.C3", "Checklist: nesting depth"},
        {Framework::devspec, "B.C4", "Checklist: no unbounded arrays"}},
       "Move large payloads to GridFS or object storage, flatten deep nesting, and move growing "
       "arrays into their own collection (the bucket or outlier pattern).",
       "Documents within the size, nesting and array limits (`--data-model`)."},
      {"MODEL-004",
       "One type per field; dates as Date, money as Decimal128",
       Layer::data_model,
       Severity::medium,
       {{Framework::devspec, "B.9", "Data types"},
        {Framework::devspec, "B.10", "_id usage"},
        {Framework::devspec, "B.C5", "Checklist: strict types"}},
       "Convert drifting fields to one type ($convert in an update pipeline), store dates as Date "
       "and money as Decimal128, and let the server generate ObjectId _id values.",
       "One type per field; dates as Date, money as Decimal128 (`--data-model`)."},
      {"MODEL-005",
       "Schema validation on core collections",
       Layer::data_model,
       Severity::medium,
       {{Framework::devspec, "B.11", "Schema validation"},
        {Framework::devspec, "B.C6", "Checklist: schema validation enabled"},
        {Framework::stig, "V-252181",
         "When invalid inputs are received, MongoDB must behave in a predictable and documented "
         "manner that reflects organizational and system objectives."}},
       "Add a $jsonSchema validator with collMod, validationLevel strict or moderate and "
       "validationAction error.",
       "Schema validation on core collections (`--data-model`)."},
      {"MODEL-006",
       "Collection counts within limits",
       Layer::data_model,
       Severity::medium,
       {{Framework::devspec, "B.12", "Collection count"},
        {Framework::devspec, "B.C7", "Checklist: collection count"}},
       "Merge per-tenant or per-period collections into one collection with a discriminator "
       "field and an index, or spread them over databases.",
       "Collection counts within limits (`--data-model`)."},
  };
  return specs;
}

// Databases the account may not list were never sampled: nothing a check says covers them.
void mark_partial_listing(std::vector<Finding>& findings, ListingScope databases_listing) {
  if (databases_listing == ListingScope::complete) return;
  const std::string note =
      databases_listing == ListingScope::filtered
          ? partial_listing_note("databases", "listDatabases", "the cluster")
          : "connectionStatus did not say whether the scanning account may list every database";
  for (Finding& finding : findings) {
    finding.evidence["partial_evidence"] = note;
    if (finding.status == Status::pass) finding.message += " (partial evidence: " + note + ")";
  }
}

std::vector<Finding> check_data_model(const DataModelFacts& facts, const Policy& policy,
                                      ListingScope databases_listing) {
  const auto& specs = data_model_specs();
  std::vector<Finding> findings;
  if (!facts.errors.empty()) {
    const Error& error = facts.errors.front();
    for (const CheckSpec& spec : specs) {
      findings.push_back(make_finding(spec, policy,
                                      Subject::node(facts.node.empty() ? "deployment" : facts.node),
                                      {Status::error,
                                       "data model not read: " + error.phase + ": " + error.message,
                                       {{"phase", error.phase}}}));
    }
    return findings;
  }
  judge_names(facts, policy, specs[kModelNames], findings);
  judge_field_names(facts, policy, specs[kModelFieldNames], findings);
  judge_collections(facts, policy, specs[kModelShape], false, findings);
  judge_collections(facts, policy, specs[kModelTypes], true, findings);
  judge_validation(facts, policy, specs[kModelValidation], findings);
  judge_counts(facts, policy, specs[kModelCounts], findings);
  mark_partial_listing(findings, databases_listing);
  return findings;
}

}  // namespace mongoscan
