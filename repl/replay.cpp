// `muster replay`: see replay.hpp.
#include "replay.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <deque>
#include <map>
#include <optional>
#include <sstream>
#include <vector>

#include "battle.hpp"
#include "files.hpp"
#include "lua_text.hpp"
#include "modules.hpp"
#include "muster/error.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"
#include "repl.hpp"

namespace muster::cli {
namespace {

using json = nlohmann::json;

// Where an event of the log stands: "seq 22 (turn 1, shooting)".
struct place {
  std::uint64_t seq = 0;
  std::int64_t turn = 0;
  std::string phase;
};

struct logged_roll {
  place at;
  std::string label;
  int count = 0;
  int sides = 0;
  std::vector<int> faces;
};

struct logged_choice {
  place at;
  std::string question;
  choice_answer answer;
};

struct logged_hash {
  place at;
  std::string hash;
};

struct logged_battle {
  std::string ruleset_path;
  std::vector<std::string> variants;
  std::vector<std::string> options;
  std::map<std::string, std::string> module_hashes;  // name -> hash
  std::string scenario;                              // the battle's setup, as battle_setup takes it
  std::vector<std::string> armies;
  int turns = 8;
  std::string controllers;                           // every side answered from the log
  std::vector<std::string> sides;
  std::deque<logged_roll> rolls;
  std::map<std::string, std::deque<logged_choice>> choices;
  std::deque<logged_hash> hashes;
  std::string over;                                  // the battle_over reason
};

// A string field of an event, or "" when it has none.
std::string text_of(const json& fields, const char* name) {
  const auto it = fields.find(name);
  return it != fields.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// "a=b,c=d" (a module event's options) -> {"a=b", "c=d"}, each prefixed.
void split_options(const std::string& list, const std::string& prefix, std::vector<std::string>& out) {
  std::istringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (!item.empty()) out.push_back(prefix + item);
  }
}

void read_event(logged_battle& b, const json& e, const std::string& file, int n, bool& setup);

logged_battle read_log(const std::string& file) {
  const std::string text = read_file_text(file);
  logged_battle b;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  bool setup = false;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty()) continue;
    json e;
    try {
      e = json::parse(line);
    } catch (const json::exception&) {
      throw input_error(fmt::format("{}:{}", file, n), "not a JSON event (write the log with --jsonl)");
    }
    if (!e.is_object() || !e.contains("kind") || !e.contains("fields") || !e["kind"].is_string() || !e["fields"].is_object())
      throw input_error(fmt::format("{}:{}", file, n), "an event {seq, turn, phase, kind, fields} expected");
    try {
      read_event(b, e, file, n, setup);
    } catch (const json::exception& x) {
      throw input_error(fmt::format("{}:{}", file, n), fmt::format("a {} event with a field of the wrong kind ({})",
                                                                   e["kind"].get<std::string>(), x.what()));
    }
  }
  if (b.ruleset_path.empty()) throw input_error(file, "no module event: not a battle's log");
  if (!setup) throw input_error(file, "no battle event: not a log of muster battle");
  return b;
}

