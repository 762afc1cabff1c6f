// The dice service: an owned PRNG (xoshiro256** seeded through splitmix64), unbiased die
// mapping, dice expressions (NdX+M), pluggable dice sources (seeded, scripted, interactive)
// and the roller, which runs one resolution in three modes: sample, explain, enumerate.
// No game rules here: targets, modifiers and naturals come from the caller. No Lua, no
// <random> distributions. Bound to Lua in src/lua/bind_dice.cpp; see docs/dice.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "muster/budget.hpp"
#include "muster/error.hpp"

namespace muster {

// ---------------------------------------------------------------------------------------------
// Random numbers

/// xoshiro256** 1.0 (Blackman & Vigna), its four state words seeded from a 64-bit seed with
/// splitmix64. Same seed => same sequence on every machine. Copyable value type.
class rng {
 public:
  /// Seeds the state with the first four outputs of splitmix64 started at `seed`.
  explicit rng(std::uint64_t seed = 0) noexcept;

  /// Returns the generator for worker `index` of a run seeded with `seed`: splitmix64 started
  /// at seed ^ mix64(index), where mix64 is splitmix64's output function (mix64(0) == 0, so
  /// stream(seed, 0) equals rng(seed)). Streams are reproducible and, for distinct indices,
  /// statistically independent.
  static rng stream(std::uint64_t seed, std::uint64_t index) noexcept;

  /// Returns a generator with the given state words (s[0..3] of the reference code), for
  /// checking against published test vectors. Throws muster::error for the all-zero state.
  static rng from_state(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3);

