// Lua binding of the battle state: muster.state.*. Translates plain tables to and from
// muster::battle_state calls; every result is a copy (no userdata, no references into the
// state). No rules here, no checks the service makes itself. Stubs: scripts/types/state.lua.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lua/bindings.hpp"
#include "lua/guard.hpp"
#include "lua/stack.hpp"
#include "muster/state.hpp"

namespace muster::lua {

namespace {

// ---- reading tables ------------------------------------------------------------------
// Array positions in messages are 0-based, as in the service's and the JSON loader's
// messages ("figures[0].wounds" is the first figure), so one convention covers all three.

/// The string keys of the table at index, sorted (so errors do not depend on hash order).
/// Throws when a key is not a string. [-0, +0, m]
std::vector<std::string> sorted_keys(lua_State* L, int index, const std::string& what) {
  index = abs_index(L, index);
  std::vector<std::string> keys;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {  // stack: key, value
    if (lua_type(L, -2) != LUA_TSTRING) {
      const std::string got = type_name(L, -2);
      lua_pop(L, 2);
      fail("{}: string keys expected, got a {} key", what, got);
    }
    std::size_t n = 0;
    const char* s = lua_tolstring(L, -2, &n);
    keys.emplace_back(s, n);
    lua_pop(L, 1);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

/// Throws "unknown field 'x'" for a key of the table at index not in `known`.
template <std::size_t N>
void check_fields(lua_State* L, int index, const char* const (&known)[N],
                  const std::string& path) {
  for (const std::string& key : sorted_keys(L, index, path.empty() ? "table" : path)) {
    if (std::find_if(std::begin(known), std::end(known),
                     [&](const char* k) { return key == k; }) == std::end(known))
      fail("unknown field '{}'", path.empty() ? key : fmt::format("{}.{}", path, key));
  }
}

/// Lua numbers that are integral (|n| <= 2^53) become integer props, others numbers.
bool integral(double d) { return std::trunc(d) == d && std::fabs(d) <= 9007199254740992.0; }

/// Reads props/counters/markers of the spec table at r into e.
void read_tags(const field_reader& r, entity& e) {
  lua_State* L = r.state();
  if (r.push_table("props")) {  // stack: props
    const std::string path = r.name("props");
    for (const std::string& key : sorted_keys(L, -1, fmt::format("field '{}'", path))) {
      lua_getfield(L, -1, key.c_str());  // stack: props, value
      const std::string name = fmt::format("{}.{}", path, key);
      switch (lua_type(L, -1)) {
        case LUA_TBOOLEAN:
          e.props.emplace(key, lua_toboolean(L, -1) != 0);
          break;
        case LUA_TNUMBER: {
          const double d = lua_tonumber(L, -1);
          if (integral(d))
            e.props.emplace(key, static_cast<std::int64_t>(d));
          else
            e.props.emplace(key, d);
          break;
        }
        case LUA_TSTRING: {
          std::size_t n = 0;
          const char* s = lua_tolstring(L, -1, &n);
          e.props.emplace(key, std::string(s, n));
          break;
        }
        default: {
          const std::string got = type_name(L, -1);
          lua_pop(L, 2);
          fail("field '{}': boolean, number or string expected, got {}", name, got);
        }
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  if (r.push_table("counters")) {  // stack: counters
    const field_reader counters(L, -1, r.name("counters"));
    for (const std::string& key :
         sorted_keys(L, -1, fmt::format("field '{}'", r.name("counters"))))
      e.counters.emplace(key, counters.integer(key.c_str()));
    lua_pop(L, 1);
  }
  if (r.push_table("markers")) {  // stack: markers
    const std::string path = r.name("markers");
    for (const std::string& key : sorted_keys(L, -1, fmt::format("field '{}'", path))) {
      lua_getfield(L, -1, key.c_str());  // stack: markers, value
      if (lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1) != 0) {
        e.markers.emplace(key, std::string());
      } else if (lua_type(L, -1) == LUA_TSTRING) {
        std::size_t n = 0;
        const char* s = lua_tolstring(L, -1, &n);
        e.markers.emplace(key, std::string(s, n));
      } else {
        const std::string got =
            lua_type(L, -1) == LUA_TBOOLEAN ? "false" : std::string(type_name(L, -1));
        lua_pop(L, 2);
        fail("field '{}.{}': true or string expected, got {}", path, key, got);
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
}

/// Reads an array of strings from field `key` of r (absent: empty).
std::vector<std::string> read_strings(const field_reader& r, const char* key) {
  std::vector<std::string> out;
  lua_State* L = r.state();
  if (!r.push_table(key)) return out;  // stack: array
  const int n = static_cast<int>(lua_objlen(L, -1));
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, -1, i);  // stack: array, item
    if (lua_type(L, -1) != LUA_TSTRING) {
      const std::string got = type_name(L, -1);
      lua_pop(L, 2);
      fail("field '{}[{}]': string expected, got {}", r.name(key), i - 1, got);
    }
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    out.emplace_back(s, len);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return out;
}

/// Reads x, y, facing, ranks, files, base_width, base_depth over `p` (absent: unchanged).
void read_placement(const field_reader& r, placement& p) {
  p.x = r.number("x", p.x);
  p.y = r.number("y", p.y);
  p.facing = r.number("facing", p.facing);
  p.ranks = r.integer("ranks", p.ranks);
  p.files = r.integer("files", p.files);
  p.base_width = r.number("base_width", p.base_width);
  p.base_depth = r.number("base_depth", p.base_depth);
}

constexpr const char* figure_fields[] = {"id", "wounds", "equipment", "props", "counters",
                                         "markers"};

/// Reads a figure spec from the table at index (path names it in messages).
figure read_figure(lua_State* L, int index, const std::string& path) {
  check_fields(L, index, figure_fields, path);
  const field_reader r(L, index, path);
  figure f;
  f.id = r.string("id", "");
  f.wounds = r.integer("wounds", 0);
  f.equipment = read_strings(r, "equipment");
  read_tags(r, f);
  return f;
}

/// An optional string argument: nil/none gives "".
std::string opt_string(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return {};
  return std::string(check_string(L, arg));
}

/// Reads an optional filter table {k1=, k2=} at arg into strings.
template <std::size_t N>
void read_filter(lua_State* L, int arg, const char* const (&keys)[N], std::string (&out)[N]) {
  if (lua_isnoneornil(L, arg)) return;
  check_table(L, arg);
  check_fields(L, arg, keys, "");
  const field_reader r(L, arg);
  for (std::size_t i = 0; i < N; ++i) out[i] = r.string(keys[i], "");
}

// ---- pushing tables ------------------------------------------------------------------

void set_int(lua_State* L, int index, const char* key, std::int64_t v) {
  set_field(L, index, key, static_cast<double>(v));
}

/// Sets t[key] = s, or leaves it nil when s is empty (an absent reference).
void set_ref(lua_State* L, int index, const char* key, const std::string& s) {
  if (!s.empty()) set_field(L, index, key, std::string_view(s));
}

/// [-0, +1, m] Pushes a property value.
void push_prop(lua_State* L, const prop_value& v) {
  if (const auto* b = std::get_if<bool>(&v))
    lua_pushboolean(L, *b ? 1 : 0);
  else if (const auto* i = std::get_if<std::int64_t>(&v))
    lua_pushnumber(L, static_cast<double>(*i));
  else if (const auto* d = std::get_if<double>(&v))
    lua_pushnumber(L, *d);
  else
    push_string(L, std::get<std::string>(v));
}

/// [-0, +1, m] Pushes a marker value: true for a flag, else the string.
void push_marker(lua_State* L, const std::string& v) {
  if (v.empty())
    lua_pushboolean(L, 1);
  else
    push_string(L, v);
}

/// Sets id, props, counters, markers on the table on top. [-0, +0, m]
void set_tags(lua_State* L, const entity& e) {
  set_field(L, -1, "id", std::string_view(e.id));
  lua_createtable(L, 0, static_cast<int>(e.props.size()));  // stack: t, props
  for (const auto& [name, value] : e.props) {
    push_prop(L, value);
    lua_setfield(L, -2, name.c_str());
  }
  lua_setfield(L, -2, "props");
  lua_createtable(L, 0, static_cast<int>(e.counters.size()));  // stack: t, counters
  for (const auto& [name, value] : e.counters) set_int(L, -1, name.c_str(), value);
  lua_setfield(L, -2, "counters");
  lua_createtable(L, 0, static_cast<int>(e.markers.size()));  // stack: t, markers
  for (const auto& [name, value] : e.markers) {
    push_marker(L, value);
    lua_setfield(L, -2, name.c_str());
  }
  lua_setfield(L, -2, "markers");
}

void set_placement_fields(lua_State* L, const placement& p) {
  set_field(L, -1, "x", p.x);
  set_field(L, -1, "y", p.y);
  set_field(L, -1, "facing", p.facing);
  set_int(L, -1, "ranks", p.ranks);
  set_int(L, -1, "files", p.files);
  set_field(L, -1, "base_width", p.base_width);
  set_field(L, -1, "base_depth", p.base_depth);
}

void push_strings(lua_State* L, const std::vector<std::string>& v) {
  lua_createtable(L, static_cast<int>(v.size()), 0);
  for (std::size_t i = 0; i < v.size(); ++i) {
    push_string(L, v[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
}

void push_side(lua_State* L, const side& s) {
  lua_createtable(L, 0, 5);
  set_tags(L, s);
  set_field(L, -1, "name", std::string_view(s.name));
}

void push_command(lua_State* L, const command& c) {
  lua_createtable(L, 0, 6);
  set_tags(L, c);
  set_field(L, -1, "side", std::string_view(c.side));
  set_field(L, -1, "name", std::string_view(c.name));
}

void push_figure(lua_State* L, const figure& f) {
  lua_createtable(L, 0, 7);
  set_tags(L, f);
  set_field(L, -1, "unit", std::string_view(f.unit));
  set_int(L, -1, "wounds", f.wounds);
  push_strings(L, f.equipment);
  lua_setfield(L, -2, "equipment");
}

// How get_unit / get_units read a unit: `counted`, its figures as their number, not the
// list (five tables a figure fewer: what a reader of the unit's own fields asks for, e.g. the
// REPL's descriptions); not `tags`, without its props, counters and markers (what a reader of
// positions asks for, e.g. the table's views).
struct unit_reading {
  bool counted = false;
  bool tags = true;
};

void push_unit_as(lua_State* L, const unit& u, unit_reading how) {
  lua_createtable(L, 0, 15);
  if (how.tags)
    set_tags(L, u);
  else
    set_field(L, -1, "id", std::string_view(u.id));
  set_field(L, -1, "side", std::string_view(u.side));
  set_ref(L, -1, "command", u.command);
  set_field(L, -1, "name", std::string_view(u.name));
  set_placement_fields(L, u.place);
  if (how.counted) {
    set_int(L, -1, "figures", static_cast<std::int64_t>(u.figures.size()));
    return;
  }
  lua_createtable(L, static_cast<int>(u.figures.size()), 0);  // stack: t, figures
  for (std::size_t i = 0; i < u.figures.size(); ++i) {
    push_figure(L, u.figures[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_setfield(L, -2, "figures");
}


// The options of get_unit / get_units at `index`: nil, or {figures = "count", tags = false}.
unit_reading read_unit_options(lua_State* L, int index) {
  unit_reading how;
  if (lua_isnoneornil(L, index)) return how;
  if (!lua_istable(L, index)) throw arg_error(index, "table expected ({figures = \"count\", tags = false})");
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    const std::string_view key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
    const char* bad = nullptr;
    if (key == "figures") {
      if (lua_type(L, -1) == LUA_TSTRING && std::string_view(lua_tostring(L, -1)) == "count")
        how.counted = true;
      else
        bad = "field 'figures': \"count\" expected";
    } else if (key == "tags") {
      if (lua_type(L, -1) == LUA_TBOOLEAN)
        how.tags = lua_toboolean(L, -1) != 0;
      else
        bad = "field 'tags': boolean expected";
    } else {
      bad = "unknown field (known: figures, tags)";
    }
    lua_pop(L, 1);
    if (bad != nullptr) {
      lua_pop(L, 1);
      throw arg_error(index, bad);
    }
  }
  return how;
}

void push_individual(lua_State* L, const individual& i) {
  lua_createtable(L, 0, 17);
  set_tags(L, i);
  set_field(L, -1, "side", std::string_view(i.side));
  set_ref(L, -1, "command", i.command);
  set_ref(L, -1, "unit", i.unit);
  set_field(L, -1, "name", std::string_view(i.name));
  set_placement_fields(L, i.place);
  set_int(L, -1, "wounds", i.wounds);
  push_strings(L, i.equipment);
  lua_setfield(L, -2, "equipment");
}

void push_terrain(lua_State* L, const terrain& t) {
  lua_createtable(L, 0, 6);
  set_tags(L, t);
  set_field(L, -1, "kind", std::string_view(t.kind));
  lua_createtable(L, static_cast<int>(t.polygon.size()), 0);  // stack: t, polygon
  for (std::size_t i = 0; i < t.polygon.size(); ++i) {
    lua_createtable(L, 0, 2);
    set_field(L, -1, "x", t.polygon[i].x);
    set_field(L, -1, "y", t.polygon[i].y);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_setfield(L, -2, "polygon");
}

void push_clock(lua_State* L, const clock_time& c) {
  lua_createtable(L, 0, 2);
  set_int(L, -1, "turn", c.turn);
  set_field(L, -1, "phase", std::string_view(c.phase));
}

void push_secret(lua_State* L, const secret& s) {
  lua_createtable(L, 0, 8);
  set_field(L, -1, "id", std::string_view(s.id));
  set_field(L, -1, "side", std::string_view(s.side));
  set_field(L, -1, "label", std::string_view(s.label));
  if (s.hidden) {
    set_field_bool(L, -1, "hidden", true);
  } else {
    set_field(L, -1, "value", std::string_view(s.value));
    set_field(L, -1, "commitment", std::string_view(s.commitment));
  }
  push_clock(L, s.committed);
  lua_setfield(L, -2, "committed");
  if (s.revealed) {
    push_clock(L, *s.revealed);
    lua_setfield(L, -2, "revealed");
  }
}

template <typename T, typename Push>
int push_list(lua_State* L, const std::vector<const T*>& items, Push push) {
  charge(L, items.size() * 16);  // each item read and pushed field by field
  lua_createtable(L, static_cast<int>(items.size()), 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    push(L, *items[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  return 1;
}

battle_state& state(lua_State* L) { return service<battle_state>(L); }

// ---- creation ------------------------------------------------------------------------

constexpr const char* side_fields[] = {"id", "name", "props", "counters", "markers"};
constexpr const char* command_fields[] = {"id", "side", "name", "props", "counters", "markers"};
constexpr const char* unit_fields[] = {"id",    "side",  "command",    "name",       "x",
                                       "y",     "facing", "ranks",     "files",      "base_width",
                                       "base_depth", "props", "counters", "markers", "figures"};
constexpr const char* individual_fields[] = {
    "id",    "side",  "command",    "unit",       "name",   "x",        "y",      "facing",
    "ranks", "files", "base_width", "base_depth", "wounds", "equipment", "props", "counters",
    "markers"};
constexpr const char* terrain_fields[] = {"id",       "kind",   "polygon", "props",
                                          "counters", "markers"};
constexpr const char* placement_fields[] = {"x",     "y",          "facing",    "ranks",
                                            "files", "base_width", "base_depth"};

// muster.state.add_side{id?: string, name?: string, props?, counters?, markers?} -> id: string
int l_state_add_side(lua_State* L) {
  check_table(L, 1);
  check_fields(L, 1, side_fields, "");
  const field_reader r(L, 1);
  side s;
  s.id = r.string("id", "");
  s.name = r.string("name", "");
  read_tags(r, s);
  push_string(L, state(L).add_side(std::move(s)));
  return 1;
}

// muster.state.add_command{id?, side: string, name?, props?, counters?, markers?} -> id
int l_state_add_command(lua_State* L) {
  check_table(L, 1);
  check_fields(L, 1, command_fields, "");
  const field_reader r(L, 1);
  command c;
  c.id = r.string("id", "");
  c.side = r.string("side");
  c.name = r.string("name", "");
  read_tags(r, c);
  push_string(L, state(L).add_command(std::move(c)));
  return 1;
}

// muster.state.add_unit{id?, side: string, command?, name?, x?, y?, facing?, ranks?, files?,
//   base_width?, base_depth?, props?, counters?, markers?, figures?: integer|table[]} -> id
int l_state_add_unit(lua_State* L) {
  check_table(L, 1);
  check_fields(L, 1, unit_fields, "");
  const field_reader r(L, 1);
  unit u;
  u.id = r.string("id", "");
  u.side = r.string("side");
  u.command = r.string("command", "");
  u.name = r.string("name", "");
  read_placement(r, u.place);
  read_tags(r, u);
  lua_getfield(L, 1, "figures");  // stack: figures
  if (lua_type(L, -1) == LUA_TNUMBER) {
    const std::int64_t n = r.integer("figures");
    if (n < 0 || n > 100000) fail("field 'figures': count must be 0-100000, got {}", n);
    u.figures.resize(static_cast<std::size_t>(n));
  } else if (lua_type(L, -1) == LUA_TTABLE) {
    const int n = static_cast<int>(lua_objlen(L, -1));
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);  // stack: figures, spec
      const std::string path = fmt::format("figures[{}]", i - 1);
      if (lua_type(L, -1) != LUA_TTABLE)
        fail("field '{}': table expected, got {}", path, type_name(L, -1));
      u.figures.push_back(read_figure(L, -1, path));
      lua_pop(L, 1);
    }
  } else if (!lua_isnil(L, -1)) {
    fail("field 'figures': number or table expected, got {}", type_name(L, -1));
  }
  lua_pop(L, 1);
  push_string(L, state(L).add_unit(std::move(u)));
  return 1;
}

// muster.state.add_figure(unit: string, spec?: {id?, wounds?, equipment?, props?, counters?,
//   markers?}) -> id: string
int l_state_add_figure(lua_State* L) {
  const std::string unit_id(check_string(L, 1));
  figure f;
  if (!lua_isnoneornil(L, 2)) {
    check_table(L, 2);
    f = read_figure(L, 2, "");
  }
  push_string(L, state(L).add_figure(unit_id, std::move(f)));
  return 1;
}

// muster.state.add_individual{id?, side: string, command?, unit?, name?, x?, y?, facing?,
//   ranks?, files?, base_width?, base_depth?, wounds?, equipment?, props?, counters?,
//   markers?} -> id: string
int l_state_add_individual(lua_State* L) {
  check_table(L, 1);
  check_fields(L, 1, individual_fields, "");
  const field_reader r(L, 1);
  individual i;
  i.id = r.string("id", "");
  i.side = r.string("side");
  i.command = r.string("command", "");
  i.unit = r.string("unit", "");
  i.name = r.string("name", "");
  read_placement(r, i.place);
  i.wounds = r.integer("wounds", 0);
  i.equipment = read_strings(r, "equipment");
  read_tags(r, i);
  push_string(L, state(L).add_individual(std::move(i)));
  return 1;
}

// muster.state.add_terrain{id?, kind: string, polygon: {x: number, y: number}[], props?,
//   counters?, markers?} -> id: string
int l_state_add_terrain(lua_State* L) {
  check_table(L, 1);
  check_fields(L, 1, terrain_fields, "");
  const field_reader r(L, 1);
  terrain t;
  t.id = r.string("id", "");
  t.kind = r.string("kind");
  if (!r.push_table("polygon")) fail("field 'polygon': table expected, got nil");
  const int n = static_cast<int>(lua_objlen(L, -1));  // stack: polygon
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, -1, i);  // stack: polygon, point
    const std::string path = fmt::format("polygon[{}]", i - 1);
    if (lua_type(L, -1) != LUA_TTABLE)
      fail("field '{}': table expected, got {}", path, type_name(L, -1));
    const field_reader p(L, -1, path);
    t.polygon.push_back(point{p.number("x"), p.number("y")});
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  read_tags(r, t);
  push_string(L, state(L).add_terrain(std::move(t)));
  return 1;
}

// ---- lookup --------------------------------------------------------------------------

// muster.state.get_side(id: string) -> side
int l_state_get_side(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  push_side(L, state(L).get_side(id));
  return 1;
}

// muster.state.get_command(id: string) -> command
int l_state_get_command(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  push_command(L, state(L).get_command(id));
  return 1;
}

// muster.state.get_unit(id: string, opts?: {figures = "count", tags = false}) -> unit (with
// its figures, or their number; with its props, counters and markers, or without)
int l_state_get_unit(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const unit_reading how = read_unit_options(L, 2);
  push_unit_as(L, state(L).get_unit(id), how);
  return 1;
}

// muster.state.get_figure(id: string) -> figure
int l_state_get_figure(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  push_figure(L, state(L).get_figure(id));
  return 1;
}

// muster.state.get_individual(id: string) -> individual
int l_state_get_individual(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  push_individual(L, state(L).get_individual(id));
  return 1;
}

// muster.state.get_terrain(id: string) -> terrain
int l_state_get_terrain(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  push_terrain(L, state(L).get_terrain(id));
  return 1;
}

// muster.state.get_kind(id: string) -> kind: string|nil ("side", "unit", ..., "secret")
int l_state_get_kind(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view kind = state(L).kind_of(id);
  if (kind.empty())
    lua_pushnil(L);
  else
    push_string(L, kind);
  return 1;
}

// muster.state.get_revision(id?: string) -> revision: number  (battle_state::revision: changes
//   whenever the entity does, or without an id the whole state; never reused for other
//   content; for caches keyed by it)
int l_state_get_revision(lua_State* L) {
  const battle_state& s = state(L);
  const std::uint64_t revision = lua_isnoneornil(L, 1) ? s.revision() : s.revision(check_string(L, 1));
  lua_pushnumber(L, static_cast<lua_Number>(revision));
  return 1;
}

// muster.state.get_sides() -> side[] (sorted by id)
int l_state_get_sides(lua_State* L) { return push_list(L, state(L).sides(), push_side); }

// muster.state.get_commands(filter?: {side?: string}) -> command[] (sorted by id)
int l_state_get_commands(lua_State* L) {
  constexpr const char* keys[] = {"side"};
  std::string f[1];
  read_filter(L, 1, keys, f);
  return push_list(L, state(L).commands(f[0]), push_command);
}

// muster.state.get_units(filter?: {side?: string, command?: string}, opts?: {figures = "count",
//   tags = false})
// -> unit[] (sorted by id)
int l_state_get_units(lua_State* L) {
  constexpr const char* keys[] = {"side", "command"};
  std::string f[2];
  read_filter(L, 1, keys, f);
  const unit_reading how = read_unit_options(L, 2);
  return push_list(L, state(L).units(f[0], f[1]), [how](lua_State* S, const unit& u) { push_unit_as(S, u, how); });
}

// muster.state.get_individuals(filter?: {side?: string, unit?: string}) -> individual[]
int l_state_get_individuals(lua_State* L) {
  constexpr const char* keys[] = {"side", "unit"};
  std::string f[2];
  read_filter(L, 1, keys, f);
  return push_list(L, state(L).individuals(f[0], f[1]), push_individual);
}

// muster.state.get_terrains() -> terrain[] (sorted by id)
int l_state_get_terrains(lua_State* L) { return push_list(L, state(L).terrains(), push_terrain); }

// ---- changes -------------------------------------------------------------------------

// muster.state.set_name(id: string, name: string)  (side, command, unit or individual)
int l_state_set_name(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  state(L).set_name(id, std::string(name));
  return 0;
}

// muster.state.set_placement(id: string, fields: {x?, y?, facing?, ranks?, files?,
//   base_width?, base_depth?})  (unit or individual; absent fields keep their value)
int l_state_set_placement(lua_State* L) {
  const std::string id(check_string(L, 1));
  check_table(L, 2);
  check_fields(L, 2, placement_fields, "");
  const field_reader r(L, 2);
  const auto x = r.opt_number("x"), y = r.opt_number("y"), facing = r.opt_number("facing");
  const auto ranks = r.opt_integer("ranks"), files = r.opt_integer("files");
  const auto width = r.opt_number("base_width"), depth = r.opt_number("base_depth");
  battle_state& s = state(L);
  placement p = s.get_placement(id);  // fields left out keep their value
  p.x = x.value_or(p.x);
  p.y = y.value_or(p.y);
  p.facing = facing.value_or(p.facing);
  p.ranks = ranks.value_or(p.ranks);
  p.files = files.value_or(p.files);
  p.base_width = width.value_or(p.base_width);
  p.base_depth = depth.value_or(p.base_depth);
  s.set_placement(id, p);
  return 0;
}

// muster.state.set_side(id: string, side: string, command?: string)  (control transfer of a
//   unit or individual)
int l_state_set_side(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view side_id = check_string(L, 2);
  const std::string command_id = opt_string(L, 3);
  state(L).set_side(id, side_id, command_id);
  return 0;
}

// muster.state.set_attached(individual: string, unit?: string)  (nil detaches)
int l_state_set_attached(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string unit_id = opt_string(L, 2);
  state(L).set_attached(id, unit_id);
  return 0;
}

// muster.state.set_wounds(id: string, wounds: integer)  (figure or individual)
int l_state_set_wounds(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::int64_t wounds = check_integer(L, 2);
  state(L).set_wounds(id, wounds);
  return 0;
}

// muster.state.set_equipment(id: string, items: string[])  (figure or individual)
int l_state_set_equipment(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  check_table(L, 2);
  std::vector<std::string> items;
  const int n = static_cast<int>(lua_objlen(L, 2));
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, 2, i);  // stack: ..., item
    if (lua_type(L, -1) != LUA_TSTRING)
      throw arg_error(2, fmt::format("items[{}]: string expected, got {}", i - 1,
                                     type_name(L, -1)));
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    items.emplace_back(s, len);
    lua_pop(L, 1);
  }
  state(L).set_equipment(id, std::move(items));
  return 0;
}

// muster.state.del_unit(id: string)  (its figures go too; attached individuals stay alone)
int l_state_del_unit(lua_State* L) {
  state(L).del_unit(check_string(L, 1));
  return 0;
}

// muster.state.del_figure(id: string)
int l_state_del_figure(lua_State* L) {
  state(L).del_figure(check_string(L, 1));
  return 0;
}

// muster.state.del_individual(id: string)
int l_state_del_individual(lua_State* L) {
  state(L).del_individual(check_string(L, 1));
  return 0;
}

// muster.state.del_terrain(id: string)
int l_state_del_terrain(lua_State* L) {
  state(L).del_terrain(check_string(L, 1));
  return 0;
}

// ---- props, counters, markers --------------------------------------------------------

// muster.state.set_prop(id: string, name: string, value: boolean|number|string)
//   (integral numbers are stored as integers)
int l_state_set_prop(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  prop_value v;
  switch (lua_type(L, 3)) {
    case LUA_TBOOLEAN:
      v = lua_toboolean(L, 3) != 0;
      break;
    case LUA_TNUMBER: {
      const double d = lua_tonumber(L, 3);
      if (integral(d))
        v = static_cast<std::int64_t>(d);
      else
        v = d;
      break;
    }
    case LUA_TSTRING:
      v = std::string(check_string(L, 3));
      break;
    default:
      throw arg_error(3, fmt::format("boolean, number or string expected, got {}",
                                     type_name(L, 3)));
  }
  state(L).set_prop(id, name, std::move(v));
  return 0;
}

// muster.state.get_prop(id: string, name: string) -> boolean|number|string|nil
int l_state_get_prop(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  const auto v = state(L).get_prop(id, name);
  if (v)
    push_prop(L, *v);
  else
    lua_pushnil(L);
  return 1;
}

// muster.state.del_prop(id: string, name: string)
int l_state_del_prop(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  state(L).del_prop(id, name);
  return 0;
}

// muster.state.set_counter(id: string, name: string, value: integer)
int l_state_set_counter(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  const std::int64_t value = check_integer(L, 3);
  state(L).set_counter(id, name, value);
  return 0;
}

// muster.state.get_counter(id: string, name: string) -> integer (0 when absent)
int l_state_get_counter(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  lua_pushnumber(L, static_cast<double>(state(L).get_counter(id, name)));
  return 1;
}

// muster.state.add_counter(id: string, name: string, delta: integer) -> new value: integer
int l_state_add_counter(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  const std::int64_t delta = check_integer(L, 3);
  lua_pushnumber(L, static_cast<double>(state(L).add_counter(id, name, delta)));
  return 1;
}

// muster.state.del_counter(id: string, name: string)
int l_state_del_counter(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  state(L).del_counter(id, name);
  return 0;
}

// muster.state.set_marker(id: string, name: string, value?: string)  (no value: a flag)
int l_state_set_marker(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  const std::string value = opt_string(L, 3);
  state(L).set_marker(id, name, value);
  return 0;
}

// muster.state.get_marker(id: string, name: string) -> true|string|nil  (true: a flag)
int l_state_get_marker(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  const auto v = state(L).get_marker(id, name);
  if (v)
    push_marker(L, *v);
  else
    lua_pushnil(L);
  return 1;
}

// muster.state.del_marker(id: string, name: string)
int l_state_del_marker(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view name = check_string(L, 2);
  state(L).del_marker(id, name);
  return 0;
}

// ---- secrets -------------------------------------------------------------------------

// muster.state.add_secret(side: string, label: string, value: string) -> id: string
int l_state_add_secret(lua_State* L) {
  const std::string_view side_id = check_string(L, 1);
  const std::string_view label = check_string(L, 2);
  const std::string_view value = check_string(L, 3);
  push_string(L, state(L).add_secret(side_id, std::string(label), std::string(value)));
  return 1;
}

// muster.state.get_secret(id: string, viewer: string) -> secret  (error when hidden from viewer)
int l_state_get_secret(lua_State* L) {
  const std::string_view id = check_string(L, 1);
  const std::string_view viewer = check_string(L, 2);
  push_secret(L, state(L).get_secret(id, viewer));
  return 1;
}

// muster.state.get_secrets(viewer: string) -> secret[]  (creation order; hidden ones carry
//   hidden = true and no value/commitment)
int l_state_get_secrets(lua_State* L) {
  const std::string_view viewer = check_string(L, 1);
  const std::vector<secret> all = state(L).secrets(viewer);
  lua_createtable(L, static_cast<int>(all.size()), 0);
  for (std::size_t i = 0; i < all.size(); ++i) {
    push_secret(L, all[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  return 1;
}

// muster.state.set_revealed(id: string)
int l_state_set_revealed(lua_State* L) {
  state(L).set_revealed(check_string(L, 1));
  return 0;
}

// muster.state.get_audit() -> {secret, side, label, commitment, committed, revealed?, match?}[]
int l_state_get_audit(lua_State* L) {
  const std::vector<audit_entry> audit = state(L).audit();
  lua_createtable(L, static_cast<int>(audit.size()), 0);
  for (std::size_t i = 0; i < audit.size(); ++i) {
    const audit_entry& a = audit[i];
    lua_createtable(L, 0, 7);
    set_field(L, -1, "secret", std::string_view(a.secret));
    set_field(L, -1, "side", std::string_view(a.side));
    set_field(L, -1, "label", std::string_view(a.label));
    set_field(L, -1, "commitment", std::string_view(a.commitment));
    push_clock(L, a.committed);
    lua_setfield(L, -2, "committed");
    if (a.revealed) {
      push_clock(L, *a.revealed);
      lua_setfield(L, -2, "revealed");
    }
    if (a.match) set_field_bool(L, -1, "match", *a.match);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  return 1;
}

// muster.state.get_clock() -> {turn: integer, phase: string}  (as the sequencer last set it)
int l_state_get_clock(lua_State* L) {
  push_clock(L, state(L).clock());
  return 1;
}

// ---- save / load ---------------------------------------------------------------------

// muster.state.fmt(viewer?: string) -> json: string  (a viewer's view hides others' secrets)
int l_state_fmt(lua_State* L) {
  battle_state& s = state(L);
  charge(L, s.bytes() / 4);  // the text is a few times the state's model bytes
  held_bytes held(L);
  held.update(2 * s.bytes());
  if (lua_isnoneornil(L, 1))
    push_string(L, s.save_json());
  else
    push_string(L, s.save_json(check_string(L, 1)));
  return 1;
}

// muster.state.get_hash() -> hash: string  (16 lowercase hex digits of battle_state::hash();
//   a Lua number cannot hold 64 bits)
int l_state_get_hash(lua_State* L) {
  const battle_state& s = state(L);
  charge(L, s.bytes() / 16);  // one pass over what the state holds, no text built
  push_string(L, fmt::format("{:016x}", s.hash()));
  return 1;
}

// muster.state.parse(json: string)  (replaces the whole state; unchanged on error)
int l_state_parse(lua_State* L) {
  const std::string_view text = check_string(L, 1);
  charge(L, text.size() / 4);
  state(L).load_json(text);  // holds the document parsed as it grows, and the state built
  return 0;
}

constexpr function_entry state_functions[] = {
    {"add_side", guard<l_state_add_side>},
    {"add_command", guard<l_state_add_command>},
    {"add_unit", guard<l_state_add_unit>},
    {"add_figure", guard<l_state_add_figure>},
    {"add_individual", guard<l_state_add_individual>},
    {"add_terrain", guard<l_state_add_terrain>},
    {"get_side", guard<l_state_get_side>},
    {"get_command", guard<l_state_get_command>},
    {"get_unit", guard<l_state_get_unit>},
    {"get_figure", guard<l_state_get_figure>},
    {"get_individual", guard<l_state_get_individual>},
    {"get_terrain", guard<l_state_get_terrain>},
    {"get_kind", guard<l_state_get_kind>},
    {"get_revision", guard<l_state_get_revision>},
    {"get_sides", guard<l_state_get_sides>},
    {"get_commands", guard<l_state_get_commands>},
    {"get_units", guard<l_state_get_units>},
    {"get_individuals", guard<l_state_get_individuals>},
    {"get_terrains", guard<l_state_get_terrains>},
    {"set_name", guard<l_state_set_name>},
    {"set_placement", guard<l_state_set_placement>},
    {"set_side", guard<l_state_set_side>},
    {"set_attached", guard<l_state_set_attached>},
    {"set_wounds", guard<l_state_set_wounds>},
    {"set_equipment", guard<l_state_set_equipment>},
    {"del_unit", guard<l_state_del_unit>},
    {"del_figure", guard<l_state_del_figure>},
    {"del_individual", guard<l_state_del_individual>},
    {"del_terrain", guard<l_state_del_terrain>},
    {"set_prop", guard<l_state_set_prop>},
    {"get_prop", guard<l_state_get_prop>},
    {"del_prop", guard<l_state_del_prop>},
    {"set_counter", guard<l_state_set_counter>},
    {"get_counter", guard<l_state_get_counter>},
    {"add_counter", guard<l_state_add_counter>},
    {"del_counter", guard<l_state_del_counter>},
    {"set_marker", guard<l_state_set_marker>},
    {"get_marker", guard<l_state_get_marker>},
    {"del_marker", guard<l_state_del_marker>},
    {"add_secret", guard<l_state_add_secret>},
    {"get_secret", guard<l_state_get_secret>},
    {"get_secrets", guard<l_state_get_secrets>},
    {"set_revealed", guard<l_state_set_revealed>},
    {"get_audit", guard<l_state_get_audit>},
    {"get_clock", guard<l_state_get_clock>},
    {"get_hash", guard<l_state_get_hash>},
    {"fmt", guard<l_state_fmt>},
    {"parse", guard<l_state_parse>},
};

}  // namespace

void open_state(lua_State* L, int muster_table, battle_state& state) {
  muster_table = abs_index(L, muster_table);
  lua_createtable(L, 0, static_cast<int>(std::size(state_functions)));  // stack: state
  register_functions(L, -1, state_functions, &state, "muster.state");
  lua_setfield(L, muster_table, "state");
}

}  // namespace muster::lua
