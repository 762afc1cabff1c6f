// Deterministic replacements for pairs/next/tostring/string.format inside the sandbox, and
// the rendering of Lua values as text. These are sandbox primitives, not service bindings:
// they raise Lua errors with luaL_error before any C++ object that needs destruction exists.
#include "lua/sandbox.hpp"

#include "muster/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "lua/stack.hpp"

namespace muster::lua {
namespace {

// One table key, ordered numbers < strings < booleans.
struct key_entry {
  int rank;  // 0 number, 1 string, 2 boolean
  double number;
  std::string_view text;
  bool flag;
};

bool key_less(const key_entry& a, const key_entry& b) {
  if (a.rank != b.rank) return a.rank < b.rank;
  switch (a.rank) {
    case 0: return a.number < b.number;
    case 1: return a.text < b.text;
    default: return !a.flag && b.flag;
  }
}

// Reads the key at index into an entry; false when its type has no reproducible order.
bool read_key(lua_State* L, int index, key_entry& out) {
  switch (lua_type(L, index)) {
    case LUA_TNUMBER:
      out = {0, lua_tonumber(L, index), {}, false};
      return true;
    case LUA_TSTRING: {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      out = {1, 0, {s, n}, false};
      return true;
    }
    case LUA_TBOOLEAN:
      out = {2, 0, {}, lua_toboolean(L, index) != 0};
      return true;
    default:
      return false;
  }
}

void push_key(lua_State* L, const key_entry& k) {
  switch (k.rank) {
    case 0: lua_pushnumber(L, k.number); break;
    case 1: lua_pushlstring(L, k.text.data(), k.text.size()); break;
    default: lua_pushboolean(L, k.flag ? 1 : 0); break;
  }
}

// Collects and sorts the keys of the table at index t. Returns false (with the offending
// type name in bad_type) when a key cannot be ordered reproducibly. Strings in the entries
// point into keys the table holds, so the table must not change while they are used.
bool sorted_keys(lua_State* L, int t, std::vector<key_entry>& keys, const char*& bad_type) {
  keys.clear();
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    key_entry e;
    if (!read_key(L, -2, e)) {
      bad_type = luaL_typename(L, -2);
      lua_pop(L, 2);
      return false;
    }
    keys.push_back(e);
    lua_pop(L, 1);
  }
  if (!std::is_sorted(keys.begin(), keys.end(), key_less)) std::sort(keys.begin(), keys.end(), key_less);
  return true;
}

// Whether sorted keys are exactly 1..n: the table is an array, walked in index order.
bool is_sequence(const std::vector<key_entry>& keys) {
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i].rank != 0 || keys[i].number != static_cast<double>(i + 1)) return false;
  return true;
}

constexpr const char* unordered_key_message =
    "{}: a key of type '{}' has no reproducible order; key the table by numbers or strings, "
    "or keep the values in an array";

// Collects the keys of the table at index t, sorted, and charges the sort. Throws
// muster::error for a key with no reproducible order.
void collect_sorted_keys(lua_State* L, int t, const char* who, std::vector<key_entry>& keys) {
  const char* bad = nullptr;
  if (!sorted_keys(L, t, keys, bad)) fail(unordered_key_message, who, bad);
  const auto n = static_cast<double>(keys.size());
  charge(L, 1 + static_cast<std::uint64_t>(4 * n * std::log2(n + 1)));  // a comparison ~ 4 instructions
}

}  // namespace

bool key_before(lua_State* L, int a, int b, const char* who) {
  key_entry x{}, y{};
  if (!read_key(L, a, x)) fail(unordered_key_message, who, luaL_typename(L, a));
  if (!read_key(L, b, y)) fail(unordered_key_message, who, luaL_typename(L, b));
  return key_less(x, y);
}

