// Private to the battle state (state.cpp, state_json.cpp): the value checks shared by the
// C++ API and the JSON loader, so both accept exactly the same states. Checks throw
// field_error (a field path relative to the object checked, and a message); the API turns it
// into "unit 'orcs': ranks: must be >= 1, got 0", the loader into
// "state: units[0].ranks: must be >= 1, got 0". No JSON, no Lua here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "muster/error.hpp"
#include "muster/state.hpp"

namespace muster::state_detail {

/// A bad value in field `field` (relative path, e.g. "figures[2].wounds"; may be empty).
class field_error : public error {
 public:
  field_error(std::string field, std::string message)
      : error(field.empty() ? message : field + ": " + message),
        field_(std::move(field)),
        message_(std::move(message)) {}
  const std::string& field() const noexcept { return field_; }
  const std::string& message() const noexcept { return message_; }

 private:
  std::string field_;
  std::string message_;
};

/// Entity kinds, as they appear in messages, generated ids and kind_of().
inline constexpr std::string_view kind_side = "side";
inline constexpr std::string_view kind_command = "command";
inline constexpr std::string_view kind_unit = "unit";
inline constexpr std::string_view kind_figure = "figure";
inline constexpr std::string_view kind_individual = "individual";
inline constexpr std::string_view kind_terrain = "terrain";
inline constexpr std::string_view kind_secret = "secret";

inline constexpr std::size_t max_name = 64;          ///< ids, names, marker values
inline constexpr std::size_t max_secret_value = 4096;
inline constexpr std::size_t max_module_field = 128;
inline constexpr std::size_t max_module_options = 4096;  // a module's resolved options as one text

/// The largest magnitude of an integer in the state (counters, integer props, wounds, ranks,
/// files, the turn, generated id numbers): 2^53, what a Lua number holds exactly. Every value
/// crosses into the rules, and a counter read there and written back must not change.
inline constexpr std::int64_t max_integer = std::int64_t{1} << 53;

/// Throws field_error(field, "integer out of range ±2^53, got <v>") when |v| > max_integer.
void check_integer(const std::string& field, std::int64_t v);

/// Returns s in single quotes, control bytes as \xNN, cut to 64 bytes with "...".
std::string quote(std::string_view s);

/// True for 1-64 bytes of [A-Za-z0-9_.:-].
bool valid_name(std::string_view s);
/// True when s is well-formed UTF-8 (no overlongs, no surrogates).
bool valid_utf8(std::string_view s);

/// Throws field_error(field, "bad <what> 'x' (want 1-64 characters of A-Z a-z 0-9 _ . : -)").
void check_name(const std::string& field, std::string_view what, std::string_view s);
/// Throws unless s is UTF-8 of at most max bytes without control characters; min_len 0 or 1.
void check_text(const std::string& field, std::string_view s, std::size_t max,
                std::size_t min_len);
/// Throws unless s is UTF-8 (any bytes allowed otherwise) of at most max bytes.
void check_utf8(const std::string& field, std::string_view s, std::size_t max);

/// Checks props (names, finite numbers, integers within ±2^53, UTF-8 strings), counters (names,
/// values within ±2^53) and markers (names, values); fields "props.<name>", "counters",
/// "counters.<name>", "markers.<name>".
void check_tags(const entity& e);
/// Checks a placement: finite numbers, ranks/files in 1..2^53, base sizes >= 0.
void check_placement(const placement& p);
/// Checks wounds in 0..2^53 and equipment item names (fields "wounds", "equipment[i]").
void check_model(std::int64_t wounds, const std::vector<std::string>& equipment);
/// Checks a terrain feature's kind and polygon.
void check_terrain_shape(const terrain& t);
/// Checks a phase name: empty or printable text of at most 64 bytes.
void check_phase(const std::string& field, std::string_view phase);
void check_turn(const std::string& field, std::int64_t turn);
/// Checks a module record: name 1-64 printable bytes, version and hash up to 128.
void check_module(const module_info& m);

/// Checks that side_id names a side of s and command_id is "" or a command of that side.
/// Fields "side", "command"; an empty side_id is "side: missing".
void check_side_command(const battle_state& s, std::string_view side_id,
                        std::string_view command_id);
/// Checks that unit_id is "" or a unit of side_id (field "unit").
void check_attach(const battle_state& s, std::string_view side_id, std::string_view unit_id);

/// "duplicate id 'x' (already a unit)".
std::string duplicate_id(std::string_view id, std::string_view used_by);
/// The description of an entity in API messages: "unit 'orcs'", or "new unit" for no id.
std::string describe(std::string_view kind, std::string_view id);

/// Returns 16 lowercase hex digits for v.
std::string hex64(std::uint64_t v);
/// True for exactly 16 lowercase hex digits.
bool valid_hex64(std::string_view s);

}  // namespace muster::state_detail
