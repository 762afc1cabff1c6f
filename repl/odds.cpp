// The odds lab (odds.hpp): workers, trials on their own dice streams, the enumeration, the
// statistics (Wilson intervals for probabilities, normal intervals for means and paired
// differences) and the report as text, JSON and SVG.
#include "odds.hpp"
#include "report_text.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include "choices.hpp"
#include "modules.hpp"

namespace muster::cli {
namespace {

using json = nlohmann::json;

constexpr double z95 = 1.959963984540054;  // the two-sided 95% normal quantile
constexpr std::uint64_t block = 500;        // trials a worker takes at a time
constexpr std::uint64_t first_stage = 2000;

// ---------------------------------------------------------------------------------------
// Workers: a kernel and a runtime per configuration, the trial prepared once
// ---------------------------------------------------------------------------------------

// The input without "choices", and the policy each side's choices are answered by.
struct prepared_input {
  std::string input;
  std::vector<std::pair<std::string, std::string>> policies;
};

prepared_input split_choices(const std::string& text) {
  json doc = parse_input_json(text);
  if (!doc.is_object()) throw input_error("input", fmt::format("a JSON object expected, got {}", doc.type_name()));
  prepared_input out;
  if (const auto it = doc.find("choices"); it != doc.end()) {
    if (!it->is_object()) throw input_error("choices", "an object (side: policy) expected");
    for (const auto& [side, entry] : it->items()) {
      if (!entry.is_string())
        throw input_error("choices." + cut_echo(side),
                          "odds take a policy per side (e.g. \"first\"), not scripted answers: each trial "
                          "would need its own");
      out.policies.emplace_back(side, entry.get<std::string>());
    }
    doc.erase(it);
  }
  out.input = doc.dump();
  return out;
}

// A trial runs in fast mode (docs/decisions/0004): the JIT compiles the bundled rules, and
// each trial, one top-level call, has its own time budget, however many trials a request runs.
runtime_options trial_options(std::chrono::milliseconds time_budget) {
  runtime_options o;
  o.mode = execution::fast;
  o.time_budget = time_budget;
  return o;
}

class worker {
 public:
  worker(const odds_config& config, const std::string& procedure, const prepared_input& input,
         std::chrono::milliseconds time_budget)
      : rt_(k_, trial_options(time_budget)) {
    load_modules(rt_, config.ruleset, config.variants, config.options);
    k_.log.set_enabled(false);  // nothing of a trial is kept
    k_.dice.set_mode(roll_mode::sample);
    auto source = std::make_unique<seeded_source>();
    source_ = source.get();
    k_.dice.set_source(std::move(source));
    for (const auto& [side, policy] : input.policies) {
      try {
        k_.choices.set_policy(side, policy);
      } catch (const error& e) {
        throw input_error("choices." + cut_echo(side), e.what());
      }
    }
    call_ = rt_.prepare("odds_trial", json::array({procedure, json::parse(input.input)}).dump());
  }

  std::string trial(std::uint64_t seed, std::uint64_t t) {
    source_->generator() = rng::stream(seed, t);
    return rt_.run_prepared(call_);
  }

  std::vector<outcome_odds> enumerate(std::size_t max_runs) {
    return k_.dice.enumerate([this] { return rt_.run_prepared(call_); }, max_runs);
  }
  /// Runs, and runs stopped at a merged state, of the last enumerate().
  const roller::enumeration_stats& enumeration() const noexcept { return k_.dice.last_enumeration(); }

  runtime& rt() noexcept { return rt_; }
  /// Whether the last enumerate() stopped for its run budget (not for a broken run).
  bool over_budget() const noexcept { return k_.dice.enumeration_over_budget(); }

 private:
  kernel k_;
  runtime rt_;
  seeded_source* source_ = nullptr;
  int call_ = 0;
};

}  // namespace

std::vector<std::pair<std::string, std::string>> odds_outcome_fields(runtime& rt, const std::string& procedure) {
  const json names = json::parse(rt.call_ruleset("odds_fields", json::array({procedure}).dump()));
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& n : names) {
    const std::string s = n.get<std::string>();
    const auto colon = s.find(':');
    out.emplace_back(s.substr(0, colon), s.substr(colon + 1));
  }
  return out;
}

