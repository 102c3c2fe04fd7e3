#include "tests/support/browser_page.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/process.h"

namespace mongoscan::testing_support {

nlohmann::json run_in_browser(const std::filesystem::path& page, const nlohmann::json& steps,
                              int width, int height) {
  const ProcessResult browser =
      run_process({"/usr/bin/python3", MONGOSCAN_SOURCE_DIR "/tests/support/devtools_page.py",
                   "--chromium", kChromium, "--url", "file://" + page.string(), "--width",
                   std::to_string(width), "--height", std::to_string(height)},
                  steps.dump(), kHangGuard);
  EXPECT_FALSE(browser.timed_out) << browser.err;
  EXPECT_EQ(browser.exit_code, 0) << browser.err;
  if (browser.exit_code != 0) return nlohmann::json::array();
  return nlohmann::json::parse(browser.out).at("results");
}

std::vector<nlohmann::json> run_visits_in_browser(const std::vector<BrowserVisit>& visits,
                                                  int width, int height) {
  if (visits.empty()) return {};
  nlohmann::json steps = nlohmann::json::array();
  for (const BrowserVisit& visit : visits) {
    if (&visit != &visits.front()) steps.push_back({{"load", "file://" + visit.page.string()}});
    for (const nlohmann::json& step : visit.steps) steps.push_back(step);
  }
  const nlohmann::json results = run_in_browser(visits.front().page, steps, width, height);
  if (results.size() != steps.size()) return {};
  std::vector<nlohmann::json> by_visit;
  std::size_t at = 0;
  for (const BrowserVisit& visit : visits) {
    if (&visit != &visits.front()) ++at;  // the load step's null
    by_visit.emplace_back(results.begin() + static_cast<std::ptrdiff_t>(at),
                          results.begin() + static_cast<std::ptrdiff_t>(at + visit.steps.size()));
    at += visit.steps.size();
  }
  return by_visit;
}

nlohmann::json layout_step() {
  // A cell overflows when its content is wider than its box by more than a pixel of rounding.
  return {{"evaluate", R"((() => {
    const overflowing = [...document.querySelectorAll('td, th')]
        .filter(cell => cell.offsetParent !== null && cell.scrollWidth > cell.clientWidth + 1)
        .slice(0, 10)
        .map(cell => ({text: cell.innerText.slice(0, 80), scroll: cell.scrollWidth,
                       client: cell.clientWidth}));
    const main = document.querySelector('main');
    return {
      overflowing,
      page_scrolls_sideways: document.documentElement.scrollWidth > window.innerWidth,
      too_wide: [...document.querySelectorAll('main *')]
          .filter(element => element.checkVisibility() &&
                             element.getBoundingClientRect().right > window.innerWidth + 1 &&
                             element.parentElement.getBoundingClientRect().right <=
                                 window.innerWidth + 1)
          .slice(0, 5)
          .map(element => ({element: element.tagName + '.' + element.className,
                            text: (element.innerText ?? element.textContent).slice(0, 80),
                            right: element.getBoundingClientRect().right})),
      chart_labels_overflowing: [...document.querySelectorAll('svg.topology g[data-node]')]
          .filter(node => {
            const box = node.querySelector('rect').getBBox();
            return [...node.querySelectorAll('text')].some(label => {
              const text = label.getBBox();
              return text.x + text.width > box.x + box.width;
            });
          })
          .map(node => node.dataset.node),
      matrices_scroll: [...document.querySelectorAll('.matrix')]
          .filter(box => box.scrollWidth > box.clientWidth + 1).length,
      first_after_header: main.firstElementChild.id,
      header_then_main: main.previousElementSibling.tagName === 'HEADER'
    };
  })())"}};
}

nlohmann::json screen_fit_step() {
  return {{"evaluate", R"((() => {
    const bottom = selector => {
      const element = document.querySelector(selector);
      return element ? element.getBoundingClientRect().bottom : null;
    };
    const stacking = 'table.nodes, table.rules, table.controls, table.skipped-files, ' +
                     'table.findings, table.fleet, table.changes';
    return {
      document_width: document.scrollingElement.scrollWidth,
      viewport: window.innerWidth,
      client_width: document.documentElement.clientWidth,
      verdict_bottom: bottom('#verdict'),
      fix_first_bottom: bottom('#fix-first li'),
      split_check_ids: [...document.querySelectorAll('.check-id')]
          .filter(id => id.getClientRects().length > 1)
          .slice(0, 10)
          .map(id => id.textContent),
      table_displays: [...document.querySelectorAll(stacking)]
          .filter(table => table.checkVisibility())
          .map(table => ({table: table.className, display: getComputedStyle(table).display}))
    };
  })())"}};
}

