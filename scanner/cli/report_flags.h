#pragma once
// The options that choose a command's reports (--format, -o, --report, --color, --view,
// --framework, --print, --sarif-*, --evidence-dir, --sign-key), the same for `scan` and `convert`.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "checks/control_reference.h"
#include "reports/formats/sarif_report.h"
#include "scanner/cli/evidence_command.h"
#include "scanner/cli/report_destinations.h"

namespace mongoscan {

struct ReportFlags {
  ReportOptions reports;
  std::string color = "auto";  // --color: auto, always or never
  bool no_color = false;       // --no-color
  std::string view = "auto";   // --view: auto, grid or findings (parse_report_view)
  std::string framework;       // --framework: a name parse_framework_choice knows; empty for none
  std::string print = "summary";  // --print: summary or full (parse_html_print)
  SarifOptions sarif;
  std::string sarif_root;  // --sarif-root: the directory SARIF paths are relative to
  EvidenceOptions evidence;
  CLI::Option* format_option = nullptr;
  CLI::Option* output_option = nullptr;
  CLI::Option* view_option = nullptr;
};

// Adds the report options to `command`, storing into `flags` (which must outlive the parse).
void add_report_flags(CLI::App& command, ReportFlags& flags);

// After the parse: whether the table on standard output takes ANSI colour, given whether standard
// output is a terminal that takes it (CliStreams::out_is_color_terminal).
bool report_colour(const ReportFlags& flags, bool out_is_color_terminal);

// After the parse: the --framework the HTML and Markdown reports group controls by, if any.
std::optional<FrameworkChoice> report_framework(const ReportFlags& flags);

// After the parse: why the options contradict each other, if they do: --view grid or findings
// when no table or HTML report is written.
std::optional<std::string> report_flags_conflict(const ReportFlags& flags);

// After the parse: the SARIF options with the source root (--sarif-root, else the git work tree
// the working directory lies in: the nearest ancestor holding .git, else the working directory)
// and the working directory, both absolute.
SarifOptions sarif_options(const ReportFlags& flags);

// After the parse: the report options with whether --format or -o was given.
ReportOptions given_report_options(const ReportFlags& flags);

}  // namespace mongoscan
