#include "scanner/cli/diagnostics.h"

#include <cstdio>

#include "scanner/uri/uri.h"

namespace mongoscan {

Diagnostics::Diagnostics(std::ostream& err, int verbosity)
    : err_(err), verbosity_(verbosity), start_(std::chrono::steady_clock::now()) {}

void Diagnostics::note(int level, std::string_view text) {
  if (!shows(level)) return;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  char elapsed[32];
  std::snprintf(elapsed, sizeof elapsed, "[%8.3fs] ", seconds);
  // Every line passes the one redaction: a name or path may hold a connection string.
  err_ << "mongoscan: " << elapsed << redact_connection_strings_in_text(text) << '\n';
}

void Diagnostics::node(const NodeSummary& node) {
  if (!shows(2)) return;
  std::string text = "node " + node.address + ": " + node.role + ", found by " +
                     describe_origin(node) + (node.version.empty() ? "" : ", " + node.version);
  if (node.errors.empty()) text += "; every phase answered";
  for (const Error& error : node.errors) text += "; " + error.phase + " failed: " + error.message;
  note(2, text);
}

}  // namespace mongoscan
