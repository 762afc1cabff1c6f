// The turn sequencer: validation of a declared structure, the walk through pre-battle,
// turns, phases, sides, steps and hooks, interrupt windows, the time dial and the deferred
// queue. Callbacks are copied before they run, so a callback may replace or remove hooks and
// steps' functions (including its own) safely; structural edits wait until no turn runs.
#include "muster/turn.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include "text.hpp"

namespace muster {
namespace {

constexpr std::string_view turn_point = "turn";
constexpr std::string_view pre_battle_point = "pre_battle";
constexpr int max_depth_limit = 64;

using text::is_identifier;

std::string_view when_name(relation r) { return r == relation::before ? "before" : "after"; }

std::string join(const std::vector<std::string>& v, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i > 0) out += sep;
    out += v[i];
  }
  return out;
}

// Returns hooks/handlers matching `keep`, ordered by priority then registration.
template <typename T, typename Keep>
std::vector<T> ordered(const std::vector<T>& all, Keep keep) {
  std::vector<T> out;
  for (const T& x : all)
    if (keep(x)) out.push_back(x);
  std::stable_sort(out.begin(), out.end(),
                   [](const T& a, const T& b) { return a.priority < b.priority; });
  return out;
}

// Returns `base`, or base#2, base#3... whichever `taken` refuses first.
template <typename Taken>
std::string unique_id(const std::string& base, Taken taken) {
  if (!taken(base)) return base;
  for (int n = 2;; ++n) {
    std::string id = fmt::format("{}#{}", base, n);
    if (!taken(id)) return id;
  }
}

void check_fields(std::string_view what, const std::vector<field>& fields,
                  std::string_view reserved) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const field& f = fields[i];
    if (!is_identifier(f.name))
      fail("turn: {}: bad field name '{}' (want an identifier)", what, f.name);
    if (f.name == reserved) fail("turn: {}: field name '{}' is reserved", what, f.name);
    for (std::size_t j = 0; j < i; ++j)
      if (fields[j].name == f.name) fail("turn: {}: field '{}' given twice", what, f.name);
    if (const double* d = std::get_if<double>(&f.value); d && !std::isfinite(*d))
      fail("turn: {}: field '{}' is not a finite number", what, f.name);
  }
}

}  // namespace

sequencer::sequencer(event_log& log) : log_(log) {}

// ---------------------------------------------------------------- structure

void sequencer::set_structure(turn_structure s) {
  if (running_) fail("turn: cannot set the structure while a turn runs");
  std::vector<std::string> ids;
  auto claim = [&](const std::string& id, std::string_view what) {
    if (!is_identifier(id)) fail("turn structure: {} id '{}' is not an identifier", what, id);
    if (id == turn_point || id == pre_battle_point)
      fail("turn structure: {} id '{}' is reserved", what, id);
    if (std::find(ids.begin(), ids.end(), id) != ids.end())
      fail("turn structure: id '{}' used twice", id);
    ids.push_back(id);
  };
  for (const step_decl& st : s.pre_battle) claim(st.id, "pre-battle step");
  if (s.phases.empty()) fail("turn structure: no phases");
  for (const phase_decl& p : s.phases) {
    claim(p.id, "phase");
    for (const step_decl& st : p.steps) claim(st.id, "step");
  }
  if (s.sides.empty()) fail("turn structure: no sides");
  for (std::size_t i = 0; i < s.sides.size(); ++i) {
    if (s.sides[i].empty()) fail("turn structure: side {} is empty", i + 1);
    for (std::size_t j = 0; j < i; ++j)
      if (s.sides[j] == s.sides[i]) fail("turn structure: side '{}' given twice", s.sides[i]);
  }
  for (std::size_t i = 0; i < s.time_steps.size(); ++i)
    if (s.time_steps[i].empty()) fail("turn structure: time step {} is empty", i + 1);
  if (s.time_steps.empty() ? s.time_start != 0 : s.time_start >= s.time_steps.size())
    fail("turn structure: time_start {} out of range ({} time steps)", s.time_start,
         s.time_steps.size());
  for (std::size_t i = 0; i < s.windows.size(); ++i) {
    if (!is_identifier(s.windows[i]))
      fail("turn structure: window '{}' is not an identifier", s.windows[i]);
    for (std::size_t j = 0; j < i; ++j)
      if (s.windows[j] == s.windows[i])
        fail("turn structure: window '{}' given twice", s.windows[i]);
  }
  if (s.max_window_depth < 1 || s.max_window_depth > max_depth_limit)
    fail("turn structure: max_window_depth {} out of range 1..{}", s.max_window_depth,
         max_depth_limit);
  for (const hook& h : hooks_)
    if (h.at != turn_point && h.at != pre_battle_point &&
        std::find(ids.begin(), ids.end(), h.at) == ids.end())
      fail("turn structure: hook '{}' is at '{}', which the structure lacks", h.id, h.at);
  for (const window_handler& w : handlers_)
    if (std::find(s.windows.begin(), s.windows.end(), w.window) == s.windows.end())
      fail("turn structure: handler '{}' is for window '{}', which the structure lacks", w.id,
           w.window);

  structure_ = std::move(s);
  has_structure_ = true;
  turn_ = 0;
  time_ = structure_.time_start;
  pre_battle_done_ = false;
  over_ = false;
  over_reason_.clear();
  deferred_now_.clear();
  deferred_next_.clear();
  cursor_ = cursor{};
}

