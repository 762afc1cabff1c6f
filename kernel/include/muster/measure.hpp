// Lengths on the tabletop: units, conversion, parsing and formatting, comparison with a
// tolerance, and range bands. Lengths are muster::inches (double); 1 in = 2.54 cm exactly.
// Pure functions, no state, no Lua, no rules of any game (band names and maxima come from
// the ruleset). Bound to Lua in src/lua/bind_measure.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace muster {

/// A length in inches, the kernel's one unit of length.
using inches = double;

/// The tolerance every comparison of lengths uses unless told otherwise: 1e-9 in.
inline constexpr inches length_tolerance = 1e-9;

/// Centimetres per inch, exact by definition.
inline constexpr double cm_per_inch = 2.54;

/// The units a length may be written in.
enum class length_unit { in, cm, mm };

/// Returns the canonical suffix of unit: "in", "cm" or "mm".
std::string_view unit_name(length_unit unit);

/// Parses a unit name: "in", "inch", "inches" or '"' for inches, "cm", "mm" (letters in any
/// case). Throws muster::error "bad unit 'ft' (want in, cm, mm)" otherwise.
length_unit parse_unit(std::string_view text);

/// Returns value (a length in unit) in inches.
inches to_inches(double value, length_unit unit);

/// Returns length (inches) expressed in unit.
double from_inches(inches length, length_unit unit);

/// Parses a length written as a decimal number and a unit: "12in", "12\"", "30cm",
/// "2.5 in", "-3 cm", " 7mm ". Whitespace may surround the number and the unit; exponents,
/// hex and fractions like "1/2" are refused. Returns inches. Throws muster::error
/// "bad length '<text>' (<why>)" for empty text, a missing or unknown unit, or a bad number.
inches parse_length(std::string_view text);

/// As parse_length(text), but a bare number ("12") is read in default_unit.
inches parse_length(std::string_view text, length_unit default_unit);

/// Formats length (inches) in unit with at most `decimals` decimals (0..9, trailing zeros
/// and a trailing point dropped) followed by the unit suffix: fmt_length(12) == "12in",
/// fmt_length(12, length_unit::cm) == "30.48cm". -0 prints as "0". The result parses back
/// with parse_length to within half a unit of the last decimal. Throws muster::error for a
/// non-finite length or decimals outside 0..9.
std::string fmt_length(inches length, length_unit unit = length_unit::in, int decimals = 2);

/// Returns -1, 0 or 1 as a is shorter than, equal to (|a - b| <= tolerance) or longer than b.
/// Throws muster::error for a negative or non-finite tolerance.
int compare_length(inches a, inches b, inches tolerance = length_tolerance);

/// Returns true when |a - b| <= tolerance.
bool equal_length(inches a, inches b, inches tolerance = length_tolerance);

/// Returns true when d <= limit + tolerance ("within 12 inches" includes exactly 12).
bool within(inches d, inches limit, inches tolerance = length_tolerance);

/// One named range band: distances up to `max` (inclusive, within length_tolerance) that do
/// not fall in an earlier band.
struct range_band {
  std::string name;
  inches max = 0;
};

/// Checks a band list: at least one band, non-empty unique names, finite maxima >= 0 in
/// strictly increasing order. Throws muster::error naming the offending band, e.g.
/// "band 2 'long': max 10 not greater than the previous max 12".
void check_bands(std::span<const range_band> bands);

/// Returns the index of the band distance d falls in: the first band with
/// d <= max + length_tolerance, so a distance exactly on a boundary belongs to the nearer
/// band. Returns nullopt beyond the last band (out of range). Checks the bands as
/// check_bands does; throws muster::error for a negative (beyond the tolerance) or non-finite d.
std::optional<std::size_t> find_band(inches d, std::span<const range_band> bands);

}  // namespace muster
