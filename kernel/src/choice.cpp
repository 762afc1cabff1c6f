// Player choices: request validation, the three controller kinds, the built-in policies
// ("first", "last", "random") and the "choice" log event. Messages name the question, the
// side and who answered, so a refused answer can be traced to a script line or a policy.
#include "muster/choice.hpp"

#include <fmt/format.h>

#include "muster/error.hpp"
#include "text.hpp"

namespace muster {
namespace {

constexpr std::string_view builtin_names[] = {"first", "last", "random"};
constexpr std::string_view builtin_docs[] = {
    "the first option, or the lowest value of a range",
    "the last option, or the highest value of a range",
    "an option or value drawn uniformly from the kernel dice (seeded, logged)",
};

using text::is_identifier;

// "\"a\"" for a string answer (JSON-style quotes), "7" for an integer.
std::string fmt_answer(const choice_answer& a) {
  if (const auto* s = std::get_if<std::string>(&a)) return fmt::format("\"{}\"", cut_echo(*s));
  return fmt::format("{}", std::get<std::int64_t>(a));
}

std::string fmt_options(const std::vector<std::string>& options) {
  std::string out;
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (i > 0) out += ", ";
    out += fmt::format("\"{}\"", options[i]);
  }
  return out;
}

// "choice 'volleys' for red"
std::string subject(const choice_request& r) {
  return fmt::format("choice '{}' for {}", r.question, cut_echo(r.side));
}

// The longest answer a request with `other` takes.
constexpr std::size_t max_other_answer = 200;

void check_request(const choice_request& r) {
  if (!is_identifier(r.question))
    fail("choice: question id '{}' is not an identifier", r.question);
  if (r.side.empty()) fail("choice '{}': no side", r.question);
  if (r.range && !r.options.empty())
    fail("{}: give options or a range, not both", subject(r));
  if (r.range && r.other) fail("{}: other answers go with options, not a range", subject(r));
  if (r.range) {
    if (r.range->min > r.range->max)
      fail("{}: empty range {}..{}", subject(r), r.range->min, r.range->max);
    return;
  }
  if (r.options.empty()) fail("{}: no options", subject(r));
  for (std::size_t i = 0; i < r.options.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (r.options[i] == r.options[j])
        fail("{}: option \"{}\" given twice", subject(r), r.options[i]);
}

}  // namespace

chooser::chooser(event_log& log) : log_(log) {
  for (std::size_t i = 0; i < std::size(builtin_names); ++i)
    policies_.emplace(std::string(builtin_names[i]), policy_entry{{}, std::string(builtin_docs[i])});
}

void chooser::set_interactive(std::string_view side) {
  if (side.empty()) fail("choice: set_interactive: empty side");
  controller_state c;
  c.type = kind::interactive;
  c.policy.clear();
  controllers_.insert_or_assign(std::string(side), std::move(c));
}

void chooser::set_policy(std::string_view side, std::string_view name) {
  if (side.empty()) fail("choice: set_policy: empty side");
  if (policies_.find(name) == policies_.end()) {
    std::string known;
    for (const auto& [n, p] : policies_) known += (known.empty() ? "" : ", ") + n;
    fail("choice: unknown policy '{}' (known: {})", cut_echo(name), known);
  }
  controller_state c;
  c.type = kind::policy;
  c.policy.assign(name);
  controllers_.insert_or_assign(std::string(side), std::move(c));
}

void chooser::set_script(std::string_view side, std::vector<choice_answer> answers) {
  if (side.empty()) fail("choice: set_script: empty side");
  controller_state c;
  c.type = kind::script;
  c.policy.clear();
  c.script.assign(std::make_move_iterator(answers.begin()), std::make_move_iterator(answers.end()));
  controllers_.insert_or_assign(std::string(side), std::move(c));
}

std::string chooser::controller(std::string_view side) const {
  const auto it = controllers_.find(side);
  if (it == controllers_.end()) return "policy:first";
  switch (it->second.type) {
    case kind::interactive: return "interactive";
    case kind::policy: return "policy:" + it->second.policy;
    case kind::script: break;
  }
  return fmt::format("script ({} left)", it->second.script.size());
}

void chooser::add_policy(std::string name, answer_fn fn, std::string doc) {
  if (!is_identifier(name)) fail("choice: add_policy: name '{}' is not an identifier", name);
  if (policies_.find(name) != policies_.end())
    fail("choice: add_policy: policy '{}' already exists", name);
  if (!fn) fail("choice: add_policy '{}': empty function", name);
  if (doc.empty()) fail("choice: add_policy '{}': empty doc (say what it chooses)", name);
  policies_.emplace(std::move(name), policy_entry{std::move(fn), std::move(doc)});
}

void chooser::del_policy(std::string_view name) {
  const auto it = policies_.find(name);
  if (it == policies_.end()) return;
  if (!it->second.fn) fail("choice: del_policy: '{}' is built in", name);
  policies_.erase(it);
  for (auto& [side, c] : controllers_)
    if (c.type == kind::policy && c.policy == name) c = controller_state{};
}

std::vector<policy_info> chooser::policies() const {
  std::vector<policy_info> out;
  for (const auto& [name, p] : policies_) out.push_back(policy_info{name, p.doc, !p.fn});
  return out;
}

std::string chooser::check_answer(const choice_request& r, const choice_answer& a) {
  if (r.range) {
    const auto* i = std::get_if<std::int64_t>(&a);
    if (!i)
      return fmt::format("answer {} is not an integer in {}..{}", fmt_answer(a), r.range->min,
                         r.range->max);
    if (*i < r.range->min || *i > r.range->max)
      return fmt::format("answer {} is out of range {}..{}", *i, r.range->min, r.range->max);
    return {};
  }
  if (const auto* s = std::get_if<std::string>(&a)) {
    for (const std::string& o : r.options)
      if (o == *s) return {};
    if (r.other) {
      if (s->empty() || s->size() > max_other_answer)
        return fmt::format("an answer of 1..{} characters expected, got {}", max_other_answer, s->size());
      for (const char c : *s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "an answer on one line expected";
      return {};
    }
  }
  if (r.other)
    return fmt::format("answer {} is neither an option ({}) nor text", fmt_answer(a), fmt_options(r.options));
  return fmt::format("answer {} is not an option (want one of {})", fmt_answer(a),
                     fmt_options(r.options));
}

choice_answer chooser::builtin(std::string_view name, const choice_request& r) const {
  if (name == "first") {
    if (r.range) return r.range->min;
    return r.options.front();
  }
  if (name == "last") {
    if (r.range) return r.range->max;
    return r.options.back();
  }
  // "random"
  if (!draw_) fail("{}: policy 'random' has no dice (chooser::set_draw)", subject(r));
  const std::int64_t n = r.range ? r.range->max - r.range->min + 1
                                 : static_cast<std::int64_t>(r.options.size());
  if (n < 1) fail("{}: range too wide for policy 'random'", subject(r));
  const std::int64_t k = draw_(n);
  if (k < 1 || k > n) fail("{}: the dice drew {} (want 1..{})", subject(r), k, n);
  if (r.range) return r.range->min + (k - 1);
  return r.options[static_cast<std::size_t>(k - 1)];
}

choice_result chooser::get(const choice_request& r) {
  check_request(r);
  auto it = controllers_.find(r.side);
  const controller_state fallback;
  const controller_state& c = it == controllers_.end() ? fallback : it->second;

  // Copy what a callback could change under us (it may reset controllers or policies).
  const kind type = c.type;
  choice_result out;
  switch (type) {
    case kind::interactive: {
      if (!ask_)
        fail("{}: the side is interactive but no one is asking (no asker set)", subject(r));
      out.by = "player";
      const answer_fn ask = ask_;
      out.answer = ask(r);
      break;
    }
    case kind::policy: {
      out.by = "policy:" + c.policy;
      const auto p = policies_.find(c.policy);
      if (p == policies_.end()) fail("{}: unknown policy '{}'", subject(r), c.policy);
      if (p->second.fn) {
        const answer_fn fn = p->second.fn;
        out.answer = fn(r);
      } else {
        out.answer = builtin(p->first, r);
      }
      break;
    }
    case kind::script: {
      out.by = "script";
      if (c.script.empty()) fail("{}: scripted answers ran out", subject(r));
      out.answer = c.script.front();
      break;
    }
  }
  const std::string why = check_answer(r, out.answer);
  if (!why.empty()) fail("{} ({}): {}", subject(r), out.by, why);
  if (type == kind::script) it->second.script.pop_front();

  if (log_.enabled()) {
    field_value logged = r.secret ? field_value(std::string("(secret)"))
                         : std::holds_alternative<std::string>(out.answer)
                             ? field_value(std::get<std::string>(out.answer))
                             : field_value(std::get<std::int64_t>(out.answer));
    log_.add("choice", {{"side", r.side},
                        {"question", r.question},
                        {"answer", std::move(logged)},
                        {"by", out.by}});
  }
  return out;
}

void chooser::clear() noexcept {
  controllers_.clear();
  std::erase_if(policies_, [](const auto& kv) { return static_cast<bool>(kv.second.fn); });
}

}  // namespace muster
