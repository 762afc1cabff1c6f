// `muster army check|points FILE` as a user runs it: the built binary in a child process.
// The Orc sample's points breakdown line by line, a clean check, every violation of a broken
// army on standard error with its file:line and rule, the exit statuses (0 valid, 1 invalid,
// 2 unreadable), an army file outside the Muster root, and a ruleset with no such function.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "run_muster.hpp"

using muster_cli::muster;
using muster_cli::outcome;
using muster_cli::slurp;

namespace {

const std::string fixtures = "tests/fixtures/armies/";

}  // namespace

TEST(cli_army, points_prints_the_orc_sample_line_by_line) {
  const outcome o = muster("army points examples/armies/orcs_1000.lua");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.err, "");
  const std::string f = "examples/armies/orcs_1000.lua";
  EXPECT_EQ(o.out,
            f + ": army \"The Red Eye Tribe\", list orcs (scripts/armies/fantasy_warriors/orcs.lua), "
                "1000 points agreed\n"
                "  108  " + f + ":10  warchief \"Gorbag\": Orc warchief = 28, leadership 5 = 80\n"
                "   61  " + f + ":11  hero \"Shagrat\": Orc hero = 61\n"
                "   61  " + f + ":12  hero \"Lugdush\": Orc hero = 61\n"
                "  140  " + f + ":13  wizard \"Grishnakh\": Orc shaman = 15, 25 magic power x 5 = 125\n"
                "   14  " + f + ":14  soothsayer \"Old Muzgash\": Orc soothsayer = 14\n"
                "   56  " + f + ":17  battle leader \"Ugluk\": Orc battle leader = 21, leadership 3 = 35\n"
                "   20  " + f + ":18  banner bearer \"Radbug\": Orc banner bearer = 20\n"
                "  180  " + f + ":19  unit \"Spears of the Eye\": 15 Orc spearmen x 8 = 120, veteran 15 x 2 = 30, "
                "3 specials x 10 (leader, musician, standard bearer) = 30\n"
                "  147  " + f + ":21  unit \"Black Blades\": 13 Orc infantry x 7 = 91, veteran 13 x 2 = 26, "
                "3 specials x 10 (leader, champion, standard bearer) = 30\n"
                "   56  " + f + ":26  battle leader \"Snaga\": Orc battle leader = 21, leadership 3 = 35\n"
                "  155  " + f + ":27  unit \"Red Arrows\": 15 Orc archers x 7 = 105, veteran 15 x 2 = 30, "
                "2 specials x 10 (leader, standard bearer) = 20\n"
                "  998  total of 1000 (2 to spare)\n");
}

TEST(cli_army, check_passes_the_dwarf_sample) {
  const outcome o = muster("army check examples/armies/dwarves_1000.lua --ruleset fantasy_warriors");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.err, "");
  EXPECT_EQ(o.out,
            "examples/armies/dwarves_1000.lua: valid: 998 of 1000 points (army \"The Hold of Karak Dum\", "
            "list dwarves)\n");
}

TEST(cli_army, check_reports_every_violation_on_stderr_and_exits_1) {
  const outcome o = muster("army check " + fixtures + "many_errors.lua");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "");
  const std::string f = fixtures + "many_errors.lua";
  EXPECT_EQ(o.err,
            f + ":3: army \"Rabble\": the army has no warchief [one_warchief, p.7]\n" +
            f + ":3: army \"Rabble\": costs 462 points, 162 over the 300 agreed [points_limit, p.47]\n" +
            f + ":6: individual \"Shagrat\" (orc_hero): hero 1 of a 300-point army: at most 0 (one per 500 "
                "points) [heroes, p.40]\n" +
            f + ":8: battle leader \"Ugluk\" (orc_battle_leader): leadership 7: a whole number 0 to 5 "
                "[leadership, p.47]\n" +
            f + ":9: unit \"Tuskers\" (orc_infantry): 40 figures: list orcs allows 5..30 [unit_size, p.47]\n" +
            f + ":10: unit \"Arrows\" (orc_archers): has no leader (leader = true) [unit_leader, p.7]\n" +
            f + ":10: unit \"Arrows\" (orc_archers): 2 champions: at most 1 per unit [one_champion, p.7]\n" +
            f + ": 7 violations\n");
}

TEST(cli_army, points_of_an_invalid_army_prints_the_breakdown_and_exits_1) {
  const outcome o = muster("army points " + fixtures + "over_points.lua");
  EXPECT_EQ(o.status, 1);
  const std::string f = fixtures + "over_points.lua";
  EXPECT_NE(o.out.find("  198  total of 150 (48 over)\n"), std::string::npos) << o.out;
  EXPECT_EQ(o.err, f + ":2: army \"Fixture\": costs 198 points, 48 over the 150 agreed [points_limit, p.47]\n" +
                       f + ": 1 violation\n");
}

TEST(cli_army, a_syntax_error_names_its_file_and_line) {
  const outcome o = muster("army check " + fixtures + "syntax_error.lua");
  EXPECT_EQ(o.status, 1);
  const std::string f = fixtures + "syntax_error.lua";
  EXPECT_EQ(o.err, f + ":8: '}' expected near 'leader' [format]\n" + f + ": 1 violation\n");
}

