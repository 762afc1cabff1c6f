// muster.data through the runtime: copy makes a deep copy (nested tables new, values equal,
// metatables left behind, array length kept), leaves non-tables as they are, refuses a table
// that holds itself, and costs instructions in counted mode like the Lua walk it replaces;
// unknown_key finds the first key a set does not know, in pairs' order.
#include <gtest/gtest.h>

#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

std::string error_of(muster::runtime& rt, const std::string& code) {
  try {
    rt.run(code, "eval");
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

TEST(data, copy_is_deep_and_equal) {
  muster::kernel k;
  muster::runtime rt(k);
  rt.run("t = {1, 2, {3, {4}}, name = 'x', nested = {a = {b = true}}, [2.5] = 'half'} c = muster.data.copy(t)",
         "eval");
  EXPECT_EQ(rt.eval("c"), rt.eval("t"));
  EXPECT_EQ(rt.eval("c ~= t, c[3] ~= t[3], c[3][2] ~= t[3][2], c.nested.a ~= t.nested.a"), "true, true, true, true");
  EXPECT_EQ(rt.eval("#c, #c[3]"), "3, 2");
  // Changing the copy leaves the original.
  rt.run("c.nested.a.b = false c[3][2][1] = 9", "eval");
  EXPECT_EQ(rt.eval("t.nested.a.b, t[3][2][1]"), "true, 4");
}

TEST(data, copy_leaves_non_tables_and_metatables) {
  muster::kernel k;
  muster::runtime rt(k);
  EXPECT_EQ(rt.eval("muster.data.copy(3), muster.data.copy('a'), muster.data.copy(nil), muster.data.copy(false)"),
            "3, \"a\", nil, false");
  EXPECT_EQ(rt.eval("getmetatable(muster.data.copy(setmetatable({}, {__index = {x = 1}}))) == nil"), "true");
  EXPECT_NE(error_of(rt, "muster.data.copy()").find("bad argument #1 (value expected)"), std::string::npos);
}

TEST(data, copy_refuses_a_table_that_holds_itself) {
  muster::kernel k;
  muster::runtime rt(k);
  EXPECT_NE(error_of(rt, "local t = {} t.self = t muster.data.copy(t)").find("nested deeper than 100"),
            std::string::npos);
}

TEST(data, copy_is_charged_against_the_instruction_budget) {
  muster::kernel k;
  muster::runtime_options o;
  o.instruction_budget = 200'000;
  muster::runtime rt(k, o);
  rt.run("big = {} for i = 1, 1000 do big[i] = {i} end", "eval");
  rt.run("for _ = 1, 10 do muster.data.copy(big) end", "eval");
  // 10 copies of 2000 entries charge about 80,000: the budget holds, a hundred do not.
  EXPECT_NE(error_of(rt, "for _ = 1, 100 do muster.data.copy(big) end").find("instruction"), std::string::npos);
}

TEST(data, unknown_key_gives_the_first_unknown_key_in_the_walk_order) {
  muster::kernel k;
  muster::runtime rt(k);
  rt.run("known = {name = true, figures = true, off = false}", "eval");
  EXPECT_EQ(rt.eval("muster.data.unknown_key({name = 'a', figures = 3}, known)"), "nil");
  EXPECT_EQ(rt.eval("muster.data.unknown_key({}, known)"), "nil");
  // Several unknown: the first as pairs walks (numbers, then strings in byte order).
  EXPECT_EQ(rt.eval("muster.data.unknown_key({name = 'a', zeta = 1, alpha = 2, Beta = 3}, known)"), "\"Beta\"");
  EXPECT_EQ(rt.eval("muster.data.unknown_key({name = 'a', zeta = 1, [2] = 'x', [1] = 'y'}, known)"), "1");
  // A key the known set maps to false is unknown.
  EXPECT_EQ(rt.eval("muster.data.unknown_key({off = 1}, known)"), "\"off\"");
  EXPECT_NE(error_of(rt, "muster.data.unknown_key({[{}] = 1, [{}] = 2}, known)").find("no reproducible order"),
            std::string::npos);
  EXPECT_NE(error_of(rt, "muster.data.unknown_key('a', known)").find("bad argument #1"), std::string::npos);
}

}  // namespace
