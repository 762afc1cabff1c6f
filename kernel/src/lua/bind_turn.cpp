// Lua binding of muster.turn (the turn sequencer): the structure table, steps, hooks,
// interrupt windows, time, the end of the battle and the deferred queue. Translates only.
// Lua functions are pinned on the runtime's main thread and called only through lua::call;
// the sequencer drops them in clear(), before the runtime closes the lua_State.
#include <span>
#include <string>
#include <vector>

#include "lua/bindings.hpp"
#include "lua/fields.hpp"
#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "lua/stack.hpp"
#include "muster/kernel.hpp"

namespace muster::lua {
namespace {

// ----------------------------------------------------------------- reading the structure

constexpr const char* structure_keys[] = {"pre_battle", "turn",    "sides",
                                          "time",       "windows", "max_window_depth"};
constexpr const char* turn_keys[] = {"mode", "order", "phases"};
constexpr const char* phase_keys[] = {"id", "name", "per_side", "order", "steps"};
constexpr const char* step_keys[] = {"id", "fn", "source"};
constexpr const char* time_keys[] = {"steps", "start"};
constexpr const char* hook_opt_keys[] = {"id", "source", "priority"};
constexpr const char* step_opt_keys[] = {"before", "after", "source"};

// "a, b, c"
std::string join(std::span<const char* const> names) {
  std::string out;
  for (const char* n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

// [-0, +0, -] Refuses keys of the table at index that are not in `allowed` (typos would
// otherwise be ignored silently). Reports the smallest unknown key, so the message is stable.
void check_keys(lua_State* L, int index, const std::string& path,
                std::span<const char* const> allowed) {
  index = abs_index(L, index);
  std::string unknown;
  bool found = false;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {  // stack: key, value
    std::string key = lua_type(L, -2) == LUA_TSTRING
                          ? text_at(L, -2, "a key")
                          : fmt::format("<{} key>", type_name(L, -2));
    lua_pop(L, 1);
    bool ok = false;
    for (const char* a : allowed) ok = ok || key == a;
    if (!ok && (!found || key < unknown)) {
      unknown = std::move(key);
      found = true;
    }
  }
  if (found)
    fail("field '{}{}{}': unknown key (want {})", path, path.empty() ? "" : ".", unknown,
         join(allowed));
}

// [-0, +0, -] Returns n when the table at index is a sequence 1..n and nothing else.
std::size_t check_sequence(lua_State* L, int index, const std::string& what) {
  index = abs_index(L, index);
  const auto n = static_cast<std::size_t>(lua_objlen(L, index));
  std::size_t keys = 0;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    ++keys;
    lua_pop(L, 1);
  }
  if (keys != n) fail("field '{}': a list expected (keys 1..n only)", what);
  return n;
}

// [-0, +0, -] Reads the list of strings at index.
std::vector<std::string> check_string_list(lua_State* L, int index, const std::string& what) {
  index = abs_index(L, index);
  const std::size_t n = check_sequence(L, index, what);
  std::vector<std::string> out;
  out.reserve(n);
  for (std::size_t i = 1; i <= n; ++i) {
    lua_rawgeti(L, index, static_cast<int>(i));
    if (lua_type(L, -1) != LUA_TSTRING)
      fail("field '{}[{}]': string expected, got {}", what, i, type_name(L, -1));
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    out.emplace_back(s, len);
    lua_pop(L, 1);
  }
  return out;
}

// [-0, +1, -] Pushes field `key` of the table at index when it is a function and returns
// true; pushes nothing and returns false when absent; throws on another type.
bool push_opt_function(lua_State* L, int index, const char* key, const std::string& what) {
  lua_getfield(L, index, key);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return false;
  }
  if (lua_type(L, -1) != LUA_TFUNCTION)
    fail("field '{}': function expected, got {}", what, type_name(L, -1));
  return true;
}

// ----------------------------------------------------------------- calling Lua from C++

// [-0, +1, m] {turn=, phase=?, side=?, at=}
void push_turn_context(lua_State* L, const turn_context& c) {
  lua_createtable(L, 0, 4);
  set_field(L, -1, "turn", static_cast<double>(c.turn));
  if (!c.phase.empty()) set_field(L, -1, "phase", c.phase);
  if (!c.side.empty()) set_field(L, -1, "side", c.side);
  set_field(L, -1, "at", c.at);
}

// [-0, +1, m] {turn=, phase=?, window=, side=?, depth=, payload={...}}
void push_window_context(lua_State* L, const window_context& w) {
  lua_createtable(L, 0, 6);
  set_field(L, -1, "turn", static_cast<double>(w.turn));
  if (!w.phase.empty()) set_field(L, -1, "phase", w.phase);
  set_field(L, -1, "window", w.window);
  if (!w.side.empty()) set_field(L, -1, "side", w.side);
  set_field(L, -1, "depth", static_cast<double>(w.depth));
  push_fields(L, w.payload);
  lua_setfield(L, -2, "payload");
}

step_fn make_step(lua_State* L, int index) {
  pinned fn = pin_function(L, index);
  return [fn](const turn_context& c) {
    lua_State* M = fn->state();
    stack_restore restore(M);
    reserve_stack(M, 4);
    fn->push();
    push_protected<turn_context, push_turn_context>(M, c);
    call(M, 1, 0);
  };
}

order_fn make_order(lua_State* L, int index) {
  pinned fn = pin_function(L, index);
  return [fn](const turn_context& c) {
    lua_State* M = fn->state();
    stack_restore restore(M);
    reserve_stack(M, 4);
    fn->push();
    push_protected<turn_context, push_turn_context>(M, c);
    call(M, 1, 1);
    if (lua_type(M, -1) != LUA_TTABLE)
      fail("the order function returned {} (want a list of sides)", type_name(M, -1));
    return check_string_list(M, -1, "result");
  };
}

window_fn make_handler(lua_State* L, int index) {
  pinned fn = pin_function(L, index);
  return [fn](const window_context& w) {
    lua_State* M = fn->state();
    stack_restore restore(M);
    reserve_stack(M, 8);
    push_protected<window_context, push_window_context>(M, w);  // stack: ctx
    fn->push();
    lua_pushvalue(M, -2);  // stack: ctx, fn, ctx
    call(M, 1, 0);         // stack: ctx
    lua_pushliteral(M, "payload");  // interned already: the key of ctx.payload
    lua_rawget(M, -2);
    if (lua_isnil(M, -1)) {
      w.payload.clear();
    } else {
      if (lua_type(M, -1) != LUA_TTABLE)
        fail("payload: table expected, got {}", type_name(M, -1));
      w.payload = check_fields(M, -1, "payload");
    }
  };
}

// ----------------------------------------------------------------- structure parsing

step_decl check_step(lua_State* L, int index, const std::string& path) {
  index = abs_index(L, index);
  step_decl s;
  if (lua_type(L, index) == LUA_TSTRING) {
    s.id = text_at(L, index, path);
    return s;
  }
  if (lua_type(L, index) != LUA_TTABLE)
    fail("field '{}': step id or {{id=, fn=}} expected, got {}", path, type_name(L, index));
  check_keys(L, index, path, step_keys);
  const field_reader r(L, index, path);
  s.id = r.string("id");
  s.source = r.string("source", "ruleset");
  if (push_opt_function(L, index, "fn", r.name("fn"))) {
    s.fn = make_step(L, -1);
    lua_pop(L, 1);
  }
  return s;
}

std::vector<step_decl> check_steps(lua_State* L, int index, const std::string& path) {
  index = abs_index(L, index);
  const std::size_t n = check_sequence(L, index, path);
  std::vector<step_decl> out;
  out.reserve(n);
  for (std::size_t i = 1; i <= n; ++i) {
    lua_rawgeti(L, index, static_cast<int>(i));
    out.push_back(check_step(L, -1, fmt::format("{}[{}]", path, i)));
    lua_pop(L, 1);
  }
  return out;
}

phase_decl check_phase(lua_State* L, int index, const std::string& path) {
  index = abs_index(L, index);
  if (lua_type(L, index) != LUA_TTABLE)
    fail("field '{}': table expected, got {}", path, type_name(L, index));
  check_keys(L, index, path, phase_keys);
  const field_reader r(L, index, path);
  phase_decl p;
  p.id = r.string("id");
  p.name = r.string("name", "");
  const std::string per_side = r.string("per_side", "simultaneous");
  if (per_side == "simultaneous")
    p.sides = side_mode::simultaneous;
  else if (per_side == "each")
    p.sides = side_mode::each;
  else
    fail("field '{}': bad value '{}' (want simultaneous or each)", r.name("per_side"), per_side);
  if (push_opt_function(L, index, "order", r.name("order"))) {
    p.order = make_order(L, -1);
    lua_pop(L, 1);
  }
  if (r.push_table("steps")) {
    p.steps = check_steps(L, -1, r.name("steps"));
    lua_pop(L, 1);
  }
  return p;
}

turn_structure check_structure(lua_State* L, int index) {
  index = abs_index(L, index);
  check_keys(L, index, "", structure_keys);
  const field_reader r(L, index);
  turn_structure s;
  if (!r.push_table("sides")) fail("field 'sides': table expected, got nil");
  s.sides = check_string_list(L, -1, "sides");
  lua_pop(L, 1);
  if (r.push_table("pre_battle")) {
    s.pre_battle = check_steps(L, -1, "pre_battle");
    lua_pop(L, 1);
  }
  if (!r.push_table("turn")) fail("field 'turn': table expected, got nil");
  {
    const int t = lua_gettop(L);
    check_keys(L, t, "turn", turn_keys);
    const field_reader tr(L, t, "turn");
    const std::string mode = tr.string("mode", "phases_then_sides");
    if (mode == "phases_then_sides")
      s.mode = turn_mode::phases_then_sides;
    else if (mode == "sides_then_phases")
      s.mode = turn_mode::sides_then_phases;
    else
      fail("field 'turn.mode': bad value '{}' (want phases_then_sides or sides_then_phases)",
           mode);
    if (push_opt_function(L, t, "order", "turn.order")) {
      s.order = make_order(L, -1);
      lua_pop(L, 1);
    }
    if (!tr.push_table("phases")) fail("field 'turn.phases': table expected, got nil");
    const std::size_t n = check_sequence(L, -1, "turn.phases");
    for (std::size_t i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, static_cast<int>(i));
      s.phases.push_back(check_phase(L, -1, fmt::format("turn.phases[{}]", i)));
      lua_pop(L, 1);
    }
    lua_pop(L, 2);  // phases, turn
  }
  if (r.push_table("time")) {
    const int t = lua_gettop(L);
    check_keys(L, t, "time", time_keys);
    const field_reader tr(L, t, "time");
    if (!tr.push_table("steps")) fail("field 'time.steps': table expected, got nil");
    s.time_steps = check_string_list(L, -1, "time.steps");
    lua_pop(L, 1);
    const std::int64_t start = tr.integer("start", 1);
    if (start < 1 || start > static_cast<std::int64_t>(s.time_steps.size()))
      fail("field 'time.start': {} out of range 1..{}", start, s.time_steps.size());
    s.time_start = static_cast<std::size_t>(start - 1);
    lua_pop(L, 1);
  }
  if (r.push_table("windows")) {
    s.windows = check_string_list(L, -1, "windows");
    lua_pop(L, 1);
  }
  const std::int64_t depth = r.integer("max_window_depth", 8);
  if (depth < 1 || depth > 64) fail("field 'max_window_depth': {} out of range 1..64", depth);
  s.max_window_depth = static_cast<int>(depth);
  return s;
}

void check_function(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TFUNCTION)
    throw arg_error(arg, fmt::format("function expected, got {}", type_name(L, arg)));
}