namespace {

std::vector<std::string> split_key(const std::string& key, std::size_t n) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (out.size() + 1 < n) {
    const auto bar = key.find('|', at);
    if (bar == std::string::npos) break;
    out.push_back(key.substr(at, bar - at));
    at = bar + 1;
  }
  out.push_back(key.substr(at));
  if (out.size() != n) fail("odds: the trial's key '{}' has {} values, want {}", key, out.size(), n);
  return out;
}

std::optional<long long> as_count(const std::string& v) {
  long long x = 0;
  const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || ptr != v.data() + v.size()) return std::nullopt;
  return x;
}

// ---------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------

// One row of the joint distribution: a trial's values in each configuration and its weight
// (a count of trials, or a probability when exact). A side with no values (empty) is a row
// of the other configuration only: exact comparisons enumerate each side on its own.
struct row {
  std::vector<std::string> a, b;
  double w = 0;
};

// Wilson's score interval for k successes in n trials.
void wilson(double k, double n, double& p, double& lo, double& hi) {
  p = k / n;
  const double z2 = z95 * z95;
  const double denom = 1 + z2 / n;
  const double center = (p + z2 / (2 * n)) / denom;
  const double half = z95 * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
  lo = std::max(0.0, center - half);
  hi = std::min(1.0, center + half);
}

// The mean of x (sum, sum of squares over n) with its normal 95% interval.
void normal_interval(double sum, double sum2, double n, double& mean, double& lo, double& hi) {
  mean = sum / n;
  const double var = n > 1 ? std::max(0.0, (sum2 - n * mean * mean) / (n - 1)) : 0.0;
  const double half = z95 * std::sqrt(var / n);
  lo = mean - half;
  hi = mean + half;
}

// A change (second minus first): exact, or the mean of paired differences with its interval;
// distinguishable when the interval excludes 0 (exact: when it is not 0).
void change(bool exact, double exact_diff, double sum, double sum2, double n, double& d, double& lo, double& hi,
            bool& distinct) {
  if (exact) {
    d = lo = hi = exact_diff;
    distinct = std::abs(d) > 1e-12;
    return;
  }
  normal_interval(sum, sum2, n, d, lo, hi);
  distinct = hi > lo ? (lo > 0 || hi < 0) : std::abs(d) > 1e-12;
}

// Probabilities of an event (indicator `in` of a row's values) in each configuration and
// their change.
template <typename Event>
value_odds event_odds(const std::vector<row>& rows, double total, bool exact, bool compare, Event in) {
  value_odds v;
  double ka = 0, kb = 0, only_a = 0, only_b = 0;
  for (const auto& r : rows) {
    const bool ea = !r.a.empty() && in(r.a);
    const bool eb = !r.b.empty() && in(r.b);
    if (ea) ka += r.w;
    if (eb) kb += r.w;
    if (ea && !eb) only_a += r.w;
    if (eb && !ea) only_b += r.w;
  }
  for (int c = 0; c < (compare ? 2 : 1); ++c) {
    const double k = c == 0 ? ka : kb;
    if (exact) v.p[c] = v.lo[c] = v.hi[c] = k / total;
    else wilson(k, total, v.p[c], v.lo[c], v.hi[c]);
  }
  // d = 1 when only the second configuration has it, -1 when only the first: d^2 = |d|.
  if (compare)
    change(exact, v.p[1] - v.p[0], only_b - only_a, only_a + only_b, total, v.diff, v.diff_lo, v.diff_hi,
           v.distinguishable);
  return v;
}

double half_width(const value_odds& v, bool compare) {
  double h = std::max(v.p[0] - v.lo[0], v.hi[0] - v.p[0]);
  if (compare) h = std::max({h, v.p[1] - v.lo[1], v.hi[1] - v.p[1], (v.diff_hi - v.diff_lo) / 2});
  return h;
}

