#include "reports/catalogue.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "checks/registry.h"
#include "tests/support/golden.h"

namespace mongoscan {
namespace catalogue_test {
namespace {

using testing_support::matches_golden;

std::vector<CheckSpec> sample_specs() {
  return {
      {"NET-002",
       "bindIp is not every interface",
       Layer::network,
       Severity::high,
       {{Framework::checklist, "network-exposure", "Limit Network Exposure"}},
       "Set net.bindIp to the addresses that clients use.",
       "`net.bindIp` is not 0.0.0.0 / :: (alone or in a list) and `net.bindIpAll` is off; an unset "
       "bindIp is judged at the version's default, so that only the networks clients use reach "
       "the node, never every interface."},
      {"TLS-002",
       "TLS 1.0 | 1.1 refused; no weak cipher",
       Layer::transport,
       Severity::high,
       {{Framework::cis, "4.1", "Ensure legacy TLS protocols are disabled"},
        {Framework::cis, "4.2", "Ensure Weak Protocols are Disabled"}},
       "Set net.tls.disabledProtocols to TLS1_0,TLS1_1 and keep the default cipher list; test "
       "with openssl s_client -tls1_1 to confirm that the handshake fails."},
      {"MODEL-001",
       "Names: lowercase + underscores — «db_» prefix",
       Layer::data_model,
       Severity::low,
       {},
       "Rename the database."},
  };
}

std::string render(CatalogueFormat format) {
  std::ostringstream out;
  write_catalogue(sample_specs(), format, out);
  return out.str();
}

TEST(CatalogueTest, ParsesFormatNames) {
  EXPECT_EQ(parse_catalogue_format("table"), CatalogueFormat::table);
  EXPECT_EQ(parse_catalogue_format("json"), CatalogueFormat::json);
  EXPECT_EQ(parse_catalogue_format("md"), CatalogueFormat::md);
  EXPECT_EQ(parse_catalogue_format("markdown"), std::nullopt);
  EXPECT_EQ(parse_catalogue_format("html"), std::nullopt);
}

TEST(CatalogueTest, TableMatchesGolden) {
  EXPECT_TRUE(
      matches_golden("tests/reports/golden/catalogue.table.txt", render(CatalogueFormat::table)));
}

TEST(CatalogueTest, JsonMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/catalogue.json", render(CatalogueFormat::json)));
}

TEST(CatalogueTest, MarkdownMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/catalogue.md", render(CatalogueFormat::md)));
}

TEST(CatalogueTest, JsonKeepsEveryFieldInFull) {
  const nlohmann::json catalogue = nlohmann::json::parse(render(CatalogueFormat::json));
  ASSERT_EQ(catalogue.size(), 3u);
  EXPECT_EQ(catalogue[1]["id"], "TLS-002");
  EXPECT_EQ(catalogue[1]["layer"], "transport");
  EXPECT_EQ(catalogue[1]["severity"], "high");
  ASSERT_EQ(catalogue[1]["references"].size(), 2u);
  EXPECT_EQ(catalogue[1]["references"][0],
            nlohmann::json({{"framework", "cis"},
                            {"id", "4.1"},
                            {"title", "Ensure legacy TLS protocols are disabled"}}));
  EXPECT_EQ(catalogue[1]["remediation"], sample_specs()[1].remediation);
}

// Each check has an entry whose anchor SARIF rules' helpUri name, listed in the contents; prose
// wraps at 100 columns.
TEST(CatalogueTest, MarkdownAnchorsEveryCheckAndWraps) {
  const std::string markdown = render(CatalogueFormat::md);
  EXPECT_NE(markdown.find("\n### <a id=\"check-tls-002\"></a>TLS-002: TLS 1.0 | 1.1 refused; no "
                          "weak cipher\n"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("\n  - [TLS-002](#check-tls-002): TLS 1.0"), std::string::npos);
  EXPECT_NE(markdown.find("\n- [Transport (TLS)](#transport-tls)\n"), std::string::npos);
  std::istringstream lines(markdown);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), 100u) << line;
  }
}

TEST(CatalogueTest, EmptyCatalogueHasOnlyHeaders) {
  std::ostringstream table, json, markdown;
  write_catalogue({}, CatalogueFormat::table, table);
  write_catalogue({}, CatalogueFormat::json, json);
  write_catalogue({}, CatalogueFormat::md, markdown);
  EXPECT_EQ(table.str(), "ID  LAYER  SEVERITY  TITLE  REFERENCES  REMEDIATION\n");
  EXPECT_EQ(json.str(), "[]\n");
  EXPECT_TRUE(markdown.str().starts_with("# Checks reference\n")) << markdown.str();
  EXPECT_EQ(markdown.str().find("\n#"), std::string::npos) << "no contents, no sections";
}

// docs/checks.md is what `mongoscan checks --format md` prints today; after a change to a check,
// regenerate it with MONGOSCAN_UPDATE_GOLDEN=1 (or `build/mongoscan checks --format md`).
TEST(CatalogueTest, TheChecksReferenceIsTodaysCatalogue) {
  std::ostringstream markdown;
  write_catalogue(check_catalogue(), CatalogueFormat::md, markdown);
  EXPECT_TRUE(matches_golden("docs/checks.md", markdown.str()));
}

}  // namespace
}  // namespace catalogue_test
}  // namespace mongoscan
