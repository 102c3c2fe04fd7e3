#include "reports/html_report.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/reports/sample_reports.h"
#include "tests/support/golden.h"
#include "tests/support/process.h"

namespace mongoscan {
namespace {

namespace fs = std::filesystem;
using testing_support::empty_report;
using testing_support::matches_golden;
using testing_support::rich_report;

constexpr const char* kChromium = "/usr/bin/chromium";

std::string render(const Report& report) {
  std::ostringstream out;
  write_html_report(report, out);
  return out.str();
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

TEST(HtmlReportTest, EscapesEveryPieceOfText) {
  Report report = rich_report();
  report.inputs.push_back("<img src=x onerror=alert(1)>");
  report.targets[0].nodes[0].role = "<b>primary</b>";
  report.findings[0].spec.title = "Title <i>&</i>";
  report.findings[0].spec.references = {"<a href=\"javascript:x\">ref</a>"};
  report.findings[0].spec.remediation = "Run 'rm -rf' & \"pray\"";
  const std::string html = render(report);

  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_EQ(html.find("<i>"), std::string::npos);
  EXPECT_EQ(html.find("<a "), std::string::npos);
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

TEST(HtmlReportTest, ShowsSummaryTargetsAndOneRowPerFinding) {
  const Report report = rich_report();
  const std::string html = render(report);
  EXPECT_EQ(count(html, "<tr class=\"finding "), report.findings.size());
  EXPECT_EQ(count(html, "<tr class=\"node\">"), 4u);
  EXPECT_NE(html.find("<span class=\"number\">13</span><span class=\"label\">checks</span>"),
            std::string::npos);
  EXPECT_NE(html.find("<span class=\"number\">5</span><span class=\"label\">fail</span>"),
            std::string::npos);
  EXPECT_NE(html.find(report.findings[12].finding.message), std::string::npos)
      << "HTML keeps messages in full";
  EXPECT_NE(html.find("2025-03-01T10:00:07.250Z"), std::string::npos);
  EXPECT_NE(html.find("0.1.0-test"), std::string::npos);
}

// Renders the rich report in headless Chromium and checks the DOM it builds.
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
  EXPECT_NE(dom.find("<span class=\"number\">13</span>"), std::string::npos);
  EXPECT_EQ(count(dom, "<tr class=\"finding "), report.findings.size());
  EXPECT_NE(dom.find("顧客 ünïcödé"), std::string::npos) << "UTF-8 decoded as UTF-8";
  EXPECT_NE(dom.find("&lt;script&gt;alert"), std::string::npos);
  EXPECT_EQ(dom.find("<script"), std::string::npos);
}

}  // namespace
}  // namespace mongoscan
