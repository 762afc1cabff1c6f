// runtime::resolve and runtime::call_ruleset: plain data in, plain data out. Parses the
// caller's JSON, hands it to the loaded ruleset as Lua tables (lua/json.hpp) through the one
// protected call, and writes the result back as JSON. Sets scripted answers or policies for
// the sides named in an input's "choices". Decides nothing about rules.
#include <nlohmann/json.hpp>

#include "lua/json.hpp"
#include "lua/runtime_impl.hpp"

namespace muster {
namespace {

using json = nlohmann::json;

// What a protected conversion gets and gives back. Conversion errors are caught inside the
// C function and carried out here, so they never cross a Lua frame as exceptions.
struct conversion {
  const json* in = nullptr;
  json out;
  std::string root;
  std::string error;
};

// lua_CFunction(job: lightuserdata) -> the job's JSON as a Lua value, or nothing on error.
int push_converted(lua_State* L) {
  auto& job = *static_cast<conversion*>(lua_touserdata(L, 1));
  lua_settop(L, 0);
  try {
    lua::push_json(L, *job.in, job.root);
    return 1;
  } catch (const std::exception& e) {
    job.error = e.what();
  }
  return 0;
}

// lua_CFunction(job: lightuserdata, value) -> nothing; the value's JSON goes to job.out. A
// budget running out while it converts is the call's failure (guard<> raises it).
int read_converted(lua_State* L) {
  auto& job = *static_cast<conversion*>(lua_touserdata(L, 1));
  try {
    job.out = lua::to_json(L, 2, job.root);
  } catch (const budget_error&) {
    throw;
  } catch (const std::exception& e) {
    job.error = e.what();
  }
  return 0;
}

// nlohmann's messages without "[json.exception.parse_error.101] ", the input they quote cut.
std::string json_message(const std::exception& e) { return json_error_text(e.what()); }

json parse_input(std::string_view text) {
  try {
    return json::parse(text);
  } catch (const json::exception& e) {  // parse_error, and out_of_range for 1e400
    throw input_error("input", "not valid JSON: " + json_message(e));
  }
}

// "object", "array", "string"... for messages.
std::string kind_of(const json& v) { return v.is_null() ? "null" : v.type_name(); }

// The ruleset's input-error convention: "input: <field>: <why>".
void rethrow_input_error(const script_error& e) {
  constexpr std::string_view prefix = "input: ";
  const std::string& m = e.message();
  if (!m.starts_with(prefix)) return;
  const auto colon = m.find(": ", prefix.size());
  if (colon == std::string::npos) throw input_error("input", m.substr(prefix.size()));
  throw input_error(m.substr(prefix.size(), colon - prefix.size()), m.substr(colon + 2));
}

// A scripted answer the question refused, or too few answers, is bad input too: the
// chooser's messages name the side as "choice 'q' for <side> (script): ..." and
// "choice 'q' for <side>: scripted answers ran out" (pinned by tests/bind/resolve_test.cpp).
void rethrow_choice_error(const script_error& e, const std::vector<std::string>& scripted) {
  const std::string& m = e.message();
  for (const auto& side : scripted) {
    const std::string refused = fmt::format(" for {} (script): ", side);
    const std::string ran_out = fmt::format(" for {}: scripted answers ran out", side);
    if (m.find(refused) == std::string::npos && m.find(ran_out) == std::string::npos) continue;
    const auto at = m.find("choice '");
    throw input_error("choices." + cut_echo(side), at == std::string::npos ? m : m.substr(at));
  }
}

// Sets each side's controller from an input's "choices" member; returns the scripted sides.
std::vector<std::string> apply_choices(chooser& choices, const json& given) {
  std::vector<std::string> scripted;
  if (!given.is_object())
    throw input_error("choices", fmt::format("an object (side: answers) expected, got {}", kind_of(given)));
  for (const auto& [side, entry] : given.items()) {
    const std::string field = "choices." + cut_echo(side);
    if (entry.is_string()) {
      try {
        choices.set_policy(side, entry.get<std::string>());
      } catch (const error& e) {
        throw input_error(field, e.what());
      }
      continue;
    }
    if (!entry.is_array())
      throw input_error(field, fmt::format("an array of answers or a policy name expected, got {}",
                                           kind_of(entry)));
    std::vector<choice_answer> answers;
    for (std::size_t i = 0; i < entry.size(); ++i) {
      const json& a = entry[i];
      if (a.is_string()) {
        answers.emplace_back(a.get<std::string>());
      } else if (a.is_number_integer()) {
        answers.emplace_back(a.get<std::int64_t>());
      } else {
        throw input_error(fmt::format("{}[{}]", field, i + 1),
                          fmt::format("a string or an integer expected, got {}", kind_of(a)));
      }
    }
    choices.set_script(side, std::move(answers));
    scripted.push_back(side);
  }
  return scripted;
}

}  // namespace

namespace detail {

// [-0, +1] Pushes ruleset[function]; throws muster::error (stack unchanged) when no ruleset is
// loaded or it has no such function.
void push_ruleset_function(runtime::impl& self, std::string_view function) {
  lua_State* L = self.L;
  if (self.ruleset_ref == LUA_NOREF) fail("no ruleset loaded (load one before calling '{}')", function);
  lua_rawgeti(L, LUA_REGISTRYINDEX, self.ruleset_ref);
  lua::push_string(L, function);
  lua_rawget(L, -2);
  lua_remove(L, -2);
  if (lua_type(L, -1) != LUA_TFUNCTION) {
    lua_pop(L, 1);
    fail("ruleset '{}' has no function '{}'", self.ruleset_name, function);
  }
}

// Calls ruleset[function](args pushed by push_args, which returns how many) and returns its
// first result as JSON. See runtime::call_ruleset for what throws.
template <typename PushArgs>
json call_ruleset_with(runtime::impl& self, std::string_view function, PushArgs push_args) {
  lua_State* L = self.L;
  const int top = lua_gettop(L);
  push_ruleset_function(self, function);  // stack: fn
  int nargs = 0;
  try {
    nargs = push_args();
  } catch (...) {
    lua_settop(L, top);
    throw;
  }
  try {
    self.call(nargs, 1);
  } catch (const script_error& e) {
    lua_settop(L, top);
    rethrow_input_error(e);
    throw;
  }
  // stack: result
  conversion job;
  job.root = "result";
  lua_pushcfunction(L, lua::guard<read_converted>);
  lua_pushlightuserdata(L, &job);
  lua_pushvalue(L, -3);
  try {
    self.call(2, 0);
  } catch (...) {
    lua_settop(L, top);
    throw;
  }
  lua_settop(L, top);
  if (!job.error.empty()) throw error(job.error);
  return std::move(job.out);
}

// [-0, +1] Pushes `value` converted to Lua; throws input_error (field from the path) when it
// cannot cross, leaving the stack as it was.
void push_input(runtime::impl& self, const json& value, const std::string& root) {
  lua_State* L = self.L;
  conversion job;
  job.in = &value;
  job.root = root;
  lua_pushcfunction(L, push_converted);
  lua_pushlightuserdata(L, &job);
  self.call(1, 1);
  if (job.error.empty()) return;
  lua_pop(L, 1);
  const auto colon = job.error.find(": ");
  throw input_error(job.error.substr(0, colon), job.error.substr(colon + 2));
}

// Writes `v` indented by 2 per level, like json::dump(2), except that an array holding no
// object or array stays on one line ("faces": [6, 5, 3]): results are read by people too.
void write_json(const json& v, int depth, std::string& out) {
  const auto pad = [&](int d) { out.append(static_cast<std::size_t>(2 * d), ' '); };
  if (v.is_object() && !v.empty()) {
    out += "{\n";
    std::size_t i = 0;
    for (const auto& [key, item] : v.items()) {
      pad(depth + 1);
      out += json(key).dump();
      out += ": ";
      write_json(item, depth + 1, out);
      out += ++i < v.size() ? ",\n" : "\n";
    }
    pad(depth);
    out += '}';
    return;
  }
  const bool flat = v.is_array() && std::none_of(v.begin(), v.end(), [](const json& item) {
    return item.is_structured() && !item.empty();
  });
  if (v.is_array() && !flat) {
    out += "[\n";
    for (std::size_t i = 0; i < v.size(); ++i) {
      pad(depth + 1);
      write_json(v[i], depth + 1, out);
      out += i + 1 < v.size() ? ",\n" : "\n";
    }
    pad(depth);
    out += ']';
    return;
  }
  if (v.is_array()) {
    out += '[';
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i].dump();
    out += ']';
    return;
  }
  out += v.dump();
}

std::string dump(const json& result) {
  try {
    std::string out;
    write_json(result, 0, out);
    return out;
  } catch (const json::type_error& e) {
    fail("result: {}", json_message(e));
  }
}

}  // namespace detail

