// muster.choice through the runtime: each controller kind set from Lua, Lua policies and the
// request they see, the seeded "random" policy, attribution in the log, and exact error texts.
#include <gtest/gtest.h>

#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

struct session {
  explicit session(std::uint64_t seed = 42) : k(seed), rt(k) { k.log.clear(); }
  muster::kernel k;
  muster::runtime rt;
};

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

constexpr const char* which_dies =
    "{side = 'blue', question = 'which_special_dies', prompt = 'Which one dies?', "
    "options = {'standard', 'musician', 'leader'}, context = {unit = 'orcs', losses = 3}}";

TEST(choice, answers_with_the_default_policy_and_logs_it) {
  session s;
  EXPECT_EQ(s.rt.eval(std::string("muster.choice.get ") + which_dies),
            "\"standard\", \"policy:first\"");
  EXPECT_EQ(s.rt.eval("muster.choice.get {side = 'red', question = 'volleys', range = {1, 4}}"),
            "1, \"policy:first\"");
  EXPECT_EQ(s.k.log.fmt_lines(),
            "#1 t0 - choice side=blue question=which_special_dies answer=standard "
            "by=policy:first\n"
            "#2 t0 - choice side=red question=volleys answer=1 by=policy:first\n");
}

TEST(choice, keeps_a_secret_answer_out_of_the_log) {
  session s;
  EXPECT_EQ(s.rt.eval("muster.choice.get {side = 'red', question = 'orders', secret = true, "
                      "options = {'attack', 'hold'}}"),
            "\"attack\", \"policy:first\"");
  EXPECT_EQ(s.k.log.fmt_lines(),
            "#1 t0 - choice side=red question=orders answer=\"(secret)\" by=policy:first\n");
}

TEST(choice, plays_scripted_answers_and_reports_running_out) {
  session s;
  s.rt.run("muster.choice.set_controller('red', 'script', {4, 2})", "eval");
  EXPECT_EQ(s.rt.eval("muster.choice.get_controller('red')"), "\"script (2 left)\"");
  const std::string ask = "muster.choice.get {side = 'red', question = 'volleys', range = {1, 4}}";
  EXPECT_EQ(s.rt.eval(ask), "4, \"script\"");
  EXPECT_EQ(s.rt.eval(ask), "2, \"script\"");
  EXPECT_EQ(error_of([&] { s.rt.run(ask, "eval"); }),
            "eval:1: muster.choice.get: choice 'volleys' for red: scripted answers ran out");
  s.rt.run("muster.choice.set_controller('blue', 'script', {'captain'})", "eval");
  EXPECT_EQ(error_of([&] { s.rt.run(std::string("muster.choice.get ") + which_dies, "eval"); }),
            "eval:1: muster.choice.get: choice 'which_special_dies' for blue (script): answer "
            "\"captain\" is not an option (want one of \"standard\", \"musician\", \"leader\")");
}

TEST(choice, follows_a_policy_written_in_lua) {
  session s;
  s.rt.run(R"(
muster.choice.add_policy('save_the_standard', function(r)
  seen = r
  for _, o in ipairs(r.options) do
    if o ~= 'standard' then return o end
  end
end, 'gives up anyone but the standard bearer')
muster.choice.set_controller('blue', 'policy', 'save_the_standard')
)",
           "policy");
  EXPECT_EQ(s.rt.eval(std::string("muster.choice.get ") + which_dies),
            "\"musician\", \"policy:save_the_standard\"");
  EXPECT_EQ(s.rt.eval("seen"),
            "{context = {losses = 3, unit = \"orcs\"}, options = {\"standard\", \"musician\", "
            "\"leader\"}, prompt = \"Which one dies?\", question = \"which_special_dies\", side "
            "= \"blue\"}");
  EXPECT_EQ(s.rt.eval("muster.choice.get_policies()[4]"),
            "{builtin = false, doc = \"gives up anyone but the standard bearer\", name = "
            "\"save_the_standard\"}");
  s.rt.run("muster.choice.add_policy('broken', function(r) return {} end, 'returns a table')\n"
           "muster.choice.set_controller('blue', 'policy', 'broken')",
           "policy");
  EXPECT_EQ(error_of([&] { s.rt.run(std::string("muster.choice.get ") + which_dies, "eval"); }),
            "eval:1: muster.choice.get: policy 'broken' returned: string or integer expected, "
            "got table");
}

