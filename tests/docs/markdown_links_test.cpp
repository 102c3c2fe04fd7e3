// The Markdown users read (README.md, docs/, the folders' READMEs) read as GitHub renders it: every
// relative link names a file that exists, and every #anchor a heading or an <a id> of its target.
// External links are not fetched: the tests run without a network.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace mongoscan {
namespace markdown_links_test {
namespace {

namespace fs = std::filesystem;

// Test data that holds Markdown on purpose (scanned as application files, or report goldens).
const std::vector<std::string> kTestDataFolders = {"fixtures/apps", "fixtures/configs",
                                                   "fixtures/contexts", "tests/corpus",
                                                   "tests/reports/golden"};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool opens_fence(const std::string& line) {
  const std::size_t start = line.find_first_not_of(' ');
  return start != std::string::npos && start < 4 &&
         (line.compare(start, 3, "```") == 0 || line.compare(start, 3, "~~~") == 0);
}

// The text with fenced code blocks and inline code spans blanked (kept as spaces, line breaks
// kept), so that a link or a heading written as code is not read as one.
std::string without_code(const std::string& text) {
  std::string prose;
  bool fenced = false;
  for (const std::string& line : lines_of(text)) {
    if (opens_fence(line)) {
      fenced = !fenced;
      prose += '\n';
      continue;
    }
    prose += (fenced ? std::string() : line) + '\n';
  }
  // A code span: a run of backticks up to the next run as long, within one paragraph.
  for (std::size_t open = prose.find('`'); open != std::string::npos;) {
    const std::size_t length = prose.find_first_not_of('`', open) - open;
    const std::string run(length, '`');
    const std::size_t paragraph_end = prose.find("\n\n", open);
    std::size_t close = prose.find(run, open + length);
    while (close != std::string::npos && prose.find_first_not_of('`', close) - close != length) {
      close = prose.find(run, prose.find_first_not_of('`', close));
    }
    if (close == std::string::npos || close > paragraph_end) {
      open = prose.find('`', open + length);
      continue;
    }
    for (std::size_t i = open; i < close + length; ++i) {
      if (prose[i] != '\n') prose[i] = ' ';
    }
    open = prose.find('`', close + length);
  }
  return prose;
}

// The anchor GitHub gives a heading: tags and trailing #s dropped, lower case, spaces to '-', and
// punctuation but '-' and '_' removed (letters beyond ASCII kept).
std::string heading_slug(std::string heading) {
  std::string text;
  bool in_tag = false;
  for (const char c : heading) {
    if (c == '<') in_tag = true;
    if (!in_tag) text += c;
    if (c == '>') in_tag = false;
  }
  while (!text.empty() && (text.back() == '#' || text.back() == ' ')) text.pop_back();
  const std::size_t start = text.find_first_not_of(' ');
  text = start == std::string::npos ? "" : text.substr(start);
  std::string slug;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == ' ') {
      slug += '-';
    } else if (byte >= 0x80 || std::isalnum(byte) || c == '-' || c == '_') {
      slug += static_cast<char>(std::tolower(byte));
    }
  }
  return slug;
}

// The value of attribute `name` in each HTML tag of `text` (id="x" or name='x').
std::vector<std::string> attribute_values(const std::string& text, const std::string& name) {
  std::vector<std::string> values;
  for (std::size_t at = text.find(name + "="); at != std::string::npos;
       at = text.find(name + "=", at + 1)) {
    if (at == 0 || (text[at - 1] != ' ' && text[at - 1] != '\n')) continue;
    const std::size_t quote = at + name.size() + 1;
    if (quote >= text.size() || (text[quote] != '"' && text[quote] != '\'')) continue;
    const std::size_t end = text.find(text[quote], quote + 1);
    if (end != std::string::npos) values.push_back(text.substr(quote + 1, end - quote - 1));
  }
  return values;
}

// Every anchor the file defines: its headings' slugs (a repeated heading gets -1, -2...) and the
// ids and names of its HTML elements.
std::set<std::string> anchors_of(const std::string& text) {
  const std::string prose = without_code(text);
  std::set<std::string> anchors;
  std::map<std::string, int> seen;
  const std::vector<std::string> prose_lines = lines_of(prose);
  const std::vector<std::string> text_lines = lines_of(text);
  for (std::size_t i = 0; i < text_lines.size() && i < prose_lines.size(); ++i) {
    const std::string& line = prose_lines[i];
    const std::size_t hashes = line.find_first_not_of('#');
    if (hashes == 0 || hashes > 6 || hashes == std::string::npos || line[hashes] != ' ') continue;
    // The slug comes from the heading as written: a code span's text counts.
    std::string slug = heading_slug(text_lines[i].substr(hashes + 1));
    const int repeats = seen[slug]++;
    if (repeats > 0) slug += "-" + std::to_string(repeats);
    anchors.insert(slug);
  }
  for (const std::string& id : attribute_values(prose, "id")) anchors.insert(id);
  for (const std::string& name : attribute_values(prose, "name")) anchors.insert(name);
  return anchors;
}

