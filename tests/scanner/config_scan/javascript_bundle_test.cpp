#include "scanner/config_scan/javascript_bundle.h"

#include <gtest/gtest.h>

namespace mongoscan {
namespace javascript_bundle_test {
namespace {

TEST(JavascriptBundle, BundlesAndTheirSourceMapsAreBundles) {
  for (const char* name : {"main.8c1d.js", "index-4f2a.mjs", "lib.cjs", "a.js", "main.8c1d.js.map",
                           "chunk.mjs.map", "lib.cjs.map"}) {
    EXPECT_TRUE(is_javascript_bundle_name(name)) << name;
  }
}

TEST(JavascriptBundle, OtherBuildOutputIsNoBundle) {
  for (const char* name :
       {"index.html", "main.css", "main.css.map", "app.json", "logo.svg", ".js", ".js.map", "js",
        "main.JS", "main.jsx", "main.ts", "main.js.gz", "main.map", "app.js.bak"}) {
    EXPECT_FALSE(is_javascript_bundle_name(name)) << name;
  }
}

}  // namespace
}  // namespace javascript_bundle_test
}  // namespace mongoscan
