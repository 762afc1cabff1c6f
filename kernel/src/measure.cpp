// Lengths: unit conversion, parsing, formatting, tolerant comparison and range bands.
// Owns no state. Parsing is locale-independent (std::from_chars) and formatting goes
// through fmt, so text is byte-identical on every machine. No game rules live here.
#include "muster/measure.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <set>
#include <string>
#include <system_error>

#include "muster/error.hpp"

namespace muster {
namespace {

/// A number as error text shows it: NaN without its sign bit, which varies by platform.
double shown(double v) { return std::isnan(v) ? std::fabs(v) : v; }

constexpr std::string_view unit_list = "in, \", cm, mm";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::optional<length_unit> find_unit(std::string_view text) {
  if (text == "\"" || iequals(text, "in") || iequals(text, "inch") || iequals(text, "inches"))
    return length_unit::in;
  if (iequals(text, "cm")) return length_unit::cm;
  if (iequals(text, "mm")) return length_unit::mm;
  return std::nullopt;
}

void check_finite_length(double d, std::string_view what) {
  if (!std::isfinite(d)) fail("{} must be a finite number, got {}", what, shown(d));
}

void check_tolerance(double tolerance) {
  if (!std::isfinite(tolerance) || tolerance < 0)
    fail("tolerance must be a finite number >= 0, got {}", shown(tolerance));
}

inches parse_impl(std::string_view text, std::optional<length_unit> default_unit) {
  const std::string_view s = trim(text);
  if (s.empty()) fail("bad length '{}' (empty)", text);
  // The number: an optional '-', digits with at most one '.', at least one digit.
  std::size_t i = 0;
  if (s[i] == '-') ++i;
  std::size_t digits = 0;
  bool point = false;
  for (; i < s.size(); ++i) {
    if (is_digit(s[i])) {
      ++digits;
    } else if (s[i] == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (digits == 0) fail("bad length '{}' (want a number then a unit: {})", text, unit_list);
  const std::string_view number = s.substr(0, i);
  const std::string_view unit_text = trim(s.substr(i));

  length_unit unit = length_unit::in;
  if (unit_text.empty()) {
    if (!default_unit) fail("bad length '{}' (missing unit: want {})", text, unit_list);
    unit = *default_unit;
  } else if (auto u = find_unit(unit_text)) {
    unit = *u;
  } else {
    fail("bad length '{}' (unknown unit '{}': want {})", text, unit_text, unit_list);
  }

  double value = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value,
                                         std::chars_format::fixed);
  if (ec != std::errc{} || end != number.data() + number.size() || !std::isfinite(value))
    fail("bad length '{}' (bad number '{}')", text, number);
  if (value == 0) value = 0;  // "-0in" is plain 0
  return to_inches(value, unit);
}

}  // namespace

std::string_view unit_name(length_unit unit) {
  switch (unit) {
    case length_unit::in: return "in";
    case length_unit::cm: return "cm";
    case length_unit::mm: return "mm";
  }
  return "in";
}

length_unit parse_unit(std::string_view text) {
  if (auto u = find_unit(trim(text))) return *u;
  fail("bad unit '{}' (want {})", text, unit_list);
}

inches to_inches(double value, length_unit unit) {
  switch (unit) {
    case length_unit::in: return value;
    case length_unit::cm: return value / cm_per_inch;
    case length_unit::mm: return value / (10 * cm_per_inch);
  }
  return value;
}

double from_inches(inches length, length_unit unit) {
  switch (unit) {
    case length_unit::in: return length;
    case length_unit::cm: return length * cm_per_inch;
    case length_unit::mm: return length * (10 * cm_per_inch);
  }
  return length;
}

inches parse_length(std::string_view text) { return parse_impl(text, std::nullopt); }

inches parse_length(std::string_view text, length_unit default_unit) {
  return parse_impl(text, default_unit);
}

std::string fmt_length(inches length, length_unit unit, int decimals) {
  check_finite_length(length, "length");
  if (decimals < 0 || decimals > 9) fail("decimals must be 0..9, got {}", decimals);
  const double converted = from_inches(length, unit);
  if (!std::isfinite(converted)) fail("length {} in is too large to show in {}", length, unit_name(unit));
  std::string out = fmt::format("{:.{}f}", converted, decimals);
  if (out.find('.') != std::string::npos) {
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
  }
  if (out == "-0") out = "0";
  out += unit_name(unit);
  return out;
}

int compare_length(inches a, inches b, inches tolerance) {
  check_finite_length(a, "length");
  check_finite_length(b, "length");
  check_tolerance(tolerance);
  if (std::fabs(a - b) <= tolerance) return 0;
  return a < b ? -1 : 1;
}

bool equal_length(inches a, inches b, inches tolerance) {
  return compare_length(a, b, tolerance) == 0;
}

bool within(inches d, inches limit, inches tolerance) {
  return compare_length(d, limit, tolerance) <= 0;
}

void check_bands(std::span<const range_band> bands) {
  if (bands.empty()) fail("bands: at least one band expected");
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < bands.size(); ++i) {
    const range_band& b = bands[i];
    if (b.name.empty()) fail("band {}: empty name", i + 1);
    if (!names.insert(b.name).second) fail("band {} '{}': duplicate name", i + 1, b.name);
    if (!std::isfinite(b.max) || b.max < 0)
      fail("band {} '{}': max must be a finite number >= 0, got {}", i + 1, b.name, shown(b.max));
    if (i > 0 && !(b.max > bands[i - 1].max))
      fail("band {} '{}': max {} not greater than the previous max {}", i + 1, b.name, b.max,
           bands[i - 1].max);
  }
}

std::optional<std::size_t> find_band(inches d, std::span<const range_band> bands) {
  check_bands(bands);
  check_finite_length(d, "distance");
  if (d < -length_tolerance) fail("distance must be >= 0, got {}", d);
  for (std::size_t i = 0; i < bands.size(); ++i)
    if (d <= bands[i].max + length_tolerance) return i;
  return std::nullopt;
}

}  // namespace muster
