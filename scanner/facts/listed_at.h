#pragma once

#include <string>

namespace mongoscan {

// Where a connection string was listed: the --uri-file or --app-uri-file as given and the 1-based
// line that holds the string. Findings about the string, and about the deployment it names, are
// located there (JSON subject `file` and `line`, SARIF locations).
struct ListedAt {
  std::string file;
  int line = 0;
};

}  // namespace mongoscan
