// `muster battle` from the command line: a battle played with a side scripted, bad options in
// one line with exit status 2, and a bad scenario named by its file and line.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "run_muster.hpp"

using namespace muster_cli;

TEST(cli_battle, a_scripted_side_and_the_outcome) {
  const fs::path dir = fs::temp_directory_path() / ("muster-battle-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  // The Orcs' answers: decline both threats of turn 1, then the script runs out at the next
  // question it is asked; a side of first-option answers after that is the policy `first`.
  std::ofstream(dir / "answers.txt") << "# turn 1\nno\n\nno\n";
  const outcome o = muster("battle --scenario examples/scenarios/greystones.lua --turns 1 --side dwarves=first "
                           "--side orcs=script:" + (dir / "answers.txt").string() + " --log " + (dir / "log.txt").string());
  fs::remove_all(dir / "svg");
  EXPECT_EQ(o.status, 1) << o.out << o.err;  // the script ran out: the battle stops, named
  EXPECT_NE(o.err.find("choice '"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("for orcs: scripted answers ran out"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("turn 1, threat: no threat"), std::string::npos) << o.out;
  // The log of what was played is written all the same: a save to go on from.
  EXPECT_NE(slurp(dir / "log.txt").find("question=threat answer=no by=script"), std::string::npos);
  fs::remove_all(dir);
}

TEST(cli_battle, plays_to_the_end_quietly) {
  const outcome o = muster("battle --scenario examples/scenarios/greystones.lua --turns 2 --seed 3 --quiet");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(occurrences(o.out, "\n"), 1u) << o.out;
  EXPECT_EQ(o.out.rfind("after 2 turns: orcs ", 0), 0u) << o.out;
}

TEST(cli_battle, bad_options_are_one_line_and_status_2) {
  outcome o = muster("battle examples/armies/orcs_1000.lua");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: battle: armies: two army files, or none with --scenario\n");
  o = muster("battle");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: battle: armies: give two army files, or --scenario FILE (examples/scenarios/greystones.lua)\n");
  o = muster("battle --scenario examples/scenarios/greystones.lua --side orcs");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: battle: --side: 'orcs': SIDE=bot|first|last|random|POLICY|script:FILE|lua:FILE expected\n");
  o = muster("battle --scenario examples/scenarios/greystones.lua --side elves=bot");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: battle: side: \"elves\" is not a side of this battle (orcs, dwarves)\n");
  o = muster("battle --scenario examples/scenarios/greystones.lua --side orcs=human");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("muster: battle: --side: a person plays a side at the REPL"), std::string::npos) << o.err;
  o = muster("battle --scenario examples/scenarios/nope.lua");
  EXPECT_NE(o.status, 0);
  EXPECT_EQ(o.err, "muster: cannot read 'examples/scenarios/nope.lua'\n");
}

TEST(cli_replay, a_log_replays_and_a_bad_one_is_named) {
  const fs::path dir = fs::temp_directory_path() / ("muster-replay-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string log = (dir / "b.jsonl").string();
  outcome o = muster("battle --scenario examples/scenarios/greystones.lua --turns 2 --seed 4 --quiet --jsonl --log " + log);
  ASSERT_EQ(o.status, 0) << o.err;
  o = muster("replay " + log + " --quiet");
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(o.out.rfind(log + ": the same battle: 16 phases checked, ", 0), 0u) << o.out;
  // A text log is not a replay's input.
  const std::string text = (dir / "b.txt").string();
  ASSERT_EQ(muster("battle --scenario examples/scenarios/greystones.lua --turns 1 --quiet --log " + text).status, 0);
  o = muster("replay " + text);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: replay: " + text + ":1: not a JSON event (write the log with --jsonl)\n");
  // A log of something else than a battle.
  std::ofstream(dir / "run.jsonl") << "{\"seq\":1,\"turn\":0,\"phase\":\"\",\"kind\":\"module\",\"fields\":{\"name\":\"fantasy_warriors\","
                                      "\"kind\":\"ruleset\",\"hash\":\"0\",\"path\":\"scripts/rulesets/fantasy_warriors\",\"options\":\"\"}}\n";
  o = muster("replay " + (dir / "run.jsonl").string());
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: replay: " + (dir / "run.jsonl").string() + ": no battle event: not a log of muster battle\n");
  fs::remove_all(dir);
}

TEST(cli_sweep, shards_merge_exactly_and_threads_change_nothing) {
  const fs::path dir = fs::temp_directory_path() / ("muster-sweep-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string base = "sweep --scenario examples/scenarios/greystones.lua --battles 8 --turns 3 --seed 5";
  const auto json_of = [&](const std::string& name) { return (dir / name).string(); };
  outcome o = muster(base + " --jobs 2 --json " + json_of("all.json"));
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("rules as loaded (8 battles)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("orcs victory score"), std::string::npos) << o.out;
  ASSERT_EQ(muster(base + " --jobs 1 --json " + json_of("one.json")).status, 0);
  ASSERT_EQ(muster(base + " --shard 1/3 --json " + json_of("s1.json")).status, 0);
  ASSERT_EQ(muster(base + " --shard 2/3 --json " + json_of("s2.json")).status, 0);
  ASSERT_EQ(muster(base + " --shard 3/3 --json " + json_of("s3.json")).status, 0);
  o = muster("sweep merge " + json_of("s3.json") + " " + json_of("s1.json") + " " + json_of("s2.json") + " --json " +
             json_of("merged.json"));
  ASSERT_EQ(o.status, 0) << o.err;
  // The "base" object: the sums.
  const auto sums = [](const std::string& text) {
    const auto at = text.find("\"base\"");
    return text.substr(at, text.find('}', at) - at);
  };
  const std::string all = slurp(json_of("all.json"));
  EXPECT_EQ(slurp(json_of("one.json")), all);  // one thread or two: the same battles
  EXPECT_EQ(sums(slurp(json_of("merged.json"))), sums(all));
  EXPECT_NE(sums(all).find("\"battles\": 8"), std::string::npos) << all;
  EXPECT_NE(slurp(json_of("merged.json")).find("[\n      0,\n      2\n    ],\n    [\n      2,\n      5\n    ],\n    [\n      5,\n      8\n    ]"),
            std::string::npos) << slurp(json_of("merged.json"));
  // A shard merged twice is refused; bad options are one line.
  o = muster("sweep merge " + json_of("s1.json") + " " + json_of("s1.json"));
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("overlap battles already merged (0..1)"), std::string::npos) << o.err;
  o = muster(base + " --shard 4/3");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: sweep: --shard: '4/3': K/N with 1 <= K <= N expected (3/8)\n");
  o = muster(base + " --compare-option weather.weather=storm");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: sweep: --compare-option: goes with --compare-variant (the configuration it changes)\n");
  fs::remove_all(dir);
}

TEST(cli_battle, a_scenario_outside_the_muster_root) {
  // A club's scenario file anywhere on disk: the command reads it, the battle plays it, the
  // replay finds it by the name the log records.
  const fs::path dir = fs::temp_directory_path() / ("muster-club-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / "field.lua";
  std::ofstream(file) << slurp(MUSTER_SOURCE_DIR "/examples/scenarios/greystones.lua");
  const std::string log = (dir / "b.jsonl").string();
  outcome o = muster("battle --scenario " + file.string() + " --turns 1 --quiet --jsonl --log " + log);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out.rfind("after 1 turns: ", 0), 0u) << o.out;
  o = muster("replay " + log + " --quiet");
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  // From the folder the log is in: the bundled ruleset is found by its name, not its path.
  const std::string elsewhere = "cd '" + dir.string() + "' && '" MUSTER_EXE "' replay b.jsonl --quiet > out.txt 2>&1";
  EXPECT_EQ(std::system(elsewhere.c_str()), 0) << slurp(dir / "out.txt");
  // ... and a bundled scenario the log names relative to the Muster root, under the root.
  ASSERT_EQ(muster("battle --scenario examples/scenarios/greystones.lua --turns 1 --quiet --jsonl --log " +
                   (dir / "bundled.jsonl").string()).status, 0);
  const std::string bundled = "cd '" + dir.string() + "' && '" MUSTER_EXE "' replay bundled.jsonl --quiet > out.txt 2>&1";
  EXPECT_EQ(std::system(bundled.c_str()), 0) << slurp(dir / "out.txt");
  // A mistake in it names the file as given and its line.
  std::ofstream(dir / "bad.lua") << "scenario \"x\" {\n  table = {width = 8, depth = 48},\n}\n";
  o = muster("battle --scenario " + (dir / "bad.lua").string());
  EXPECT_EQ(o.status, 2);  // bad input, as every command reports it
  EXPECT_EQ(o.err.rfind("muster: battle: " + (dir / "bad.lua").string() + ":1: ", 0), 0u) << o.err;
  EXPECT_NE(o.err.find((dir / "bad.lua").string() + ":1: scenario: table.width: a number 12..1000 expected, got 8"),
            std::string::npos) << o.err;
  fs::remove_all(dir);
}

namespace {

// The state hashes a JSON Lines log holds, in order.
std::vector<std::string> state_hashes(const fs::path& log) {
  std::vector<std::string> out;
  std::istringstream in(slurp(log));
  std::string line;
  const std::string key = "\"kind\":\"state_hash\",\"fields\":{\"hash\":\"";
  while (std::getline(in, line)) {
    const auto at = line.find(key);
    if (at != std::string::npos) out.push_back(line.substr(at + key.size(), 16));
  }
  return out;
}

}  // namespace

// A save: the battle stopped after some phases (--phases), its log resumed (--resume) with the
// same seed and controllers goes on as the battle played straight through, hash for hash, and
// the resumed battle's log replays.
TEST(cli_battle, a_battle_saved_between_phases_and_resumed_is_the_same_battle) {
  const fs::path dir = fs::temp_directory_path() / ("muster-resume-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string setup = "battle --scenario examples/scenarios/greystones.lua --turns 3 --seed 5 --jsonl --log ";
  ASSERT_EQ(muster(setup + (dir / "whole.jsonl").string() + " --quiet").status, 0);
  const std::vector<std::string> whole = state_hashes(dir / "whole.jsonl");
  ASSERT_EQ(whole.size(), 24u);
  for (const int stop : {1, 11, 16}) {
    const std::string save = (dir / ("save" + std::to_string(stop) + ".jsonl")).string();
    outcome o = muster(setup + save + " --phases " + std::to_string(stop));
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_NE(o.out.find(fmt::format("stopped after {} phases, turn ", stop)), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("muster battle --resume " + save + " plays on"), std::string::npos) << o.out;
    EXPECT_EQ(state_hashes(save).size(), static_cast<std::size_t>(stop));
    const std::string resumed = (dir / ("resumed" + std::to_string(stop) + ".jsonl")).string();
    o = muster("battle --resume " + save + " --jsonl --log " + resumed);
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_NE(o.out.find(fmt::format("\nresumed {}: {} phases played again and checked; turn ", save, stop)), std::string::npos)
        << o.out;
    EXPECT_EQ(state_hashes(resumed), whole) << "stopped after " << stop;
    o = muster("replay " + resumed + " --quiet");
    EXPECT_EQ(o.status, 0) << o.out;
  }
  // A side played by the policy `random` draws its answers from the dice: replayed and
  // resumed, the same draws are thrown again.
  const std::string random = "battle --scenario examples/scenarios/greystones.lua --turns 2 --seed 5 --side orcs=random "
                             "--quiet --jsonl --log ";
  ASSERT_EQ(muster(random + (dir / "random.jsonl").string()).status, 0);
  ASSERT_EQ(muster(random + (dir / "random_save.jsonl").string() + " --phases 6").status, 0);
  EXPECT_EQ(muster("replay " + (dir / "random.jsonl").string() + " --quiet").status, 0);
  outcome o = muster("battle --resume " + (dir / "random_save.jsonl").string() + " --side orcs=random --quiet --jsonl --log " +
             (dir / "random_on.jsonl").string());
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(state_hashes(dir / "random_on.jsonl"), state_hashes(dir / "random.jsonl"));
  // A log without the seed (an older Muster's) needs one given.
  std::string unseeded = slurp(dir / "save11.jsonl");
  const auto seed_at = unseeded.find("\"seed\":\"5\",");
  ASSERT_NE(seed_at, std::string::npos);
  unseeded.erase(seed_at, std::string("\"seed\":\"5\",").size());
  std::ofstream(dir / "unseeded.jsonl") << unseeded;
  o = muster("battle --resume " + (dir / "unseeded.jsonl").string() + " --quiet");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("holds no seed (a battle logged by an older Muster, or set up at the REPL): give --seed"),
            std::string::npos) << o.err;
  EXPECT_EQ(muster("battle --resume " + (dir / "unseeded.jsonl").string() + " --seed 5 --quiet").status, 0);
  // Another seed after the stop: the dice part from the straight battle.
  ASSERT_EQ(muster("battle --resume " + (dir / "save11.jsonl").string() + " --seed 6 --quiet --jsonl --log " +
                   (dir / "other.jsonl").string()).status, 0);
  const std::vector<std::string> other = state_hashes(dir / "other.jsonl");
  ASSERT_GT(other.size(), 11u);
  EXPECT_TRUE(std::equal(whole.begin(), whole.begin() + 11, other.begin()));
  EXPECT_NE(other, whole);
  fs::remove_all(dir);
}

// A log cut in the middle of a phase (a crash) resumes from its last whole phase; a save that
// is not the battle it sets up, or options the log gives, are refused in one line.
TEST(cli_battle, a_log_cut_short_resumes_from_its_last_whole_phase) {
  const fs::path dir = fs::temp_directory_path() / ("muster-cut-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  ASSERT_EQ(muster("battle --scenario examples/scenarios/greystones.lua --turns 2 --seed 5 --quiet --jsonl --log " +
                   (dir / "whole.jsonl").string()).status, 0);
  // Keep the log up to the third phase's first roll after its second state hash.
  std::istringstream in(slurp(dir / "whole.jsonl"));
  std::string line, cut;
  int hashes = 0;
  while (std::getline(in, line)) {
    cut += line + "\n";
    if (line.find("\"kind\":\"state_hash\"") != std::string::npos) ++hashes;
    if (hashes == 2 && line.find("\"kind\":\"roll\"") != std::string::npos) break;
  }
  std::ofstream(dir / "cut.jsonl") << cut;
  outcome o = muster("battle --resume " + (dir / "cut.jsonl").string() + " --quiet --jsonl --log " + (dir / "on.jsonl").string());
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(state_hashes(dir / "on.jsonl"), state_hashes(dir / "whole.jsonl"));
  // A save changed by hand (its first phase's state hash): the battle parts from it there.
  std::string tampered = slurp(dir / "cut.jsonl");
  const std::string key = "\"kind\":\"state_hash\",\"fields\":{\"hash\":\"";
  const auto hash = tampered.find(key);
  ASSERT_NE(hash, std::string::npos);
  const auto digit = hash + key.size();
  tampered[digit] = tampered[digit] == '0' ? '1' : '0';
  std::ofstream(dir / "tampered.jsonl") << tampered;
  o = muster("battle --resume " + (dir / "tampered.jsonl").string() + " --quiet");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err.rfind("muster: resume: " + (dir / "tampered.jsonl").string() + " is not the battle it sets up: turn 1, ", 0), 0u)
      << o.err;
  EXPECT_EQ(occurrences(o.err, "\n"), 1u) << o.err;
  o = muster("battle --resume " + (dir / "cut.jsonl").string() + " --scenario examples/scenarios/greystones.lua");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: battle: --resume: the battle's armies, scenario, turns and modules come from its log: give none of them\n");
  o = muster("battle --resume " + (dir / "cut.jsonl").string() + " --turns 4");
  EXPECT_EQ(o.status, 2);
  o = muster("battle --resume " + (dir / "cut.jsonl").string() + " --side elves=bot");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: battle: side: \"elves\" is not a side of this battle (orcs, dwarves)\n");
  fs::remove_all(dir);
}

