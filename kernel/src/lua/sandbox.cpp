// Deterministic replacements for pairs/next/tostring/string.format inside the sandbox, and
// the rendering of Lua values as text. These are sandbox primitives, not service bindings:
// they raise Lua errors with luaL_error before any C++ object that needs destruction exists.
#include "lua/sandbox.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

#include "lua/guard.hpp"

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
  std::sort(keys.begin(), keys.end(), key_less);
  return true;
}

constexpr const char* unordered_key_message =
    "%s: a key of type '%s' has no reproducible order; key the table by numbers or strings, "
    "or keep the values in an array";

// Iterator closure: upvalues (table, key array, position).
int pairs_iterator(lua_State* L) {
  const int t = lua_upvalueindex(1);
  const int keys = lua_upvalueindex(2);
  auto pos = static_cast<int>(lua_tointeger(L, lua_upvalueindex(3)));
  const int n = static_cast<int>(lua_objlen(L, keys));
  while (pos < n) {
    ++pos;
    lua_rawgeti(L, keys, pos);  // stack: key
    lua_pushvalue(L, -1);
    lua_rawget(L, t);  // stack: key, value
    if (!lua_isnil(L, -1)) {
      lua_pushinteger(L, pos);
      lua_replace(L, lua_upvalueindex(3));
      return 2;
    }
    lua_pop(L, 2);  // removed during the walk: skip it
  }
  lua_pushinteger(L, pos);
  lua_replace(L, lua_upvalueindex(3));
  return 0;
}

// pairs(t) -> iterator, t, nil. Snapshot of the keys in fixed order.
int l_pairs(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  std::vector<key_entry> keys;
  const char* bad = nullptr;
  if (!sorted_keys(L, 1, keys, bad)) {
    keys = {};
    return luaL_error(L, unordered_key_message, "pairs", bad);
  }
  lua_pushvalue(L, 1);
  lua_createtable(L, static_cast<int>(keys.size()), 0);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    push_key(L, keys[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, pairs_iterator, 3);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// next(t, k) in the same fixed order as pairs. O(n log n) a call: use pairs for walks.
int l_next(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  std::vector<key_entry> keys;
  const char* bad = nullptr;
  if (!sorted_keys(L, 1, keys, bad)) {
    keys = {};
    return luaL_error(L, unordered_key_message, "next", bad);
  }
  std::size_t at = 0;
  if (!lua_isnil(L, 2)) {
    key_entry k;
    auto it = keys.end();
    if (read_key(L, 2, k)) it = std::lower_bound(keys.begin(), keys.end(), k, key_less);
    if (it == keys.end() || key_less(k, *it)) {
      keys = {};
      return luaL_error(L, "invalid key to 'next'");
    }
    at = static_cast<std::size_t>(it - keys.begin()) + 1;
  }
  if (at >= keys.size()) {
    lua_pushnil(L);
    return 1;
  }
  const key_entry found = keys[at];
  push_key(L, found);
  lua_pushvalue(L, -1);
  lua_rawget(L, 1);
  return 2;
}

int l_tostring(lua_State* L) {
  luaL_checkany(L, 1);
  push_safe_tostring(L, 1);
  return 1;
}

// string.format with tables/functions/userdata/threads converted by the safe tostring, so
// "%s" never prints an address. Upvalue 1: the original string.format.
int l_format(lua_State* L) {
  const int n = lua_gettop(L);
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

void render_into(lua_State* L, int index, std::string& out, int depth,
                 std::vector<const void*>& open) {
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
      out += lua_tostring(L, -1);
      lua_pop(L, 1);
      return;
    }
  }
  if (luaL_getmetafield(L, index, "__tostring")) {
    lua_pop(L, 1);
    push_safe_tostring(L, index);
    out += lua_tostring(L, -1);
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
  if (luaL_callmeta(L, index, "__tostring")) {
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
  return out;
}

void open_deterministic(lua_State* L, int base_table) {
  base_table = abs_index(L, base_table);
  lua_pushcfunction(L, l_pairs);
  lua_setfield(L, base_table, "pairs");
  lua_pushcfunction(L, l_next);
  lua_setfield(L, base_table, "next");
  lua_pushcfunction(L, l_tostring);
  lua_setfield(L, base_table, "tostring");
  lua_getfield(L, base_table, "string");  // stack: string
  lua_getfield(L, -1, "format");          // stack: string, format
  lua_pushcclosure(L, l_format, 1);
  lua_setfield(L, -2, "format");
  lua_pop(L, 1);
}

}  // namespace muster::lua