bool sequencer::point_exists(std::string_view at) const {
  if (!has_structure_) return false;
  if (at == turn_point || at == pre_battle_point) return true;
  for (const step_decl& st : structure_.pre_battle)
    if (st.id == at) return true;
  for (const phase_decl& p : structure_.phases) {
    if (p.id == at) return true;
    for (const step_decl& st : p.steps)
      if (st.id == at) return true;
  }
  return false;
}

step_decl* sequencer::find_step(std::string_view id, std::vector<step_decl>** list) {
  auto search = [&](std::vector<step_decl>& v) -> step_decl* {
    for (step_decl& st : v)
      if (st.id == id) {
        if (list) *list = &v;
        return &st;
      }
    return nullptr;
  };
  if (step_decl* st = search(structure_.pre_battle)) return st;
  for (phase_decl& p : structure_.phases)
    if (step_decl* st = search(p.steps)) return st;
  return nullptr;
}

void sequencer::set_step(std::string_view id, step_fn fn, std::string_view source) {
  step_decl* st = find_step(id, nullptr);
  if (!st) fail("turn: set_step: unknown step '{}'", id);
  if (!fn) fail("turn: set_step '{}': empty function", id);
  if (source.empty()) fail("turn: set_step '{}': empty source", id);
  st->fn = std::move(fn);
  st->source.assign(source);
}

void sequencer::add_step(std::string_view in, step_decl s, relation where,
                         std::string_view anchor) {
  if (running_) fail("turn: cannot add a step while a turn runs");
  if (!has_structure_) fail("turn: add_step: no structure (set_structure first)");
  std::vector<step_decl>* list = nullptr;
  if (in == pre_battle_point) {
    list = &structure_.pre_battle;
  } else {
    for (phase_decl& p : structure_.phases)
      if (p.id == in) list = &p.steps;
  }
  if (!list) fail("turn: add_step: unknown phase '{}'", in);
  if (!is_identifier(s.id)) fail("turn: add_step: step id '{}' is not an identifier", s.id);
  if (s.id == turn_point || s.id == pre_battle_point || point_exists(s.id))
    fail("turn: add_step: id '{}' is taken", s.id);
  if (s.source.empty()) fail("turn: add_step '{}': empty source", s.id);
  auto pos = where == relation::before ? list->begin() : list->end();
  if (!anchor.empty()) {
    pos = std::find_if(list->begin(), list->end(),
                       [&](const step_decl& st) { return st.id == anchor; });
    if (pos == list->end()) fail("turn: add_step: no step '{}' in '{}'", anchor, in);
    if (where == relation::after) ++pos;
  }
  list->insert(pos, std::move(s));
}

void sequencer::del_step(std::string_view id) {
  if (running_) fail("turn: cannot delete a step while a turn runs");
  std::vector<step_decl>* list = nullptr;
  step_decl* st = find_step(id, &list);
  if (!st) fail("turn: del_step: unknown step '{}'", id);
  list->erase(list->begin() + (st - list->data()));
  std::erase_if(hooks_, [&](const hook& h) { return h.at == id; });
}

// ---------------------------------------------------------------- hooks and handlers