namespace {

// [-0, +1, m] Pushes the sorted keys as an array.
void push_keys(lua_State* L, const std::vector<key_entry>& keys) {
  lua_createtable(L, static_cast<int>(keys.size()), 0);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    push_key(L, keys[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
}

// [-0, +1, m] Pushes the keys of the table at index t, sorted, as an array; charges the
// sort. Throws muster::error for a key with no reproducible order.
void push_sorted_keys(lua_State* L, int t, const char* who) {
  std::vector<key_entry> keys;
  collect_sorted_keys(L, t, who, keys);
  push_keys(L, keys);
}

// Iterator closure over an array (keys 1..n when the walk began): upvalues 1-2 guard<>'s,
// 3 the table, 4 n, 5 the position. No key array is made: the keys are the positions.
int array_iterator(lua_State* L) {
  const int t = lua_upvalueindex(3);
  const auto n = static_cast<int>(lua_tointeger(L, lua_upvalueindex(4)));
  auto pos = static_cast<int>(lua_tointeger(L, lua_upvalueindex(5)));
  while (pos < n) {
    ++pos;
    lua_rawgeti(L, t, pos);  // stack: value
    if (!lua_isnil(L, -1)) {
      lua_pushinteger(L, pos);
      lua_replace(L, lua_upvalueindex(5));
      lua_pushinteger(L, pos);
      lua_insert(L, -2);  // stack: key, value
      return 2;
    }
    lua_pop(L, 1);  // removed during the walk: skip it
  }
  lua_pushinteger(L, pos);
  lua_replace(L, lua_upvalueindex(5));
  return 0;
}

// Iterator closure: upvalues 1-2 guard<>'s, 3 the table, 4 the key array, 5 the position.
int pairs_iterator(lua_State* L) {
  const int t = lua_upvalueindex(3);
  const int keys = lua_upvalueindex(4);
  auto pos = static_cast<int>(lua_tointeger(L, lua_upvalueindex(5)));
  const int n = static_cast<int>(lua_objlen(L, keys));
  while (pos < n) {
    ++pos;
    lua_rawgeti(L, keys, pos);  // stack: key
    lua_pushvalue(L, -1);
    lua_rawget(L, t);  // stack: key, value
    if (!lua_isnil(L, -1)) {
      lua_pushinteger(L, pos);
      lua_replace(L, lua_upvalueindex(5));
      return 2;
    }
    lua_pop(L, 2);  // removed during the walk: skip it
  }
  lua_pushinteger(L, pos);
  lua_replace(L, lua_upvalueindex(5));
  return 0;
}

// pairs(t) -> iterator, t, nil. A snapshot of the keys in fixed order (the sort charged).
int l_pairs(lua_State* L) {
  check_table(L, 1);
  lua_settop(L, 1);
  lua_pushnil(L);
  lua_pushnil(L);
  lua_pushvalue(L, 1);
  std::vector<key_entry> keys;
  collect_sorted_keys(L, 1, "pairs", keys);
  const bool array = is_sequence(keys);
  if (array)
    lua_pushinteger(L, static_cast<lua_Integer>(keys.size()));
  else
    push_keys(L, keys);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, array ? guard<array_iterator> : guard<pairs_iterator>, 5);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// next(t, k) in the same fixed order as pairs, linear over a whole walk: next(t, nil) sorts
// the keys once into a snapshot kept for t (a weak table in the registry), and each next(t,
// k) goes on from where the last one left that snapshot. A key the snapshot does not hold
// at the expected place is looked up by a fresh sort (charged like one).
constexpr const char* next_snapshots = "muster.next_snapshots";

// [-0, +1, m] Sorts t's keys (index 1) into a new snapshot, kept in snapshots (index 3).
void push_snapshot(lua_State* L) {
  push_sorted_keys(L, 1, "next");
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -2);
  lua_rawset(L, 3);
}

int l_next(lua_State* L) {
  check_table(L, 1);
  lua_settop(L, 2);                                    // stack: t, k
  lua_getfield(L, LUA_REGISTRYINDEX, next_snapshots);  // stack: t, k, snapshots
  lua_pushvalue(L, 1);
  lua_rawget(L, 3);  // stack: t, k, snapshots, snapshot|nil
  int at = -1;       // where k is in the snapshot (0: before the first key)
  if (lua_isnil(L, 2)) {
    at = 0;
    lua_pop(L, 1);
    push_snapshot(L);  // a walk begins: a fresh snapshot
  } else {
    if (!lua_isnil(L, 4)) {
      lua_getfield(L, 4, "at");
      const auto last = static_cast<int>(lua_tointeger(L, -1));
      lua_pop(L, 1);
      if (last > 0) {
        lua_rawgeti(L, 4, last);
        if (lua_rawequal(L, -1, 2)) at = last;
        lua_pop(L, 1);
      }
    }
    if (at < 0) {  // k is not where the last step left the walk: sort afresh, look it up
      lua_pop(L, 1);
      push_snapshot(L);
      const int n = static_cast<int>(lua_objlen(L, 4));
      for (int i = 1; i <= n && at < 0; ++i) {
        lua_rawgeti(L, 4, i);
        if (lua_rawequal(L, -1, 2)) at = i;
        lua_pop(L, 1);
      }
      charge(L, 1 + static_cast<std::uint64_t>(n) / 4);
      if (at < 0) fail("invalid key to 'next'");
    }
  }
  const int n = static_cast<int>(lua_objlen(L, 4));
  for (int i = at + 1; i <= n; ++i) {
    lua_rawgeti(L, 4, i);  // stack: ..., key
    lua_pushvalue(L, -1);
    lua_rawget(L, 1);  // stack: ..., key, value
    if (!lua_isnil(L, -1)) {
      lua_pushinteger(L, i);
      lua_setfield(L, 4, "at");
      return 2;
    }
    lua_pop(L, 2);  // removed during the walk: skip it
  }
  lua_pushinteger(L, n + 1);
  lua_setfield(L, 4, "at");
  lua_pushnil(L);
  return 1;
}

int l_tostring(lua_State* L) {
  luaL_checkany(L, 1);
  push_safe_tostring(L, 1);
  return 1;
}

// string.format with tables/functions/userdata/threads converted by the safe tostring, so
// "%s" never prints an address, and "%p" (an address, LuaJIT's) refused. Upvalue 1: the
// original string.format.
int l_format(lua_State* L) {
  const int n = lua_gettop(L);
  if (lua_type(L, 1) == LUA_TSTRING) {
    std::size_t len = 0;
    const char* f = lua_tolstring(L, 1, &len);
    for (std::size_t i = 0; i + 1 < len; ++i) {
      if (f[i] != '%') continue;
      std::size_t j = i + 1;
      while (j < len && std::strchr("-+ #0123456789.", f[j]) != nullptr) ++j;
      if (j < len && f[j] == 'p')
        return luaL_error(L, "bad argument #1 to 'format' ('%%p' would show an address: not in the sandbox)");
      i = j;  // past the conversion ("%%" included)
    }
  }
  for (int i = 2; i <= n; ++i) {
    const int type = lua_type(L, i);
    if (type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TUSERDATA ||
        type == LUA_TTHREAD || type == LUA_TLIGHTUSERDATA) {
      push_safe_tostring(L, i);
      lua_replace(L, i);
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, 1);
  return 1;
}

void append_number(std::string& out, double d) {
  if (d == static_cast<double>(static_cast<long long>(d)) && d > -9.007199254740992e15 &&
      d < 9.007199254740992e15)
    out += fmt::format("{}", static_cast<long long>(d));
  else
    out += fmt::format("{:.14g}", d);
}

void append_quoted(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\{}", static_cast<int>(static_cast<unsigned char>(c)));
        else
          out += c;
    }
  }
  out += '"';
}

bool is_identifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
      return false;
  static constexpr std::string_view reserved[] = {
      "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
      "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"};
  return std::find(std::begin(reserved), std::end(reserved), s) == std::end(reserved);
}

