#pragma once
// Shell completion for mongoscan (bash, zsh, fish), read from the live command line: its visible
// commands, each command's options, the choices of the options that list them, and file names
// for the rest.

#include <CLI/CLI.hpp>
#include <ostream>

namespace mongoscan {

// Writes a bash script that defines _mongoscan and registers it with `complete` for mongoscan.
void write_bash_completion(const CLI::App& app, std::ostream& out);

// Writes a zsh completion function (#compdef mongoscan; a file _mongoscan on $fpath).
void write_zsh_completion(const CLI::App& app, std::ostream& out);

// Writes fish `complete` commands for mongoscan (a file mongoscan.fish in fish's completions).
void write_fish_completion(const CLI::App& app, std::ostream& out);

}  // namespace mongoscan
