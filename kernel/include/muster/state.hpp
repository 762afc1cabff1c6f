// The battle state: sides, commands, units and their figures, individuals, terrain features,
// counters/markers/properties on any of them, and per-side secrets with a commit/reveal audit.
// It stores what a ruleset tells it and checks only consistency (ids, references, types); it
// knows no game rules, no geometry and no Lua. Saved and loaded as JSON (docs/state.md,
// schema "muster.state/1"). Bound to Lua in src/lua/bind_state.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "muster/budget.hpp"

namespace muster {

/// A property value: a ruleset's profile field (bool, integer, finite number or string).
using prop_value = std::variant<bool, std::int64_t, double, std::string>;
/// Properties by name, sorted by name.
using prop_map = std::map<std::string, prop_value, std::less<>>;
/// Counters by name (named integers: reaction, volleys, magic power...), sorted by name.
using counter_map = std::map<std::string, std::int64_t, std::less<>>;
/// Markers by name, sorted by name. A marker is a flag (value "") or a short string (at most
/// 64 bytes: an order, a status).
using marker_map = std::map<std::string, std::string, std::less<>>;

/// What every entity carries. Ids and names (of props, counters, markers) are 1-64 bytes of
/// [A-Za-z0-9_.:-]. Ids share one namespace across all kinds, secrets included.
/// battle_state::revision(): set by the state, not part of an entity's value (equal
/// entities compare equal whatever their revisions; not saved, not hashed).
struct revision_tag {
  std::uint64_t value = 0;
  bool operator==(const revision_tag&) const noexcept { return true; }
};

struct entity {
  std::string id{};  ///< empty in an add_* call: the state generates "<kind>-<n>"
  prop_map props{};
  counter_map counters{};
  marker_map markers{};
  revision_tag revision{};  ///< set by the state (battle_state::revision)
  bool operator==(const entity&) const = default;
};

/// Where a unit or individual stands. Plain numbers in inches and degrees; the geometry
/// service interprets them. All finite; ranks, files >= 1; base sizes >= 0 (0: not given).
struct placement {
  double x = 0;
  double y = 0;
  double facing = 0;  ///< degrees, stored as given (not normalised)
  std::int64_t ranks = 1;
  std::int64_t files = 1;
  double base_width = 0;
  double base_depth = 0;
  bool operator==(const placement&) const = default;
};

struct side : entity {
  std::string name{};
  bool operator==(const side&) const = default;
};

struct command : entity {
  std::string side{};  ///< required: the owning side's id
  std::string name{};
  bool operator==(const command&) const = default;
};

/// One model of a unit, with the state that carries over between phases and turns.
/// Reloads, ammunition and the like are counters/markers on the figure.
struct figure : entity {
  std::string unit{};                    ///< the owning unit; set by the state
  std::int64_t wounds = 0;             ///< wounds taken so far, >= 0
  std::vector<std::string> equipment{};  ///< items carried, in the order given (names as ids)
  bool operator==(const figure&) const = default;
};

struct unit : entity {
  std::string side{};     ///< required
  std::string command{};  ///< "" or a command of the same side
  std::string name{};
  placement place{};
  std::vector<figure> figures{};  ///< in the order added (rank order if the ruleset wants it)
  bool operator==(const unit&) const = default;
};

/// A hero, wizard, general...: a single model on its own base, alone or attached to a unit
/// of its side.
struct individual : entity {
  std::string side{};     ///< required
  std::string command{};  ///< "" or a command of the same side
  std::string unit{};     ///< "" (alone) or the unit it is attached to, of the same side
  std::string name{};
  placement place{};
  std::int64_t wounds = 0;  ///< >= 0
  std::vector<std::string> equipment{};
  bool operator==(const individual&) const = default;
};

struct point {
  double x = 0;
  double y = 0;
  bool operator==(const point&) const = default;
};

/// A terrain feature: a kind ("wood", "hill", anything a ruleset names) and a polygon in
/// inches (at least 3 finite points, in the order given).
struct terrain : entity {
  std::string kind{};
  std::vector<point> polygon{};
  bool operator==(const terrain&) const = default;
};

/// When something happened, as the sequencer last reported it through set_clock().
struct clock_time {
  std::int64_t turn = 0;
  std::string phase{};
  bool operator==(const clock_time&) const = default;
};

/// A value one side holds face down. Committed when added (the commitment is
/// secret_commitment() of it), visible to its owner only until revealed.
struct secret {
  std::string id{};
  std::string side{};   ///< the owner
  std::string label{};  ///< public: what the secret is about, e.g. "orders:orc_archers"
  std::string value{};  ///< empty and hidden == true in a copy another side may not see
  std::string commitment{};  ///< 16 lowercase hex digits; empty when hidden
  clock_time committed{};
  std::optional<clock_time> revealed{};
  bool hidden = false;  ///< true only in copies made for a side that may not see the value
  bool operator==(const secret&) const = default;
};

/// One line of the audit: a secret's commitment and, once revealed, whether the revealed
/// value matches what was committed.
struct audit_entry {
  std::string secret{};
  std::string side{};
  std::string label{};
  std::string commitment{};
  clock_time committed{};
  std::optional<clock_time> revealed{};
  std::optional<bool> match{};  ///< empty until revealed
  bool operator==(const audit_entry&) const = default;
};

/// A loaded script module, recorded so a save names what produced it. Filled by the runtime.
struct module_info {
  std::string name{};
  std::string version{};
  std::string hash{};  ///< content hash, as the runtime computes it
  std::string options{};  ///< resolved options "name=value,..." sorted by name; "" when none
  bool operator==(const module_info&) const = default;
};

/// What differs between the modules a save or log was made with and the modules loaded now,
/// one clause per module, joined by "; " ("weather: saved 1.0.0 (<hash>) [season=winter],
/// loaded 1.0.0 (<hash>) [season=spring]", "weather: saved 1.0.0 (<hash>), not loaded",
/// "signalling: loaded 1.0.0 (<hash>), not in the save"); "" when they are the same.
std::string module_differences(const std::vector<module_info>& saved, const std::vector<module_info>& loaded);

/// Returns the commitment of a secret: FNV-1a 64 over the canonical text
/// "muster.secret/1\n" + for each of id, side, label, value: "<byte length>:<bytes>\n",
/// as 16 lowercase hex digits.
std::string secret_commitment(std::string_view id, std::string_view side,
                              std::string_view label, std::string_view value);

/// The state of one battle. Every mutator validates everything first and either applies
/// completely or throws muster::error (one line naming the id/field) and changes nothing.
/// Ids in messages are quoted: "no unit 'orks'". Not thread-safe.
///
/// What the state holds counts against a meter (budget.hpp): the kernel's, so a script's
/// runtime counts the battle state against its memory budget. A change that would grow the
/// state past the budget throws muster::budget_error and changes nothing.
class battle_state {
 public:
  /// What the state holds, in bytes by a fixed model (each text's length, a fixed cost for
  /// each entity, entry, figure and point), the same on every machine.
  std::size_t bytes() const noexcept { return metering_.bytes; }
  /// Counts bytes() against `meter` from now on (null: against none), giving them back to
  /// the previous one. Throws budget_error, and keeps the previous meter, when `meter`
  /// cannot hold them.
  void set_meter(work_meter* meter);

