// The module loader: rulesets (scripts/rulesets/<name>/) and variants (bundled by name, or
// a club's file or folder by path). Reads and checks each manifest (name, version, kernel
// and ruleset requirements, typed options), hashes the module's files, runs it in its own
// sandboxed environment and records what was loaded. Manifests are data: read raw, no
// metamethods, inside the protected call.
#include <charconv>
#include <cmath>
#include <set>

#include "lua/runtime_impl.hpp"
#include "muster/version.hpp"

namespace muster {
namespace {

struct option_spec {
  std::string name;
  std::string type;  // boolean | integer | number | string
  std::string default_text;
  std::vector<std::string> values;  // allowed strings, when listed
  std::string doc;
};

struct manifest {
  std::string file;  // for messages
  std::string name;
  std::string version;
  std::string kind;
  std::string kernel;
  std::string ruleset;
  std::string ruleset_version;
  std::string description;
  std::vector<option_spec> options;  // sorted by name
  std::vector<std::string> after;      // variants this one is applied after (and may build on)
  std::vector<std::string> overrides;  // entries ("list.id", "table.key") it may change whoever changed them
};

constexpr const char* manifest_fields[] = {"name",        "version", "kind",   "kernel",  "ruleset",
                                           "ruleset_version", "options", "after", "overrides",
                                           "description", "author",  "source", "license"};

bool valid_name(std::string_view n) {
  return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) {
    return c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  });
}

// Renders a Lua scalar as option text; false when it is not a scalar.
bool scalar_text(lua_State* L, int index, std::string& out) {
  switch (lua_type(L, index)) {
    case LUA_TBOOLEAN: out = lua_toboolean(L, index) ? "true" : "false"; return true;
    case LUA_TNUMBER: out = lua::render(L, index); return true;
    case LUA_TSTRING: out = lua::text_at(L, index, "an option's value"); return true;
    default: return false;
  }
}

