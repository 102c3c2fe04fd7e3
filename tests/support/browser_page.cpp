#include "tests/support/browser_page.h"

#include <gtest/gtest.h>

#include "tests/support/process.h"

namespace mongoscan::testing_support {

nlohmann::json run_in_browser(const std::filesystem::path& page, const nlohmann::json& steps,
                              int width, int height) {
  const ProcessResult browser =
      run_process({"/usr/bin/python3", MONGOSCAN_SOURCE_DIR "/tests/support/devtools_page.py",
                   "--chromium", kChromium, "--url", "file://" + page.string(), "--width",
                   std::to_string(width), "--height", std::to_string(height)},
                  steps.dump(), std::chrono::seconds(120));
  EXPECT_FALSE(browser.timed_out) << browser.err;
  EXPECT_EQ(browser.exit_code, 0) << browser.err;
  if (browser.exit_code != 0) return nlohmann::json::array();
  return nlohmann::json::parse(browser.out).at("results");
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
      matrices_scroll: [...document.querySelectorAll('.matrix')]
          .filter(box => box.scrollWidth > box.clientWidth + 1).length,
      first_after_header: main.firstElementChild.id,
      header_then_main: main.previousElementSibling.tagName === 'HEADER'
    };
  })())"}};
}

}  // namespace mongoscan::testing_support
