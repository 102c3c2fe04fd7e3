#pragma once
// Whole files as text, for tests that write inputs and read what a program wrote.

#include <string>

namespace mongoscan::testing_support {

// The file's bytes; empty when it cannot be read.
std::string read_file(const std::string& path);

// Replaces the file's bytes with `content`.
void write_file(const std::string& path, const std::string& content);

}  // namespace mongoscan::testing_support