// Found by the army fuzzer: a word, a name or a syntax error's token is echoed cut to 80 bytes.
TEST(cli_army, a_long_word_is_echoed_cut) {
  const auto dir = std::filesystem::temp_directory_path() / ("muster-army-word-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string word = (dir / "word.lua").string();
  std::ofstream(word) << "army \"Club\" {\n  list = \"orcs\",\n  points = 500,\n  " << std::string(100000, 'w')
                      << " \"orc_warchief\" { name = \"Boss\" },\n}\n";
  const outcome w = muster("army check '" + word + "'");
  std::filesystem::remove_all(dir);
  EXPECT_EQ(w.status, 1);
  EXPECT_TRUE(w.err.starts_with(word + ":4: unknown word '" + std::string(80, 'w') + "…' in an army file"))
      << w.err.substr(0, 400);
  EXPECT_LT(w.err.size(), 1000u);
}

TEST(cli_army, an_army_file_outside_the_root_keeps_its_own_name) {
  const auto dir = std::filesystem::temp_directory_path() / ("muster-army-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "club.lua").string();
  std::ofstream(file) << "army \"Club\" {\n  list = \"orcs\",\n  points = 500,\n"
                         "  warchief \"orc_warchief\" { name = \"Boss\", leadership = 1 },\n"
                         "  command \"All\" {\n    warchief \"orc_warchief\" { name = \"Twin\", leadership = 1 },\n"
                         "    unit \"orc_infantry\" { figures = 10, leader = true },\n  },\n}\n";
  const outcome o = muster("army check '" + file + "'");
  std::filesystem::remove_all(dir);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, file + ":6: warchief \"Twin\" (orc_warchief): a second warchief (an army has 1) "
                          "[one_warchief, p.7]\n" + file + ": 1 violation\n");
}

TEST(cli_army, an_unreadable_file_exits_2) {
  const outcome o = muster("army points no/such/army.lua");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err, "muster: army: cannot read 'no/such/army.lua'\n");
}

// Reported by users, found again by the army fuzzer: a byte that is not UTF-8 failed with the
// JSON library's internal message; it is refused in one line naming the file and line.
TEST(cli_army, a_file_that_is_not_utf8_fails_in_one_line_naming_it) {
  const auto dir = std::filesystem::temp_directory_path() / ("muster-army-utf8-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "latin1.lua").string();
  std::string text = slurp(MUSTER_SOURCE_DIR "/examples/armies/orcs_1000.lua");
  text.replace(text.find("Gorbag"), 1, "\xC9");  // "Éorbag" in Latin-1
  std::ofstream(file, std::ios::binary) << text;
  const outcome o = muster("army check '" + file + "'");
  std::filesystem::remove_all(dir);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err, "muster: army: " + file + ": line 10: byte 0xc9 is not UTF-8 (army files are UTF-8 text)\n");
}

TEST(cli_army, options_reach_the_ruleset_and_its_variants) {
  const std::string variant = " --variant " + fixtures + "dear_specials.lua";
  const outcome o = muster("army points examples/armies/orcs_1000.lua" + variant + " --option dear_specials.special=12");
  EXPECT_EQ(o.status, 1) << "14 points over the limit";
  EXPECT_NE(o.out.find("2 specials x 12 (leader, standard bearer) = 24\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(" 1014  total of 1000 (14 over)\n"), std::string::npos) << o.out;
  const outcome plain = muster("army check examples/armies/orcs_1000.lua" + variant);
  EXPECT_EQ(plain.status, 0) << plain.err;
  const outcome bad = muster("army check examples/armies/orcs_1000.lua --option nosuch=1");
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err.rfind("muster: ruleset 'fantasy_warriors': unknown option 'nosuch' (known: ", 0), 0u) << bad.err;
}

TEST(cli_army, a_ruleset_without_army_support_fails_with_one_line) {
  const outcome o = muster("army check examples/armies/orcs_1000.lua --ruleset examples/01_skirmish/skirmish");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err.rfind("muster: ", 0), 0u) << o.err;
  EXPECT_NE(o.err.find("army_check"), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

// docs/armies.md stays true: the points example is the real output, the violations shown are
// the real ones, and the army written there checks clean.
namespace {

std::string docs() { return muster_cli::slurp(MUSTER_SOURCE_DIR "/docs/armies.md"); }

// The body of the first ``` block after `marker` (the block's language tag line skipped).
std::string block_after(const std::string& doc, const std::string& marker) {
  const auto at = doc.find(marker);
  if (at == std::string::npos) return "<no '" + marker + "'>";
  const auto open = doc.find("```", at);
  const auto body = doc.find('\n', open) + 1;
  const auto close = doc.find("\n```", body);
  return doc.substr(body, close - body + 1);
}

}  // namespace

TEST(cli_army, docs_points_example_is_the_real_output) {
  const std::string shown = block_after(docs(), "where the item is written, what it is");
  const std::string command = "$ muster army points examples/armies/orcs_1000.lua\n";
  ASSERT_EQ(shown.rfind(command, 0), 0u) << shown;
  const outcome o = muster("army points examples/armies/orcs_1000.lua");
  EXPECT_EQ(shown.substr(command.size()), o.out);
}

TEST(cli_army, docs_violations_example_is_the_real_output) {
  const std::string shown = block_after(docs(), "Violations go to standard error");
  EXPECT_EQ(shown, muster("army check tests/fixtures/armies/many_errors.lua").err);
}

TEST(cli_army, docs_army_example_checks_clean) {
  const std::string army = block_after(docs(), "## Writing an army\n");
  ASSERT_NE(army.find("army \"The Hold of Karak Dum\""), std::string::npos) << army;
  const auto dir = std::filesystem::temp_directory_path() / ("muster-army-doc-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "doc.lua") << army;
  const outcome o = muster("army check '" + (dir / "doc.lua").string() + "'");
  std::filesystem::remove_all(dir);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find(": valid: 951 of 1000 points"), std::string::npos) << o.out;
}