// The most text render() writes: a table that shares its parts renders each share again, so
// a few kilobytes of script can ask for more text than any screen holds.
constexpr std::size_t max_render_bytes = std::size_t{64} << 10;

void render_into(lua_State* L, int index, std::string& out, int depth,
                 std::vector<const void*>& open) {
  if (out.size() > max_render_bytes) return;
  index = abs_index(L, index);
  switch (lua_type(L, index)) {
    case LUA_TNIL: out += "nil"; return;
    case LUA_TBOOLEAN: out += lua_toboolean(L, index) ? "true" : "false"; return;
    case LUA_TNUMBER: append_number(out, lua_tonumber(L, index)); return;
    case LUA_TSTRING: {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      append_quoted(out, {s, n});
      return;
    }
    case LUA_TTABLE: break;
    default: {
      push_safe_tostring(L, index);
      std::size_t n = 0;
      const char* s = lua_tolstring(L, -1, &n);
      out += terminal_text({s, n});
      lua_pop(L, 1);
      return;
    }
  }
  if (luaL_getmetafield(L, index, "__tostring")) {
    lua_pop(L, 1);
    push_safe_tostring(L, index);
    std::size_t n = 0;
    const char* s = lua_tolstring(L, -1, &n);
    out += terminal_text({s, n});  // what a script wrote, shown with no terminal controls
    lua_pop(L, 1);
    return;
  }
  const void* self = lua_topointer(L, index);
  if (std::find(open.begin(), open.end(), self) != open.end()) {
    out += "<cycle>";
    return;
  }
  if (depth >= 8) {
    out += "{...}";
    return;
  }
  std::vector<key_entry> keys;
  const char* bad = nullptr;
  if (!sorted_keys(L, index, keys, bad)) {
    out += fmt::format("{{<table with {} keys>}}", bad);
    return;
  }
  open.push_back(self);
  out += '{';
  bool first = true;
  std::size_t next_array = 1;
  for (const key_entry& k : keys) {
    if (out.size() > max_render_bytes) break;
    if (!first) out += ", ";
    first = false;
    if (k.rank == 0 && k.number == static_cast<double>(next_array)) {
      ++next_array;  // array part: no key shown
    } else if (k.rank == 1 && is_identifier(k.text)) {
      out += k.text;
      out += " = ";
    } else {
      out += '[';
      if (k.rank == 0) append_number(out, k.number);
      else if (k.rank == 1) append_quoted(out, k.text);
      else out += k.flag ? "true" : "false";
      out += "] = ";
    }
    push_key(L, k);
    lua_rawget(L, index);
    render_into(L, -1, out, depth + 1, open);
    lua_pop(L, 1);
  }
  out += '}';
  open.pop_back();
}

}  // namespace

