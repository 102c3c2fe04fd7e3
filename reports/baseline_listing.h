#pragma once
// `mongoscan baseline show FILE`: a baseline as a reviewer reads it.

#include <ostream>
#include <string_view>

#include "checks/baseline.h"

namespace mongoscan {

// A heading naming the file, its version and its count, then per entry its check, subject,
// first-seen date and fingerprint, in the file's order; a version 1 file lists its fingerprints
// and says how to rewrite it with the details.
void write_baseline_listing(const Baseline& baseline, std::string_view file, std::ostream& out);

}  // namespace mongoscan