// The values of field j seen in the rows, in order: counts numerically, categories by name,
// "-" (no value) last.
std::vector<std::string> values_seen(const std::vector<row>& rows, std::size_t j, bool count) {
  std::vector<std::string> seen;
  for (const auto& r : rows) {
    if (!r.a.empty()) seen.push_back(r.a[j]);
    if (!r.b.empty()) seen.push_back(r.b[j]);
  }
  std::sort(seen.begin(), seen.end(), [&](const std::string& x, const std::string& y) {
    if ((x == "-") != (y == "-")) return y == "-";
    const auto cx = as_count(x), cy = as_count(y);
    if (count && cx && cy && *cx != *cy) return *cx < *cy;
    return x < y;
  });
  seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
  return seen;
}

// The mean of count field j in each configuration (over the rows that have a number) and its
// change (over the trials where both do), with the largest value seen; nullopt without numbers.
std::optional<mean_odds> mean_of(const std::vector<row>& rows, std::size_t j, bool exact, bool compare,
                                 long long& top) {
  double n[2] = {0, 0}, s[2] = {0, 0}, s2[2] = {0, 0}, pn = 0, ds = 0, ds2 = 0;
  for (const auto& r : rows) {
    const auto ca = r.a.empty() ? std::nullopt : as_count(r.a[j]);
    const auto cb = r.b.empty() ? std::nullopt : as_count(r.b[j]);
    if (ca) top = std::max(top, *ca);
    if (cb) top = std::max(top, *cb);
    const double xa = ca ? static_cast<double>(*ca) : 0, xb = cb ? static_cast<double>(*cb) : 0;
    if (ca) n[0] += r.w, s[0] += r.w * xa, s2[0] += r.w * xa * xa;
    if (cb) n[1] += r.w, s[1] += r.w * xb, s2[1] += r.w * xb * xb;
    if (ca && cb) pn += r.w, ds += r.w * (xb - xa), ds2 += r.w * (xb - xa) * (xb - xa);
  }
  if (n[0] <= 0 && n[1] <= 0) return std::nullopt;
  mean_odds m;
  for (int c = 0; c < (compare ? 2 : 1); ++c) {
    if (n[c] <= 0) continue;
    if (exact) m.mean[c] = m.lo[c] = m.hi[c] = s[c] / n[c];
    else normal_interval(s[c], s2[c], n[c], m.mean[c], m.lo[c], m.hi[c]);
    // A count is never below 0 nor above the largest value seen.
    m.lo[c] = std::max(m.lo[c], 0.0);
    m.hi[c] = std::min(m.hi[c], static_cast<double>(top));
  }
  if (compare && (exact || pn > 0))
    change(exact, m.mean[1] - m.mean[0], ds, ds2, pn, m.diff, m.diff_lo, m.diff_hi, m.distinguishable);
  return m;
}

// The report's fields from the rows.
void build_fields(odds_report& rep, const std::vector<std::pair<std::string, std::string>>& fields,
                  const std::vector<row>& rows, double total) {
  const bool exact = rep.exact, compare = rep.compared;
  rep.fields.clear();
  rep.widest = 0;
  for (std::size_t j = 0; j < fields.size(); ++j) {
    field_odds f;
    f.name = fields[j].first;
    f.kind = fields[j].second;
    const bool count = f.kind == "count";
    for (const auto& value : values_seen(rows, j, count)) {
      value_odds v = event_odds(rows, total, exact, compare, [&](const std::vector<std::string>& vals) {
        return vals[j] == value;
      });
      v.value = value;
      rep.widest = std::max(rep.widest, half_width(v, compare));
      f.values.push_back(std::move(v));
    }
    if (count) {
      long long top = 0;
      f.mean = mean_of(rows, j, exact, compare, top);
      for (long long at_least = 1; f.mean && at_least <= top; ++at_least) {
        value_odds v = event_odds(rows, total, exact, compare, [&](const std::vector<std::string>& vals) {
          const auto x = as_count(vals[j]);
          return x && *x >= at_least;
        });
        v.value = std::to_string(at_least);
        rep.widest = std::max(rep.widest, half_width(v, compare));
        f.tails.push_back(std::move(v));
      }
    }
    rep.fields.push_back(std::move(f));
  }
}

