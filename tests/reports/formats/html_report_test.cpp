#include "reports/formats/html_report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "checks/data_model/data_model.h"
#include "reports/fix_first.h"
#include "reports/formats/json_report.h"
#include "reports/results_by_check.h"
#include "tests/reports/sample_reports.h"
#include "tests/support/browser_page.h"
#include "tests/support/golden.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace html_report_test {
namespace {

namespace fs = std::filesystem;
using testing_support::acceptance_report;
using testing_support::config_scan_report;
using testing_support::empty_report;
using testing_support::kChromium;
using testing_support::layout_step;
using testing_support::many_nodes_report;
using testing_support::matches_golden;
using testing_support::rich_report;
using testing_support::run_in_browser;

std::string render(const Report& report, ReportView view = ReportView::automatic,
                   HtmlPrint print = HtmlPrint::summary) {
  std::ostringstream out;
  write_html_report(report, out, view, std::nullopt, print);
  return out.str();
}

std::string check_id_html(const std::string& id) {
  return "<code class=\"check-id\">" + id + "</code>";
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

// A directory under the system temp dir, removed with everything in it at scope exit.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "mongoscan-html-XXXXXX").string();
    path_ = ::mkdtemp(pattern.data()) != nullptr ? fs::path(pattern) : fs::path();
  }
  ~TempDir() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

TEST(HtmlReportTest, EmptyReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/empty.html", render(empty_report())));
}

TEST(HtmlReportTest, RichReportMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/rich.html", render(rich_report())));
}

// Issue 38 item 9: the Cloud section with every rule and its source, and the deployment picture
// with the ways in from the internet drawn in front of the joined target's nodes only.
TEST(HtmlReportTest, CloudReportDrawsTheWaysInFrontOfTheJoinedNodes) {
  const std::string html = render(testing_support::cloud_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/cloud.html", html));
  const std::size_t cloud = html.find("<section class=\"cloud\" id=\"cloud\">");
  ASSERT_NE(cloud, std::string::npos);
  EXPECT_NE(html.find("0.0.0.0/0", cloud), std::string::npos);
  EXPECT_NE(html.find("sg-app00001", cloud), std::string::npos) << "a group named as a source";
  const std::size_t first = html.find("id=\"topology-1\"");
  const std::size_t second = html.find("id=\"topology-2\"");
  const std::size_t third = html.find("id=\"topology-3\"");
  ASSERT_TRUE(first != std::string::npos && second != std::string::npos &&
              third != std::string::npos);
  const std::string vip_picture = html.substr(first, second - first);
  EXPECT_NE(vip_picture.find("data-hop=\"load_balancer\""), std::string::npos);
  EXPECT_NE(vip_picture.find("data-hop=\"public_address\""), std::string::npos);
  EXPECT_NE(vip_picture.find("sg-clb00001"), std::string::npos);
  EXPECT_NE(html.substr(second, third - second).find("data-hop=\"access_list\""),
            std::string::npos);
  EXPECT_EQ(html.substr(third, html.find("</svg>", third) - third).find("data-hop"),
            std::string::npos)
      << "no managed deployment in front of the third target";
}

TEST(HtmlReportTest, ConfigScanReportMatchesGolden) {
  EXPECT_TRUE(
      matches_golden("tests/reports/golden/config-scan.html", render(config_scan_report())));
}

TEST(HtmlReportTest, AcceptanceReportMatchesGoldenWithReasonsAndStaleEntries) {
  const std::string html = render(acceptance_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/acceptance.html", html));
  EXPECT_NE(html.find("<span class=\"tag\">ACCEPTED: lab network only &lt;until the VPN moves&gt; "
                      "(until 2025-06-30, owner team-db)</span>"),
            std::string::npos);
  EXPECT_NE(html.find("<section id=\"stale-acceptances\">"), std::string::npos);
  EXPECT_EQ(render(config_scan_report()).find("stale-acceptances"), std::string::npos);
}

TEST(HtmlReportTest, ManyNodesFindingsTableMatchesGolden) {
  EXPECT_TRUE(matches_golden("tests/reports/golden/many-nodes-findings.html",
                             render(many_nodes_report(50))));
}

bool has_matrix(const std::string& html) {
  return html.find("<table class=\"self-check ") != std::string::npos;
}

bool has_findings_table(const std::string& html) {
  return html.find("<table class=\"findings\">") != std::string::npos;
}

// auto: the matrices up to 12 nodes, connection strings or file locations of one kind; the
// findings table beyond.
TEST(HtmlReportTest, AutoRendersAFindingsTableForMoreThanTwelveSubjectsOfAKind) {
  for (const Report& report : {rich_report(), config_scan_report(), many_nodes_report(12)}) {
    const std::string html = render(report);
    EXPECT_TRUE(has_matrix(html));
    EXPECT_FALSE(has_findings_table(html));
  }
  const std::string html = render(many_nodes_report(13));
  EXPECT_TRUE(has_findings_table(html));
  EXPECT_FALSE(has_matrix(html));
  EXPECT_NE(html.find("<h2>Findings</h2>"), std::string::npos);
  EXPECT_NE(html.find("<code>--view grid</code>"), std::string::npos);
}

TEST(HtmlReportTest, ViewForcesTheGridOrTheFindingsTable) {
  EXPECT_TRUE(has_findings_table(render(rich_report(), ReportView::findings)));
  EXPECT_FALSE(has_matrix(render(rich_report(), ReportView::findings)));
  EXPECT_TRUE(has_matrix(render(many_nodes_report(50), ReportView::grid)));
  EXPECT_FALSE(has_findings_table(render(many_nodes_report(50), ReportView::grid)));
}

// A row per fail, error and warn, worst severity first, then the suppressed ones with why.
TEST(HtmlReportTest, FindingsTableRowsAndSuppressedOnesApart) {
  const Report report = config_scan_report();
  const std::string html = render(report, ReportView::findings);
  const StatusCounts counts = report.summary();
  const std::size_t suppressed_at = html.find("<tbody class=\"suppressed\">");
  ASSERT_NE(suppressed_at, std::string::npos) << html;
  const std::string counted = html.substr(0, suppressed_at);
  const std::string suppressed = html.substr(suppressed_at);
  EXPECT_EQ(count(counted, "<tr class=\"status-fail\"") +
                count(counted, "<tr class=\"status-warn\"") +
                count(counted, "<tr class=\"status-error\""),
            static_cast<std::size_t>(counts.fail + counts.warn + counts.error));
  EXPECT_EQ(count(counted, "<tr class=\"status-pass\""), 0u);
  EXPECT_EQ(count(suppressed, "<tr class=\"status-suppressed\""), 2u);
  EXPECT_EQ(count(suppressed, "<span class=\"tag\">suppressed: "), 2u);
  const std::size_t critical = counted.find("<span class=\"severity critical\">");
  const std::size_t medium = counted.find("<span class=\"severity medium\">");
  ASSERT_NE(critical, std::string::npos);
  ASSERT_NE(medium, std::string::npos);
  EXPECT_LT(critical, medium) << "worst severity first";
  EXPECT_NE(
      counted.find("<td class=\"subject mono\" data-label=\"Subject\">deploy/<wbr>.<wbr>env:<wbr>"
                   "3</td>"),
      std::string::npos)
      << counted;
  EXPECT_NE(counted.find("<td class=\"remediation\" data-label=\"Remediation\">Start mongod with "
                         "security.authorization: enabled.</td>"),
            std::string::npos)
      << "remediation";
}

TEST(HtmlReportTest, FindingsTableEscapesEveryPieceOfText) {
  Report report = rich_report();
  CheckSpec spec = *report.findings[0].spec;
  spec.title = "Title <i>&</i>";
  spec.remediation = "Run 'rm -rf' & \"pray\"";
  report.findings[0].spec = spec;
  const std::string html = render(report, ReportView::findings);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<i>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;: "
                      "server-side JavaScript is enabled"),
            std::string::npos);
  EXPECT_NE(html.find("Title &lt;i&gt;&amp;&lt;/i&gt;"), std::string::npos);
  EXPECT_NE(html.find("Run &#39;rm -rf&#39; &amp; &quot;pray&quot;"), std::string::npos);
  EXPECT_NE(html.find("&quot;&lt;b&gt;bold&lt;/b&gt; &amp; \\&quot;quoted\\&quot;&quot;"),
            std::string::npos)
      << "evidence is escaped after JSON formatting";
}

TEST(HtmlReportTest, ShowsTheConfigScanAndSuppressions) {
  const std::string html =
      render(config_scan_report(), ReportView::automatic, HtmlPrint::full);  // no printed copy
  EXPECT_NE(html.find("<section id=\"config-scan\">"), std::string::npos);
  EXPECT_NE(html.find("<dt>Files scanned</dt><dd>42</dd>"), std::string::npos);
  EXPECT_NE(html.find("<h3>Skipped files <span class=\"count\">(4)</span></h3>"),
            std::string::npos);
  EXPECT_NE(html.find("<tr><td class=\"mono\" data-label=\"File\">services/<wbr>data/<wbr>dump "
                      "2024.<wbr>json</td><td data-label=\"Reason\">larger than 10485760 "
                      "bytes</td></tr>"),
            std::string::npos);
  EXPECT_NE(html.find("<span class=\"number\">2</span><span class=\"label\">suppressed</span>"),
            std::string::npos);
  EXPECT_EQ(count(html, "<span class=\"tag\">suppressed: "), 2u);
  EXPECT_EQ(render(rich_report()).find("id=\"config-scan\""), std::string::npos);
}

TEST(HtmlReportTest, EscapesEveryPieceOfText) {
  Report report = rich_report();
  report.inputs.push_back("<img src=x onerror=alert(1)>");
  report.targets[0].nodes[0].role = "<b>primary</b>";
  CheckSpec spec = *report.findings[0].spec;
  spec.title = "Title <i>&</i>";
  spec.references = {{Framework::cis, "<b>1</b>", "<a href=\"javascript:x\">ref</a>"}};
  spec.remediation = "Run 'rm -rf' & \"pray\"";
  report.findings[0].spec = spec;
  const std::string html = render(report);

  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_EQ(html.find("<i>"), std::string::npos);
  EXPECT_EQ(html.find("<a href=\"javascript"), std::string::npos);
  EXPECT_NE(html.find("&lt;a href=&quot;javascript:x&quot;&gt;ref&lt;/a&gt;"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;: "
                      "server-side JavaScript is enabled"),
            std::string::npos);
  EXPECT_NE(html.find("&quot;&lt;b&gt;bold&lt;/b&gt; &amp; \\&quot;quoted\\&quot;&quot;"),
            std::string::npos)
      << "evidence is escaped after JSON formatting";
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
  EXPECT_NE(html.find("&lt;b&gt;primary&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(html.find("Title &lt;i&gt;&amp;&lt;/i&gt;"), std::string::npos);
  EXPECT_NE(html.find("Run &#39;rm -rf&#39; &amp; &quot;pray&quot;"), std::string::npos);
  EXPECT_NE(html.find("Authentication failed &lt;code 18&gt; &amp; &quot;retry&quot;"),
            std::string::npos);
}

TEST(HtmlReportTest, IsSelfContained) {
  for (const Report& report : {empty_report(), rich_report()}) {
    const std::string html = render(report);
    const std::regex external_reference(R"((src|href)\s*=\s*["']?\s*(https?:|//|file:|data:))",
                                        std::regex::icase);
    EXPECT_FALSE(std::regex_search(html, external_reference));
    EXPECT_FALSE(std::regex_search(html, std::regex(R"(<link\b)", std::regex::icase)));
    EXPECT_EQ(html.find("@import"), std::string::npos);
    EXPECT_FALSE(std::regex_search(html, std::regex(R"(url\s*\()", std::regex::icase)));
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_NE(html.find("Content-Security-Policy\" content=\"default-src 'none'"),
              std::string::npos);
  }
}

std::size_t distinct_checks(const Report& report) {
  std::set<std::string> ids;
  for (const ReportedFinding& reported : report.findings) ids.insert(reported.finding.check_id);
  return ids.size();
}

TEST(HtmlReportTest, ShowsSummaryTargetsAndTheSelfCheckTable) {
  const Report report = rich_report();
  const std::string html = render(report);
  EXPECT_EQ(count(html, "<tr class=\"check "), distinct_checks(report)) << "one row per check";
  EXPECT_EQ(count(html, "<tr class=\"evidence "), distinct_checks(report));
  EXPECT_EQ(count(html, "<li class=\"result "), report.findings.size()) << "every finding";
  EXPECT_EQ(count(html, "<details>"), distinct_checks(report));
  EXPECT_EQ(count(html, "<tr class=\"node\">"), 5u);
  EXPECT_NE(html.find("<span class=\"number\">15</span><span class=\"label\">checks</span>"),
            std::string::npos);
  EXPECT_NE(html.find("<span class=\"number\">32</span><span class=\"label\">results</span>"),
            std::string::npos);
  EXPECT_NE(html.find("<span class=\"number\">10</span><span class=\"label\">fail</span>"),
            std::string::npos);
  EXPECT_NE(html.find(report.findings[12].finding.message), std::string::npos)
      << "HTML keeps messages in full";
  EXPECT_NE(html.find("2025-03-01T10:00:07.250Z"), std::string::npos);
  EXPECT_NE(html.find("0.1.0-test"), std::string::npos);
}

TEST(HtmlReportTest, GroupsInTheSpecificationsOrder) {
  const std::string html = render(rich_report());
  std::size_t previous = 0;
  for (const std::string heading :
       {"<h3>Discovery ", "<h3>Network ", "<h3>Authentication ", "<h3>Authorization ",
        "<h3>Transport (TLS) ", "<h3>Application: connection strings and credentials ",
        "<h3>Hardening ", "<h3>Versions ", "<h3>Data model "}) {
    const std::size_t at = html.find(heading);
    ASSERT_NE(at, std::string::npos) << heading;
    EXPECT_GT(at, previous) << heading;
    previous = at;
  }
}

// The matrix of a check that runs per node: a cell per node, "—" where it did not run.
TEST(HtmlReportTest, NodeChecksHaveACellPerNode) {
  const std::string html = render(rich_report());
  const std::size_t row = html.find("\" data-check=\"TLS-001\">");
  ASSERT_NE(row, std::string::npos);
  const std::string line = html.substr(row, html.find("</tr>", row) - row);
  EXPECT_EQ(count(line, "<td class=\"cell "), 5u) << line;
  EXPECT_EQ(count(line, "<td class=\"cell pass\""), 3u) << line;
  EXPECT_EQ(count(line, "<td class=\"cell fail\""), 1u) << line;
  EXPECT_EQ(count(line, "<td class=\"cell none\""), 1u) << line;
}

// The visibility of a row's evidence: laid out (an offsetParent) and with a non-empty box.
std::string evidence_visibility(const std::string& check_id) {
  return R"((() => {
    const pre = document.querySelector('tr.check[data-check=")" +
         check_id + R"("] + tr.evidence pre');
    const box = pre.getBoundingClientRect();
    return {laid_out: pre.offsetParent !== null, height: box.height,
            open: document.querySelector('tr.check[data-check=")" +
         check_id + R"("] details').open,
            text: pre.innerText};
  })())";
}