// Reads the manifest table on top of the stack (raw, plain tables only). Throws
// muster::error "field 'x': ..." for the caller to prefix with the file.
void read_manifest(lua_State* L, manifest& m) {
  const int t = lua_gettop(L);
  if (lua_type(L, t) != LUA_TTABLE)
    fail("must return a table (the manifest), got {}", lua::type_name(L, t));
  if (lua_getmetatable(L, t)) fail("the manifest must be a plain table (it has a metatable)");
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) fail("keys must be field names, got a {}", lua::type_name(L, -1));
    const std::string key = lua::text_at(L, -1, "a manifest field");
    if (std::find(std::begin(manifest_fields), std::end(manifest_fields), key) ==
        std::end(manifest_fields))
      fail("unknown field '{}' (known: name, version, kind, kernel, ruleset, ruleset_version, "
           "options, after, overrides, description, author, source, license)",
           key);
  }
  lua::field_reader r(L, t);
  m.name = r.string("name");
  m.version = r.string("version");
  m.kind = r.string("kind");
  m.kernel = r.string("kernel");
  m.ruleset = r.string("ruleset", "");
  m.ruleset_version = r.string("ruleset_version", "");
  m.description = r.string("description", "");
  if (!valid_name(m.name)) fail("field 'name': '{}' is not a module name (a-z, 0-9, _ and -)", m.name);
  try {
    (void)version::parse(m.version);
  } catch (const error& e) {
    fail("field 'version': {}", e.what());
  }
  try {
    (void)version_requirement::parse(m.kernel);
  } catch (const error& e) {
    fail("field 'kernel': {}", e.what());
  }
  if (m.kind != "ruleset" && m.kind != "variant")
    fail("field 'kind': '{}' is neither \"ruleset\" nor \"variant\"", m.kind);
  if (m.kind == "variant") {
    if (m.ruleset.empty()) fail("field 'ruleset': a variant names the ruleset it changes");
    if (m.ruleset_version.empty()) m.ruleset_version = "*";
    try {
      (void)version_requirement::parse(m.ruleset_version);
    } catch (const error& e) {
      fail("field 'ruleset_version': {}", e.what());
    }
  }
  // after = {"weather"}, overrides = {"threat_test.weather"}: arrays of strings.
  const auto string_array = [&](const char* field, std::vector<std::string>& out, bool names) {
    if (!r.push_table(field)) return;
    const int n = static_cast<int>(lua_objlen(L, -1));
    lua_pushnil(L);
    int count = 0;
    while (lua_next(L, -2) != 0) {
      lua_pop(L, 1);
      ++count;
    }
    if (count != n) fail("field '{}': an array of strings expected", field);
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      if (lua_type(L, -1) != LUA_TSTRING) fail("field '{}[{}]': string expected, got {}", field, i, lua::type_name(L, -1));
      std::string s = lua::text_at(L, -1, fmt::format("field '{}[{}]'", field, i));
      lua_pop(L, 1);
      if (names && !valid_name(s)) fail("field '{}[{}]': '{}' is not a module name", field, i, s);
      if (!names && (s.find('.') == std::string::npos || s.front() == '.' || s.back() == '.'))
        fail("field '{}[{}]': '{}' is not an entry (want \"list.id\" or \"table.key\")", field, i, s);
      out.push_back(std::move(s));
    }
    lua_pop(L, 1);
  };
  string_array("after", m.after, true);
  string_array("overrides", m.overrides, false);
  if (m.kind != "variant" && (!m.after.empty() || !m.overrides.empty()))
    fail("field '{}': only a variant declares it", m.after.empty() ? "overrides" : "after");
  if (!r.push_table("options")) return;
  const int opts = lua_gettop(L);
  if (lua_getmetatable(L, opts)) fail("field 'options' must be a plain table");
  lua_pushnil(L);
  while (lua_next(L, opts) != 0) {  // stack: options, key, spec
    if (lua_type(L, -2) != LUA_TSTRING) fail("field 'options': keys must be option names");
    option_spec o;
    o.name = lua::text_at(L, -2, "an option's name");
    const std::string path = "options." + o.name;
    if (lua_type(L, -1) != LUA_TTABLE) fail("field '{}': table expected, got {}", path, lua::type_name(L, -1));
    if (lua_getmetatable(L, -1)) fail("field '{}' must be a plain table", path);
    lua_pushnil(L);  // an option spec's keys: a typo is an error, not a silent default
    while (lua_next(L, -2) != 0) {
      lua_pop(L, 1);
      const bool known_key = lua_type(L, -1) == LUA_TSTRING &&
                             (std::string_view(lua_tostring(L, -1)) == "type" ||
                              std::string_view(lua_tostring(L, -1)) == "default" ||
                              std::string_view(lua_tostring(L, -1)) == "values" ||
                              std::string_view(lua_tostring(L, -1)) == "doc");
      if (!known_key)
        fail("field '{}': unknown key '{}' (known: type, default, values, doc)", path,
             lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : lua::type_name(L, -1));
    }
    lua::field_reader spec(L, -1, path);
    o.type = spec.string("type");
    o.doc = spec.string("doc", "");
    if (o.type != "boolean" && o.type != "integer" && o.type != "number" && o.type != "string")
      fail("field '{}.type': '{}' is not boolean, integer, number or string", path, o.type);
    if (spec.push_table("values")) {
      for (int i = 1;; ++i) {
        lua_rawgeti(L, -1, i);
        if (lua_isnil(L, -1)) {
          lua_pop(L, 1);
          break;
        }
        if (lua_type(L, -1) != LUA_TSTRING) fail("field '{}.values[{}]': string expected", path, i);
        o.values.emplace_back(lua::text_at(L, -1, fmt::format("field '{}.values[{}]'", path, i)));
        lua_pop(L, 1);
      }
      lua_pop(L, 1);
      if (o.type != "string") fail("field '{}.values': only string options list values", path);
    }
    lua_getfield(L, -1, "default");
    if (!scalar_text(L, -1, o.default_text)) fail("field '{}.default': a default value is required", path);
    const int dtype = lua_type(L, -1);
    lua_pop(L, 1);
    const bool type_ok = (o.type == "boolean" && dtype == LUA_TBOOLEAN) ||
                         (o.type == "string" && dtype == LUA_TSTRING) ||
                         ((o.type == "number" || o.type == "integer") && dtype == LUA_TNUMBER);
    if (!type_ok) fail("field '{}.default': {} expected", path, o.type);
    if (!o.values.empty() &&
        std::find(o.values.begin(), o.values.end(), o.default_text) == o.values.end())
      fail("field '{}.default': '{}' is not one of its values", path, o.default_text);
    m.options.push_back(std::move(o));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  std::sort(m.options.begin(), m.options.end(),
            [](const option_spec& a, const option_spec& b) { return a.name < b.name; });
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

// [-0, +1] Checks the overrides against the manifest and pushes the options table (typed
// values). Fills `resolved` with every option's value as text.
void push_options(lua_State* L, const manifest& m, const option_values& overrides,
                  std::map<std::string, std::string>& resolved) {
  for (const auto& [name, text] : overrides) {
    const bool known = std::any_of(m.options.begin(), m.options.end(),
                                   [&, &key = name](const option_spec& o) { return o.name == key; });
    if (!known) {
      std::vector<std::string> names;
      for (const auto& o : m.options) names.push_back(o.name);
      fail("{} '{}': unknown option '{}' ({})", m.kind, m.name, name,
           names.empty() ? std::string("it has no options") : "known: " + join(names));
    }
  }
  lua_newtable(L);
  for (const option_spec& o : m.options) {
    const auto it = overrides.find(o.name);
    const std::string text = it != overrides.end() ? it->second : o.default_text;
    const auto bad = [&](std::string_view want) {
      fail("{} '{}': option '{}': '{}' is not {}", m.kind, m.name, o.name, text, want);
    };
    if (o.type == "boolean") {
      if (text == "true" || text == "yes" || text == "on" || text == "1") lua_pushboolean(L, 1);
      else if (text == "false" || text == "no" || text == "off" || text == "0") lua_pushboolean(L, 0);
      else bad("a boolean (true or false)");
    } else if (o.type == "integer" || o.type == "number") {
      double d = 0;
      auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
      if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(d))
        bad(o.type == "integer" ? "an integer" : "a finite number");
      if (o.type == "integer" && (std::fabs(d) > 9007199254740992.0 || d != std::floor(d)))
        bad("an integer");
      lua_pushnumber(L, d);
    } else {
      if (!o.values.empty() && std::find(o.values.begin(), o.values.end(), text) == o.values.end())
        bad("one of " + join(o.values));
      lua::push_string(L, text);
    }
    lua_setfield(L, -2, o.name.c_str());
    resolved[o.name] = text;
  }
}

