// `muster repl` driven as a person would: lines on standard input (a pipe: no prompts, plain
// text) and keystrokes on a pseudo-terminal (libedit, colour, completion, history). Covers the
// rulebook's COMBAT example (p.30) typed in with manual dice, refused dice asked again, undo,
// :reload after a variant is edited, a Lua error or a runaway line leaving the units intact,
// save/load, :odds, and `muster run` with the same helpers. Runs the built binary (MUSTER_EXE).
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <initializer_list>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

fs::path temp_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("muster-repl-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void spit(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

struct outcome {
  int status = -1;
  std::string out;  // standard output and standard error, in the order written
};

// Runs `muster <args>` from the source folder with `input` on standard input (a file, so not
// a terminal) and no history file.
outcome muster(const std::string& args, const std::string& input) {
  static int counter = 0;
  const fs::path dir = temp_dir("run" + std::to_string(++counter));
  spit(dir / "in", input);
  const std::string command = "cd '" MUSTER_SOURCE_DIR "' && MUSTER_HISTORY= '" MUSTER_EXE "' " + args + " < '" +
                              (dir / "in").string() + "' > '" + (dir / "out").string() + "' 2>&1";
  const int raw = std::system(command.c_str());
  outcome o;
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  o.out = slurp(dir / "out");
  fs::remove_all(dir);
  return o;
}

// Whether `text` holds `a`, then `b` after it.
bool in_order(const std::string& text, const std::string& a, const std::string& b) {
  const auto i = text.find(a);
  return i != std::string::npos && text.find(b, i + a.size()) != std::string::npos;
}

// Whether every one of `parts` is in `text`, each after the one before.
bool all_in_order(const std::string& text, std::initializer_list<std::string> parts) {
  std::size_t at = 0;
  for (const std::string& p : parts) {
    const auto i = text.find(p, at);
    if (i == std::string::npos) return false;
    at = i + p.size();
  }
  return true;
}

// The rulebook's COMBAT example (p.30): 6 average Orcs with a champion, ATTACK orders and
// disorganised, against shielded, medium-armoured enemies of the same quality.
const std::string book_orcs =
    "orcs = unit{\"orc infantry\", figures = 6, champion = true, orders = \"attack\", disorganised = true}";
const std::string book_enemy =
    "enemy = unit{name = \"Enemy\", side = \"enemy\", figures = 8, quality = \"average\", type = \"disciplined\","
    " armour = \"medium\", shield = true}";
const std::string book_units = book_orcs + "\n" + book_enemy + "\n";

TEST(repl, book_combat_example_with_manual_dice) {
  // The book's dice: 8 hit dice 6,6,4,4,4,3,3,3 (two natural 6s; the rest less 1 miss), 2 kill
  // dice 5,4 (+1 strength: 6 and 5, hand v medium kills on 4+). Then the Enemy's throws and
  // its Combat Test, with a wrong count and an impossible face refused on the way.
  const auto o = muster("repl",
                        book_units + ":dice manual\ncombat(orcs, enemy)\n66444333\n5 4\n"
                                     "1 1 2 2 3 3 6\n1 1 2 2 3 3 6 6\n7 1\n1,1\n2\n"
                                     "orcs.figures, enemy.figures, enemy.reaction\n");
  ASSERT_EQ(o.status, 0) << o.out;
  EXPECT_TRUE(in_order(o.out, "Hit throw, Orc infantry v Enemy: roll 8D6", "Kill throw, Orc infantry v Enemy: roll 2D6"))
      << o.out;
  EXPECT_NE(o.out.find("refused: 7 face(s) typed, 8D6 wanted; type the 8 faces again"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("refused: 7 is impossible on a D6 (1-6); type the 2 faces again"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("Combat test, Enemy: roll 1D6"), std::string::npos) << o.out;
  // The result first, then the throws with their modifiers, reason and source.
  EXPECT_TRUE(in_order(o.out, "combat: attacker wins: the attacker killed 2, the defender 0; Enemy shaken",
                       "  Enemy: 8 -> 6 figures (lost 2); combat test 2: shaken"))
      << o.out;
  EXPECT_NE(o.out.find("hit throw, Orc infantry v Enemy: 8D6 rolled 6 6 4 4 4 3 3 3, 4+ to succeed (-1 each) = 2 "
                       "(natural maximum 2)\n    -1 your unit is disorganised (fantasy_warriors p.31)"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("kill throw, Orc infantry v Enemy: 2D6 rolled 5 4, 4+ to succeed (+1 each) = 2\n"
                       "    +1 the strength of your unit (fantasy_warriors p.32)"),
            std::string::npos)
      << o.out;
  // The units changed as the result says.
  EXPECT_NE(o.out.find("\n6, 6, \"shaken\"\n"), std::string::npos) << o.out;
}

TEST(repl, choices_asked_of_the_player) {
  // Seed 1: the Dwarves' round asks the Orcs whether to capture the standard, then which
  // special a 6 kills; a refused answer is asked again.
  const auto o = muster("repl", ":choose all player\ncombat(dwarves, archers)\nyes\nno\nchampion\nleader\n");
  ASSERT_EQ(o.status, 0) << o.out;
  EXPECT_NE(o.out.find("orcs (capture_standard): Orc archers: try to capture an enemy standard (no, or the unit's name)? "
                       "[no, Dwarf infantry]\nrefused: answer \"yes\" is not an option"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("orcs (special_killed): "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("refused: answer \"champion\" is not an option (want one of \"leader\")"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("  Dwarf infantry: 10 -> 9 figures (lost 1: leader)"), std::string::npos) << o.out;
}

TEST(repl, cancelled_dice_change_nothing) {
  const auto o = muster("repl", book_units + ":dice manual\ncombat(orcs, enemy)\n6 6 4 4 4 3 3 3\ncancel\n"
                                             "enemy.figures\n:dice auto\n");
  EXPECT_NE(o.out.find("cancelled at the prompt: nothing changed"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\n8\n"), std::string::npos) << o.out;
  EXPECT_EQ(o.status, 1);  // stdin is not a terminal and a line failed
}

TEST(repl, queued_dice_and_undo) {
  const auto o = muster("repl", book_units + ":dice 6,6,4,4,4,3,3,3,5,4,1,1,2,2,3,3,1,1,1,1,2\n"
                                             "combat(orcs, enemy)\nenemy.figures\n:undo\nenemy.figures, enemy.reaction\n"
                                             ":undo\n:undo\n:undo\n:units\n");
  ASSERT_EQ(o.status, 1) << o.out;  // the fourth :undo has nothing left
  EXPECT_TRUE(in_order(o.out, "combat: attacker wins", "\n6\nundone: combat(orcs, enemy)\n8, \"ok\"\n")) << o.out;
  EXPECT_TRUE(in_order(o.out, "undone: enemy = unit{", "undone: orcs = unit{")) << o.out;
  EXPECT_NE(o.out.find(":undo: nothing to undo"), std::string::npos) << o.out;
  // Back to the sample units the REPL opened with.
  EXPECT_NE(o.out.find("orcs = Orc infantry (orcs): 10 figures"), std::string::npos) << o.out;
}

TEST(repl, shooting_spends_volleys_and_undo_gives_them_back) {
  const auto o = muster("repl", "shoot(archers, dwarves, {volleys = 2, range = \"short\"})\narchers.volleys\narchers\n"
                                ":undo\narchers.volleys\narchers.volleys = 1\n"
                                "shoot(archers, dwarves, {volleys = 2, range = \"short\"})\narchers.volleys\n");
  EXPECT_TRUE(in_order(o.out, "  Orc archers: 2 volleys shot, 4 left\n", "\n4\n")) << o.out;
  EXPECT_TRUE(in_order(o.out, "bow (4 volleys left); hold orders", "undone: shoot(archers, dwarves")) << o.out;
  EXPECT_TRUE(in_order(o.out, "undone: shoot(archers, dwarves", "\n6\n")) << o.out;
  EXPECT_NE(o.out.find("input: volleys: 2 volleys declared but the unit has 1 volley counter\n1\n"), std::string::npos)
      << o.out;
}

TEST(repl, resolve_runs_any_procedure_with_units_given_as_units) {
  const auto o = muster("repl", ":dice 3\nresolve(\"omens\", {soothsayers = 1})\n:odds\n"
                                ":dice 1\nresolve(\"threat_test\", {unit = orcs, threatener = dwarves})\norcs.reaction\n"
                                "resolve(\"nosuch\")\nresolve(3)\n");
  EXPECT_TRUE(in_order(o.out, "omens: good\n  omens: 1D6 rolled 3 = 3\n  +1 one per soothsayer (fantasy_warriors p.16)\n",
                       "odds of resolve(\"omens\")"))
      << o.out;
  // One soothsayer: bad on a 1 or 2 (1D6 + 1 below 4), good otherwise, enumerated.
  EXPECT_TRUE(in_order(o.out, "odds of resolve(\"omens\")", "omens: exact odds (enumerated)\noutcome\n  bad    33.3%\n  good   66.7%\n"))
      << o.out;
  EXPECT_TRUE(in_order(o.out, "threat_test: shaken\n  threat test, Orc infantry: 1D6 rolled 1 = 1\n",
                       "threatener: Dwarf infantry\n"))
      << o.out;
  EXPECT_TRUE(in_order(o.out, "unit_reaction: shaken\n", "\"ok\"\n")) << "resolve changes no unit\n" << o.out;
  EXPECT_NE(o.out.find("input: procedure: unknown procedure \"nosuch\" (known: artillery_shot, bad_light, "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("input: resolve: the procedure's name first: resolve(\"command_test\", {...})\n"),
            std::string::npos)
      << o.out;
}

TEST(repl, movement_helpers_change_the_units) {
  // A move through a wood disorganises the Orcs; having moved they cannot reorganise this phase.
  // The Dwarves stand and reorganise, expand once (a second is refused), and after new_phase()
  // contract; the archers wade and lose half; then a whole phase in one line.
  const auto o = muster("repl",
                        "orcs.disorganised = true\nmove(orcs, {enemy_distance = 10, terrain = {\"wood\"}})\n"
                        "orcs.disorganised\nreorganise(orcs)\n"
                        "dwarves.orders = \"oppose\"\ndwarves.disorganised = true\nreorganise(dwarves)\ndwarves.disorganised\n"
                        ":dice 3\nexpand(dwarves)\nexpand(dwarves)\nnew_phase()\n:dice 2\ncontract(dwarves, {when = \"after_move\"})\n"
                        ":dice 1\nwade(archers, {river_strength = 4})\narchers.figures, archers.disorganised\n"
                        ":dice 5,2\nmovement_phase{time = \"day\", orcs = {warchief = {name = \"Gorbag\", leadership = 4}, "
                        "{orcs, enemy_distance = 4}, archers}, dwarves = {warchief = {name = \"Thorin\", leadership = 3}, "
                        "{dwarves, distance = 3}}}\n"
                        "orcs.disorganised, archers.disorganised\n:undo\narchers.disorganised\n");
  EXPECT_TRUE(in_order(o.out, "move: moves 6in of 6in; disorganised (wood)\n  Orc infantry: MOV 6in, allowance 6in, moved 6in\n"
                              "  disorganised: woods are difficult terrain: moved 6in, more than half its MOV (3in) (fantasy_warriors p.27)\n"
                              "true\n",
                       "input: moved: reorganising is instead of moving: a unit that moved this phase cannot (p.29)\n"))
      << o.out;
  EXPECT_TRUE(in_order(o.out, "reorganise: reorganised: the Disorganised counter is removed\nfalse\n",
                       "expand: expands by 4 figures\n  expand, Dwarf infantry: 1D6 rolled 3 = 3\n"))
      << o.out;
  EXPECT_NE(o.out.find("input: done_this_phase: a unit expands or contracts 1 time a phase (proposed: page 29 is silent)\n"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("contract: contracts by 3 figures\n"), std::string::npos) << o.out;
  EXPECT_TRUE(in_order(o.out, "wade: cannot cross, loses half; 5 figures lost; disorganised\n  Orc archers: score -2 (row -2)\n",
                       "\n5, true\n"))
      << o.out;
  // Dwarves 5 + 3 = 8 choose first; the Orcs charge home and the archers, standing, reorganise.
  EXPECT_TRUE(in_order(o.out, "movement phase: moves: dwarves, orcs\n  1. dwarves\n    Dwarf infantry: moves 3in of 4in\n"
                              "  2. orcs\n    Orc infantry: moves 4in of 6in; contacts the enemy; still disorganised\n"
                              "    Orc archers: does not move; reorganised\n",
                       "\ntrue, false\nundone: movement_phase{time = \"day\", orcs = ")) << o.out;
  EXPECT_NE(o.out.find("{dwarves, distance = 3}}}\ntrue\n"), std::string::npos)
      << o.out;
}

TEST(repl, phase_helpers_change_the_units) {
  // docs/repl.md, "Whole phases": the Threat example as a phase, then a shooting and a combat
  // phase in one line each; the units change as the results say, and :undo takes a phase back.
  const auto o = muster("repl",
                        ":dice 4,5\nthreat_phase{time = \"night\", {orcs, dwarves, distance = 8}, "
                        "units = {{dwarves, counter_threaten = orcs}}}\norcs.reaction, dwarves.reaction\n"
                        "shooting_phase{{archers, dwarves, distance = 12, volleys = 2}}\narchers.volleys\n"
                        "combat_phase{{orcs, dwarves, attacker = {in_contact = 5}}}\n"
                        "orcs.figures, dwarves.figures, dwarves.reaction\n:undo\norcs.figures, dwarves.figures\n");
  EXPECT_TRUE(in_order(o.out, "threat phase: Orc infantry: bloodlust | Dwarf infantry: ok\n"
                              "  Dwarf infantry threatened by Orc infantry: 5 -> ok\n"
                              "  counter: Orc infantry threatened by Dwarf infantry: 7 -> bloodlust\n",
                       "\n\"bloodlust\", \"ok\"\n"))
      << o.out;
  EXPECT_TRUE(in_order(o.out, "shooting phase: Dwarf infantry: 0 lost\n"
                              "  Orc archers at Dwarf infantry (2 volleys, long range): 5 hits, 0 kills, 0 figures lost\n",
                       "  Orc archers: 10 -> 10 figures; ok; 4 volleys left\n  Dwarf infantry: 10 -> 10 figures; ok\n4\n"))
      << o.out;
  EXPECT_TRUE(in_order(o.out, "combat phase\n  combat 1: draw: the attacker killed 3, the defender 3\n",
                       "  Orc infantry: 10 -> 7 figures; bloodlust\n  Dwarf infantry: 10 -> 7 figures; ok\n7, 7, \"ok\"\n"))
      << o.out;
  EXPECT_NE(o.out.find("undone: combat_phase{{orcs, dwarves, attacker = {in_contact = 5}}}\n10, 10\n"), std::string::npos)
      << o.out;
}

TEST(repl, lua_error_leaves_the_units_intact) {
  const auto o = muster("repl", "orcs.figures = 3; error(\"boom\")\nnosuch.x = 1\norcs.quality = \"elitee\"\n"
                                "orcs.figures, orcs.quality\nx = 41\nx + 1\n");
  EXPECT_NE(o.out.find("stdin:1: boom\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("stdin:1: attempt to index global 'nosuch' (a nil value)\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("input: unit.quality: \"elitee\" is not one of elite, veteran, average, poor, unpredictable\n"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("\n10, \"average\"\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\n42\n"), std::string::npos) << o.out;
}

TEST(repl, an_unfinished_string_is_an_error_on_its_line_and_the_next_line_runs) {
  const auto o = muster("repl", "x = \"abc\nprint(\"next\")\ny = [[long\nstring]]\n#y\nz = \"a\\\nb\"\n#z\n");
  EXPECT_NE(o.out.find("stdin:1: unfinished string near '<eof>'\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\nnext\n"), std::string::npos) << o.out;  // not swallowed by the line before
  EXPECT_NE(o.out.find("\n11\n"), std::string::npos) << o.out;    // a long string runs on
  EXPECT_NE(o.out.find("\n3\n"), std::string::npos) << o.out;     // so does an escaped line end
}

// Found by an independent attack: what a command echoed of the line came back with its
// terminal escapes (a title, a screen clear) live.
TEST(repl, what_a_command_echoes_cannot_drive_the_terminal) {
  const auto o = muster("repl", ":save /nonexistent/\033[31mx.json\n:nosuch\033]0;t\007\n:dice 6,\033[2J\n"
                                ":variant remove \033[31mzz\nprint('\\27]0;t\\7 printed')\n");
  EXPECT_EQ(o.out.find('\033'), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find('\007'), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("cannot write '/nonexistent/\\e[31mx.json'"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("unknown command :nosuch\\e]0;t\\x07"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("no variant '\\e[31mzz' is loaded"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\\e]0;t\\x07 printed"), std::string::npos) << o.out;
}

// A stream with a line that never ends is read through, not into memory.
TEST(repl, a_line_longer_than_a_mebibyte_is_ignored_and_the_session_goes_on) {
  const auto o = muster("repl", "x = 1 --" + std::string(3u << 20, 'z') + "\norcs.figures\n");
  EXPECT_NE(o.out.find("a line of 3145736 bytes was ignored (at most 1048576)\n"), std::string::npos) << o.out.substr(0, 400);
  EXPECT_NE(o.out.find("\n10\n"), std::string::npos) << o.out.substr(0, 400);
}

TEST(repl, runaway_line_ends_on_the_budget) {
  const auto o = muster("repl --budget 2000000", "while true do end\nsetmetatable({}, {__tostring = function() error(\"x\") end})\n"
                                                  "orcs.figures\n");
  EXPECT_NE(o.out.find("stdin:1: instruction budget exhausted (2000000 instructions)\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("stdin:1: x\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\n10\n"), std::string::npos) << o.out;
}

TEST(repl, reload_after_a_variant_edit_keeps_the_units) {
  const fs::path dir = temp_dir("reload");
  const std::string head =
      "return {\n"
      "  manifest = { name = \"drums\", version = \"1.0.0\", kind = \"variant\", kernel = \"^1.0\", ruleset = \"fantasy_warriors\" },\n"
      "  apply = function(rules, options, context)\n";
  spit(dir / "drums.lua", head + "  end,\n}\n");
  // The edited variant: one more hit modifier, read by :reload in a running session.
  spit(dir / "edited.lua",
       head + "    rules.add_modifier(\"combat_hit\", { id = \"drums\", value = 1, reason = \"war drums\",\n"
              "      when = function(c) return c.unit.musicians > 0 end })\n  end,\n}\n");
  // A session whose input edits the file half-way: the first half runs, the file changes, then
  // :reload. Standard input is a FIFO fed by the shell so the edit happens between the lines.
  const std::string command =
      "cd '" MUSTER_SOURCE_DIR "' && { printf '%s' \"$A\"; sleep 1; cp '" + (dir / "edited.lua").string() + "' '" +
      (dir / "drums.lua").string() + "'; printf '%s' \"$B\"; } | MUSTER_HISTORY= '" MUSTER_EXE "' repl --variant '" +
      (dir / "drums.lua").string() + "' > '" + (dir / "out").string() + "' 2>&1";
  const std::string ones = "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1";  // every hit throw misses
  const std::string a = book_units + "orcs.musicians = 1\n:dice " + ones + "\ncombat(orcs, enemy)\n";
  const std::string b = ":reload\norcs.figures, enemy.figures\n:dice " + ones + "\ncombat(orcs, enemy)\n:odds sample ±5\n";
  ::setenv("A", a.c_str(), 1);
  ::setenv("B", b.c_str(), 1);
  const int raw = std::system(command.c_str());
  ::unsetenv("A");
  ::unsetenv("B");
  ASSERT_TRUE(WIFEXITED(raw));
  const std::string out = slurp(dir / "out");
  EXPECT_EQ(WEXITSTATUS(raw), 0) << out;
  const auto reloaded = out.find("reloaded: fantasy_warriors 0.1.0");
  ASSERT_NE(reloaded, std::string::npos) << out;
  EXPECT_EQ(out.substr(0, reloaded).find("war drums"), std::string::npos) << out;
  EXPECT_NE(out.find("drums 1.0.0 ("), std::string::npos) << out;
  // The units came through the reload as they were: the first round cost nobody anything.
  EXPECT_NE(out.find("\n6, 8\n", reloaded), std::string::npos) << out;
  EXPECT_NE(out.find("    +1 war drums (drums)", reloaded), std::string::npos) << out;
  // :odds after :reload replays the last resolution with the edited rules.
  EXPECT_NE(out.find("odds of combat(Orc infantry, Enemy)", reloaded), std::string::npos) << out;
  EXPECT_NE(out.find("combat: Monte Carlo, ", reloaded), std::string::npos) << out;
  fs::remove_all(dir);
}

TEST(repl, reload_that_fails_keeps_the_old_scripts) {
  const fs::path dir = temp_dir("badreload");
  const std::string good =
      "return { manifest = { name = \"v\", version = \"1.0.0\", kind = \"variant\", kernel = \"^1.0\","
      " ruleset = \"fantasy_warriors\" }, apply = function() end }\n";
  spit(dir / "v.lua", good);
  const std::string command =
      "cd '" MUSTER_SOURCE_DIR "' && { printf 'orcs.figures = 9\\n'; sleep 1; printf 'return {' > '" +
      (dir / "v.lua").string() + "'; printf ':reload\\norcs.figures\\ncombat(orcs, dwarves).procedure\\n'; } | MUSTER_HISTORY= '" MUSTER_EXE
      "' repl --variant '" + (dir / "v.lua").string() + "' > '" + (dir / "out").string() + "' 2>&1";
  std::system(command.c_str());
  const std::string out = slurp(dir / "out");
  EXPECT_NE(out.find("reload failed, the previous scripts stay loaded: "), std::string::npos) << out;
  EXPECT_TRUE(in_order(out, "reload failed", "\n9\n\"combat_phase\"\n")) << out;
  fs::remove_all(dir);
}

TEST(repl, save_and_load_the_units_as_json) {
  const fs::path dir = temp_dir("save");
  const std::string file = (dir / "battle.json").string();
  const auto o = muster("repl", "orcs.figures = 4\n:save " + file + "\n");
  ASSERT_EQ(o.status, 0) << o.out;
  const std::string saved = slurp(file);
  EXPECT_NE(saved.find("\"schema\": \"muster.state/1\""), std::string::npos) << saved;
  EXPECT_NE(saved.find("\"repl.name\": \"orcs\""), std::string::npos) << saved;
  // A new session over a script that makes other units: :load brings back the saved ones,
  // under their names.
  spit(dir / "start.lua", "x = 1\n");  // a script instead of the sample units
  const auto o2 = muster("repl " + (dir / "start.lua").string(), ":load " + file + "\norcs.figures\n");
  EXPECT_NE(o2.out.find("\n4\n"), std::string::npos) << o2.out;
  fs::remove_all(dir);
}

// A save with a number out of range (found by the state fuzzer) fails in one line naming the
// file and the field, and changes nothing; so does a counter a rule could not read exactly.
TEST(repl, a_save_with_a_number_out_of_range_is_refused_in_one_line) {
  const fs::path dir = temp_dir("range");
  const std::string huge = (dir / "huge.json").string();
  const std::string big = (dir / "big.json").string();
  spit(huge, R"({"schema": "muster.state/1", "sides": [{"id": "red", "props": {"move": 1e400}}]})");
  spit(big, R"({"schema": "muster.state/1", "sides": [{"id": "red", "counters": {"c": 9223372036854775807}}]})");
  const auto o = muster("repl", ":load " + huge + "\n:load " + big + "\norcs.figures\n");
  EXPECT_EQ(o.status, 1) << o.out;
  EXPECT_NE(o.out.find(":load " + huge + ": state: invalid JSON: number overflow parsing '1e400'\n"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find(":load " + big +
                       ": state: sides[0].counters.c: integer out of range ±2^53, got 9223372036854775807\n"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("\n10\n"), std::string::npos) << o.out;  // the sample units are still there
  fs::remove_all(dir);
}

TEST(repl, odds_of_the_last_resolution) {
  const auto o = muster("repl", ":odds\nthreat(orcs, dwarves)\n:odds\n:odds 0\n:odds 1000\n:odds exactly\n");
  EXPECT_NE(o.out.find("input: :odds: no resolution yet"), std::string::npos) << o.out;
  // The Dwarves' Threat Test: 1D6 +1 veteran -1 musician -1 worth +1 standard +1 leader, shaken
  // below 3: only a 1 (1 in 6). No counter-threat when the target holds.
  EXPECT_TRUE(in_order(o.out, "odds of threat(Orc infantry, Dwarf infantry) (from the state before it; choices: by their first option)\n"
                              "threat: exact odds (enumerated)\n",
                       "target_reaction\n  ok       83.3%\n  shaken   16.7%\nthreatener_reaction\n  (none)   100.0%\n"))
      << o.out;
  EXPECT_NE(o.out.find(":odds: precision 0: want points between 0 and 50"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(":odds: precision 1000: want points between 0 and 50"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(":odds: 'exactly': want exact, sample, a precision such as ±0.5 (points), or compare VARIANT"),
            std::string::npos)
      << o.out;
  // The odds change nothing at the table: the units and the session's dice go on as before.
  const auto plain = muster("repl", "threat(orcs, dwarves)\ncombat(orcs, dwarves)\n");
  const auto with_odds = muster("repl", "threat(orcs, dwarves)\n:odds sample\ncombat(orcs, dwarves)\n");
  const auto combat_at = [](const std::string& out) { return out.substr(out.find("combat: ")); };
  EXPECT_EQ(combat_at(plain.out), combat_at(with_odds.out));
}

TEST(repl, sampled_odds_are_the_same_for_the_same_seed) {
  const std::string lines = "combat(orcs, dwarves)\n:odds sample ±4\n:odds sample ±4\n";
  const auto a = muster("repl --seed 5", lines);
  const auto b = muster("repl --seed 5", lines);
  const auto c = muster("repl --seed 6", lines);
  const auto first = a.out.find("odds of combat");
  ASSERT_NE(first, std::string::npos) << a.out;
  const auto second = a.out.find("odds of combat", first + 1);
  ASSERT_NE(second, std::string::npos) << a.out;
  EXPECT_NE(a.out.find("combat: Monte Carlo, "), std::string::npos) << a.out;
  EXPECT_EQ(a.out.substr(first, second - first), a.out.substr(second)) << "two calls, one answer";
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.substr(first), c.out.substr(c.out.find("odds of combat")));
}

TEST(repl, odds_compare_a_variant_on_the_same_dice) {
  // drums_a gives +1 to every Threat Test: the Dwarves, shaken only on a 1, never are.
  const auto o = muster("repl", "threat(orcs, dwarves)\n:odds compare tests/fixtures/variants/drums_a.lua\n"
                                ":odds sample compare tests/fixtures/variants/drums_a.lua\n"
                                ":variant add tests/fixtures/variants/drums_a.lua\n:odds compare drums_a\n"
                                ":odds compare\n");
  const std::string exact = "threat: exact odds (enumerated)\n           core     drums_a   change\ntarget_reaction\n"
                            "  ok       83.3%    100.0%    +16.7\n  shaken   16.7%    0.0%      -16.7\n";
  const auto first = o.out.find(exact);
  ASSERT_NE(first, std::string::npos) << o.out;
  EXPECT_TRUE(in_order(o.out, "threat: Monte Carlo, ", "  shaken   16.8% ± 0.5    0.0% ± 0.0     -16.8 ± 0.5 (distinguishable)"))
      << o.out;
  // Loaded already: the session without it against the session, the same table.
  EXPECT_NE(o.out.find(exact, o.out.find("reloaded: ")), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(":odds compare: want a variant (NAME or FILE, then its options) or OPTION=VALUE ..."), std::string::npos)
      << o.out;
}

TEST(repl, json_for_tools) {
  const auto o = muster("repl --json", "test(\"casualty\", dwarves, {losses = 6, killed = {\"leader\"}})\n");
  EXPECT_NE(o.out.find("{\"dice\":[{\"dice\":\"1D6\",\"faces\":["), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\"procedure\":\"casualty_test\""), std::string::npos) << o.out;
}

TEST(repl, helpers_refuse_bad_arguments_in_one_line) {
  const auto o = muster("repl", "combat(orcs)\nshoot(archers, dwarves, {volley = 2})\nunit{\"orc infantri\"}\n");
  EXPECT_NE(o.out.find("input: combat: defender: a unit expected (made with unit{...}), got nil\n"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("input: shoot: unknown option \"volley\" (known: volleys, "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("input: unit: no template \"orc infantri\" (did you mean orc_infantry"), std::string::npos)
      << o.out;
}

TEST(repl, run_gets_the_same_helpers) {
  const fs::path dir = temp_dir("runhelpers");
  spit(dir / "battle.lua",
       "local o = unit{\"orc infantry\", figures = 10, orders = \"attack\"}\n"
       "local d = unit{\"dwarf infantry\", figures = 10}\n"
       "local r = combat(o, d)\nprint(r.round.winner ~= nil or r.round.outcome ~= nil, o.figures <= 10)\n");
  const auto o = muster("run " + (dir / "battle.lua").string(), "");
  EXPECT_EQ(o.status, 0) << o.out;
  EXPECT_EQ(o.out, "true\ttrue\n");
  // A hostile script ends with one line and a non-zero status.
  spit(dir / "hostile.lua", "while true do end\n");
  const auto h = muster("run " + (dir / "hostile.lua").string(), "");
  EXPECT_EQ(h.status, 1);
  EXPECT_EQ(h.out.rfind("muster: ", 0), 0u) << h.out;
  EXPECT_NE(h.out.find("instruction budget exhausted (200000000 instructions)\n"), std::string::npos) << h.out;
  EXPECT_EQ(std::count(h.out.begin(), h.out.end(), '\n'), 1) << h.out;
  // So does a hostile variant given by path, to `run` and to `repl`.
  spit(dir / "evil.lua",
       "return { manifest = { name = \"evil\", version = \"1.0.0\", kind = \"variant\", kernel = \"^1.0\","
       " ruleset = \"fantasy_warriors\" }, apply = function() while true do end end }\n");
  for (const std::string& command : {"run " + (dir / "battle.lua").string(), std::string("repl")}) {
    const auto v = muster(command + " --variant " + (dir / "evil.lua").string(), "");
    EXPECT_EQ(v.status, 1) << command;
    EXPECT_EQ(v.out, "muster: " + (dir / "evil.lua").string() + ":1: instruction budget exhausted (200000000 instructions)\n");
  }
  fs::remove_all(dir);
}

// ---------------------------------------------------------------------------------------------
// On a pseudo-terminal

class pty_session {
 public:
  explicit pty_session(const fs::path& home, const std::string& args) {
    pid_ = ::forkpty(&fd_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      if (::chdir(MUSTER_SOURCE_DIR) != 0) ::_exit(127);
      ::setenv("HOME", home.c_str(), 1);
      ::setenv("MUSTER_HISTORY", (home / "history").c_str(), 1);
      ::setenv("TERM", "xterm", 1);
      ::unsetenv("NO_COLOR");
      ::execl("/bin/sh", "sh", "-c", (std::string("exec '" MUSTER_EXE "' repl ") + args).c_str(), nullptr);
      ::_exit(127);
    }
  }
  ~pty_session() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) ::close(fd_);
  }

  void type(const std::string& keys) { ASSERT_EQ(::write(fd_, keys.data(), keys.size()), static_cast<ssize_t>(keys.size())); }

  // Reads until `text` has appeared since the last wait (10 s at most); returns whether it did.
  bool wait_for(const std::string& text, int seconds = 10) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < end) {
      const auto at = seen_.find(text, from_);
      if (at != std::string::npos) {
        from_ = at + text.size();
        return true;
      }
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 100) > 0) {
        char buf[4096];
        const ssize_t n = ::read(fd_, buf, sizeof buf);
        if (n <= 0) break;
        seen_.append(buf, static_cast<std::size_t>(n));
      }
    }
    return false;
  }

  // Waits (10 s at most) for the program to end; returns its exit status, -1 if it did not.
  int finish() {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < end) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 50) > 0) {
        char buf[4096];
        const ssize_t n = ::read(fd_, buf, sizeof buf);
        if (n > 0) seen_.append(buf, static_cast<std::size_t>(n));
      }
    }
    return -1;
  }

  const std::string& seen() const { return seen_; }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string seen_;
  std::size_t from_ = 0;
};

TEST(repl, terminal_session_with_editing_completion_and_history) {
  const fs::path home = temp_dir("pty");
  {
    pty_session s(home, "");
    ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
    EXPECT_NE(s.seen().find("Orc infantry"), std::string::npos) << s.seen();  // the banner lists the units
    s.type("1 + 2\r");
    ASSERT_TRUE(s.wait_for("3")) << s.seen();
    // Tab completes a helper's name.
    s.type("templa\t");
    ASSERT_TRUE(s.wait_for("tes")) << s.seen();  // the rest of "templates", typed by Tab
    s.type("()\r");
    ASSERT_TRUE(s.wait_for("orc infantry")) << s.seen();
    // The book's example with dice typed in, one refused.
    s.type(book_orcs + "\r");
    ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
    s.type(book_enemy + "\r");
    ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
    s.type(":dice manual\r");
    ASSERT_TRUE(s.wait_for("typed in at each throw")) << s.seen();
    s.type("combat(orcs, enemy)\r");
    ASSERT_TRUE(s.wait_for("Hit throw, Orc infantry v Enemy: roll 8D6")) << s.seen();
    s.type("6 6 4 4 4 3 3 9\r");
    ASSERT_TRUE(s.wait_for("refused: 9 is impossible on a D6")) << s.seen();
    s.type("6 6 4 4 4 3 3 3\r");
    ASSERT_TRUE(s.wait_for("Kill throw, Orc infantry v Enemy: roll 2D6")) << s.seen();
    s.type("5 4\r");
    ASSERT_TRUE(s.wait_for("roll 8D6")) << s.seen();
    s.type("1 1 2 2 3 3 6 6\r");
    ASSERT_TRUE(s.wait_for("roll 2D6")) << s.seen();
    s.type("1 1\r");
    ASSERT_TRUE(s.wait_for("Combat test, Enemy: roll 1D6")) << s.seen();
    s.type("2\r");
    // Colour on a terminal: the outcome in bold.
    ASSERT_TRUE(s.wait_for("\033[1mcombat: attacker wins: the attacker killed 2, the defender 0")) << s.seen();
    s.type(":quit\r");
    EXPECT_EQ(s.finish(), 0);
  }
  // The history persists: the lines typed at the prompt (not the dice) are in the file.
  const std::string history = slurp(home / "history");
  EXPECT_NE(history.find("1\\040+\\0402"), std::string::npos) << history;
  EXPECT_NE(history.find(":dice\\040manual"), std::string::npos) << history;
  EXPECT_EQ(history.find("5\\0404"), std::string::npos) << history;
  {
    pty_session s(home, "");
    ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
    s.type("\033[A");  // up arrow: the last line of the previous session
    ASSERT_TRUE(s.wait_for(":quit")) << s.seen();
    s.type("\r");
    EXPECT_EQ(s.finish(), 0);
  }
  fs::remove_all(home);
}

TEST(repl, terminal_interrupt_cancels_the_line_not_the_session) {
  const fs::path home = temp_dir("ptyint");
  pty_session s(home, "");
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type("orcs.figures = 5\r");
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  // Let the line editor start reading: a ^C before that is the terminal's alone (it drops the
  // typed text and the prompt stays), so on a busy machine the test presses ^C again.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  s.type("half a line\003");  // Ctrl-C
  bool prompt = s.wait_for("muster> ", 3);
  for (int tries = 0; !prompt && tries < 3; ++tries) {
    s.type("\003");
    prompt = s.wait_for("muster> ", 3);
  }
  ASSERT_TRUE(prompt) << s.seen();
  s.type("orcs.figures\r");
  ASSERT_TRUE(s.wait_for("\r\n5\r\n")) << s.seen();
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type(":quit\r");
  EXPECT_EQ(s.finish(), 0) << s.seen();
  fs::remove_all(home);
}

TEST(repl, terminal_interrupt_stops_a_running_line_and_keeps_the_state) {
  const fs::path home = temp_dir("ptystop");
  // An instruction budget of minutes: the loop runs for the minute of its time budget unless
  // ^C stops it.
  pty_session s(home, "--budget 100000000000");
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type("orcs.figures = 7\r");
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type("orcs.figures = 8; while true do end\r");
  ASSERT_TRUE(s.wait_for("while true do end\r\n")) << s.seen();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  s.type("\003");
  ASSERT_TRUE(s.wait_for("stdin:1: interrupted", 10)) << s.seen();
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type("orcs.figures\r");  // the line's change was undone with it
  ASSERT_TRUE(s.wait_for("\r\n7\r\n")) << s.seen();
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type(":quit\r");
  EXPECT_EQ(s.finish(), 0) << s.seen();
  fs::remove_all(home);
}

}  // namespace

TEST(repl, variant_add_and_remove_at_the_table_keep_units_and_history) {
  const std::string drums = "tests/fixtures/variants/drums_a.lua";
  const auto o = muster("repl", "orcs.figures = 7\n:variant add " + drums + "\n:variants\n:rules\norcs.figures\n"
                                ":dice 4,5\nthreat(orcs, dwarves)\n:variant remove drums_a\n:rules\n:undo\norcs.figures\n"
                                ":variant add " + drums + " loud=yes\n:variant remove nobody\n");
  EXPECT_TRUE(in_order(o.out, "reloaded: fantasy_warriors 0.1.0", "drums_a 1.0.0 (")) << o.out;
  EXPECT_NE(o.out.find("variant  drums_a 1.0.0 ("), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("  * war_drums              +1     war drums (p.3) [drums_a@1.0.0]\n"), std::string::npos) << o.out;
  // The unit survives the variant's arrival, its threat shows the variant's +1, and it is still
  // there after the variant's removal and an :undo.
  EXPECT_TRUE(in_order(o.out, "\n7\n", "+1 war drums (drums_a p.3)")) << o.out;
  EXPECT_TRUE(in_order(o.out, "+1 war drums (drums_a p.3)", "\n7\n")) << o.out;
  // Removed: :rules shows no change any more; :undo still reaches history made before.
  EXPECT_TRUE(in_order(o.out, "reloaded: fantasy_warriors 0.1.0 (", "; units kept\nmodules: fantasy_warriors@0.1.0\n"))
      << o.out;
  EXPECT_NE(o.out.find("variant 'drums_a': unknown option 'loud' (it has no options)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(":variant remove: no variant 'nobody' is loaded"), std::string::npos) << o.out;
}

TEST(repl, a_save_made_under_other_rules_is_refused_unless_accepted) {
  const fs::path dir = temp_dir("pinned");
  const std::string file = (dir / "battle.json").string();
  const auto o = muster("repl", ":variant add tests/fixtures/variants/drums_a.lua\norcs.figures = 3\n:save " + file +
                                    "\n:variant remove drums_a\norcs.figures = 9\n:load " + file + "\norcs.figures\n:load " +
                                    file + " --accept\norcs.figures\n");
  const std::string saved = slurp(file);
  EXPECT_NE(saved.find("\"name\": \"drums_a\""), std::string::npos) << saved;
  EXPECT_NE(saved.find("\"options\": \"annihilation_saves=one_save_figure,"), std::string::npos) << saved;
  EXPECT_NE(o.out.find(":load " + file + ": the save was made with other rules: drums_a: saved 1.0.0 ("), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("warning: " + file + " was saved with other rules: drums_a"), std::string::npos) << o.out;
  EXPECT_TRUE(in_order(o.out, "\n9\n", "\n3\n")) << o.out;  // refused: still 9; accepted: 3
  fs::remove_all(dir);
}

TEST(repl, a_variant_keeps_nothing_from_one_load_to_the_next) {
  const auto o = muster("repl", ":variant add tests/fixtures/variants/stateful.lua\n:rules\n:reload\n:rules\n"
                                ":variant remove stateful\n:variant add tests/fixtures/variants/stateful.lua\n:rules\n");
  std::size_t n = 0;
  for (auto at = o.out.find("loads counted: "); at != std::string::npos; at = o.out.find("loads counted: ", at + 1)) {
    EXPECT_EQ(o.out.substr(at, 16), "loads counted: 1") << o.out;
    ++n;
  }
  EXPECT_EQ(n, 3u) << o.out;
}

TEST(repl, a_scenario_laid_out_measured_and_drawn) {
  // The sample scenario: where the units stand, a distance and a line of sight measured on the
  // table, the picture written, a unit placed again (its ranks follow its files), and bad
  // input named in one line with the table kept.
  const fs::path dir = temp_dir("scenario");
  const std::string svg = (dir / "table.svg").string();
  const auto o = muster("repl --scenario examples/scenarios/greystones.lua",
                        ":where black_blades\ndistance(black_blades, long_spears)\nsight(red_arrows, long_spears)\n"
                        ":svg " + svg + "\nplace(red_arrows, {x = 10, y = 16, files = 3})\nred_arrows.ranks\n"
                        "place(red_arrows, {x = 10, y = 16, flies = true})\n:svg\n:where nobody\n:where\n");
  EXPECT_EQ(o.status, 1) << o.out;  // stdin is not a terminal and lines failed
  EXPECT_NE(o.out.find("examples/scenarios/greystones.lua: The Field at Greystones, 7 units on a 72in x 48in table"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("Black Blades (orcs): at (30, 20) facing 0, 5 x 3; nearest enemy Long Spears 5in\n5\n"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("line_of_sight: visible"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("wrote the table to " + svg), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("Red Arrows (orcs): at (10, 16) facing 0, 3 x 5; nearest enemy Iron Bolts"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("\n5\n"), std::string::npos) << o.out;  // 15 figures on 3 files: 5 ranks
  EXPECT_NE(o.out.find("input: place.flies: unknown field (known: x, y, facing, files)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(":svg needs a file: :svg table.svg"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("input: unit: a unit (a name the session knows, or its name as a string) expected, got \"nobody\""),
            std::string::npos)
      << o.out;
  // The table survived the bad lines: every piece listed, the Red Arrows where last placed.
  EXPECT_NE(o.out.find("table 72in x 48in\n  Black Blades (orcs)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("  Red Arrows (orcs): at (10, 16)"), std::string::npos) << o.out;
  const std::string picture = slurp(svg);
  EXPECT_EQ(picture.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u) << picture.substr(0, 200);
  std::size_t pieces = 0;
  for (auto at = picture.find("<g class=\"piece\""); at != std::string::npos; at = picture.find("<g class=\"piece\"", at + 1))
    ++pieces;
  EXPECT_EQ(pieces, 10u);
  EXPECT_NE(picture.find("<title>Darkwood</title>"), std::string::npos);
  EXPECT_EQ(picture.substr(picture.size() - 7), "</svg>\n");
}

TEST(repl, the_time_budget_stands_still_while_the_player_thinks) {
  // One second per line, and the player takes two to answer the capture question: the line
  // still succeeds, because the clock stops at the prompt. A line that runs away itself still
  // ends at its budget (here the instruction budget, which an empty loop meets first).
  const fs::path dir = temp_dir("thinking");
  const std::string command = "cd '" MUSTER_SOURCE_DIR "' && (printf ':choose all player\\ncombat(dwarves, archers)\\n'; "
                              "sleep 2; printf 'no\\nleader\\nwhile true do end\\n') | MUSTER_HISTORY= '" MUSTER_EXE
                              "' repl --time-budget 1 > '" + (dir / "out").string() + "' 2>&1";
  const int raw = std::system(command.c_str());
  const std::string out = slurp(dir / "out");
  EXPECT_EQ(WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, 1) << out;  // the endless loop failed
  EXPECT_NE(out.find("orcs (capture_standard): "), std::string::npos) << out;
  EXPECT_NE(out.find("combat: "), std::string::npos) << out;
  EXPECT_EQ(out.find("time budget exhausted"), std::string::npos) << out;
  EXPECT_NE(out.find("stdin:1: instruction budget exhausted"), std::string::npos) << out;
}

TEST(repl, a_person_plays_two_turns_of_a_battle) {
  // At a terminal, as a person plays: the Orcs are theirs, the Dwarves the bot's. Each :turn
  // plays a turn; every choice of the Orcs' is asked at its moment, after the lines of the
  // phases before it; between turns the table is looked at. A refused answer is asked again.
  const fs::path home = temp_dir("ptybattle");
  pty_session s(home, "--colour never");
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type("battle{scenario = \"examples/scenarios/greystones.lua\", turns = 2, controllers = {orcs = \"player\"}}\r");
  ASSERT_TRUE(s.wait_for("2 turns at most")) << s.seen();
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type(":turn\r");
  // Each question, and the answer typed to it.
  const std::vector<std::pair<std::string, std::string>> turn_1 = {
      {"orcs (threat): Black Blades: threaten which enemy? [no, Long Spears, Oathbreakers' Bane]", "Long Spears"},
      {"orcs (threat): Spears of the Eye: threaten which enemy?", "Oathbreakers' Bane"},
      {"turn 1, threat: ", ""},
      {"orcs (shoot): Red Arrows: shoot at which enemy? [no, Long Spears, Iron Bolts]", "Long Spears"},
      {"orcs (volleys): Red Arrows: how many volleys (1-4)? [1..4]", "9"},
      {"refused: answer 9 is out of range 1..4", "4"},
      {"orcs (special_killed): ", "leader"},
      {"turn 1, shooting: ", ""},
      {"orcs (move_order): ", "1st"},
      {"turn 1, movement: ", ""},
      {"orcs (capture_standard): Black Blades: ", "no"},
      {"orcs (fight_ranks): Spears of the Eye: ", "2"},
      {"orcs (capture_standard): Spears of the Eye: ", "no"},
      {"turn 1, combat: ", ""},
      {"orcs (new_orders): The Tuskers (ATTACK): a new order? [keep, attack, hold, oppose]", "keep"},
      {"orcs (new_orders): The Bowmen (HOLD): ", "keep"},
      {"turn 1, end_of_turn: day 3 -> day 4", ""},
  };
  for (const auto& [asked, answer] : turn_1) {
    ASSERT_TRUE(s.wait_for(asked)) << asked << "\n" << s.seen();
    if (!answer.empty()) s.type(answer + "\r");
  }
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type(":where black_blades\r");
  ASSERT_TRUE(s.wait_for("Black Blades (orcs): at (30, 25) facing 0")) << s.seen();
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type(":turn\r");
  const std::vector<std::pair<std::string, std::string>> turn_2 = {
      {"orcs (shoot): Red Arrows: shoot at which enemy? [no, Iron Bolts]", "Iron Bolts"},
      {"orcs (volleys): Red Arrows: how many volleys (1-2)?", "2"},
      {"orcs (move_order): ", "1st"},
      {"orcs (capture_standard): Black Blades: ", "no"},
      {"orcs (new_orders): The Tuskers (ATTACK): ", "keep"},
      {"orcs (new_orders): The Bowmen (HOLD): ", "keep"},
      {"turn 2, end_of_turn: ", ""},
      {"after 2 turns: ", ""},
  };
  for (const auto& [asked, answer] : turn_2) {
    ASSERT_TRUE(s.wait_for(asked)) << asked << "\n" << s.seen();
    if (!answer.empty()) s.type(answer + "\r");
  }
  ASSERT_TRUE(s.wait_for("muster> ")) << s.seen();
  s.type(":turn\r");
  ASSERT_TRUE(s.wait_for("the battle is over: after 2 turns: ")) << s.seen();
  // The bot answered the Dwarves: nothing was asked of them here.
  EXPECT_EQ(s.seen().find("dwarves ("), std::string::npos) << s.seen();
  s.type(":quit\r");
  EXPECT_EQ(s.finish(), 0) << s.seen();
  fs::remove_all(home);
}

TEST(repl, next_plays_a_battle_one_phase_at_a_time) {
  // Bot against bot: :next twice plays threat and shooting only; :phase names movement next;
  // :turn plays the rest of turn 1; :next then begins turn 2.
  const auto o = muster("repl --colour never",
                        "battle{scenario = \"examples/scenarios/greystones.lua\", turns = 2}\n"
                        ":phase\n:next\n:next\n:phase\n:turn\n:phase\n:next\n:phase\n:undo\n");
  EXPECT_TRUE(all_in_order(o.out, {"turn 1, next: Phase One: Threat\n", "turn 1, threat: ", "turn 1, shooting: ",
                       "turn 1, next: Phase Three: Movement\n", "turn 1, movement: ", "turn 1, end_of_turn: ",
                       "turn 2, next: Phase One: Threat\n", "turn 2, threat: ", "turn 2, next: Phase Two: Shooting\n"}))
      << o.out;
  EXPECT_EQ(o.out.find("turn 1, threat: ", o.out.find("turn 1, shooting: ")), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(":undo: nothing to undo"), std::string::npos) << o.out;
  // Typed as Lua too: a phase played is not half undone.
  const auto typed = muster("repl --colour never",
                            "battle{scenario = \"examples/scenarios/greystones.lua\", turns = 2}\nnext_phase()\n:undo\n:phase\n");
  EXPECT_TRUE(all_in_order(typed.out, {"turn 1, threat: ", ":undo: nothing to undo", "turn 1, next: Phase Two: Shooting\n"}))
      << typed.out;
}

TEST(repl, a_battle_saved_at_the_repl_loads_and_plays_on) {
  // Three phases played bot against bot, :save; a new session :loads it with the Orcs played
  // by the person: the three phases are played again (checked) and the Orcs are asked in the
  // combat. A save whose state hash was changed is refused and changes nothing.
  const fs::path dir = fs::temp_directory_path() / ("muster-repl-save-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string save = (dir / "save.jsonl").string();
  outcome o = muster("repl --colour never", "battle{scenario = \"examples/scenarios/greystones.lua\", turns = 2}\n"
                                            ":next\n:next\n:next\n:save " + save + "\n");
  EXPECT_NE(o.out.find("saved the battle (turn 1, next: Phase Four: Combat) to " + save), std::string::npos) << o.out;
  o = muster("repl --colour never", ":load " + save + " orcs=player\n:phase\n:next\nno\n");
  EXPECT_TRUE(all_in_order(o.out, {"turn 1, movement: ", "resumed " + save + ": 3 phases played again and checked; turn 1, next: Phase Four: Combat\n",
                                   "turn 1, next: Phase Four: Combat\n", "orcs (capture_standard): "}))
      << o.out;
  std::string text = slurp(save);
  const std::string key = "\"kind\":\"state_hash\",\"fields\":{\"hash\":\"";
  const auto at = text.find(key);
  ASSERT_NE(at, std::string::npos);
  text[at + key.size()] = text[at + key.size()] == '0' ? '1' : '0';
  std::ofstream(dir / "bad.jsonl") << text;
  o = muster("repl --colour never", "orcs.figures = 3\n:load " + (dir / "bad.jsonl").string() + "\norcs.figures\n:phase\n");
  EXPECT_TRUE(all_in_order(o.out, {":load " + (dir / "bad.jsonl").string() + ": not the battle it sets up: turn 1, threat: the state hash is ",
                                   "(the units are as they were; no battle is set up)\n3\n", ":phase: no battle"}))
      << o.out;
  fs::remove_all(dir);
}

TEST(repl, next_and_phase_want_a_battle) {
  const auto o = muster("repl --colour never", ":next\n:phase\n");
  EXPECT_NE(o.out.find(":next: no battle: battle{"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(":phase: no battle: battle{"), std::string::npos) << o.out;
}

TEST(repl, a_turn_cancelled_at_a_prompt_changes_nothing) {
  // Three phases played (threat, shooting, movement: the Black Blades charge), then a cancel at
  // the combat's first question: the battle is as it was before :turn.
  const auto o = muster("repl --colour never",
                        "battle{scenario = \"examples/scenarios/greystones.lua\", turns = 2, controllers = {orcs = \"player\"}}\n"
                        ":turn\nLong Spears\nOathbreakers' Bane\nLong Spears\n4\nleader\n1st\ncancel\n"
                        ":where black_blades\nlong_spears.figures\n");
  EXPECT_TRUE(in_order(o.out, "turn 1, movement: ", "cancelled at the prompt: nothing changed")) << o.out;
  EXPECT_TRUE(in_order(o.out, "cancelled at the prompt: nothing changed",
                       "Black Blades (orcs): at (30, 20) facing 0, 5 x 3; nearest enemy Long Spears 5in\n15\n"))
      << o.out;
}
