#pragma once
// How a file writes values, judged from its name: in configuration formats an unquoted value is
// data (`password: hunter22`); in source code it is a name or a call (`password: cfg.pw`).

#include <string_view>

namespace mongoscan {

enum class FileSyntax {
  config,  // YAML, .properties, .env, INI, TOML, XML, .conf: unquoted values run to the line's end
  shell,   // shell scripts and Dockerfiles: unquoted values end at white space
  code,    // everything else: only string literals are data
};

FileSyntax file_syntax(std::string_view path);

}  // namespace mongoscan
