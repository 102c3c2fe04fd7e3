#pragma once
// The patterns of the ignore files of one directory (.gitignore syntax, gitignore(5)), compiled
// once and matched against the paths below that directory. No regular expressions: a small glob
// matcher after git's wildmatch.

#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

enum class IgnoreVerdict {
  unmatched,  // no pattern of these rules names the path: ask the parent directory's rules
  ignored,    // the last matching pattern excludes it
  included,   // the last matching pattern is a negation ("!pattern")
};

class IgnoreRules {
 public:
  // Adds the patterns of one ignore file's text. Patterns added later take precedence over earlier
  // ones (git's "last match wins").
  void add(std::string_view file_text);

  bool empty() const { return patterns_.empty(); }

  // relative_path: '/'-separated, relative to the directory that holds the ignore files, without a
  // leading '/' ("src/app.yaml"). is_directory selects the patterns ending in '/'.
  IgnoreVerdict match(std::string_view relative_path, bool is_directory) const;

 private:
  struct Pattern {
    enum class Kind {
      literal,  // no wildcard: compared as is ("node_modules", "/build")
      suffix,   // '*' then literal text without '/' ("*.log")
      glob,     // anything else, through the glob matcher
    };
    Kind kind = Kind::glob;
    std::string text;  // literal: the text; suffix: what follows '*'; glob: the pattern
    // glob and anchored: the length of its text before the first wildcard, compared as is before
    // the glob matcher takes the rest. Git does the same, so a "**" just after it starts a
    // component: "b**/*" matches "ba".
    std::size_t literal_prefix = 0;
    bool negated = false;         // "!pattern"
    bool directory_only = false;  // "pattern/"
    bool anchored = false;  // a '/' at the start or in the middle: matched against the whole path,
                            // otherwise against the last component at any depth
  };

  static bool matches(const Pattern& pattern, std::string_view subject);

  std::vector<Pattern> patterns_;
};

}  // namespace mongoscan