TEST(choice, draws_random_answers_from_the_seeded_dice) {
  auto answers = [](std::uint64_t seed) {
    session s(seed);
    s.rt.run("muster.choice.set_controller('red', 'policy', 'random')", "eval");
    std::string out;
    for (int i = 0; i < 8; ++i)
      out += s.rt.eval("(muster.choice.get {side = 'red', question = 'volleys', range = {1, 4}})");
    const muster::event& last = s.k.log.events().back();
    EXPECT_EQ(last.kind, "choice");
    EXPECT_EQ(s.k.log.events()[s.k.log.size() - 2].kind, "roll");
    return out;
  };
  const std::string a = answers(7);
  EXPECT_EQ(a, answers(7));
  EXPECT_EQ(a.size(), 8u);
  EXPECT_EQ(a.find_first_not_of("1234"), std::string::npos);
}

TEST(choice, asks_the_player_when_interactive) {
  session s;
  std::string asked;
  s.k.choices.set_asker([&](const muster::choice_request& r) -> muster::choice_answer {
    asked = r.prompt;
    return std::string("leader");
  });
  s.rt.run("muster.choice.set_controller('blue', 'interactive')", "eval");
  EXPECT_EQ(s.rt.eval(std::string("muster.choice.get ") + which_dies), "\"leader\", \"player\"");
  EXPECT_EQ(asked, "Which one dies?");
  EXPECT_EQ(s.rt.eval("muster.choice.get_controller('blue')"), "\"interactive\"");
}

TEST(choice, refuses_bad_requests_with_exact_messages) {
  session s;
  auto err = [&](const std::string& code) {
    return error_of([&] { s.rt.run(code, "eval"); });
  };
  EXPECT_EQ(err("muster.choice.get {side = 'red', question = 'q', optoins = {'a'}}"),
            "eval:1: muster.choice.get: field 'optoins': unknown key (want side, question, "
            "prompt, options, range, context, secret, other)");
  EXPECT_EQ(err("muster.choice.get {side = 'red', question = 'q'}"),
            "eval:1: muster.choice.get: choice 'q' for red: no options");
  EXPECT_EQ(err("muster.choice.get {side = 'red', question = 'q', options = {1, 2}}"),
            "eval:1: muster.choice.get: field 'options[1]': string expected, got number");
  EXPECT_EQ(err("muster.choice.get {side = 'red', question = 'q', range = {4}}"),
            "eval:1: muster.choice.get: field 'range': {min, max} expected");
  EXPECT_EQ(err("muster.choice.get {question = 'q', range = {1, 2}}"),
            "eval:1: muster.choice.get: field 'side': string expected, got nil");
  EXPECT_EQ(err("muster.choice.set_controller('red', 'robot')"),
            "eval:1: muster.choice.set_controller: bad argument #2 ('interactive', 'policy' or "
            "'script' expected, got 'robot')");
  EXPECT_EQ(err("muster.choice.set_controller('red', 'policy', 'frist')"),
            "eval:1: muster.choice.set_controller: choice: unknown policy 'frist' (known: first, "
            "last, random)");
  EXPECT_EQ(err("muster.choice.set_controller('red', 'script', {1.5})"),
            "eval:1: muster.choice.set_controller: answer 1: string or integer expected, got 1.5");
  EXPECT_EQ(err("muster.choice.add_policy('first', function() end, 'x')"),
            "eval:1: muster.choice.add_policy: choice: add_policy: policy 'first' already exists");
  EXPECT_EQ(s.k.log.size(), 0u);
}

}  // namespace
