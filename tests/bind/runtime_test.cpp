// The Lua host through its public API: eval rendering, error texts with file:line, the
// sandbox (what scripts cannot reach), deterministic iteration, and the budgets. Each test
// builds a fresh kernel and runtime.
#include "muster/runtime.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "muster/kernel.hpp"

namespace {

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const muster::script_error& e) {
    return e.what();
  } catch (const muster::error& e) {
    return std::string("muster::error: ") + e.what();
  }
  return "no error";
}

muster::script_failure failure_of(muster::runtime& rt, const std::string& code) {
  try {
    rt.run(code, "hostile");
  } catch (const muster::script_error& e) {
    return e.kind();
  }
  ADD_FAILURE() << "no error from: " << code;
  return muster::script_failure::runtime;
}

struct runtime_fixture : ::testing::Test {
  muster::kernel k{42};
  std::vector<std::string> printed;
  muster::runtime rt{k, [this] {
                       muster::runtime_options o;
                       o.print = [this](std::string_view line) { printed.emplace_back(line); };
                       return o;
                     }()};
};

using runtime = runtime_fixture;

TEST_F(runtime, evaluates_expressions_and_renders_values) {
  EXPECT_EQ(rt.eval("1 + 2"), "3");
  EXPECT_EQ(rt.eval("1 / 4"), "0.25");
  EXPECT_EQ(rt.eval("'a\"b', nil, true"), "\"a\\\"b\", nil, true");
  EXPECT_EQ(rt.eval("{3, 2, 1, name = 'x', [10] = 'ten', ['two words'] = 2}"),
            "{3, 2, 1, [10] = \"ten\", name = \"x\", [\"two words\"] = 2}");
  EXPECT_EQ(rt.eval("local t = {} t.self = t return t"), "{self = <cycle>}");
}

TEST_F(runtime, keeps_session_globals_between_calls) {
  rt.run("x = 41", "repl");
  EXPECT_EQ(rt.eval("x + 1"), "42");
}

TEST_F(runtime, print_goes_to_the_sink_without_addresses) {
  rt.run("print('a', 1, nil, {}, print)", "repl");
  ASSERT_EQ(printed.size(), 1u);
  EXPECT_EQ(printed[0], "a\t1\tnil\ttable\tfunction");
}

TEST_F(runtime, tostring_and_format_never_show_addresses) {
  EXPECT_EQ(rt.eval("tostring({}), tostring(print), string.format('%s|%s', {}, 1)"),
            "\"table\", \"function\", \"table|1\"");
  EXPECT_EQ(rt.eval("('%s'):format({}), ('x').dump"), "\"table\", nil");
  EXPECT_EQ(rt.eval("tostring(setmetatable({}, {__tostring = function() return 'unit' end}))"),
            "\"unit\"");
}

TEST_F(runtime, errors_name_file_and_line_and_keep_a_traceback) {
  try {
    rt.run("local a = 1\nerror('boom')", "repl");
    FAIL();
  } catch (const muster::script_error& e) {
    EXPECT_EQ(std::string(e.what()), "repl:2: boom");
    EXPECT_EQ(e.file(), "repl");
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.message(), "boom");
    EXPECT_EQ(e.kind(), muster::script_failure::runtime);
    EXPECT_NE(e.traceback().find("stack traceback:"), std::string::npos);
  }
  EXPECT_EQ(error_of([&] { rt.run("x = = 1", "repl"); }),
            "repl:1: unexpected symbol near '='");
  EXPECT_EQ(error_of([&] { rt.run("error({code = 1})", "repl"); }),
            "repl:1: (error object is a table value)");
}

TEST_F(runtime, a_binding_error_after_a_tail_call_names_the_nearest_line) {
  EXPECT_EQ(error_of([&] {
              rt.run("local function f() return muster.dice.roll('3x6') end\nlocal x = f()", "tail");
            }),
            "tail:2: muster.dice.roll: bad expression '3x6' (want NdX, NdX+M or NdX-M)");
  EXPECT_EQ(error_of([&] { rt.eval("muster.dice.roll('3x6')"); }),
            "eval:1: muster.dice.roll: bad expression '3x6' (want NdX, NdX+M or NdX-M)");
}

