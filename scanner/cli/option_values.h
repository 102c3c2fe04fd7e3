#pragma once
// Option values as people type them: sizes and durations with units, with a readable error, and
// names from a list in any case. Each is a CLI11 validator that also turns
// the text into the form the option stores (bytes, seconds, the list's spelling), so every source
// of a value — the command line, MONGOSCAN_* variables, .mongoscan.yaml — reads alike.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mongoscan {

// A number of bytes, or a number with a unit: kB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB,
// TiB (powers of 1024), B, in any case and with or without a space: "10MB", "512 KiB". Whole
// bytes above zero; the value becomes the byte count.
std::optional<std::uint64_t> parse_size(std::string_view text);
CLI::Validator size_value();

// Seconds, or a number with a unit: ms, s, m, h, in any case: "5s", "2m", "1500ms", "0.5".
// Above zero; the value becomes the seconds.
std::optional<double> parse_duration(std::string_view text);
CLI::Validator duration_value();

// A whole number above zero ("4"); refused in words, not with the integer type's range.
CLI::Validator positive_whole_number();

// One of `names`, in any case; the value becomes the list's spelling. The error lists the names
// and the closest one.
CLI::Validator one_of(std::vector<std::string> names);

}  // namespace mongoscan