// Renders the rich report (two targets, five nodes) in headless Chromium: every finding is in the
// table, evidence is hidden until a check is opened with a real click, and a screenshot is kept.
TEST(HtmlReportTest, SelfCheckTableRendersAndExpandsInABrowser) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << "chromium not installed: run make deps";
  const TempDir dir;
  ASSERT_FALSE(dir.path().empty());
  const fs::path page = dir.path() / "report.html";
  const Report report = rich_report();
  std::ofstream(page) << render(report);
  const fs::path screenshot = fs::path(MONGOSCAN_BUILD_DIR) / "artifacts" / "self-check-table.png";

  const nlohmann::json steps = nlohmann::json::array({
      {{"evaluate", R"(({
          checks: document.querySelectorAll('tr.check').length,
          results: document.querySelectorAll('tr.evidence li.result').length,
          ran: document.querySelectorAll('td.cell:not(.none)').length,
          visible_evidence: [...document.querySelectorAll('tr.evidence')]
              .filter(row => row.offsetParent !== null).length,
          groups: [...document.querySelectorAll('.group h3')]
              .map(h => h.firstChild.textContent.trim()),
          scripts: document.scripts.length
        }))"}},
      {{"evaluate", evidence_visibility("AUTHN-001")}},
      {{"click", "tr.check[data-check=\"AUTHN-001\"] summary"}},
      {{"evaluate", evidence_visibility("AUTHN-001")}},
      {{"screenshot", screenshot.string()}},
  });
  const nlohmann::json results = run_in_browser(page, steps);
  ASSERT_EQ(results.size(), steps.size());

  const nlohmann::json& table = results[0];
  EXPECT_EQ(table["checks"], distinct_checks(report));
  EXPECT_EQ(table["results"], report.findings.size()) << "every finding renders";
  EXPECT_EQ(table["ran"], report.findings.size() - 1) << "one cell holds two findings";
  EXPECT_EQ(table["visible_evidence"], 0) << "evidence is hidden until a check is opened";
  EXPECT_EQ(table["groups"], nlohmann::json::array({"Discovery", "Network", "Authentication",
                                                    "Authorization", "Transport (TLS)",
                                                    "Application: connection strings and "
                                                    "credentials",
                                                    "Hardening", "Versions", "Data model"}));
  EXPECT_EQ(table["scripts"], 0);

  EXPECT_EQ(results[1]["laid_out"], false) << results[1];
  EXPECT_EQ(results[1]["height"], 0) << results[1];
  EXPECT_EQ(results[2]["hit"], true) << "the summary is what the pointer pressed: " << results[2];
  EXPECT_EQ(results[3]["open"], true) << results[3];
  EXPECT_EQ(results[3]["laid_out"], true) << results[3];
  EXPECT_GT(results[3]["height"].get<double>(), 0) << results[3];
  EXPECT_NE(results[3]["text"].get<std::string>().find("listDatabases"), std::string::npos)
      << results[3];

  EXPECT_TRUE(fs::exists(screenshot));
  EXPECT_GT(fs::file_size(screenshot), 10000u);
  std::cout << "[ artifact ] " << screenshot.string() << '\n';
}

