#pragma once
// One page in headless Chromium for the browser tests (tests/support/devtools_page.py drives it),
// and the layout checks reports must pass.

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace mongoscan::testing_support {

inline constexpr const char* kChromium = "/usr/bin/chromium";

// Runs the steps (devtools_page.py's: evaluate, click, screenshot) on the page at the width
// given and returns their results; an empty array, and a test failure, if the browser failed.
nlohmann::json run_in_browser(const std::filesystem::path& page, const nlohmann::json& steps,
                              int width = 1280, int height = 900);

// A step whose result is the report's first-screen layout: {overflowing: the cells whose content
// is wider than the cell (first 10, with their text), page_scrolls_sideways, matrices_scroll:
// self-check grids wider than their box, first_after_header: the id of main's first element and
// whether the header comes right before main}.
nlohmann::json layout_step();

}  // namespace mongoscan::testing_support
