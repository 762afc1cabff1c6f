// `muster replay`: see replay.hpp.
#include "replay.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <filesystem>
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
  std::string seed;                                  // the battle's seed, when the log has it
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

// A module as the log names it, as load_modules takes it: a bundled module's path (relative to
// the Muster root, "scripts/rulesets/fantasy_warriors", ".../variants/weather") becomes its
// name, so a log replays from any folder; another module's path stays as it is.
std::string module_to_load(const std::string& path) {
  constexpr std::string_view rulesets = "scripts/rulesets/";
  if (!path.starts_with(rulesets)) return path;
  std::string rest = path.substr(rulesets.size());
  if (rest.find('/') == std::string::npos) return rest;  // a ruleset
  const auto variants = rest.find("/variants/");
  if (variants == std::string::npos) return path;
  rest = rest.substr(variants + std::string_view("/variants/").size());
  if (rest.ends_with(".lua")) rest.resize(rest.size() - 4);
  return rest.find('/') == std::string::npos ? rest : path;
}

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
  const std::string kind = e["kind"].get<std::string>();
  const json& f = e["fields"];
  place at{e.value("seq", std::uint64_t{0}), e.value("turn", std::int64_t{0}), e.value("phase", std::string())};
  if (kind == "module") {
    const std::string name = text_of(f, "name"), path = text_of(f, "path");
    b.module_hashes[name] = text_of(f, "hash");
    if (text_of(f, "kind") == "ruleset") {
      b.ruleset_path = module_to_load(path);
      split_options(text_of(f, "options"), "", b.options);
    } else {
      b.variants.push_back(module_to_load(path));
      split_options(text_of(f, "options"), name + ".", b.options);
    }
  } else if (kind == "battle") {
    setup = true;
    b.seed = text_of(f, "seed");
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
  }
}

// The first difference found, kept as it is worded (the error that carries it out of Lua
// gathers the script's location on the way).
using verdict = std::optional<std::string>;

[[noreturn]] void part(verdict& parted, std::string why) {
  if (!parted) parted = why;
  throw error("replay: " + why);
}

// "turn 2, shooting": where a logged event stands, as the verdict names it.
std::string where(const place& at) { return at.phase.empty() ? fmt::format("turn {}", at.turn) : fmt::format("turn {}, {}", at.turn, at.phase); }

}  // namespace

struct battle_log::impl {
  std::string file;
  logged_battle b;
  verdict parted;
  std::size_t checked = 0;
  std::size_t answered = 0;
  bool handed_over = false;
};

battle_log::battle_log(const std::string& file) : impl_(std::make_unique<impl>()) {
  impl_->file = file;
  impl_->b = read_log(file);
  // A scenario named relative to the Muster root (a bundled one) is found from any folder.
  std::string& scenario = impl_->b.scenario;
  const std::filesystem::path under_root = runtime_options::default_root() / scenario;
  std::error_code ec;
  if (!scenario.empty() && std::filesystem::path(scenario).is_relative() && !std::filesystem::exists(scenario, ec) &&
      std::filesystem::exists(under_root, ec))
    scenario = under_root.string();
}
battle_log::~battle_log() = default;

const std::string& battle_log::file() const noexcept { return impl_->file; }
const std::vector<std::string>& battle_log::sides() const noexcept { return impl_->b.sides; }
std::size_t battle_log::phases() const noexcept { return impl_->b.hashes.size(); }
std::size_t battle_log::checked() const noexcept { return impl_->checked; }
std::size_t battle_log::answered() const noexcept { return impl_->answered; }
const std::optional<std::string>& battle_log::parted() const noexcept { return impl_->parted; }
void battle_log::set_parted(std::string why) {
  if (!impl_->parted) impl_->parted = std::move(why);
}
void battle_log::hand_over() noexcept { impl_->handed_over = true; }
const std::string& battle_log::ruleset() const noexcept { return impl_->b.ruleset_path; }
const std::vector<std::string>& battle_log::variants() const noexcept { return impl_->b.variants; }
const std::vector<std::string>& battle_log::options() const noexcept { return impl_->b.options; }

