// The compiled-in release data: it parses, it is dated, every entry has a source, and the parser
// refuses the shapes the checks could not use.

#include "checks/server/release_data.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "checks/server/server_settings.h"

namespace mongoscan {
namespace release_data_test {
namespace {

using nlohmann::json;

const ReleaseData& shipped() {
  const auto& data = release_data();
  EXPECT_TRUE(data.ok()) << (data.ok() ? "" : data.error().message);
  return data.value();
}

TEST(ReleaseData, TheCompiledInTextIsTheFileInTheRepository) {
  std::ifstream file(std::string(MONGOSCAN_SOURCE_DIR) + "/checks/data/mongodb-releases.json");
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_EQ(text.str(), kMongodbReleasesJson);
}

// The shipped data must be refreshed within kReleaseDataFreshDays: past that every VER check
// warns instead of passing (and the lab profiles' expectations change), so the suite says why.
TEST(ReleaseData, IsNoOlderThanTheFreshnessLimitOnTheDayTheTestsRun) {
  const auto today = std::chrono::year_month_day(
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
  EXPECT_LE(shipped().age_in_days(today), kReleaseDataFreshDays)
      << "checks/data/mongodb-releases.json is as of " << shipped().as_of
      << ": check its series, latest patches and CVEs against their sources and move as_of";
}

TEST(ReleaseData, IsDatedAndSourcedEntryByEntry) {
  const ReleaseData& data = shipped();
  EXPECT_TRUE(parse_iso_date(data.as_of).has_value());
  for (const ReleaseSeries& series : data.series) {
    EXPECT_TRUE(series.source.starts_with("https://")) << series.series;
    if (!series.latest_patch) continue;
    EXPECT_TRUE(series.latest_patch->source.starts_with("https://")) << series.series;
    EXPECT_LE(series.latest_patch->released_by, data.as_of) << series.series;
  }
  ASSERT_FALSE(data.cves.empty());
  for (const KnownCve& cve : data.cves) {
    EXPECT_TRUE(cve.source.starts_with("https://")) << cve.id;
    EXPECT_TRUE(cve.id.starts_with("CVE-")) << cve.id;
    EXPECT_FALSE(cve.title.empty()) << cve.id;
    for (const AffectedRange& range : cve.affected) {
      EXPECT_NE(data.find_series(range.introduced), nullptr) << cve.id << " " << range.series;
    }
  }
}

TEST(ReleaseData, KnowsTheLifecycleOfTheSeries) {
  const ReleaseData& data = shipped();
  ASSERT_NE(data.find_series("4.4.29"), nullptr);
  EXPECT_EQ(data.find_series("4.4.29")->end_of_life, "2024-02-29");
  EXPECT_EQ(data.find_series("7.0.9")->end_of_life, "2027-08-31");
  EXPECT_EQ(data.find_series("8.0.0")->end_of_life, "2029-10-31");
  EXPECT_EQ(data.find_series("8.1.0")->kind, "rapid");
  EXPECT_EQ(data.find_series("4.3.1"), nullptr);  // a development series
  EXPECT_EQ(data.newest_series(), "9.0");
}

TEST(ReleaseData, MongoBleedNeedsZlibAndIsFixedPerSeries) {
  const ReleaseData& data = shipped();
  const auto it = std::find_if(data.cves.begin(), data.cves.end(),
                               [](const KnownCve& cve) { return cve.id == "CVE-2025-14847"; });
  ASSERT_NE(it, data.cves.end());
  EXPECT_EQ(it->condition.compressor, "zlib");
  EXPECT_EQ(it->severity, Severity::high);
  EXPECT_EQ(it->fixed_versions,
            (std::vector<std::string>{"8.2.3", "8.0.17", "7.0.28", "6.0.27", "5.0.32", "4.4.30"}));
}

TEST(AffectedRange, EdgesAreIntroducedInclusiveFixedExclusiveLastAffectedInclusive) {
  const AffectedRange fixed{"7.0", "7.0.0", "7.0.28", std::nullopt};
  EXPECT_TRUE(fixed.contains("7.0.0"));
  EXPECT_TRUE(fixed.contains("7.0.27"));
  EXPECT_FALSE(fixed.contains("7.0.28"));
  EXPECT_FALSE(fixed.contains("7.0.30"));
  EXPECT_FALSE(fixed.contains("8.0.1"));
  EXPECT_FALSE(fixed.contains("6.0.1"));
  EXPECT_TRUE(fixed.contains("7.0.9-ent"));
  const AffectedRange last{"4.4", "4.4.2", std::nullopt, "4.4.28"};
  EXPECT_FALSE(last.contains("4.4.1"));
  EXPECT_TRUE(last.contains("4.4.2"));
  EXPECT_TRUE(last.contains("4.4.28"));
  EXPECT_FALSE(last.contains("4.4.29"));
  const AffectedRange open{"4.2", "4.2.0", std::nullopt, std::nullopt};
  EXPECT_TRUE(open.contains("4.2.25"));
  EXPECT_FALSE(open.contains("4.4.0"));
}

TEST(SeriesOf, IsMajorDotMinor) {
  EXPECT_EQ(series_of("7.0.9"), "7.0");
  EXPECT_EQ(series_of("10.12.1-rc0"), "10.12");
  EXPECT_EQ(series_of("7"), "");
  EXPECT_EQ(series_of("x.1"), "");
}

// A minimal valid document with `cve` as its only CVE.
std::string with_cve(const json& cve) {
  return json{{"as_of", "2026-11-23"},
              {"series",
               {{{"series", "7.0"},
                 {"kind", "major"},
                 {"end_of_life", "2027-08-31"},
                 {"source", "https://example.test"}}}},
              {"cves", {cve}}}
      .dump();
}

json valid_cve() {
  return {{"id", "CVE-1"},
          {"title", "t"},
          {"severity", "high"},
          {"cvss", nullptr},
          {"affected", {{{"series", "7.0"}, {"introduced", "7.0.0"}, {"fixed", "7.0.2"}}}},
          {"fixed_versions", {"7.0.2"}},
          {"source", "https://example.test"}};
}

std::string parse_error(const std::string& text) {
  const auto parsed = parse_release_data(text);
  return parsed ? "" : parsed.error().message;
}

TEST(ParseReleaseData, AcceptsAValidDocument) { EXPECT_EQ(parse_error(with_cve(valid_cve())), ""); }

TEST(ParseReleaseData, RefusesShapesTheChecksCannotUse) {
  EXPECT_NE(parse_error("not json"), "");
  EXPECT_NE(parse_error(R"({"series": [], "cves": []})"), "");
  json cve = valid_cve();
  cve["severity"] = "severe";
  EXPECT_NE(parse_error(with_cve(cve)).find("unknown severity"), std::string::npos);
  cve = valid_cve();
  cve["affected"][0]["fixed"] = "8.0.1";
  EXPECT_NE(parse_error(with_cve(cve)).find("not a version of the series"), std::string::npos);
  cve = valid_cve();
  cve["fixed_versions"] = json::array();
  EXPECT_NE(parse_error(with_cve(cve)).find("missing from fixed_versions"), std::string::npos);
  cve = valid_cve();
  cve["condition"] = {{"os", "linux"}};
  EXPECT_NE(parse_error(with_cve(cve)).find("unknown condition 'os'"), std::string::npos);
  cve = valid_cve();
  cve.erase("source");
  EXPECT_NE(parse_error(with_cve(cve)).find("'source'"), std::string::npos);
  cve = valid_cve();
  cve["affected"][0]["last_affected"] = "7.0.1";
  EXPECT_NE(parse_error(with_cve(cve)).find("not both"), std::string::npos);
}

TEST(ParseReleaseData, ReadsAndHoldsTheLatestPatchOfASeries) {
  json document = json::parse(with_cve(valid_cve()));
  document["series"][0]["latest_patch"] = {
      {"version", "7.0.28"}, {"released_by", "2026-10-01"}, {"source", "https://example.test/7.0"}};
  const auto parsed = parse_release_data(document.dump());
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  EXPECT_EQ(parsed.value().series[0].latest_patch->version, "7.0.28");
  document["series"][0]["latest_patch"]["version"] = "8.0.1";
  EXPECT_NE(parse_error(document.dump()).find("not a version of the series"), std::string::npos);
  document["series"][0]["latest_patch"]["version"] = "7.0.28";
  document["series"][0]["latest_patch"]["released_by"] = "2026-02-30";
  EXPECT_NE(parse_error(document.dump()).find("'released_by' must be YYYY-MM-DD"),
            std::string::npos);
  document["series"][0]["latest_patch"] = "7.0.28";
  EXPECT_NE(parse_error(document.dump()).find("'latest_patch' must be an object"),
            std::string::npos);
}

TEST(ParseReleaseData, ReadsConditionsAndScores) {
  json cve = valid_cve();
  cve["condition"] = {{"compressor", "zlib"}, {"tls_without_ca_file", true}};
  cve["cvss"] = {{"version", "3.1"}, {"score", 7.5}, {"vector", "CVSS:3.1/AV:N"}};
  const auto parsed = parse_release_data(with_cve(cve));
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  const KnownCve& read = parsed.value().cves.at(0);
  EXPECT_EQ(read.condition.compressor, "zlib");
  EXPECT_TRUE(read.condition.tls_without_ca_file);
  EXPECT_FALSE(read.condition.sharded);
  EXPECT_EQ(read.cvss_score, 7.5);
}

}  // namespace
}  // namespace release_data_test
}  // namespace mongoscan