nlohmann::json screen_width_steps(int width) {
  return nlohmann::json::array(
      {{{"emulate", {{"media", "screen"}, {"width", width}}}}, layout_step(), screen_fit_step()});
}

nlohmann::json print_steps(const std::filesystem::path& pdf) {
  return nlohmann::json::array(
      {{{"pdf", pdf.string()}},
       {{"emulate", {{"media", "print"}, {"width", kA4ContentWidth}}}},
       layout_step(),
       {{"evaluate", "[...document.querySelectorAll('thead')].map(head => head.innerText)"}}});
}

std::string without_whitespace(std::string_view text) {
  std::string kept;
  for (const char c : text) {
    if (!std::isspace(static_cast<unsigned char>(c))) kept += c;
  }
  return kept;
}

PrintedReport read_printed_report(const std::filesystem::path& pdf, const nlohmann::json& headers) {
  PrintedReport printed;
  // -raw: in the order the page drew it, so that a block's text stays together.
  const ProcessResult text =
      run_process({"pdftotext", "-raw", pdf.string(), "-"}, "", kHangGuard);
  const ProcessResult info = run_process({"pdfinfo", pdf.string()}, "", kHangGuard);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(info.exit_code, 0) << info.err;
  if (text.exit_code != 0 || info.exit_code != 0) return printed;
  printed.text = without_whitespace(text.out);
  for (const nlohmann::json& header : headers) {
    const std::string repeated = without_whitespace(header.get<std::string>());
    if (repeated.empty()) continue;
    for (std::size_t at = printed.text.find(repeated); at != std::string::npos;
         at = printed.text.find(repeated, at)) {
      printed.text.erase(at, repeated.size());
    }
  }
  auto field = [&](std::string_view name) {
    const std::size_t at = info.out.find(std::string(name) + ":");
    if (at == std::string::npos) return std::string();
    const std::size_t begin = info.out.find_first_not_of(' ', at + name.size() + 1);
    return info.out.substr(begin, info.out.find('\n', begin) - begin);
  };
  printed.page_size = field("Page size");
  printed.pages = std::atoi(field("Pages").c_str());
  return printed;
}

std::vector<std::string> failing_results_missing_from(const nlohmann::json& report,
                                                      const std::string& printed) {
  std::vector<std::string> missing;
  for (const nlohmann::json& finding : report.at("findings")) {
    if (finding.at("status") != "fail") continue;
    const nlohmann::json& evidence = finding.at("evidence");
    const bool has_evidence = !evidence.is_null() && !evidence.empty();
    const std::pair<const char*, std::string> parts[] = {
        {"message", finding.at("message").get<std::string>()},
        {"evidence", has_evidence ? evidence.dump(2) : std::string()},
        {"remediation", finding.at("remediation").get<std::string>()}};
    for (const auto& [what, text] : parts) {
      if (printed.find(without_whitespace(text)) != std::string::npos) continue;
      missing.push_back(finding.at("check_id").get<std::string>() + " " +
                        finding.at("subject").dump() + ": " + what);
    }
  }
  return missing;
}

std::vector<std::string> failing_subjects_missing_from(const nlohmann::json& report,
                                                       const std::string& printed) {
  std::vector<std::string> missing;
  for (const nlohmann::json& finding : report.at("findings")) {
    if (finding.at("status") != "fail") continue;
    const nlohmann::json& subject = finding.at("subject");
    std::string name;
    for (const char* key : {"node", "uri", "namespace", "cloud_resource"}) {
      if (subject.contains(key)) {
        name = subject.at(key).get<std::string>();
        break;
      }
    }
    if (name.empty()) {
      name = subject.at("file").get<std::string>();
      if (subject.contains("line")) name += ":" + std::to_string(subject.at("line").get<int>());
    }
    const std::string check = finding.at("check_id").get<std::string>();
    if (printed.find(without_whitespace(check)) == std::string::npos ||
        printed.find(without_whitespace(name)) == std::string::npos) {
      missing.push_back(check + " " + name);
    }
  }
  return missing;
}

}  // namespace mongoscan::testing_support
