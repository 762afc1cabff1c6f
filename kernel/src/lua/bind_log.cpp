// Lua binding of muster.log (the event log): add a ruleset's own events, read events back,
// render them as text or JSON Lines. Translates only; the log decides nothing. Field tables
// are read with sorted keys so the same script logs the same bytes in every process.
#include <string>

#include "lua/bindings.hpp"
#include "lua/host.hpp"
#include "lua/fields.hpp"
#include "lua/guard.hpp"
#include "lua/stack.hpp"
#include "muster/kernel.hpp"

namespace muster::lua {
namespace {

// [-0, +1, m] Pushes {seq=, turn=, phase=, kind=, fields={...}}.
void push_event(lua_State* L, const event& e) {
  lua_createtable(L, 0, 5);
  set_field(L, -1, "seq", static_cast<double>(e.seq));
  set_field(L, -1, "turn", static_cast<double>(e.turn));
  set_field(L, -1, "phase", e.phase);
  set_field(L, -1, "kind", e.kind);
  push_fields(L, e.fields);
  lua_setfield(L, -2, "fields");
}

std::uint64_t check_from(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return 1;
  const std::int64_t from = check_integer(L, arg);
  if (from < 1) throw arg_error(arg, fmt::format("sequence number >= 1 expected, got {}", from));
  return static_cast<std::uint64_t>(from);
}

// muster.log.add(kind: string, fields?: table<string, boolean|number|string|integer[]>)
// Numbers that are whole become integers. Keys are sorted. Does nothing in sample mode.
int l_log_add(lua_State* L) {
  event_log& log = service<event_log>(L);
  const std::string_view kind = check_string(L, 1);
  if (!lua_isnoneornil(L, 2)) check_table(L, 2);
  if (!log.enabled()) return 0;
  std::vector<field> fields;
  if (!lua_isnoneornil(L, 2)) fields = check_fields(L, 2, "");
  std::size_t bytes = kind.size();
  for (const field& f : fields) {
    bytes += f.name.size() + 2;
    if (const auto* text = std::get_if<std::string>(&f.value)) bytes += text->size();
    else if (const auto* list = std::get_if<std::vector<std::int64_t>>(&f.value)) bytes += 8 * list->size();
    else bytes += 8;
  }
  count_output(L, bytes);  // a script logging without end runs out of its output budget
  log.add(kind, std::move(fields));
  return 0;
}

// muster.log.get(from?: integer) -> events: {seq: integer, turn: integer, phase: string,
//   kind: string, fields: table}[]   (the events with seq >= from, oldest first)
int l_log_get(lua_State* L) {
  const event_log& log = service<event_log>(L);
  const std::uint64_t from = check_from(L, 1);
  charge(L, log.size() + log.bytes() / 16);
  lua_newtable(L);
  int i = 0;
  for (const event& e : log.events()) {
    if (e.seq < from) continue;
    push_event(L, e);
    lua_rawseti(L, -2, ++i);
  }
  return 1;
}

// muster.log.fmt(format?: "text"|"jsonl", from?: integer) -> string
// One line per event, each ending in "\n" (see docs/turn.md for both formats).
int l_log_fmt(lua_State* L) {
  const event_log& log = service<event_log>(L);
  std::string_view format = "text";
  if (!lua_isnoneornil(L, 1)) format = check_string(L, 1);
  if (format != "text" && format != "jsonl")
    throw arg_error(1, fmt::format("format 'text' or 'jsonl' expected, got '{}'", format));
  const std::uint64_t from = check_from(L, 2);
  charge(L, log.size() + log.bytes() / 4);
  held_bytes held(L);
  held.update(2 * log.bytes());
  const std::string out = format == "text" ? log.fmt_lines(from) : log.fmt_jsonl(from);
  push_string(L, out);
  return 1;
}

// muster.log.get_enabled() -> boolean   (false in sample mode: skip building explanations)
int l_log_get_enabled(lua_State* L) {
  lua_pushboolean(L, service<event_log>(L).enabled() ? 1 : 0);
  return 1;
}

}  // namespace

void open_log(lua_State* L, int muster_table, event_log& log) {
  static const function_entry entries[] = {
      {"add", guard<l_log_add>},
      {"get", guard<l_log_get>},
      {"fmt", guard<l_log_fmt>},
      {"get_enabled", guard<l_log_get_enabled>},
  };
  muster_table = abs_index(L, muster_table);
  lua_newtable(L);
  register_functions(L, -1, entries, &log, "muster.log");
  lua_setfield(L, muster_table, "log");
}

}  // namespace muster::lua