// A --data-model scan's report, from hand-built facts through the real MODEL checks: two
// databases, a collection without a validator, a badly named one and one with type drift.
Report data_model_report() {
  auto collection = [](std::string name, bool validator) {
    CollectionFacts facts;
    facts.name = std::move(name);
    facts.type = "collection";
    facts.has_validator = validator;
    facts.count = 30;
    facts.average_document_bytes = 420;
    SampleShape sample;
    sample.documents = 30;
    sample.requested = 30;
    sample.max_document_bytes = 512;
    sample.max_depth = 2;
    sample.fields = {{"_id", {{"objectId", 30}}, 0, 0}, {"createdAt", {{"date", 30}}, 0, 0}};
    facts.sample = std::move(sample);
    return facts;
  };
  CollectionFacts drift = collection("events", true);
  drift.sample->fields.push_back({"quantity", {{"int", 20}, {"string", 10}}, 0, 0});
  DataModelFacts facts;
  facts.node = "db2.example.test:27017";
  facts.node_role = "secondary";
  facts.read_preference = "secondaryPreferred";
  facts.sample_size = 100;
  facts.databases = {
      {"shop", {collection("orders", false), collection("customers", true)}, std::nullopt},
      {"crm", {collection("UserProfiles", true), drift}, std::nullopt}};

  Report report;
  report.tool_version = "0.1.0-test";
  report.started_at = "2025-03-01T10:00:00Z";
  report.finished_at = "2025-03-01T10:00:09Z";
  report.inputs = {"mongodb://scanner:***@db2.example.test:27017/"};
  for (Finding& finding : check_data_model(facts, Policy{})) {
    const auto& specs = data_model_specs();
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&](const CheckSpec& s) { return s.id == finding.check_id; });
    report.findings.push_back({*spec, std::move(finding)});
  }
  return report;
}