// An optional string argument ("" when nil or absent).
std::string_view opt_string(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return {};
  return check_string(L, arg);
}

// ----------------------------------------------------------------- bindings

// muster.turn.set_structure(t: muster.turn.structure)
//   t = { sides = {string...}, pre_battle? = {step...},
//         turn = { mode? = "phases_then_sides"|"sides_then_phases", order? = fn(ctx) -> sides,
//                  phases = { {id=, name?=, per_side? = "simultaneous"|"each",
//                              order? = fn(ctx) -> sides, steps? = {step...}}, ...} },
//         time? = { steps = {string...}, start? = 1 }, windows? = {string...},
//         max_window_depth? = 8 }
//   step = "id" | { id = "id", fn? = function(ctx), source? = "ruleset" }
int l_turn_set_structure(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  check_table(L, 1);
  turn_structure s = check_structure(L, 1);
  seq.set_structure(std::move(s));
  return 0;
}

// muster.turn.set_step(id: string, fn: function(ctx), source?: string)
int l_turn_set_step(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  const std::string_view id = check_string(L, 1);
  check_function(L, 2);
  const std::string_view source = lua_isnoneornil(L, 3) ? "ruleset" : check_string(L, 3);
  seq.set_step(id, make_step(L, 2), source);
  return 0;
}