std::optional<std::uint64_t> battle_log::seed() const {
  const std::string& text = impl_->b.seed;
  if (text.empty()) return std::nullopt;
  std::uint64_t seed = 0;
  std::istringstream in(text);
  if (!(in >> seed) || !in.eof()) throw input_error(impl_->file, fmt::format("the battle's seed '{}' is not a number", text));
  return seed;
}

std::string battle_log::setup(const std::string& more) const {
  const logged_battle& b = impl_->b;
  return battle_setup(b.scenario, b.armies, b.turns, b.controllers + more);
}

std::string battle_log::changed_module(const std::vector<loaded_module>& loaded) const {
  for (const auto& m : loaded) {
    const auto it = impl_->b.module_hashes.find(m.name);
    if (it != impl_->b.module_hashes.end() && it->second != m.hash)
      return fmt::format("{} is not the module the log was made with (hash {}, the log has {}): its rules changed since",
                         m.name, m.hash, it->second);
  }
  return {};
}

void battle_log::cut_to_whole_phases() {
  logged_battle& b = impl_->b;
  // After the last whole phase; with none, what the first turn began (the setup's answers,
  // given at turn 0, stay).
  const auto after_cut = [&](const place& at) { return b.hashes.empty() ? at.turn > 0 : at.seq > b.hashes.back().at.seq; };
  while (!b.rolls.empty() && after_cut(b.rolls.back().at)) b.rolls.pop_back();
  for (auto& [side, queue] : b.choices)
    while (!queue.empty() && after_cut(queue.back().at)) queue.pop_back();
}

bool battle_log::take_roll(const dice_request& request, std::span<int> faces) {
  auto& rolls = impl_->b.rolls;
  verdict& parted = impl_->parted;
  if (rolls.empty()) return false;
  const logged_roll& r = rolls.front();
  if (r.label != request.label || r.count != request.count || r.sides != request.sides || r.faces.size() != faces.size())
    part(parted, fmt::format("{}: the battle throws \"{}\" {}D{}, the log \"{}\" {}D{} (seq {})", where(r.at), request.label,
                             request.count, request.sides, r.label, r.count, r.sides, r.at.seq));
  for (std::size_t i = 0; i < faces.size(); ++i) {
    if (r.faces[i] < 1 || r.faces[i] > request.sides)
      part(parted, fmt::format("{}: face {} is impossible on a D{} (seq {})", where(r.at), r.faces[i], request.sides, r.at.seq));
    faces[i] = r.faces[i];
  }
  rolls.pop_front();
  return true;
}

void battle_log::no_roll_left(const dice_request& request) {
  part(impl_->parted, fmt::format("the battle throws \"{}\" {}D{} where the log has no roll left", request.label,
                                  request.count, request.sides));
}

choice_answer battle_log::answer(const choice_request& r) {
  verdict& parted = impl_->parted;
  auto& queue = impl_->b.choices[r.side];
  if (queue.empty())
    part(parted, fmt::format("{} is asked '{}' where the log has no answer of theirs left", r.side, r.question));
  const logged_choice c = queue.front();
  if (c.question != r.question)
    part(parted, fmt::format("{}: the battle asks {} '{}', the log answers '{}' (seq {})", where(c.at), r.side, r.question,
                             c.question, c.at.seq));
  if (const std::string why = chooser::check_answer(r, c.answer); !why.empty())
    part(parted, fmt::format("{}: {}'s logged answer to '{}' does not fit: {} (seq {})", where(c.at), r.side, r.question,
                             why, c.at.seq));
  queue.pop_front();
  ++impl_->answered;
  return c.answer;
}

void battle_log::compare(const event& e) {
  impl& self = *impl_;
  if (self.parted || self.handed_over || e.kind != "state_hash") return;
  std::string hash;
  for (const auto& f : e.fields)
    if (f.name == "hash") hash = std::get<std::string>(f.value);
  const std::string here = fmt::format("turn {}, {}", e.turn, e.phase);
  auto& hashes = self.b.hashes;
  if (hashes.empty()) {
    self.parted = here + ": the battle goes on where the log has ended";
  } else if (hashes.front().hash != hash) {
    self.parted = fmt::format("{}: the state hash is {}, the log says {} (seq {})", here, hash, hashes.front().hash,
                              hashes.front().at.seq);
  } else {
    hashes.pop_front();
    ++self.checked;
  }
}