void push_safe_tostring(lua_State* L, int index) {
  index = abs_index(L, index);
  if (luaL_getmetafield(L, index, "__tostring")) {
    lua_pop(L, 1);
    const c_nesting nested(L);  // a __tostring that prints or formats its table recurses through C
    luaL_callmeta(L, index, "__tostring");
    if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
    return;
  }
  switch (lua_type(L, index)) {
    case LUA_TNIL: lua_pushliteral(L, "nil"); return;
    case LUA_TBOOLEAN:
      lua_pushstring(L, lua_toboolean(L, index) ? "true" : "false");
      return;
    case LUA_TNUMBER:
    case LUA_TSTRING:
      lua_pushvalue(L, index);
      lua_tostring(L, -1);  // converts the copy in place
      return;
    default: lua_pushstring(L, luaL_typename(L, index)); return;
  }
}

std::string render(lua_State* L, int index) {
  std::string out;
  std::vector<const void*> open;
  render_into(L, index, out, 0, open);
  if (out.size() > max_render_bytes) {
    out.resize(max_render_bytes);
    out += "... (cut: more than 64 KiB)";
  }
  return out;
}

void open_deterministic(lua_State* L, int base_table) {
  base_table = abs_index(L, base_table);
  lua_pushcfunction(L, guard<l_pairs>);
  lua_setfield(L, base_table, "pairs");
  lua_pushcfunction(L, guard<l_next>);
  lua_setfield(L, base_table, "next");
  lua_newtable(L);  // next's snapshots, weak by table
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, next_snapshots);
  lua_pushcfunction(L, l_tostring);
  lua_setfield(L, base_table, "tostring");
  lua_getfield(L, base_table, "string");  // stack: string
  lua_getfield(L, -1, "format");          // stack: string, format
  lua_pushcclosure(L, l_format, 1);
  lua_setfield(L, -2, "format");
  lua_pop(L, 1);
}

}  // namespace muster::lua