// A side played by a Lua script: its function answers every question of that side, the log
// says the policy chose, and a file that returns no function, or breaks, is one line.
TEST(cli_battle, a_side_played_by_a_lua_script) {
  const fs::path dir = fs::temp_directory_path() / ("muster-lua-side-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path log = dir / "b.jsonl";
  outcome o = muster("battle --scenario examples/scenarios/greystones.lua --turns 1 --quiet --side orcs=lua:" + fixtures +
                     "cautious.lua --jsonl --log " + log.string());
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string text = slurp(log);
  EXPECT_NE(text.find("\"side\":\"orcs\",\"question\":\"threat\",\"answer\":\"no\",\"by\":\"policy:cautious\""),
            std::string::npos);
  EXPECT_EQ(text.find("\"side\":\"orcs\",\"question\":\"shoot\",\"answer\":\"Long Spears\""), std::string::npos);
  EXPECT_EQ(occurrences(text, "\"side\":\"orcs\"") , occurrences(text, "\"by\":\"policy:cautious\""));
  EXPECT_EQ(muster("replay " + log.string() + " --quiet").status, 0);
  o = muster("battle --scenario examples/scenarios/greystones.lua --side orcs=lua:" + fixtures + "not_a_policy.lua");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: battle: --side: lua:" + fixtures +
                       "not_a_policy.lua: the file must return a function(request) -> answer, not a table\n");
  std::ofstream(dir / "broken.lua") << "return function(r)\n  return r.options[1] +\nend\n";
  o = muster("battle --scenario examples/scenarios/greystones.lua --side orcs=lua:" + (dir / "broken.lua").string());
  EXPECT_NE(o.status, 0);
  EXPECT_EQ(o.err, "muster: " + (dir / "broken.lua").string() + ":3: unexpected symbol near 'end'\n");
  // One file for both sides is one policy; a file named as an existing policy is refused.
  o = muster("battle --scenario examples/scenarios/greystones.lua --turns 1 --quiet --side orcs=lua:" + fixtures +
             "cautious.lua --side dwarves=lua:" + fixtures + "cautious.lua");
  EXPECT_EQ(o.status, 0) << o.err;
  std::ofstream(dir / "first.lua") << "return function(r) return r.options[1] end\n";
  o = muster("battle --scenario examples/scenarios/greystones.lua --side orcs=lua:" + (dir / "first.lua").string());
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: battle: --side: lua:" + (dir / "first.lua").string() +
                       ": a policy 'first' exists already: name the file otherwise\n");
  std::ofstream(dir / "my-ai.lua") << "return function(r) return r.options[1] end\n";
  o = muster("battle --scenario examples/scenarios/greystones.lua --side orcs=lua:" + (dir / "my-ai.lua").string());
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("the file's name is the policy's: letters, digits and _"), std::string::npos) << o.err;
  fs::remove_all(dir);
}