// A data-model row's evidence: whether its details are open, whether the row below is laid out
// (an offsetParent and a non-empty box) and its text.
std::string namespace_evidence(const std::string& ns) {
  return R"((() => {
    const row = document.querySelector('tr.check[data-namespace=")" +
         ns + R"("]');
    const evidence = row.nextElementSibling;
    return {open: row.querySelector('details').open, laid_out: evidence.offsetParent !== null,
            height: evidence.getBoundingClientRect().height, text: evidence.innerText,
            is_evidence: evidence.classList.contains('evidence')};
  })())";
}

// The "Data model" section in headless Chromium: a row per database or collection the findings
// name, a column per MODEL check, and a row's results and evidence shown only while it is open.
TEST(HtmlReportTest, DataModelTableRendersAndExpandsInABrowser) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << "chromium not installed: run make deps";
  const TempDir dir;
  ASSERT_FALSE(dir.path().empty());
  const fs::path page = dir.path() / "report.html";
  const Report report = data_model_report();
  std::ofstream(page) << render(report);
  std::set<std::string> namespaces;
  for (const ReportedFinding& reported : report.findings) {
    if (reported.finding.subject.kind == Subject::Kind::ns)
      namespaces.insert(reported.finding.subject.name);
  }
  ASSERT_EQ(namespaces,
            (std::set<std::string>{"crm", "crm.UserProfiles", "crm.events", "shop", "shop.orders"}))
      << "the facts should give passes per database and findings on three collections";

  const nlohmann::json steps = nlohmann::json::array({
      {{"evaluate", R"((() => {
          const table = document.querySelector('table.self-check.namespace');
          if (!table) return {found: false};
          const rows = [...table.querySelectorAll('tbody tr.check')];
          return {
            found: true,
            heading: table.closest('.group').querySelector('h3').firstChild.textContent.trim(),
            columns: [...table.querySelectorAll('thead th.subject code')].map(c => c.textContent),
            rows: rows.map(row => row.dataset.namespace),
            labels: rows.map(row => row.querySelector('summary').innerText),
            cells: rows.map(row => row.querySelectorAll('td.cell').length),
            visible_evidence: [...table.querySelectorAll('tr.evidence')]
                .filter(row => row.offsetParent !== null).length
          };
        })())"}},
      {{"evaluate", namespace_evidence("shop.orders")}},
      {{"click", "tr.check[data-namespace=\"shop.orders\"] summary"}},
      {{"evaluate", namespace_evidence("shop.orders")}},
      {{"click", "tr.check[data-namespace=\"shop.orders\"] summary"}},
      {{"evaluate", namespace_evidence("shop.orders")}},
  });
  const nlohmann::json results = run_in_browser(page, steps);
  ASSERT_EQ(results.size(), steps.size());

  const nlohmann::json& table = results[0];
  ASSERT_EQ(table["found"], true) << "no data-model table";
  EXPECT_EQ(table["heading"], "Data model");
  EXPECT_EQ(table["columns"], nlohmann::json::array({"MODEL-001", "MODEL-002", "MODEL-003",
                                                     "MODEL-004", "MODEL-005", "MODEL-006"}));
  const auto rows = table["rows"].get<std::vector<std::string>>();
  EXPECT_EQ(std::set<std::string>(rows.begin(), rows.end()), namespaces);
  EXPECT_EQ(rows.size(), namespaces.size()) << "one row per namespace";
  EXPECT_EQ(table["labels"], table["rows"]) << "each row is labelled with its namespace";
  for (const nlohmann::json& cells : table["cells"]) EXPECT_EQ(cells, 6) << "a cell per check";
  EXPECT_EQ(table["visible_evidence"], 0) << "evidence is hidden until a row is opened";

  EXPECT_EQ(results[1]["open"], false) << results[1];
  EXPECT_EQ(results[1]["laid_out"], false) << results[1];
  EXPECT_EQ(results[2]["hit"], true) << "the summary is what the pointer pressed: " << results[2];
  const nlohmann::json& opened = results[3];
  EXPECT_EQ(opened["is_evidence"], true) << opened;
  EXPECT_EQ(opened["open"], true) << opened;
  EXPECT_EQ(opened["laid_out"], true) << opened;
  EXPECT_GT(opened["height"].get<double>(), 0) << opened;
  const std::string text = opened["text"];
  EXPECT_NE(text.find("MODEL-005 Schema validation on core collections"), std::string::npos)
      << text;
  EXPECT_NE(text.find("no schema validator"), std::string::npos) << text;
  EXPECT_NE(text.find("\"validator\": false"), std::string::npos) << "the evidence: " << text;
  EXPECT_EQ(text.find("UserProfiles"), std::string::npos) << "another row's result: " << text;
  EXPECT_EQ(results[4]["hit"], true) << results[4];
  EXPECT_EQ(results[5]["open"], false) << results[5];
  EXPECT_EQ(results[5]["laid_out"], false) << "closed again: " << results[5];
}