// FNV-1a over the module's files: sorted relative paths and contents. `skip` names a
// sub-folder that holds other modules (a ruleset's variants/).
std::string hash_module(const fs::path& where, std::string_view skip) {
  fnv1a h;
  if (fs::is_regular_file(where)) {
    h.add(where.filename().string());
    h.add(std::string_view("\0", 1));
    h.add(read_file(where));
    return h.hex();
  }
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(where); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory() && !skip.empty() && it->path().filename() == skip && it.depth() == 0) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) files.push_back(fs::relative(it->path(), where));
  }
  std::sort(files.begin(), files.end());
  for (const auto& rel : files) {
    h.add(rel.generic_string());
    h.add(std::string_view("\0", 1));
    h.add(read_file(where / rel));
    h.add(std::string_view("\0", 1));
  }
  return h.hex();
}

std::vector<std::string> list_dir(const fs::path& dir, bool folders, bool lua_files) {
  std::vector<std::string> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (folders && e.is_directory() && fs::exists(e.path() / "manifest.lua"))
      out.push_back(e.path().filename().string());
    if (lua_files && e.is_regular_file() && e.path().extension() == ".lua")
      out.push_back(e.path().stem().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

// Loads and checks a manifest file; or, for a single-file variant, the `manifest` field of
// the module table on top of the stack.
struct module_loader {
  runtime::impl& rt;
  lua_State* L;

  // [-0, +1] Runs a file in a fresh environment (folder-bound require) and leaves its result.
  void run_file(const fs::path& file, bool bundled, int nargs_pushed_before = 0) {
    if (!bundled) rt.distrust();
    const std::string code = read_file(file);
    rt.load(code, rt.chunk_name_for(file));
    rt.push_new_env(file.parent_path().string());
    lua_setfenv(L, -2);
    if (nargs_pushed_before > 0) lua_insert(L, -(nargs_pushed_before + 1));
    rt.call(nargs_pushed_before, 1);
  }

  // [-0, +0] Runs manifest.lua with no globals at all and reads it.
  manifest read_manifest_file(const fs::path& file, bool bundled) {
    if (!fs::is_regular_file(file)) fail("{}: missing (every module folder has a manifest.lua)", display(file));
    if (!bundled) rt.distrust();
    const std::string code = read_file(file);
    rt.load(code, rt.chunk_name_for(file));
    lua_newtable(L);  // data only: an empty environment
    lua_setfenv(L, -2);
    rt.call(0, 1);
    return check_manifest_on_top(display(file));
  }

  // [-1, +0] Validates the manifest table on top of the stack (inside the protected call,
  // so a hostile table cannot escape), then pops it.
  manifest check_manifest_on_top(const std::string& where) {
    manifest m;
    m.file = where;
    std::string message;
    struct job {
      manifest* m;
      std::string* message;
    } j{&m, &message};
    lua_pushlightuserdata(L, &j);
    lua_pushcclosure(L, [](lua_State* S) -> int {
      auto* jp = static_cast<job*>(lua_touserdata(S, lua_upvalueindex(1)));
      try {
        read_manifest(S, *jp->m);
      } catch (const std::exception& e) {
        *jp->message = e.what();
      }
      return 0;
    }, 1);
    lua_insert(L, -2);
    rt.call(1, 0);
    if (!message.empty()) fail("{}: {}", where, message);
    version_requirement need = version_requirement::parse(m.kernel);
    if (!need.allows(version::parse(kernel_api_version)))
      fail("{}: {} '{}' needs kernel API {}, this kernel is {}", where, m.kind, m.name, m.kernel,
           kernel_api_version);
    return m;
  }

  std::string display(const fs::path& file) const {
    const std::string c = rt.chunk_name_for(file);
    return c.substr(1);
  }

  // [-0, +1] The context table a module receives: who it is, for modifier sources.
  void push_context(const manifest& m) {
    lua_newtable(L);
    lua::set_field(L, -1, "name", m.name);
    lua::set_field(L, -1, "version", m.version);
    lua::set_field(L, -1, "kind", m.kind);
    lua::set_field(L, -1, "source", fmt::format("{} {}", m.name, m.version));
  }

  const loaded_module& record(const manifest& m, std::string hash, const fs::path& where, bool bundled,
                            std::map<std::string, std::string> options) {
    loaded_module info;
    info.after = m.after;
    info.name = m.name;
    info.kind = m.kind;
    info.version = m.version;
    info.hash = std::move(hash);
    info.path = display(where);
    info.bundled = bundled;
    info.options = std::move(options);
    rt.modules.push_back(std::move(info));
    rt.on_module_loaded(rt.modules.back());
    return rt.modules.back();
  }
};

const loaded_module& runtime::load_ruleset(std::string_view name, const option_values& options) {
  impl& self = *impl_;
  lua_State* L = self.L;
  if (self.ruleset_ref != LUA_NOREF)
    fail("ruleset '{}' is already loaded: a runtime holds one ruleset", self.ruleset_name);
  const fs::path rulesets = self.opts.root / "scripts" / "rulesets";
  fs::path dir;
  if (valid_name(name) && fs::is_regular_file(rulesets / std::string(name) / "manifest.lua")) {
    dir = rulesets / std::string(name);
  } else if (!valid_name(name) && fs::is_regular_file(fs::path(name) / "manifest.lua")) {
    dir = fs::absolute(fs::path(name));  // a ruleset being written outside the tree
  } else {
    const auto known = list_dir(rulesets, true, false);
    fail("no ruleset '{}' (available: {}; or give the path of a ruleset folder)", name,
         known.empty() ? "none" : join(known));
  }
  const bool bundled = is_under(dir, self.opts.root / "scripts");
  const int top = lua_gettop(L);
  module_loader loader{self, L};
  try {
    manifest m = loader.read_manifest_file(dir / "manifest.lua", bundled);
    if (m.kind != "ruleset") fail("{}: field 'kind': a ruleset's manifest says \"ruleset\"", m.file);
    if (m.name != dir.filename().string())
      fail("{}: field 'name': '{}' does not match its folder '{}'", m.file, m.name,
           dir.filename().string());
    std::map<std::string, std::string> resolved;
    push_options(L, m, options, resolved);  // stack: options
    loader.push_context(m);                 // stack: options, context
    loader.run_file(dir / "init.lua", bundled, 2);
    if (lua_type(L, -1) != LUA_TTABLE)
      fail("{}: must return the ruleset's module table, got {}", loader.display(dir / "init.lua"),
           lua::type_name(L, -1));
    self.ruleset_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    self.ruleset_name = m.name;
    self.ruleset_version = m.version;
    self.push_registry_field("session");
    lua_rawgeti(L, LUA_REGISTRYINDEX, self.ruleset_ref);
    lua_setfield(L, -2, "ruleset");
    lua_settop(L, top);
    return loader.record(m, hash_module(dir, "variants"), dir, bundled, std::move(resolved));
  } catch (...) {
    lua_settop(L, top);
    throw;
  }
}

namespace {

// Where variant `name_or_path` is: a bundled variant's folder or file, or a path; and
// whether it is bundled (trusted).
std::pair<fs::path, bool> locate_variant(runtime::impl& self, std::string_view name_or_path) {
  const fs::path bundled_dir = self.opts.root / "scripts" / "rulesets" / self.ruleset_name / "variants";
  if (valid_name(name_or_path)) {
    const std::string n(name_or_path);
    if (fs::is_directory(bundled_dir / n)) return {bundled_dir / n, true};
    if (fs::is_regular_file(bundled_dir / (n + ".lua"))) return {bundled_dir / (n + ".lua"), true};
  }
  const fs::path p(name_or_path);
  if (!fs::is_directory(p) && !fs::is_regular_file(p)) {
    auto known = list_dir(bundled_dir, true, true);
    fail("no variant '{}' (bundled variants of {}: {}; or give the path of a variant file or folder)",
         name_or_path, self.ruleset_name, known.empty() ? "none" : join(known));
  }
  const fs::path where = fs::absolute(p);
  return {where, is_under(where, self.opts.root / "scripts")};
}

}  // namespace

std::vector<std::string> runtime::variant_order(const std::vector<std::string>& names_or_paths) {
  impl& self = *impl_;
  lua_State* L = self.L;
  if (self.ruleset_ref == LUA_NOREF) fail("load a ruleset before variants");
  struct node {
    std::string request;
    manifest m;
  };
  std::vector<node> nodes;
  const int top = lua_gettop(L);
  module_loader loader{self, L};
  try {
    for (const auto& request : names_or_paths) {
      const auto [where, bundled] = locate_variant(self, request);
      node n{request, {}};
      if (fs::is_directory(where)) {
        n.m = loader.read_manifest_file(where / "manifest.lua", bundled);
      } else {
        loader.run_file(where, bundled);
        if (lua_type(L, -1) != LUA_TTABLE || lua_getmetatable(L, -1))
          fail("{}: a variant file returns a plain table with 'manifest' and 'apply'", loader.display(where));
        lua_pushliteral(L, "manifest");
        lua_rawget(L, -2);
        n.m = loader.check_manifest_on_top(loader.display(where));
        lua_pop(L, 1);
      }
      for (const auto& other : nodes)
        if (other.m.name == n.m.name) fail("variant '{}' is named twice ({} and {})", n.m.name, other.request, request);
      nodes.push_back(std::move(n));
    }
  } catch (...) {
    lua_settop(L, top);
    throw;
  }
  // Kahn's algorithm; among the variants ready at each step the smallest name goes first, so
  // the order never depends on how the command line listed them.
  std::vector<std::string> order;
  std::vector<bool> done(nodes.size(), false);
  while (order.size() < nodes.size()) {
    std::size_t pick = nodes.size();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (done[i]) continue;
      const bool ready = std::all_of(nodes[i].m.after.begin(), nodes[i].m.after.end(), [&](const std::string& a) {
        for (std::size_t j = 0; j < nodes.size(); ++j)
          if (nodes[j].m.name == a && !done[j]) return false;
        return true;
      });
      // A variant that declares overrides goes after the others, so it sees what they changed.
      const auto rank = [&](std::size_t x) { return std::pair(!nodes[x].m.overrides.empty(), nodes[x].m.name); };
      if (ready && (pick == nodes.size() || rank(i) < rank(pick))) pick = i;
    }
    if (pick == nodes.size()) {
      std::vector<std::string> stuck;
      for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!done[i]) stuck.push_back(fmt::format("{} after {{{}}}", nodes[i].m.name, join(nodes[i].m.after)));
      fail("variants wait for each other in a cycle: {}", join(stuck));
    }
    done[pick] = true;
    order.push_back(nodes[pick].request);
  }
  return order;
}