std::string runtime::call_ruleset(std::string_view function, std::string_view args_json) {
  impl& self = *impl_;
  const json args = parse_input(args_json);
  if (!args.is_array())
    throw input_error("args", fmt::format("a JSON array of arguments expected, got {}", kind_of(args)));
  const json result = detail::call_ruleset_with(self, function, [&] {
    detail::push_input(self, args, "args");  // stack: fn, {args...}
    const int n = static_cast<int>(args.size());
    if (!lua_checkstack(self.L, n + 1)) fail("too many arguments ({})", n);
    for (int i = 1; i <= n; ++i) lua_rawgeti(self.L, -i, i);
    lua_remove(self.L, -n - 1);
    return n;
  });
  return detail::dump(result);
}

int runtime::prepare(std::string_view function, std::string_view args_json) {
  impl& self = *impl_;
  lua_State* L = self.L;
  const json args = parse_input(args_json);
  if (!args.is_array())
    throw input_error("args", fmt::format("a JSON array of arguments expected, got {}", kind_of(args)));
  detail::push_ruleset_function(self, function);
  impl::prepared_call call;
  call.nargs = static_cast<int>(args.size());
  call.function = luaL_ref(L, LUA_REGISTRYINDEX);  // pops fn
  try {
    detail::push_input(self, args, "args");
  } catch (...) {
    luaL_unref(L, LUA_REGISTRYINDEX, call.function);
    throw;
  }
  call.args = luaL_ref(L, LUA_REGISTRYINDEX);
  const int id = ++self.last_prepared;
  self.prepared.emplace(id, call);
  return id;
}

