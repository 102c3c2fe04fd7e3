#pragma once
// What a scanned file is for, as a reviewer would file it: a finding in a test fixture or a
// tutorial is real, but it is not a production secret and should not gate like one.

#include <optional>
#include <string_view>

namespace mongoscan {

// In the order a finding's context gates by default: production and example first.
enum class FileContext {
  production,     // anything not recognised below: deployed code and configuration
  example,        // samples, examples, demos, documentation snippets, *.example, env.example
  test,           // test folders and files, fixtures, end-to-end suites
  documentation,  // Markdown, reStructuredText, AsciiDoc, notebooks
};

// "production", "example", "test", "documentation".
std::string_view to_string(FileContext context);

// The context of that name (case-sensitive, as to_string spells it); none for any other text.
std::optional<FileContext> file_context_named(std::string_view name);

}  // namespace mongoscan