  /// splitmix64's output function (a bijection on 64-bit values).
  static std::uint64_t mix64(std::uint64_t z) noexcept {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  /// Returns the next 64-bit output and advances the state.
  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Returns a uniform integer in [0, n), n >= 1, without bias: Lemire's multiply-and-reject
  /// on the upper 32 bits of next() (one output per call except on a rare rejection).
  std::uint32_t below(std::uint32_t n) noexcept {
    std::uint64_t m = (next() >> 32) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;  // 2^32 mod n
      while (low < threshold) {
        m = (next() >> 32) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  /// Returns a face of a die with `sides` >= 1 faces, uniform in [1, sides].
  int die(int sides) noexcept { return static_cast<int>(below(static_cast<std::uint32_t>(sides))) + 1; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

// ---------------------------------------------------------------------------------------------
// Dice expressions

/// Limits every dice operation checks; a request outside them throws muster::error.
inline constexpr int max_dice = 1000;        ///< dice in one request: 0..max_dice
inline constexpr int max_sides = 1000;       ///< sides of a die: 2..max_sides
inline constexpr int max_modifier = 1000000;  ///< |modifier| and |target| at most this

/// NdX+M: `count` dice of `sides` sides plus `modifier` (may be negative).
struct dice_expr {
  int count = 1;
  int sides = 6;
  int modifier = 0;
  friend bool operator==(const dice_expr&, const dice_expr&) = default;
};

/// Parses "NdX", "NdX+M", "NdX-M", "dX" (N = 1), case-insensitive ("2D6", "d100", "3d6-1").
/// No spaces. Throws muster::error "bad expression '3x6' (want NdX, NdX+M or NdX-M)" for bad
/// syntax, or "bad expression '2d1' (sides 1 out of range 2..1000)" (likewise count 0..1000,
/// modifier -1000000..1000000) for a value out of range. The expression is echoed cut
/// (muster::cut_echo).
dice_expr parse_dice(std::string_view text);

/// Formats as the canonical text: "2D6", "D6" is written "1D6", "3D6-1".
std::string fmt_dice(const dice_expr& e);

// ---------------------------------------------------------------------------------------------
// Dice sources: where faces come from in sample and explain mode

/// One request for faces: `count` dice of `sides` sides, for the roll named `label`. The label
/// views the caller's string and is valid only during the call.
struct dice_request {
  std::string_view label;
  int count;
  int sides;
};

/// Produces faces for the roller. Implementations fill all of `faces` (faces.size() ==
/// request.count >= 1) with values in [1, request.sides], or throw muster::error naming the
/// roll and leave their own state unchanged.
class dice_source {
 public:
  virtual ~dice_source() = default;
  virtual void roll(const dice_request& request, std::span<int> faces) = 0;
};

/// Faces from an rng (the default source).
class seeded_source final : public dice_source {
 public:
  explicit seeded_source(std::uint64_t seed = 0) noexcept : rng_(seed) {}
  explicit seeded_source(const rng& generator) noexcept : rng_(generator) {}
  void roll(const dice_request& request, std::span<int> faces) override;
  rng& generator() noexcept { return rng_; }

 private:
  rng rng_;
};

/// Faces from a fixed list, consumed in order: replays worked examples and real tables.
/// Throws `scripted dice ran out: "hit throw, Orc archers" needs 8D6, 3 faces left` when the
/// list is short and `scripted dice: face 7 is impossible on a D6 ("hit throw")` for a face
/// outside [1, sides]; in both cases nothing is consumed.
class scripted_source final : public dice_source {
 public:
  explicit scripted_source(std::vector<int> faces = {}) : faces_(std::move(faces)) {}
  void roll(const dice_request& request, std::span<int> faces) override;
  /// Appends faces to the end of the list.
  void append(std::span<const int> faces);
  /// Faces not yet consumed.
  std::size_t remaining() const noexcept { return faces_.size() - next_; }

 private:
  std::vector<int> faces_;
  std::size_t next_ = 0;
};

/// Faces asked from a callback (the REPL asks the player for real dice). The callback gets
/// the request and returns the faces; it may re-ask on its own before returning. The source
/// then checks the answer: `interactive dice: "hit throw" needs 8D6, got 7 faces`, or
/// `interactive dice: face 0 is impossible on a D6 ("hit throw")`. Exceptions thrown by the
/// callback propagate unchanged.
class interactive_source final : public dice_source {
 public:
  using ask_fn = std::function<std::vector<int>(const dice_request&)>;
  explicit interactive_source(ask_fn ask);
  void roll(const dice_request& request, std::span<int> faces) override;

 private:
  ask_fn ask_;
};

// ---------------------------------------------------------------------------------------------
// The roller

/// How dice operations behave.
enum class roll_mode {
  sample,     ///< roll: faces from the source, nothing recorded, no strings built
  explain,    ///< roll and keep a roll_record per operation; call the observer
  enumerate,  ///< inside roller::enumerate only: each operation branches over its outcomes
};

/// "sample", "explain" or "enumerate".
std::string_view mode_name(roll_mode mode) noexcept;

/// The dice operations, as recorded.
enum class roll_op { roll, sum, count, highest, lowest };

/// "roll", "sum", "count", "highest" or "lowest".
std::string_view op_name(roll_op op) noexcept;

/// One dice operation as explained: the faces in the order rolled and the operation's result
/// (total for roll/sum, successes for count, the chosen face plus modifier for highest/lowest).
struct roll_record {
  std::string label;
  int sides = 0;
  int count = 0;
  std::vector<int> faces;
  roll_op op = roll_op::roll;
  int result = 0;
};

/// "hit throw: 6D6 count [6,5,3,3,2,1] -> 2", one line for logs and the REPL.
std::string fmt_record(const roll_record& record);

/// A roll of an expression: the total (faces + modifier) and the faces. In sample and explain
/// mode the faces are in the order rolled; in enumerate mode they are one sorted multiset,
/// highest first (the order of dice is not an outcome). The span stays valid until the next
/// dice operation on the same roller.
struct roll_result {
  int total = 0;
  std::span<const int> faces;
};

/// A threshold test over a pool: each die succeeds when face + modifier >= target (or <=
/// target when `under`). With `natural_max`, a natural max face is automatic: a success when
/// rolling high, a failure when rolling under; with `natural_min`, a natural 1 is automatic
/// the other way round (failure high, success under). A tracked natural is counted apart.
struct count_spec {
  int count = 0;
  int sides = 6;
  int target = 0;
  int modifier = 0;
  bool under = false;
  bool natural_max = false;
  bool natural_min = false;
  /// Only the number of successes is read: enumerate mode branches over it alone (a binomial,
  /// n + 1 outcomes) and reports natural_max = natural_min = 0. Sample and explain mode are
  /// unchanged (the same faces, the naturals counted).
  bool tally = false;
};

/// Result of roll_count. natural_max / natural_min count the dice showing the max face / a 1
/// when the spec tracks that natural, and are 0 when it does not (so the three modes agree).
struct count_result {
  int successes = 0;
  int natural_max = 0;
  int natural_min = 0;
  friend bool operator==(const count_result&, const count_result&) = default;
};

/// Result of roll_above: whether the total beat the threshold, and the total (none in
/// enumerate mode, which branches only on the test).
struct above_result {
  bool passed = false;
  std::optional<int> total;
};

/// Thrown by roller::merge (and by any dice operation after it, until the run ends) when a
/// run reaches a merge point already explored: not an error, the run is over. roller::
/// enumerate catches it; code between must let it pass.
class merge_stop : public error {
 public:
  merge_stop()
      : error("enumeration: this run stops at a merge point already explored (not an error: a script must let "
              "it pass)") {}
};

/// One outcome of roller::enumerate or roller::sample and its probability (frequency).
struct outcome_odds {
  std::string outcome;
  double p = 0.0;
};

/// The dice service. Every operation takes a label naming the roll for records and errors
/// and throws muster::error for a request outside the limits above (count 0..1000, sides
/// 2..1000, |modifier|, |target| <= 1000000), naming the label and field. Not thread-safe:
/// one roller per thread (give workers rng::stream sources).
class roller {
 public:
  /// The default run limit of enumerate().
  static constexpr std::size_t default_max_runs = 1000000;

  /// Seeded source with seed 0, sample mode.
  roller();
  /// Seeded source with `seed`, sample mode.
  explicit roller(std::uint64_t seed);
  ~roller();
  roller(const roller&) = delete;
  roller& operator=(const roller&) = delete;

  /// Where enumerate() charges its work and memory (the runs it makes, the outcome lists and
  /// merged states it keeps): the kernel's meter (budget.hpp). Null: charge nothing.
  void set_meter(work_meter* meter) noexcept { meter_ = meter ? meter : &work_meter::none(); }

  /// Replaces the source (non-null). Throws during enumerate()/sample().
  void set_source(std::unique_ptr<dice_source> source);
  /// Installs a seeded_source with `seed` (replacing any other source).
  void set_seed(std::uint64_t seed);
  dice_source& source() noexcept { return *source_; }

  roll_mode mode() const noexcept { return mode_; }
  /// Sets sample or explain mode. Throws for roll_mode::enumerate (entered only through
  /// enumerate()) and during enumerate()/sample().
  void set_mode(roll_mode mode);

  /// The records kept in explain mode, oldest first.
  const std::vector<roll_record>& records() const noexcept { return records_; }
  void clear_records() noexcept { records_.clear(); }
  /// Called with each record in explain mode, after it is stored. Empty to remove.
  void set_observer(std::function<void(const roll_record&)> observer);

  /// Rolls an expression. Enumerate mode branches over the sorted multisets of faces.
  roll_result roll(std::string_view label, const dice_expr& e);
  /// Rolls an expression and returns faces + modifier. Enumerate mode branches over totals.
  int roll_sum(std::string_view label, const dice_expr& e);
  /// Rolls an expression and tests whether its total beats `threshold` (a saving throw): in
  /// sample and explain mode exactly roll_sum (the same faces drawn, recorded as a sum) with
  /// the test; enumerate mode branches only on the test's two outcomes, without a total.
  above_result roll_above(std::string_view label, const dice_expr& e, int threshold);
  /// Throws the expression `times` times (0..max_dice) and returns how many totals beat
  /// `threshold`: a batch of saving throws. Sample and explain mode throw exactly as `times`
  /// calls of roll_above (the same faces, each throw recorded as a sum); enumerate mode
  /// branches once, over the number passed (a binomial).
  int count_above(std::string_view label, const dice_expr& e, int threshold, int times);
  /// Returns the highest (lowest) face of e.count >= 1 dice plus e.modifier. Enumerate mode
  /// branches over that face.
  int roll_highest(std::string_view label, const dice_expr& e);
  int roll_lowest(std::string_view label, const dice_expr& e);
  /// Counts successes in a pool. Enumerate mode branches over (successes, natural_max,
  /// natural_min), i.e. the multinomial of the categories the spec distinguishes.
  count_result roll_count(std::string_view label, const count_spec& spec);

  /// How many dice operations this roller has made (every mode, zero-dice ones included):
  /// a caller compares two readings to learn whether some work threw dice.
  std::uint64_t operations() const noexcept { return operations_; }

  /// The faces of the last operation (see roll_result for order and lifetime). Empty in
  /// enumerate mode except after roll().
  std::span<const int> last_faces() const noexcept { return last_faces_; }

  /// Returns the exact distribution of run_once's outcome: re-executes run_once with a branch
  /// stack until every combination of dice outcomes is covered, weighting each run by the
  /// product of its branches' probabilities. run_once must depend only on its dice. Outcomes
  /// are sorted by key; probabilities sum to 1 within 1e-12. Runs in enumerate mode, records
  /// nothing, restores the mode after (also on error). Throws muster::error when more than
  /// max_runs runs are needed, when a run is not repeatable, or when nested in enumerate() or
  /// sample(); exceptions from run_once propagate.
  std::vector<outcome_odds> enumerate(const std::function<std::string()>& run_once,
                                      std::size_t max_runs = default_max_runs);
  /// A merge point. Declares that the rest of the current run depends only on `key` and on
  /// the dice still to come: in enumerate mode, the first run to reach a key explores what
  /// follows it, and every later run reaching the same key stops there and takes that
  /// distribution, weighted by its own probability so far (exact odds by merging equal
  /// states; a run stopped so counts against max_runs like any other). Keys are compared as
  /// bytes; make them complete, since a key that leaves out something the rest of the run
  /// reads gives wrong odds. Does nothing in sample and explain mode. Throws muster::error
  /// for an empty key or one over 4096 bytes, and in enumerate mode for a key met twice in
  /// one run or a run that does not repeat its earlier merge points.
  void merge(std::string_view key);
  /// As merge, but returns true instead of throwing merge_stop when the run stops here (the
  /// caller then ends the run its own way: the Lua binding raises a marker value, which costs
  /// no message or traceback). Other errors still throw.
  bool merge_stops(std::string_view key);
  /// Whether the merge point the run has reached is one of the prefix it replays (enumerate
  /// mode only; false elsewhere): then the point is passed, its key already known, and the
  /// caller need not build it (nor call merge). Throws when the run reaches it after a
  /// different number of dice operations than before.
  bool merge_replayed();

  /// What the last enumerate() did: runs made (stopped ones included), runs stopped at a
  /// merge point already explored, and distinct merge keys explored.
  struct enumeration_stats {
    std::size_t runs = 0;
    std::size_t merged_runs = 0;
    std::size_t merge_points = 0;
  };
  const enumeration_stats& last_enumeration() const noexcept { return stats_; }

  /// Whether the last enumerate() stopped because it needed more runs, or a dice operation
  /// had more outcomes, than its max_runs allowed (as opposed to any other failure: a run that
  /// is not repeatable, run_once's own error). Callers fall back to sampling on this only.
  bool enumeration_over_budget() const noexcept { return over_budget_; }

  /// Runs run_once `runs` >= 1 times in sample mode with the current source and returns each
  /// outcome's frequency, sorted by key. Deterministic given the source's seed. Records
  /// nothing, restores the mode after. Throws when nested in enumerate() or sample().
  std::vector<outcome_odds> sample(const std::function<std::string()>& run_once,
                                   std::size_t runs);

  struct enumeration;  ///< the branch stack of a running enumerate() (dice_enumerate.cpp)

 private:
  std::span<int> draw(std::string_view label, int count, int sides);
  void record(std::string_view label, int sides, int count, roll_op op, int result);
  void check_expr(std::string_view label, const dice_expr& e, int min_count) const;
  void check_analysis_free(std::string_view what) const;

  std::unique_ptr<dice_source> source_;
  roll_mode mode_ = roll_mode::sample;
  std::vector<roll_record> records_;
  std::function<void(const roll_record&)> observer_;
  std::vector<int> scratch_;
  std::span<const int> last_faces_;
  enumeration* enumeration_ = nullptr;  ///< non-null inside enumerate()
  bool over_budget_ = false;            ///< see enumeration_over_budget()
  enumeration_stats stats_;             ///< see last_enumeration()
  bool sampling_ = false;               ///< true inside sample()
  std::uint64_t operations_ = 0;        ///< see operations()
  work_meter* meter_ = &work_meter::none();  ///< see set_meter()
};

}  // namespace muster