const loaded_module& runtime::load_variant(std::string_view name_or_path, const option_values& options) {
  impl& self = *impl_;
  lua_State* L = self.L;
  if (self.ruleset_ref == LUA_NOREF) fail("load a ruleset before variant '{}'", name_or_path);
  const auto [where, bundled] = locate_variant(self, name_or_path);
  const int top = lua_gettop(L);
  module_loader loader{self, L};
  // [-0, +1] The ruleset's variant_api, or nil for a ruleset without a registry.
  const auto push_variant_api = [&] {
    lua_rawgeti(L, LUA_REGISTRYINDEX, self.ruleset_ref);
    lua_pushliteral(L, "variant_api");
    lua_rawget(L, -2);
    lua_remove(L, -2);
  };
  push_variant_api();
  const bool has_api = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 1);
  struct containment {
    bool& flag;
    ~containment() { flag = false; }
  } contained{self.contain_variant};
  self.contain_variant = has_api;
  try {
    manifest m;
    const bool folder = fs::is_directory(where);
    if (folder) {
      m = loader.read_manifest_file(where / "manifest.lua", bundled);
      loader.run_file(where / "init.lua", bundled);
    } else {
      loader.run_file(where, bundled);  // a single file returns {manifest = ..., apply = ...}
      if (lua_type(L, -1) != LUA_TTABLE)
        fail("{}: a variant file returns a table with 'manifest' and 'apply', got {}",
             loader.display(where), lua::type_name(L, -1));
      if (lua_getmetatable(L, -1)) fail("{}: the variant table must be a plain table", loader.display(where));
      lua_getfield(L, -1, "manifest");
      m = loader.check_manifest_on_top(loader.display(where));
    }
    const std::string file = loader.display(folder ? where / "init.lua" : where);
    if (lua_type(L, -1) != LUA_TTABLE)
      fail("{}: must return the variant's table (with apply), got {}", file, lua::type_name(L, -1));
    if (m.kind != "variant") fail("{}: field 'kind': a variant's manifest says \"variant\"", m.file);
    for (const auto& loaded : self.modules)
      if (loaded.kind == "variant" && loaded.name == m.name) fail("variant '{}' is already loaded", m.name);
    if (m.ruleset != self.ruleset_name)
      fail("{}: variant '{}' is for ruleset '{}', but '{}' is loaded", m.file, m.name, m.ruleset,
           self.ruleset_name);
    if (!version_requirement::parse(m.ruleset_version).allows(version::parse(self.ruleset_version)))
      fail("{}: variant '{}' needs {} {}, loaded is {}", m.file, m.name, m.ruleset, m.ruleset_version,
           self.ruleset_version);
    for (const auto& loaded : self.modules)
      if (std::find(loaded.after.begin(), loaded.after.end(), m.name) != loaded.after.end())
        fail("{}: variant '{}' must be applied before '{}' (its manifest says after = {{\"{}\"}}): load "
             "them together, as the command line does, to apply them in their declared order",
             m.file, m.name, loaded.name, m.name);
    lua_getfield(L, -1, "apply");  // stack: variant, apply
    if (lua_type(L, -1) != LUA_TFUNCTION)
      fail("{}: field 'apply': function expected, got {}", file, lua::type_name(L, -1));
    std::map<std::string, std::string> resolved;
    // The first argument: the ruleset's patch functions for this variant when the ruleset
    // offers them (ruleset.variant_api(module), each change owned and checked), else the
    // ruleset's module table itself (a ruleset without a registry).
    if (has_api) {
      push_variant_api();
      lua_newtable(L);
      lua::set_field(L, -1, "name", m.name);
      lua::set_field(L, -1, "version", m.version);
      const auto push_list = [&](const char* key, const std::vector<std::string>& items) {
        lua_newtable(L);
        for (std::size_t i = 0; i < items.size(); ++i) {
          lua::push_string(L, items[i]);
          lua_rawseti(L, -2, static_cast<int>(i + 1));
        }
        lua_setfield(L, -2, key);
      };
      push_list("after", m.after);
      push_list("overrides", m.overrides);
      self.call(1, 1);
    } else {
      lua_rawgeti(L, LUA_REGISTRYINDEX, self.ruleset_ref);
    }
    push_options(L, m, options, resolved);
    loader.push_context(m);
    self.call(3, 0);
    lua_settop(L, top);
    return loader.record(m, hash_module(where, {}), where, bundled, std::move(resolved));
  } catch (...) {
    lua_settop(L, top);
    throw;
  }
}