std::string runtime::run_prepared(int id) {
  impl& self = *impl_;
  lua_State* L = self.L;
  const auto it = self.prepared.find(id);
  if (it == self.prepared.end()) fail("no prepared call {}", id);
  const impl::prepared_call& call = it->second;
  const int top = lua_gettop(L);
  if (!lua_checkstack(L, call.nargs + 2)) fail("too many arguments ({})", call.nargs);
  lua_rawgeti(L, LUA_REGISTRYINDEX, call.function);
  lua_rawgeti(L, LUA_REGISTRYINDEX, call.args);
  for (int i = 1; i <= call.nargs; ++i) lua_rawgeti(L, top + 2, i);
  lua_remove(L, top + 2);  // stack: fn, args...
  try {
    self.call(call.nargs, 1);
  } catch (const script_error& e) {
    lua_settop(L, top);
    rethrow_input_error(e);
    throw;
  }
  std::size_t size = 0;
  const char* text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &size) : nullptr;
  if (!text) {
    lua_settop(L, top);
    fail("prepared call {}: the result is not a string", id);
  }
  std::string out(text, size);
  lua_settop(L, top);
  return out;
}

std::string runtime::resolve(std::string_view procedure, std::string_view input_json) {
  impl& self = *impl_;
  json input = parse_input(input_json);
  if (!input.is_object())
    throw input_error("input", fmt::format("a JSON object expected, got {}", kind_of(input)));
  std::vector<std::string> scripted;
  if (const auto it = input.find("choices"); it != input.end()) {
    scripted = apply_choices(self.services.choices, *it);
    input.erase(it);
  }
  try {
    const json result = detail::call_ruleset_with(self, "resolve", [&] {
      lua::push_string(self.L, procedure);
      detail::push_input(self, input, "input");
      return 2;
    });
    return detail::dump(result);
  } catch (const script_error& e) {
    rethrow_choice_error(e, scripted);
    throw;
  }
}

}  // namespace muster
