#include "scanner/config_scan/context_rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <initializer_list>
#include <string>
#include <vector>

#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

// How much of a file is read for the name of a test framework.
constexpr std::size_t kFrameworkProbeBytes = 64 * 1024;

bool word_in(std::string_view word, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// The words of a lower-case path component, split at '-', '_', '.' and spaces.
std::vector<std::string_view> component_words(std::string_view component) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= component.size(); ++i) {
    if (i == component.size() || component[i] == '-' || component[i] == '_' ||
        component[i] == '.' || component[i] == ' ') {
      if (i > start) words.push_back(component.substr(start, i - start));
      start = i + 1;
    }
  }
  return words;
}

bool is_documentation(std::string_view lower_name) {
  const auto dot = lower_name.rfind('.');
  const std::string_view extension =
      dot == std::string_view::npos ? std::string_view{} : lower_name.substr(dot);
  if (word_in(extension,
              {".md", ".markdown", ".mdx", ".rst", ".adoc", ".asciidoc", ".ipynb", ".textile"})) {
    return true;
  }
  const std::string_view stem = lower_name.substr(0, dot);
  return (extension.empty() || extension == ".txt") &&
         word_in(stem, {"readme", "changelog", "changes", "history", "contributing"});
}

bool is_test_folder(std::string_view lower_folder) {
  if (word_in(lower_folder, {"spec", "specs", "__tests__", "__test__", "__mocks__", "__fixtures__",
                             "cypress", "testdata", "mocks"})) {
    return true;
  }
  const auto words = component_words(lower_folder);
  return std::any_of(words.begin(), words.end(), [](std::string_view word) {
    return word_in(word, {"test", "tests", "testing", "e2e", "fixture", "fixtures", "testdata",
                          "integrationtest", "integrationtests", "testutil", "testutils",
                          "testhelpers", "testsupport"});
  });
}

// Whether `stem` ends in `suffix` just after a lower-case letter or digit: the convention of a
// test class's name (FooTest, ReportIT), not a word that merely ends so (AUDIT, Latest).
bool ends_with_class_suffix(std::string_view stem, std::string_view suffix) {
  if (stem.size() <= suffix.size() || !stem.ends_with(suffix)) return false;
  const auto before = static_cast<unsigned char>(stem[stem.size() - suffix.size() - 1]);
  return std::islower(before) != 0 || std::isdigit(before) != 0;
}

// A file name of a test suite, judged in its own case where case is the convention
// (FooTest.java) and in lower case otherwise.
bool is_test_name(std::string_view name, std::string_view lower_name) {
  if (lower_name == "conftest.py") return true;
  const auto dot = lower_name.rfind('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view extension = lower_name.substr(dot);
  const auto words = component_words(lower_name.substr(0, dot));
  if (words.empty()) return false;
  // app_test.go, docker-compose.test.yml, values-tests.yaml; app.spec.ts and user_spec.rb only
  // in code (an api-spec.yaml is a specification, not a test).
  if (word_in(words.back(), {"test", "tests"})) return true;
  const bool code =
      word_in(extension, {".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".rb", ".py", ".java",
                          ".kt", ".scala", ".groovy", ".cs", ".swift", ".go", ".php"});
  if (code && words.back() == "spec") return true;
  if (extension == ".py" && words.front() == "test") return true;  // test_app.py
  if (!code) return false;
  const std::string_view stem = name.substr(0, dot);
  return ends_with_class_suffix(stem, "Test") || ends_with_class_suffix(stem, "Tests") ||
         ends_with_class_suffix(stem, "IT") || ends_with_class_suffix(stem, "Spec");
}

// Whether the text names a test framework the way only a test does.
bool names_test_framework(std::string_view text) {
  const std::string_view head = text.substr(0, std::min(text.size(), kFrameworkProbeBytes));
  static constexpr std::array<std::string_view, 11> kMarkers = {
      "import pytest",    "from pytest",     "import unittest", "from unittest",
      "org.junit.",       "org.testng.",     "*testing.T)",     "RSpec.describe",
      "from django.test", "@SpringBootTest", "@DataMongoTest"};
  return std::any_of(kMarkers.begin(), kMarkers.end(), [&](std::string_view marker) {
    return head.find(marker) != std::string_view::npos;
  });
}

bool is_example_folder(std::string_view lower_folder) {
  if (word_in(lower_folder, {"docs", "doc", "documentation"})) return true;
  const auto words = component_words(lower_folder);
  return std::any_of(words.begin(), words.end(), [](std::string_view word) {
    return word_in(word, {"example", "examples", "sample", "samples", "demo", "demos", "tutorial",
                          "tutorials", "quickstart", "quickstarts"});
  });
}

bool is_example_name(std::string_view lower_name) {
  if (lower_name.ends_with(".dist")) return true;
  const auto words = component_words(lower_name);
  return std::any_of(words.begin(), words.end(), [](std::string_view word) {
    return word_in(word, {"example", "examples", "sample", "samples"});
  });
}

}  // namespace

FileContext context_of_file(std::string_view path_below_root, std::string_view text) {
  const std::string lower_path = to_lower_ascii(path_below_root);
  const auto slash = lower_path.rfind('/');
  const std::size_t name_start = slash == std::string::npos ? 0 : slash + 1;
  const std::string_view lower_name = std::string_view(lower_path).substr(name_start);
  const std::string_view name = path_below_root.substr(name_start);
  std::vector<std::string_view> folders;
  for (std::size_t start = 0; start < name_start;) {
    const std::size_t end = lower_path.find('/', start);
    if (end > start) folders.push_back(std::string_view(lower_path).substr(start, end - start));
    start = end + 1;
  }
  if (is_documentation(lower_name)) return FileContext::documentation;
  if (std::any_of(folders.begin(), folders.end(), is_test_folder) ||
      is_test_name(name, lower_name) || names_test_framework(text)) {
    return FileContext::test;
  }
  if (std::any_of(folders.begin(), folders.end(), is_example_folder) ||
      is_example_name(lower_name)) {
    return FileContext::example;
  }
  return FileContext::production;
}

}  // namespace mongoscan