  // --- creation (each returns the id, generated as "<kind>-<n>" when the given id is empty;
  //     n counts up per kind, skips ids in use, and is saved) -------------------------------

  /// Adds a side. Throws on a bad or duplicate id, a bad name in props/counters/markers.
  std::string add_side(side s);
  /// Adds a command of an existing side.
  std::string add_command(command c);
  /// Adds a unit of an existing side (and command of that side, if given), with its figures
  /// (each figure's id generated when empty; figure.unit is ignored and set).
  std::string add_unit(unit u);
  /// Appends a figure to an existing unit; returns its id.
  std::string add_figure(std::string_view unit_id, figure f);
  /// Adds an individual (attached to unit `i.unit` when not empty).
  std::string add_individual(individual i);
  /// Adds a terrain feature.
  std::string add_terrain(terrain t);

  // --- removal -------------------------------------------------------------------------
  /// Removes a unit and its figures; individuals attached to it become alone.
  void del_unit(std::string_view id);
  /// Removes one figure from its unit.
  void del_figure(std::string_view id);
  void del_individual(std::string_view id);
  void del_terrain(std::string_view id);

  // --- lookup (references stay valid until the next mutation) ----------------------------
  const side& get_side(std::string_view id) const;
  const command& get_command(std::string_view id) const;
  const unit& get_unit(std::string_view id) const;
  const figure& get_figure(std::string_view id) const;
  const individual& get_individual(std::string_view id) const;
  const terrain& get_terrain(std::string_view id) const;
  /// The kind of the entity or secret with this id ("side", "command", "unit", "figure",
  /// "individual", "terrain", "secret"), or "" when the id is unused.
  std::string_view kind_of(std::string_view id) const;
  /// A number that changes whenever entity `id` changes (for a unit, also when one of its
  /// figures is added, removed or changed) and that no other content of any entity takes in
  /// this process: what a reader derived from an entity may be kept under (id, revision) and
  /// trusted while the revision is the same, across copies of the state, undo and load. Not
  /// saved, not hashed. Throws "no entity 'x'".
  std::uint64_t revision(std::string_view id) const;
  /// The same for the whole state: changes with every change to anything in it (an entity,
  /// the clock, a secret, a module; a removal too), and never stands for other content.
  std::uint64_t revision() const noexcept;