// Every link target of the text outside code: [text](target), [label]: target, <a href="...">.
std::vector<std::string> link_targets(const std::string& text) {
  const std::string prose = without_code(text);
  std::vector<std::string> targets;
  for (std::size_t at = prose.find("]("); at != std::string::npos; at = prose.find("](", at + 1)) {
    std::size_t start = at + 2;
    while (start < prose.size() && (prose[start] == ' ' || prose[start] == '\n')) ++start;
    if (start < prose.size() && prose[start] == '<') {
      const std::size_t end = prose.find('>', start);
      if (end != std::string::npos) targets.push_back(prose.substr(start + 1, end - start - 1));
      continue;
    }
    std::size_t end = start;
    while (end < prose.size() && prose[end] != ')' && prose[end] != ' ' && prose[end] != '\n') {
      ++end;
    }
    targets.push_back(prose.substr(start, end - start));
  }
  for (const std::string& line : lines_of(prose)) {
    const std::size_t start = line.find_first_not_of(' ');
    if (start == std::string::npos || line[start] != '[') continue;
    const std::size_t colon = line.find("]: ", start);
    if (colon == std::string::npos || line.find(']', start) != colon) continue;
    std::string target = line.substr(colon + 3);
    target = target.substr(0, target.find(' '));
    targets.push_back(target);
  }
  for (const std::string& href : attribute_values(prose, "href")) targets.push_back(href);
  return targets;
}

bool is_external(const std::string& target) {
  const std::size_t colon = target.find(':');
  return colon != std::string::npos && target.find_first_of("/#") > colon;  // a scheme
}

// The Markdown files users read: every .md of the source tree but build output, dot folders and
// test data.
std::vector<fs::path> user_markdown(const fs::path& root) {
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string relative = fs::relative(it->path(), root).generic_string();
    const std::string name = it->path().filename().string();
    if (it->is_directory() &&
        (name.starts_with('.') || (it.depth() == 0 && name.starts_with("build")) ||
         std::find(kTestDataFolders.begin(), kTestDataFolders.end(), relative) !=
             kTestDataFolders.end())) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".md") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// "file: target: why" for each link of `file` that does not resolve.
std::vector<std::string> broken_links(const fs::path& file) {
  std::vector<std::string> broken;
  for (const std::string& target : link_targets(read_text(file))) {
    if (target.empty() || is_external(target)) continue;
    const std::size_t hash = target.find('#');
    const std::string path = target.substr(0, hash);
    const std::string anchor = hash == std::string::npos ? "" : target.substr(hash + 1);
    const fs::path linked = path.empty() ? file : file.parent_path() / path;
    if (!fs::exists(linked)) {
      broken.push_back(file.string() + ": " + target + ": no such file");
      continue;
    }
    if (anchor.empty() || linked.extension() != ".md") continue;
    if (!anchors_of(read_text(linked)).contains(anchor)) {
      broken.push_back(file.string() + ": " + target + ": no such anchor in " + linked.string());
    }
  }
  return broken;
}

TEST(MarkdownLinks, HeadingSlugsAreGitHubs) {
  EXPECT_EQ(heading_slug(" What `make demo` shows"), "what-make-demo-shows");
  EXPECT_EQ(heading_slug(" Transport (TLS)"), "transport-tls");
  EXPECT_EQ(heading_slug(" A read-only account: the auditor role ##"),
            "a-read-only-account-the-auditor-role");
  EXPECT_EQ(heading_slug(" <a id=\"check-net-004\"></a>NET-004: Legacy HTTP"),
            "net-004-legacy-http");
  EXPECT_EQ(heading_slug(" snake_case Réglage"), "snake_case-réglage");
}

TEST(MarkdownLinks, AnchorsAreHeadingsAndIds) {
  const std::string text =
      "# Title\n\n## Part\n\n## Part\n\n```\n# not a heading\n```\n\n"
      "### <a id=\"check-app-001\"></a>APP-001\n\nText `<a id=\"code\"></a>`.\n";
  EXPECT_EQ(anchors_of(text),
            (std::set<std::string>{"title", "part", "part-1", "app-001", "check-app-001"}));
}

TEST(MarkdownLinks, LinksOutsideCodeOnly) {
  const std::string text =
      "See [a](guide/a.md#x) and [the\nb part](b.md \"title\"), [c](<c d.md>), [w](https://w.test)."
      "\n\n`[not](code.md)` and\n\n```\n[nor](fenced.md)\n```\n\n[ref]: r.md\n"
      "<a href=\"h.md#y\">h</a>\n";
  EXPECT_EQ(link_targets(text), (std::vector<std::string>{"guide/a.md#x", "b.md", "c d.md",
                                                          "https://w.test", "r.md", "h.md#y"}));
  EXPECT_TRUE(is_external("https://w.test"));
  EXPECT_TRUE(is_external("mailto:a@b"));
  EXPECT_FALSE(is_external("guide/a.md#x:y"));
}

TEST(MarkdownLinks, TheUserDocsAreFound) {
  const fs::path root(MONGOSCAN_SOURCE_DIR);
  const std::vector<fs::path> files = user_markdown(root);
  for (const char* expected : {"README.md", "docs/README.md", "docs/checks.md",
                               "docs/guide/getting-started.md", "docs/guide/exit-codes.md"}) {
    EXPECT_NE(std::find(files.begin(), files.end(), root / expected), files.end()) << expected;
  }
  for (const fs::path& file : files) {
    EXPECT_EQ(fs::relative(file, root).generic_string().find("fixtures/apps/"), std::string::npos);
  }
}

TEST(MarkdownLinks, EveryRelativeLinkResolves) {
  std::size_t files = 0;
  for (const fs::path& file : user_markdown(fs::path(MONGOSCAN_SOURCE_DIR))) {
    for (const std::string& problem : broken_links(file)) ADD_FAILURE() << problem;
    ++files;
  }
  EXPECT_GT(files, 10u);
}

}  // namespace
}  // namespace markdown_links_test
}  // namespace mongoscan
