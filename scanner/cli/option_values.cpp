#include "scanner/cli/option_values.h"

#include <charconv>
#include <cmath>
#include <limits>

#include "scanner/cli/suggestion.h"
#include "scanner/text/ascii_case.h"

namespace mongoscan {
namespace {

// A decimal number ("10", "0.5", "1e3" is not one) and the unit after it, spaces between ignored.
struct NumberWithUnit {
  double number;
  std::string unit;  // lower case
};

std::optional<NumberWithUnit> split_number(std::string_view text) {
  std::size_t end = 0;
  bool digits = false, point = false;
  while (end < text.size()) {
    const char c = text[end];
    if (c >= '0' && c <= '9') {
      digits = true;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      break;
    }
    ++end;
  }
  if (!digits) return std::nullopt;
  double number = 0;
  const auto [at, error] = std::from_chars(text.data(), text.data() + end, number);
  if (error != std::errc() || at != text.data() + end) return std::nullopt;
  std::string_view unit = text.substr(end);
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  return NumberWithUnit{number, to_lower_ascii(unit)};
}

// "x" as the value's text in an error: quoted, cut at 40 characters.
std::string value_in_error(std::string_view value) {
  return "'" + std::string(value.substr(0, 40)) + (value.size() > 40 ? "…'" : "'");
}

std::string shortest_decimal(double value) {
  char buffer[64];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return error == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

struct UnitFactor {
  std::string_view unit;  // lower case
  double factor;          // the base unit's multiple
};

// The number in the base unit of `units`; none for no number or a unit the list lacks.
template <std::size_t N>
std::optional<double> in_base_unit(std::string_view text, const UnitFactor (&units)[N]) {
  const auto parsed = split_number(text);
  if (!parsed) return std::nullopt;
  for (const UnitFactor& entry : units) {
    if (parsed->unit == entry.unit) return parsed->number * entry.factor;
  }
  return std::nullopt;
}

// A validator that stores what `convert` makes of the value, or refuses it: the value quoted,
// then `refusal`.
template <typename Convert>
CLI::Validator stored_as(Convert convert, std::string refusal, std::string name) {
  return CLI::Validator(
      [convert, refusal](std::string& value) -> std::string {
        const std::optional<std::string> stored = convert(value);
        if (!stored) return value_in_error(value) + refusal;
        value = *stored;
        return "";
      },
      "", std::move(name));
}

}  // namespace

std::optional<std::uint64_t> parse_size(std::string_view text) {
  static constexpr UnitFactor kUnits[] = {{"", 1},
                                          {"b", 1},
                                          {"kb", 1e3},
                                          {"mb", 1e6},
                                          {"gb", 1e9},
                                          {"tb", 1e12},
                                          {"kib", 1024.0},
                                          {"mib", 1048576.0},
                                          {"gib", 1073741824.0},
                                          {"tib", 1099511627776.0}};
  const auto bytes = in_base_unit(text, kUnits);
  if (!bytes || *bytes < 1 || *bytes != std::floor(*bytes) ||
      *bytes >= static_cast<double>(std::numeric_limits<std::uint64_t>::max()))
    return std::nullopt;
  return static_cast<std::uint64_t>(*bytes);
}

CLI::Validator size_value() {
  return stored_as(
      [](std::string_view text) -> std::optional<std::string> {
        const auto bytes = parse_size(text);
        return bytes ? std::optional(std::to_string(*bytes)) : std::nullopt;
      },
      " is not a size: give whole bytes above zero, or a number with kB, MB, GB, KiB, MiB or GiB "
      "(10MB, 512KiB)",
      "size");
}

std::optional<double> parse_duration(std::string_view text) {
  static constexpr UnitFactor kUnits[] = {{"", 1}, {"s", 1}, {"ms", 0.001}, {"m", 60}, {"h", 3600}};
  const auto seconds = in_base_unit(text, kUnits);
  if (!seconds || !(*seconds > 0) || !std::isfinite(*seconds) || *seconds > 1e9)
    return std::nullopt;
  return seconds;
}

CLI::Validator duration_value() {
  return stored_as(
      [](std::string_view text) -> std::optional<std::string> {
        const auto seconds = parse_duration(text);
        return seconds ? std::optional(shortest_decimal(*seconds)) : std::nullopt;
      },
      " is not a duration: give seconds above zero, or a number with ms, s, m or h (30s, 2m, "
      "1500ms)",
      "duration");
}

CLI::Validator positive_whole_number() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        std::int64_t number = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), number);
        if (error != std::errc() || end != value.data() + value.size() || number < 1)
          return value_in_error(value) + " is not a whole number above zero";
        return "";
      },
      "", "positive whole number");
}

CLI::Validator one_of(std::vector<std::string> names) {
  std::string listed, braced;
  for (const std::string& name : names) {
    listed += (listed.empty() ? "" : ", ") + name;
    braced += (braced.empty() ? "" : ",") + name;
  }
  return CLI::Validator(
      [names, listed](std::string& value) -> std::string {
        const std::string lowered = to_lower_ascii(value);
        for (const std::string& name : names) {
          if (to_lower_ascii(name) == lowered) {
            value = name;
            return "";
          }
        }
        std::vector<std::string> lowered_names;
        for (const std::string& name : names) lowered_names.push_back(to_lower_ascii(name));
        const auto closest = closest_name(lowered, lowered_names);
        std::string message = value_in_error(value) + " is not one of " + listed;
        if (closest) {
          for (const std::string& name : names)
            if (to_lower_ascii(name) == *closest) message += " (did you mean " + name + "?)";
        }
        return message;
      },
      "{" + braced + "}", "one of");
}

}  // namespace mongoscan