// The page as Chromium parses it, from the command line's --dump-dom.
TEST(HtmlReportTest, RendersInABrowser) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << "chromium not installed: run make deps";
  const TempDir dir;
  ASSERT_FALSE(dir.path().empty());
  const fs::path page = dir.path() / "report.html";
  const Report report = rich_report();
  std::ofstream(page) << render(report);

  const testing_support::ProcessResult browser = testing_support::run_process(
      {kChromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
       "--disable-background-networking", "--disable-component-update", "--disable-sync",
       "--user-data-dir=" + (dir.path() / "profile").string(), "--dump-dom",
       "file://" + page.string()},
      "", std::chrono::seconds(90));
  ASSERT_FALSE(browser.timed_out) << browser.err;
  ASSERT_EQ(browser.exit_code, 0) << browser.err;
  const std::string& dom = browser.out;
  EXPECT_NE(dom.find("<section id=\"summary\">"), std::string::npos) << dom;
  EXPECT_NE(dom.find("<span class=\"number\">15</span>"), std::string::npos);
  EXPECT_EQ(count(dom, "<li class=\"result "), report.findings.size());
  EXPECT_NE(dom.find("顧客 ünïcödé"), std::string::npos) << "UTF-8 decoded as UTF-8";
  EXPECT_NE(dom.find("&lt;script&gt;alert"), std::string::npos);
  EXPECT_EQ(dom.find("<script"), std::string::npos);
}