std::string sequencer::add_hook(hook h) {
  if (!point_exists(h.at)) fail("turn: add_hook: unknown point '{}'", h.at);
  if (!h.fn) fail("turn: add_hook at '{}': empty function", h.at);
  if (h.source.empty()) fail("turn: add_hook at '{}': empty source", h.at);
  auto taken = [&](std::string_view id) {
    return std::any_of(hooks_.begin(), hooks_.end(), [&](const hook& x) { return x.id == id; });
  };
  if (h.id.empty())
    h.id = unique_id(fmt::format("{}.{}.{}", h.source, when_name(h.when), h.at), taken);
  else if (taken(h.id))
    fail("turn: add_hook: id '{}' is taken", h.id);
  hooks_.push_back(std::move(h));
  return hooks_.back().id;
}

void sequencer::set_hook(std::string_view id, step_fn fn, std::string_view source) {
  auto it = std::find_if(hooks_.begin(), hooks_.end(), [&](const hook& h) { return h.id == id; });
  if (it == hooks_.end()) fail("turn: set_hook: unknown hook '{}'", id);
  if (!fn) fail("turn: set_hook '{}': empty function", id);
  if (source.empty()) fail("turn: set_hook '{}': empty source", id);
  it->fn = std::move(fn);
  it->source.assign(source);
}

void sequencer::del_hook(std::string_view id) {
  auto it = std::find_if(hooks_.begin(), hooks_.end(), [&](const hook& h) { return h.id == id; });
  if (it == hooks_.end()) fail("turn: del_hook: unknown hook '{}'", id);
  hooks_.erase(it);
}

std::vector<hook> sequencer::hooks_at(std::string_view at) const {
  std::vector<hook> out =
      ordered(hooks_, [&](const hook& h) { return h.at == at && h.when == relation::before; });
  std::vector<hook> after =
      ordered(hooks_, [&](const hook& h) { return h.at == at && h.when == relation::after; });
  out.insert(out.end(), std::make_move_iterator(after.begin()),
             std::make_move_iterator(after.end()));
  return out;
}

std::string sequencer::add_window_handler(window_handler h) {
  const auto& ws = structure_.windows;
  if (!has_structure_ || std::find(ws.begin(), ws.end(), h.window) == ws.end())
    fail("turn: add_window_handler: unknown window '{}'", h.window);
  if (!h.fn) fail("turn: add_window_handler for '{}': empty function", h.window);
  if (h.source.empty()) fail("turn: add_window_handler for '{}': empty source", h.window);
  auto taken = [&](std::string_view id) {
    return std::any_of(handlers_.begin(), handlers_.end(),
                       [&](const window_handler& x) { return x.id == id; });
  };
  if (h.id.empty())
    h.id = unique_id(fmt::format("{}.{}", h.source, h.window), taken);
  else if (taken(h.id))
    fail("turn: add_window_handler: id '{}' is taken", h.id);
  handlers_.push_back(std::move(h));
  return handlers_.back().id;
}

void sequencer::set_window_handler(std::string_view id, window_fn fn, std::string_view source) {
  auto it = std::find_if(handlers_.begin(), handlers_.end(),
                         [&](const window_handler& h) { return h.id == id; });
  if (it == handlers_.end()) fail("turn: set_window_handler: unknown handler '{}'", id);
  if (!fn) fail("turn: set_window_handler '{}': empty function", id);
  if (source.empty()) fail("turn: set_window_handler '{}': empty source", id);
  it->fn = std::move(fn);
  it->source.assign(source);
}

void sequencer::del_window_handler(std::string_view id) {
  auto it = std::find_if(handlers_.begin(), handlers_.end(),
                         [&](const window_handler& h) { return h.id == id; });
  if (it == handlers_.end()) fail("turn: del_window_handler: unknown handler '{}'", id);
  handlers_.erase(it);
}

// ---------------------------------------------------------------- running

std::string sequencer::where(std::string_view what) const {
  if (turn_ == 0) return fmt::format("{} (pre-battle)", what);
  std::string ctx = fmt::format("turn {}", turn_);
  if (!phase_.empty()) ctx += fmt::format(", {}", phase_);
  if (!side_.empty()) ctx += fmt::format(", side {}", side_);
  return fmt::format("{} ({})", what, ctx);
}

void sequencer::set_clock(std::string_view phase) {
  phase_.assign(phase);
  log_.set_clock(turn_, phase_);
}

turn_context sequencer::current() const noexcept {
  return turn_context{turn_, phase_, side_, at_};
}

namespace {

// Runs fn, turning any exception into a step_error that names where() (an existing
// step_error is wrapped again, so nested failures read outermost first). where() is only
// called on failure: formatting it on every call would dominate a turn's cost.
template <typename Where, typename Fn>
void invoke(Where&& where, Fn&& fn) {
  try {
    fn();
  } catch (const std::exception& e) {
    throw step_error(where(), e.what(), std::current_exception());
  }
}

}  // namespace

