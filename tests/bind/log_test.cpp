// muster.log through the runtime: events added from Lua (sorted keys, value types), reading
// them back, both renderings, sample mode, and exact error texts.
#include <gtest/gtest.h>

#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

struct session {
  muster::kernel k{42};
  muster::runtime rt{k};
};

// An event as text without its "#<seq> " prefix.
std::string without_seq(const muster::event& e) {
  const std::string text = muster::event_log::fmt_text(e);
  return text.substr(text.find(' ') + 1);
}

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

TEST(log, adds_events_with_sorted_fields) {
  session s;
  const std::size_t before = s.k.log.size();
  s.rt.run(
      "muster.log.add('morale', {unit = 'orcs', passed = false, score = 7, faces = {3, 4},\n"
      "  ratio = 0.5, zeta = 1, alpha = 'two words', empty = {}})\n"
      "muster.log.add('note')",
      "eval");
  ASSERT_EQ(s.k.log.size(), before + 2);
  EXPECT_EQ(without_seq(s.k.log.events()[before]),
            "t0 - morale alpha=\"two words\" empty=[] faces=[3,4] passed=false ratio=0.5 "
            "score=7 unit=orcs zeta=1");
  EXPECT_EQ(s.k.log.events().back().kind, "note");
}

TEST(log, reads_events_back_and_renders_them) {
  session s;
  s.k.log.clear();
  s.rt.run("muster.log.add('a', {n = 1}) muster.log.add('b', {s = 'x', f = 2.5})", "eval");
  EXPECT_EQ(s.rt.eval("muster.log.get(2)"),
            "{{fields = {f = 2.5, s = \"x\"}, kind = \"b\", phase = \"\", seq = 2, turn = 0}}");
  EXPECT_EQ(s.rt.eval("#muster.log.get()"), "2");
  EXPECT_EQ(s.rt.eval("muster.log.fmt()"), "\"#1 t0 - a n=1\\n#2 t0 - b f=2.5 s=x\\n\"");
  EXPECT_EQ(s.rt.eval("muster.log.fmt('jsonl', 2)"),
            "\"{\\\"seq\\\":2,\\\"turn\\\":0,\\\"phase\\\":\\\"\\\",\\\"kind\\\":\\\"b\\\","
            "\\\"fields\\\":{\\\"f\\\":2.5,\\\"s\\\":\\\"x\\\"}}\\n\"");
}

TEST(log, records_nothing_in_sample_mode) {
  session s;
  s.k.log.clear();
  EXPECT_EQ(s.rt.eval("muster.log.get_enabled()"), "true");
  s.k.log.set_enabled(false);
  s.rt.run("muster.log.add('a', {n = 1})", "eval");
  EXPECT_EQ(s.rt.eval("muster.log.get_enabled()"), "false");
  EXPECT_EQ(s.k.log.size(), 0u);
}

TEST(log, refuses_bad_arguments_with_exact_messages) {
  session s;
  auto err = [&](const char* code) { return error_of([&] { s.rt.run(code, "eval"); }); };
  EXPECT_EQ(err("muster.log.add(1)"),
            "eval:1: muster.log.add: bad argument #1 (string expected, got number)");
  EXPECT_EQ(err("muster.log.add('x', 'y')"),
            "eval:1: muster.log.add: bad argument #2 (table expected, got string)");
  EXPECT_EQ(err("muster.log.add('x', {[1] = 2})"),
            "eval:1: muster.log.add: fields: keys must be strings, got a number key");
  EXPECT_EQ(err("muster.log.add('x', {a = {1, 'x'}})"),
            "eval:1: muster.log.add: field 'a'[2]: integer expected, got string");
  EXPECT_EQ(err("muster.log.add('x', {a = {1.5}})"),
            "eval:1: muster.log.add: field 'a'[1]: integer expected, got number");
  EXPECT_EQ(err("muster.log.add('x', {a = print})"),
            "eval:1: muster.log.add: field 'a': boolean, number, string or list of integers "
            "expected, got function");
  EXPECT_EQ(err("muster.log.add('x', {a = 1/0})"),
            "eval:1: muster.log.add: field 'a': not a finite number");
  EXPECT_EQ(err("muster.log.add('two words')"),
            "eval:1: muster.log.add: log: bad event kind 'two words' (want an identifier)");
  EXPECT_EQ(err("muster.log.fmt('xml')"),
            "eval:1: muster.log.fmt: bad argument #1 (format 'text' or 'jsonl' expected, got "
            "'xml')");
  EXPECT_EQ(err("muster.log.get(0)"),
            "eval:1: muster.log.get: bad argument #1 (sequence number >= 1 expected, got 0)");
}

}  // namespace