// Every id="..." on the page; fails the test on a duplicate.
std::set<std::string> ids_of(const std::string& html) {
  std::set<std::string> ids;
  const std::regex id(R"re(\sid="([^"]+)")re");
  for (auto match = std::sregex_iterator(html.begin(), html.end(), id);
       match != std::sregex_iterator(); ++match) {
    EXPECT_TRUE(ids.insert((*match)[1]).second) << "duplicate id " << (*match)[1];
  }
  return ids;
}

// Issue 22: an inventory report's HTML has a fleet table linking to a section per environment,
// and every id on the page is unique although each environment renders like a report of its own.
TEST(HtmlReportTest, InventoryReportHasAFleetTableAndUniqueIds) {
  const std::string html = render(testing_support::inventory_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/inventory.html", html));
  EXPECT_EQ(count(html, "<tr data-verdict=\"fail\"><td><a href=\"#environment-1\">production"), 1u);
  EXPECT_EQ(count(html, "<tr data-verdict=\"not scanned\">"), 1u);
  EXPECT_EQ(count(html, "<section class=\"environment\" id=\"environment-"), 3u);
  EXPECT_NE(html.find("Not scanned: inventory.yaml:30: password_env"), std::string::npos);
  EXPECT_TRUE(ids_of(html).contains("environment-1-findings"));
}

// Issue 23: the banner is the first thing after the header: the verdict at the gate, with the
// gate written out; never "pass" for a scan that could not look at everything.
TEST(HtmlReportTest, TheVerdictBannerComesFirst) {
  const std::string rich = render(rich_report());
  EXPECT_NE(rich.find("</header>\n<main>\n<section class=\"verdict\" id=\"verdict\" "
                      "data-verdict=\"fail\">\n<p class=\"headline\">FAIL: 6 findings fail the "
                      "gate; the scan is incomplete: 1 node not scanned, 2 checks in error</p>\n"
                      "<p class=\"gate\">--fail-on high: a failing finding of high severity or "
                      "above fails</p>"),
            std::string::npos);
  EXPECT_NE(render(empty_report())
                .find("<main>\n<section class=\"verdict\" id=\"verdict\" "
                      "data-verdict=\"pass\">"),
            std::string::npos);
  Report incomplete = rich_report();
  for (ReportedFinding& reported : incomplete.findings.held()) reported.gates = false;
  EXPECT_NE(render(incomplete)
                .find("data-verdict=\"incomplete\">\n<p class=\"headline\">"
                      "INCOMPLETE: no finding fails the gate, but the scan is "
                      "incomplete: 1 node not scanned, 2 checks in error</p>"),
            std::string::npos);
}

// Issue 23: "fix first" lists the worst failing checks (fix_first), each linking to an id on the
// page: the check's row in the grid, in the findings table, or in an environment's section.
TEST(HtmlReportTest, FixFirstLinksToTheRowsOfItsChecks) {
  for (const Report& report :
       {rich_report(), testing_support::many_nodes_report(), testing_support::inventory_report()}) {
    const std::string html = render(report);
    const std::set<std::string> ids = ids_of(html);
    const std::size_t begin = html.find("<section class=\"fix-first\" id=\"fix-first\">");
    ASSERT_NE(begin, std::string::npos);
    EXPECT_LT(begin, html.find("<section id=\"summary\">"));
    const std::string section = html.substr(begin, html.find("</section>", begin) - begin);
    const std::regex link(R"re(<a href="#([^"]+)"><code class="check-id">([^<]+)</code>)re");
    std::size_t links = 0;
    for (auto match = std::sregex_iterator(section.begin(), section.end(), link);
         match != std::sregex_iterator(); ++match, ++links) {
      const std::string target = (*match)[1];
      EXPECT_TRUE(ids.contains(target)) << "no element has id " << target;
      EXPECT_TRUE(target.ends_with("-" + std::string((*match)[2]))) << target;
    }
    EXPECT_EQ(links, fix_first(report).size());
    EXPECT_GT(links, 0u);
  }
  EXPECT_EQ(render(empty_report()).find("<section class=\"fix-first\""), std::string::npos);
}

// Issue 40 item 5: the summary print lists every failing result by check once per message and
// evidence, says what it leaves out and how to print it; --print full has no such section and
// prints what the screen shows.
TEST(HtmlReportTest, TheSummaryPrintListsFailingResultsByCheck) {
  EXPECT_EQ(parse_html_print("summary"), HtmlPrint::summary);
  EXPECT_EQ(parse_html_print("full"), HtmlPrint::full);
  EXPECT_EQ(parse_html_print("all"), std::nullopt);
  const Report report = rich_report();
  const std::string summary = render(report);
  const std::string full = render(report, ReportView::automatic, HtmlPrint::full);
  EXPECT_NE(summary.find("<body class=\"print-summary\">"), std::string::npos);
  EXPECT_NE(full.find("<body>"), std::string::npos);
  EXPECT_EQ(full.find("id=\"printed-results\""), std::string::npos);
  const std::size_t begin =
      summary.find("<section class=\"printed-results print-only\" id=\"printed-results\">");
  ASSERT_NE(begin, std::string::npos);
  EXPECT_LT(summary.find("<section id=\"summary\">"), begin);
  const std::string section = summary.substr(begin, summary.find("</section>", begin) - begin);
  EXPECT_NE(section.find("<code>--print full</code> prints everything"), std::string::npos);
  for (const ReportedFinding& reported : report.findings) {
    if (reported.finding.status != Status::fail) continue;
    EXPECT_NE(section.find(check_id_html(reported.finding.check_id)), std::string::npos)
        << reported.finding.check_id;
  }
  EXPECT_EQ(count(section, "<div class=\"printed-check\">"),
            results_by_check(report, Status::fail).size() +
                results_by_check(report, Status::error).size());
}

// Issue 40 item 5: on a phone (390 x 844), a tablet (768), a narrow window (900) and a desktop
// (1280) the page is never wider than the screen, no cell overflows, no check id breaks across
// lines, the verdict and the first "Fix first" item are on the first screen, and up to
// kStackedTablesMaxWidth the wide tables are stacked rows: on the findings table (40 nodes), the
// grid (rich), an inventory with its changes, the Cloud part, a config scan and the data model's
// table. Issue 23: at 1280 the self-check grids fit their box and the deployment pictures' labels
// their nodes. One browser lays each report out at each width in turn; a screenshot of each at 390
// and at 1280 is kept.
TEST(HtmlReportTest, TheLayoutHoldsOnAPhoneATabletAndADesktop) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << "chromium not installed: run make deps";
  const TempDir dir;
  const std::vector<std::pair<std::string, Report>> reports = {
      {"forty-nodes", many_nodes_report(40)},
      {"rich", rich_report()},
      {"inventory", testing_support::history_report()},
      {"cloud", testing_support::cloud_report()},
      {"config-scan", config_scan_report()},
      {"data-model", data_model_report()}};
  const std::vector<int> widths = {390, 768, 900, 1280};
  const auto screenshot = [](const std::string& name, int width) {
    return fs::path(MONGOSCAN_BUILD_DIR) / "artifacts" /
           ((width == 390 ? "phone-" : "layout-") + name + ".png");
  };
  const auto keeps_screenshot = [](int width) { return width == 390 || width == 1280; };
  std::vector<testing_support::BrowserVisit> visits;
  for (const auto& [name, report] : reports) {
    const fs::path page = dir.path() / (name + ".html");
    std::ofstream(page) << render(report);
    nlohmann::json steps = nlohmann::json::array();
    for (const int width : widths) {
      for (nlohmann::json& step : testing_support::screen_width_steps(width)) steps.push_back(step);
      if (keeps_screenshot(width)) {
        steps.push_back({{"screenshot", screenshot(name, width)}, {"max_height", 6000}});
      }
    }
    visits.push_back({page, steps});
  }
  const std::vector<nlohmann::json> visited =
      testing_support::run_visits_in_browser(visits, widths.front(), 844);
  ASSERT_EQ(visited.size(), reports.size());
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto& [name, report] = reports[i];
    const nlohmann::json& results = visited[i];
    std::size_t at = 0;
    for (const int width : widths) {
      const std::string where = name + " at " + std::to_string(width);
      const nlohmann::json& layout = results[at + 1];
      const nlohmann::json& fit = results[at + 2];
      at += keeps_screenshot(width) ? 4 : 3;
      EXPECT_LE(fit["document_width"], fit["client_width"])
          << where << ": " << layout["too_wide"].dump(2);
      EXPECT_EQ(fit["viewport"], width) << where;
      EXPECT_TRUE(layout["overflowing"].empty()) << where << ": " << layout["overflowing"].dump(2);
      EXPECT_TRUE(fit["split_check_ids"].empty()) << where << ": " << fit["split_check_ids"];
      EXPECT_EQ(layout["first_after_header"], "verdict") << where;
      EXPECT_EQ(layout["header_then_main"], true) << where;
      if (width == 1280) {
        EXPECT_EQ(layout["matrices_scroll"], 0) << where;
        EXPECT_TRUE(layout["chart_labels_overflowing"].empty())
            << where << ": " << layout["chart_labels_overflowing"].dump();
      }
      EXPECT_LE(fit["verdict_bottom"].get<double>(), 844) << where;
      if (!fix_first(report).empty()) {
        EXPECT_LE(fit["fix_first_bottom"].get<double>(), 844) << where;
      }
      EXPECT_TRUE(name == "data-model" || !fit["table_displays"].empty()) << where;
      for (const nlohmann::json& table : fit["table_displays"]) {
        EXPECT_EQ(table["display"],
                  width <= testing_support::kStackedTablesMaxWidth ? "block" : "table")
            << where << ": " << table;
      }
    }
    std::cout << "[ artifact ] " << screenshot(name, 390).string() << '\n';
    std::cout << "[ artifact ] " << screenshot(name, 1280).string() << '\n';
  }
}

// Issue 23: printed to PDF on A4 for an audit file, the report keeps the verdict and every failing
// result with its message, evidence and remediation (text clipped at the page edge would be
// missing from the PDF), and laid out for print at the page's width nothing overflows: on the
// grid (rich), the findings table (40 nodes), an inventory and the data model's table, as the
// summary print (issue 40 item 5: each failing result's check and subject too) and, for the grid
// and the findings table, the full one, all in one browser. The PDFs are kept as artefacts.
TEST(HtmlReportTest, ThePrintedReportKeepsEveryFailureOnA4) {
  if (!fs::exists(kChromium)) GTEST_SKIP() << "chromium not installed: run make deps";
  if (!fs::exists("/usr/bin/pdftotext"))
    GTEST_SKIP() << "poppler-utils not installed: run make deps";
  const TempDir dir;
  const std::vector<std::tuple<std::string, Report, HtmlPrint>> reports = {
      {"forty-nodes", many_nodes_report(40), HtmlPrint::summary},
      {"rich", rich_report(), HtmlPrint::summary},
      {"inventory", testing_support::history_report(), HtmlPrint::summary},
      {"data-model", data_model_report(), HtmlPrint::summary},
      {"forty-nodes-full", many_nodes_report(40), HtmlPrint::full},
      {"rich-full", rich_report(), HtmlPrint::full}};
  const auto pdf_of = [](const std::string& name) {
    return fs::path(MONGOSCAN_BUILD_DIR) / "artifacts" / ("print-" + name + ".pdf");
  };
  std::vector<testing_support::BrowserVisit> visits;
  for (const auto& [name, report, print] : reports) {
    const fs::path page = dir.path() / (name + ".html");
    std::ofstream(page) << render(report, ReportView::automatic, print);
    visits.push_back({page, testing_support::print_steps(pdf_of(name))});
  }
  const std::vector<nlohmann::json> visited = testing_support::run_visits_in_browser(visits);
  ASSERT_EQ(visited.size(), reports.size());
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto& [name, report, print] = reports[i];
    const nlohmann::json& results = visited[i];
    std::ostringstream json_text;
    write_json_report(report, json_text);
    const fs::path pdf = pdf_of(name);
    ASSERT_EQ(results.size(), 4u) << name;
    const nlohmann::json& layout = results[2];
    EXPECT_TRUE(layout["overflowing"].empty()) << name << ": " << layout["overflowing"].dump(2);
    EXPECT_EQ(layout["page_scrolls_sideways"], false) << name << ": " << layout["too_wide"].dump(2);
    EXPECT_EQ(layout["matrices_scroll"], 0) << name;
    EXPECT_TRUE(layout["chart_labels_overflowing"].empty())
        << name << ": " << layout["chart_labels_overflowing"].dump();
    const testing_support::PrintedReport printed =
        testing_support::read_printed_report(pdf, results[3]);
    EXPECT_NE(printed.page_size.find("(A4)"), std::string::npos) << printed.page_size;
    const nlohmann::json json_report = nlohmann::json::parse(json_text.str());
    EXPECT_TRUE(std::any_of(json_report["findings"].begin(), json_report["findings"].end(),
                            [](const nlohmann::json& f) { return f["status"] == "fail"; }))
        << name << ": a report with failures to print";
    const std::vector<std::string> missing =
        testing_support::failing_results_missing_from(json_report, printed.text);
    EXPECT_TRUE(missing.empty()) << name << ": " << missing.size() << " missing, first "
                                 << (missing.empty() ? "" : missing.front());
    const std::vector<std::string> unnamed =
        testing_support::failing_subjects_missing_from(json_report, printed.text);
    EXPECT_TRUE(unnamed.empty()) << name << ": " << unnamed.size() << " missing, first "
                                 << (unnamed.empty() ? "" : unnamed.front());
    const std::string verdict =
        testing_support::without_whitespace(json_report["verdict"] == "fail"   ? "FAIL:"
                                            : json_report["verdict"] == "pass" ? "PASS:"
                                                                               : "INCOMPLETE:");
    EXPECT_NE(printed.text.find(verdict), std::string::npos) << name;
    std::cout << "[ artifact ] " << pdf.string() << " (" << printed.pages << " pages)\n";
  }
}

// Issue 22: each environment's section lists its changes since its previous run.
TEST(HtmlReportTest, HistoryReportListsChanges) {
  const std::string html = render(testing_support::history_report());
  EXPECT_TRUE(matches_golden("tests/reports/golden/history.html", html));
  for (const char* change : {"new", "fixed", "unverified", "still failing"}) {
    EXPECT_GE(count(html, std::string("<tr data-change=\"") + change + "\">"), 1u) << change;
  }
  EXPECT_NE(html.find("Since the previous run: 1 new, 1 fixed, 1 unverified"), std::string::npos);
}

TEST(HtmlReportTest, NoControlsSectionWithoutAFramework) {
  EXPECT_EQ(render(rich_report()).find("id=\"controls\""), std::string::npos);
}

TEST(HtmlReportTest, AFrameworkAddsItsControlsWithCitingChecksAndTheGaps) {
  std::ostringstream out;
  write_html_report(rich_report(), out, ReportView::automatic, FrameworkChoice{Framework::cis});
  const std::string html = out.str();
  const std::size_t section = html.find("<section id=\"controls\">");
  ASSERT_NE(section, std::string::npos);
  EXPECT_NE(html.find("<h2>Controls: CIS MongoDB 7 Benchmark", section), std::string::npos);
  EXPECT_NE(html.find("<tr><td class=\"mono\" data-label=\"Control\">4.3</td><td "
                      "data-label=\"Title\">Ensure Encryption of Data in Transit TLS or SSL "
                      "(Transport Encryption)</td><td data-label=\"Checks\"><code "
                      "class=\"check-id\">TLS-001</code> (",
                      section),
            std::string::npos);
  EXPECT_NE(html.find("<tr><td class=\"mono\" data-label=\"Control\">7.1</td><td "
                      "data-label=\"Title\">Ensure appropriate key file permissions are "
                      "set</td><td data-label=\"Checks\"><span class=\"muted\">—</span></td><td "
                      "data-label=\"Result\"><span class=\"muted\">not assessed</span></td></tr>",
                      section),
            std::string::npos);
}

// Issue 39 item 5: --framework stig gives a section per STIG edition the nodes' versions choose,
// each naming its nodes; the first keeps the id "controls".
TEST(HtmlReportTest, TheStigByVersionIsASectionPerEditionNamingItsNodes) {
  Report report = rich_report();
  ASSERT_GE(report.targets.size(), 1u);
  ASSERT_GE(report.targets[0].nodes.size(), 2u);
  report.targets[0].nodes[0].version = "6.0.14";
  report.targets[0].nodes[1].version = "7.0.48";
  std::ostringstream out;
  write_html_report(report, out, ReportView::automatic, FrameworkChoice{Framework::stig, true});
  const std::string html = out.str();
  const std::size_t first = html.find("<section id=\"controls\">");
  const std::size_t second = html.find("<section id=\"controls-stig-7\">");
  ASSERT_NE(first, std::string::npos);
  ASSERT_NE(second, std::string::npos);
  EXPECT_LT(first, second);
  EXPECT_NE(html.find("<h2>Controls: DISA MongoDB Enterprise Advanced 4.x STIG", first),
            std::string::npos);
  EXPECT_NE(html.find("Nodes scored against this edition: <span class=\"mono\">" +
                          report.targets[0].nodes[0].address + " (6.0.14)",
                      first),
            std::string::npos);
  EXPECT_NE(html.find("<h2>Controls: DISA MongoDB Enterprise Advanced 7.x STIG", second),
            std::string::npos);
}

}  // namespace
}  // namespace html_report_test
}  // namespace mongoscan
