#pragma once
// Ports as infrastructure files and cloud exports write them: "27017", "27017-27019",
// "27017,27018", and the words for every port ("ALL", "all", "*").

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "scanner/facts/exposure_facts.h"

namespace mongoscan {

// The ranges `text` names; an empty list for every port; nullopt when it is no port list (a
// name such as "mongodb", a number above 65535, an empty text).
std::optional<std::vector<PortRange>> parse_port_ranges(std::string_view text);

// One port, 0 to 65535, written as a whole number; nullopt otherwise.
std::optional<std::uint16_t> parse_port_number(std::string_view text);

}  // namespace mongoscan
