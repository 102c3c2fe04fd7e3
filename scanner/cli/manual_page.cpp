#include "scanner/cli/manual_page.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "scanner/cli/cli.h"
#include "scanner/cli/help_format.h"
#include "scanner/cli/version.h"

namespace mongoscan {
namespace {

// The prose the command line cannot say, in roff. Exit codes and variables are the user guide's
// (docs/guide/exit-codes.md, docs/guide/configuration.md).
constexpr std::string_view kDescription = R"(.B mongoscan
tells a team, with evidence, whether a MongoDB deployment and the way its applications connect to
it follow the security and configuration rules of the MongoDB development specification, the CIS
MongoDB Benchmark and MongoDB's security checklist.
It resolves \fBmongodb+srv://\fR names, probes every node it finds with read-only commands of one
allowlist, scans application and infrastructure files for hardcoded credentials and exposed
MongoDB ports, and writes reports (table, JSON, HTML, SARIF, JUnit, Markdown).
It never prints a secret and never changes what it scans.
)";

struct ExitCodeText {
  int code;
  std::string_view meaning;
};

constexpr ExitCodeText kExitCodes[] = {
    {kExitOk, "Nothing failed at or above \\fB\\-\\-fail\\-on\\fR (default high)."},
    {kExitFindingsFailed,
     "A finding failed at or above \\fB\\-\\-fail\\-on\\fR; for \\fBverify\\fR: the evidence "
     "bundle does not verify (one line per problem on stdout)."},
    {kExitUsage,
     "Usage or input error: a bad option, an invalid connection string, an unreadable or invalid "
     "policy, URI, password or CA file, a saved report that cannot be read (one line on stderr "
     "naming the input and the problem)."},
    {kExitScanFailed,
     "The scan could not run or be kept: a report, the evidence bundle or the history could not "
     "be written (one line naming the path)."},
    {kExitIncomplete,
     "Nothing failed, but some node, check or file could not be scanned (the report says "
     "incomplete); \\fB\\-\\-allow\\-incomplete\\fR turns it into 0."},
};

constexpr std::string_view kEnvironment = R"(.TP
.B MONGOSCAN_PASSWORD
The password of the scanning account (\fB\-\-username\fR) when no \fB\-\-password\-file\fR is
given; without either, mongoscan prompts on a terminal.
.TP
.B NO_COLOR
When set, the table on a terminal has no ANSI colour (\fB\-\-color auto\fR).
.TP
.B FORCE_COLOR
When set to anything but 0, the table has colour even when stdout is no terminal.
)";

constexpr std::string_view kFiles = R"(.TP
.I ./.mongoscan.yaml
Defaults for \fBscan\fR options (option: value), read from the working directory when present;
\fB\-\-config\fR names another file. Connection strings never come from there.
.TP
.I .mongoscanignore
Paths the config scan skips, in \fB.gitignore\fR syntax (\fB\-\-no\-ignore\-files\fR scans them).
.TP
.I share/mongoscan/report.schema.json
The JSON Schema of \fBscan \-\-format json\fR reports, under the installation prefix
(\fI/usr\fR for the Debian package).
.TP
.I share/mongoscan/checks.json
The check catalogue, as \fBmongoscan checks \-\-format json\fR prints it.
.TP
.I share/mongoscan/example\-policy.json
An example policy for \fB\-\-policy\fR: thresholds, severities, workloads.
.TP
.I share/mongoscan/inventory.yaml
An example inventory for \fB\-\-inventory\fR: environments with their targets, accounts and files.
)";

constexpr std::string_view kExamples =
    R"(Scan a deployment behind an SRV name with a read-only account; the password stays off the
command line:
.PP
.nf
.RS
mongoscan scan \-\-uri\-file targets.txt \-\-username mongoscan \e
  \-\-password\-file ~/.mongoscan\-pw \-\-report html:report.html
.RE
.fi
.PP
Gate a pull request on the files it changes, with SARIF for code scanning:
.PP
.nf
.RS
git diff \-\-name\-only origin/main... | mongoscan scan \-\-files\-from \- \e
  \-\-report sarif:mongoscan.sarif \-\-fail\-on high
.RE
.fi
.PP
Scan a repository and accept what is known with a baseline:
.PP
.nf
.RS
mongoscan scan \-\-config\-path . \-\-write\-baseline .mongoscan\-baseline.json
mongoscan scan \-\-config\-path . \-\-baseline .mongoscan\-baseline.json
.RE
.fi
.PP
Create the smallest role every check needs:
.PP
.nf
.RS
mongoscan auditor\-role | mongosh "mongodb://admin@db1.internal/?authSource=admin"
.RE
.fi
)";

bool visible(const CLI::App* command) { return !command->get_group().empty(); }

