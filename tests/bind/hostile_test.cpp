// The hostile battery: what a stranger's script tries, class by class (the hardening issue),
// and what it gets instead: work the budgets never saw (long C functions repeated, patterns
// that backtrack, walks that go quadratic, error handlers, output floods), crashes through C
// recursion, escapes from the guarantees (addresses, a file's name, walk orders), unclear
// errors. Each case ends with one clear line, the runtime usable after it. Budgets are small
// so that a case stopped as designed ends in well under a second.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

using muster::script_failure;

struct outcome {
  bool failed = false;
  script_failure kind = script_failure::runtime;
  std::string what;
};

outcome run(muster::runtime& rt, const std::string& code) {
  try {
    rt.run(code, "hostile");
  } catch (const muster::script_error& e) {
    return {true, e.kind(), e.what()};
  }
  return {};
}

muster::runtime_options small() {
  muster::runtime_options o;
  o.instruction_budget = 20'000'000;
  o.time_budget = std::chrono::milliseconds(5'000);
  o.memory_budget = std::size_t{256} << 20;
  o.output_budget = std::size_t{1} << 20;
  o.print = [](std::string_view) {};
  return o;
}

// Budgets where only memory runs out in the cases that test it, however slow the machine
// (the sanitizers' build runs them several times slower).
muster::runtime_options memory_only() {
  auto o = small();
  o.instruction_budget = 100'000'000'000;
  o.time_budget = std::chrono::milliseconds(300'000);
  return o;
}

muster::runtime_options fast_small() {
  auto o = small();
  o.mode = muster::execution::fast;
  o.time_budget = std::chrono::milliseconds(300);
  return o;
}

struct hostile : ::testing::Test {
  muster::kernel k;
  muster::runtime rt{k, small()};
  // The case ends on `kind` with one line naming the script's line, and the runtime answers.
  void stopped_by(const std::string& code, script_failure kind, const std::string& message) {
    SCOPED_TRACE(code);
    const outcome o = run(rt, code);
    ASSERT_TRUE(o.failed) << "not stopped";
    EXPECT_EQ(o.kind, kind) << o.what;
    EXPECT_NE(o.what.find(message), std::string::npos) << o.what;
    EXPECT_EQ(o.what.find('\n'), std::string::npos) << o.what;
    EXPECT_EQ(rt.eval("1 + 1"), "2");
  }
};

// ---- work the budgets never saw ---------------------------------------------------------

TEST_F(hostile, long_c_functions_repeated_are_counted) {
  const std::string count = "instruction budget exhausted (20000000 instructions)";
  stopped_by("for i = 1, 1e9 do local s = string.rep('x', 1e6) end", script_failure::instruction_budget, count);
  stopped_by("local t = {} for i = 1, 1e6 do table.insert(t, 1, i) end", script_failure::instruction_budget, count);
  stopped_by("local t = {} for i = 1, 1e4 do t[i] = 'xxxxxxxx' end\nfor i = 1, 1e9 do local s = table.concat(t) end",
             script_failure::instruction_budget, "hostile:2: " + count);
  stopped_by("local s = string.rep('x', 1e6) for i = 1, 1e9 do local u = s:upper() end",
             script_failure::instruction_budget, count);
  stopped_by("local s = string.rep('x', 1e6) for i = 1, 1e9 do local u = s:sub(2) end",
             script_failure::instruction_budget, count);
  stopped_by("local s = string.rep('x', 1e6) for i = 1, 1e9 do local u = ('%s'):format(s) end",
             script_failure::instruction_budget, count);
  stopped_by("local t = {} for i = 1, 1e5 do t[i] = i end\nfor i = 1, 1e9 do table.sort(t) end",
             script_failure::instruction_budget, count);
  stopped_by("local t = {} for i = 1, 7000 do t[i] = i end\nfor i = 1, 1e9 do local a = unpack(t) end",
             script_failure::instruction_budget, count);
  stopped_by("local t = {} for i = 1, 1e5 do t[i] = i end\nfor i = 1, 1e9 do local n = table.maxn(t) end",
             script_failure::instruction_budget, count);
  stopped_by("local src = 'return ' .. string.rep('1 + ', 5000) .. '1'\nfor i = 1, 1e9 do load(src) end",
             script_failure::instruction_budget, count);
}

TEST_F(hostile, patterns_that_backtrack_are_counted_step_by_step) {
  const std::string count = "instruction budget exhausted (20000000 instructions)";
  stopped_by("local s = string.rep('a', 3000)\nlocal a = s:find('.-.-.-.-b')", script_failure::instruction_budget,
             "hostile:2: " + count);
  stopped_by("local s = string.rep('a', 3000)\nlocal a = s:match('(.-)(.-)(.-)b')", script_failure::instruction_budget, count);
  stopped_by("local s = string.rep('a', 3000)\nfor a in s:gmatch('.-.-.-b') do end", script_failure::instruction_budget, count);
  stopped_by("local s = string.rep('a', 3000)\nlocal a = s:gsub('.-.-.-b', '')", script_failure::instruction_budget, count);
}

TEST_F(hostile, walking_a_table_with_next_is_linear_and_pairs_is_counted) {
  // 60,000 keys walked with next fit easily; a quadratic walk would not.
  EXPECT_EQ(rt.eval("(function() local t = {} for i = 1, 60000 do t['k' .. i] = i end\n"
                    "local n, k = 0, next(t) while k do n = n + 1 k = next(t, k) end return n end)()"),
            "60000");
  // The order is pairs' order, whatever was walked before.
  EXPECT_EQ(rt.eval("(function() local t = {b = 1, a = 2, [3] = 3, c = 4} local out = {} local k = next(t)\n"
                    "while k do out[#out + 1] = tostring(k) k = next(t, k) end return table.concat(out, ',') end)()"),
            "\"3,a,b,c\"");
  stopped_by("local t = {} for i = 1, 1e5 do t['k' .. i] = i end\nfor j = 1, 1e9 do for k in pairs(t) do end end",
             script_failure::instruction_budget, "instruction budget exhausted");
}

TEST_F(hostile, an_error_handler_does_not_run_past_a_budget) {
  stopped_by("xpcall(function() while true do end end, function() while true do end end)",
             script_failure::instruction_budget, "instruction budget exhausted");
  stopped_by("local e = setmetatable({}, {__tostring = function() while true do end end}) error(e)",
             script_failure::instruction_budget, "instruction budget exhausted");
  // An ordinary error still reaches the handler, after the failed call.
  EXPECT_EQ(rt.eval("xpcall(function() error('boom', 0) end, function(e) return 'handled ' .. e end)"),
            "false, \"handled boom\"");
}

TEST_F(hostile, printing_and_logging_without_end_runs_out_of_output) {
  stopped_by("for i = 1, 1e9 do print(string.rep('x', 1000)) end", script_failure::output_budget,
             "output budget exhausted (1048576 bytes printed or logged)");
  stopped_by("for i = 1, 1e9 do muster.log.add('spam', {text = string.rep('x', 1000)}) end",
             script_failure::output_budget, "output budget exhausted");
  // Each call has its own: printing a little again works.
  EXPECT_EQ(run(rt, "print('fine')").failed, false);
}

TEST_F(hostile, exact_odds_count_the_kernels_work_and_memory) {
  // 848,046 sorted multisets of 171 values each: about 590 MB if the kernel built them.
  stopped_by("muster.dice.roll_exact(function() return muster.dice.roll('170d4').total end)",
             script_failure::memory_budget, "memory budget exhausted (256 MiB)");
  // About 450 million steps of convolution for one sum's distribution.
  stopped_by("muster.dice.roll_exact(function() return muster.dice.roll_sum('1000d30') end)",
             script_failure::instruction_budget, "instruction budget exhausted");
  // The memory is given back: a small enumeration runs after.
  EXPECT_EQ(rt.eval("#muster.dice.roll_exact(function() return muster.dice.roll_sum('2d6') end)"), "11");
}

TEST(hostile_services, merge_points_and_outcome_texts_are_held_against_the_memory_budget) {
  muster::kernel k;
  auto o = small();
  o.instruction_budget = 500'000'000;
  o.memory_budget = std::size_t{32} << 20;
  muster::runtime rt(k, o);
  for (const char* code : {
           // a new 4000-byte merge key for each of a million runs
           "local pad = string.rep('k', 4000)\n"
           "muster.dice.roll_exact(function() local a = muster.dice.roll_sum('1d1000')\n"
           "muster.dice.merge(pad .. a) local b = muster.dice.roll_sum('1d1000')\n"
           "muster.dice.merge(pad .. a .. ':' .. b) return 'x' end)",
           // a new 4000-byte outcome for each run, exact and sampled
           "local pad = string.rep('o', 4000)\n"
           "muster.dice.roll_exact(function() return pad .. muster.dice.roll_sum('1d1000') .. muster.dice.roll_sum('1d1000') end)",
           "local pad = string.rep('o', 4000)\n"
           "muster.dice.roll_many(function() return pad .. muster.dice.roll_sum('1d1000') .. ':' .. muster.dice.roll_sum('1d1000') end, 1e6)",
       }) {
    SCOPED_TRACE(code);
    const outcome r = run(rt, code);
    ASSERT_TRUE(r.failed);
    EXPECT_EQ(r.kind, script_failure::memory_budget) << r.what;
    EXPECT_NE(r.what.find("memory budget exhausted (32 MiB)"), std::string::npos) << r.what;
    EXPECT_EQ(rt.eval("#muster.dice.roll_exact(function() return muster.dice.roll_sum('2d6') end)"), "11");
  }
}

TEST(hostile_services, the_battle_state_and_the_log_count_against_the_memory_budget) {
  muster::kernel k;
  auto o = small();
  o.instruction_budget = 500'000'000;
  o.memory_budget = std::size_t{32} << 20;
  muster::runtime rt(k, o);
  rt.run("side = muster.state.add_side{}\npage = string.rep('x', 1e6)", "setup");
  // A megabyte copied into the state under a new name, again and again: the Lua heap hardly
  // grows, the state does.
  const outcome r = run(rt, "for i = 1, 1e9 do muster.state.set_prop(side, 'p' .. i, page) end");
  ASSERT_TRUE(r.failed);
  EXPECT_EQ(r.kind, script_failure::memory_budget) << r.what;
  EXPECT_NE(r.what.find("memory budget exhausted (32 MiB)"), std::string::npos) << r.what;
  EXPECT_LT(k.state.bytes(), std::size_t{32} << 20);
  EXPECT_LE(rt.memory_in_use(), (std::size_t{32} << 20) + (1 << 20));
  // The state is whole and answers; clearing it makes room again: what the runtime counts
  // falls by what the state gave back (it is counted with the Lua heap).
  EXPECT_EQ(rt.eval("muster.state.get_prop(side, 'p1') == page"), "true");
  const std::size_t full_state = k.state.bytes();
  const std::size_t full_in_use = rt.memory_in_use();
  rt.run("for i = 1, 100 do muster.state.del_prop(side, 'p' .. i) end", "clear");
  EXPECT_GE(full_in_use - std::min(full_in_use, rt.memory_in_use()), full_state - k.state.bytes() - (1 << 20));
  EXPECT_GT(full_state - k.state.bytes(), std::size_t{20} << 20);
  rt.run("muster.state.set_prop(side, 'again', page)", "again");
  // The log: each call keeps within the output budget (1 MiB), and the calls together reach
  // the memory budget.
  bool stopped = false;
  for (int call = 0; call < 100 && !stopped; ++call) {
    const outcome c = run(rt, "muster.log.add('note', {text = string.rep('y', 900000)})");
    if (!c.failed) continue;
    stopped = true;
    EXPECT_EQ(c.kind, script_failure::memory_budget) << c.what;
  }
  EXPECT_TRUE(stopped);
  EXPECT_EQ(rt.eval("1 + 1"), "2");
}

TEST(hostile_services, a_result_whose_json_is_huge_is_stopped_by_the_budgets) {
  muster::kernel k;
  auto o = small();
  o.root = MUSTER_SOURCE_DIR "/tests/fixtures/root";
  muster::runtime rt(k, o);
  rt.load_ruleset("looper");
  EXPECT_EQ(rt.call_ruleset("shared", "[2]"), "[\n  [\n    [1],\n    [1]\n  ],\n  [\n    [1],\n    [1]\n  ]\n]");
  try {
    rt.call_ruleset("shared", "[40]");  // 2^40 leaves
    FAIL() << "converted";
  } catch (const muster::script_error& e) {
    EXPECT_TRUE(e.kind() == script_failure::instruction_budget || e.kind() == script_failure::memory_budget ||
                e.kind() == script_failure::time_budget)  // a slow machine (sanitizers) reaches the clock first
        << e.what();
  }
  EXPECT_EQ(rt.call_ruleset("shared", "[0]"), "[1]");
}

TEST(hostile_fast, compiled_loops_and_long_c_work_meet_the_deadline) {
  muster::kernel k;
  muster::runtime rt(k, fast_small());
  for (const char* code : {"while true do end", "local s = string.rep('a', 5000)\nlocal a = s:find('.-.-.-.-.-b')",
                           "local t = {} for i = 1, 1e9 do table.insert(t, 1, i) end"}) {
    const outcome o = run(rt, code);
    EXPECT_TRUE(o.failed) << code;
    EXPECT_EQ(o.kind, script_failure::time_budget) << o.what;
    EXPECT_NE(o.what.find("time budget exhausted (300 ms)"), std::string::npos) << o.what;
  }
}

// ---- crashes through C recursion --------------------------------------------------------

TEST_F(hostile, recursion_through_c_functions_ends_with_an_error) {
  const std::string nested = "too many nested calls between Lua and C functions";
  for (const char* code : {
           "local function f(s) return (s:gsub('.', f)) end\nf(string.rep('x', 300))",
           "local function f() local ok, e = pcall(f) if not ok then error(e, 0) end end\nf()",
           "local function f() local ok, e = xpcall(f, function(m) return m end) if not ok then error(e, 0) end end\nf()",
           "local function f() return coroutine.wrap(f)() end\nf()",
           "local function go(n) local co = coroutine.create(function() return go(n + 1) end)\n"
           "local ok, e = coroutine.resume(co) if not ok then error(e, 0) end return e end\ngo(1)",
           "local t = {1, 2, 3}\nlocal function cmp(a, b) table.sort(t, cmp) return a < b end\ntable.sort(t, cmp)",
           "local t = {a = 1}\nlocal function f() table.foreach(t, f) end\nf()",
       }) {
    SCOPED_TRACE(code);
    const outcome o = run(rt, code);
    ASSERT_TRUE(o.failed);
    EXPECT_TRUE(o.what.find(nested) != std::string::npos || o.what.find("stack overflow") != std::string::npos)
        << o.what;
    EXPECT_EQ(rt.eval("1 + 1"), "2");
  }
}

// ---- escapes from the guarantees ---------------------------------------------------------

TEST_F(hostile, no_address_shows_and_every_walk_has_one_order) {
  EXPECT_NE(run(rt, "local s = string.format('%p', {})").what.find("'%p' would show an address"), std::string::npos);
  EXPECT_NE(run(rt, "local s = ('%5p'):format(print)").what.find("'%p' would show an address"), std::string::npos);
  EXPECT_EQ(rt.eval("string.format('%%p and %s', 'x')"), "\"%p and x\"");
  EXPECT_EQ(rt.eval("tostring(print) .. ' ' .. tostring({}) .. ' ' .. tostring(coroutine.create(print))"),
            "\"function table thread\"");
  // table.foreach walks in the sandbox's order, not LuaJIT's hash order.
  EXPECT_EQ(rt.eval("(function() local out = {} table.foreach({zeta = 1, alpha = 2, [2] = 0, [1] = 0}, "
                    "function(k) out[#out + 1] = tostring(k) end) return table.concat(out, ',') end)()"),
            "\"1,2,alpha,zeta\"");
}

TEST_F(hostile, loaded_code_cannot_claim_another_files_lines) {
  const outcome o = run(rt, "local f = load('error(\"mine\")', '@scripts/lib/registry.lua')\nf()");
  EXPECT_EQ(o.what, "(load scripts/lib/registry.lua):1: mine");
  // A name no file has, or the file's own text, keeps its name.
  EXPECT_EQ(run(rt, "local f = load('error(\"mine\")', '@made/up.lua')\nf()").what, "made/up.lua:1: mine");
}

// ---- unclear errors ------------------------------------------------------------------------

TEST_F(hostile, every_error_is_one_short_line) {
  EXPECT_EQ(run(rt, "error('line one\\nline two\\27[31m red\\0end')").what,
            "hostile:1: line one\\nline two\\e[31m red\\x00end");
  const std::string huge = run(rt, "error(string.rep('x', 100000))").what;
  EXPECT_LT(huge.size(), 1100u);
  EXPECT_NE(huge.find("... (99"), std::string::npos) << huge.substr(huge.size() - 40);
}

}  // namespace

// ---- strings and numbers at the boundary ------------------------------------------------

namespace {

TEST_F(hostile, a_nul_byte_is_refused_never_cut) {
  EXPECT_EQ(run(rt, "muster.dice.roll('1d6\\0 and more')").what,
            "hostile:1: muster.dice.roll: bad argument #1 (a NUL byte in the string, at byte 4)");
  EXPECT_EQ(run(rt, "muster.dice.roll('1d6', 'label\\0hidden')").what,
            "hostile:1: muster.dice.roll: bad argument #2 (a NUL byte in the string, at byte 6)");
  EXPECT_NE(run(rt, "muster.choice.get{side = 'a', question = 'q', options = {'yes\\0no', 'no'}}")
                .what.find("field 'options[1]': a NUL byte in the string, at byte 4"),
            std::string::npos);
  EXPECT_NE(run(rt, "muster.choice.get{side = 'a', question = 'q', options = {'x'}, ['side\\0'] = 1}")
                .what.find("a NUL byte"),
            std::string::npos);
  EXPECT_EQ(run(rt, "require('registry\\0../../etc')").what, "hostile:1: require: a NUL byte in the module name");
}

TEST_F(hostile, numbers_that_are_not_finite_are_refused_naming_the_field) {
  EXPECT_EQ(run(rt, "muster.dice.tally(0/0, 4)").what,
            "hostile:1: muster.dice.tally: bad argument #1 (finite number expected, got nan)");
  EXPECT_EQ(run(rt, "muster.measure.fmt(1/0)").what,
            "hostile:1: muster.measure.fmt: bad argument #1 (finite number expected, got inf)");
  EXPECT_NE(run(rt, "muster.geometry.measure({x = 0, y = 0}, {x = -1/0, y = 0})").what.find("field 'b.x': finite number expected, got -inf"),
            std::string::npos);
  EXPECT_NE(run(rt, "muster.dice.roll_count{n = 3, target = 1/0, label = 'x'}").what.find("finite number expected"),
            std::string::npos);
}

// ---- isolation ------------------------------------------------------------------------------

namespace fs = std::filesystem;

struct club_folder {
  fs::path dir = fs::temp_directory_path() / ("muster-hostile-" + std::to_string(::getpid()) + "-" +
                                              std::to_string(counter()++));
  static int& counter() {
    static int n = 0;
    return n;
  }
  club_folder() { fs::create_directories(dir); }
  ~club_folder() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
  void write(const std::string& name, const std::string& text) {
    fs::create_directories((dir / name).parent_path());
    std::FILE* f = std::fopen((dir / name).c_str(), "wb");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
  std::string variant(const std::string& name, const std::string& apply_body) {
    write(name + "/manifest.lua", "return { name = '" + name +
                                      "', version = '1.0.0', kind = 'variant', kernel = '^1.0', ruleset = "
                                      "'fantasy_warriors' }\n");
    write(name + "/init.lua", "return { apply = function(rules, options, context)\n" + apply_body + "\nend }\n");
    return (dir / name).string();
  }
};

std::string load_error(muster::runtime& rt, const std::string& variant) {
  try {
    rt.load_variant(variant);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "loaded";
}

TEST(hostile_isolation, require_stays_inside_its_folder_through_links) {
  club_folder club;
  club.write("outside/secret.lua", "return 'read from outside'\n");
  const std::string v = club.variant("linked", "local s = require('secret')");
  fs::create_symlink(club.dir / "outside" / "secret.lua", club.dir / "linked" / "secret.lua");
  muster::kernel k;
  muster::runtime rt(k);
  rt.load_ruleset("fantasy_warriors");
  EXPECT_NE(load_error(rt, v).find("require: 'secret' leads outside its module's folder (a symbolic link?)"),
            std::string::npos)
      << load_error(rt, v);
}

TEST(hostile_isolation, a_module_that_requires_itself_is_a_cycle_not_a_crash) {
  club_folder club;
  const std::string v = club.variant("cycle", "local a = require('a')");
  club.write("cycle/a.lua", "return require('b')\n");
  club.write("cycle/b.lua", "return require('a')\n");
  muster::kernel k;
  muster::runtime rt(k);
  rt.load_ruleset("fantasy_warriors");
  EXPECT_NE(load_error(rt, v).find("require: 'a' requires itself (a cycle of requires)"), std::string::npos)
      << load_error(rt, v);
}

TEST(hostile_isolation, a_clubs_module_cannot_change_the_shared_library_for_anyone_else) {
  club_folder club;
  // Both variants reach for the odds library the ruleset uses for its trials.
  const std::string a = club.variant("tamper", "require('odds').key = function() return 'tampered' end\n"
                                               "require('odds').default[1].path = 'tampered'");
  const std::string b = club.variant("witness", "assert(require('odds').key ~= nil)\n"
                                                "assert(require('odds').default[1].path == 'outcome', 'saw the change')");
  muster::kernel k;
  muster::runtime rt(k);
  rt.load_ruleset("fantasy_warriors");
  rt.load_variant(a);
  EXPECT_EQ(load_error(rt, b), "loaded");
  const std::string key = rt.call_ruleset(
      "odds_trial", R"(["threat_test", {"unit": {"name": "Orcs", "figures": 10, "quality": "average", "type": "tribal"},
                       "threatener": {"name": "Men", "figures": 10, "quality": "average", "type": "tribal"}}])");
  EXPECT_EQ(key.find("tampered"), std::string::npos) << key;
}

// ---- the second battery: what an independent attack found -------------------------------

TEST_F(hostile, a_position_a_billion_elements_away_is_refused_not_walked) {
  // LuaJIT cuts 1e15 (or nan) to a 32-bit integer and moves the elements that many times.
  for (const std::string pos : {"1e15", "0/0", "-5", "1.5", "5"}) {
    SCOPED_TRACE(pos);
    const outcome o = run(rt, "local t = {1, 2, 3}\ntable.insert(t, " + pos + ", 'x')");
    ASSERT_TRUE(o.failed);
    EXPECT_EQ(o.kind, script_failure::runtime) << o.what;
    EXPECT_NE(o.what.find("hostile:2: bad argument #2 to 'insert' (position out of bounds)"), std::string::npos) << o.what;
  }
  const outcome far = run(rt, "local t = {1, 2, 3}\ntable.remove(t, 2^40)");
  EXPECT_NE(far.what.find("bad argument #2 to 'remove' (position out of bounds)"), std::string::npos) << far.what;
  EXPECT_EQ(rt.eval("local t = {1, 2, 3} table.insert(t, 4, 'x') table.insert(t, 1, 'y') return table.concat(t, ',')"),
            "\"y,1,2,3,x\"");
  EXPECT_EQ(rt.eval("local t = {1, 2, 3} return table.remove(t, 7), #t"), "nil, 3");
}

// tonumber is not wrapped (it is called everywhere, and wrapping costs every call): a loop of
// long reads is stopped by the deadline, which the next instruction sees.
TEST_F(hostile, reading_long_numbers_in_a_loop_meets_the_deadline) {
  stopped_by("local s = string.rep('1', 1e6) for i = 1, 1e9 do local x = tonumber(s, 2) end",
             script_failure::time_budget, "hostile:1: time budget exhausted (5 s)");
  EXPECT_EQ(rt.eval("return tonumber('ff', 16), tonumber('12'), tonumber('x')"), "255, 12, nil");
}

TEST(hostile_deadline, counted_mode_stops_at_the_deadline_between_instruction_counts) {
  // Each comparison of two 20 MB strings is one VM instruction that takes milliseconds: the
  // instruction count alone would look at the clock seconds late. The deadline makes the next
  // instruction look.
  auto o = small();
  o.instruction_budget = 1'000'000'000'000;
  o.time_budget = std::chrono::milliseconds(300);
  muster::kernel k;
  muster::runtime rt(k, o);
  const outcome r = run(rt, "local a = string.rep('x', 2e7) .. 'a'\nlocal b = string.rep('x', 2e7) .. 'b'\n"
                            "local n = 0\nwhile true do if a < b then n = n + 1 end end");
  ASSERT_TRUE(r.failed);
  EXPECT_EQ(r.kind, script_failure::time_budget) << r.what;
  EXPECT_NE(r.what.find("hostile:4: time budget exhausted (300 ms)"), std::string::npos) << r.what;
  EXPECT_EQ(rt.eval("1 + 1"), "2");
  // The count hook is back: a runaway still fails on its instruction budget in the next call.
  auto counted = small();
  muster::runtime again(k, counted);
  const outcome loop = run(again, "while true do end");
  EXPECT_EQ(loop.kind, script_failure::instruction_budget) << loop.what;
}

TEST(hostile_memory, a_buffer_being_built_is_held_before_it_grows) {
  // gsub's result doubling past the budget: the growth is refused before it is allocated.
  const auto o = memory_only();
  muster::kernel k;
  muster::runtime rt(k, o);
  for (const std::string replacement : {"string.rep('b', 1000)", "function() return string.rep('b', 1000) end"}) {
    const outcome f = run(rt, "local s = string.gsub(string.rep('a', 1e6), '', " + replacement + ")");
    EXPECT_EQ(f.kind, script_failure::memory_budget) << f.what;
    EXPECT_EQ(f.what, "hostile:1: memory budget exhausted (256 MiB)");
    EXPECT_LE(rt.memory_in_use(), o.memory_budget);
  }
}

TEST_F(hostile, a_state_text_that_parses_to_gigabytes_stops_while_parsing) {
  // 36 MB of empty objects parse to over a gigabyte of document: stopped as it grows (the
  // instruction budget here is large, so the memory budget is the one that stops it).
  muster::kernel k2;
  muster::runtime r2(k2, memory_only());
  for (const std::string text : {"'{\"schema\":\"muster.state/1\",\"sides\":[' .. string.rep('{},', 12e6) .. '{}]}'",
                                 "string.rep('[', 1e7) .. string.rep(']', 1e7)"}) {
    const outcome r = run(r2, "muster.state.parse(" + text + ")");
    EXPECT_EQ(r.kind, script_failure::memory_budget) << r.what;
    EXPECT_NE(r.what.find("memory budget exhausted (256 MiB)"), std::string::npos) << r.what;
  }
  // A state that fits still loads.
  EXPECT_EQ(rt.eval("muster.state.add_side{id = 'red'} local t = muster.state.fmt() muster.state.parse(t) "
                    "return muster.state.get_side('red').id"),
            "\"red\"");
}

TEST(hostile_memory, units_by_the_million_meet_the_memory_budget) {
  muster::kernel k;
  muster::runtime rt(k, memory_only());
  const outcome o = run(rt, "local s = muster.state.add_side{id = 'red'}\n"
                            "for i = 1, 2e6 do muster.state.add_unit{side = s, figures = 1} end");
  EXPECT_EQ(o.kind, script_failure::memory_budget) << o.what;
  EXPECT_EQ(o.what, "hostile:2: memory budget exhausted (256 MiB)");
  // The model counts at least what a 64-bit build allocates for a unit of one figure.
  EXPECT_GE(k.state.bytes() / std::max<std::size_t>(1, k.state.units().size()), 800u);
}

TEST(hostile_isolation, a_module_file_of_gigabytes_is_not_read) {
  club_folder club;
  const std::string v = club.variant("big", "local ok, e = pcall(require, 'huge') error(e, 0)");
  {
    std::FILE* f = std::fopen((club.dir / "big" / "huge.lua").c_str(), "wb");
    std::string chunk(1 << 20, '-');
    for (int i = 0; i < 17; ++i) std::fwrite(chunk.data(), 1, chunk.size(), f);
    std::fclose(f);
  }
  muster::kernel k;
  muster::runtime rt(k);
  rt.load_ruleset("fantasy_warriors");
  const std::string e = load_error(rt, v);
  EXPECT_NE(e.find("huge.lua' is larger than a script file may be (16 MiB)"), std::string::npos) << e;
}

TEST_F(hostile, what_a_script_prints_or_renders_cannot_drive_the_terminal) {
  std::string printed;
  auto o = small();
  o.print = [&](std::string_view s) { printed += s; };
  muster::kernel k2;
  muster::runtime r2(k2, o);
  r2.run("print('\\27]0;title\\7 \\27[2J \\27[1;31mred\\27[0m line\\r\\nnext\\tx')", "hostile");
  EXPECT_EQ(printed, "\\e]0;title\\x07 \\e[2J \x1b[1;31mred\x1b[0m line\\r\nnext\tx");
  EXPECT_EQ(r2.eval("setmetatable({}, {__tostring = function() return '\\27]0;t\\7' end})"), "\\e]0;t\\x07");
}

TEST_F(hostile, a_length_too_large_to_show_is_an_error) {
  const outcome o = run(rt, "return muster.measure.fmt(1e308, 'cm', 9)");
  ASSERT_TRUE(o.failed);
  EXPECT_NE(o.what.find("too large to show in cm"), std::string::npos) << o.what;
}

TEST(hostile_memory, a_refused_allocation_names_the_line_that_asked_for_it) {
  // LuaJIT reports an allocation it could not make with no location: the line named was the
  // last one the instruction count saw (here line 2), not the one that allocated.
  muster::kernel k;
  muster::runtime rt(k, memory_only());
  const outcome r = run(rt, "local t = {}\nfor i = 1, 10000 do t[i] = i end\nlocal s = string.rep('x', 300 * 2^20)");
  EXPECT_EQ(r.kind, script_failure::memory_budget) << r.what;
  EXPECT_EQ(r.what, "hostile:3: memory budget exhausted (256 MiB)");
  const outcome in_function = run(rt, "local function grow()\n  local s = string.rep('y', 300 * 2^20) return s\nend\n"
                                      "for i = 1, 10000 do local x = i end\nlocal s = grow()");
  EXPECT_EQ(in_function.what, "hostile:2: memory budget exhausted (256 MiB)");
}

}  // namespace

// A person answering a question inside a call (the REPL's prompts) does not spend the call's
// time budget: the host pauses it while it waits. Without the pause the same wait runs out.
TEST(time_budget, a_pause_while_a_person_answers_does_not_count) {
  muster::kernel k;
  auto o = small();
  o.time_budget = std::chrono::milliseconds(300);
  o.instruction_budget = 100'000'000'000;  // only the clock stops a call here
  muster::runtime rt{k, o};
  bool pause = true;
  k.choices.set_asker([&](const muster::choice_request&) -> muster::choice_answer {
    if (pause) rt.pause_time_budget();
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    if (pause) rt.resume_time_budget();
    return std::string("yes");
  });
  k.choices.set_interactive("red");
  // The answer, then some work: the deadline is looked at as the work runs.
  const std::string ask =
      "local a = muster.choice.get{side = 'red', question = 'q', options = {'yes', 'no'}} "
      "local n = 0 for i = 1, 200000 do n = n + i end return a";
  EXPECT_EQ(rt.eval(ask), "\"yes\"");
  // The time left is given back, no more: a loop after the answer still meets the deadline.
  const outcome looped = run(rt, "muster.choice.get{side = 'red', question = 'q', options = {'yes'}} "
                                 "local n = 0 while true do n = n + 1 end");
  EXPECT_TRUE(looped.failed);
  EXPECT_EQ(looped.kind, script_failure::time_budget) << looped.what;
  pause = false;
  const outcome waited = run(rt, ask);
  EXPECT_TRUE(waited.failed);
  EXPECT_EQ(waited.kind, script_failure::time_budget) << waited.what;
  // Pausing outside a call does nothing.
  rt.pause_time_budget();
  rt.resume_time_budget();
  EXPECT_EQ(rt.eval("1 + 1"), "2");
}
