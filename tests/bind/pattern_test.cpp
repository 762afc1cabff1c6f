// The sandbox's string.find, match, gmatch and gsub (Muster's own matcher, every step charged
// to the budgets: kernel/src/lua/pattern.cpp) against LuaJIT's: thousands of generated
// subjects and patterns, malformed ones included, must give the same results and the same
// errors in a runtime as in a plain LuaJIT state. Then what the budgets do with a pattern
// that backtracks for ever.
#include <gtest/gtest.h>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

#include <cstdint>
#include <string>
#include <vector>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

// The same Lua in both states: each call's results (or its error without the location
// LuaJIT and the sandbox put in front of it) as one line.
const char* const harness = R"(
local function ser(...)
  local n = select('#', ...)
  local out = {}
  for i = 1, n do
    local v = select(i, ...)
    out[i] = type(v) == 'string' and string.format('%q', v) or tostring(v)
  end
  return n .. ':' .. table.concat(out, ',')
end
local function try(f, ...)
  local r = { pcall(f, ...) }
  if not r[1] then return 'error: ' .. tostring(r[2]):gsub('^[^:]*:%d+: ', '') end
  return ser(unpack(r, 2, table.maxn(r)))
end
function check_case(s, p, init)
  local out = {}
  out[#out + 1] = try(string.find, s, p, init)
  out[#out + 1] = try(string.find, s, p, init, true)
  out[#out + 1] = try(string.match, s, p, init)
  out[#out + 1] = try(function()
    local all, n = {}, 0
    for a, b in string.gmatch(s, p) do
      n = n + 1
      all[#all + 1] = ser(a, b)
      if n == 20 then break end
    end
    return table.concat(all, ';')
  end)
  out[#out + 1] = try(string.gsub, s, p, '<%0|%1>')
  out[#out + 1] = try(string.gsub, s, p, '%%', 2)
  out[#out + 1] = try(string.gsub, s, p, { a = 'A', [''] = false, ['()'] = 7 })
  out[#out + 1] = try(string.gsub, s, p, function(...) return select('#', ...) .. (...) end)
  return table.concat(out, '\n')
end
)";

// A generator of subjects and patterns (fixed seed): pieces of the pattern language, the
// malformed ones included.
struct cases {
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  std::uint32_t next(std::uint32_t n) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return static_cast<std::uint32_t>(state % n);
  }
  std::string subject() {
    static const char alphabet[] = {'a', 'b', 'a', ' ', '(', ')', '1', '_', 'x', '-', '\0', '%', 'B', '.'};
    std::string s;
    const std::uint32_t n = next(12);
    for (std::uint32_t i = 0; i < n; ++i) s += alphabet[next(sizeof alphabet)];
    return s;
  }
  std::string pattern() {
    static const char* const items[] = {"a", "b", ".", "%a", "%d", "%s", "%w", "%p", "%x", "%A", "%S", "%z",
                                        "[ab]", "[^a]", "[a-c]", "[%a_]", "[%]]", "[]a]", "%(", "%%", "x",
                                        " ", "%.", "%b()", "%f[%w]", "%f[%W]"};
    static const char* const quantifiers[] = {"", "", "", "*", "+", "-", "?"};
    static const char* const odd[] = {"%", "[a", "(", ")", "%1", "%2", "()", "%b", "%f", "%fa", "$", "^"};
    std::string p;
    if (next(4) == 0) p += "^";
    const std::uint32_t n = 1 + next(4);
    int open = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t r = next(20);
      if (r == 0) {
        p += "(";
        ++open;
      } else if (r == 1 && open > 0) {
        p += ")";
        --open;
      } else if (r == 2) {
        p += "()";
      } else if (r == 3) {
        p += odd[next(sizeof odd / sizeof *odd)];
      } else if (r == 4 && open == 0) {
        p += "%1";
      } else {
        p += items[next(sizeof items / sizeof *items)];
        p += quantifiers[next(sizeof quantifiers / sizeof *quantifiers)];
      }
    }
    while (open-- > 0 && next(3) != 0) p += ")";
    if (next(5) == 0) p += "$";
    return p;
  }
};

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\0') {
      out += "\\0";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

struct reference {
  lua_State* L = luaL_newstate();
  reference() {
    luaL_openlibs(L);
    if (luaL_dostring(L, harness) != 0) ADD_FAILURE() << lua_tostring(L, -1);
  }
  ~reference() { lua_close(L); }
  std::string run(const std::string& code) {
    if (luaL_dostring(L, ("return " + code).c_str()) != 0) return std::string("host error: ") + lua_tostring(L, -1);
    std::size_t n = 0;
    const char* s = lua_tolstring(L, -1, &n);
    std::string out(s, n);
    lua_pop(L, 1);
    return out;
  }
};

TEST(patterns, the_sandbox_matches_as_luajit_does) {
  muster::kernel k;
  muster::runtime rt(k);
  rt.run(harness, "harness");
  reference ref;
  cases gen;
  static const char* const inits[] = {"nil", "1", "2", "-1", "-3", "0", "100"};
  // Hand-picked cases first: every construct and every error message, then generated ones.
  static const char* const fixed[][2] = {
      {"f(a(b)c)d", "%b()"}, {"THE (quick) fox", "%f[%a]%a+"}, {"hello world", "(o)(.-)%1"},
      {"key = value", "^(%w+)%s*=%s*(%w+)$"}, {"aaa", "()a()"}, {"abc", "[]"}, {"abc", "[^]"},
      {"abc", "%"}, {"abc", "(a"}, {"abc", "a)"}, {"abc", "%1"}, {"abc", "(a)%2"}, {"abc", "%b"},
      {"abc", "%f"}, {"abc", "%fa"}, {"a.b", "%."}, {"a+b", "a+b"}, {"x$", "x$y"}, {"^x", "^^x"},
      {"", ""}, {"", ".*"}, {"abc", ""}, {"a\0b", "%z"}, {"one two  three", "%s+"},
      {"(((((((((((((((((((((((((((((((((a", "((((((((((((((((((((((((((((((((((a"}};
  int compared = 0, matched = 0;
  for (int i = 0; i < 20000; ++i) {
    const bool hand = i < static_cast<int>(sizeof fixed / sizeof *fixed);
    const std::string s = hand ? fixed[i][0] : gen.subject(), p = hand ? fixed[i][1] : gen.pattern();
    const std::string code = "check_case(" + quoted(s) + ", " + quoted(p) + ", " + inits[gen.next(7)] + ")";
    const std::string want = ref.run(code);
    std::string got = rt.eval(code);
    // eval renders the returned string quoted, with its newlines escaped: undo that.
    got = got.substr(1, got.size() - 2);
    std::string unescaped;
    for (std::size_t j = 0; j < got.size(); ++j) {
      if (got[j] == '\\' && j + 1 < got.size()) {
        const char c = got[++j];
        unescaped += c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
        if (c >= '0' && c <= '9') {  // "\\ddd"
          std::string digits(1, c);
          while (j + 1 < got.size() && digits.size() < 3 && got[j + 1] >= '0' && got[j + 1] <= '9') digits += got[++j];
          unescaped.back() = static_cast<char>(std::stoi(digits));
        }
      } else {
        unescaped += got[j];
      }
    }
    ++compared;
    if (unescaped == want) ++matched;
    else ADD_FAILURE() << "subject " << quoted(s) << ", pattern " << quoted(p) << "\nLuaJIT:\n" << want << "\nsandbox:\n" << unescaped;
    if (compared - matched > 5) break;
  }
  EXPECT_EQ(matched, compared);
  EXPECT_GE(compared, 3000);
}

// A pattern that backtracks for ever is one long step of C to LuaJIT; here each step counts.
TEST(patterns, a_pattern_that_backtracks_is_stopped_by_the_budgets) {
  muster::kernel k;
  muster::runtime_options o;
  o.instruction_budget = 20'000'000;
  muster::runtime counted(k, o);
  try {
    counted.run("local s = string.rep('a', 5000)\nlocal i = s:find('.-.-.-.-b')", "hostile");
    FAIL() << "no budget stopped it";
  } catch (const muster::script_error& e) {
    EXPECT_EQ(e.kind(), muster::script_failure::instruction_budget);
    EXPECT_EQ(std::string(e.what()), "hostile:2: instruction budget exhausted (20000000 instructions)");
  }
  muster::kernel k2;
  muster::runtime_options f;
  f.mode = muster::execution::fast;
  f.time_budget = std::chrono::milliseconds(200);
  muster::runtime fast(k2, f);
  try {
    fast.run("local s = string.rep('a', 5000)\nfor a in s:gmatch('.-.-.-.-b') do end", "hostile");
    FAIL() << "no budget stopped it";
  } catch (const muster::script_error& e) {
    EXPECT_EQ(e.kind(), muster::script_failure::time_budget);
    EXPECT_EQ(std::string(e.what()), "hostile:2: time budget exhausted (200 ms)");
  }
  // A gsub replacement that calls gsub again ends with an error, not a crash.
  EXPECT_NE(fast.eval("select(2, pcall(function() local function f(s) return (s:gsub('.', f)) end "
                      "return f(string.rep('x', 300)) end))")
                .find("too many nested calls between Lua and C functions"),
            std::string::npos);
}

}  // namespace
