// Runs the Lua-level tests: every tests/scripts/**/<name>_test.lua returns a table
//   { ruleset = "name"?, ruleset_path = "dir relative to the repo"?, root = "dir relative to
//     the repo"?, seed = 1?, budget = N?, test_<x> = function() ... end }
// and each test_<x> becomes one GoogleTest case (suite = the file's stem), run in a fresh
// kernel and runtime with the file's seed, so one failure cannot leak into the next.
// `ruleset` names a bundled ruleset (<root>/scripts/rulesets/<name>); `ruleset_path` loads a
// ruleset folder elsewhere in the repo instead (examples/01_skirmish/skirmish). `budget` raises
// the VM instructions one test may run (statistical tests sampling a procedure 100,000 times).
// `variants = {"weather", ...}` loads those variants (names or paths relative to the repo) in
// their declared order, as the command line does, with `options = {"weather.season=winter"}`.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace fs = std::filesystem;

namespace {

struct lua_file {
  fs::path path;
  std::string ruleset;
  std::string ruleset_path;
  std::string root;
  std::uint64_t seed = 1;
  std::uint64_t budget = 0;  // 0: the runtime's default
  std::vector<std::string> tests;
  std::vector<std::string> variants;
  std::vector<std::string> options;  // MODULE.NAME=VALUE
};

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < s.size()) {
    const auto end = std::min(s.find(' ', start), s.size());
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string unquote(std::string s) {
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return s.substr(1, s.size() - 2);
  return s == "nil" ? std::string() : s;
}

muster::runtime_options options_for(const lua_file& f) {
  muster::runtime_options o;
  if (!f.root.empty()) o.root = fs::path(MUSTER_SOURCE_DIR) / f.root;
  if (f.budget != 0) o.instruction_budget = f.budget;
  return o;
}

lua_file inspect(const fs::path& path) {
  lua_file f{path, {}, {}, {}, 1, 0, {}, {}, {}};
  muster::kernel k;
  muster::runtime rt(k);
  rt.run_file(path, "__file");
  f.ruleset = unquote(rt.eval("__file.ruleset"));
  f.ruleset_path = unquote(rt.eval("__file.ruleset_path"));
  if (!f.ruleset.empty() && !f.ruleset_path.empty())
    throw std::runtime_error(path.string() + ": give ruleset or ruleset_path, not both");
  f.root = unquote(rt.eval("__file.root"));
  const std::string seed = rt.eval("__file.seed");
  if (seed != "nil") f.seed = std::stoull(seed);
  const std::string budget = rt.eval("__file.budget");
  if (budget != "nil") f.budget = std::stoull(budget);
  const std::string names = unquote(rt.eval(
      "(function() local n = {} for k, v in pairs(__file) do if type(v) == 'function' and "
      "k:sub(1, 5) == 'test_' then n[#n + 1] = k end end return table.concat(n, ' ') end)()"));
  f.tests = words(names);
  f.variants = words(unquote(rt.eval("table.concat(__file.variants or {}, ' ')")));
  f.options = words(unquote(rt.eval("table.concat(__file.options or {}, ' ')")));
  return f;
}

class lua_case : public ::testing::Test {
 public:
  lua_case(lua_file file, std::string name) : file_(std::move(file)), name_(std::move(name)) {}
  void TestBody() override {
    muster::kernel k(file_.seed);
    muster::runtime rt(k, options_for(file_));
    try {
      if (!file_.ruleset.empty()) rt.load_ruleset(file_.ruleset);
      if (!file_.ruleset_path.empty())
        rt.load_ruleset((fs::path(MUSTER_SOURCE_DIR) / file_.ruleset_path).string());
      std::vector<std::string> requested;
      for (const auto& v : file_.variants) {
        const fs::path in_repo = fs::path(MUSTER_SOURCE_DIR) / v;
        requested.push_back(v.find('/') != std::string::npos ? in_repo.string() : v);
      }
      for (const auto& v : requested.empty() ? requested : rt.variant_order(requested)) {
        const std::string name = fs::path(v).stem().string();
        muster::option_values given;
        for (const auto& o : file_.options) {
          const auto eq = o.find('=');
          if (o.compare(0, name.size() + 1, name + ".") == 0 && eq != std::string::npos)
            given[o.substr(name.size() + 1, eq - name.size() - 1)] = o.substr(eq + 1);
        }
        rt.load_variant(v, given);
      }
      rt.run_file(file_.path, "__file");
      rt.run("__file." + name_ + "()", "driver");
    } catch (const std::exception& e) {
      FAIL() << e.what();
    }
  }

 private:
  lua_file file_;
  std::string name_;
};

void register_all() {
  const fs::path root = fs::path(MUSTER_SOURCE_DIR) / "tests" / "scripts";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().filename().string().ends_with("_test.lua"))
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    lua_file f;
    try {
      f = inspect(path);
    } catch (const std::exception& e) {
      const std::string message = e.what();
      ::testing::RegisterTest("lua_load", path.stem().string().c_str(), nullptr, nullptr,
                              __FILE__, __LINE__, [message]() -> ::testing::Test* {
                                struct broken : ::testing::Test {
                                  std::string m;
                                  explicit broken(std::string s) : m(std::move(s)) {}
                                  void TestBody() override { FAIL() << m; }
                                };
                                return new broken(message);
                              });
      continue;
    }
    const std::string suite = fs::relative(path, root).replace_extension().generic_string();
    std::string suite_name = suite;
    std::replace(suite_name.begin(), suite_name.end(), '/', '.');
    for (const auto& name : f.tests)
      ::testing::RegisterTest(suite_name.c_str(), name.c_str(), nullptr, nullptr, __FILE__,
                              __LINE__, [f, name]() -> ::testing::Test* { return new lua_case(f, name); });
  }
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  register_all();
  return RUN_ALL_TESTS();
}
