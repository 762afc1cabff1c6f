// `muster battle`: see battle.hpp.
#include "battle.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

#include "files.hpp"
#include "lua_text.hpp"
#include "modules.hpp"
#include "muster/error.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"
#include "repl.hpp"
#include "replay.hpp"

namespace muster::cli {
namespace {

// The policy a `lua:FILE` side registers: the file's stem, which must be an identifier.
std::string lua_policy_name(const std::string& file) {
  const std::string stem = std::filesystem::path(file).stem().string();
  const bool ok = !stem.empty() && (std::isalpha(static_cast<unsigned char>(stem[0])) || stem[0] == '_') &&
                  std::all_of(stem.begin(), stem.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  if (!ok) throw input_error("--side", fmt::format("lua:{}: the file's name is the policy's: letters, digits and _ (cautious.lua)", file));
  return stem;
}

// A side's controller as Lua source: {kind, arg}.
std::string controller_source(const std::string& spec) {
  if (spec.rfind("lua:", 0) == 0) return "{kind = \"policy\", name = " + lua_literal(lua_policy_name(spec.substr(4))) + "}";
  if (spec.rfind("script:", 0) == 0) {
    // A script of answers: one per line, in order (blank lines and # comments skipped).
    const std::string file = spec.substr(7);
    std::istringstream in(read_file_text(file));
    std::string line, list;
    int n = 0;
    while (std::getline(in, line)) {
      const auto first = line.find_first_not_of(" \t\r");
      if (first == std::string::npos || line[first] == '#') continue;
      const auto last = line.find_last_not_of(" \t\r");
      list += lua_literal(line.substr(first, last - first + 1)) + ",";
      ++n;
    }
    if (n == 0) throw input_error("--side", fmt::format("{}: no answers in the file", file));
    return "{kind = \"script\", answers = {" + list + "}}";
  }
  if (spec == "human" || spec == "player")
    throw input_error("--side", "a person plays a side at the REPL (muster repl, then battle{..., controllers = {SIDE = "
                                "\"player\"}} and :turn); here: bot, first, last, random, a policy's name, script:FILE or lua:FILE");
  return "{kind = \"policy\", name = " + lua_literal(spec == "bot" ? "fw_bot" : spec) + "}";
}

}  // namespace

std::string battle_setup(const std::string& scenario, const std::vector<std::string>& armies, int turns,
                         const std::string& more) {
  std::string s = fmt::format("{{turns = {}", turns);
  if (!scenario.empty())
    s += ", scenario = {file = " + lua_literal(scenario) + ", text = " + lua_literal(read_file_text(scenario)) + "}";
  if (armies.size() == 2) s += ", armies = {" + lua_literal(armies[0]) + ", " + lua_literal(armies[1]) + "}";
  if (!more.empty()) s += ", " + more;
  return s + "}";
}

std::string eval_battle(runtime& rt, const std::string& code) {
  try {
    return unquote(rt.eval(code, "battle"));
  } catch (const script_error& e) {
    // The message is the error without a script location; an error raised as "input: a.lua:3:
    // ..." (a scenario file's line) is all message, though the runtime reads a location in it.
    constexpr std::string_view prefix = "input: ";
    const std::string what = e.what();
    const std::string& m = what.starts_with(prefix) ? what : e.message();
    if (!m.starts_with(prefix)) throw;
    const auto colon = m.find(": ", prefix.size());
    if (colon == std::string::npos) throw input_error("input", m.substr(prefix.size()));
    throw input_error(m.substr(prefix.size(), colon - prefix.size()), m.substr(colon + 2));
  }
}

std::string eval_long(runtime& rt, const std::string& code) {
  // An evaluation's rendering is cut past 64 KiB: the text is kept in the session and taken
  // in slices of 16 KiB, which render in at most 64 KiB whatever bytes they hold.
  constexpr std::size_t slice = 16 * 1024;
  constexpr const char* kept = "muster_host_text";
  eval_battle(rt, fmt::format("{} = tostring({})", kept, code));
  std::string text;
  for (std::size_t at = 1;; at += slice) {
    const std::string part = eval_battle(rt, fmt::format("{}:sub({}, {})", kept, at, at + slice - 1));
    text += part;
    if (part.size() < slice) break;
  }
  eval_battle(rt, fmt::format("{} = nil", kept));
  return text;
}

std::string write_viewer(runtime& rt, const std::string& file) {
  const std::string page = eval_long(rt, "repl.battle_html()");
  write_file_text(file, page);
  return fmt::format("wrote the replay viewer to {}", file);
}

CLI::App* add_battle_command(CLI::App& app, battle_options& o) {
  auto* cmd = app.add_subcommand("battle", "Play a whole battle from deployment to victory, bot against bot");
  cmd->add_option("armies", o.armies, "Two army files, set out on an open field (or on --scenario's table)")
      ->expected(0, 2);
  cmd->add_option("--scenario", o.scenario, "A scenario file: the table, its terrain, and its armies placed");
  cmd->add_option("--seed", o.seed, "Seed of the dice (default 1)");
  cmd->add_option("--turns", o.turns, "Restricted Turns: the battle ends after this many (default 8)")
      ->check(CLI::Range(1, 100));
  cmd->add_option("--side", o.sides, "SIDE=bot|first|last|random|POLICY|script:FILE|lua:FILE (repeatable; default bot)");
  cmd->add_option("--ruleset", o.ruleset, "Ruleset (default fantasy_warriors)");
  cmd->add_option("--variant", o.variants, "Variant name or path (repeatable)");
  cmd->add_option("--option", o.options, "Module option NAME=VALUE, or MODULE.NAME=VALUE (repeatable)");
  cmd->add_option("--log", o.log_file, "Write the event log to this file");
  cmd->add_flag("--jsonl", o.jsonl, "Event log as JSON Lines instead of text");
  cmd->add_option("--svg-every", o.svg_every, "phase or turn: write a picture of the table that often")
      ->check(CLI::IsMember({"phase", "turn"}));
  cmd->add_option("--svg-dir", o.svg_dir, "Where the pictures go (default battle-svg)");
  cmd->add_option("--html", o.html_file, "Write the replay viewer: one HTML page stepping through every phase");
  cmd->add_flag("--quiet,-q", o.quiet, "Print only the outcome");
  cmd->add_option("--phases", o.phases, "Stop once this many phases are played (a save: the log, --resume it)")
      ->check(CLI::Range(1, 100'000));
  cmd->add_option("--resume", o.resume,
                  "A battle's log (--log FILE --jsonl): set it up again, play its phases again (checked), play on");
  cmd->callback([&o, cmd] {
    o.seed_given = cmd->count("--seed") > 0;
    o.turns_given = cmd->count("--turns") > 0;
    o.ruleset_given = cmd->count("--ruleset") > 0;
  });
  return cmd;
}

std::string battle_controllers(const battle_options& o) {
  std::string controllers;
  for (const auto& s : o.sides) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == s.size())
      throw input_error("--side", fmt::format("'{}': SIDE=bot|first|last|random|POLICY|script:FILE|lua:FILE expected", s));
    controllers += "[ " + lua_literal(s.substr(0, eq)) + " ] = " + controller_source(s.substr(eq + 1)) + ",";
  }
  return "{" + controllers + "}";
}

void add_lua_policies(runtime& rt, const battle_options& o) {
  std::vector<std::string> added;  // a file given for both sides is one policy
  for (const auto& side : o.sides) {
    const auto eq = side.find('=');
    if (eq == std::string::npos || side.compare(eq + 1, 4, "lua:") != 0) continue;
    const std::string file = side.substr(eq + 5);
    const std::string name = lua_policy_name(file);
    if (std::find(added.begin(), added.end(), file) != added.end()) continue;
    for (const auto& p : rt.services().choices.policies())
      if (p.name == name)
        throw input_error("--side", fmt::format("lua:{}: a policy '{}' exists already: name the file otherwise", file, name));
    added.push_back(file);
    const std::string global = "muster_policy_" + name;
    rt.run_file(file, global);
    eval_battle(rt, fmt::format("if type({0}) ~= 'function' then error({1} .. type({0}), 0) end "
                                "muster.choice.add_policy({2}, {0}, {3})",
                                global,
                                lua_literal("input: --side: lua:" + file +
                                            ": the file must return a function(request) -> answer, not a "),
                                lua_literal(name), lua_literal("the answers of the Lua script " + file)));
  }
}

std::string battle_frames(const battle_options& o) {
  // The viewer shows every phase, whichever pictures go to files.
  if (!o.html_file.empty()) return std::string(", ") + viewer_frames;
  if (!o.svg_every.empty()) return ", frames = " + lua_literal(o.svg_every);
  return {};
}

int run_battle(const battle_options& o) {
  if (!o.resume.empty()) return run_resume(o);
  if (o.armies.size() == 1) throw input_error("armies", "two army files, or none with --scenario");
  if (o.armies.empty() && o.scenario.empty())
    throw input_error("armies", "give two army files, or --scenario FILE (examples/scenarios/greystones.lua)");
  kernel k(o.seed);
  runtime rt(k);
  load_modules(rt, o.ruleset, o.variants, o.options);
  install_helpers(rt);
  add_lua_policies(rt, o);
  const std::string opts =
      battle_setup(o.scenario, o.armies, o.turns,
                   "controllers = " + battle_controllers(o) + battle_frames(o) + fmt::format(", seed = \"{}\"", o.seed));
  const std::string opening = eval_battle(rt, "repl.battle_start(" + opts + ")");
  if (!o.quiet && !opening.empty()) fmt::print("{}\n", opening);
  return play_on(k, rt, o, 0);
}

int play_on(kernel& k, runtime& rt, const battle_options& o, int played) {
  auto say = [&](const std::string& text) {
    if (!o.quiet && !text.empty()) fmt::print("{}\n", text);
  };
  std::filesystem::path dir(o.svg_dir);
  int pictures = 0;
  auto draw = [&] {
    while (!o.svg_every.empty()) {
      const std::string frame = eval_long(rt, "repl.battle_frame(" + lua_literal(o.svg_every) + ")");
      if (frame.empty()) return;
      const auto nl = frame.find('\n');
      if (pictures == 0) std::filesystem::create_directories(dir);
      write_file_text((dir / frame.substr(0, nl)).string(), frame.substr(nl + 1));
      ++pictures;
    }
  };
  std::string outcome = eval_battle(rt, "repl.battle_outcome()");
  bool stopped = false;
  while (outcome.empty()) {
    if (o.phases > 0 && played >= o.phases) {
      stopped = true;
      break;
    }
    try {
      // Phase by phase when the battle is to stop at a phase, else turn by turn.
      say(eval_battle(rt, o.phases > 0 ? "repl.battle_phase()" : "repl.battle_turn()"));
      ++played;
    } catch (const std::exception&) {
      // What the turn did before it failed, so the error reads in its place; the log is a
      // save of what was played (muster battle --resume goes on from its last whole phase).
      say(eval_battle(rt, "repl.battle_said()"));
      if (!o.log_file.empty()) write_file_text(o.log_file, o.jsonl ? k.log.fmt_jsonl() : k.log.fmt_lines());
      throw;
    }
    draw();
    outcome = eval_battle(rt, "repl.battle_outcome()");
  }
  if (stopped)
    fmt::print("stopped after {} phases, {}{}\n", played, eval_battle(rt, "repl.battle_position()"),
               o.log_file.empty() || !o.jsonl ? "" : fmt::format(": muster battle --resume {} plays on", o.log_file));
  else
    fmt::print("{}\n", outcome);
  if (pictures > 0 && !o.quiet) fmt::print("wrote {} pictures to {}\n", pictures, dir.string());
  if (!o.html_file.empty()) say(write_viewer(rt, o.html_file));
  if (!o.log_file.empty()) write_file_text(o.log_file, o.jsonl ? k.log.fmt_jsonl() : k.log.fmt_lines());
  return 0;
}

}  // namespace muster::cli