TEST_F(runtime, pairs_walks_keys_in_a_fixed_order) {
  // LuaJIT's own order for string keys changes from one process to the next.
  EXPECT_EQ(rt.eval(R"(
    local t = {orc = 1, dwarf = 2, elf = 3, goblin = 4, troll = 5, [2] = 'b', [1] = 'a',
               [true] = 't', [0.5] = 'h'}
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = tostring(k) end
    return table.concat(keys, ' '))"),
            "\"0.5 1 2 dwarf elf goblin orc troll true\"");
  EXPECT_EQ(rt.eval("next({b = 1, a = 2}), next({b = 1, a = 2}, 'a'), next({b = 1}, 'b')"),
            "\"a\", \"b\", nil");
  EXPECT_EQ(rt.eval("next({})"), "nil");
}

TEST_F(runtime, pairs_tolerates_removal_during_the_walk) {
  EXPECT_EQ(rt.eval(R"(
    local t = {a = 1, b = 2, c = 3}
    local seen = {}
    for k in pairs(t) do seen[#seen + 1] = k; t.b = nil end
    return table.concat(seen))"),
            "\"ac\"");
}

TEST_F(runtime, pairs_walks_an_array_in_order_and_skips_what_the_walk_removed) {
  EXPECT_EQ(rt.eval(R"(
    local t = {'a', 'b', 'c', 'd'}
    local seen = {}
    for i, v in pairs(t) do seen[#seen + 1] = i .. v; t[3] = nil; t[9] = 'late' end
    return table.concat(seen, ' '))"),
            "\"1a 2b 4d\"");
}

TEST_F(runtime, a_profile_samples_the_lua_stacks_it_ran) {
  rt.run("function busy(n) local s = 0 for i = 1, n do s = s + #tostring(i) end return s end", "profiled");
  rt.start_profile(1);
  muster::kernel other_kernel;
  muster::runtime other(other_kernel);
  EXPECT_NE(error_of([&] { other.start_profile(1); }).find("one per process"), std::string::npos);
  EXPECT_NE(error_of([&] { rt.start_profile(1); }).find("already profiling"), std::string::npos);
  rt.run("busy(3000000)", "caller");
  const auto lines = rt.stop_profile();
  std::uint64_t samples = 0, in_busy = 0;
  for (const auto& l : lines) {
    samples += l.samples;
    if (l.stack.find("caller:1;profiled:1") != std::string::npos) in_busy += l.samples;
  }
  EXPECT_GT(samples, 0u);
  EXPECT_GT(in_busy, 0u);  // outermost first: the caller's line, then busy's
  EXPECT_TRUE(rt.stop_profile().empty());  // stopped: nothing more
  EXPECT_NO_THROW(other.start_profile(1));  // the profiler is free again
  other.stop_profile();
}

TEST_F(runtime, pairs_refuses_keys_without_a_reproducible_order) {
  EXPECT_EQ(error_of([&] { rt.run("for k in pairs({[{}] = 1}) do end", "repl"); }),
            "repl:1: pairs: a key of type 'table' has no reproducible order; key the table by "
            "numbers or strings, or keep the values in an array");
}

// ---- the sandbox: what a stranger's script cannot reach ---------------------------------

struct hostile_case {
  const char* code;
  const char* error;
};

TEST_F(runtime, hostile_scripts_end_with_a_clear_error_and_the_state_survives) {
  const hostile_case cases[] = {
      {"io.open('/etc/passwd')", "hostile:1: attempt to index global 'io' (a nil value)"},
      {"os.execute('true')", "hostile:1: attempt to index global 'os' (a nil value)"},
      {"os.exit(1)", "hostile:1: attempt to index global 'os' (a nil value)"},
      {"debug.getregistry()", "hostile:1: attempt to index global 'debug' (a nil value)"},
      {"ffi.C.system('true')", "hostile:1: attempt to index global 'ffi' (a nil value)"},
      {"jit.on()", "hostile:1: attempt to index global 'jit' (a nil value)"},
      {"package.loadlib('libc.so.6', 'system')",
       "hostile:1: attempt to index global 'package' (a nil value)"},
      {"require('ffi')", "hostile:1: require: no module 'ffi'"},
      {"require('socket.core')", "hostile:1: require: no module 'socket.core'"},
      {"require('../../../etc/passwd')",
       "hostile:1: require: bad module name '../../../etc/passwd' (letters, digits, '_' and '.')"},
      {"getfenv(1).x = 1", "hostile:1: attempt to call global 'getfenv' (a nil value)"},
      {"setfenv(print, {})", "hostile:1: attempt to call global 'setfenv' (a nil value)"},
      {"dofile('/etc/passwd')", "hostile:1: attempt to call global 'dofile' (a nil value)"},
      {"loadfile('/etc/passwd')", "hostile:1: attempt to call global 'loadfile' (a nil value)"},
      {"collectgarbage('stop')", "hostile:1: attempt to call global 'collectgarbage' (a nil value)"},
      {"newproxy(true)", "hostile:1: attempt to call global 'newproxy' (a nil value)"},
      {"math.randomseed(1)", "hostile:1: attempt to call field 'randomseed' (a nil value)"},
      {"load(string.dump(print))", "hostile:1: attempt to call field 'dump' (a nil value)"},
      {"load('\\27LJ\\2', 'x', 'b')", "hostile:1: load: mode 'b' refused: bytecode is not allowed"},
      {"assert(load('\\27LJ\\2\\0'))",
       "hostile:1: attempt to load chunk with wrong mode"},
      {"load(function() return 'x' end)", "hostile:1: load: only source text is accepted (got function)"},
      {"getmetatable('').__index = {}", "hostile:1: attempt to index a boolean value"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(error_of([&] { rt.run(c.code, "hostile"); }), c.error) << c.code;
    EXPECT_EQ(rt.eval("1 + 1"), "2") << "after " << c.code;
  }
}

TEST_F(runtime, the_string_library_is_intact_after_a_script_replaces_its_copy) {
  rt.run("string.upper = function() return 'pwned' end", "hostile");
  EXPECT_EQ(rt.eval("('a'):upper()"), "\"A\"");
}

TEST_F(runtime, a_failing_or_endless_tostring_while_printing_a_result_is_an_error) {
  EXPECT_EQ(error_of([&] {
              rt.eval("setmetatable({}, {__tostring = function() error('no name') end})");
            }),
            "eval:1: no name");
  EXPECT_EQ(rt.eval("1 + 1"), "2");
}

TEST(runtime_budget, an_endless_tostring_while_printing_a_result_is_stopped) {
  muster::kernel k;
  muster::runtime_options o;
  o.instruction_budget = 1'000'000;
  muster::runtime rt(k, o);
  try {
    rt.eval("setmetatable({}, {__tostring = function() while true do end end})");
    FAIL();
  } catch (const muster::script_error& e) {
    EXPECT_EQ(e.kind(), muster::script_failure::instruction_budget);
  }
  EXPECT_EQ(rt.eval("1 + 1"), "2");
}

TEST_F(runtime, deep_recursion_is_a_stack_overflow_error) {
  EXPECT_EQ(error_of([&] { rt.run("local function f() return 1 + f() end\nf()", "hostile"); }),
            "hostile:1: stack overflow");
  EXPECT_EQ(rt.eval("1 + 1"), "2");
}

TEST_F(runtime, recursion_through_c_functions_is_stopped) {
  const std::string message = error_of([&] {
    rt.run("local t = setmetatable({}, {__tostring = function(s) return tostring(s) end})\n"
           "return tostring(t)",
           "hostile");
  });
  EXPECT_NE(message.find("too many nested calls between Lua and C functions (more than 200)"),  // tail calls: no line
            std::string::npos)
      << message;
  EXPECT_EQ(rt.eval("1 + 1"), "2");
}

// ---- budgets -------------------------------------------------------------------------

muster::runtime_options small_budgets() {
  muster::runtime_options o;
  o.instruction_budget = 5'000'000;
  o.memory_budget = std::size_t{64} << 20;
  return o;
}

TEST(runtime_budget, an_endless_loop_ends_with_a_clear_error) {
  muster::kernel k;
  muster::runtime rt(k, small_budgets());
  EXPECT_EQ(error_of([&] { rt.run("local i = 0\nwhile true do i = i + 1 end", "hostile"); }),
            "hostile:2: instruction budget exhausted (5000000 instructions)");
  EXPECT_EQ(rt.eval("1 + 1"), "2");
  EXPECT_EQ(failure_of(rt, "repeat until false"), muster::script_failure::instruction_budget);
}

TEST(runtime_budget, pcall_cannot_swallow_a_budget_error) {
  muster::kernel k;
  muster::runtime rt(k, small_budgets());
  EXPECT_EQ(failure_of(rt, "while true do pcall(function() while true do end end) end"),
            muster::script_failure::instruction_budget);
  EXPECT_EQ(failure_of(rt, "while true do xpcall(function() while true do end end, print) end"),
            muster::script_failure::instruction_budget);
  EXPECT_EQ(failure_of(rt, "local co = coroutine.create(function() while true do end end)\n"
                           "while true do coroutine.resume(co) end"),
            muster::script_failure::instruction_budget);
  EXPECT_EQ(rt.eval("pcall(error, 'ordinary errors are still caught')"),
            "false, \"ordinary errors are still caught\"");
}

TEST(runtime_budget, a_memory_bomb_ends_with_a_clear_error) {
  muster::kernel k;
  auto o = small_budgets();
  o.instruction_budget = 1'000'000'000;  // the memory budget must trip first
  muster::runtime rt(k, o);
  const std::string message =
      error_of([&] { rt.run("local t = {}\nwhile true do t[#t + 1] = {1, 2, 3, 4} end", "hostile"); });
  EXPECT_EQ(message, "hostile:2: memory budget exhausted (64 MiB)");
  EXPECT_LT(rt.memory_in_use(), std::size_t{8} << 20);  // the garbage was collected
  EXPECT_EQ(rt.eval("1 + 1"), "2");
  EXPECT_EQ(failure_of(rt, "local s = string.rep('x', 2^30)"), muster::script_failure::memory_budget);
  EXPECT_EQ(failure_of(rt, "local s = 'x' for i = 1, 40 do s = s .. s end"),
            muster::script_failure::memory_budget);
  EXPECT_EQ(failure_of(rt, "while true do pcall(string.rep, 'x', 2^30) end"),
            muster::script_failure::memory_budget);
  EXPECT_EQ(rt.eval("#string.rep('x', 1000)"), "1000");
}

TEST(runtime_budget, fast_mode_compiles_trusted_code_and_the_time_budget_stops_its_loops) {
  muster::kernel k;
  muster::runtime_options o;
  o.root = MUSTER_SOURCE_DIR "/tests/fixtures/root";
  o.mode = muster::execution::fast;
  o.time_budget = std::chrono::milliseconds(300);
  muster::runtime rt(k, o);
  rt.load_ruleset("looper");  // trusted: its hot loop runs compiled
  EXPECT_EQ(rt.jit_enabled(), muster::runtime::jit_stoppable());
  const auto start = std::chrono::steady_clock::now();
  try {
    rt.call_ruleset("hot", "[1e15]");  // compiled, and never ending without the deadline
    FAIL() << "the loop ended";
  } catch (const muster::script_error& e) {
    EXPECT_EQ(e.kind(), muster::script_failure::time_budget);
    EXPECT_EQ(std::string(e.what()).find("time budget exhausted (300 ms)") != std::string::npos, true) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(rt.call_ruleset("hot", "[7]"), "21");  // the next call has its own deadline
  EXPECT_TRUE(rt.jit_enabled() == muster::runtime::jit_stoppable());
}

TEST(runtime_budget, untrusted_code_turns_the_jit_off_and_is_stopped_by_the_time_budget) {
  muster::kernel k;
  muster::runtime_options o;
  o.root = MUSTER_SOURCE_DIR "/tests/fixtures/root";
  o.mode = muster::execution::fast;
  o.time_budget = std::chrono::milliseconds(200);
  muster::runtime rt(k, o);
  rt.load_ruleset("looper");
  EXPECT_EQ(error_of([&] { rt.run("while true do end", "hostile"); }), "hostile:1: time budget exhausted (200 ms)");
  EXPECT_FALSE(rt.jit_enabled());
  // A trusted function called in an endless untrusted loop is stopped too, and pcall cannot
  // keep it going.
  EXPECT_EQ(failure_of(rt, "while true do pcall(ruleset.hot, 10) end"), muster::script_failure::time_budget);
  EXPECT_EQ(rt.eval("1 + 1"), "2");
}

TEST(runtime_budget, counted_mode_keeps_the_jit_off_and_the_time_budget_backs_the_count) {
  muster::kernel k;
  muster::runtime_options o;
  o.instruction_budget = 0;  // no instruction budget: only the time budget can stop it
  o.time_budget = std::chrono::milliseconds(200);
  muster::runtime rt(k, o);
  EXPECT_FALSE(rt.jit_enabled());
  EXPECT_EQ(failure_of(rt, "while true do end"), muster::script_failure::time_budget);
  auto counted = small_budgets();
  muster::runtime rt2(k, counted);
  EXPECT_FALSE(rt2.jit_enabled());
  EXPECT_EQ(failure_of(rt2, "while true do end"), muster::script_failure::instruction_budget);
}

// What ^C at the REPL does: another thread (or a signal handler) interrupts the running call.
// Each case would run for its whole minute's time budget without it.
TEST(runtime_interrupt, stops_the_running_call_in_every_mode_and_pcall_cannot_keep_it) {
  // Runs `work` with an interrupt 100 ms in; returns the failure.
  const auto interrupted = [](muster::runtime& rt, const std::function<void()>& work) {
    std::thread stopper([&rt] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      rt.interrupt();
    });
    const auto start = std::chrono::steady_clock::now();
    std::pair<muster::script_failure, std::string> got{muster::script_failure::runtime, "no error"};
    try {
      work();
    } catch (const muster::script_error& e) {
      got = {e.kind(), e.what()};
    }
    stopper.join();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
    return got;
  };
  for (const auto mode : {muster::execution::counted, muster::execution::fast}) {
    for (const bool count : {true, false}) {
      SCOPED_TRACE(fmt::format("mode {}, instruction budget {}", static_cast<int>(mode), count));
      muster::kernel k;
      muster::runtime_options o;
      o.root = MUSTER_SOURCE_DIR "/tests/fixtures/root";
      o.mode = mode;
      o.instruction_budget = count ? 1'000'000'000'000 : 0;
      muster::runtime rt(k, o);
      rt.load_ruleset("looper");
      // The trusted ruleset's loop, compiled in fast mode.
      const auto [hot_kind, hot_what] = interrupted(rt, [&] { rt.call_ruleset("hot", "[1e15]"); });
      EXPECT_EQ(hot_kind, muster::script_failure::interrupted) << hot_what;
      EXPECT_NE(hot_what.find("interrupted"), std::string::npos) << hot_what;
      for (const char* code : {"while true do end", "while true do pcall(ruleset.hot, 1e6) end",
                               "local s = string.rep('ab', 1e6) while true do local n = s:find('b', 1, true) end"}) {
        SCOPED_TRACE(code);
        const auto [kind, what] = interrupted(rt, [&] { rt.run(code, "looping"); });
        EXPECT_EQ(kind, muster::script_failure::interrupted) << what;
        EXPECT_TRUE(what.ends_with(":1: interrupted") || what.ends_with("init.lua:5: interrupted")) << what;
        EXPECT_EQ(rt.eval("1 + 1"), "2");  // the next call runs
      }
    }
  }
}

TEST(runtime_interrupt, asked_between_calls_it_stops_the_next_unless_cleared) {
  muster::kernel k;
  muster::runtime rt(k);
  rt.interrupt();
  EXPECT_EQ(error_of([&] { rt.run("x = 1", "next"); }), "interrupted");
  EXPECT_EQ(rt.eval("x"), "nil");  // the call did not start
  rt.interrupt();
  rt.clear_interrupt();
  rt.run("x = 2", "next");
  EXPECT_EQ(rt.eval("x"), "2");
}

TEST(runtime_budget, counts_instructions_of_the_last_call) {
  muster::kernel k;
  muster::runtime rt(k);
  rt.run("local s = 0 for i = 1, 100000 do s = s + i end", "count");
  EXPECT_GT(rt.last_instructions(), 100'000u);
  EXPECT_LT(rt.last_instructions(), 2'000'000u);
}

}  // namespace
