#include "scanner/cli/report_flags.h"

#include <filesystem>

#include "scanner/cli/option_values.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {

void add_report_flags(CLI::App& command, ReportFlags& flags) {
  flags.format_option = command.add_option("--format", flags.reports.format, "Report format")
                            ->transform(one_of({"table", "json", "html", "sarif", "junit", "md",
                                                "csv", "prometheus", "ocsf"}))
                            ->capture_default_str();
  flags.output_option =
      command.add_option("-o,--output", flags.reports.output,
                         "Write the report to this file (atomically) instead of stdout ('-')");
  command
      .add_option("--color", flags.color,
                  "ANSI colour in the table on stdout: auto (a terminal, unless NO_COLOR is set; "
                  "always with FORCE_COLOR), always or never")
      ->transform(one_of({"auto", "always", "never"}))
      ->capture_default_str();
  command.add_flag("--no-color", flags.no_color, "Same as --color never");
  flags.view_option =
      command
          .add_option(
              "--view", flags.view,
              "Table and HTML: grid (a row per check, a column per subject), findings (a line "
              "per failing, erring or warning result, worst first) or auto (the grid when it "
              "fits: the console's width for the table, 12 subjects of a kind for HTML)")
          ->transform(one_of({"auto", "grid", "findings"}))
          ->capture_default_str();
  command
      .add_option("--framework", flags.framework,
                  "HTML and Markdown: add a section of this framework's controls (cis, stig, "
                  "stig-4, stig-7, checklist, devspec or prowler: Prowler's MongoDB Atlas "
                  "checks), each with the checks that cite it and their result; controls no "
                  "check covers show as not assessed. stig scores each node against the STIG "
                  "edition of its version (4.x for 4.4 to 6.0, 7.x from 7.0); stig-4 and stig-7 "
                  "force one")
      ->transform(one_of({"cis", "stig", "stig-4", "stig-7", "checklist", "devspec", "prowler"}));
  command
      .add_option("--print", flags.print,
                  "HTML: what a printout or a PDF saved from the browser holds: summary (the "
                  "verdict, fix first, and every failing or erring result with its evidence and "
                  "remediation; passes, skips, warnings and the detail sections left out) or "
                  "full (everything the screen shows)")
      ->transform(one_of({"summary", "full"}))
      ->capture_default_str();
  command.add_option("--report", flags.reports.reports,
                     "Also write a report as FORMAT:PATH ('-' for stdout), e.g. sarif:out.sarif "
                     "(repeatable: several formats at once)");
  command.add_flag("--sarif-deployment", flags.sarif.deployment_results,
                   "SARIF: also report findings about nodes, namespaces and connection strings "
                   "given as arguments (no file of their own), at their --uri-file line; those "
                   "without one are left out, with a note");
  command
      .add_option("--sarif-root", flags.sarif_root,
                  "SARIF: the directory file paths are relative to (%SRCROOT%), so that code "
                  "scanning places them; default: the git work tree the command runs in, else "
                  "the working directory")
      ->type_name("DIR");
  command
      .add_option("--sarif-help-base", flags.sarif.help_base,
                  "SARIF: absolute URI where docs/checks.md (the checks reference) is published; "
                  "each rule's helpUri is this plus the check's anchor (#check-conn-001). "
                  "Default: none, and rules have no helpUri")
      ->type_name("URI");
  command
      .add_option("--evidence-dir", flags.evidence.directory,
                  "Also write an evidence bundle to this new (or empty) directory: the report "
                  "as JSON, HTML and SARIF and manifest.json with their SHA-256 digests "
                  "(mongoscan verify checks it)")
      ->type_name("DIR");
  command
      .add_option("--sign-key", flags.evidence.sign_key,
                  "With --evidence-dir: sign manifest.json with this unencrypted PEM private "
                  "key (Ed25519 or ECDSA P-256) into manifest.json.sig")
      ->type_name("KEY.pem");
}

bool report_colour(const ReportFlags& flags, bool out_is_color_terminal) {
  return !flags.no_color &&
         (flags.color == "always" || (flags.color == "auto" && out_is_color_terminal));
}

std::optional<FrameworkChoice> report_framework(const ReportFlags& flags) {
  return parse_framework_choice(flags.framework);
}

std::optional<std::string> report_flags_conflict(const ReportFlags& flags) {
  if (flags.view_option->count() == 0 || flags.view == "auto") return std::nullopt;
  std::vector<std::string> formats = {flags.reports.format};
  for (const std::string& report : flags.reports.reports)
    formats.push_back(to_lower_ascii(report.substr(0, report.find(':'))));
  for (const std::string& format : formats)
    if (format == "table" || format == "html") return std::nullopt;
  return "--view " + flags.view +
         " applies to the table and HTML reports, and none is written (--format " +
         flags.reports.format + ")";
}

SarifOptions sarif_options(const ReportFlags& flags) {
  namespace fs = std::filesystem;
  SarifOptions options = flags.sarif;
  std::error_code error;
  const fs::path working = fs::current_path(error);
  if (error) return options;  // paths as given
  options.working_directory = working.generic_string();
  if (!flags.sarif_root.empty()) {
    options.source_root = fs::absolute(flags.sarif_root, error).lexically_normal().generic_string();
    return options;
  }
  options.source_root = options.working_directory;
  for (fs::path directory = working; !directory.empty(); directory = directory.parent_path()) {
    if (fs::exists(directory / ".git", error)) {
      options.source_root = directory.generic_string();
      break;
    }
    if (directory == directory.root_path()) break;
  }
  return options;
}

ReportOptions given_report_options(const ReportFlags& flags) {
  ReportOptions options = flags.reports;
  options.format_or_output_given =
      flags.format_option->count() > 0 || flags.output_option->count() > 0;
  return options;
}

}  // namespace mongoscan
