// `muster repl`: read a line, hand it to runtime::eval (or run a colon command), print. Owns
// the line editor (libedit: editing, persistent history, tab completion), the table's dice
// (seeded, typed in through muster::interactive_source, or queued faces), the players' choices
// asked at the prompt, the undo stack (battle-state snapshots), :save/:load (the state as
// JSON) and :reload (a new kernel and runtime that take the state over). Knows no rules: the
// helpers, the units and every text about a resolution come from Lua (scripts/lib/repl.lua and
// the ruleset's `repl` table).
#include "repl.hpp"
#include "battle.hpp"
#include "replay.hpp"
#include "lua_text.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <histedit.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include "files.hpp"
#include "modules.hpp"
#include "odds.hpp"

namespace muster::cli {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Text

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(first, last - first + 1));
}


// ---------------------------------------------------------------------------------------------
// Colour (ANSI), only when standard output is a terminal or asked for

struct palette {
  bool on = false;
  std::string paint(std::string_view code, std::string_view text) const {
    if (!on) return std::string(text);
    return fmt::format("\033[{}m{}\033[0m", code, text);
  }
  std::string error(std::string_view t) const { return paint("1;31", t); }
  std::string note(std::string_view t) const { return paint("2", t); }
  std::string ask(std::string_view t) const { return paint("1;36", t); }
};

// ---------------------------------------------------------------------------------------------
// Line input: libedit on a terminal (editing, history, completion), plain lines otherwise

volatile std::sig_atomic_t got_sigint = 0;
// The runtime a ^C stops while a command runs (null while the prompt waits): the handler
// asks it to interrupt its running call (runtime::interrupt, safe in a signal handler).
std::atomic<runtime*> interrupt_target{nullptr};
static_assert(std::atomic<runtime*>::is_always_lock_free);
extern "C" void on_sigint(int) {
  got_sigint = 1;
  if (runtime* rt = interrupt_target.load()) rt->interrupt();
}

// While it lives, a ^C interrupts `rt`'s running call; an earlier ^C is forgotten.
class interruptible {
 public:
  explicit interruptible(runtime& rt) {
    rt.clear_interrupt();
    interrupt_target.store(&rt);
  }
  interruptible(const interruptible&) = delete;
  interruptible& operator=(const interruptible&) = delete;
  ~interruptible() { interrupt_target.store(nullptr); }
};

class line_input {
 public:
  enum class status { line, interrupted, eof };
  static constexpr std::size_t max_line = std::size_t{1} << 20;  // bytes of one line read from a stream
  using words_fn = std::function<std::vector<std::string>()>;

  // `in`: lines from this stream, never a terminal; null: standard input, a terminal or not.
  line_input(std::istream* in, std::string history_file)
      : tty_(in == nullptr && ::isatty(STDIN_FILENO) == 1), in_(in ? *in : std::cin),
        history_file_(std::move(history_file)) {
    if (!tty_) return;
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);  // no SA_RESTART: a ^C ends the read
    el_ = el_init("muster", stdin, stdout, stderr);
    hist_ = history_init();
    HistEvent ev;
    history(hist_, &ev, H_SETSIZE, 1000);
    history(hist_, &ev, H_SETUNIQUE, 1);
    if (!history_file_.empty()) history(hist_, &ev, H_LOAD, history_file_.c_str());
    el_set(el_, EL_CLIENTDATA, this);
    el_set(el_, EL_EDITOR, "emacs");
    el_set(el_, EL_SIGNAL, 1);
    el_set(el_, EL_PROMPT, &line_input::prompt_of);
    el_set(el_, EL_HIST, history, hist_);
    el_set(el_, EL_ADDFN, "muster-complete", "complete a name", &line_input::complete);
    el_set(el_, EL_BIND, "^I", "muster-complete", nullptr);
  }
  ~line_input() {
    if (el_) el_end(el_);
    if (hist_) history_end(hist_);
  }
  line_input(const line_input&) = delete;
  line_input& operator=(const line_input&) = delete;

  bool tty() const noexcept { return tty_; }

  // Reads one line (without its newline). `remember`: the line goes into the history.
  status read(const std::string& prompt, std::string& line, bool remember, words_fn words = {}) {
    line.clear();
    if (!tty_) {
      std::fflush(stdout);
      // At most max_line bytes of a line are kept: a stream with no newline (/dev/zero) is
      // read through, not into memory, and its line is refused as too long.
      std::size_t length = 0;
      int c = 0;
      while ((c = in_.get()) != std::char_traits<char>::eof() && c != '\n') {
        if (++length <= max_line) line += static_cast<char>(c);
      }
      if (c == std::char_traits<char>::eof() && length == 0) return status::eof;
      if (length > max_line) {
        line.clear();
        std::fprintf(stderr, "a line of %zu bytes was ignored (at most %zu)\n", length, max_line);
        return status::line;
      }
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return status::line;
    }
    prompt_ = prompt;
    words_ = std::move(words);
    got_sigint = 0;
    int count = 0;
    errno = 0;
    const char* got = el_gets(el_, &count);
    words_ = {};
    // A ^C that came before the read began was taken by the terminal (which dropped what was
    // typed); only a read it interrupted cancels the line.
    const bool was_interrupted = got == nullptr && count == -1 && (errno == EINTR || got_sigint);
    got_sigint = 0;
    if (was_interrupted) {
      std::fputs("\n", stdout);
      return status::interrupted;
    }
    if (got == nullptr || count <= 0) {
      std::fputs("\n", stdout);
      return status::eof;
    }
    line.assign(got, static_cast<std::size_t>(count));
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    if (remember && !trim(line).empty()) {
      HistEvent ev;
      history(hist_, &ev, H_ENTER, line.c_str());
      if (!history_file_.empty()) history(hist_, &ev, H_SAVE, history_file_.c_str());
    }
    return status::line;
  }

 private:
  static line_input& self(EditLine* el) {
    void* data = nullptr;
    el_get(el, EL_CLIENTDATA, &data);
    return *static_cast<line_input*>(data);
  }
  static char* prompt_of(EditLine* el) { return self(el).prompt_.data(); }

  static bool word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == ':' || c == '.';
  }

  // Tab: completes the word before the cursor from the words the caller offers (colon
  // commands, globals, units, procedures; inside a string, names with spaces).
  static unsigned char complete(EditLine* el, int) {
    line_input& me = self(el);
    if (!me.words_) return CC_ERROR;
    const LineInfo* li = el_line(el);
    const std::string_view before(li->buffer, static_cast<std::size_t>(li->cursor - li->buffer));
    std::size_t start = before.size();
    const auto quotes = static_cast<std::size_t>(std::count(before.begin(), before.end(), '"'));
    if (quotes % 2 == 1) {
      start = before.rfind('"') + 1;  // inside a string: the whole string so far
    } else {
      while (start > 0 && word_char(before[start - 1])) --start;
    }
    const std::string word(before.substr(start));
    std::vector<std::string> matches;
    for (auto& w : me.words_())
      if (w.size() >= word.size() && w.compare(0, word.size(), word) == 0) matches.push_back(w);
    std::sort(matches.begin(), matches.end());
    matches.erase(std::unique(matches.begin(), matches.end()), matches.end());
    if (matches.empty()) return CC_ERROR;
    std::string common = matches.front();
    for (const auto& m : matches) {
      std::size_t n = 0;
      while (n < common.size() && n < m.size() && common[n] == m[n]) ++n;
      common.resize(n);
    }
    if (common.size() > word.size()) {
      std::string rest = common.substr(word.size());
      if (matches.size() == 1 && quotes % 2 == 1) rest += '"';
      el_insertstr(el, rest.c_str());
      return CC_REFRESH;
    }
    if (matches.size() == 1) return CC_REFRESH;
    std::string list = "\n";
    for (const auto& m : matches) list += m + "  ";
    list += "\n";
    std::fputs(list.c_str(), stdout);
    return CC_REDISPLAY;
  }

  bool tty_;
  std::istream& in_;
  std::string history_file_;
  EditLine* el_ = nullptr;
  History* hist_ = nullptr;
  std::string prompt_;
  words_fn words_;
};