// ---------------------------------------------------------------------------------------
// Running trials on several threads
// ---------------------------------------------------------------------------------------

class pool {
 public:
  pool(const odds_request& r, const prepared_input& input, unsigned threads)
      : r_(r), input_(input), threads_(threads) {
    slots_.resize(threads_);
    slots_[0] = make();  // on the calling thread, so bad input fails here, once
  }

  std::vector<std::unique_ptr<worker>>& first() { return slots_.front(); }

  // Runs trials [from, to) and adds their keys to the tally. A thread makes its workers when
  // it first gets a block, and no more threads start than there are blocks. The first failing
  // trial (the lowest index) is the one reported.
  void run(std::uint64_t from, std::uint64_t to) {
    std::atomic<std::uint64_t> next{0}, done{0};
    std::atomic<bool> stop{false};
    const std::uint64_t blocks = (to - from + block - 1) / block;
    std::mutex m;
    std::exception_ptr failure;
    std::uint64_t failed_at = UINT64_MAX;
    const auto failed = [&](std::uint64_t t) {
      std::lock_guard lock(m);
      if (t < failed_at) failed_at = t, failure = std::current_exception();
      stop = true;
    };
    auto work = [&](std::size_t slot) {  // each thread touches its own slot only
      std::map<std::pair<std::string, std::string>, std::uint64_t> mine;
      while (!stop) {
        const std::uint64_t b = next++;
        if (b >= blocks) break;
        const std::uint64_t lo = from + b * block, hi = std::min(to, lo + block);
        try {
          if (slots_[slot].empty()) slots_[slot] = make();
        } catch (...) {
          failed(lo);
          break;
        }
        auto& ws = slots_[slot];
        for (std::uint64_t t = lo; t < hi && !stop; ++t) {
          try {
            std::string ka = ws[0]->trial(r_.seed, t);
            std::string kb = ws.size() > 1 ? ws[1]->trial(r_.seed, t) : std::string();
            ++mine[{std::move(ka), std::move(kb)}];
          } catch (...) {
            failed(t);
          }
        }
        done += hi - lo;
        if (slot == 0 && r_.progress) r_.progress(from + done, to);
      }
      std::lock_guard lock(m);
      for (auto& [k, n] : mine) tally_[k] += n;
    };
    const auto threads = static_cast<unsigned>(std::min<std::uint64_t>(threads_, blocks));
    std::vector<std::thread> others;
    for (unsigned i = 1; i < threads; ++i) others.emplace_back(work, i);
    work(0);  // the calling thread works too, and reports progress between its blocks
    for (auto& t : others) t.join();
    if (r_.progress) r_.progress(to, to);
    if (!failure) return;
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      fail("trial {} (seed {}): {}", failed_at, r_.seed, e.what());
    }
  }

  const std::map<std::pair<std::string, std::string>, std::uint64_t>& tally() const { return tally_; }

 private:
  std::vector<std::unique_ptr<worker>> make() {
    std::vector<std::unique_ptr<worker>> ws;
    ws.push_back(std::make_unique<worker>(r_.base, r_.procedure, input_, r_.time_budget));
    if (r_.compare) ws.push_back(std::make_unique<worker>(*r_.compare, r_.procedure, input_, r_.time_budget));
    return ws;
  }

  const odds_request& r_;
  const prepared_input& input_;
  unsigned threads_;
  std::vector<std::vector<std::unique_ptr<worker>>> slots_;
  std::map<std::pair<std::string, std::string>, std::uint64_t> tally_;
};

}  // namespace

