// Tests for muster::chooser (choice.hpp): each controller kind, built-in and registered
// policies, validation of requests and answers with exact messages, scripted exhaustion, and
// the "choice" events with their attribution.
#include "muster/choice.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "muster/error.hpp"
#include "muster/log.hpp"

namespace {

using muster::choice_answer;
using muster::choice_request;
using muster::chooser;
using muster::event_log;
using muster::int_range;

choice_request volleys(std::string side = "red") {
  choice_request r;
  r.side = std::move(side);
  r.question = "volleys";
  r.prompt = "How many volleys?";
  r.range = int_range{1, 4};
  return r;
}

choice_request which_dies() {
  choice_request r;
  r.side = "blue";
  r.question = "which_special_dies";
  r.prompt = "Which special figure dies?";
  r.options = {"standard", "musician", "leader"};
  r.context = {{"unit", std::string("orcs")}};
  return r;
}

template <typename Fn>
std::string error_of(Fn&& fn) {
  try {
    fn();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

TEST(choice, uses_policy_first_by_default) {
  event_log log;
  chooser c(log);
  EXPECT_EQ(c.controller("red"), "policy:first");
  const muster::choice_result a = c.get(volleys());
  EXPECT_EQ(std::get<std::int64_t>(a.answer), 1);
  EXPECT_EQ(a.by, "policy:first");
  const muster::choice_result b = c.get(which_dies());
  EXPECT_EQ(std::get<std::string>(b.answer), "standard");
  EXPECT_EQ(log.fmt_lines(),
            "#1 t0 - choice side=red question=volleys answer=1 by=policy:first\n"
            "#2 t0 - choice side=blue question=which_special_dies answer=standard "
            "by=policy:first\n");
}

TEST(choice, follows_the_built_in_policies) {
  event_log log;
  chooser c(log);
  c.set_policy("red", "last");
  EXPECT_EQ(std::get<std::int64_t>(c.get(volleys()).answer), 4);
  c.set_policy("blue", "last");
  EXPECT_EQ(std::get<std::string>(c.get(which_dies()).answer), "leader");

  std::vector<std::int64_t> asked;
  std::int64_t next = 3;
  c.set_draw([&](std::int64_t n) {
    asked.push_back(n);
    return next--;
  });
  c.set_policy("red", "random");
  c.set_policy("blue", "random");
  const muster::choice_result a = c.get(volleys());
  EXPECT_EQ(std::get<std::int64_t>(a.answer), 3);  // 1 + (3 - 1)
  EXPECT_EQ(a.by, "policy:random");
  EXPECT_EQ(std::get<std::string>(c.get(which_dies()).answer), "musician");
  EXPECT_EQ(asked, (std::vector<std::int64_t>{4, 3}));

  c.set_draw([](std::int64_t) { return 0; });
  EXPECT_EQ(error_of([&] { c.get(volleys()); }),
            "choice 'volleys' for red: the dice drew 0 (want 1..4)");
  chooser no_dice(log);
  no_dice.set_policy("red", "random");
  EXPECT_EQ(error_of([&] { no_dice.get(volleys()); }),
            "choice 'volleys' for red: policy 'random' has no dice (chooser::set_draw)");
}

TEST(choice, follows_a_registered_policy) {
  event_log log;
  chooser c(log);
  c.add_policy("save_the_standard",
               [](const choice_request& r) -> choice_answer {
                 EXPECT_EQ(std::get<std::string>(r.context.at(0).value), "orcs");
                 return r.options.back() == "leader" ? r.options[1] : r.options[0];
               },
               "never gives up the standard bearer");
  c.set_policy("blue", "save_the_standard");
  const muster::choice_result a = c.get(which_dies());
  EXPECT_EQ(std::get<std::string>(a.answer), "musician");
  EXPECT_EQ(a.by, "policy:save_the_standard");
  std::vector<std::string> names;
  for (const muster::policy_info& p : c.policies())
    names.push_back(p.name + (p.builtin ? "*" : "") + ": " + p.doc);
  EXPECT_EQ(names,
            (std::vector<std::string>{
                "first*: the first option, or the lowest value of a range",
                "last*: the last option, or the highest value of a range",
                "random*: an option or value drawn uniformly from the kernel dice (seeded, "
                "logged)",
                "save_the_standard: never gives up the standard bearer"}));

  c.add_policy("bad", [](const choice_request&) -> choice_answer { return std::int64_t{2}; },
               "answers 2");
  c.set_policy("blue", "bad");
  EXPECT_EQ(error_of([&] { c.get(which_dies()); }),
            "choice 'which_special_dies' for blue (policy:bad): answer 2 is not an option "
            "(want one of \"standard\", \"musician\", \"leader\")");

  EXPECT_EQ(error_of([&] { c.add_policy("first", [](const choice_request&) -> choice_answer {
                         return std::int64_t{1};
                       }, "x"); }),
            "choice: add_policy: policy 'first' already exists");
  EXPECT_EQ(error_of([&] { c.add_policy("two words", {}, "x"); }),
            "choice: add_policy: name 'two words' is not an identifier");
  EXPECT_EQ(error_of([&] { c.set_policy("red", "frist"); }),
            "choice: unknown policy 'frist' (known: bad, first, last, random, save_the_standard)");
}

TEST(choice, asks_the_player_when_interactive) {
  event_log log;
  chooser c(log);
  c.set_interactive("red");
  EXPECT_EQ(c.controller("red"), "interactive");
  EXPECT_EQ(error_of([&] { c.get(volleys()); }),
            "choice 'volleys' for red: the side is interactive but no one is asking "
            "(no asker set)");
  std::vector<std::string> prompts;
  c.set_asker([&](const choice_request& r) -> choice_answer {
    prompts.push_back(r.prompt);
    return std::int64_t{2};
  });
  const muster::choice_result a = c.get(volleys());
  EXPECT_EQ(std::get<std::int64_t>(a.answer), 2);
  EXPECT_EQ(a.by, "player");
  EXPECT_EQ(prompts, (std::vector<std::string>{"How many volleys?"}));
  EXPECT_EQ(event_log::fmt_text(log.events().back()),
            "#1 t0 - choice side=red question=volleys answer=2 by=player");

  c.set_asker([](const choice_request&) -> choice_answer { return std::string("two"); });
  EXPECT_EQ(error_of([&] { c.get(volleys()); }),
            "choice 'volleys' for red (player): answer \"two\" is not an integer in 1..4");
  EXPECT_EQ(log.size(), 1u);  // refused answers are not logged
}

TEST(choice, plays_a_script_and_reports_running_out) {
  event_log log;
  chooser c(log);
  c.set_script("red", {std::int64_t{4}, std::int64_t{9}, std::int64_t{2}});
  EXPECT_EQ(c.controller("red"), "script (3 left)");
  const muster::choice_result a = c.get(volleys());
  EXPECT_EQ(std::get<std::int64_t>(a.answer), 4);
  EXPECT_EQ(a.by, "script");
  EXPECT_EQ(error_of([&] { c.get(volleys()); }),
            "choice 'volleys' for red (script): answer 9 is out of range 1..4");
  EXPECT_EQ(c.controller("red"), "script (2 left)");  // the refused answer stays queued
  c.set_script("red", {std::int64_t{2}});
  EXPECT_EQ(std::get<std::int64_t>(c.get(volleys()).answer), 2);
  EXPECT_EQ(error_of([&] { c.get(volleys()); }),
            "choice 'volleys' for red: scripted answers ran out");

  c.set_script("blue", {std::string("leader"), std::string("captain")});
  EXPECT_EQ(std::get<std::string>(c.get(which_dies()).answer), "leader");
  EXPECT_EQ(error_of([&] { c.get(which_dies()); }),
            "choice 'which_special_dies' for blue (script): answer \"captain\" is not an option "
            "(want one of \"standard\", \"musician\", \"leader\")");
  EXPECT_EQ(log.fmt_lines(),
            "#1 t0 - choice side=red question=volleys answer=4 by=script\n"
            "#2 t0 - choice side=red question=volleys answer=2 by=script\n"
            "#3 t0 - choice side=blue question=which_special_dies answer=leader by=script\n");
}

TEST(choice, refuses_malformed_requests) {
  event_log log;
  chooser c(log);
  choice_request r = which_dies();
  r.question = "which dies";
  EXPECT_EQ(error_of([&] { c.get(r); }),
            "choice: question id 'which dies' is not an identifier");
  r = which_dies();
  r.side.clear();
  EXPECT_EQ(error_of([&] { c.get(r); }), "choice 'which_special_dies': no side");
  r = which_dies();
  r.options.clear();
  EXPECT_EQ(error_of([&] { c.get(r); }), "choice 'which_special_dies' for blue: no options");
  r = which_dies();
  r.options.push_back("musician");
  EXPECT_EQ(error_of([&] { c.get(r); }),
            "choice 'which_special_dies' for blue: option \"musician\" given twice");
  r = which_dies();
  r.range = int_range{1, 2};
  EXPECT_EQ(error_of([&] { c.get(r); }),
            "choice 'which_special_dies' for blue: give options or a range, not both");
  r = volleys();
  r.range = int_range{5, 4};
  EXPECT_EQ(error_of([&] { c.get(r); }), "choice 'volleys' for red: empty range 5..4");
  EXPECT_EQ(log.size(), 0u);
}

TEST(choice, checks_answers_without_asking) {
  EXPECT_EQ(chooser::check_answer(volleys(), std::int64_t{4}), "");
  EXPECT_EQ(chooser::check_answer(volleys(), std::int64_t{0}), "answer 0 is out of range 1..4");
  EXPECT_EQ(chooser::check_answer(which_dies(), std::string("leader")), "");
  EXPECT_EQ(chooser::check_answer(which_dies(), std::string("Leader")),
            "answer \"Leader\" is not an option (want one of \"standard\", \"musician\", "
            "\"leader\")");
}

TEST(choice, takes_other_text_where_the_options_only_suggest) {
  choice_request r = which_dies();
  r.other = true;
  EXPECT_EQ(chooser::check_answer(r, std::string("leader")), "");
  EXPECT_EQ(chooser::check_answer(r, std::string("wheel left 30, advance 3")), "");
  EXPECT_EQ(chooser::check_answer(r, std::string("")), "an answer of 1..200 characters expected, got 0");
  EXPECT_EQ(chooser::check_answer(r, std::string(201, 'x')), "an answer of 1..200 characters expected, got 201");
  EXPECT_EQ(chooser::check_answer(r, std::string("two\nlines")), "an answer on one line expected");
  EXPECT_EQ(chooser::check_answer(r, std::int64_t{3}),
            "answer 3 is neither an option (\"standard\", \"musician\", \"leader\") nor text");
  // A person's own text is taken and logged as it is; policies still answer from the options.
  event_log log;
  chooser c(log);
  c.set_interactive("blue");
  c.set_asker([](const choice_request&) -> choice_answer { return std::string("the drummer"); });
  EXPECT_EQ(std::get<std::string>(c.get(r).answer), "the drummer");
  EXPECT_EQ(event_log::fmt_text(log.events().back()),
            "#1 t0 - choice side=blue question=which_special_dies answer=\"the drummer\" by=player");
  c.set_policy("blue", "last");
  EXPECT_EQ(std::get<std::string>(c.get(r).answer), "leader");
  // Not with a range.
  choice_request v = volleys();
  v.other = true;
  EXPECT_EQ(error_of([&] { c.get(v); }), "choice 'volleys' for red: other answers go with options, not a range");
}

TEST(choice, logs_nothing_in_sample_mode_but_still_answers) {
  event_log log;
  log.set_enabled(false);
  chooser c(log);
  EXPECT_EQ(std::get<std::int64_t>(c.get(volleys()).answer), 1);
  EXPECT_EQ(log.size(), 0u);
}

TEST(choice, clear_drops_registered_policies_and_controllers) {
  event_log log;
  chooser c(log);
  c.add_policy("mine", [](const choice_request&) -> choice_answer { return std::int64_t{3}; },
               "always 3");
  c.set_policy("red", "mine");
  c.set_interactive("blue");
  c.clear();
  EXPECT_EQ(c.controller("red"), "policy:first");
  EXPECT_EQ(c.controller("blue"), "policy:first");
  EXPECT_EQ(c.policies().size(), 3u);
}

}  // namespace
