#pragma once
// One page in headless Chromium for the browser tests (tests/support/devtools_page.py drives it),
// and the layout checks reports must pass.

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace mongoscan::testing_support {

inline constexpr const char* kChromium = "/usr/bin/chromium";

// Runs the steps (devtools_page.py's: evaluate, click, screenshot) on the page at the width
// given and returns their results; an empty array, and a test failure, if the browser failed.
nlohmann::json run_in_browser(const std::filesystem::path& page, const nlohmann::json& steps,
                              int width = 1280, int height = 900);

// One page and the steps to run on it.
struct BrowserVisit {
  std::filesystem::path page;
  nlohmann::json steps;
};

// Runs each visit's steps in one browser (a start costs about 2.5 CPU seconds), page after page,
// each page loaded on a screen of the width given with screen media; returns each visit's
// results, or nothing, and a test failure, if the browser failed.
std::vector<nlohmann::json> run_visits_in_browser(const std::vector<BrowserVisit>& visits,
                                                  int width = 1280, int height = 900);

// A step whose result is the report's first-screen layout: {overflowing: the cells whose content
// is wider than the cell (first 10, with their text), page_scrolls_sideways, too_wide: the
// outermost elements that pass the window's right edge (first 5), chart_labels_overflowing: the
// deployment pictures' nodes whose text passes their box, matrices_scroll:
// self-check grids wider than their box, first_after_header: the id of main's first element and
// whether the header comes right before main}.
nlohmann::json layout_step();

// A step whose result is how the report fits a screen of any width: {document_width:
// document.scrollingElement.scrollWidth, viewport: innerWidth, client_width: the viewport less its
// scroll bar, verdict_bottom, fix_first_bottom:
// the bottom of the verdict banner and of the first "Fix first" item (null without one),
// split_check_ids: the check ids (.check-id) laid out on more than one line (first 10),
// table_displays: the CSS display of each visible table that stacks on a phone (nodes, rules,
// controls, skipped files, findings, fleet, changes), by its class}.
nlohmann::json screen_fit_step();

// The widest screen on which the report's wide tables are stacked rows (its @media rule in
// reports/formats/html_report.cpp); wider, they are tables.
inline constexpr int kStackedTablesMaxWidth = 1000;

// Steps that lay the page out on a screen `width` CSS pixels wide (in the same browser, whatever
// width it started with), then take layout_step's and screen_fit_step's results there: their
// results are null, the layout and the fit.
nlohmann::json screen_width_steps(int width);

// An A4 page's content width in CSS pixels within the report's print margins (@page margin 14mm
// in reports/formats/html_report.cpp): (210 - 2 x 14) mm at 96 px per inch.
inline constexpr int kA4ContentWidth = 687;

// Steps that print the page to `pdf` on A4 as the print dialog would, then lay it out for print
// at kA4ContentWidth: their results are {path}, null, layout_step's result in print, and the text
// of every table header (a table broken across pages repeats its header on the next page).
nlohmann::json print_steps(const std::filesystem::path& pdf);

// A printed report read back with poppler's pdftotext and pdfinfo.
struct PrintedReport {
  int pages = 0;
  std::string page_size;  // pdfinfo's, e.g. "595.92 x 841.92 pts (A4)"
  std::string text;       // in content order, without whitespace and without repeated headers
};

// `headers`: print_steps' last result; an empty text and a test failure if poppler failed.
PrintedReport read_printed_report(const std::filesystem::path& pdf, const nlohmann::json& headers);

// `text` without any whitespace, as printed text is compared: lines wrap anywhere on paper.
std::string without_whitespace(std::string_view text);

// The failing results of a JSON report (reports/schema) whose message, evidence or remediation
// is not in `printed` (read_printed_report's text), one line each: "CHECK subject: what".
std::vector<std::string> failing_results_missing_from(const nlohmann::json& report,
                                                      const std::string& printed);

// The failing results of a JSON report whose check id or subject (a node's address, a connection
// string, a namespace, a cloud resource, or a file with its line) is not in `printed`, one line
// each: "CHECK subject".
std::vector<std::string> failing_subjects_missing_from(const nlohmann::json& report,
                                                       const std::string& printed);

}  // namespace mongoscan::testing_support