void check_odds_request(const odds_request& r) {
  if (!(r.precision > 0 && r.precision < 0.5))
    throw input_error("--precision", fmt::format("{:g} is not a number of points between 0 and 50", 100 * r.precision));
  if (r.max_runs == 0) throw input_error("--max-runs", "0: an enumeration needs at least 1 run");
  if (r.max_trials == 0) throw input_error("--max-trials", "0: Monte Carlo needs at least 1 trial");
  if (r.time_budget.count() <= 0)
    throw input_error("--time-budget", "a trial needs a time budget of at least 1 ms");
}

odds_report compute_odds(const odds_request& r) {
  check_odds_request(r);
  const prepared_input input = split_choices(r.input_json);
  const unsigned threads = r.threads ? r.threads : std::max(1u, std::thread::hardware_concurrency());
  pool workers(r, input, threads);
  auto& first = workers.first();
  const auto fields = odds_outcome_fields(first[0]->rt(), r.procedure);
  // Trial 0 on the calling thread: bad input fails here, before any thread starts; a script
  // that fails is named with the trial, as in the pool.
  try {
    first[0]->trial(r.seed, 0);
    if (r.compare) first[1]->trial(r.seed, 0);
  } catch (const input_error&) {
    throw;
  } catch (const script_error& e) {
    fail("trial 0 (seed {}): {}", r.seed, e.what());
  }

  odds_report rep;
  rep.procedure = r.procedure;
  rep.seed = r.seed;
  rep.precision = r.precision;
  rep.compared = r.compare.has_value();
  rep.labels.push_back(r.base.label);
  if (r.compare) rep.labels.push_back(r.compare->label);
  const auto values = [&](const std::string& key) { return split_key(key, fields.size()); };

  if (r.method != odds_method::monte_carlo) {
    // Each configuration enumerates on its own; only a budget too small falls back.
    std::vector<row> rows;
    bool fits = true;
    for (std::size_t c = 0; fits && c < first.size(); ++c) {
      try {
        for (const auto& o : first[c]->enumerate(r.max_runs))
          rows.push_back(c == 0 ? row{values(o.outcome), {}, o.p} : row{{}, values(o.outcome), o.p});
        rep.runs += first[c]->enumeration().runs;
        rep.merged_runs += first[c]->enumeration().merged_runs;
      } catch (const std::exception&) {
        if (!first[c]->over_budget()) throw;
        fits = false;
      }
    }
    if (fits) {
      rep.exact = true;
      build_fields(rep, fields, rows, 1.0);
      return rep;
    }
    const std::string why = fmt::format("the dice do not enumerate within {} runs", r.max_runs);
    if (r.method == odds_method::exact) fail("--exact: {} (give --max-runs more, or let Monte Carlo answer)", why);
    rep.exact_note = why;
  }

  std::uint64_t done = 0;
  std::uint64_t target = std::min<std::uint64_t>(first_stage, r.max_trials);
  for (;;) {
    workers.run(done, target);
    done = target;
    std::vector<row> rows;
    for (const auto& [keys, n] : workers.tally())
      rows.push_back({values(keys.first), rep.compared ? values(keys.second) : std::vector<std::string>{},
                      static_cast<double>(n)});
    build_fields(rep, fields, rows, static_cast<double>(done));
    rep.trials = done;
    if (rep.widest <= r.precision || done >= r.max_trials) break;
    const double need = static_cast<double>(done) * std::pow(rep.widest / r.precision, 2) * 1.05;
    std::uint64_t next = static_cast<std::uint64_t>(std::ceil(need / block)) * block;
    next = std::max(next, done + block);
    target = std::min<std::uint64_t>(next, r.max_trials);
  }
  return rep;
}

// ---------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------