  /// Lists, sorted by id. An empty filter matches everything; a non-empty one must name an
  /// existing side/command/unit.
  std::vector<const side*> sides() const;
  std::vector<const command*> commands(std::string_view side_id = {}) const;
  std::vector<const unit*> units(std::string_view side_id = {},
                                 std::string_view command_id = {}) const;
  std::vector<const individual*> individuals(std::string_view side_id = {},
                                             std::string_view unit_id = {}) const;
  std::vector<const terrain*> terrains() const;

  // --- changes to units, individuals and figures ----------------------------------------
  /// Renames a side, command, unit, individual.
  void set_name(std::string_view id, std::string name);
  /// Returns the placement of a unit or individual.
  const placement& get_placement(std::string_view id) const;
  /// Moves/reforms a unit or individual.
  void set_placement(std::string_view id, placement p);
  /// Control transfer: gives a unit or individual to `side_id`, under `command_id` ("" for
  /// none; else a command of that side). A unit with attached individuals, or an individual
  /// attached to a unit, must be detached first (the ruleset decides who follows whom).
  void set_side(std::string_view id, std::string_view side_id,
                std::string_view command_id = {});
  /// Attaches an individual to a unit of its side, or detaches it when unit_id is empty.
  void set_attached(std::string_view individual_id, std::string_view unit_id);
  /// Sets the wounds (>= 0) of a figure or individual.
  void set_wounds(std::string_view id, std::int64_t wounds);
  /// Replaces the equipment list of a figure or individual.
  void set_equipment(std::string_view id, std::vector<std::string> items);

  // --- properties, counters, markers on any entity --------------------------------------
  void set_prop(std::string_view id, std::string_view name, prop_value value);
  /// Returns the property, or nothing when the entity has none by that name.
  std::optional<prop_value> get_prop(std::string_view id, std::string_view name) const;
  /// Removes a property; no-op when absent.
  void del_prop(std::string_view id, std::string_view name);

  void set_counter(std::string_view id, std::string_view name, std::int64_t value);
  /// Returns the counter; an absent counter reads as 0.
  std::int64_t get_counter(std::string_view id, std::string_view name) const;
  /// Adds delta (may be negative) and returns the new value; throws on int64 overflow.
  std::int64_t add_counter(std::string_view id, std::string_view name, std::int64_t delta);
  /// Removes a counter; no-op when absent.
  void del_counter(std::string_view id, std::string_view name);

  /// Sets a marker: value "" for a flag, else a string of at most 64 bytes.
  void set_marker(std::string_view id, std::string_view name, std::string value = {});
  /// Returns the marker's value ("" for a flag), or nothing when absent.
  std::optional<std::string> get_marker(std::string_view id, std::string_view name) const;
  /// Removes a marker; no-op when absent.
  void del_marker(std::string_view id, std::string_view name);

  // --- hidden information ---------------------------------------------------------------
  /// Records the current turn/phase for audit entries. Called by the sequencer.
  void set_clock(std::int64_t turn, std::string phase);
  const clock_time& clock() const noexcept { return clock_; }

  /// Commits a value face down for side_id under a public label (1-64 printable bytes, no
  /// control characters); returns its id ("secret-<n>"). Values are any string up to 4096
  /// bytes; encode structured values yourself.
  std::string add_secret(std::string_view side_id, std::string label, std::string value);
  /// Returns a copy of the secret as viewer_side sees it; throws when it is another side's
  /// and not yet revealed ("secret 'secret-1' of side 'red' is hidden from side 'blue'").
  secret get_secret(std::string_view id, std::string_view viewer_side) const;
  /// Every secret in creation order, as viewer_side sees it (hidden ones have hidden == true,
  /// empty value and commitment).
  std::vector<secret> secrets(std::string_view viewer_side) const;
  /// Reveals a secret at the current clock. Throws when already revealed.
  void set_revealed(std::string_view id);
  /// The audit trail, one entry per secret in creation order. match compares the current
  /// value's commitment with the committed one, so a value changed after commit shows false.
  std::vector<audit_entry> audit() const;

