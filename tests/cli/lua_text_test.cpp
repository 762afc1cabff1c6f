// Text between the command line and Lua (repl/lua_text.hpp): a string written into Lua source
// comes back exactly, whatever brackets it holds or ends with; the runtime's rendering of a
// string reads back into the string.
#include <gtest/gtest.h>

#include <string>

#include "battle.hpp"
#include "lua_text.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

std::string round_trip(const std::string& s) {
  muster::kernel k;
  muster::runtime rt(k);
  return muster::cli::unquote(rt.eval("return " + muster::cli::lua_literal(s), "test"));
}

}  // namespace

TEST(lua_text, a_literal_holds_its_text_exactly) {
  for (const std::string s : {"plain", "x]", "x]=", "a]]b", "a]=]b]==]", "]", "", "line\nnext", "\"quoted\" \\ back"}) {
    EXPECT_EQ(round_trip(s), s) << s;
  }
}

TEST(lua_text, unquote_reads_the_runtime_rendering) {
  EXPECT_EQ(muster::cli::unquote("\"a\\nb\\t\\\"c\\\"\""), "a\nb\t\"c\"");
  EXPECT_EQ(muster::cli::unquote("42"), "42");
}

// A text longer than an evaluation renders (64 KiB) comes back whole, whatever bytes it holds
// (escapes render up to four times longer), and nothing is left in the session.
TEST(lua_text, a_long_text_comes_back_whole) {
  muster::kernel k;
  muster::runtime rt(k);
  rt.run("long = {} for i = 1, 30000 do long[i] = string.char(i % 256) .. '<svg/>\\n' end long = table.concat(long)", "t");
  const std::string text = muster::cli::eval_long(rt, "long");
  std::string want;
  for (int i = 1; i <= 30000; ++i) want += std::string(1, static_cast<char>(i % 256)) + "<svg/>\n";
  EXPECT_EQ(text.size(), want.size());
  EXPECT_TRUE(text == want);
  EXPECT_EQ(rt.eval("muster_host_text", "t"), "nil");
  EXPECT_EQ(muster::cli::eval_long(rt, "''"), "");
}