// ---------------------------------------------------------------------------------------------
// Dice: every kernel of the session gets a forwarder, so the dice (and their state) outlive a
// :reload

class forward_source final : public dice_source {
 public:
  using roll_fn = std::function<void(const dice_request&, std::span<int>)>;
  explicit forward_source(roll_fn fn) : fn_(std::move(fn)) {}
  void roll(const dice_request& request, std::span<int> faces) override { fn_(request, faces); }

 private:
  roll_fn fn_;
};

// Thrown when the person stops a resolution at a dice or choice prompt.
struct cancelled : error {
  cancelled() : error("cancelled at the prompt: nothing changed") {}
};

// "6 5 3", "6,5,3" or, for dice of up to 9 sides, "653". Returns why not, or "".
std::string parse_faces(std::string_view text, int sides, std::vector<int>& out) {
  out.clear();
  std::string item;
  auto flush = [&]() -> std::string {
    if (item.empty()) return {};
    if (sides <= 9 && item.size() > 1) {
      for (char c : item) out.push_back(c - '0');
    } else {
      int face = 0;
      const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), face);
      if (ec != std::errc() || ptr != item.data() + item.size()) return fmt::format("'{}' is not a number", item);
      out.push_back(face);
    }
    item.clear();
    return {};
  };
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      item += c;
    } else if (c == ' ' || c == ',' || c == '\t') {
      if (auto why = flush(); !why.empty()) return why;
    } else {
      return fmt::format("'{}' is not a face (type the faces: 6 5 3, or 653)", c);
    }
  }
  return flush();
}

std::string capitalised(std::string_view s) {
  std::string out(s);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string default_history_file() {
  if (const char* env = std::getenv("MUSTER_HISTORY"); env) return env;  // "" turns it off
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.muster_history";
  return {};
}

constexpr std::string_view help_text = R"(Type Lua: an expression prints its value, a statement runs. State persists.
  orcs = unit{"orc infantry", figures = 10, leader = true, musicians = 1, orders = "attack"}
  combat(orcs, dwarves)        one combat round and the Combat Tests; the units change
  shoot(archers, dwarves, {volleys = 2, range = "long"})
  threat(orcs, dwarves)        test("casualty", dwarves)        templates()
  resolve("omens", {soothsayers = 1})   any other procedure (command_test, cast, time_dial...)
Commands:
  :help [topic]      this text, or a helper's or procedure's description
  :units             every unit and its state
  :seed N            seeded dice from N
  :dice auto|manual|6,5,3   dice rolled by the program, typed in at each throw, or these faces next
  :choose SIDE|all player|first|last|random   who answers a side's choices
  :explain           the last resolution in full
  :odds [exact|sample] [±0.5]   the last resolution's odds from the state before it: exact
                     when it enumerates, else sampled to ±0.5 points (95%), on the session seed
  :odds compare NAME|FILE [opt=value ...] | compare OPT=VALUE   against the rules with that
                     variant (or option): each outcome's change, on the same dice
  :undo              back to the state before the last change
  :save FILE         units and state as JSON      :load FILE [--accept]   read them back
                     (in a battle: the battle, as its log; :load FILE [SIDE=player ...] plays it on)
                     (refused when the save names other modules or options, unless --accept)
  :reload            re-read the ruleset and variant scripts, keep the units
  :variant add NAME|FILE [opt=value ...]   apply a house rule (units and history kept)
  :variant remove NAME                     take it off again
  :variants          the modules loaded, with versions, options and hashes
  :rules [all]       what the variants changed against the ruleset (all: every list and table)
  :log [FILE]        the event log (last 20 events, or all of it to FILE)
  :where [UNIT]      where a unit stands on the table, or every piece (scenario("FILE") lays one out)
  :svg FILE          the table as an SVG picture
  :turn              the next turn of the battle set up with battle{...} (a "player" side is asked)
  :next              the battle's next phase only      :phase   which phase comes next
  :quit              leave (also Ctrl-D)
)";

