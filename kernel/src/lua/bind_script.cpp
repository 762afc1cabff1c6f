// Lua binding of muster.script: what a script may learn about script files without the
// `debug` library or the file system. get_where reports the file and line of a running Lua
// function (so data constructors can record where an entry was written); get_file hands a
// Lua data file under the Muster root to a script as text, read by the kernel as require
// reads modules. No service behind it, no rules, no writing, nothing outside the root.
#include <filesystem>
#include <string>
#include <string_view>

#include "lua/bindings.hpp"
#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "lua/stack.hpp"
#include "muster/runtime.hpp"

namespace muster::lua {
namespace {

namespace fs = std::filesystem;

/// The largest file get_file reads: data files are small, and the memory budget should not
/// be the first thing to notice a mistake.
constexpr std::uintmax_t max_file_bytes = std::uintmax_t{1} << 20;

/// The deepest level get_where looks at.
constexpr std::int64_t max_level = 1000;

/// Whether `path` is a relative, '/'-separated path of plain parts ending in ".lua": each part
/// non-empty, not "." or "..", made of letters, digits, '_', '-' and '.'.
bool is_data_path(std::string_view path) {
  if (path.size() < 5 || !path.ends_with(".lua")) return false;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    const std::string_view part = path.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return false;
    for (const char c : part) {
      const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-' || c == '.';
      if (!ok) return false;
    }
    start = end + 1;
  }
  return true;
}

/// Whether `file` (resolved, symlinks followed) lies inside `dir`.
bool lies_under(const fs::path& file, const fs::path& dir) {
  const fs::path f = fs::weakly_canonical(file);
  const fs::path d = fs::weakly_canonical(dir);
  auto [d_end, f_at] = std::mismatch(d.begin(), d.end(), f.begin(), f.end());
  (void)f_at;
  return d_end == d.end();
}

std::string read_text(const fs::path& file, std::string_view shown) {
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(file, ec);
  if (ec) fail("cannot read '{}'", shown);
  if (size > max_file_bytes)
    fail("'{}' is too large ({} bytes, at most {})", shown, size, max_file_bytes);
  std::FILE* f = std::fopen(file.c_str(), "rb");
  if (!f) fail("cannot read '{}'", shown);
  std::string text(static_cast<std::size_t>(size), '\0');
  const std::size_t n = std::fread(text.data(), 1, text.size(), f);
  std::fclose(f);
  text.resize(n);
  return text;
}

// muster.script.get_where(level?: integer) -> file: string|nil, line: integer|nil
// Level 1 (the default) is the Lua function that called get_where, 2 its caller, and so on,
// as error()'s level counts. file is the chunk name without its '@' or '='
// ("scripts/armies/fantasy_warriors/orcs.lua"); nil, nil when there is no such level or the
// function there has no line (a C function).
int l_script_get_where(lua_State* L) {
  std::int64_t level = 1;
  if (!lua_isnoneornil(L, 1)) level = check_integer(L, 1);
  if (level < 1 || level > max_level)
    throw arg_error(1, fmt::format("level 1..{} expected, got {}", max_level, level));
  lua_Debug ar;
  if (lua_getstack(L, static_cast<int>(level), &ar) == 0 || lua_getinfo(L, "Sl", &ar) == 0 ||
      ar.currentline <= 0 || ar.source == nullptr) {
    lua_pushnil(L);
    lua_pushnil(L);
    return 2;
  }
  if (ar.source[0] == '@' || ar.source[0] == '=')
    lua_pushstring(L, ar.source + 1);
  else
    lua_pushstring(L, ar.short_src);  // a chunk named by its own text: "[string \"...\"]"
  lua_pushinteger(L, ar.currentline);
  return 2;
}

// muster.script.get_file(path: string) -> text: string
// Reads a Lua data file under the Muster root (runtime_options::root): `path` is relative to
// the root, '/'-separated, and ends in ".lua" ("scripts/armies/fantasy_warriors/orcs.lua").
// Compile the text with load(text, "@" .. path, "t", env) so errors name the file.
int l_script_get_file(lua_State* L) {
  const std::string_view path = check_string(L, 1);
  if (!is_data_path(path))
    throw arg_error(1, fmt::format("bad path '{}' (want a relative path to a .lua file under "
                                   "the Muster root, parts of letters, digits, '_', '-', '.')",
                                   cut_echo(path)));
  const fs::path root = owner(L).options().root;
  const fs::path file = root / fs::path(std::string(path));
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) fail("no file '{}'", cut_echo(path));
  if (!lies_under(file, root)) fail("'{}' leads outside the Muster root", cut_echo(path));
  const std::string text = read_text(file, path);
  push_string(L, text);
  return 1;
}

}  // namespace

void open_script(lua_State* L, int muster_table) {
  static const function_entry entries[] = {
      {"get_where", guard<l_script_get_where>},
      {"get_file", guard<l_script_get_file>},
  };
  muster_table = abs_index(L, muster_table);
  lua_newtable(L);  // stack: muster.script
  register_functions(L, -1, entries, nullptr, "muster.script");
  lua_setfield(L, muster_table, "script");
}

}  // namespace muster::lua
