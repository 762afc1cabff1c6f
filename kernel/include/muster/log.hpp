// The event log: an append-only, ordered record of one battle (rolls, choices, phases, a
// ruleset's own events), rendered as JSON Lines or readable text, byte-identical on every
// machine. It owns the events and the clock (turn, phase) that stamps them; it never reads
// them back to decide anything. Disabled (sample mode), add() costs one branch. No Lua here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "muster/budget.hpp"

namespace muster {

/// One field value: a flag, an integer, a real, a string, or a list of integers (dice faces).
using field_value =
    std::variant<bool, std::int64_t, double, std::string, std::vector<std::int64_t>>;

/// One named field of an event. Names are plain identifiers ("total", "faces").
struct field {
  std::string name;
  field_value value;
};

/// Converts a C++ value to a field_value: bool stays bool, every other integer becomes int64,
/// floats become double, anything convertible to std::string_view becomes a string, and a
/// std::vector of integers becomes an integer list.
template <typename T>
field_value to_field_value(T&& v) {
  using D = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<D, field_value>) {
    return std::forward<T>(v);
  } else if constexpr (std::is_same_v<D, bool>) {
    return field_value(std::in_place_type<bool>, v);
  } else if constexpr (std::is_integral_v<D>) {
    return field_value(std::in_place_type<std::int64_t>, static_cast<std::int64_t>(v));
  } else if constexpr (std::is_floating_point_v<D>) {
    return field_value(std::in_place_type<double>, static_cast<double>(v));
  } else if constexpr (std::is_same_v<D, std::vector<std::int64_t>>) {
    return field_value(std::in_place_type<std::vector<std::int64_t>>, std::forward<T>(v));
  } else if constexpr (std::is_convertible_v<const D&, std::string_view>) {
    return field_value(std::in_place_type<std::string>, std::string_view(v));
  } else {
    static_assert(std::is_integral_v<typename D::value_type>, "unsupported field type");
    std::vector<std::int64_t> out;
    out.reserve(v.size());
    for (const auto& x : v) out.push_back(static_cast<std::int64_t>(x));
    return field_value(std::in_place_type<std::vector<std::int64_t>>, std::move(out));
  }
}

/// One logged event. `seq` counts from 1 in order of addition; `turn` is 0 before the first
/// battle turn; `phase` may be empty (between phases, or in a ruleset's own bookkeeping).
struct event {
  std::uint64_t seq = 0;
  std::int64_t turn = 0;
  std::string phase;
  std::string kind;
  std::vector<field> fields;  ///< in the order added; names unique within the event
};

/// The append-only event log. Not thread-safe (one per kernel).
class event_log {
 public:
  using sink_fn = std::function<void(const event&)>;

  /// An enabled, empty log with the clock at turn 0, phase "".
  event_log() = default;

  /// Returns whether add() records anything.
  bool enabled() const noexcept { return enabled_; }
  /// Turns recording on or off (off: sample mode for Monte Carlo runs). Keeps what exists.
  void set_enabled(bool on) noexcept { enabled_ = on; }

  /// Stamps every later event with `turn` and `phase` (phase may be empty).
  void set_clock(std::int64_t turn, std::string_view phase);
  /// Calls `listener` with every new clock (the kernel keeps the battle state's audit clock
  /// in step with it); an empty function removes it.
  void set_clock_listener(std::function<void(std::int64_t, std::string_view)> listener) {
    clock_listener_ = std::move(listener);
  }
  std::int64_t turn() const noexcept { return turn_; }
  const std::string& phase() const noexcept { return phase_; }

  /// Appends an event of `kind` with the given fields, stamped with the clock, and passes it
  /// to the sink. Does nothing while disabled. Throws muster::error (and appends nothing) on
  /// an empty or non-identifier kind or field name, a repeated field name, or a non-finite
  /// double.
  void add(std::string_view kind, std::vector<field> fields = {}) {
    if (!enabled_) return;
    append(kind, std::move(fields));
  }

  /// add(kind, {{name1, value1}, {name2, value2}, ...}) without building anything while
  /// disabled: `log.add_fields("roll", "expr", expr, "total", total, "faces", faces)`.
  template <typename... Args>
  void add_fields(std::string_view kind, Args&&... name_value_pairs) {
    static_assert(sizeof...(Args) % 2 == 0, "add_fields takes name, value pairs");
    if (!enabled_) return;
    std::vector<field> fields;
    fields.reserve(sizeof...(Args) / 2);
    collect(fields, std::forward<Args>(name_value_pairs)...);
    append(kind, std::move(fields));
  }

  /// Calls `sink` with each event right after it is appended (the REPL prints them live);
  /// an empty function removes the sink. Exceptions from the sink propagate out of add().
  void set_sink(sink_fn sink) { sink_ = std::move(sink); }

  /// All recorded events, oldest first.
  const std::vector<event>& events() const noexcept { return events_; }
  std::size_t size() const noexcept { return events_.size(); }
  /// Drops every event and restarts numbering at 1; keeps the clock, sink and enabled flag.
  void clear() noexcept;

  /// What the events hold, in bytes by a fixed model (each text's length, a fixed cost for
  /// each event, field and number), the same on every machine.
  std::size_t bytes() const noexcept { return bytes_; }
  /// Counts bytes() against `meter` (budget.hpp) from now on (null: none): add() throws
  /// budget_error, appending nothing, when the meter cannot hold an event. Throws, keeping
  /// the previous meter, when `meter` cannot hold what the log has already.
  void set_meter(work_meter* meter);

  /// Renders one event as one JSON object (no newline), keys in this order:
  /// {"seq":1,"turn":0,"phase":"","kind":"roll","fields":{"expr":"2d6","faces":[3,4]}}.
  /// Integers print as integers; doubles as fmt's shortest round-trip form with ".0" added
  /// when it would otherwise read as an integer (1.0 -> "1.0", 0.1 -> "0.1", 1e21 -> "1e+21").
  /// Strings are escaped per RFC 8259 (", \, control characters); other bytes pass through.
  static std::string fmt_json(const event& e);
  /// Renders one event as text (no newline): "#12 t2 shooting roll expr=2d6 faces=[3,4]".
  /// An empty phase prints as "-". Strings print bare when they are non-empty and contain only
  /// letters, digits and "_-.:/+"; otherwise JSON-quoted. Other values as in fmt_json.
  static std::string fmt_text(const event& e);
  /// Renders the events with seq >= from_seq, one per line, each line ending in '\n'.
  std::string fmt_jsonl(std::uint64_t from_seq = 1) const;
  std::string fmt_lines(std::uint64_t from_seq = 1) const;

 private:
  void append(std::string_view kind, std::vector<field> fields);

  static void collect(std::vector<field>&) {}
  template <typename Name, typename Value, typename... Rest>
  static void collect(std::vector<field>& out, Name&& name, Value&& value, Rest&&... rest) {
    out.push_back(field{std::string(std::string_view(name)),
                        to_field_value(std::forward<Value>(value))});
    collect(out, std::forward<Rest>(rest)...);
  }

  bool enabled_ = true;
  std::int64_t turn_ = 0;
  std::string phase_;
  std::uint64_t next_seq_ = 1;
  std::vector<event> events_;
  sink_fn sink_;
  std::function<void(std::int64_t, std::string_view)> clock_listener_;
  work_meter* meter_ = &work_meter::none();
  std::size_t bytes_ = 0;
};

}  // namespace muster