void sequencer::run_point(relation when, std::string_view at, std::string_view side) {
  const std::vector<hook> hs =
      ordered(hooks_, [&](const hook& h) { return h.at == at && h.when == when; });
  for (const hook& h : hs) {
    if (over_) return;
    if (side.empty())
      log_.add_fields("hook", "id", h.id, "when", when_name(when), "at", at, "source", h.source);
    else
      log_.add_fields("hook", "id", h.id, "when", when_name(when), "at", at, "source", h.source,
                      "side", side);
    const turn_context ctx{turn_, phase_, side, at};
    invoke([&] { return where(fmt::format("hook '{}'", h.id)); }, [&] { h.fn(ctx); });
  }
}

void sequencer::run_steps(const std::vector<step_decl>& steps, std::string_view side) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (over_) return;
    const std::string id = steps[i].id;
    at_ = id;
    run_point(relation::before, id, side);
    if (over_) return;
    // Look the step up again: a before-hook may have replaced its function.
    const step_fn fn = steps[i].fn;
    if (!fn) fail("turn: step '{}' has no function (set_step)", id);
    if (side.empty())
      log_.add_fields("step", "id", id);
    else
      log_.add_fields("step", "id", id, "side", side);
    const turn_context ctx{turn_, phase_, side, id};
    invoke([&] { return where(fmt::format("step '{}'", id)); }, [&] { fn(ctx); });
    at_ = id;
    run_point(relation::after, id, side);
  }
}

void sequencer::run_phase(const phase_decl& p, std::string_view side) {
  side_.assign(side);
  set_clock(p.id);
  at_ = p.id;
  if (side.empty())
    log_.add("phase_start");
  else
    log_.add_fields("phase_start", "side", side);
  run_point(relation::before, p.id, side);
  run_steps(p.steps, side);
  at_ = p.id;
  run_point(relation::after, p.id, side);
  if (side.empty())
    log_.add("phase_end");
  else
    log_.add_fields("phase_end", "side", side);
  set_clock("");
  side_.clear();
  at_.clear();
}

std::vector<std::string> sequencer::side_order(const order_fn& fn, std::string_view phase) {
  const order_fn& use = fn ? fn : structure_.order;
  if (!use) return structure_.sides;
  std::vector<std::string> got;
  const turn_context ctx{turn_, phase, "", phase.empty() ? turn_point : phase};
  invoke(
      [&] {
        return where(phase.empty() ? std::string("side order")
                                   : fmt::format("side order of '{}'", phase));
      },
      [&] { got = use(ctx); });
  std::vector<std::string> a = got;
  std::vector<std::string> b = structure_.sides;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  if (a != b)
    fail("turn: side order{} returned [{}] (want an order of [{}])",
         phase.empty() ? std::string() : fmt::format(" of '{}'", phase), join(got, ", "),
         join(structure_.sides, ", "));
  return got;
}

namespace {

void require_functions(const std::vector<step_decl>& steps, std::string_view in) {
  for (const step_decl& st : steps)
    if (!st.fn) fail("turn: step '{}' in '{}' has no function (set_step)", st.id, in);
}

}  // namespace

struct sequencer::run_state {
  std::int64_t turn;
  std::size_t time;
  bool over;
  std::string over_reason;
  std::vector<deferred_item> now;
  std::vector<deferred_item> next;
  std::int64_t clock_turn;
  std::string clock_phase;
  cursor where;
};

sequencer::run_state sequencer::snapshot() const {
  return run_state{turn_, time_, over_, over_reason_, deferred_now_, deferred_next_, log_.turn(), log_.phase(), cursor_};
}

void sequencer::abort_run(run_state& saved, std::string_view error) noexcept {
  // Logged with the failed turn's clock. A failure to log (a throwing sink) must not hide
  // the original error or leave the sequencer half-restored, so it is dropped.
  try {
    log_.add_fields("turn_abort", "at", at_, "error", error);
  } catch (const std::exception&) {
  }
  turn_ = saved.turn;
  time_ = saved.time;
  over_ = saved.over;
  over_reason_.swap(saved.over_reason);
  deferred_now_.swap(saved.now);
  deferred_next_.swap(saved.next);
  cursor_ = std::move(saved.where);
  try {
    log_.set_clock(saved.clock_turn, saved.clock_phase);
  } catch (const std::exception&) {
  }
  running_ = false;
  phase_.clear();
  side_.clear();
  at_.clear();
  window_stack_.clear();
}

