#pragma once
// The manual page mongoscan(1), in roff: every command and option read from the live command
// line (names, values, defaults, help text, environment variables), with the prose the command
// line cannot say (exit codes, environment, files, examples) kept in manual_page.cpp.

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>

namespace mongoscan {

// Writes mongoscan(1) for `app` and its visible commands (a command in no group is hidden).
void write_manual_page(const CLI::App& app, std::ostream& out);

// `text` for a roff line: backslashes and hyphens escaped, a leading '.' or '\'' made literal.
std::string roff_escape(const std::string& text);

}  // namespace mongoscan