void read_event(logged_battle& b, const json& e, const std::string& file, int n, bool& setup) {
  {
    const std::string kind = e["kind"].get<std::string>();
    const json& f = e["fields"];
    place at{e.value("seq", std::uint64_t{0}), e.value("turn", std::int64_t{0}), e.value("phase", std::string())};
    if (kind == "module") {
      const std::string name = text_of(f, "name"), path = text_of(f, "path");
      b.module_hashes[name] = text_of(f, "hash");
      if (text_of(f, "kind") == "ruleset") {
        b.ruleset_path = path;
        split_options(text_of(f, "options"), "", b.options);
      } else {
        b.variants.push_back(path);
        split_options(text_of(f, "options"), name + ".", b.options);
      }
    } else if (kind == "battle") {
      setup = true;
      b.sides = {text_of(f, "side_a"), text_of(f, "side_b")};
      b.scenario = text_of(f, "scenario");
      if (!text_of(f, "army_a").empty()) b.armies = {text_of(f, "army_a"), text_of(f, "army_b")};
      b.turns = f.value("turns", 8);
      b.controllers = "controllers = {";
      for (const auto& side : b.sides) b.controllers += "[ " + lua_literal(side) + " ] = {kind = \"policy\", name = \"replay\"},";
      b.controllers += "}";
    } else if (kind == "roll") {
      logged_roll r{at, text_of(f, "label"), 0, 0, {}};
      const std::string dice = text_of(f, "dice");
      if (std::sscanf(dice.c_str(), "%dD%d", &r.count, &r.sides) != 2)
        throw input_error(fmt::format("{}:{}", file, n), fmt::format("dice '{}': NdS expected", dice));
      for (const auto& v : f.at("faces")) r.faces.push_back(v.get<int>());
      b.rolls.push_back(std::move(r));
    } else if (kind == "choice") {
      const json& a = f.at("answer");
      logged_choice c{at, text_of(f, "question"),
                      a.is_string() ? choice_answer(a.get<std::string>()) : choice_answer(a.get<std::int64_t>())};
      b.choices[text_of(f, "side")].push_back(std::move(c));
    } else if (kind == "state_hash") {
      b.hashes.push_back({at, text_of(f, "hash")});
    } else if (kind == "battle_over") {
      b.over = text_of(f, "reason");
    }
  }
}

// Where the replay first parted from the log.
struct divergence : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The first difference found, kept as it is worded (the error that carries it out of Lua
// gathers the script's location on the way).
using verdict = std::optional<std::string>;

[[noreturn]] void part(verdict& parted, std::string why) {
  if (!parted) parted = why;
  throw error("replay: " + why);
}

// "turn 2, shooting": where a logged event stands, as the verdict names it.
std::string where(const place& at) { return at.phase.empty() ? fmt::format("turn {}", at.turn) : fmt::format("turn {}, {}", at.turn, at.phase); }

// The log's dice, in order, each checked against what the battle asks for.
class logged_dice final : public dice_source {
 public:
  logged_dice(std::deque<logged_roll>& rolls, verdict& parted) : rolls_(rolls), parted_(parted) {}
  void roll(const dice_request& request, std::span<int> faces) override {
    if (rolls_.empty())
      part(parted_, fmt::format("the battle throws \"{}\" {}D{} where the log has no roll left", request.label,
                                request.count, request.sides));
    const logged_roll& r = rolls_.front();
    if (r.label != request.label || r.count != request.count || r.sides != request.sides ||
        r.faces.size() != faces.size())
      part(parted_, fmt::format("{}: the battle throws \"{}\" {}D{}, the log \"{}\" {}D{} (seq {})", where(r.at),
                                request.label, request.count, request.sides, r.label, r.count, r.sides, r.at.seq));
    for (std::size_t i = 0; i < faces.size(); ++i) {
      if (r.faces[i] < 1 || r.faces[i] > request.sides)
        part(parted_, fmt::format("{}: face {} is impossible on a D{} (seq {})", where(r.at), r.faces[i], request.sides,
                                  r.at.seq));
      faces[i] = r.faces[i];
    }
    rolls_.pop_front();
  }

 private:
  std::deque<logged_roll>& rolls_;
  verdict& parted_;
};


}  // namespace

CLI::App* add_replay_command(CLI::App& app, replay_options& o) {
  auto* cmd = app.add_subcommand("replay", "Play a battle's event log again and check it gives the same battle");
  cmd->add_option("log", o.log_file, "The log, written by muster battle --log FILE --jsonl")->required();
  cmd->add_option("--html", o.html_file, "Write the replay viewer of the battle: one HTML page stepping through every phase");
  cmd->add_flag("--quiet,-q", o.quiet, "Print only the verdict");
  return cmd;
}

