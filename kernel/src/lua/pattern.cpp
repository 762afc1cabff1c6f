// The sandbox's Lua patterns (pattern.hpp): Muster's own matcher for the Lua 5.1 pattern
// language, the semantics LuaJIT's string library has (its messages, its quirks: a pattern
// ends at its first NUL, gmatch has no anchor, a start past the end is clamped), checked
// against LuaJIT's own functions by tests/bind/pattern_test.cpp. Every step of a match is
// charged to the calling script's budgets, which is why Muster has its own.
#include "lua/pattern.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "muster/budget.hpp"

namespace muster::lua {
namespace {

constexpr int max_captures = 32;    // as LuaJIT's LUA_MAXCAPTURES
constexpr int max_nesting = 200;    // nested matching steps before "pattern too complex"
constexpr std::uint32_t charge_every = 1024;  // steps charged to the budgets at a time
constexpr char escape = '%';

// What a capture holds besides a length: still open, or a position capture "()".
constexpr std::ptrdiff_t open_capture = -1;
constexpr std::ptrdiff_t position_capture = -2;

// ASCII classes, the same on every machine whatever the C library's locale.
bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
bool is_alpha(unsigned char c) { return is_lower(c) || is_upper(c); }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool is_cntrl(unsigned char c) { return c < 32 || c == 127; }
bool is_punct(unsigned char c) { return c > 32 && c < 127 && !is_alpha(c) && !is_digit(c); }
bool is_xdigit(unsigned char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Whether c is in class `cl` (the letter after '%'); an upper-case letter is the complement,
// any other character stands for itself.
bool in_class(unsigned char c, unsigned char cl) {
  bool in = false;
  switch (cl | 0x20) {
    case 'a': in = is_alpha(c); break;
    case 'c': in = is_cntrl(c); break;
    case 'd': in = is_digit(c); break;
    case 'l': in = is_lower(c); break;
    case 'p': in = is_punct(c); break;
    case 's': in = is_space(c); break;
    case 'u': in = is_upper(c); break;
    case 'w': in = is_alpha(c) || is_digit(c); break;
    case 'x': in = is_xdigit(c); break;
    case 'z': in = c == 0; break;
    default: return cl == c;
  }
  return is_upper(cl) ? !in : in;
}

// The characters that make a pattern more than a plain string.
bool has_specials(std::string_view p) {
  return p.find_first_of(std::string_view("^$*+?.([%-", 10)) != std::string_view::npos;
}

// One match of a pattern against a subject. Pointers into the subject and the pattern; both
// are Lua strings, so a NUL follows their last byte (the pattern ends at its first NUL, as in
// LuaJIT). Failures of the pattern itself throw muster::error with LuaJIT's message.
class match_state {
 public:
  match_state(lua_State* L, std::string_view subject) : L_(L), begin_(subject.data()), end_(subject.data() + subject.size()) {}

  const char* begin() const { return begin_; }
  const char* end() const { return end_; }
  int captures() const { return level_; }

  // The end of a match of pattern p at s, or nullptr.
  const char* run(const char* s, const char* p) {
    level_ = 0;
    nesting_ = 0;
    return match(s, p);
  }

  // [-0, +1] Pushes capture i of the match [s, e): its text or position, or the whole match
  // when the pattern has no captures and i is 0.
  void push_capture(int i, const char* s, const char* e) {
    if (i >= level_) {
      if (i != 0) fail("invalid capture index");
      lua_pushlstring(L_, s, static_cast<std::size_t>(e - s));
      return;
    }
    const capture& c = capture_[i];
    if (c.length == open_capture) fail("unfinished capture");
    if (c.length == position_capture)
      lua_pushnumber(L_, static_cast<lua_Number>(c.start - begin_ + 1));
    else
      lua_pushlstring(L_, c.start, static_cast<std::size_t>(c.length));
  }

  // [-0, +n] Pushes every capture (the whole match when none, if s is given); returns n.
  int push_captures(const char* s, const char* e) {
    const int n = (level_ == 0 && s) ? 1 : level_;
    if (!lua_checkstack(L_, n + 2)) fail("too many captures");
    for (int i = 0; i < n; ++i) push_capture(i, s, e);
    return n;
  }

  // Charges the steps not yet charged (the rest of a call's work).
  void settle() {
    if (steps_ > 0) charge(L_, steps_);
    steps_ = 0;
  }

 private:
  struct capture {
    const char* start = nullptr;
    std::ptrdiff_t length = 0;
  };

  void step() {
    if (++steps_ >= charge_every) settle();
  }

  // Past the single item at p: an escape and its letter, a set, or one character.
  const char* item_end(const char* p) const {
    const char c = *p++;
    if (c == escape) {
      if (*p == '\0') fail("malformed pattern (ends with '%')");
      return p + 1;
    }
    if (c == '[') {
      if (*p == '^') ++p;
      do {
        if (*p == '\0') fail("malformed pattern (missing ']')");
        const char d = *p++;
        if (d == escape && *p != '\0') ++p;
      } while (*p != ']');
      return p + 1;
    }
    return p;
  }

  // Whether c is in the set [p .. last], p at '[' and last at its ']'.
  static bool in_set(unsigned char c, const char* p, const char* last) {
    bool wanted = true;
    if (p[1] == '^') {
      wanted = false;
      ++p;
    }
    while (++p < last) {
      if (*p == escape) {
        ++p;
        if (in_class(c, static_cast<unsigned char>(*p))) return wanted;
      } else if (p[1] == '-' && p + 2 < last) {
        const auto lo = static_cast<unsigned char>(p[0]), hi = static_cast<unsigned char>(p[2]);
        p += 2;
        if (lo <= c && c <= hi) return wanted;
      } else if (static_cast<unsigned char>(*p) == c) {
        return wanted;
      }
    }
    return !wanted;
  }

  // Whether the subject character at s (there must be one) matches the item [p, ep).
  static bool item_matches(const char* s, const char* p, const char* ep) {
    const auto c = static_cast<unsigned char>(*s);
    switch (*p) {
      case '.': return true;
      case escape: return in_class(c, static_cast<unsigned char>(p[1]));
      case '[': return in_set(c, p, ep - 1);
      default: return static_cast<unsigned char>(*p) == c;
    }
  }
  bool one(const char* s, const char* p, const char* ep) const { return s < end_ && item_matches(s, p, ep); }

  const char* match(const char* s, const char* p) {
    struct nested {
      int& depth;
      explicit nested(int& d) : depth(d) {
        if (++depth > max_nesting) fail("pattern too complex");
      }
      ~nested() { --depth; }
    } guard_depth(nesting_);
    for (;;) {
      step();
      switch (*p) {
        case '\0': return s;
        case '(':
          return p[1] == ')' ? open(s, p + 2, position_capture) : open(s, p + 1, open_capture);
        case ')': return close(s, p + 1);
        case '$':
          if (p[1] == '\0') return s == end_ ? s : nullptr;
          break;  // a '$' elsewhere is a character
        case escape:
          if (p[1] == 'b') {
            s = balanced(s, p + 2);
            if (!s) return nullptr;
            p += 4;
            continue;
          }
          if (p[1] == 'f') {
            p += 2;
            if (*p != '[') fail("missing '[' after '%f' in pattern");
            const char* ep = item_end(p);
            const auto before = static_cast<unsigned char>(s == begin_ ? '\0' : s[-1]);
            const auto here = static_cast<unsigned char>(*s);  // the NUL after the subject at its end
            if (in_set(before, p, ep - 1) || !in_set(here, p, ep - 1)) return nullptr;
            p = ep;
            continue;
          }
          if (is_digit(static_cast<unsigned char>(p[1]))) {
            s = same_as_capture(s, static_cast<unsigned char>(p[1]));
            if (!s) return nullptr;
            p += 2;
            continue;
          }
          break;
        default: break;
      }
      // A single item, perhaps with a quantifier.
      const char* ep = item_end(p);
      const bool m = one(s, p, ep);
      switch (*ep) {
        case '?': {
          if (m) {
            if (const char* r = match(s + 1, ep + 1)) return r;
          }
          p = ep + 1;
          continue;
        }
        case '*': return longest(s, p, ep);
        case '+': return m ? longest(s + 1, p, ep) : nullptr;
        case '-': return shortest(s, p, ep);
        default:
          if (!m) return nullptr;
          ++s;
          p = ep;
          continue;
      }
    }
  }

  // As many repetitions of [p, ep) from s as match, then fewer until the rest matches.
  const char* longest(const char* s, const char* p, const char* ep) {
    std::ptrdiff_t n = 0;
    while (one(s + n, p, ep)) {
      ++n;
      step();
    }
    for (; n >= 0; --n)
      if (const char* r = match(s + n, ep + 1)) return r;
    return nullptr;
  }

  // As few repetitions of [p, ep) from s as let the rest match.
  const char* shortest(const char* s, const char* p, const char* ep) {
    for (;;) {
      if (const char* r = match(s, ep + 1)) return r;
      if (!one(s, p, ep)) return nullptr;
      ++s;
      step();
    }
  }

  const char* open(const char* s, const char* p, std::ptrdiff_t what) {
    if (level_ >= max_captures) fail("too many captures");
    capture_[level_] = capture{s, what};
    ++level_;
    const char* r = match(s, p);
    if (!r) --level_;
    return r;
  }

  const char* close(const char* s, const char* p) {
    int i = level_ - 1;
    while (i >= 0 && capture_[i].length != open_capture) --i;
    if (i < 0) fail("invalid pattern capture");
    capture_[i].length = s - capture_[i].start;
    const char* r = match(s, p);
    if (!r) capture_[i].length = open_capture;
    return r;
  }

  const char* balanced(const char* s, const char* p) {
    if (p[0] == '\0' || p[1] == '\0') fail("unbalanced pattern");
    if (s >= end_ || *s != p[0]) return nullptr;
    int depth = 1;
    while (++s < end_) {
      step();
      if (*s == p[1]) {
        if (--depth == 0) return s + 1;
      } else if (*s == p[0]) {
        ++depth;
      }
    }
    return nullptr;
  }

  const char* same_as_capture(const char* s, unsigned char digit) {
    const int i = digit - '1';
    if (i < 0 || i >= level_ || capture_[i].length == open_capture) fail("invalid capture index");
    const auto n = static_cast<std::size_t>(capture_[i].length);
    if (static_cast<std::size_t>(end_ - s) >= n && std::memcmp(capture_[i].start, s, n) == 0) return s + n;
    return nullptr;
  }

  lua_State* L_;
  const char* begin_;
  const char* end_;
  int level_ = 0;
  int nesting_ = 0;
  std::uint32_t steps_ = 0;
  capture capture_[max_captures];
};

// Where a search starts, 0-based, from the 1-based `init` (negative: from the end), clamped
// to the subject as LuaJIT does.
std::size_t start_of(lua_State* L, int arg, std::size_t length) {
  double init = 1;
  if (!lua_isnoneornil(L, arg)) {
    if (lua_type(L, arg) != LUA_TNUMBER && !lua_isnumber(L, arg))
      throw arg_error(arg, fmt::format("number expected, got {}", luaL_typename(L, arg)));
    init = lua_tonumber(L, arg);
  }
  auto start = static_cast<std::int64_t>(init);
  if (start < 0) start += static_cast<std::int64_t>(length);
  else if (start > 0) --start;
  if (start < 0) start = 0;
  return std::min(static_cast<std::size_t>(start), length);
}

std::string_view subject_arg(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING && lua_type(L, arg) != LUA_TNUMBER)
    throw arg_error(arg, fmt::format("string expected, got {}", luaL_typename(L, arg)));
  std::size_t n = 0;
  const char* s = lua_tolstring(L, arg, &n);  // converts a number in place, as LuaJIT does
  return {s, n};
}

// string.find (find) and string.match (not find).
int find_or_match(lua_State* L, bool find) {
  const std::string_view s = subject_arg(L, 1);
  const std::string_view p = subject_arg(L, 2);
  const std::size_t start = start_of(L, 3, s.size());
  if (find && (lua_toboolean(L, 4) || !has_specials(p))) {
    charge(L, 1 + (s.size() - start) / 16);
    const auto at = s.find(p, start);
    if (at == std::string_view::npos) {
      lua_pushnil(L);
      return 1;
    }
    lua_pushnumber(L, static_cast<lua_Number>(at + 1));
    lua_pushnumber(L, static_cast<lua_Number>(at + p.size()));
    return 2;
  }
  match_state ms(L, s);
  const char* pat = p.data();
  const bool anchored = *pat == '^';
  if (anchored) ++pat;
  const char* from = s.data() + start;
  do {
    if (const char* e = ms.run(from, pat)) {
      ms.settle();
      if (find) {
        lua_pushnumber(L, static_cast<lua_Number>(from - s.data() + 1));
        lua_pushnumber(L, static_cast<lua_Number>(e - s.data()));
        return ms.push_captures(nullptr, nullptr) + 2;
      }
      return ms.push_captures(from, e);
    }
  } while (from++ < ms.end() && !anchored);
  ms.settle();
  lua_pushnil(L);
  return 1;
}

// string.find(s, pattern, init?, plain?) -> start, end, captures... | nil
int l_find(lua_State* L) { return find_or_match(L, true); }
// string.match(s, pattern, init?) -> captures... | nil
int l_match(lua_State* L) { return find_or_match(L, false); }

// The iterator string.gmatch returns. Upvalues 3-5: the subject, the pattern, the position
// (1 and 2 are guard<>'s).
int l_gmatch_next(lua_State* L) {
  std::size_t ls = 0, lp = 0;
  const char* s = lua_tolstring(L, lua_upvalueindex(3), &ls);
  const char* p = lua_tolstring(L, lua_upvalueindex(4), &lp);
  const auto pos = static_cast<std::size_t>(lua_tonumber(L, lua_upvalueindex(5)));
  match_state ms(L, std::string_view(s, ls));
  for (const char* from = s + pos; from <= ms.end(); ++from) {
    if (const char* e = ms.run(from, p)) {
      ms.settle();
      std::size_t next = static_cast<std::size_t>(e - s);
      if (e == from) ++next;  // an empty match: go on from the next character
      lua_pushnumber(L, static_cast<lua_Number>(next));
      lua_replace(L, lua_upvalueindex(5));
      return ms.push_captures(from, e);
    }
  }
  ms.settle();
  return 0;
}

// string.gmatch(s, pattern) -> iterator over the captures of each match
int l_gmatch(lua_State* L) {
  subject_arg(L, 1);
  subject_arg(L, 2);
  // The iterator's upvalues: guard<>'s two slots (no service, no name), then its own.
  lua_pushnil(L);
  lua_pushnil(L);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_pushnumber(L, 0);
  lua_pushcclosure(L, guard<l_gmatch_next>, 5);
  return 1;
}

// Appends what replaces the match [s, e) to `out` (gsub's third argument at index 3).
// gsub's result as it is built: before it grows, the bytes it will hold are counted against
// the memory budget (held_bytes throws, and nothing is allocated, when they do not fit), so it
// never holds more than the budget allows.
class metered_buffer {
 public:
  explicit metered_buffer(lua_State* L) : held_(L) {}
  void push(char c) {
    make_room(1);
    text_ += c;
  }
  void append(const char* p, std::size_t n) {
    make_room(n);
    text_.append(p, n);
  }
  const char* data() const noexcept { return text_.data(); }
  std::size_t size() const noexcept { return text_.size(); }

