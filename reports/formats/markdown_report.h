#pragma once
// The Markdown report: a pull-request comment (GitHub-flavoured Markdown) that says at a glance
// whether the scan found anything, and what.

#include <optional>
#include <ostream>

#include "reports/controls_sections.h"
#include "reports/report.h"

namespace mongoscan {

// Writes the report as Markdown: a title with the worst status, the counts, a table of the fails,
// errors and warns (worst first, at most kMarkdownTableRows), the suppressed ones in a collapsed
// <details> block, and the config scan's coverage with its skipped files (at most
// kMarkdownSkippedFiles). All report text is escaped (reports/text/markdown_text.h).
// With a framework, a section lists its controls with the checks that cite them and their result
// (reports/control_coverage.h).
void write_markdown_report(const Report& report, std::ostream& out,
                           std::optional<FrameworkChoice> framework = std::nullopt);

// Rows a table shows before "and N more": GitHub cuts comments at 65536 characters.
inline constexpr std::size_t kMarkdownTableRows = 100;
inline constexpr std::size_t kMarkdownSkippedFiles = 50;

}  // namespace mongoscan