  // --- modules --------------------------------------------------------------------------
  /// Records (or replaces, by name) a loaded module. Name 1-64 bytes, version and hash up to
  /// 128 printable bytes, options up to 4096.
  void set_module(module_info m);
  /// Forgets every recorded module (before recording a new configuration's).
  void clear_modules() noexcept {
    modules_.clear();
    bump();
  }
  /// Modules sorted by name.
  const std::vector<module_info>& modules() const noexcept { return modules_; }

  // --- save / load ----------------------------------------------------------------------
  /// The whole state as JSON (schema "muster.state/1"): sorted keys, arrays in a fixed order,
  /// 2-space indent, trailing newline. Identical states give identical bytes.
  std::string save_json() const;
  /// The state as viewer_side may see it: other sides' unrevealed secrets lose their value
  /// and commitment, and the document carries "view": viewer_side. Views cannot be loaded.
  std::string save_json(std::string_view viewer_side) const;
  /// Replaces the whole state with the document. On any error throws muster::error
  /// "state: <json path>: <problem>" and leaves the state unchanged.
  void load_json(std::string_view text);

  /// Returns FNV-1a 64 over a fixed byte encoding of everything save_json() writes (clock,
  /// modules, next ids, every entity with its fields and tags, secrets), read from the
  /// containers directly: no JSON is built, so it is cheap enough to take after every phase.
  /// States that save to the same JSON have the same hash; a change to any saved field
  /// changes it (barring a 64-bit collision), except that -0.0 hashes as 0.0. The same on
  /// every machine: integers are fed as 8 little-endian bytes, doubles as their bit pattern,
  /// texts and lists length first, in their saved order (docs/state.md, "State hash").
  std::uint64_t hash() const;

  bool operator==(const battle_state&) const = default;

 private:
  friend struct state_codec;  // JSON save/load, state_json.cpp
  struct id_claims;           // the ids one mutation claims, state.cpp

  /// bytes() and where they are counted. Not part of the state's value: equal states compare
  /// equal whatever their meters, and a copy counts against none.
  struct metering {
    work_meter* meter = &work_meter::none();
    std::size_t bytes = 0;
    metering() = default;
    metering(const metering& other) : bytes(other.bytes) {}
    metering& operator=(const metering& other) {
      bytes = other.bytes;  // the meter stays: load_json settles the difference
      return *this;
    }
    bool operator==(const metering&) const { return true; }
  };
  /// Counts `more` bytes before a change adds them (throws budget_error, counting nothing).
  void grow(std::size_t more);
  /// Gives back `less` bytes after a change removed them.
  void shrink(std::size_t less) noexcept;
  /// grow or shrink from `before` to `after` bytes (before the change when it grows).
  void resize(std::size_t before, std::size_t after);
  /// bytes() computed afresh from the whole state.
  std::size_t measure() const;

  entity* find_entity(std::string_view id);
  const entity* find_entity(std::string_view id) const;
  entity& entity_ref(std::string_view id);  ///< throws "no entity 'x'"
  const entity& entity_ref(std::string_view id) const;
  figure* find_figure(std::string_view id);
  /// Gives entity `e` (and, for a figure, its unit) a new revision: after every change.
  void touch(entity& e);
  void touch_all();
  void stamp(entity& e) noexcept;  ///< e and the state a new revision
  void bump() noexcept;            ///< the state a new revision (a change to no one entity)
  const secret& secret_ref(std::string_view id) const;  ///< throws "no secret 'x'"

  std::map<std::string, side, std::less<>> sides_;
  std::map<std::string, command, std::less<>> commands_;
  std::map<std::string, unit, std::less<>> units_;
  std::map<std::string, individual, std::less<>> individuals_;
  std::map<std::string, terrain, std::less<>> terrain_;
  std::map<std::string, std::string, std::less<>> figure_units_;  ///< figure id -> unit id
  std::vector<secret> secrets_;                                    ///< creation order
  std::map<std::string, std::size_t, std::less<>> secret_index_;   ///< id -> secrets_ index
  std::map<std::string, std::int64_t, std::less<>> next_ids_;      ///< kind -> next n
  std::vector<module_info> modules_;                               ///< sorted by name
  clock_time clock_;
  metering metering_;
  revision_tag latest_;  ///< revision(): not part of the state's value
};

}  // namespace muster