// ---------------------------------------------------------------------------------------------
// The session

class session {
 public:
  explicit session(const repl_options& o)
      : opts_(o),
        input_(o.input, o.history.empty() ? default_history_file() : o.history),
        auto_(o.seed),
        manual_([this](const dice_request& r) { return ask_faces(r); }) {
    const bool out_tty = ::isatty(STDOUT_FILENO) == 1;
    const char* no_colour = std::getenv("NO_COLOR");
    if (opts_.colour == "always") colour_.on = true;
    else if (opts_.colour == "never") colour_.on = false;
    else if (opts_.colour == "auto") colour_.on = out_tty && !(no_colour && *no_colour);
    else fail("--colour '{}': want auto, always or never", opts_.colour);
    set_dice(opts_.dice);
    auto [k, rt] = make_world();
    k_ = std::move(k);
    rt_ = std::move(rt);
    // The scenario's text is read here, so a club's file outside the Muster root is laid out too.
    if (!opts_.scenario.empty())
      rt_->run("repl.scenario({file = " + lua_literal(opts_.scenario) + ", text = " +
                   lua_literal(read_file_text(opts_.scenario)) + "})",
               "repl");
    if (!opts_.file.empty()) {
      rt_->run_file(opts_.file);
    } else if (opts_.scenario.empty()) {
      rt_->run("repl.samples()", "repl");
    }
    remember_names();
  }

  int loop() {
    banner();
    std::string line;
    while (!quit_) {
      const auto got = input_.read(colour_.paint("1", "muster> "), line, true, words());
      if (got == line_input::status::eof) break;
      if (got == line_input::status::interrupted) continue;
      const std::string text = trim(line);
      if (text.empty()) continue;
      const interruptible scope(*rt_);  // ^C stops what the line started
      if (text[0] == ':') command(text);
      else lua(line);
      std::fflush(stdout);
    }
    return failed_ && !input_.tty() ? 1 : 0;
  }

 private:
  // -- set-up ---------------------------------------------------------------------------------

  struct world {
    std::unique_ptr<kernel> k;
    std::unique_ptr<runtime> rt;
  };

  // A kernel and runtime with the ruleset, variants and helpers loaded, wired to the
  // session's dice, asker and controllers.
  world make_world() {
    world w;
    w.k = std::make_unique<kernel>(opts_.seed);
    w.k->dice.set_source(std::make_unique<forward_source>(
        [this](const dice_request& r, std::span<int> f) { roll(r, f); }));
    w.k->choices.set_asker([this](const choice_request& r) { return ask_choice(r); });
    runtime_options ro;
    if (opts_.budget != 0) ro.instruction_budget = opts_.budget;
    if (opts_.time_budget > 0)
      ro.time_budget = std::chrono::milliseconds(static_cast<std::int64_t>(opts_.time_budget * 1000));
    ro.print = [](std::string_view text) {
      std::fwrite(text.data(), 1, text.size(), stdout);
      std::fputc('\n', stdout);
    };
    w.rt = std::make_unique<runtime>(*w.k, std::move(ro));
    cli::load_modules(*w.rt, opts_.ruleset, opts_.variants, opts_.options);
    install_helpers(*w.rt, colour_.on, opts_.json);
    for (const auto& [side, who] : controllers_) set_controller(*w.k, side, who);
    return w;
  }

  void banner() {
    if (!input_.tty()) return;
    std::string modules;
    for (const auto& m : rt_->modules()) modules += fmt::format("{}{} {}", modules.empty() ? "" : ", ", m.name, m.version);
    fmt::print("Muster {} ({}). Lua with the ruleset loaded; :help for commands, :quit to leave.\n",
               kernel_api_version, modules);
    print_text(eval_text("repl.units_text()"));
    fmt::print("{}\n", colour_.note("Try: combat(orcs, dwarves)   :explain   :odds   :undo   :dice manual"));
  }

  // -- evaluation ------------------------------------------------------------------------------

  // Runs Lua and returns its first result as plain text (a string result unquoted).
  std::string eval_text(const std::string& code) { return unquote(rt_->eval(code, "repl")); }

  void print_text(std::string text) {
    while (!text.empty() && text.back() == '\n') text.pop_back();
    if (text.empty()) return;
    std::fputs(text.c_str(), stdout);
    std::fputc('\n', stdout);
  }

  // One line on stderr. Bad input to a helper or procedure ("input: <field>: <why>", the
  // rulesets' convention) is shown without the script location that raised it.
  void report(const std::exception& e) {
    failed_ = true;
    std::string text = e.what();
    if (const auto* se = dynamic_cast<const script_error*>(&e); se && se->message().starts_with("input: "))
      text = se->message();
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", colour_.error(muster::one_line(text)).c_str());
    std::fflush(stderr);
  }

  void remember_names() { rt_->run("repl.remember_names(_G)", "repl"); }

