// Reading and writing plain values on the Lua stack: one check_<type>/push_<type> pair per
// value type. check_* throw lua::arg_error (positional) or muster::error (a named field), so
// they must only be called inside a guard<>-wrapped binding. Allocate nothing before checks.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "lua/guard.hpp"

namespace muster::lua {

/// The Lua type name of the value at index, e.g. "string", "nil".
inline const char* type_name(lua_State* L, int index) {
  return lua_typename(L, lua_type(L, index));
}

/// A number as messages show it: "nan", "inf", "-inf" for the ones that are not finite.
inline std::string shown_number(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  return fmt::format("{}", d);
}

/// [-0, +0, -] Returns the number at arg; throws arg_error naming the type otherwise, or a
/// value that is not finite (NaN, inf): no service takes one.
inline double check_number(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TNUMBER)
    throw arg_error(arg, fmt::format("number expected, got {}", type_name(L, arg)));
  const double d = lua_tonumber(L, arg);
  if (!std::isfinite(d)) throw arg_error(arg, fmt::format("finite number expected, got {}", shown_number(d)));
  return d;
}

/// Whether d lies inside int64's range, where a cast to it is defined (NaN does not).
inline bool in_int64_range(double d) { return d >= -0x1p63 && d < 0x1p63; }

/// [-0, +0, -] Returns the integer at arg; a non-integral number is an error.
inline std::int64_t check_integer(lua_State* L, int arg) {
  const double d = check_number(L, arg);
  if (!in_int64_range(d)) throw arg_error(arg, fmt::format("integer expected, got {}", d));
  const auto i = static_cast<std::int64_t>(d);
  if (static_cast<double>(i) != d)
    throw arg_error(arg, fmt::format("integer expected, got {}", d));
  return i;
}

/// [-0, +0, -] Returns the string at arg (numbers are not converted). A NUL byte in it is an
/// error: what the kernel reads as text (an expression, a label, a name) is the whole of what
/// the script passed, never a prefix of it.
inline std::string_view check_string(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING)
    throw arg_error(arg, fmt::format("string expected, got {}", type_name(L, arg)));
  std::size_t n = 0;
  const char* s = lua_tolstring(L, arg, &n);
  const std::string_view text(s, n);
  if (const auto at = text.find('\0'); at != std::string_view::npos)
    throw arg_error(arg, fmt::format("a NUL byte in the string, at byte {}", at + 1));
  return text;
}

/// [-0, +0, -] The string at index (no conversion), whole; `what` names it in the error a NUL
/// byte in it raises (muster::error).
inline std::string text_at(lua_State* L, int index, std::string_view what) {
  std::size_t n = 0;
  const char* s = lua_tolstring(L, index, &n);
  std::string text(s ? s : "", s ? n : 0);
  if (const auto at = text.find('\0'); at != std::string::npos)
    fail("{}: a NUL byte in the string, at byte {}", what, at + 1);
  return text;
}

/// [-0, +0, -] Returns the boolean at arg.
inline bool check_boolean(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TBOOLEAN)
    throw arg_error(arg, fmt::format("boolean expected, got {}", type_name(L, arg)));
  return lua_toboolean(L, arg) != 0;
}

/// [-0, +0, -] Checks that arg is a table.
inline void check_table(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TTABLE)
    throw arg_error(arg, fmt::format("table expected, got {}", type_name(L, arg)));
}

/// Reads table fields by name; errors name the field ("field 'facing': number expected").
/// The table stays at its absolute index; every getter leaves the stack as it found it.
class field_reader {
 public:
  field_reader(lua_State* L, int index, std::string path = {})
      : L_(L), index_(abs_index(L, index)), path_(std::move(path)) {}

  /// The dotted name of field `key` for messages, e.g. "unit.base.width".
  std::string name(std::string_view key) const {
    return path_.empty() ? std::string(key) : fmt::format("{}.{}", path_, key);
  }

  bool has(const char* key) const {
    lua_getfield(L_, index_, key);
    const bool present = !lua_isnil(L_, -1);
    lua_pop(L_, 1);
    return present;
  }

