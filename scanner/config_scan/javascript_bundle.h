#pragma once
// JavaScript bundles: what web bundlers emit into their output directories and a web server then
// serves as it is, readable by anyone once deployed.

#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

// Whether a file name is a JavaScript bundle or its source map: *.js, *.mjs, *.cjs (webpack's,
// Rollup's, Vite's and Parcel's chunks) and *.js.map, *.mjs.map, *.cjs.map. A source map's
// sourcesContent holds the original sources, comments included, so a password in a source is in
// its map even when minification dropped it from the bundle. Case-sensitive, as bundlers name them.
bool is_javascript_bundle_name(std::string_view name);

// The directories whose bundles are served as they are once deployed. Build output: dist (webpack's
// output.path default, Vite's build.outDir, Parcel's, Rollup's by convention), build (Create React
// App) and out (Next.js static export); and public (Create React App, Vite and Next.js copy it into
// the site as is, Express serves it with express.static, Gatsby and Hugo build into it).
std::vector<std::string> default_served_directories();

}  // namespace mongoscan
