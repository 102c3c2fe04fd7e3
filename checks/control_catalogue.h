#pragma once
// The one table of the controls of every framework mongoscan cites, with where each list comes
// from. Check references must name controls of this table (tests/checks/control_catalogue_test).

#include <cstddef>
#include <string_view>
#include <vector>

#include "checks/control_reference.h"

namespace mongoscan {

struct FrameworkControl {
  Framework framework;
  std::string_view id;
  std::string_view title;
};

// Where a framework's list comes from.
struct FrameworkSource {
  Framework framework;
  std::string_view document;   // the framework's document and version
  std::string_view source;     // where the ids and titles were read, and how far they were verified
  std::string_view retrieved;  // YYYY-MM-DD
  std::size_t total_controls;  // the document's count of controls, which the list must hold
};

const FrameworkSource& framework_source(Framework framework);

// The framework's controls, in the document's order.
std::vector<FrameworkControl> framework_controls(Framework framework);

// The control of the framework with this id, or nullptr.
const FrameworkControl* find_control(Framework framework, std::string_view id);

}  // namespace mongoscan