  std::optional<double> opt_number(const char* key) const {
    lua_getfield(L_, index_, key);
    std::optional<double> out;
    if (!lua_isnil(L_, -1)) {
      if (lua_type(L_, -1) != LUA_TNUMBER) bad(key, "number");
      out = lua_tonumber(L_, -1);
      if (!std::isfinite(*out)) {
        lua_pop(L_, 1);
        fail("field '{}': finite number expected, got {}", name(key), shown_number(*out));
      }
    }
    lua_pop(L_, 1);
    return out;
  }
  double number(const char* key) const { return required(opt_number(key), key, "number"); }
  double number(const char* key, double fallback) const {
    return opt_number(key).value_or(fallback);
  }

  std::optional<std::int64_t> opt_integer(const char* key) const {
    const auto d = opt_number(key);
    if (!d) return std::nullopt;
    if (!in_int64_range(*d)) fail("field '{}': integer expected, got {}", name(key), *d);
    const auto i = static_cast<std::int64_t>(*d);
    if (static_cast<double>(i) != *d)
      fail("field '{}': integer expected, got {}", name(key), *d);
    return i;
  }
  std::int64_t integer(const char* key) const {
    return required(opt_integer(key), key, "integer");
  }
  std::int64_t integer(const char* key, std::int64_t fallback) const {
    return opt_integer(key).value_or(fallback);
  }

  std::optional<std::string> opt_string(const char* key) const {
    lua_getfield(L_, index_, key);
    std::optional<std::string> out;
    if (!lua_isnil(L_, -1)) {
      if (lua_type(L_, -1) != LUA_TSTRING) bad(key, "string");
      std::size_t n = 0;
      const char* s = lua_tolstring(L_, -1, &n);
      out.emplace(s, n);
      if (const auto at = out->find('\0'); at != std::string::npos) {
        lua_pop(L_, 1);
        fail("field '{}': a NUL byte in the string, at byte {}", name(key), at + 1);
      }
    }
    lua_pop(L_, 1);
    return out;
  }
  std::string string(const char* key) const { return required(opt_string(key), key, "string"); }
  std::string string(const char* key, std::string fallback) const {
    auto s = opt_string(key);
    return s ? std::move(*s) : std::move(fallback);
  }

  std::optional<bool> opt_boolean(const char* key) const {
    lua_getfield(L_, index_, key);
    std::optional<bool> out;
    if (!lua_isnil(L_, -1)) {
      if (lua_type(L_, -1) != LUA_TBOOLEAN) bad(key, "boolean");
      out = lua_toboolean(L_, -1) != 0;
    }
    lua_pop(L_, 1);
    return out;
  }
  bool boolean(const char* key, bool fallback) const {
    return opt_boolean(key).value_or(fallback);
  }

  /// [-0, +1, -] Pushes field `key` if it is a table and returns true; pushes nothing and
  /// returns false when absent; throws when present but not a table.
  bool push_table(const char* key) const {
    lua_getfield(L_, index_, key);
    if (lua_isnil(L_, -1)) {
      lua_pop(L_, 1);
      return false;
    }
    if (lua_type(L_, -1) != LUA_TTABLE) {
      const std::string got = type_name(L_, -1);
      lua_pop(L_, 1);
      fail("field '{}': table expected, got {}", name(key), got);
    }
    return true;
  }

  lua_State* state() const { return L_; }
  int index() const { return index_; }

 private:
  template <typename T>
  T required(std::optional<T> v, const char* key, const char* type) const {
    if (!v) fail("field '{}': {} expected, got nil", name(key), type);
    return std::move(*v);
  }
  [[noreturn]] void bad(const char* key, const char* type) const {
    const std::string got = type_name(L_, -1);
    lua_pop(L_, 1);
    fail("field '{}': {} expected, got {}", name(key), type, got);
  }

  lua_State* L_;
  int index_;
  std::string path_;
};

/// [-0, +1, m] Pushes a string.
inline void push_string(lua_State* L, std::string_view s) { lua_pushlstring(L, s.data(), s.size()); }

/// [-0, +0, m] Sets t[key] = value on the table at index.
inline void set_field(lua_State* L, int index, const char* key, double value) {
  index = abs_index(L, index);
  lua_pushnumber(L, value);
  lua_setfield(L, index, key);
}
inline void set_field(lua_State* L, int index, const char* key, std::string_view value) {
  index = abs_index(L, index);
  push_string(L, value);
  lua_setfield(L, index, key);
}
inline void set_field_bool(lua_State* L, int index, const char* key, bool value) {
  index = abs_index(L, index);
  lua_pushboolean(L, value ? 1 : 0);
  lua_setfield(L, index, key);
}

}  // namespace muster::lua
