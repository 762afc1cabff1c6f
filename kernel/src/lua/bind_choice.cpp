// Lua binding of muster.choice (player choices): ask a side's controller, set controllers,
// register named policies written in Lua, list them. Translates only; the chooser validates
// and logs. Policy functions are pinned on the main thread and called through lua::call.
#include <string>
#include <vector>

#include "lua/bindings.hpp"
#include "lua/fields.hpp"
#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "lua/stack.hpp"
#include "muster/kernel.hpp"

namespace muster::lua {
namespace {

constexpr const char* request_keys[] = {"side", "question", "prompt", "options", "range",
                                        "context", "secret", "other"};

// [-0, +1, m] {side=, question=, prompt=, options={...} | range={min, max}, context={...}}
void push_request(lua_State* L, const choice_request& r) {
  lua_createtable(L, 0, 6);
  set_field(L, -1, "side", r.side);
  set_field(L, -1, "question", r.question);
  set_field(L, -1, "prompt", r.prompt);
  if (r.range) {
    lua_createtable(L, 2, 0);
    lua_pushnumber(L, static_cast<lua_Number>(r.range->min));
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, static_cast<lua_Number>(r.range->max));
    lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, "range");
  } else {
    lua_createtable(L, static_cast<int>(r.options.size()), 0);
    for (std::size_t i = 0; i < r.options.size(); ++i) {
      push_string(L, r.options[i]);
      lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
    lua_setfield(L, -2, "options");
    if (r.other) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "other");
    }
  }
  push_fields(L, r.context);
  lua_setfield(L, -2, "context");
}

// [-0, +0, -] Reads an answer: a string, or a whole number. `what` names it in errors.
choice_answer check_answer_value(lua_State* L, int index, const std::string& what) {
  if (lua_type(L, index) == LUA_TSTRING) {
    std::size_t n = 0;
    const char* s = lua_tolstring(L, index, &n);
    return std::string(s, n);
  }
  if (lua_type(L, index) == LUA_TNUMBER && is_exact_integer(lua_tonumber(L, index)))
    return static_cast<std::int64_t>(lua_tonumber(L, index));
  if (lua_type(L, index) == LUA_TNUMBER)
    fail("{}: string or integer expected, got {}", what, lua_tonumber(L, index));
  fail("{}: string or integer expected, got {}", what, type_name(L, index));
}

answer_fn make_policy(lua_State* L, int index, std::string name) {
  pinned fn = pin_function(L, index);
  return [fn, name = std::move(name)](const choice_request& r) -> choice_answer {
    lua_State* M = fn->state();
    stack_restore restore(M);
    reserve_stack(M, 4);
    fn->push();
    push_protected<choice_request, push_request>(M, r);
    call(M, 1, 1);
    return check_answer_value(M, -1, fmt::format("policy '{}' returned", name));
  };
}

// [-0, +0, -] Reads the request table at index.
choice_request check_request(lua_State* L, int index) {
  check_table(L, index);
  const field_reader r(L, index);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {  // refuse typos: stack: key, value
    bool ok = false;
    if (lua_type(L, -2) == LUA_TSTRING)
      for (const char* k : request_keys) ok = ok || text_at(L, -2, "a request key") == k;
    if (!ok) {
      const std::string key = lua_type(L, -2) == LUA_TSTRING
                                  ? text_at(L, -2, "a request key")
                                  : fmt::format("<{} key>", type_name(L, -2));
      fail("field '{}': unknown key (want side, question, prompt, options, range, context, "
           "secret, other)",
           key);
    }
    lua_pop(L, 1);
  }
  choice_request out;
  out.side = r.string("side");
  out.question = r.string("question");
  out.prompt = r.string("prompt", "");
  out.secret = r.boolean("secret", false);
  out.other = r.boolean("other", false);
  if (r.push_table("options")) {
    const auto n = static_cast<int>(lua_objlen(L, -1));
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      if (lua_type(L, -1) != LUA_TSTRING)
        fail("field 'options[{}]': string expected, got {}", i, type_name(L, -1));
      out.options.emplace_back(text_at(L, -1, fmt::format("field 'options[{}]'", i)));
      lua_pop(L, 1);
    }
    if (n == 0) fail("field 'options': empty list");
    lua_pop(L, 1);
  }
  if (r.push_table("range")) {
    const std::vector<std::int64_t> bounds = check_integer_list(L, -1, "field 'range'");
    if (bounds.size() != 2) fail("field 'range': {{min, max}} expected");
    out.range = int_range{bounds[0], bounds[1]};
    lua_pop(L, 1);
  }
  if (r.push_table("context")) {
    out.context = check_fields(L, -1, "context");
    lua_pop(L, 1);
  }
  return out;
}