  // One Lua line (more when it is incomplete). A line that fails changes nothing: the state
  // and the queued dice go back to what they were. A line that changed the state can be
  // undone (:undo), except one that played a battle's turn or phase: a battle is more than its
  // state (the sequencer's turn, the battle's records), so the undo history is forgotten.
  void lua(std::string code) {
    const std::string before = k_->state.save_json();
    const std::int64_t turn_before = k_->turn.turn();
    const bool in_turn_before = k_->turn.in_turn();
    const std::string next_before(k_->turn.next_phase());
    const std::deque<int> queued = queued_;
    for (;;) {
      try {
        print_text(rt_->eval(code, "stdin"));  // renders inside the protected call
        remember_names();
        break;
      } catch (const script_error& e) {
        if (cancelled_) {
          cancelled_ = false;
          restore(before, queued);
          report(cancelled());
          return;
        }
        if (incomplete(e, code)) {
          std::string more;
          const auto got = input_.read("   ...> ", more, true);
          if (got == line_input::status::line) {
            code += "\n" + more;
            continue;
          }
        }
        restore(before, queued);
        report(e);
        return;
      } catch (const std::exception& e) {
        restore(before, queued);
        report(e);
        return;
      }
    }
    // A line that played a battle's turn or phase (:turn, :next, next_phase() typed...) cannot
    // be undone: an older state would not fit the battle's turn now.
    const bool battle_moved = k_->turn.turn() != turn_before || k_->turn.in_turn() != in_turn_before ||
                              k_->turn.next_phase() != next_before;
    if (battle_moved) undo_.clear();
    else if (k_->state.save_json() != before) push_undo(trim(code), before);
  }

  // Whether a line that fails to compile only needs more lines: Lua's own test (the parser
  // stopped at the end of the text), except for a quoted string, which cannot run over a line
  // unless its last character escapes the line's end: the line is wrong, and reading the
  // next one into it would swallow that one.
  static bool incomplete(const script_error& e, const std::string& code) {
    if (e.kind() != script_failure::syntax || !e.message().ends_with("'<eof>'")) return false;
    return !e.message().ends_with("unfinished string near '<eof>'") || code.ends_with('\\');
  }

  void restore(const std::string& state, const std::deque<int>& queued) {
    queued_ = queued;
    if (k_->state.save_json() != state) k_->state.load_json(state);
  }

  void push_undo(std::string what, std::string state) {
    undo_.push_back({std::move(what), std::move(state)});
    if (undo_.size() > 100) undo_.erase(undo_.begin());
  }

  // -- colon commands --------------------------------------------------------------------------

  void command(const std::string& text) {
    std::string name = text.substr(0, text.find(' '));
    const std::string arg = trim(text.substr(name.size()));
    try {
      if (name == ":quit" || name == ":q" || name == ":exit") quit_ = true;
      else if (name == ":help" || name == ":h") help(arg);
      else if (name == ":units" || name == ":u") print_text(eval_text("repl.units_text()"));
      else if (name == ":seed") seed(arg);
      else if (name == ":dice") dice(arg);
      else if (name == ":choose") choose(arg);
      else if (name == ":explain") print_text(eval_text("repl.explain()"));
      else if (name == ":odds") odds(arg);
      else if (name == ":undo") undo();
      else if (name == ":save") save(arg);
      else if (name == ":load") load(arg);
      else if (name == ":reload") reload();
      else if (name == ":variant") variant(arg);
      else if (name == ":variants") variants();
      else if (name == ":rules") rules(arg);
      else if (name == ":log") log(arg);
      else if (name == ":where") print_text(eval_text("repl.where(" + lua_literal(arg) + ")"));
      else if (name == ":svg") svg(arg);
      // As typed lines: a failed or cancelled turn or phase puts the battle back.
      else if (name == ":turn") lua("next_turn()");
      else if (name == ":next") lua("next_phase()");
      else if (name == ":phase") print_text(eval_text("repl.battle_position()"));
      else fail("unknown command {} (:help lists them)", name);
    } catch (const std::exception& e) {
      report(e);
    }
  }

  void help(const std::string& topic) {
    if (topic.empty()) {
      std::fputs(std::string(help_text).c_str(), stdout);
      return;
    }
    print_text(eval_text("repl.help(" + lua_literal(topic) + ")"));
  }