// muster.turn.add_step(phase: string, id: string, fn: function(ctx),
//                      opts?: {before?: string, after?: string, source?: string})
//   phase is a phase id or "pre_battle"; without before/after the step goes last.
int l_turn_add_step(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  const std::string_view in = check_string(L, 1);
  const std::string_view id = check_string(L, 2);
  check_function(L, 3);
  relation where = relation::after;
  std::string anchor;
  std::string source = "ruleset";
  if (!lua_isnoneornil(L, 4)) {
    check_table(L, 4);
    check_keys(L, 4, "opts", step_opt_keys);
    const field_reader r(L, 4, "opts");
    const auto before = r.opt_string("before");
    const auto after = r.opt_string("after");
    if (before && after) fail("opts: give before or after, not both");
    if (before) {
      where = relation::before;
      anchor = *before;
      if (anchor.empty()) fail("field 'opts.before': empty step id");
    } else if (after) {
      anchor = *after;
      if (anchor.empty()) fail("field 'opts.after': empty step id");
    }
    source = r.string("source", "ruleset");
  }
  seq.add_step(in, step_decl{std::string(id), make_step(L, 3), std::move(source)}, where,
               anchor);
  return 0;
}

// muster.turn.del_step(id: string)   (also removes the hooks attached to it)
int l_turn_del_step(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  const std::string_view id = check_string(L, 1);
  seq.del_step(id);
  return 0;
}