 private:
  void make_room(std::size_t n) {
    const std::size_t need = text_.size() + n;
    if (need <= text_.capacity()) return;
    const std::size_t room = std::max(need, 2 * text_.capacity());
    held_.update(room);
    text_.reserve(room);
  }
  std::string text_;
  held_bytes held_;
};

void replace(lua_State* L, match_state& ms, metered_buffer& out, const char* s, const char* e) {
  const int kind = lua_type(L, 3);
  if (kind == LUA_TSTRING || kind == LUA_TNUMBER) {
    std::size_t n = 0;
    const char* r = lua_tolstring(L, 3, &n);
    for (std::size_t i = 0; i < n; ++i) {
      if (r[i] != escape) {
        out.push(r[i]);
        continue;
      }
      ++i;  // a '%' at the very end takes the NUL after it, as in LuaJIT
      const auto c = static_cast<unsigned char>(r[i]);
      if (!is_digit(c)) {
        out.push(static_cast<char>(c));
      } else if (c == '0') {
        out.append(s, static_cast<std::size_t>(e - s));
      } else {
        ms.push_capture(c - '1', s, e);
        std::size_t m = 0;
        const char* v = lua_tolstring(L, -1, &m);
        out.append(v, m);
        lua_pop(L, 1);
      }
    }
    return;
  }
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    const int n = ms.push_captures(s, e);
    call(L, n, 1);  // the runtime's protected call: budgets, and a limit on nesting
  } else {
    ms.push_capture(0, s, e);
    lua_gettable(L, 3);
  }
  if (!lua_toboolean(L, -1)) {
    out.append(s, static_cast<std::size_t>(e - s));  // nil or false: the match stays
  } else if (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER) {
    std::size_t m = 0;
    const char* v = lua_tolstring(L, -1, &m);
    out.append(v, m);
  } else {
    fail("invalid replacement value (a {})", luaL_typename(L, -1));
  }
  lua_pop(L, 1);
}

// string.gsub(s, pattern, replacement, n?) -> result, count
int l_gsub(lua_State* L) {
  const std::string_view subject = subject_arg(L, 1);
  const std::string_view pattern = subject_arg(L, 2);
  const int kind = lua_type(L, 3);
  if (kind != LUA_TNUMBER && kind != LUA_TSTRING && kind != LUA_TFUNCTION && kind != LUA_TTABLE)
    throw arg_error(3, "string/function/table expected");
  double most = static_cast<double>(subject.size() + 1);
  if (!lua_isnoneornil(L, 4)) most = lua_tonumber(L, 4);
  const char* p = pattern.data();
  const bool anchored = *p == '^';
  if (anchored) ++p;
  match_state ms(L, subject);
  metered_buffer out(L);  // what it holds counts against the memory budget
  const char* s = subject.data();
  double n = 0;
  while (n < most) {
    const char* e = ms.run(s, p);
    if (e) {
      ++n;
      replace(L, ms, out, s, e);
    }
    if (e && e > s) {
      s = e;
    } else if (s < ms.end()) {
      out.push(*s++);
    } else {
      break;
    }
    if (anchored) break;
  }
  out.append(s, static_cast<std::size_t>(ms.end() - s));
  ms.settle();
  charge(L, 1 + out.size() / 16);
  lua_pushlstring(L, out.data(), out.size());
  lua_pushnumber(L, n);
  return 2;
}

}  // namespace

void open_patterns(lua_State* L, int string_table) {
  string_table = abs_index(L, string_table);
  static constexpr std::pair<const char*, lua_CFunction> functions[] = {
      {"find", guard<l_find>}, {"match", guard<l_match>}, {"gmatch", guard<l_gmatch>}, {"gsub", guard<l_gsub>}};
  for (const auto& [name, fn] : functions) {
    lua_pushcfunction(L, fn);
    lua_setfield(L, string_table, name);
  }
}

}  // namespace muster::lua