namespace {

std::string pct(double p) { return odds_percent(p); }

std::string interval(const value_odds& v, int c, bool exact) {
  if (exact) return pct(v.p[c]);
  return fmt::format("{} ± {:.1f}", pct(v.p[c]), 100 * std::max(v.p[c] - v.lo[c], v.hi[c] - v.p[c]));
}

// A change with its interval: in points of probability (scale 100, 1 decimal), or in the
// field's own units (means: scale 1, 2 decimals).
std::string difference(double d, double lo, double hi, bool distinct, bool exact, double scale = 100, int digits = 1) {
  const std::string head = fmt::format("{:+.{}f}", scale * d, digits);
  if (exact) return head + (distinct ? "" : " (none)");
  return fmt::format("{} ± {:.{}f} {}", head, scale * (hi - lo) / 2, digits,
                     distinct ? "(distinguishable)" : "(not distinguishable)");
}

std::string value_label(const std::string& v) { return v == "-" ? "(none)" : v; }

}  // namespace

std::string odds_percent(double p) {
  if (p > 0 && p < 0.0005) return "<0.1%";
  return fmt::format("{:.1f}%", 100 * p);
}

std::string odds_text(const odds_report& rep) {
  const bool exact = rep.exact, compare = rep.compared;
  std::string out;
  if (exact) {
    out += fmt::format("{}: exact odds (enumerated)\n", rep.procedure);
    if (rep.merged_runs > 0)
      out += fmt::format("  {} runs, {} of them stopped at a state already explored (merge points)\n", rep.runs,
                         rep.merged_runs);
  } else {
    out += fmt::format("{}: Monte Carlo, {} trials (seed {}), 95% intervals within ±{:.1f} points{}\n", rep.procedure,
                       rep.trials, rep.seed, 100 * rep.widest,
                       rep.widest > rep.precision ? fmt::format(" (asked ±{:.1f}: --max-trials reached)", 100 * rep.precision) : "");
    if (!rep.exact_note.empty()) out += fmt::format("  not exact: {}\n", rep.exact_note);
  }
  // Rows of cells: a field's name alone, or a value with one cell per configuration and the
  // change (second minus first) when comparing. Columns are as wide as their widest cell.
  std::vector<std::vector<std::string>> rows;
  if (compare) rows.push_back({"", rep.labels[0], rep.labels[1], "change"});
  const auto add = [&](const std::string& name, const value_odds& v) {
    std::vector<std::string> r = {"  " + name, interval(v, 0, exact)};
    if (compare) {
      r.push_back(interval(v, 1, exact));
      r.push_back(difference(v.diff, v.diff_lo, v.diff_hi, v.distinguishable, exact));
    }
    rows.push_back(std::move(r));
  };
  for (const auto& f : rep.fields) {
    rows.push_back({f.name});
    for (const auto& v : f.values) add(value_label(v.value), v);
    if (f.mean) {
      const auto& m = *f.mean;
      const auto mean = [&](int c) {
        return exact ? fmt::format("{:.3f}", m.mean[c]) : fmt::format("{:.2f} ± {:.2f}", m.mean[c], (m.hi[c] - m.lo[c]) / 2);
      };
      std::vector<std::string> r = {"  mean", mean(0)};
      if (compare) {
        r.push_back(mean(1));
        r.push_back(difference(m.diff, m.diff_lo, m.diff_hi, m.distinguishable, exact, 1, exact ? 3 : 2));
      }
      rows.push_back(std::move(r));
      for (const auto& t : f.tails) add("at least " + t.value, t);
    }
  }
  return out + aligned_columns(rows);  // a field's name stands alone
}

