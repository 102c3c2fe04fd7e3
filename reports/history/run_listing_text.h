#pragma once
// `mongoscan history`: the runs of a history as text, newest first.

#include <string>
#include <vector>

#include "reports/history/history_store.h"

namespace mongoscan {

// One line per run (its start, the tool version, its id), then one indented line per environment:
// its verdict and its fail, warn and pass counts, and why it was not scanned. "no runs" when
// `runs` is empty.
std::string run_listing_text(const std::vector<RunListing>& runs);

}  // namespace mongoscan