  void seed(const std::string& arg) {
    std::uint64_t n = 0;
    const auto [ptr, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), n);
    if (arg.empty() || ec != std::errc() || ptr != arg.data() + arg.size()) fail(":seed: want a number, got '{}'", arg);
    auto_ = seeded_source(n);
    dice_mode_ = dice_mode::automatic;
    queued_.clear();
    fmt::print("dice: rolled by the program, seed {}\n", n);
  }

  void set_dice(const std::string& arg) {
    if (arg == "auto" || arg == "automatic") {
      dice_mode_ = dice_mode::automatic;
      queued_.clear();
    } else if (arg == "manual") {
      dice_mode_ = dice_mode::manual;
      queued_.clear();
    } else {
      std::vector<int> faces;
      if (const auto why = parse_faces(arg, 1000, faces); !why.empty() || faces.empty())
        fail(":dice: {} (want auto, manual or faces such as 6,5,3)", why.empty() ? "no faces" : why);
      for (int f : faces)
        if (f < 1) fail(":dice: {} is not a face", f);
      queued_.assign(faces.begin(), faces.end());
    }
  }

  void dice(const std::string& arg) {
    if (arg.empty()) {
      fmt::print("dice: {}{}\n", dice_mode_ == dice_mode::manual ? "typed in at each throw" : "rolled by the program",
                 queued_.empty() ? "" : fmt::format(", {} queued face(s) first", queued_.size()));
      return;
    }
    set_dice(arg);
    dice({});
  }

  static void set_controller(kernel& k, const std::string& side, const std::string& who) {
    if (who == "player") k.choices.set_interactive(side);
    else k.choices.set_policy(side, who);
  }

  void choose(const std::string& arg) {
    const auto space = arg.find(' ');
    if (space == std::string::npos) fail(":choose: want SIDE|all player|first|last|random");
    const std::string side = arg.substr(0, space);
    const std::string who = trim(arg.substr(space));
    std::vector<std::string> sides;
    if (side == "all") {
      for (const auto* s : k_->state.sides()) sides.push_back(s->id);
    } else {
      sides.push_back(side);
    }
    for (const auto& s : sides) {
      set_controller(*k_, s, who);
      controllers_[s] = who;
      fmt::print("{}: {}\n", s, k_->choices.controller(s));
    }
  }

  // :odds [exact|sample] [±POINTS] [compare VARIANT|FILE [opt=value ...] | compare OPT=VALUE ...]:
  // the last resolution's odds by the odds engine (repl/odds.hpp), on the session's ruleset,
  // variants and options, from the input it resolved (the units as they were before it). The
  // dice are the session seed's own streams, so the same seed gives the same answer, and the
  // table's dice are not advanced; sides the session's :choose gives a policy keep it, the
  // others are answered by their first option.
  void odds(const std::string& arg) {
    const nlohmann::json req = nlohmann::json::parse(eval_text("repl.odds_request()"));
    cli::odds_request r;
    r.procedure = req.at("procedure").get<std::string>();
    nlohmann::json input = req.at("input");
    r.base = {cli::config_label(opts_.variants, opts_.options), opts_.ruleset, opts_.variants, opts_.options};
    r.seed = opts_.seed;
    std::vector<std::string> words;
    std::istringstream in(arg);
    for (std::string w; in >> w;) words.push_back(w);
    std::vector<std::string> compare;
    bool comparing = false;
    for (const auto& w : words) {
      if (comparing) compare.push_back(w);
      else if (w == "compare") comparing = true;
      else if (w == "exact") r.method = cli::odds_method::exact;
      else if (w == "sample") r.method = cli::odds_method::monte_carlo;
      else r.precision = odds_precision(w) / 100;
    }
    if (comparing) odds_compare(r, compare);
    std::string chosen;
    for (const auto& [side, who] : controllers_) {
      if (who == "player") continue;
      input["choices"][side] = who;
      chosen += fmt::format("{}{} by policy {}", chosen.empty() ? "" : ", ", side, who);
    }
    r.input_json = input.dump();
    if (::isatty(STDERR_FILENO) == 1) {
      r.progress = [](std::uint64_t done, std::uint64_t target) {
        std::fprintf(stderr, "\r\x1b[Kodds: %llu / %llu trials", static_cast<unsigned long long>(done),
                     static_cast<unsigned long long>(target));
        if (done == target) std::fputs("\r\x1b[K", stderr);
        std::fflush(stderr);
      };
    }
    const cli::odds_report rep = cli::compute_odds(r);
    if (opts_.json) return print_text(cli::odds_json(rep));
    fmt::print("{}\n", colour_.paint("1", "odds of " + req.at("title").get<std::string>()) +
                           colour_.note(fmt::format(" (from the state before it; choices: {}by their first option)",
                                                    chosen.empty() ? "" : chosen + ", the others ")));
    print_text(cli::odds_text(rep));
  }

  // ±0.5, 0.5 or 0.5%: a precision in points of probability.
  static double odds_precision(const std::string& word) {
    std::string_view w = word;
    if (w.starts_with("±")) w.remove_prefix(std::string_view("±").size());
    if (w.starts_with("+-")) w.remove_prefix(2);
    if (w.ends_with('%')) w.remove_suffix(1);
    double points = 0;
    const auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), points);
    if (ec != std::errc() || ptr != w.data() + w.size())
      fail(":odds: '{}': want exact, sample, a precision such as ±0.5 (points), or compare VARIANT", word);
    if (!(points > 0 && points < 50))
      fail(":odds: precision {}: want points between 0 and 50, e.g. ±0.5 (runs are chosen to reach it)", word);
    return points;
  }

  // The other configuration of ":odds compare ...": the session with a variant added (its
  // options after it), or with options changed. A variant already loaded is compared the
  // other way round: the session without it against the session.
  void odds_compare(cli::odds_request& r, const std::vector<std::string>& words) {
    if (words.empty()) fail(":odds compare: want a variant (NAME or FILE, then its options) or OPTION=VALUE ...");
    cli::odds_config other = r.base;
    std::size_t i = 0;
    std::string stem;
    if (words[0].find('=') == std::string::npos) {
      stem = cli::variant_name(words[0]);
      i = 1;
      const auto same = [&](const std::string& v) { return cli::variant_name(v) == stem; };
      if (std::any_of(r.base.variants.begin(), r.base.variants.end(), same)) {
        if (words.size() > 1) fail(":odds compare: '{}' is loaded already; its options are changed with OPTION=VALUE", stem);
        std::erase_if(r.base.variants, same);
        std::erase_if(r.base.options, [&](const std::string& o) { return o.starts_with(stem + "."); });
        r.base.label = cli::config_label(r.base.variants, r.base.options);
        r.compare = other;
        return;
      }
      other.variants.push_back(words[0]);
    }
    for (; i < words.size(); ++i) {
      if (words[i].find('=') == std::string::npos) fail(":odds compare: option '{}': want NAME=VALUE", words[i]);
      other.options.push_back(stem.empty() ? words[i] : stem + "." + words[i]);
    }
    other.label = cli::config_label(other.variants, other.options);
    if (other.label == r.base.label) other.label += " (compared)";
    r.compare = other;
  }

  void undo() {
    if (undo_.empty()) fail(":undo: nothing to undo");
    const undo_entry e = undo_.back();
    undo_.pop_back();
    k_->state.load_json(e.state);
    rt_->run("repl.bind_names(_G)", "repl");
    fmt::print("undone: {}\n", e.what);
  }

  // Whether a battle is set up in the session (battle{...}).
  bool in_battle() { return eval_text("repl.battle ~= nil") == "true"; }

  void save(const std::string& file) {
    if (file.empty()) fail(":save: want a file name");
    if (in_battle()) return save_battle(file);
    remember_names();
    write_file_text(file, k_->state.save_json());
    fmt::print("saved {} unit(s) to {}\n", k_->state.units().size(), file);
  }

  // A battle is more than the state: its save is its log (JSON Lines), the modules and what
  // happened from the battle's setup on, which :load plays again (resume_battle).
  void save_battle(const std::string& file) {
    const auto& events = k_->log.events();
    std::uint64_t from = 0;
    for (const auto& e : events)
      if (e.kind == "battle") from = e.seq;
    if (from == 0) fail(":save: the battle's log is gone (:reload starts a new one); nothing saved");
    std::string text;
    for (const auto& e : events)
      if (e.kind == "module" && e.seq < from) text += event_log::fmt_json(e) + "\n";
    text += k_->log.fmt_jsonl(from);
    write_file_text(file, text);
    fmt::print("saved the battle ({}) to {}: :load {} plays it again and on\n", eval_text("repl.battle_position()"), file,
               file);
  }

  // Whether a file is a battle's log (JSON Lines of events) rather than a saved state.
  static bool is_battle_log(const std::string& text) {
    const std::string first = text.substr(0, text.find('\n'));
    try {
      const auto e = nlohmann::json::parse(first);
      return e.is_object() && e.contains("kind") && e.contains("seq");
    } catch (const nlohmann::json::exception&) {
      return false;
    }
  }

  // :load of a battle's log: its battle set up again in the session, its whole phases played
  // again with its dice and answers (checked), then the sides handed to `controllers` words
  // (SIDE=player|bot|POLICY; the others bot) and the session's dice. Nothing changes when the
  // log is not the battle it sets up.
  void resume_battle(const std::string& file, const std::vector<std::string>& controllers) {
    cli::battle_log log(file);
    log.cut_to_whole_phases();
    if (const std::string changed = log.changed_module(rt_->modules()); !changed.empty())
      fail(":load {}: the battle was played with other rules: {}", file, changed);
    std::string handover;
    for (const auto& c : controllers) {
      const auto eq = c.find('=');
      const std::string side = c.substr(0, eq);
      if (eq == std::string::npos || eq + 1 == c.size() ||
          std::find(log.sides().begin(), log.sides().end(), side) == log.sides().end())
        fail(":load {}: '{}': SIDE=player|bot|POLICY expected, SIDE one of {}", file, c, fmt::join(log.sides(), ", "));
      handover += fmt::format("[ {} ] = {}, ", lua_literal(side), lua_literal(c.substr(eq + 1)));
    }
    const std::string before = k_->state.save_json();
    cli::add_replay_policy(*k_, log);
    replaying_ = &log;
    k_->log.set_sink([&log](const event& e) { log.compare(e); });
    auto stop = [&] {
      replaying_ = nullptr;
      k_->log.set_sink(nullptr);
      k_->choices.del_policy("replay");
    };
    cli::replay_phases(*rt_, log, ", echo = true");  // the lines are printed as they are said
    if (log.parted()) {
      stop();
      eval_text("repl.battle_forget()");
      k_->state.load_json(before);
      rt_->run("repl.bind_names(_G)", "repl");
      fail(":load {}: not the battle it sets up: {} (the units are as they were; no battle is set up)", file,
           *log.parted());
    }
    log.hand_over();
    stop();
    eval_text("repl.battle_handover({" + handover + "})");
    undo_.clear();
    fmt::print("resumed {}: {} phases played again and checked; {}\n", file, log.checked(),
               eval_text("repl.battle_position()"));
  }

  void load(const std::string& arg) {
    std::string file = arg;
    bool accept = false;
    if (const auto at = file.find(" --accept"); at != std::string::npos && at + 9 == file.size()) {
      accept = true;
      file = trim(file.substr(0, at));
    }
    if (file.empty()) fail(":load: want a file name");
    {
      std::vector<std::string> words;
      std::istringstream in(file);
      for (std::string w; in >> w;) words.push_back(w);
      if (!words.empty() && is_battle_log(read_file_text(words[0])))
        return resume_battle(words[0], std::vector<std::string>(words.begin() + 1, words.end()));
    }
    const std::string text = read_file_text(file);
    const std::string before = k_->state.save_json();
    try {
      k_->state.load_json(text);
    } catch (const error& e) {
      fail(":load {}: {}", file, e.what());  // the state names the field, this the file
    }
    const std::vector<module_info> saved = k_->state.modules();
    record_modules(*k_, *rt_);
    if (const std::string diff = module_differences(saved, k_->state.modules()); !diff.empty()) {
      if (!accept) {
        k_->state.load_json(before);
        fail(":load {}: the save was made with other rules: {} (:load {} --accept loads it anyway)", file, diff, file);
      }
      std::fprintf(stderr, "%s\n", colour_.note(muster::one_line(fmt::format("warning: {} was saved with other rules: {}", file, diff))).c_str());
    }
    rt_->run("repl.bind_names(_G)", "repl");
    push_undo(":load " + file, before);
    print_text(eval_text("repl.units_text()"));
  }

  // New kernel and runtime from the scripts on disk; the battle state, the dice, the
  // controllers and the last resolution carry over. On failure the old ones stay.
  void reload() {
    remember_names();
    const std::string state = k_->state.save_json();
    const std::string last = eval_text("repl.export_last()");
    world w;
    try {
      w = make_world();
      w.k->state.load_json(state);
      record_modules(*w.k, *w.rt);
      w.rt->run("repl.bind_names(_G)", "repl");
      w.rt->run("repl.import_last(" + lua_literal(last) + ")", "repl");
    } catch (const std::exception& e) {
      throw error(fmt::format("reload failed, the previous scripts stay loaded: {}", muster::one_line(e.what())));
    }
    archived_log_ += k_->log.fmt_lines();
    interrupt_target.store(nullptr);  // no ^C may reach the runtime going away
    rt_.reset();
    k_.reset();
    k_ = std::move(w.k);
    rt_ = std::move(w.rt);
    interrupt_target.store(rt_.get());
    std::string modules;
    for (const auto& m : rt_->modules()) modules += fmt::format(" {} {} ({})", m.name, m.version, m.hash);
    fmt::print("reloaded:{}; units kept\n", modules);
  }

  // The state records the modules loaded now, and no others.
  static void record_modules(kernel& k, runtime& rt) {
    k.state.clear_modules();
    for (const auto& m : rt.modules()) k.state.set_module({m.name, m.version, m.hash, m.options_text()});
  }

  // :variant add NAME|FILE [opt=value ...] / :variant remove NAME: a new configuration,
  // loaded as :reload loads (every variant in its declared order); on failure nothing changes.
  void variant(const std::string& arg) {
    std::vector<std::string> words;
    for (std::size_t at = 0; at < arg.size();) {
      const auto end = std::min(arg.find(' ', at), arg.size());
      if (end > at) words.push_back(arg.substr(at, end - at));
      at = end + 1;
    }
    if (words.size() < 2 || (words[0] != "add" && words[0] != "remove"))
      fail(":variant: want add NAME|FILE [option=value ...] or remove NAME");
    const auto old_variants = opts_.variants;
    const auto old_options = opts_.options;
    const std::string stem = variant_name(words[1]);
    const auto same = [&](const std::string& v) { return variant_name(v) == stem; };
    if (words[0] == "add") {
      if (std::any_of(opts_.variants.begin(), opts_.variants.end(), same)) fail(":variant add: '{}' is already loaded", stem);
      opts_.variants.push_back(words[1]);
      for (std::size_t i = 2; i < words.size(); ++i) {
        if (words[i].find('=') == std::string::npos) fail(":variant add: option '{}': want NAME=VALUE", words[i]);
        opts_.options.push_back(stem + "." + words[i]);
      }
    } else {
      if (words.size() != 2) fail(":variant remove: want one name");
      if (std::none_of(opts_.variants.begin(), opts_.variants.end(), same)) fail(":variant remove: no variant '{}' is loaded", stem);
      std::erase_if(opts_.variants, same);
      std::erase_if(opts_.options, [&](const std::string& o) { return o.starts_with(stem + "."); });
    }
    try {
      reload();
    } catch (...) {
      opts_.variants = old_variants;
      opts_.options = old_options;
      throw;
    }
  }

  void variants() {
    for (const auto& m : rt_->modules()) {
      std::string options;
      for (const auto& [name, value] : m.options) options += fmt::format(" {}={}", name, value);
      fmt::print("{:<8} {} {} ({}){}\n", m.kind, m.name, m.version, m.hash, options);
    }
  }

  void rules(const std::string& arg) {
    if (!arg.empty() && arg != "all") fail(":rules: want nothing or 'all'");
    const std::string args = arg == "all" ? "[{\"text\": true}]" : "[{\"text\": true, \"only_changed\": true}]";
    print_text(nlohmann::json::parse(rt_->call_ruleset("rules_report", args)).get<std::string>());
  }

  void svg(const std::string& file) {
    if (file.empty()) fail(":svg needs a file: :svg table.svg");
    write_file_text(file, cli::eval_long(*rt_, "repl.svg()"));
    fmt::print("wrote the table to {}\n", file);
  }

  void log(const std::string& file) {
    const std::string all = archived_log_ + k_->log.fmt_lines();
    if (!file.empty()) {
      write_file_text(file, all);
      fmt::print("wrote the event log to {}\n", file);
      return;
    }
    std::vector<std::string_view> lines;
    std::size_t at = 0;
    while (at < all.size()) {
      const auto end = all.find('\n', at);
      lines.push_back(std::string_view(all).substr(at, end - at));
      at = end == std::string::npos ? all.size() : end + 1;
    }
    const std::size_t from = lines.size() > 20 ? lines.size() - 20 : 0;
    for (std::size_t i = from; i < lines.size(); ++i) fmt::print("{}\n", lines[i]);
  }

  // -- completion ------------------------------------------------------------------------------

  line_input::words_fn words() {
    return [this] {
      std::vector<std::string> out = {":help", ":units", ":seed", ":dice", ":choose", ":explain", ":odds",
                                      ":undo", ":save", ":load", ":reload", ":variant", ":variants", ":rules", ":log", ":where", ":svg", ":turn", ":next", ":phase", ":quit"};
      try {
        std::istringstream names(eval_text("repl.words(_G)"));
        std::string w;
        while (std::getline(names, w)) out.push_back(w);
      } catch (const std::exception&) {
      }
      return out;
    };
  }

  // -- the table's dice and choices ------------------------------------------------------------

  void roll(const dice_request& r, std::span<int> faces) {
    if (replaying_) {  // a battle's log being played again: its rolls first
      if (replaying_->take_roll(r, faces)) return;
      replaying_->no_roll_left(r);
    }
    if (!queued_.empty()) {
      if (queued_.size() < faces.size())
        fail("{} queued face(s) left but \"{}\" needs {}D{} (:dice adds more)", queued_.size(), r.label,
             r.count, r.sides);
      for (std::size_t i = 0; i < faces.size(); ++i)
        if (queued_[i] > r.sides) fail("queued face {} is impossible on a D{} (\"{}\")", queued_[i], r.sides, r.label);
      for (auto& f : faces) {
        f = queued_.front();
        queued_.pop_front();
      }
      return;
    }
    if (dice_mode_ == dice_mode::manual) return manual_.roll(r, faces);
    auto_.roll(r, faces);
  }

  // The manual dice prompt: asks until the faces fit the throw. "roll" lets the program roll
  // this one throw; "cancel" (or the end of input) stops the resolution, changing nothing.
  // While the REPL waits for the person at a prompt, the line's time budget stands still.
  struct budget_paused {
    runtime& rt;
    explicit budget_paused(runtime& r) : rt(r) { rt.pause_time_budget(); }
    ~budget_paused() { rt.resume_time_budget(); }
    budget_paused(const budget_paused&) = delete;
    budget_paused& operator=(const budget_paused&) = delete;
  };

  std::vector<int> ask_faces(const dice_request& r) {
    const budget_paused paused(*rt_);
    fmt::print("{}\n", colour_.ask(muster::one_line(fmt::format("{}: roll {}D{}", capitalised(r.label), r.count, r.sides))));
    std::string line;
    for (;;) {
      const auto got = input_.read("dice> ", line, false);
      const std::string text = trim(line);
      if (got != line_input::status::line || text == "cancel" || text == ":cancel" || quitting(text)) {
        cancelled_ = true;
        throw cancelled();
      }
      std::vector<int> faces;
      if (text == "roll") {
        faces.resize(static_cast<std::size_t>(r.count));
        auto_.roll(r, faces);
        fmt::print("rolled:");
        for (int f : faces) fmt::print(" {}", f);
        fmt::print("\n");
        return faces;
      }
      std::string why = parse_faces(text, r.sides, faces);
      if (why.empty() && static_cast<int>(faces.size()) != r.count)
        why = fmt::format("{} face(s) typed, {}D{} wanted", faces.size(), r.count, r.sides);
      if (why.empty())
        for (int f : faces)
          if (f < 1 || f > r.sides) {
            why = fmt::format("{} is impossible on a D{} (1-{})", f, r.sides, r.sides);
            break;
          }
      if (why.empty()) return faces;
      fmt::print("{}\n", colour_.error(muster::one_line(
                             fmt::format("refused: {}; type {} again (roll: let the program roll, cancel: stop)", why,
                                         r.count == 1 ? std::string("the face") : fmt::format("the {} faces", r.count)))));
    }
  }

  // :quit typed at a dice or choice prompt: stop the resolution, then leave.
  bool quitting(const std::string& text) {
    if (text != ":quit" && text != ":q" && text != ":exit") return false;
    quit_ = true;
    return true;
  }

  choice_answer ask_choice(const choice_request& r) {
    const budget_paused paused(*rt_);
    std::string options;
    if (r.range) options = fmt::format("{}..{}", r.range->min, r.range->max);
    for (const auto& o : r.options) options += (options.empty() ? "" : ", ") + o;
    if (r.other) options += ", or your own";
    fmt::print("{}\n", colour_.ask(muster::one_line(fmt::format("{} ({}): {} [{}]", r.side, r.question,
                                                                r.prompt.empty() ? r.question : r.prompt, options))));
    std::string line;
    for (;;) {
      const auto got = input_.read("choice> ", line, false, [r] { return r.options; });
      const std::string text = trim(line);
      if (got != line_input::status::line || text == "cancel" || text == ":cancel" || quitting(text)) {
        cancelled_ = true;
        throw cancelled();
      }
      choice_answer answer = text;
      if (r.range) {
        std::int64_t n = 0;
        const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec == std::errc() && ptr == text.data() + text.size()) answer = n;
      }
      const std::string why = chooser::check_answer(r, answer);
      if (why.empty()) return answer;
      fmt::print("{}\n", colour_.error(muster::one_line("refused: " + why + " (cancel: stop)")));
    }
  }

  enum class dice_mode { automatic, manual };
  struct undo_entry {
    std::string what;
    std::string state;
  };

  repl_options opts_;
  palette colour_;
  line_input input_;
  dice_mode dice_mode_ = dice_mode::automatic;
  seeded_source auto_;
  interactive_source manual_;
  std::deque<int> queued_;
  std::map<std::string, std::string> controllers_;
  cli::battle_log* replaying_ = nullptr;  // a battle's log being played again (:load of a battle)
  std::vector<undo_entry> undo_;
  std::string archived_log_;
  bool failed_ = false;
  bool quit_ = false;
  bool cancelled_ = false;  ///< the person stopped the running line at a prompt
  // The runtime refers to the kernel: declared after it, so destroyed before it.
  std::unique_ptr<kernel> k_;
  std::unique_ptr<runtime> rt_;
};

}  // namespace