std::string odds_json(const odds_report& rep) {
  const bool compare = rep.compared;
  const auto value = [&](const value_odds& v) {
    json o = {{"value", v.value}, {"p", v.p[0]}, {"lo", v.lo[0]}, {"hi", v.hi[0]}};
    if (compare) {
      o["p_other"] = v.p[1];
      o["lo_other"] = v.lo[1];
      o["hi_other"] = v.hi[1];
      o["difference"] = {{"value", v.diff}, {"lo", v.diff_lo}, {"hi", v.diff_hi}, {"distinguishable", v.distinguishable}};
    }
    return o;
  };
  json fields = json::array();
  for (const auto& f : rep.fields) {
    json jf = {{"name", f.name}, {"kind", f.kind}, {"values", json::array()}};
    for (const auto& v : f.values) jf["values"].push_back(value(v));
    if (f.mean) {
      const auto& m = *f.mean;
      jf["mean"] = {{"value", m.mean[0]}, {"lo", m.lo[0]}, {"hi", m.hi[0]}};
      if (compare) {
        jf["mean"]["value_other"] = m.mean[1];
        jf["mean"]["lo_other"] = m.lo[1];
        jf["mean"]["hi_other"] = m.hi[1];
        jf["mean"]["difference"] = {{"value", m.diff}, {"lo", m.diff_lo}, {"hi", m.diff_hi}, {"distinguishable", m.distinguishable}};
      }
      jf["at_least"] = json::array();
      for (const auto& t : f.tails) {
        json jt = value(t);
        jt["at_least"] = std::stoll(t.value);
        jt.erase("value");
        jf["at_least"].push_back(jt);
      }
    }
    fields.push_back(jf);
  }
  json doc = {{"procedure", rep.procedure}, {"method", rep.exact ? "exact" : "monte carlo"}, {"configurations", rep.labels},
              {"fields", fields}};
  if (rep.exact) {
    doc["runs"] = rep.runs;
    doc["merged_runs"] = rep.merged_runs;
  } else {
    doc["trials"] = rep.trials;
    doc["seed"] = rep.seed;
    doc["precision"] = rep.precision;
    doc["widest"] = rep.widest;
    if (!rep.exact_note.empty()) doc["not_exact"] = rep.exact_note;
  }
  return doc.dump(2);
}

namespace {

}  // namespace

std::string odds_svg(const odds_report& rep) {
  // A horizontal bar per value and configuration, its 95% interval as a whisker; one block per
  // field, count fields with their "at least" tails after the values.
  constexpr double left = 170, bar_width = 460, row = 16, gap = 6, right = 90;
  const char* colours[2] = {"#4c78a8", "#f58518"};
  const bool exact = rep.exact;
  const std::size_t configs = rep.labels.size();
  std::string body;
  double y = 34;
  // The legend.
  for (std::size_t c = 0; c < configs; ++c) {
    const double x = left + static_cast<double>(c) * 200;
    body += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"12\" height=\"12\" fill=\"{}\"/>\n", x, y - 10, colours[c]);
    body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", x + 16, y, xml_escape(rep.labels[c]));
  }
  y += 14;
  const auto bars = [&](const std::string& label, const value_odds& v) {
    body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", left - 8,
                        y + row * static_cast<double>(configs) / 2 + 4, xml_escape(label));
    for (std::size_t c = 0; c < configs; ++c) {
      const double w = bar_width * v.p[c];
      body += fmt::format("<rect class=\"bar\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\">"
                          "<title>{}: {}</title></rect>\n",
                          left, y, w, row - 3, colours[c], xml_escape(rep.labels[c]), pct(v.p[c]));
      if (!exact) {
        body += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#333\"/>\n",
                            left + bar_width * v.lo[c], left + bar_width * v.hi[c], y + (row - 3) / 2, y + (row - 3) / 2);
      }
      body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"value\">{}</text>\n", left + w + 4, y + row - 5,
                          pct(v.p[c]));
      y += row;
    }
    y += gap;
  };
  for (const auto& f : rep.fields) {
    y += 12;
    body += fmt::format("<text x=\"10\" y=\"{:.1f}\" class=\"field\">{}</text>\n", y, xml_escape(f.name));
    y += 10;
    for (const auto& v : f.values) bars(value_label(v.value), v);
    for (const auto& t : f.tails) bars("at least " + t.value, t);
  }
  const std::string title = exact ? fmt::format("{}: exact odds", rep.procedure)
                                  : fmt::format("{}: Monte Carlo, {} trials (seed {}), 95% intervals", rep.procedure,
                                                rep.trials, rep.seed);
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n<style>.field {{ font-weight: bold; }} .value {{ fill: #333; }}</style>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"10\" y=\"18\" class=\"field\">{}</text>\n{}</svg>\n",
      left + bar_width + right, y + 10, xml_escape(title), body);
}

}  // namespace muster::cli
