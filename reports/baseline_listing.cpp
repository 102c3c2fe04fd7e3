#include "reports/baseline_listing.h"

#include <algorithm>
#include <string>

namespace mongoscan {
namespace {

std::string padded(std::string_view text, std::size_t width) {
  std::string cell(text);
  if (cell.size() < width) cell.append(width - cell.size(), ' ');
  return cell;
}

}  // namespace

void write_baseline_listing(const Baseline& baseline, std::string_view file, std::ostream& out) {
  const std::size_t count = baseline.entries.size();
  out << "Baseline " << file << ": version " << baseline.version << ", " << count
      << (count == 1 ? " entry" : " entries") << '\n';
  if (baseline.version == 1) {
    out << "Version 1 keeps fingerprints only: `mongoscan scan ... --baseline " << file
        << " --write-baseline " << file
        << "` rewrites it with each entry's check, subject and first-seen date.\n";
    for (const BaselineEntry& entry : baseline.entries) out << entry.fingerprint << '\n';
    return;
  }
  if (count == 0) return;
  std::size_t check_width = 5;
  std::size_t subject_width = 7;
  for (const BaselineEntry& entry : baseline.entries) {
    check_width = std::max(check_width, entry.check_id.size());
    subject_width = std::max(subject_width, entry.subject.size());
  }
  out << padded("CHECK", check_width) << "  " << padded("SUBJECT", subject_width)
      << "  FIRST SEEN  FINGERPRINT\n";
  for (const BaselineEntry& entry : baseline.entries) {
    out << padded(entry.check_id, check_width) << "  " << padded(entry.subject, subject_width)
        << "  " << padded(entry.first_seen.empty() ? "-" : entry.first_seen, 10) << "  "
        << entry.fingerprint << '\n';
  }
}

}  // namespace mongoscan