void sequencer::run_pre_battle() {
  if (!has_structure_) fail("turn: no structure (set_structure first)");
  if (running_) fail("turn: run_pre_battle called while a turn runs");
  if (pre_battle_done_) fail("turn: the pre-battle sequence has already run");
  if (turn_ > 0) fail("turn: the battle has started (turn {})", turn_);
  if (over_) fail("turn: the battle is over ({})", over_reason_);
  require_functions(structure_.pre_battle, pre_battle_point);
  run_guarded([this] {
    set_clock("");
    log_.add("pre_battle_start");
    at_ = pre_battle_point;
    run_point(relation::before, pre_battle_point, "");
    run_steps(structure_.pre_battle, "");
    at_ = pre_battle_point;
    run_point(relation::after, pre_battle_point, "");
    log_.add("pre_battle_end");
  });
  pre_battle_done_ = true;
}

void sequencer::run_guarded(const std::function<void()>& work) {
  run_state saved = snapshot();
  running_ = true;
  try {
    work();
  } catch (const std::exception& e) {
    abort_run(saved, e.what());
    throw;
  } catch (...) {
    abort_run(saved, "unknown exception");
    throw;
  }
  running_ = false;
  at_.clear();
}

void sequencer::check_can_run(std::string_view what) const {
  if (!has_structure_) fail("turn: no structure (set_structure first)");
  if (running_) fail("turn: {} called while a turn runs", what);
  if (over_) fail("turn: the battle is over ({})", over_reason_);
  for (const phase_decl& p : structure_.phases) require_functions(p.steps, p.id);
}

void sequencer::begin_turn() {
  ++turn_;
  deferred_now_ = std::move(deferred_next_);
  deferred_next_.clear();
  cursor_ = cursor{};
  cursor_.in_turn = true;
  set_clock("");
  if (structure_.time_steps.empty())
    log_.add("turn_start");
  else
    log_.add_fields("turn_start", "time", structure_.time_steps[time_]);
  at_ = turn_point;
  run_point(relation::before, turn_point, "");
  if (structure_.mode == turn_mode::sides_then_phases) {
    cursor_.order = side_order({}, "");
    cursor_.ordered = true;
  }
}

void sequencer::end_turn() {
  at_ = turn_point;
  if (!over_) run_point(relation::after, turn_point, "");
  if (!over_ && !structure_.time_steps.empty()) {
    const std::size_t next = (time_ + 1) % structure_.time_steps.size();
    log_.add_fields("time_advance", "from", structure_.time_steps[time_], "to", structure_.time_steps[next]);
    time_ = next;
  }
  log_.add("turn_end");
  cursor_ = cursor{};
  deferred_now_.clear();
}

// One step: a turn begun if none is under way, then one phase (or one side's run of it),
// then the turn ended after its last phase or when the battle is over.
void sequencer::advance() {
  if (!cursor_.in_turn) begin_turn();
  const auto& phases = structure_.phases;
  if (!over_) {
    if (structure_.mode == turn_mode::phases_then_sides) {
      const phase_decl& p = phases[cursor_.phase];
      if (p.sides == side_mode::simultaneous) {
        run_phase(p, "");
        ++cursor_.phase;
      } else {
        if (!cursor_.ordered) {
          set_clock(p.id);
          cursor_.order = side_order(p.order, p.id);
          set_clock("");
          cursor_.ordered = true;
          cursor_.side = 0;
        }
        if (cursor_.side < cursor_.order.size()) run_phase(p, cursor_.order[cursor_.side++]);
        if (cursor_.side >= cursor_.order.size()) {
          ++cursor_.phase;
          cursor_.ordered = false;
        }
      }
    } else {
      run_phase(phases[cursor_.phase], cursor_.order[cursor_.side]);
      if (++cursor_.phase == phases.size()) {
        cursor_.phase = 0;
        ++cursor_.side;
      }
    }
  }
  const bool done = structure_.mode == turn_mode::phases_then_sides ? cursor_.phase >= phases.size()
                                                                     : cursor_.side >= cursor_.order.size();
  if (over_ || done) end_turn();
}

bool sequencer::run_next_phase() {
  check_can_run("run_next_phase");
  run_guarded([this] { advance(); });
  return !over_;
}

bool sequencer::run_turn() {
  check_can_run("run_turn");
  run_guarded([this] {
    do advance();
    while (cursor_.in_turn);
  });
  return !over_;
}