std::string battle_log::leftovers() const {
  const logged_battle& b = impl_->b;
  if (!b.rolls.empty()) return fmt::format("the log has {} rolls the battle never threw", b.rolls.size());
  for (const auto& [side, queue] : b.choices)
    if (!queue.empty()) return fmt::format("the log has {} answers of {} the battle never asked for", queue.size(), side);
  if (!b.hashes.empty())
    return fmt::format("the battle stopped where the log goes on to {} (seq {})", where(b.hashes.front().at),
                       b.hashes.front().at.seq);
  return {};
}

std::optional<int> battle_log::pending_draw(const choice_request& r) const {
  const logged_battle& b = impl_->b;
  if (b.rolls.empty() || b.rolls.front().label != "random choice") return std::nullopt;
  const auto it = b.choices.find(r.side);
  if (it == b.choices.end() || it->second.empty() || it->second.front().at.seq < b.rolls.front().at.seq) return std::nullopt;
  return b.rolls.front().sides;
}

void add_replay_policy(kernel& k, battle_log& log) {
  k.choices.add_policy(
      "replay",
      [&k, &log](const choice_request& r) {
        // A side played by the policy `random` drew its answer from the dice: the same draw is
        // thrown again (from the log, so the dice stay in step), then the answer is the log's.
        while (const auto sides = log.pending_draw(r)) k.dice.roll_sum("random choice", dice_expr{1, *sides, 0});
        return log.answer(r);
      },
      "the answers of a logged battle, in order, each checked against its question");
}

replayed replay_phases(runtime& rt, battle_log& log, const std::string& more) {
  replayed out;
  auto said = [&](const std::string& text) {
    if (!text.empty()) out.lines += (out.lines.empty() ? "" : "\n") + text;
  };
  const std::size_t saved = log.phases();
  try {
    said(eval_battle(rt, "repl.battle_start(" + log.setup(more) + ")"));
    while (static_cast<std::size_t>(out.phases) < saved && !log.parted() && eval_battle(rt, "repl.battle_outcome()").empty()) {
      said(eval_battle(rt, "repl.battle_phase()"));
      ++out.phases;
    }
  } catch (const std::exception& e) {
    log.set_parted(one_line(e.what()));
  }
  if (const std::string left = log.leftovers(); !left.empty()) log.set_parted(left);
  return out;
}

namespace {

// The log's dice, in order, each checked against what the battle asks for. A battle resumed
// from its log throws on from a seeded generator, kept in step with the log's rolls: with the
// seed the log was made with, the battle goes on as it would have without the stop.
class logged_dice final : public dice_source {
 public:
  logged_dice(battle_log& log, std::optional<std::uint64_t> seed) : log_(log) {
    if (seed) generator_.emplace(*seed);
  }
  void roll(const dice_request& request, std::span<int> faces) override {
    if (log_.take_roll(request, faces)) {
      if (generator_) {
        std::vector<int> unused(faces.size());
        generator_->roll(request, unused);
      }
      return;
    }
    if (!generator_) log_.no_roll_left(request);
    generator_->roll(request, faces);
  }

 private:
  battle_log& log_;
  std::optional<seeded_source> generator_;
};

// A battle set up again from its log, in a kernel and runtime of its own: the log's modules
// loaded, each die and each answer taken from the log and checked, the state's hash compared
// after every phase. With a seed the log is a save: what follows its last whole phase is
// dropped, and once its phases are played again the battle is handed on (the dice go on from
// the seeded generator, hashes are no longer compared).
struct log_session {
  battle_log log;
  std::optional<std::uint64_t> seed;  // a save's: the dice go on from it
  kernel k;
  runtime rt;