relation check_when(lua_State* L, int arg) {
  const std::string_view when = check_string(L, arg);
  if (when == "before") return relation::before;
  if (when == "after") return relation::after;
  throw arg_error(arg, fmt::format("'before' or 'after' expected, got '{}'", when));
}

// muster.turn.add_hook(when: "before"|"after", at: string, fn: function(ctx),
//                      opts?: {id?: string, source?: string, priority?: integer}) -> id
//   at: a phase id, a step id, "turn" or "pre_battle". Lower priority runs first (default 0).
int l_turn_add_hook(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  hook h;
  h.when = check_when(L, 1);
  h.at = check_string(L, 2);
  check_function(L, 3);
  if (!lua_isnoneornil(L, 4)) {
    check_table(L, 4);
    check_keys(L, 4, "opts", hook_opt_keys);
    const field_reader r(L, 4, "opts");
    h.id = r.string("id", "");
    h.source = r.string("source", "ruleset");
    h.priority = r.integer("priority", 0);
  }
  h.fn = make_step(L, 3);
  const std::string id = seq.add_hook(std::move(h));
  push_string(L, id);
  return 1;
}

// muster.turn.set_hook(id: string, fn: function(ctx), source?: string)
int l_turn_set_hook(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  const std::string_view id = check_string(L, 1);
  check_function(L, 2);
  const std::string_view source = lua_isnoneornil(L, 3) ? "ruleset" : check_string(L, 3);
  seq.set_hook(id, make_step(L, 2), source);
  return 0;
}

// muster.turn.del_hook(id: string)
int l_turn_del_hook(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  seq.del_hook(check_string(L, 1));
  return 0;
}