void install_helpers(runtime& rt, bool colour, bool json) {
  rt.run(fmt::format("repl = require(\"repl\") repl.install(_G, {{colour = {}, json = {}}})", colour, json),
         "repl");
}

CLI::App* add_repl_command(CLI::App& app, repl_options& o) {
  auto* cmd = app.add_subcommand("repl", "The interactive Lua prompt with the ruleset loaded and sample units ready");
  cmd->add_option("file", o.file, "A script to run first (instead of the sample units)");
  cmd->add_option("--scenario", o.scenario,
                  "A scenario file to lay out first: the table, its terrain and both armies placed "
                  "(instead of the sample units; docs/table.md)");
  cmd->add_option("--ruleset", o.ruleset, "Ruleset name or folder (default fantasy_warriors)");
  cmd->add_option("--variant", o.variants, "Variant name or path of a variant file or folder (repeatable)");
  cmd->add_option("--option", o.options, "Module option NAME=VALUE, or VARIANT.NAME=VALUE (repeatable)");
  cmd->add_option("--seed", o.seed, "Seed of the dice (default 1)");
  cmd->add_option("--dice", o.dice, "Dice at start: auto, manual, or faces 6,5,3 used first");
  cmd->add_flag("--json", o.json, "Print results as JSON (for tools)");
  cmd->add_option("--colour,--color", o.colour, "auto (on a terminal), always or never");
  cmd->add_option("--history", o.history, "History file (default $MUSTER_HISTORY, else ~/.muster_history)");
  cmd->add_option("--budget", o.budget, "Instruction budget of one line (default the runtime's 200000000)");
  cmd->add_option("--time-budget", o.time_budget, "Seconds one line may take (default the runtime's 60)")
      ->check(CLI::Validator([](std::string& v) -> std::string {
        try {
          return std::stod(v) > 0 ? std::string() : "must be more than 0 seconds";
        } catch (const std::exception&) {
          return "a number of seconds expected";
        }
      }, "SECONDS"));
  return cmd;
}

int run_repl(const repl_options& options) {
  session s(options);
  return s.loop();
}

}  // namespace muster::cli
