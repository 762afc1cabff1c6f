// muster.script through the runtime: get_where at each level (the caller, its caller, a
// constructor's call site in a loaded data chunk, levels past the stack), get_file inside a
// root of its own (text, missing files, bad paths, a symlink out of the root, size limit), and
// the exact error texts with their file:line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace fs = std::filesystem;

namespace {

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

// A Muster root in a fresh temporary folder, removed afterwards.
struct temp_root {
  fs::path dir;
  temp_root() {
    dir = fs::temp_directory_path() /
          ("muster_script_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
           "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir / "data");
  }
  ~temp_root() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  void write(const fs::path& rel, const std::string& text) const {
    fs::create_directories((dir / rel).parent_path());
    std::ofstream(dir / rel, std::ios::binary) << text;
  }
};

muster::runtime_options rooted(const fs::path& root) {
  muster::runtime_options o;
  o.root = root;
  return o;
}

TEST(script, get_where_reports_the_callers_file_and_line) {
  muster::kernel k;
  muster::runtime rt(k);
  rt.run(
      "local function here() local f, l = muster.script.get_where() return f, l end\n"
      "local function caller() local f, l = muster.script.get_where(2) return f, l end\n"
      "local function outer()\n"
      "  local f, l = caller()\n"  // line 4: caller() is called from here
      "  return f, l\n"
      "end\n"
      "w1 = {here()}\n"
      "w2 = {outer()}\n"
      "w3 = {muster.script.get_where(1)}\n",  // line 9: the chunk itself
      "club/where.lua");
  EXPECT_EQ(rt.eval("w1"), "{\"club/where.lua\", 1}");  // level 1: `here`, running line 1
  EXPECT_EQ(rt.eval("w2"), "{\"club/where.lua\", 4}");
  EXPECT_EQ(rt.eval("w3"), "{\"club/where.lua\", 9}");
}

TEST(script, get_where_skips_a_frame_that_a_tail_call_replaced) {
  muster::kernel k;
  muster::runtime rt(k);
  // `return muster.script.get_where()` is a tail call: `here` is gone, level 1 is its caller.
  rt.run(
      "local function here() return muster.script.get_where() end\n"
      "\n"
      "w = {here()}\n",
      "club/tail.lua");
  EXPECT_EQ(rt.eval("w"), "{\"club/tail.lua\", 3}");
}

TEST(script, get_where_gives_a_constructors_call_site_in_a_loaded_chunk) {
  muster::kernel k;
  muster::runtime rt(k);
  rt.run(
      "made = {}\n"
      "local function troop(name)\n"
      "  local file, line = muster.script.get_where(2)\n"
      "  return function(t) made[#made + 1] = name .. '@' .. file .. ':' .. line end\n"
      "end\n"
      "local chunk = load('troop \"a\" {\\n}\\n\\n  troop \"b\" { x = 1 }\\n',\n"
      "                   '@scripts/armies/x/list.lua', 't', {troop = troop})\n"
      "chunk()\n",
      "eval");
  EXPECT_EQ(rt.eval("made"),
            "{\"a@scripts/armies/x/list.lua:1\", \"b@scripts/armies/x/list.lua:4\"}");
}

TEST(script, get_where_returns_nil_past_the_stack_or_at_a_c_function) {
  muster::kernel k;
  muster::runtime rt(k);
  EXPECT_EQ(rt.eval("muster.script.get_where(1000)"), "nil, nil");
  // Level 2 of a function called by pcall (a C function) has no line.
  EXPECT_EQ(rt.eval("select(2, pcall(function() local f, l = muster.script.get_where(2) return f, l end))"),
            "nil, nil");
}

TEST(script, get_where_checks_its_level) {
  muster::kernel k;
  muster::runtime rt(k);
  EXPECT_EQ(error_of([&] { rt.run("muster.script.get_where(0)", "lvl"); }),
            "lvl:1: muster.script.get_where: bad argument #1 (level 1..1000 expected, got 0)");
  EXPECT_EQ(error_of([&] { rt.run("\nmuster.script.get_where(1.5)", "lvl"); }),
            "lvl:2: muster.script.get_where: bad argument #1 (integer expected, got 1.5)");
}

TEST(script, get_file_reads_a_lua_file_under_the_root) {
  temp_root root;
  root.write("data/list.lua", "troop \"a\" {}\n");
  muster::kernel k;
  muster::runtime rt(k, rooted(root.dir));
  EXPECT_EQ(rt.eval("muster.script.get_file('data/list.lua')"), "\"troop \\\"a\\\" {}\\n\"");
}

TEST(script, get_file_refuses_paths_that_are_not_plain_relative_lua_paths) {
  temp_root root;
  root.write("data/list.lua", "return 1\n");
  muster::kernel k;
  muster::runtime rt(k, rooted(root.dir));
  const std::string want =
      " (want a relative path to a .lua file under the Muster root, parts of letters, digits, "
      "'_', '-', '.')";
  for (const std::string bad : {"/etc/passwd.lua", "../x.lua", "data/../data/list.lua",
                                "data//list.lua", "data/list.txt", "./data/list.lua",
                                "data\\\\list.lua", ".lua"}) {
    EXPECT_EQ(error_of([&] { rt.run("muster.script.get_file('" + bad + "')", "p"); }),
              "p:1: muster.script.get_file: bad argument #1 (bad path '" +
                  (bad == "data\\\\list.lua" ? std::string("data\\list.lua") : bad) + "'" + want +
                  ")")
        << bad;
  }
  EXPECT_EQ(error_of([&] { rt.run("muster.script.get_file(3)", "p"); }),
            "p:1: muster.script.get_file: bad argument #1 (string expected, got number)");
}

TEST(script, get_file_reports_missing_files_and_escapes_from_the_root) {
  temp_root root;
  root.write("data/list.lua", "return 1\n");
  const fs::path outside = root.dir.parent_path() / (root.dir.filename().string() + "_outside.lua");
  std::ofstream(outside) << "secret = 1\n";
  fs::create_symlink(outside, root.dir / "data" / "link.lua");
  fs::create_directories(root.dir / "data" / "folder.lua");
  muster::kernel k;
  muster::runtime rt(k, rooted(root.dir));
  EXPECT_EQ(error_of([&] { rt.run("muster.script.get_file('data/none.lua')", "p"); }),
            "p:1: muster.script.get_file: no file 'data/none.lua'");
  EXPECT_EQ(error_of([&] { rt.run("muster.script.get_file('data/folder.lua')", "p"); }),
            "p:1: muster.script.get_file: no file 'data/folder.lua'");
  EXPECT_EQ(error_of([&] { rt.run("muster.script.get_file('data/link.lua')", "p"); }),
            "p:1: muster.script.get_file: 'data/link.lua' leads outside the Muster root");
  fs::remove(outside);
}

TEST(script, get_file_refuses_files_over_a_mebibyte) {
  temp_root root;
  root.write("data/big.lua", std::string((1u << 20) + 1, '-'));
  muster::kernel k;
  muster::runtime rt(k, rooted(root.dir));
  EXPECT_EQ(error_of([&] { rt.run("muster.script.get_file('data/big.lua')", "p"); }),
            "p:1: muster.script.get_file: 'data/big.lua' is too large (1048577 bytes, at most "
            "1048576)");
}

}  // namespace