// "\fB\-q\fR, \fB\-\-quiet\fR", "\fB\-\-fail\-on\fR {info,...} (default high)", "\fIuris\fR ...".
std::string option_heading(const CLI::Option& option) {
  // " FILE (default .mongoscan.yaml)"; a flag has none.
  std::string opts = HelpFormatter().make_option_opts(&option);
  if (opts.find_first_not_of(' ') == std::string::npos) opts.clear();
  if (option.get_positional()) {
    return "\\fI" + roff_escape(option.get_name()) + "\\fR" + roff_escape(opts);
  }
  std::string names;
  for (const std::string& name : option.get_snames()) {
    names += (names.empty() ? "" : ", ") + std::string("\\fB\\-") + roff_escape(name) + "\\fR";
  }
  for (const std::string& name : option.get_lnames()) {
    names += (names.empty() ? "" : ", ") + std::string("\\fB\\-\\-") + roff_escape(name) + "\\fR";
  }
  return names + roff_escape(opts);
}

// "mongoscan scan [OPTIONS] [uris ...]": required positionals bare, optional ones in brackets.
std::string synopsis(const CLI::App& command) {
  std::string line = "\\fBmongoscan " + roff_escape(command.get_name()) + "\\fR [\\fIOPTIONS\\fR]";
  for (const CLI::Option* option :
       command.get_options([](const CLI::Option* each) { return each->get_positional(); })) {
    std::string name = "\\fI" + roff_escape(option->get_name()) + "\\fR";
    if (option->get_expected_max() > 1) name += " ...";
    line += " " + (option->get_required() ? name : "[" + name + "]");
  }
  return line;
}

// The options of `command` under their help groups, groups in the order they first appear.
void write_options(const CLI::App& command, std::ostream& out) {
  const auto options = command.get_options();
  std::vector<std::string> groups;
  for (const CLI::Option* option : options) {
    if (option->get_group().empty()) continue;
    if (std::find(groups.begin(), groups.end(), option->get_group()) == groups.end()) {
      groups.push_back(option->get_group());
    }
  }
  for (const std::string& group : groups) {
    if (groups.size() > 1) out << ".PP\n.I \"" << roff_escape(group) << "\"\n";
    for (const CLI::Option* option : options) {
      if (option->get_group() != group) continue;
      out << ".TP\n"
          << option_heading(*option) << "\n"
          << roff_escape(option->get_description()) << "\n";
    }
  }
}

// Every scan option that may come from the environment, by its variable.
void write_option_variables(const CLI::App& app, std::ostream& out) {
  for (const CLI::App* command : app.get_subcommands(visible)) {
    for (const CLI::Option* option : command->get_options()) {
      if (option->get_envname().empty() || option->get_lnames().empty()) continue;
      out << ".TP\n.B " << roff_escape(option->get_envname()) << "\nThe default of \\fB"
          << roff_escape(command->get_name()) << " \\-\\-"
          << roff_escape(option->get_lnames().front())
          << "\\fR; the command line wins over it, and it over the config file "
             "(\\fB\\-\\-config\\fR, \\fI.mongoscan.yaml\\fR).\n";
    }
  }
}

}  // namespace

std::string roff_escape(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '\\') {
      escaped += "\\e";
    } else if (c == '-') {
      escaped += "\\-";
    } else {
      escaped += c;
    }
  }
  if (!escaped.empty() && (escaped.front() == '.' || escaped.front() == '\'')) {
    escaped.insert(0, "\\&");
  }
  return escaped;
}

void write_manual_page(const CLI::App& app, std::ostream& out) {
  out << ".\\\" Generated by `mongoscan manpage` from its command line; do not edit.\n"
      << ".TH MONGOSCAN 1 \"\" \"mongoscan " << kVersion << "\" \"User Commands\"\n"
      << ".SH NAME\nmongoscan \\- check MongoDB deployments and connection strings against "
         "security rules\n"
      << ".SH SYNOPSIS\n\\fBmongoscan\\fR [\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]\n"
      << ".SH DESCRIPTION\n"
      << kDescription << ".SH OPTIONS\n";
  write_options(app, out);
  out << ".SH COMMANDS\n";
  for (const CLI::App* command : app.get_subcommands(visible)) {
    out << ".SS " << roff_escape(command->get_name()) << "\n"
        << synopsis(*command) << "\n.PP\n"
        << roff_escape(command->get_description()) << ".\n";
    write_options(*command, out);
  }
  out << ".SH EXIT STATUS\n";
  for (const auto& [code, meaning] : kExitCodes) {
    out << ".TP\n.B " << code << "\n" << meaning << "\n";
  }
  out << ".SH ENVIRONMENT\n" << kEnvironment;
  write_option_variables(app, out);
  out << ".SH FILES\n"
      << kFiles << ".SH EXAMPLES\n"
      << kExamples << ".SH SEE ALSO\n\\fBmongosh\\fR(1), \\fBpre\\-commit\\fR(1)\n";
}

}  // namespace mongoscan