// muster.turn.get_hooks(at: string) -> {id: string, when: string, at: string,
//   source: string, priority: integer}[]   (in the order they run)
int l_turn_get_hooks(lua_State* L) {
  const sequencer& seq = service<sequencer>(L);
  const std::string_view at = check_string(L, 1);
  const std::vector<hook> hs = seq.hooks_at(at);
  lua_createtable(L, static_cast<int>(hs.size()), 0);
  for (std::size_t i = 0; i < hs.size(); ++i) {
    lua_createtable(L, 0, 5);
    set_field(L, -1, "id", hs[i].id);
    set_field(L, -1, "when", hs[i].when == relation::before ? "before" : "after");
    set_field(L, -1, "at", hs[i].at);
    set_field(L, -1, "source", hs[i].source);
    set_field(L, -1, "priority", static_cast<double>(hs[i].priority));
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  return 1;
}

// muster.turn.add_window_handler(window: string, fn: function(w),
//                                opts?: {id?: string, source?: string, priority?: integer})
//   -> id.  w = {window=, side?=, depth=, turn=, phase?=, payload={...}}; the handler may
//   edit w.payload (its fields go back to whoever checked the window).
int l_turn_add_window_handler(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  window_handler h;
  h.window = check_string(L, 1);
  check_function(L, 2);
  if (!lua_isnoneornil(L, 3)) {
    check_table(L, 3);
    check_keys(L, 3, "opts", hook_opt_keys);
    const field_reader r(L, 3, "opts");
    h.id = r.string("id", "");
    h.source = r.string("source", "ruleset");
    h.priority = r.integer("priority", 0);
  }
  h.fn = make_handler(L, 2);
  const std::string id = seq.add_window_handler(std::move(h));
  push_string(L, id);
  return 1;
}

// muster.turn.set_window_handler(id: string, fn: function(w), source?: string)
int l_turn_set_window_handler(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  const std::string_view id = check_string(L, 1);
  check_function(L, 2);
  const std::string_view source = lua_isnoneornil(L, 3) ? "ruleset" : check_string(L, 3);
  seq.set_window_handler(id, make_handler(L, 2), source);
  return 0;
}

// muster.turn.del_window_handler(id: string)
int l_turn_del_window_handler(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  seq.del_window_handler(check_string(L, 1));
  return 0;
}

// muster.turn.check_window(window: string, side?: string, payload?: table) -> payload: table
//   Opens the interrupt window: every handler runs in order, told that `side` may respond
//   (nil: any side); returns the payload as the handlers left it (keys sorted on the way).
int l_turn_check_window(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  const std::string_view window = check_string(L, 1);
  const std::string_view side = opt_string(L, 2);
  if (!lua_isnoneornil(L, 3)) check_table(L, 3);
  std::vector<field> payload;
  if (!lua_isnoneornil(L, 3)) payload = check_fields(L, 3, "payload");
  seq.open_window(window, side, payload);
  push_fields(L, payload);
  return 1;
}

// muster.turn.get_turn() -> turn: integer, phase: string|nil, side: string|nil
//   turn is 0 before the first battle turn; phase and side are nil outside them.
int l_turn_get_turn(lua_State* L) {
  const sequencer& seq = service<sequencer>(L);
  const turn_context c = seq.current();
  lua_pushnumber(L, static_cast<lua_Number>(seq.turn()));
  push_string_or_nil(L, c.phase);
  push_string_or_nil(L, c.side);
  return 3;
}

// muster.turn.get_time() -> index: integer|nil, name: string|nil   (1-based; nil, nil
//   when the structure declares no time dial)
int l_turn_get_time(lua_State* L) {
  const sequencer& seq = service<sequencer>(L);
  if (!seq.has_structure() || seq.structure().time_steps.empty()) {
    lua_pushnil(L);
    lua_pushnil(L);
    return 2;
  }
  const time_point t = seq.time();
  lua_pushnumber(L, static_cast<lua_Number>(t.index + 1));
  push_string(L, t.name);
  return 2;
}

// muster.turn.set_time(index: integer)   (1-based: a pre-battle step establishing the time)
int l_turn_set_time(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  const std::int64_t index = check_integer(L, 1);
  const std::size_t steps = seq.has_structure() ? seq.structure().time_steps.size() : 0;
  if (steps == 0) fail("no time dial declared (structure field 'time')");
  if (index < 1 || index > static_cast<std::int64_t>(steps))
    throw arg_error(1, fmt::format("time step {} out of range 1..{}", index, steps));
  seq.set_time(static_cast<std::size_t>(index - 1));
  return 0;
}

// muster.turn.run_pre_battle()   (the declared pre-battle steps, once, before turn 1)
int l_turn_run_pre_battle(lua_State* L) {
  service<sequencer>(L).run_pre_battle();
  return 0;
}

// muster.turn.run(turns?: integer = 1) -> played: integer   (stops early once the battle is
// over; refused while a turn runs, so a step cannot start another turn)
int l_turn_run(lua_State* L) {
  const std::int64_t turns = lua_isnoneornil(L, 1) ? 1 : check_integer(L, 1);
  if (turns < 1 || turns > 100000) throw arg_error(1, fmt::format("turns 1..100000 expected, got {}", turns));
  const std::int64_t played = service<sequencer>(L).run(turns);
  lua_pushnumber(L, static_cast<lua_Number>(played));
  return 1;
}

// muster.turn.run_phase() -> going_on: boolean   (the next phase only: a turn begun first
// when none is under way, ended after its last phase; false once the battle is over)
int l_turn_run_phase(lua_State* L) {
  lua_pushboolean(L, service<sequencer>(L).run_next_phase() ? 1 : 0);
  return 1;
}

// muster.turn.get_next_phase() -> phase: string|nil, in_turn: boolean   (what run_phase() plays
// next, nil when the battle is over or has no structure; whether a turn is under way)
int l_turn_get_next_phase(lua_State* L) {
  const sequencer& seq = service<sequencer>(L);
  push_string_or_nil(L, seq.next_phase());
  lua_pushboolean(L, seq.in_turn() ? 1 : 0);
  return 2;
}

// muster.turn.set_over(reason: string)   (the battle ends after the running step)
int l_turn_set_over(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  seq.set_over(check_string(L, 1));
  return 0;
}

// muster.turn.get_over() -> over: boolean, reason: string|nil
int l_turn_get_over(lua_State* L) {
  const sequencer& seq = service<sequencer>(L);
  lua_pushboolean(L, seq.over() ? 1 : 0);
  push_string_or_nil(L, seq.over_reason());
  return 2;
}

// muster.turn.add_deferred(kind: string, fields?: table)   (queued for the next turn)
int l_turn_add_deferred(lua_State* L) {
  sequencer& seq = service<sequencer>(L);
  const std::string_view kind = check_string(L, 1);
  if (!lua_isnoneornil(L, 2)) check_table(L, 2);
  std::vector<field> fields;
  if (!lua_isnoneornil(L, 2)) fields = check_fields(L, 2, "");
  seq.add_deferred(std::string(kind), std::move(fields));
  return 0;
}

// muster.turn.get_deferred() -> {kind: string, fields: table}[]
//   The items queued during the previous turn, for this one (in order).
int l_turn_get_deferred(lua_State* L) {
  const sequencer& seq = service<sequencer>(L);
  const std::vector<deferred_item>& items = seq.deferred();
  lua_createtable(L, static_cast<int>(items.size()), 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    lua_createtable(L, 0, 2);
    set_field(L, -1, "kind", items[i].kind);
    push_fields(L, items[i].fields);
    lua_setfield(L, -2, "fields");
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  return 1;
}

}  // namespace

void open_turn(lua_State* L, int muster_table, sequencer& turn) {
  static const function_entry entries[] = {
      {"set_structure", guard<l_turn_set_structure>},
      {"set_step", guard<l_turn_set_step>},
      {"add_step", guard<l_turn_add_step>},
      {"del_step", guard<l_turn_del_step>},
      {"add_hook", guard<l_turn_add_hook>},
      {"set_hook", guard<l_turn_set_hook>},
      {"del_hook", guard<l_turn_del_hook>},
      {"get_hooks", guard<l_turn_get_hooks>},
      {"add_window_handler", guard<l_turn_add_window_handler>},
      {"set_window_handler", guard<l_turn_set_window_handler>},
      {"del_window_handler", guard<l_turn_del_window_handler>},
      {"check_window", guard<l_turn_check_window>},
      {"get_turn", guard<l_turn_get_turn>},
      {"get_time", guard<l_turn_get_time>},
      {"set_time", guard<l_turn_set_time>},
      {"run_pre_battle", guard<l_turn_run_pre_battle>},
      {"run", guard<l_turn_run>},
      {"run_phase", guard<l_turn_run_phase>},
      {"get_next_phase", guard<l_turn_get_next_phase>},
      {"set_over", guard<l_turn_set_over>},
      {"get_over", guard<l_turn_get_over>},
      {"add_deferred", guard<l_turn_add_deferred>},
      {"get_deferred", guard<l_turn_get_deferred>},
  };
  muster_table = abs_index(L, muster_table);
  lua_newtable(L);
  register_functions(L, -1, entries, &turn, "muster.turn");
  lua_setfield(L, muster_table, "turn");
}

}  // namespace muster::lua