int run_replay(const replay_options& o) {
  logged_battle b = read_log(o.log_file);
  const std::string setup =
      battle_setup(b.scenario, b.armies, b.turns, b.controllers + (o.html_file.empty() ? "" : std::string(", ") + viewer_frames));
  kernel k(0);
  runtime rt(k);
  load_modules(rt, b.ruleset_path, b.variants, b.options);
  // The same rules: every module's content hash as the log recorded it.
  for (const auto& e : k.log.events()) {
    if (e.kind != "module") continue;
    std::string name, hash;
    for (const auto& f : e.fields) {
      if (f.name == "name") name = std::get<std::string>(f.value);
      if (f.name == "hash") hash = std::get<std::string>(f.value);
    }
    const auto it = b.module_hashes.find(name);
    if (it != b.module_hashes.end() && it->second != hash) {
      fmt::print(stderr, "muster: replay: {} is not the module the log was made with (hash {}, the log has {}): its rules "
                         "changed since\n", name, hash, it->second);
      return 1;
    }
  }
  verdict parted;
  k.dice.set_source(std::make_unique<logged_dice>(b.rolls, parted));
  std::size_t answered = 0;
  k.choices.add_policy(
      "replay",
      [&](const choice_request& r) -> choice_answer {
        auto& queue = b.choices[r.side];
        if (queue.empty())
          part(parted, fmt::format("{} is asked '{}' where the log has no answer of theirs left", r.side, r.question));
        const logged_choice c = queue.front();
        if (c.question != r.question)
          part(parted, fmt::format("{}: the battle asks {} '{}', the log answers '{}' (seq {})", where(c.at), r.side,
                                   r.question, c.question, c.at.seq));
        if (const std::string why = chooser::check_answer(r, c.answer); !why.empty())
          part(parted, fmt::format("{}: {}'s logged answer to '{}' does not fit: {} (seq {})", where(c.at), r.side,
                                   r.question, why, c.at.seq));
        queue.pop_front();
        ++answered;
        return c.answer;
      },
      "the answers of a logged battle, in order, each checked against its question");
  // Every state hash the battle logs is compared with the log's, in order.
  std::size_t checked = 0;
  k.log.set_sink([&](const event& e) {
    if (parted || e.kind != "state_hash") return;
    std::string hash;
    for (const auto& f : e.fields)
      if (f.name == "hash") hash = std::get<std::string>(f.value);
    const std::string here = fmt::format("turn {}, {}", e.turn, e.phase);
    if (b.hashes.empty()) {
      parted = here + ": the battle goes on where the log has ended";
    } else if (b.hashes.front().hash != hash) {
      parted = fmt::format("{}: the state hash is {}, the log says {} (seq {})", here, hash, b.hashes.front().hash,
                           b.hashes.front().at.seq);
    } else {
      b.hashes.pop_front();
      ++checked;
    }
  });
  install_helpers(rt);
  auto say = [&](const std::string& text) {
    if (!o.quiet && !text.empty()) fmt::print("{}\n", text);
  };
  std::string outcome;
  try {
    say(eval_battle(rt, "repl.battle_start(" + setup + ")"));
    while (outcome.empty() && !parted) {
      say(eval_battle(rt, "repl.battle_turn()"));
      outcome = eval_battle(rt, "repl.battle_outcome()");
    }
  } catch (const std::exception& e) {
    if (!parted) parted = one_line(e.what());
  }
  if (!parted && !b.hashes.empty())
    parted = fmt::format("the battle ended ({}) where the log goes on to {} (seq {})", outcome, where(b.hashes.front().at),
                         b.hashes.front().at.seq);
  if (!parted && !b.rolls.empty()) parted = fmt::format("the log has {} rolls the battle never threw", b.rolls.size());
  for (const auto& [side, queue] : b.choices)
    if (!parted && !queue.empty())
      parted = fmt::format("the log has {} answers of {} the battle never asked for", queue.size(), side);
  if (parted) {
    fmt::print("{}: replay differs: {}\n", o.log_file, *parted);
    return 1;
  }
  fmt::print("{}: the same battle: {} phases checked, {} answers replayed; {}\n", o.log_file, checked, answered, outcome);
  if (!o.html_file.empty()) say(write_viewer(rt, o.html_file));
  return 0;
}

}  // namespace muster::cli
