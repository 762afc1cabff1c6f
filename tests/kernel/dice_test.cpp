// Tests for muster/dice.hpp: the rng against the published xoshiro256**/splitmix64 reference,
// unbiased die mapping, expressions, the three dice sources, the roller's sample and explain
// modes, and exact enumeration checked against hand-computed odds.
#include "muster/dice.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "muster/error.hpp"

namespace {

using muster::count_spec;
using muster::dice_expr;
using muster::roll_mode;
using muster::roller;

// --- An independent transcription of the reference C code (prng.di.unimi.it) ---------------

std::uint64_t ref_rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

struct ref_xoshiro256ss {
  std::uint64_t s[4];
  std::uint64_t next() {
    const std::uint64_t result = ref_rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ref_rotl(s[3], 45);
    return result;
  }
};

struct ref_splitmix64 {
  std::uint64_t x;
  std::uint64_t next() {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

ref_xoshiro256ss ref_seeded(std::uint64_t seed) {
  ref_splitmix64 sm{seed};
  ref_xoshiro256ss g{};
  for (auto& w : g.s) w = sm.next();
  return g;
}

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const muster::error& e) {
    return e.what();
  }
  return "(no error)";
}

double chi_square(const std::vector<long>& observed, double expected) {
  double chi = 0;
  for (const long o : observed) {
    const double d = static_cast<double>(o) - expected;
    chi += d * d / expected;
  }
  return chi;
}

// --- rng --------------------------------------------------------------------------------------

TEST(rng, matches_published_xoshiro256ss_vector) {
  // The reference implementation's outputs from state {1, 2, 3, 4} (also the test vector of
  // rand_xoshiro's Xoshiro256StarStar); the first two follow by hand: rotl(2*5, 7)*9 = 11520.
  const std::uint64_t expected[] = {11520ULL,
                                    0ULL,
                                    1509978240ULL,
                                    1215971899390074240ULL,
                                    1216172134540287360ULL,
                                    607988272756665600ULL,
                                    16172922978634559625ULL,
                                    8476171486693032832ULL,
                                    10595114339597558777ULL,
                                    2904607092377533576ULL};
  muster::rng g = muster::rng::from_state(1, 2, 3, 4);
  for (const std::uint64_t e : expected) EXPECT_EQ(g.next(), e);
}

TEST(rng, seeds_through_splitmix64) {
  // splitmix64 from 0: its published first outputs become the xoshiro state.
  ref_splitmix64 sm{0};
  EXPECT_EQ(sm.next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(sm.next(), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(sm.next(), 0x06c45d188009454fULL);
  EXPECT_EQ(sm.next(), 0xf88bb8a8724c81ecULL);
  muster::rng a(0);
  muster::rng b = muster::rng::from_state(0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL,
                                          0x06c45d188009454fULL, 0xf88bb8a8724c81ecULL);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
}

TEST(rng, matches_reference_for_many_seeds) {
  for (const std::uint64_t seed : {0ULL, 1ULL, 42ULL, 0xdeadbeefULL, ~0ULL}) {
    muster::rng g(seed);
    ref_xoshiro256ss r = ref_seeded(seed);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(g.next(), r.next()) << "seed " << seed;
  }
}

TEST(rng, rejects_all_zero_state) {
  EXPECT_EQ(error_of([] { muster::rng::from_state(0, 0, 0, 0); }),
            "rng::from_state: the all-zero state is invalid");
}

TEST(rng, same_seed_same_sequence) {
  muster::rng a(7), b(7), c(8);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs = differs || x != c.next();
  }
  EXPECT_TRUE(differs);
}

TEST(rng, streams_are_reproducible_and_differ) {
  // stream(seed, 0) is the plain seeded generator; other indices seed splitmix64 at
  // seed ^ mix64(index).
  muster::rng s0 = muster::rng::stream(99, 0);
  muster::rng plain(99);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(s0.next(), plain.next());
  muster::rng s3 = muster::rng::stream(99, 3);
  ref_xoshiro256ss r = ref_seeded(99 ^ muster::rng::mix64(3));
  for (int i = 0; i < 10; ++i) EXPECT_EQ(s3.next(), r.next());

  std::map<std::uint64_t, int> firsts;
  for (std::uint64_t index = 0; index < 64; ++index) {
    muster::rng s = muster::rng::stream(99, index);
    muster::rng again = muster::rng::stream(99, index);
    const std::uint64_t x = s.next();
    EXPECT_EQ(x, again.next());
    ++firsts[x];
  }
  EXPECT_EQ(firsts.size(), 64u);  // 64 distinct streams
}

TEST(rng, die_stays_in_range) {
  muster::rng g(3);
  for (const int sides : {2, 3, 4, 6, 8, 10, 12, 20, 100, 1000}) {
    int lo = sides, hi = 1;
    for (int i = 0; i < 20000; ++i) {
      const int f = g.die(sides);
      ASSERT_GE(f, 1);
      ASSERT_LE(f, sides);
      lo = std::min(lo, f);
      hi = std::max(hi, f);
    }
    if (sides <= 100) {
      EXPECT_EQ(lo, 1) << "D" << sides;
      EXPECT_EQ(hi, sides) << "D" << sides;
    }
  }
}

TEST(rng, die_is_unbiased_chi_square) {
  // Critical values of chi-square at p = 0.001 for sides - 1 degrees of freedom.
  const std::map<int, double> critical = {{3, 13.82}, {6, 20.52}, {10, 27.88}, {100, 148.23}};
  muster::rng g(20240601);
  for (const auto& [sides, limit] : critical) {
    const long n = 600000;
    std::vector<long> counts(static_cast<std::size_t>(sides), 0);
    for (long i = 0; i < n; ++i) ++counts[static_cast<std::size_t>(g.die(sides) - 1)];
    EXPECT_LT(chi_square(counts, static_cast<double>(n) / sides), limit) << "D" << sides;
  }
}

TEST(rng, below_has_no_modulo_bias) {
  // n = 3 * 2^30: a modulo of a 32-bit value would put half of all draws below 2^30.
  const std::uint32_t n = 3u << 30;
  muster::rng g(5);
  std::vector<long> thirds(3, 0);
  const long draws = 300000;
  for (long i = 0; i < draws; ++i) ++thirds[g.below(n) >> 30];
  EXPECT_LT(chi_square(thirds, draws / 3.0), 13.82);
}

// --- expressions ------------------------------------------------------------------------------

TEST(dice, parses_expressions) {
  EXPECT_EQ(muster::parse_dice("2D6"), (dice_expr{2, 6, 0}));
  EXPECT_EQ(muster::parse_dice("2d6"), (dice_expr{2, 6, 0}));
  EXPECT_EQ(muster::parse_dice("D6"), (dice_expr{1, 6, 0}));
  EXPECT_EQ(muster::parse_dice("d100"), (dice_expr{1, 100, 0}));
  EXPECT_EQ(muster::parse_dice("3D10+4"), (dice_expr{3, 10, 4}));
  EXPECT_EQ(muster::parse_dice("2d4-1"), (dice_expr{2, 4, -1}));
  EXPECT_EQ(muster::parse_dice("0D6+2"), (dice_expr{0, 6, 2}));
  EXPECT_EQ(muster::parse_dice("1000d1000-1000000"), (dice_expr{1000, 1000, -1000000}));
  for (const int sides : {3, 4, 6, 8, 10, 12, 20, 100})
    EXPECT_EQ(muster::parse_dice("D" + std::to_string(sides)).sides, sides);
}

TEST(dice, rejects_bad_expressions) {
  for (const char* bad : {"3x6", "", "D", "2D", "d", "2D6+", "2D6-", "2D6+x", "+2D6", "2D6++1",
                          "2D6+1+1", " 2D6", "2D6 ", "2 D6", "2D6.5", "-1D6", "D6D6", "2DD6"}) {
    EXPECT_EQ(error_of([&] { muster::parse_dice(bad); }),
              fmt::format("bad expression '{}' (want NdX, NdX+M or NdX-M)", bad));
  }
  EXPECT_EQ(error_of([] { muster::parse_dice("2D1"); }),
            "bad expression '2D1' (sides 1 out of range 2..1000)");
  EXPECT_EQ(error_of([] { muster::parse_dice("d0"); }),
            "bad expression 'd0' (sides 0 out of range 2..1000)");
  EXPECT_EQ(error_of([] { muster::parse_dice("1D1001"); }),
            "bad expression '1D1001' (sides 1001 out of range 2..1000)");
  EXPECT_EQ(error_of([] { muster::parse_dice("1001D6"); }),
            "bad expression '1001D6' (count 1001 out of range 0..1000)");
  EXPECT_EQ(error_of([] { muster::parse_dice("99999999999999999999D6"); }),
            "bad expression '99999999999999999999D6' (count 99999999999999999999 out of range "
            "0..1000)");
  EXPECT_EQ(error_of([] { muster::parse_dice("D6-1000001"); }),
            "bad expression 'D6-1000001' (modifier -1000001 out of range -1000000..1000000)");
}

// Found by the dice fuzzer (tests/fuzz/regressions/dice/): an expression is echoed on one
// line, cut to muster::max_echo bytes.
TEST(dice, echoes_a_bad_expression_cut_on_one_line) {
  EXPECT_EQ(error_of([] { muster::parse_dice("10\nd6"); }),
            "bad expression '10\\x0ad6' (want NdX, NdX+M or NdX-M)");
  const std::string long_text = "2d6" + std::string(100000, 'x');
  EXPECT_EQ(error_of([&] { muster::parse_dice(long_text); }),
            "bad expression '2d6" + std::string(77, 'x') + "…' (want NdX, NdX+M or NdX-M)");
  muster::roller dice(1);
  EXPECT_EQ(error_of([&] { dice.roll(std::string(1000, 'h'), dice_expr{1001, 6, 0}); }),
            "\"" + std::string(80, 'h') + "…\": count 1001 out of range 0..1000");
}

TEST(dice, formats_expressions) {
  EXPECT_EQ(muster::fmt_dice(dice_expr{2, 6, 0}), "2D6");
  EXPECT_EQ(muster::fmt_dice(dice_expr{1, 6, 1}), "1D6+1");
  EXPECT_EQ(muster::fmt_dice(dice_expr{3, 10, -2}), "3D10-2");
  EXPECT_EQ(muster::fmt_dice(muster::parse_dice("d20-3")), "1D20-3");
}

// --- sources ----------------------------------------------------------------------------------

TEST(dice, seeded_roller_is_deterministic) {
  roller a(11), b(11);
  for (int i = 0; i < 50; ++i) {
    const auto ra = a.roll("r", dice_expr{5, 6, 0});
    const std::vector<int> fa(ra.faces.begin(), ra.faces.end());
    const auto rb = b.roll("r", dice_expr{5, 6, 0});
    EXPECT_EQ(fa, std::vector<int>(rb.faces.begin(), rb.faces.end()));
  }
  // The seeded source draws one rng die per face, in order.
  roller c(12);
  muster::rng g(12);
  const auto rc = c.roll("r", dice_expr{4, 20, 0});
  for (const int face : rc.faces) EXPECT_EQ(face, g.die(20));
}

TEST(dice, scripted_source_replays_faces) {
  roller r;
  r.set_source(std::make_unique<muster::scripted_source>(std::vector<int>{6, 5, 3, 3, 2, 1, 5, 3}));
  const auto hits = r.roll("hit throw", dice_expr{6, 6, 0});
  EXPECT_EQ(std::vector<int>(hits.faces.begin(), hits.faces.end()),
            (std::vector<int>{6, 5, 3, 3, 2, 1}));
  EXPECT_EQ(hits.total, 20);
  EXPECT_EQ(r.roll_sum("kill throw", dice_expr{2, 6, 1}), 9);
}

TEST(dice, scripted_source_names_the_roll_when_it_runs_out) {
  roller r;
  auto source = std::make_unique<muster::scripted_source>(std::vector<int>{4, 4, 4});
  const muster::scripted_source& s = *source;
  r.set_source(std::move(source));
  EXPECT_EQ(error_of([&] { r.roll("hit throw, Orc archers", dice_expr{8, 6, 0}); }),
            "scripted dice ran out: \"hit throw, Orc archers\" needs 8D6, 3 faces left");
  EXPECT_EQ(s.remaining(), 3u);  // nothing consumed
  r.roll("two", dice_expr{2, 6, 0});
  EXPECT_EQ(error_of([&] { r.roll_sum("save", dice_expr{2, 6, 0}); }),
            "scripted dice ran out: \"save\" needs 2D6, 1 face left");
}

TEST(dice, scripted_source_rejects_impossible_faces) {
  roller r;
  auto source = std::make_unique<muster::scripted_source>(std::vector<int>{3, 7, 1});
  muster::scripted_source& s = *source;
  r.set_source(std::move(source));
  EXPECT_EQ(error_of([&] { r.roll("hit throw", dice_expr{3, 6, 0}); }),
            "scripted dice: face 7 is impossible on a D6 (\"hit throw\")");
  EXPECT_EQ(s.remaining(), 3u);
  EXPECT_EQ(r.roll_sum("on a D8", dice_expr{3, 8, 0}), 11);  // the same faces fit a D8
  const int zero[] = {0};
  s.append(zero);
  EXPECT_EQ(error_of([&] { r.roll_sum("d", dice_expr{1, 6, 0}); }),
            "scripted dice: face 0 is impossible on a D6 (\"d\")");
}

TEST(dice, interactive_source_asks_and_validates) {
  std::vector<std::string> asked;
  std::vector<int> answer;
  roller r;
  r.set_source(std::make_unique<muster::interactive_source>(
      [&](const muster::dice_request& q) {
        asked.push_back(fmt::format("{} {}D{}", q.label, q.count, q.sides));
        return answer;
      }));
  answer = {4, 2};
  EXPECT_EQ(r.roll_sum("morale", dice_expr{2, 6, 0}), 6);
  answer = {4, 2, 3};
  EXPECT_EQ(error_of([&] { r.roll_sum("hit throw", dice_expr{2, 6, 0}); }),
            "interactive dice: \"hit throw\" needs 2D6, got 3 faces");
  answer = {};
  EXPECT_EQ(error_of([&] { r.roll_sum("hit throw", dice_expr{1, 6, 0}); }),
            "interactive dice: \"hit throw\" needs 1D6, got 0 faces");
  answer = {0};
  EXPECT_EQ(error_of([&] { r.roll_sum("hit throw", dice_expr{1, 6, 0}); }),
            "interactive dice: face 0 is impossible on a D6 (\"hit throw\")");
  answer = {11};
  EXPECT_EQ(error_of([&] { r.roll_sum("scatter", dice_expr{1, 10, 0}); }),
            "interactive dice: face 11 is impossible on a D10 (\"scatter\")");
  EXPECT_EQ(asked, (std::vector<std::string>{"morale 2D6", "hit throw 2D6", "hit throw 1D6",
                                             "hit throw 1D6", "scatter 1D10"}));
  // Zero dice ask nothing.
  EXPECT_EQ(r.roll_sum("none", dice_expr{0, 6, 3}), 3);
  EXPECT_EQ(asked.size(), 5u);
  EXPECT_EQ(error_of([] { muster::interactive_source s{nullptr}; }),
            "interactive_source: no callback");
}

TEST(dice, interactive_callback_errors_propagate) {
  roller r;
  r.set_source(std::make_unique<muster::interactive_source>(
      [](const muster::dice_request&) -> std::vector<int> { throw muster::error("quit"); }));
  EXPECT_EQ(error_of([&] { r.roll_sum("x", dice_expr{1, 6, 0}); }), "quit");
}

// --- operations -------------------------------------------------------------------------------

/// Gives r a scripted source with these faces.
void script(roller& r, std::vector<int> faces) {
  r.set_source(std::make_unique<muster::scripted_source>(std::move(faces)));
}

TEST(dice, count_natural_max_always_succeeds) {
  roller r;
  script(r, {6, 5, 6, 1, 6, 5});
  count_spec spec{.count = 3, .sides = 6, .target = 7, .natural_max = true};
  EXPECT_EQ(r.roll_count("needs 7", spec), (muster::count_result{2, 2, 0}));
  spec.natural_max = false;
  EXPECT_EQ(r.roll_count("needs 7", spec), (muster::count_result{0, 0, 0}));
}

TEST(dice, count_natural_min_always_fails) {
  roller r;
  script(r, {1, 2, 1, 1, 2, 1});
  count_spec spec{.count = 3, .sides = 6, .target = 0, .natural_min = true};
  EXPECT_EQ(r.roll_count("needs 0", spec), (muster::count_result{1, 0, 2}));
  spec.natural_min = false;
  EXPECT_EQ(r.roll_count("needs 0", spec), (muster::count_result{3, 0, 0}));
}

TEST(dice, count_roll_under_reverses_naturals) {
  // Roll-under: a natural 1 passes even against a target of 0, a natural max fails even
  // against 12.
  roller r;
  script(r, {1, 10, 4, 5});
  count_spec spec{.count = 4, .sides = 10, .target = 4, .under = true, .natural_max = true,
                  .natural_min = true};
  EXPECT_EQ(r.roll_count("faith", spec), (muster::count_result{2, 1, 1}));
  script(r, {1, 10});
  spec = count_spec{.count = 2, .sides = 10, .target = 0, .under = true, .natural_min = true};
  EXPECT_EQ(r.roll_count("faith", spec).successes, 1);
  script(r, {10});
  spec = count_spec{.count = 1, .sides = 10, .target = 12, .under = true, .natural_max = true};
  EXPECT_EQ(r.roll_count("faith", spec).successes, 0);
}

TEST(dice, count_matches_the_rule_for_every_face_and_option) {
  // Each face of a D6 alone, under every option: the rule as written, die by die.
  for (const bool under : {false, true})
    for (const bool nat_max : {false, true})
      for (const bool nat_min : {false, true})
        for (int target = -2; target <= 9; ++target)
          for (int modifier = -2; modifier <= 2; ++modifier)
            for (int face = 1; face <= 6; ++face) {
              roller r;
              script(r, {face});
              const auto got = r.roll_count("x", count_spec{.count = 1, .sides = 6,
                                                            .target = target,
                                                            .modifier = modifier,
                                                            .under = under,
                                                            .natural_max = nat_max,
                                                            .natural_min = nat_min});
              bool success = under ? face + modifier <= target : face + modifier >= target;
              if (nat_max && face == 6) success = !under;
              if (nat_min && face == 1) success = under;
              const muster::count_result want{success ? 1 : 0, nat_max && face == 6 ? 1 : 0,
                                              nat_min && face == 1 ? 1 : 0};
              ASSERT_EQ(got, want) << "face " << face << " target " << target << " modifier "
                                   << modifier << " under " << under << " max " << nat_max
                                   << " min " << nat_min;
            }
}

TEST(dice, enumerated_count_agrees_with_sampled_rule) {
  // For every option set, enumerate mode's odds of one die succeeding equal the share of
  // faces that sample mode counts as successes.
  for (const bool under : {false, true})
    for (const bool nat_max : {false, true})
      for (const bool nat_min : {false, true})
        for (int target = -1; target <= 8; ++target) {
          const count_spec spec{.count = 1, .sides = 6, .target = target, .modifier = 1,
                                .under = under, .natural_max = nat_max, .natural_min = nat_min};
          int passing = 0;
          for (int face = 1; face <= 6; ++face) {
            roller r;
            script(r, {face});
            passing += r.roll_count("x", spec).successes;
          }
          roller e;
          double p_success = 0;
          for (const auto& o : e.enumerate(
                   [&] { return std::to_string(e.roll_count("x", spec).successes); }))
            if (o.outcome == "1") p_success = o.p;
          ASSERT_NEAR(p_success, passing / 6.0, 1e-15)
              << "target " << target << " under " << under << " max " << nat_max << " min "
              << nat_min;
        }
}

TEST(dice, replays_fantasy_warriors_shooting_example) {
  // Rulebook page 23: 6 Orc bowmen at long range: hits 6,5,3,3,2,1 (6 automatic, 1 misses,
  // the rest -1, 4+ hits) -> 2 hits; kill dice 5,3 with +1 STR needing 6 -> 1 kill.
  roller r;
  script(r, {6, 5, 3, 3, 2, 1, 5, 3});
  const auto hits = r.roll_count("hit throw, Orc archers",
                                 count_spec{.count = 6, .sides = 6, .target = 4, .modifier = -1,
                                            .natural_max = true, .natural_min = true});
  EXPECT_EQ(hits, (muster::count_result{2, 1, 1}));
  const auto kills = r.roll_count("kill throw, Orc archers",
                                  count_spec{.count = hits.successes, .sides = 6, .target = 6,
                                             .modifier = 1, .natural_max = true,
                                             .natural_min = true});
  EXPECT_EQ(kills.successes, 1);
}

TEST(dice, highest_and_lowest) {
  roller r;
  script(r, {2, 5, 3, 2, 5, 3});
  EXPECT_EQ(r.roll_highest("h", dice_expr{3, 6, 1}), 6);
  EXPECT_EQ(r.roll_lowest("l", dice_expr{3, 6, 0}), 2);
  EXPECT_EQ(error_of([&] { r.roll_highest("h", dice_expr{0, 6, 0}); }),
            "\"h\": count 0 out of range 1..1000");
}

TEST(dice, rejects_out_of_range_requests) {
  roller r;
  EXPECT_EQ(error_of([&] { r.roll("x", dice_expr{-1, 6, 0}); }),
            "\"x\": count -1 out of range 0..1000");
  EXPECT_EQ(error_of([&] { r.roll_sum("x", dice_expr{2, 1, 0}); }),
            "\"x\": sides 1 out of range 2..1000");
  EXPECT_EQ(error_of([&] { r.roll_sum("x", dice_expr{2, 6, 2000000}); }),
            "\"x\": modifier 2000000 out of range -1000000..1000000");
  EXPECT_EQ(error_of([&] { r.roll_count("x", count_spec{.count = 1, .target = -2000000}); }),
            "\"x\": target -2000000 out of range -1000000..1000000");
}

// --- modes ------------------------------------------------------------------------------------

TEST(dice, sample_mode_keeps_no_records) {
  roller r(1);
  int seen = 0;
  r.set_observer([&](const muster::roll_record&) { ++seen; });
  r.roll_sum("a", dice_expr{2, 6, 0});
  r.roll_count("b", count_spec{.count = 3, .target = 4});
  EXPECT_TRUE(r.records().empty());
  EXPECT_EQ(seen, 0);
  EXPECT_EQ(r.mode(), roll_mode::sample);
}

TEST(dice, explain_mode_records_every_operation) {
  roller r;
  script(r, {6, 5, 3, 3, 2, 1, 5, 3, 4, 4, 2, 6});
  std::vector<std::string> observed;
  r.set_observer([&](const muster::roll_record& rec) { observed.push_back(fmt_record(rec)); });
  r.set_mode(roll_mode::explain);
  r.roll_count("hit throw", count_spec{.count = 6, .target = 4, .modifier = -1,
                                       .natural_max = true, .natural_min = true});
  r.roll_sum("save", dice_expr{2, 6, 1});
  r.roll("pool", dice_expr{2, 6, 0});
  r.roll_highest("best", dice_expr{1, 6, 0});
  r.roll_lowest("worst", dice_expr{1, 6, 0});
  ASSERT_EQ(r.records().size(), 5u);
  const muster::roll_record& first = r.records()[0];
  EXPECT_EQ(first.label, "hit throw");
  EXPECT_EQ(first.sides, 6);
  EXPECT_EQ(first.count, 6);
  EXPECT_EQ(first.faces, (std::vector<int>{6, 5, 3, 3, 2, 1}));
  EXPECT_EQ(first.op, muster::roll_op::count);
  EXPECT_EQ(first.result, 2);
  EXPECT_EQ(observed, (std::vector<std::string>{
                          "hit throw: 6D6 count [6,5,3,3,2,1] -> 2", "save: 2D6 sum [5,3] -> 9",
                          "pool: 2D6 roll [4,4] -> 8", "best: 1D6 highest [2] -> 2",
                          "worst: 1D6 lowest [6] -> 6"}));
  r.clear_records();
  EXPECT_TRUE(r.records().empty());
  EXPECT_EQ(muster::mode_name(r.mode()), "explain");
}

TEST(dice, enumerate_mode_only_through_enumerate) {
  roller r;
  EXPECT_EQ(error_of([&] { r.set_mode(roll_mode::enumerate); }),
            "roller::set_mode: enumerate mode is entered only through roller::enumerate");
  EXPECT_EQ(r.mode(), roll_mode::sample);
}

// --- enumerate --------------------------------------------------------------------------------

std::map<std::string, double> as_map(const std::vector<muster::outcome_odds>& odds) {
  std::map<std::string, double> m;
  double total = 0;
  for (const auto& o : odds) {
    m[o.outcome] = o.p;
    total += o.p;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  return m;
}

TEST(dice, enumerates_2d6_sum_exactly) {
  roller r;
  const auto odds = as_map(r.enumerate(
      [&] { return std::to_string(r.roll_sum("2D6", dice_expr{2, 6, 0})); }));
  ASSERT_EQ(odds.size(), 11u);
  for (int total = 2; total <= 12; ++total) {
    const int ways = 6 - std::abs(total - 7);
    EXPECT_NEAR(odds.at(std::to_string(total)), ways / 36.0, 1e-15) << total;
  }
}

TEST(dice, enumerate_sorts_outcomes_by_key) {
  roller r;
  const auto odds = r.enumerate(
      [&] { return std::to_string(r.roll_sum("2D6", dice_expr{2, 6, 0})); });
  std::vector<std::string> keys;
  for (const auto& o : odds) keys.push_back(o.outcome);
  EXPECT_EQ(keys, (std::vector<std::string>{"10", "11", "12", "2", "3", "4", "5", "6", "7",
                                            "8", "9"}));
}

TEST(dice, enumerates_count_as_binomial) {
  roller r;
  const auto odds = as_map(r.enumerate([&] {
    return std::to_string(r.roll_count("3D6 4+", count_spec{.count = 3, .target = 4}).successes);
  }));
  ASSERT_EQ(odds.size(), 4u);
  EXPECT_NEAR(odds.at("0"), 1 / 8.0, 1e-15);
  EXPECT_NEAR(odds.at("1"), 3 / 8.0, 1e-15);
  EXPECT_NEAR(odds.at("2"), 3 / 8.0, 1e-15);
  EXPECT_NEAR(odds.at("3"), 1 / 8.0, 1e-15);
}

TEST(dice, enumerates_count_with_naturals) {
  // 2D6 needing 7 (impossible) with the natural 6 automatic: successes = number of 6s, and
  // natural_max is counted apart; natural_min is not tracked and stays 0.
  roller r;
  const auto odds = as_map(r.enumerate([&] {
    const auto c = r.roll_count(
        "2D6 7+", count_spec{.count = 2, .target = 7, .natural_max = true});
    return fmt::format("{}/{}/{}", c.successes, c.natural_max, c.natural_min);
  }));
  ASSERT_EQ(odds.size(), 3u);
  EXPECT_NEAR(odds.at("0/0/0"), 25 / 36.0, 1e-15);
  EXPECT_NEAR(odds.at("1/1/0"), 10 / 36.0, 1e-15);
  EXPECT_NEAR(odds.at("2/2/0"), 1 / 36.0, 1e-15);
}

TEST(dice, enumerates_two_stage_procedure) {
  // Hit throw 3D6 needing 4+ (p = 1/2), then a kill throw for every hit needing 5+
  // (p = 1/3). By hand: P(k kills) = sum_h C(3,h)/8 * C(h,k) (1/3)^k (2/3)^(h-k), which is
  // Binomial(3, 1/6): 125/216, 75/216, 15/216, 1/216.
  roller r;
  const auto odds = as_map(r.enumerate([&] {
    const int hits = r.roll_count("hits", count_spec{.count = 3, .target = 4}).successes;
    return std::to_string(r.roll_count("kills", count_spec{.count = hits, .target = 5}).successes);
  }));
  auto binom = [](int n, int k) {
    double c = 1;
    for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
    return c;
  };
  for (int k = 0; k <= 3; ++k) {
    double hand = 0;
    for (int h = k; h <= 3; ++h)
      hand += binom(3, h) / 8 * binom(h, k) * std::pow(1 / 3.0, k) * std::pow(2 / 3.0, h - k);
    EXPECT_NEAR(odds.at(std::to_string(k)), hand, 1e-15) << k;
  }
  EXPECT_NEAR(odds.at("0"), 125 / 216.0, 1e-15);
  EXPECT_NEAR(odds.at("1"), 75 / 216.0, 1e-15);
  EXPECT_NEAR(odds.at("2"), 15 / 216.0, 1e-15);
  EXPECT_NEAR(odds.at("3"), 1 / 216.0, 1e-15);
}

TEST(dice, enumerates_fantasy_warriors_shooting) {
  // 6 Orc bowmen at long range against heavy armour (the page-23 example): a hit on a natural
  // 6 or a 5 (5-1 = 4), a kill on a natural 6 or a 5 (5+1 = 6): P(kill per bowman) = 1/9.
  roller r;
  const auto odds = as_map(r.enumerate([&] {
    const int hits = r.roll_count("hit", count_spec{.count = 6, .target = 4, .modifier = -1,
                                                    .natural_max = true, .natural_min = true})
                         .successes;
    return std::to_string(r.roll_count("kill", count_spec{.count = hits, .target = 6,
                                                          .modifier = 1, .natural_max = true,
                                                          .natural_min = true})
                              .successes);
  }));
  EXPECT_NEAR(odds.at("0"), std::pow(8 / 9.0, 6), 1e-14);
  EXPECT_NEAR(odds.at("6"), std::pow(1 / 9.0, 6), 1e-18);
}

TEST(dice, enumerates_doubles_from_roll_faces) {
  roller r;
  const auto odds = as_map(r.enumerate([&] {
    const auto roll = r.roll("2D6", dice_expr{2, 6, 0});
    EXPECT_GE(roll.faces[0], roll.faces[1]);  // a sorted multiset, highest first
    EXPECT_EQ(roll.total, roll.faces[0] + roll.faces[1]);
    return std::string(roll.faces[0] == roll.faces[1] ? "double" : "no");
  }));
  EXPECT_NEAR(odds.at("double"), 1 / 6.0, 1e-15);
  // "Double 6 fails, double 1 passes": one outcome each, 1/36.
  const auto specials = as_map(r.enumerate([&] {
    const auto roll = r.roll("morale", dice_expr{2, 6, 0});
    if (roll.faces[0] == 6 && roll.faces[1] == 6) return std::string("double 6");
    if (roll.faces[0] == 1 && roll.faces[1] == 1) return std::string("double 1");
    return std::string(roll.total <= 7 ? "pass" : "fail");
  }));
  EXPECT_NEAR(specials.at("double 6"), 1 / 36.0, 1e-15);
  EXPECT_NEAR(specials.at("double 1"), 1 / 36.0, 1e-15);
  EXPECT_NEAR(specials.at("pass"), 20 / 36.0, 1e-15);  // totals 3..7 = 2+3+4+5+6 ways
}

TEST(dice, enumerates_highest_and_lowest) {
  roller r;
  const auto hi = as_map(r.enumerate(
      [&] { return std::to_string(r.roll_highest("h", dice_expr{2, 6, 0})); }));
  for (int k = 1; k <= 6; ++k) EXPECT_NEAR(hi.at(std::to_string(k)), (2 * k - 1) / 36.0, 1e-15);
  const auto lo = as_map(r.enumerate(
      [&] { return std::to_string(r.roll_lowest("l", dice_expr{3, 4, 1})); }));
  // min of 3D4 = k: ((5-k)^3 - (4-k)^3) / 64, plus 1.
  for (int k = 1; k <= 4; ++k)
    EXPECT_NEAR(lo.at(std::to_string(k + 1)), (std::pow(5 - k, 3) - std::pow(4 - k, 3)) / 64.0,
                1e-15);
}

TEST(dice, enumerates_roll_multisets) {
  roller r;
  const auto odds = as_map(r.enumerate([&] {
    const auto roll = r.roll("3D6", dice_expr{3, 6, 0});
    return fmt::format("{}", fmt::join(roll.faces, ","));
  }));
  EXPECT_EQ(odds.size(), 56u);  // C(8, 3) multisets
  EXPECT_NEAR(odds.at("6,6,6"), 1 / 216.0, 1e-15);
  EXPECT_NEAR(odds.at("6,6,1"), 3 / 216.0, 1e-15);
  EXPECT_NEAR(odds.at("5,3,1"), 6 / 216.0, 1e-15);
}

TEST(dice, enumerates_zero_dice) {
  roller r;
  const auto odds = r.enumerate([&] {
    return fmt::format("{} {}", r.roll_count("none", count_spec{.count = 0, .target = 4}).successes,
                       r.roll_sum("none", dice_expr{0, 6, 3}));
  });
  ASSERT_EQ(odds.size(), 1u);
  EXPECT_EQ(odds[0].outcome, "0 3");
  EXPECT_EQ(odds[0].p, 1.0);
}

TEST(dice, enumerate_reports_mode_and_restores_it) {
  roller r;
  r.set_mode(roll_mode::explain);
  r.enumerate([&] {
    EXPECT_EQ(r.mode(), roll_mode::enumerate);
    return std::to_string(r.roll_sum("x", dice_expr{1, 6, 0}));
  });
  EXPECT_EQ(r.mode(), roll_mode::explain);
  EXPECT_TRUE(r.records().empty());  // hypothetical rolls are not explained
  EXPECT_THROW(r.enumerate([&]() -> std::string { throw muster::error("boom"); }), muster::error);
  EXPECT_EQ(r.mode(), roll_mode::explain);
  r.roll_sum("real", dice_expr{1, 6, 0});
  EXPECT_EQ(r.records().size(), 1u);
}

TEST(dice, enumerate_limits_runs) {
  roller r;
  auto three_d6 = [&] {
    return std::to_string(r.roll_sum("a", dice_expr{1, 6, 0}) * 100 +
                          r.roll_sum("b", dice_expr{1, 6, 0}) * 10 +
                          r.roll_sum("c", dice_expr{1, 6, 0}));
  };
  EXPECT_EQ(r.enumerate(three_d6, 216).size(), 216u);
  EXPECT_FALSE(r.enumeration_over_budget());
  EXPECT_EQ(error_of([&] { r.enumerate(three_d6, 215); }),
            "enumeration needs more than 215 runs (raise max_runs or sample instead)");
  EXPECT_TRUE(r.enumeration_over_budget());
  EXPECT_EQ(error_of([&] {
              r.enumerate([&] { return std::to_string(r.roll("big", dice_expr{60, 6, 0}).total); });
            }),
            "enumeration: roll 60D6 has more than 1000000 outcomes (raise max_runs or sample "
            "instead)");
  EXPECT_TRUE(r.enumeration_over_budget());
  EXPECT_EQ(r.mode(), roll_mode::sample);
}

TEST(dice, enumerate_refuses_unrepeatable_runs) {
  roller r;
  // Over budget first, so the flag has something to be cleared of.
  (void)error_of([&] { r.enumerate([&] { return std::to_string(r.roll_sum("x", dice_expr{1, 6, 0})); }, 1); });
  ASSERT_TRUE(r.enumeration_over_budget());
  int calls = 0;
  EXPECT_EQ(error_of([&] {
              r.enumerate([&] {
                ++calls;
                if (calls == 1) return std::to_string(r.roll_sum("a", dice_expr{1, 6, 0}));
                return std::to_string(r.roll_sum("a", dice_expr{2, 6, 0}));
              });
            }),
            "enumeration: the run is not repeatable: dice operation 1 was sum 1D6 in an earlier "
            "run and is sum 2D6 now (a run must depend only on its dice)");
  EXPECT_FALSE(r.enumeration_over_budget()) << "a broken run is not a budget to raise";
  calls = 0;
  EXPECT_EQ(error_of([&] {
              r.enumerate([&] {
                ++calls;
                if (calls > 1) return std::string("x");
                return std::to_string(r.roll_sum("a", dice_expr{1, 6, 0}));
              });
            }),
            "enumeration: the run is not repeatable: it stopped after 0 dice operations where "
            "an earlier run made at least 1 (a run must depend only on its dice)");
}

TEST(dice, analysis_runs_do_not_nest) {
  roller r;
  EXPECT_EQ(error_of([&] {
              r.enumerate([&] {
                r.enumerate([] { return std::string("x"); });
                return std::string("y");
              });
            }),
            "cannot enumerate while enumerating");
  EXPECT_EQ(error_of([&] {
              r.sample([&] {
                r.enumerate([] { return std::string("x"); });
                return std::string("y");
              }, 3);
            }),
            "cannot enumerate while sampling");
  EXPECT_EQ(error_of([&] {
              r.enumerate([&] {
                r.set_mode(roll_mode::explain);
                return std::string("y");
              });
            }),
            "cannot change the mode while enumerating");
  EXPECT_EQ(error_of([&] {
              r.sample([&] {
                r.set_seed(3);
                return std::string("y");
              }, 1);
            }),
            "cannot change the dice source while sampling");
  EXPECT_EQ(r.mode(), roll_mode::sample);
  EXPECT_EQ(error_of([&] { r.sample([] { return std::string(); }, 0); }),
            "runs must be at least 1");
}

TEST(dice, sample_converges_to_enumeration) {
  roller r(2024);
  auto procedure = [&] {
    const int hits = r.roll_count("hits", count_spec{.count = 4, .target = 4, .natural_max = true,
                                                     .natural_min = true})
                         .successes;
    const int kills = r.roll_count("kills", count_spec{.count = hits, .target = 5}).successes;
    return std::to_string(kills + r.roll_sum("bonus", dice_expr{1, 3, -1}));
  };
  const auto exact = as_map(r.enumerate(procedure));
  const std::size_t runs = 200000;
  const auto freq = as_map(r.sample(procedure, runs));
  ASSERT_EQ(exact.size(), 7u);
  for (const auto& [outcome, p] : exact) {
    const double sigma = std::sqrt(p * (1 - p) / runs);
    const double f = freq.count(outcome) ? freq.at(outcome) : 0.0;
    EXPECT_LT(std::abs(f - p), 5 * sigma + 1e-9) << outcome;
  }
  // Same seed, same frequencies.
  roller again(2024);
  auto procedure_again = [&] {
    const int hits = again.roll_count("hits", count_spec{.count = 4, .target = 4,
                                                         .natural_max = true, .natural_min = true})
                         .successes;
    const int kills = again.roll_count("kills", count_spec{.count = hits, .target = 5}).successes;
    return std::to_string(kills + again.roll_sum("bonus", dice_expr{1, 3, -1}));
  };
  const auto freq_again = as_map(again.sample(procedure_again, runs));
  EXPECT_EQ(freq, freq_again);
}

TEST(dice, sample_restores_explain_mode) {
  roller r(5);
  r.set_mode(roll_mode::explain);
  r.sample([&] {
    EXPECT_EQ(r.mode(), roll_mode::sample);
    return std::to_string(r.roll_sum("x", dice_expr{1, 6, 0}));
  }, 10);
  EXPECT_EQ(r.mode(), roll_mode::explain);
  EXPECT_TRUE(r.records().empty());
}

TEST(dice, large_enumerations_stay_normalised) {
  roller r;
  // 40D6 sum (201 outcomes) and a 100-die count with both naturals tracked.
  const auto sum = as_map(r.enumerate(
      [&] { return std::to_string(r.roll_sum("40D6", dice_expr{40, 6, 0})); }));
  EXPECT_EQ(sum.size(), 201u);
  EXPECT_NEAR(sum.at("40"), std::pow(1 / 6.0, 40), 1e-40);
  const auto count = as_map(r.enumerate([&] {
    const auto c = r.roll_count("100D6", count_spec{.count = 100, .target = 4,
                                                    .natural_max = true, .natural_min = true});
    return std::to_string(c.successes);
  }));
  EXPECT_EQ(count.size(), 101u);
  EXPECT_NEAR(count.at("50"), 0.0795892373871787, 1e-12);  // C(100,50) / 2^100
  // 2D1000 faces: 500500 multisets of tiny probability still sum to 1 within 1e-12.
  const auto pairs = as_map(r.enumerate([&] {
    const auto roll = r.roll("2D1000", dice_expr{2, 1000, 0});
    return std::string(roll.faces[0] == roll.faces[1] ? "double" : "no");
  }));
  EXPECT_NEAR(pairs.at("double"), 1 / 1000.0, 1e-15);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Merge points: exact odds by merging equal states

namespace {
// n saving throws on 2D6, each passed above 7 (15/36), counting the failures; a merge point
// after each throw when `merging`, keyed by the throw's index and the failures so far.
std::string saves_run(roller& r, int n, bool merging) {
  int failed = 0;
  for (int i = 0; i < n; ++i) {
    if (r.roll_sum("save", dice_expr{2, 6, 0}) <= 7) ++failed;
    if (merging) r.merge(fmt::format("{}:{}", i, failed));
  }
  return std::to_string(failed);
}
}  // namespace

TEST(dice, merge_points_give_the_unmerged_odds_with_far_fewer_runs) {
  roller r;
  const auto plain = as_map(r.enumerate([&] { return saves_run(r, 4, false); }));
  const std::size_t plain_runs = r.last_enumeration().runs;
  EXPECT_EQ(plain_runs, 11u * 11u * 11u * 11u);
  EXPECT_EQ(r.last_enumeration().merged_runs, 0u);
  const auto merged = as_map(r.enumerate([&] { return saves_run(r, 4, true); }));
  ASSERT_EQ(merged.size(), plain.size());
  for (const auto& [k, p] : plain) EXPECT_NEAR(merged.at(k), p, 1e-15) << k;
  // Binomial(4, 21/36) by hand.
  EXPECT_NEAR(merged.at("4"), std::pow(21 / 36.0, 4), 1e-15);
  EXPECT_NEAR(merged.at("0"), std::pow(15 / 36.0, 4), 1e-15);
  // Each throw explored once per state (1, 2, 3, 4 states before the throws: 110 branches),
  // a run going on through each new key but the last throw's (2+3+4 of them), 2+3+4+5 keys.
  EXPECT_EQ(r.last_enumeration().runs, 110u - 9u);
  EXPECT_EQ(r.last_enumeration().merge_points, 14u);
  EXPECT_EQ(r.last_enumeration().merged_runs, 110u - 14u);
}

TEST(dice, merge_points_reach_what_plain_enumeration_cannot) {
  // 40 saves: 11^40 runs plainly; merged, 11 * (1 + 2 + ... + 40) branches, less the runs
  // that go on through a new key (2 + ... + 40).
  roller r;
  const auto odds = as_map(r.enumerate([&] { return saves_run(r, 40, true); }, 20000));
  EXPECT_EQ(r.last_enumeration().runs, 11u * 820u - 819u);
  double binom = 1;  // C(40, 20)
  for (int i = 1; i <= 20; ++i) binom = binom * (20 + i) / i;
  EXPECT_NEAR(odds.at("20"), binom * std::pow(21 / 36.0, 20) * std::pow(15 / 36.0, 20), 1e-14);
}

TEST(dice, merge_points_nest_across_stages) {
  // Hits (5D6, 4+), a merge on the hits, kills (5+) per hit, a merge on the kills, then a
  // save per kill (2D6 above 8) and a merge per save: the same odds as without merging.
  auto run = [](roller& r, bool merging) {
    const int hits = r.roll_count("hit", count_spec{.count = 5, .target = 4}).successes;
    if (merging) r.merge(fmt::format("h{}", hits));
    const int kills = r.roll_count("kill", count_spec{.count = hits, .target = 5}).successes;
    if (merging) r.merge(fmt::format("k{}", kills));
    int lost = 0;
    for (int i = 0; i < kills; ++i) {
      if (r.roll_sum("save", dice_expr{2, 6, 0}) <= 8) ++lost;
      if (merging) r.merge(fmt::format("s{}:{}:{}", kills, i, lost));
    }
    return fmt::format("{}/{}", kills, lost);
  };
  roller r;
  const auto plain = as_map(r.enumerate([&] { return run(r, false); }));
  const std::size_t plain_runs = r.last_enumeration().runs;
  const auto merged = as_map(r.enumerate([&] { return run(r, true); }));
  EXPECT_LT(r.last_enumeration().runs * 10, plain_runs);
  ASSERT_EQ(merged.size(), plain.size());
  for (const auto& [k, p] : plain) EXPECT_NEAR(merged.at(k), p, 1e-15) << k;
}

TEST(dice, merge_does_nothing_outside_enumeration) {
  roller a(7), b(7);
  for (int i = 0; i < 20; ++i) {
    a.merge("same");  // no state kept: the same key again is fine
    EXPECT_EQ(a.roll_sum("x", dice_expr{2, 6, 0}), b.roll_sum("x", dice_expr{2, 6, 0}));
  }
  EXPECT_EQ(error_of([&] { a.merge(""); }), "dice merge: the key is empty");
  EXPECT_EQ(error_of([&] { a.merge(std::string(4097, 'k')); }),
            "dice merge: the key has 4097 bytes (at most 4096)");
}

TEST(dice, merge_refuses_keys_that_repeat_or_change) {
  roller r;
  EXPECT_EQ(error_of([&] {
              r.enumerate([&] {
                r.merge("a");
                (void)r.roll_sum("x", dice_expr{1, 6, 0});
                r.merge("a");
                return std::string("x");
              });
            }),
            "enumeration: merge key \"a\" met twice in one run");
  int calls = 0;
  EXPECT_EQ(error_of([&] {
              r.enumerate([&] {
                r.merge(++calls == 1 ? "first" : "second");
                return std::to_string(r.roll_sum("x", dice_expr{1, 6, 0}));
              });
            }),
            "enumeration: the run is not repeatable: merge point 1 was \"first\" after 0 dice "
            "operations in an earlier run and is \"second\" after 0 now");
  EXPECT_FALSE(r.enumeration_over_budget());
}

TEST(dice, a_stopped_run_stays_stopped_when_the_script_catches_it) {
  // The stop unwinds through the script; a script that catches it and rolls again is stopped
  // again, and one that returns anyway is not counted twice.
  auto run = [](roller& r, bool swallow) {
    const int first = r.roll_count("a", count_spec{.count = 2, .target = 4}).successes;
    try {
      r.merge(first > 0 ? "some" : "none");
    } catch (const muster::error&) {
      if (!swallow) throw;
      try {
        (void)r.roll_sum("after", dice_expr{1, 6, 0});
      } catch (const muster::error& again) {
        EXPECT_NE(std::string(again.what()).find("merge point already explored"), std::string::npos);
      }
      return std::string("swallowed");
    }
    return std::to_string(r.roll_sum("b", dice_expr{1, 6, 0}) > 3 && first > 0);
  };
  roller r;
  const auto plain = as_map(r.enumerate([&] { return run(r, false); }));
  const auto swallowed = as_map(r.enumerate([&] { return run(r, true); }));
  EXPECT_EQ(swallowed.count("swallowed"), 0u);
  ASSERT_EQ(swallowed.size(), plain.size());
  for (const auto& [k, p] : plain) EXPECT_NEAR(swallowed.at(k), p, 1e-15) << k;
  EXPECT_NEAR(plain.at("1"), 3 / 4.0 * 1 / 2.0, 1e-15);
}

TEST(dice, stopped_runs_count_against_the_run_budget) {
  roller r;
  EXPECT_EQ(error_of([&] { r.enumerate([&] { return saves_run(r, 4, true); }, 100); }),
            "enumeration needs more than 100 runs (raise max_runs or sample instead)");
  EXPECT_TRUE(r.enumeration_over_budget());
}

TEST(dice, a_replayed_merge_point_needs_no_key) {
  // The key is built only for points the run has not replayed: the same odds, fewer keys.
  int keys_built = 0;
  auto run = [&](roller& r) {
    int failed = 0;
    for (int i = 0; i < 4; ++i) {
      if (r.roll_sum("save", dice_expr{2, 6, 0}) <= 7) ++failed;
      if (!r.merge_replayed()) {
        ++keys_built;
        r.merge(fmt::format("{}:{}", i, failed));
      }
    }
    return std::to_string(failed);
  };
  roller r;
  EXPECT_FALSE(r.merge_replayed());  // outside enumeration
  const auto with_skip = as_map(r.enumerate([&] { return run(r); }));
  const auto plain = as_map(r.enumerate([&] { return saves_run(r, 4, true); }));
  ASSERT_EQ(with_skip.size(), plain.size());
  for (const auto& [k, p] : plain) EXPECT_NEAR(with_skip.at(k), p, 1e-15) << k;
  // Each key built opened a point or stopped a run; none was built for a replayed point.
  EXPECT_EQ(keys_built, 14 + 96);
  EXPECT_EQ(r.last_enumeration().merge_points + r.last_enumeration().merged_runs, 14u + 96u);
}

TEST(dice, roll_above_is_roll_sum_with_its_test_and_enumerates_two_ways) {
  roller a(11), b(11);
  for (int i = 0; i < 50; ++i) {
    const muster::above_result r = a.roll_above("save", dice_expr{2, 6, 0}, 7);
    const int total = b.roll_sum("save", dice_expr{2, 6, 0});
    ASSERT_TRUE(r.total.has_value());
    EXPECT_EQ(*r.total, total);
    EXPECT_EQ(r.passed, total > 7);
  }
  roller r;
  const auto odds = as_map(r.enumerate([&] {
    const muster::above_result s = r.roll_above("save", dice_expr{2, 6, 0}, 9);
    EXPECT_FALSE(s.total.has_value());
    return std::string(s.passed ? "saved" : "lost");
  }));
  EXPECT_EQ(r.last_enumeration().runs, 2u);
  EXPECT_NEAR(odds.at("saved"), 6 / 36.0, 1e-15);  // 10, 11, 12: 3 + 2 + 1 ways
  EXPECT_NEAR(odds.at("lost"), 30 / 36.0, 1e-15);
  // A test that cannot pass has one outcome.
  (void)r.enumerate([&] { return std::to_string(r.roll_above("save", dice_expr{2, 6, 0}, 12).passed); });
  EXPECT_EQ(r.last_enumeration().runs, 1u);
}

TEST(dice, a_tally_throws_the_same_dice_as_roll_count_and_enumerates_the_successes_alone) {
  roller a(5), b(5);
  const count_spec full{.count = 12, .target = 4, .modifier = 1, .natural_max = true, .natural_min = true};
  count_spec tally = full;
  tally.tally = true;
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(a.roll_count("hit", tally).successes, b.roll_count("hit", full).successes);
  // Enumerated: 13 outcomes, not the (successes, naturals) triples; faces 3-6 succeed (a 6 by
  // nature, 3-5 with the +1), a 2 or a 1 fails: Binomial(12, 4/6).
  roller r;
  const auto odds = as_map(r.enumerate([&] { return std::to_string(r.roll_count("hit", tally).successes); }));
  EXPECT_EQ(r.last_enumeration().runs, 13u);
  for (int k = 0; k <= 12; ++k) {
    double c = 1;
    for (int i = 1; i <= k; ++i) c = c * (12 - k + i) / i;
    EXPECT_NEAR(odds.at(std::to_string(k)), c * std::pow(4 / 6.0, k) * std::pow(2 / 6.0, 12 - k), 1e-14) << k;
  }
  (void)r.enumerate([&] { return std::to_string(r.roll_count("hit", full).successes); });
  EXPECT_GT(r.last_enumeration().runs, 13u * 5);  // the triples, merged only by the outcome
  // Rolling under: a 1 always succeeds, the max face always fails, the rest when <= target.
  const count_spec under{.count = 3, .target = 2, .under = true, .natural_max = true, .natural_min = true,
                         .tally = true};
  const auto low = as_map(r.enumerate([&] { return std::to_string(r.roll_count("test", under).successes); }));
  EXPECT_NEAR(low.at("3"), std::pow(2 / 6.0, 3), 1e-15);
  EXPECT_NEAR(low.at("0"), std::pow(4 / 6.0, 3), 1e-15);
}

TEST(dice, count_above_is_so_many_saving_throws_and_enumerates_their_number) {
  roller a(9), b(9);
  const dice_expr two_d6{2, 6, 0};
  for (int i = 0; i < 50; ++i) {
    int passed = 0;
    for (int j = 0; j < 4; ++j) passed += b.roll_above("save", two_d6, 8).passed ? 1 : 0;
    EXPECT_EQ(a.count_above("save", two_d6, 8, 4), passed);
  }
  EXPECT_EQ(a.operations(), b.operations());
  // Enumerated: one branch of 5 outcomes, Binomial(4, 10/36).
  roller r;
  const auto odds = as_map(r.enumerate([&] { return std::to_string(r.count_above("save", two_d6, 8, 4)); }));
  EXPECT_EQ(r.last_enumeration().runs, 5u);
  const double p = 10 / 36.0;
  EXPECT_NEAR(odds.at("4"), p * p * p * p, 1e-15);
  EXPECT_NEAR(odds.at("1"), 4 * p * (1 - p) * (1 - p) * (1 - p), 1e-15);
  EXPECT_NEAR(odds.at("0"), std::pow(1 - p, 4), 1e-15);
  // No throws: nothing passes; a save no total can beat: none pass, one outcome.
  EXPECT_EQ(a.count_above("save", two_d6, 8, 0), 0);
  (void)r.enumerate([&] { return std::to_string(r.count_above("save", two_d6, 12, 6)); });
  EXPECT_EQ(r.last_enumeration().runs, 1u);
  EXPECT_EQ(error_of([&] { a.count_above("save", two_d6, 8, 1001); }), "\"save\": times 1001 out of range 0..1000");
  // A saving throw of no dice beats its threshold by its modifier alone (it enumerates so too).
  const auto none = as_map(r.enumerate([&] { return std::to_string(r.roll_above("save", dice_expr{0, 6, 5}, 4).passed); }));
  EXPECT_NEAR(none.at("1"), 1.0, 1e-15);
}

TEST(dice, operations_count_every_dice_operation) {
  roller r(1);
  EXPECT_EQ(r.operations(), 0u);
  (void)r.roll_sum("a", dice_expr{2, 6, 0});
  (void)r.roll("b", dice_expr{0, 6, 0});
  (void)r.roll_count("c", count_spec{.count = 3, .target = 4});
  (void)r.roll_above("d", dice_expr{2, 6, 0}, 7);
  (void)r.count_above("e", dice_expr{2, 6, 0}, 7, 3);  // three throws
  EXPECT_EQ(r.operations(), 4u + 3u);
}

TEST(dice, merge_stops_says_so_instead_of_throwing) {
  // The same odds as merge() with its exception, the run ended by the caller.
  roller r;
  const auto odds = as_map(r.enumerate([&] {
    int failed = 0;
    for (int i = 0; i < 4; ++i) {
      if (r.roll_sum("save", dice_expr{2, 6, 0}) <= 7) ++failed;
      if (r.merge_stops(fmt::format("{}:{}", i, failed))) return std::string("ignored");
    }
    return std::to_string(failed);
  }));
  const auto plain = as_map(r.enumerate([&] { return saves_run(r, 4, true); }));
  ASSERT_EQ(odds.size(), plain.size());
  for (const auto& [k, p] : plain) EXPECT_NEAR(odds.at(k), p, 1e-15) << k;
  EXPECT_FALSE(r.merge_stops("outside"));  // no enumeration: never stops
}