std::vector<loaded_module> runtime::available_modules(const fs::path& root) {
  std::vector<loaded_module> out;
  kernel k;
  runtime_options o;
  o.root = root;
  runtime rt(k, o);
  impl& self = *rt.impl_;
  module_loader loader{self, self.L};
  const fs::path rulesets = root / "scripts" / "rulesets";
  const auto describe = [&](const fs::path& where, const manifest& m) {
    loaded_module info;
    info.name = m.name;
    info.kind = m.kind;
    info.version = m.version;
    info.path = loader.display(where);
    info.bundled = true;
    info.hash = hash_module(where, m.kind == "ruleset" ? "variants" : "");
    for (const auto& opt : m.options) info.options[opt.name] = opt.default_text;
    out.push_back(std::move(info));
  };
  for (const auto& r : list_dir(rulesets, true, false)) {
    describe(rulesets / r, loader.read_manifest_file(rulesets / r / "manifest.lua", true));
    const fs::path variants = rulesets / r / "variants";
    for (const auto& v : list_dir(variants, true, false))
      describe(variants / v, loader.read_manifest_file(variants / v / "manifest.lua", true));
    for (const auto& v : list_dir(variants, false, true)) {
      loader.run_file(variants / (v + ".lua"), true);
      lua_getfield(self.L, -1, "manifest");
      manifest m = loader.check_manifest_on_top(loader.display(variants / (v + ".lua")));
      lua_pop(self.L, 1);
      describe(variants / (v + ".lua"), m);
    }
  }
  return out;
}

}  // namespace muster
