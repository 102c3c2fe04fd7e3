#pragma once
// `mongoscan scan --help` as a reader wants it: options in groups (targets, credentials, TLS,
// probing, config scan, reports, evidence, gate, data model), each with a plain value name, its
// choices and its default, and none of the parser's own notation (validator names, number ranges,
// a flag's "{false}").

#include <CLI/CLI.hpp>
#include <string>

namespace mongoscan {

class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_option_name(const CLI::Option* option, bool is_positional) const override;
  std::string make_option_opts(const CLI::Option* option) const override;
};

// Puts each of the scan command's options in its group; an option the table does not name stays
// under "Options" (a test keeps that list to --help alone).
void group_scan_options(CLI::App& scan);

}  // namespace mongoscan
