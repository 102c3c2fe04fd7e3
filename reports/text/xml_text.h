#pragma once
// Report text inside XML 1.0: escaped, and without the characters XML 1.0 forbids.

#include <string>
#include <string_view>

namespace mongoscan {

// Text for an attribute value in double quotes: '&', '<', '>', '"' and '\'' as entities; tab, line
// feed and carriage return as character references, which attribute-value normalisation keeps;
// the characters XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) and bytes that are not valid
// UTF-8 as U+FFFD.
std::string xml_attribute(std::string_view text);

// The same for element content, where quotes, tab and line feed stay as they are.
std::string xml_content(std::string_view text);

}  // namespace mongoscan