// muster.choice.get(request: {side: string, question: string, prompt?: string,
//   options?: string[], range?: {integer, integer}, context?: table, secret?: boolean,
//   other?: boolean (any one-line text answers too; the asker checks it)})
//   -> answer: string|integer, by: string   ("player", "policy:<name>" or "script")
int l_choice_get(lua_State* L) {
  chooser& choices = service<chooser>(L);
  const choice_request request = check_request(L, 1);
  const choice_result result = choices.get(request);
  if (const auto* s = std::get_if<std::string>(&result.answer))
    push_string(L, *s);
  else
    lua_pushnumber(L, static_cast<lua_Number>(std::get<std::int64_t>(result.answer)));
  push_string(L, result.by);
  return 2;
}

// muster.choice.set_controller(side: string, kind: "interactive"|"policy"|"script",
//                              arg?: string|(string|integer)[])
//   interactive: no arg (the REPL asks); policy: the policy's name; script: the answers.
int l_choice_set_controller(lua_State* L) {
  chooser& choices = service<chooser>(L);
  const std::string_view side = check_string(L, 1);
  const std::string_view kind = check_string(L, 2);
  if (kind == "interactive") {
    if (!lua_isnoneornil(L, 3)) throw arg_error(3, "nil expected for an interactive side");
    choices.set_interactive(side);
  } else if (kind == "policy") {
    choices.set_policy(side, check_string(L, 3));
  } else if (kind == "script") {
    check_table(L, 3);
    const auto n = static_cast<int>(lua_objlen(L, 3));
    std::vector<choice_answer> answers;
    answers.reserve(static_cast<std::size_t>(n));
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, 3, i);
      answers.push_back(check_answer_value(L, -1, fmt::format("answer {}", i)));
      lua_pop(L, 1);
    }
    choices.set_script(side, std::move(answers));
  } else {
    throw arg_error(2, fmt::format("'interactive', 'policy' or 'script' expected, got '{}'", kind));
  }
  return 0;
}

// muster.choice.get_controller(side: string) -> string
//   "interactive", "policy:<name>" or "script (<n> left)".
int l_choice_get_controller(lua_State* L) {
  const chooser& choices = service<chooser>(L);
  push_string(L, choices.controller(check_string(L, 1)));
  return 1;
}

// muster.choice.add_policy(name: string, fn: function(request) -> string|integer, doc: string)
int l_choice_add_policy(lua_State* L) {
  chooser& choices = service<chooser>(L);
  const std::string_view name = check_string(L, 1);
  if (lua_type(L, 2) != LUA_TFUNCTION)
    throw arg_error(2, fmt::format("function expected, got {}", type_name(L, 2)));
  const std::string_view doc = check_string(L, 3);
  choices.add_policy(std::string(name), make_policy(L, 2, std::string(name)), std::string(doc));
  return 0;
}

// muster.choice.get_policies() -> {name: string, doc: string, builtin: boolean}[]
//   (sorted by name)
int l_choice_get_policies(lua_State* L) {
  const chooser& choices = service<chooser>(L);
  const std::vector<policy_info> ps = choices.policies();
  lua_createtable(L, static_cast<int>(ps.size()), 0);
  for (std::size_t i = 0; i < ps.size(); ++i) {
    lua_createtable(L, 0, 3);
    set_field(L, -1, "name", ps[i].name);
    set_field(L, -1, "doc", ps[i].doc);
    set_field_bool(L, -1, "builtin", ps[i].builtin);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  return 1;
}

}  // namespace

void open_choice(lua_State* L, int muster_table, chooser& choices) {
  static const function_entry entries[] = {
      {"get", guard<l_choice_get>},
      {"set_controller", guard<l_choice_set_controller>},
      {"get_controller", guard<l_choice_get_controller>},
      {"add_policy", guard<l_choice_add_policy>},
      {"get_policies", guard<l_choice_get_policies>},
  };
  muster_table = abs_index(L, muster_table);
  lua_newtable(L);
  register_functions(L, -1, entries, &choices, "muster.choice");
  lua_setfield(L, muster_table, "choice");
}

}  // namespace muster::lua