  // A log to replay (resume false), or a save to play on from with the seed it recorded unless
  // `given` overrides it.
  log_session(const std::string& file, bool resume, std::optional<std::uint64_t> given)
      : log(file), seed(resume ? std::optional<std::uint64_t>(saved_seed(given)) : std::nullopt), k(0), rt(k) {
    if (resume) log.cut_to_whole_phases();
    load_modules(rt, log.ruleset(), log.variants(), log.options());
    k.dice.set_source(std::make_unique<logged_dice>(log, seed));
    add_replay_policy(k, log);
    k.log.set_sink([this](const event& e) { log.compare(e); });
    install_helpers(rt);
  }

 private:
  std::uint64_t saved_seed(std::optional<std::uint64_t> given) const {
    if (given) return *given;
    if (const auto logged = log.seed()) return *logged;
    throw input_error("--resume", fmt::format("{} holds no seed (a battle logged by an older Muster, or set up at the REPL): "
                                              "give --seed", log.file()));
  }
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
  log_session s(o.log_file, false, std::nullopt);
  if (const std::string changed = s.log.changed_module(s.rt.modules()); !changed.empty()) {
    fmt::print(stderr, "muster: replay: {}\n", changed);
    return 1;
  }
  const std::string setup = s.log.setup(o.html_file.empty() ? "" : std::string(", ") + viewer_frames);
  auto say = [&](const std::string& text) {
    if (!o.quiet && !text.empty()) fmt::print("{}\n", text);
  };
  std::string outcome;
  try {
    say(eval_battle(s.rt, "repl.battle_start(" + setup + ")"));
    while (outcome.empty() && !s.log.parted()) {
      say(eval_battle(s.rt, "repl.battle_turn()"));
      outcome = eval_battle(s.rt, "repl.battle_outcome()");
    }
  } catch (const std::exception& e) {
    s.log.set_parted(one_line(e.what()));
  }
  if (const std::string left = s.log.leftovers(); !left.empty()) s.log.set_parted(left);
  if (s.log.parted()) {
    fmt::print("{}: replay differs: {}\n", o.log_file, *s.log.parted());
    return 1;
  }
  fmt::print("{}: the same battle: {} phases checked, {} answers replayed; {}\n", o.log_file, s.log.checked(),
             s.log.answered(), outcome);
  if (!o.html_file.empty()) say(write_viewer(s.rt, o.html_file));
  return 0;
}

int run_resume(const battle_options& o) {
  if (!o.armies.empty() || !o.scenario.empty() || !o.variants.empty() || !o.options.empty() || o.turns_given ||
      o.ruleset_given)
    throw input_error("--resume", "the battle's armies, scenario, turns and modules come from its log: give none of them");
  // The seed the log was made with, unless another is given: the same battle goes on.
  log_session s(o.resume, true, o.seed_given ? std::optional<std::uint64_t>(o.seed) : std::nullopt);
  add_lua_policies(s.rt, o);  // before the battle, as in the battle played straight through
  if (const std::string changed = s.log.changed_module(s.rt.modules()); !changed.empty()) throw error("resume: " + changed);
  // The controllers are checked before anything is played again.
  const std::string controllers = battle_controllers(o);
  for (const auto& side : o.sides) {
    const std::string name = side.substr(0, side.find('='));
    if (std::find(s.log.sides().begin(), s.log.sides().end(), name) == s.log.sides().end())
      throw input_error("side", fmt::format("\"{}\" is not a side of this battle ({})", name, fmt::join(s.log.sides(), ", ")));
  }
  const replayed r = replay_phases(s.rt, s.log, battle_frames(o) + fmt::format(", seed = \"{}\"", *s.seed));
  if (!o.quiet && !r.lines.empty()) fmt::print("{}\n", r.lines);
  if (s.log.parted()) throw error(fmt::format("resume: {} is not the battle it sets up: {}", o.resume, *s.log.parted()));
  s.log.hand_over();
  eval_battle(s.rt, "repl.battle_handover(" + controllers + ")");
  if (!o.quiet)
    fmt::print("resumed {}: {} phases played again and checked; {}\n", o.resume, s.log.checked(),
               eval_battle(s.rt, "repl.battle_position()"));
  return play_on(s.k, s.rt, o, r.phases);
}

}  // namespace muster::cli