std::string_view sequencer::next_phase() const noexcept {
  if (!has_structure_ || over_ || structure_.phases.empty()) return {};
  if (!cursor_.in_turn) return structure_.phases.front().id;
  return structure_.phases[cursor_.phase].id;
}

std::int64_t sequencer::run(std::int64_t turns) {
  if (turns < 0) fail("turn: run: turns must be >= 0, got {}", turns);
  std::int64_t played = 0;
  while (played < turns && !over_) {
    run_turn();
    ++played;
  }
  return played;
}

// ---------------------------------------------------------------- windows

void sequencer::open_window(std::string_view name, std::string_view side,
                            std::vector<field>& payload) {
  const auto& ws = structure_.windows;
  if (!has_structure_ || std::find(ws.begin(), ws.end(), name) == ws.end())
    fail("turn: unknown window '{}'", name);
  if (!side.empty() &&
      std::find(structure_.sides.begin(), structure_.sides.end(), side) == structure_.sides.end())
    fail("turn: window '{}': unknown side '{}'", name, side);
  const int depth = static_cast<int>(window_stack_.size()) + 1;
  if (depth > structure_.max_window_depth) {
    std::vector<std::string> chain = window_stack_;
    chain.emplace_back(name);
    fail("turn: window '{}' nested too deep ({} > {}): {}", name, depth,
         structure_.max_window_depth, join(chain, " > "));
  }
  check_fields(fmt::format("window '{}'", name), payload, "");
  const std::vector<window_handler> hs =
      ordered(handlers_, [&](const window_handler& h) { return h.window == name; });
  log_.add_fields("window_open", "window", name, "side", side, "depth", depth);
  window_stack_.emplace_back(name);
  struct pop_guard {
    std::vector<std::string>& stack;
    std::size_t size;
    ~pop_guard() {
      if (stack.size() >= size) stack.resize(size - 1);
    }
  } pop{window_stack_, window_stack_.size()};
  for (const window_handler& h : hs) {
    if (over_) break;
    log_.add_fields("handler", "window", name, "id", h.id, "source", h.source);
    const window_context ctx{turn_, phase_, name, side, depth, payload};
    invoke([&] { return where(fmt::format("handler '{}' of window '{}'", h.id, name)); },
           [&] { h.fn(ctx); });
  }
  log_.add_fields("window_close", "window", name, "depth", depth);
}

// ---------------------------------------------------------------- time, end, queue

time_point sequencer::time() const noexcept {
  if (structure_.time_steps.empty()) return {};
  return time_point{time_, structure_.time_steps[time_]};
}

void sequencer::set_time(std::size_t index) {
  if (structure_.time_steps.empty()) fail("turn: set_time: no time dial declared");
  if (index >= structure_.time_steps.size())
    fail("turn: set_time: index {} out of range ({} time steps)", index,
         structure_.time_steps.size());
  time_ = index;
}

void sequencer::set_over(std::string_view reason) {
  if (reason.empty()) fail("turn: set_over: empty reason");
  if (over_) return;
  over_ = true;
  over_reason_.assign(reason);
  log_.add_fields("battle_over", "reason", reason);
  // Between two phases of a turn under way (nothing runs): the turn ends here.
  if (!running_ && cursor_.in_turn) end_turn();
}

void sequencer::add_deferred(std::string kind, std::vector<field> fields) {
  if (!is_identifier(kind)) fail("turn: add_deferred: kind '{}' is not an identifier", kind);
  check_fields(fmt::format("add_deferred '{}'", kind), fields, "item");
  if (log_.enabled()) {
    std::vector<field> logged;
    logged.reserve(fields.size() + 1);
    logged.push_back({"item", kind});
    logged.insert(logged.end(), fields.begin(), fields.end());
    log_.add("deferred", std::move(logged));
  }
  deferred_next_.push_back(deferred_item{std::move(kind), std::move(fields)});
}

void sequencer::clear() noexcept {
  structure_ = turn_structure{};
  has_structure_ = false;
  hooks_.clear();
  handlers_.clear();
  turn_ = 0;
  time_ = 0;
  pre_battle_done_ = false;
  running_ = false;
  over_ = false;
  over_reason_.clear();
  phase_.clear();
  side_.clear();
  at_.clear();
  window_stack_.clear();
  deferred_now_.clear();
  deferred_next_.clear();
  cursor_ = cursor{};
}

}  // namespace muster
