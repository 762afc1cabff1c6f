// Exact odds of a whole combat round, the bench's 10 Orcs v 10 Dwarves (bench/fixtures/
// combat_round.json) with each unit's Combat Test, from `muster odds combat --exact`
// (enumeration with the ruleset's merge points), against an independent calculation written
// here: the round's rules for this scenario typed in (as bench/resolve_bench.cpp's plain C++
// round has them, which that bench checks against the ruleset throw by throw), with the
// distributions worked out by hand-style convolution, not by running any procedure.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "run_muster.hpp"

using json = nlohmann::json;
using muster_cli::muster;
using muster_cli::outcome;

namespace {

// ---------------------------------------------------------------------------------------------
// The scenario's rules (pages 30-34), for one unit a side with hand weapons.

enum kind { leader, champion, musician, standard_bearer, individual };

struct character {
  bool hero;
  int worth;
  int save;
};

struct side_unit {
  int figures, quality_rank, quality_mod;
  bool disciplined;
  int strength, resilience;
  int kill_target;  // hand weapon against this unit's armour (page 32)
  bool shield, attack_orders, hold_orders;
  int save;  // 0: none; else 2D6 must beat it
  bool has_leader, has_champion, has_standard;
  int musicians, ranks;
  std::vector<character> characters;
};

struct figure {
  kind k;
  int save;
  int index;  // the character's, else -1
};

// Orcs (attacker): average tribal, medium armour and shield, ATTACK, leader, musician,
// standard, Gorbag (worth 2, save 8). Dwarves: veteran disciplined, heavy armour and shield,
// HOLD, save 10, leader, champion, standard, Grim the hero (worth 2, save 7).
const side_unit orcs{10, 2, 0, false, 1, 0, 4, true, true, false, 0, true, false, true, 1, 2, {{false, 2, 8}}};
const side_unit dwarves{10, 3, 1, true, 0, 0, 5, true, false, true, 10, true, true, true, 0, 2, {{true, 2, 7}}};

std::vector<figure> specials(const side_unit& u) {
  std::vector<figure> f;
  if (u.has_leader) f.push_back({leader, u.save, -1});
  if (u.has_champion) f.push_back({champion, u.save, -1});
  for (int i = 0; i < u.musicians; ++i) f.push_back({musician, u.save, -1});
  if (u.has_standard) f.push_back({standard_bearer, u.save, -1});
  for (std::size_t i = 0; i < u.characters.size(); ++i)
    f.push_back({individual, u.characters[i].save, static_cast<int>(i)});
  return f;
}

int warriors(const side_unit& u) {
  return u.figures - u.has_leader - u.has_champion - u.musicians - u.has_standard;
}

// P(one die succeeds): a natural 6 always, a natural 1 never, else face + mod >= target.
double die_p(int target, int mod) {
  int n = 1;
  for (int face = 2; face <= 5; ++face) n += face + mod >= target ? 1 : 0;
  return n / 6.0;
}

double choose(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

std::vector<double> binomial(int n, double p) {
  std::vector<double> out(static_cast<std::size_t>(n) + 1);
  for (int k = 0; k <= n; ++k) {
    double term = choose(n, k);
    for (int i = 0; i < k; ++i) term *= p;
    for (int i = 0; i < n - k; ++i) term *= 1 - p;
    out[static_cast<std::size_t>(k)] = term;
  }
  return out;
}

// P(2D6 > s).
double save_p(int s) {
  int n = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) n += a + b > s ? 1 : 0;
  return n / 36.0;
}

// The kills `u` inflicts on `e`: hit dice (the front rank's worth, characters' worth, the
// champion's die, +1 per 5 on ATTACK), 4+ to hit with +1 for a better quality rank, -1 for a
// worse one, +1 against no shield; then the kill throw, strength + resilience against the
// weapon-v-armour score. Kills ~ Binomial(dice, p_hit * p_kill).
std::vector<double> kills(const side_unit& u, const side_unit& e) {
  const int width = (u.figures + u.ranks - 1) / u.ranks;
  int n = std::min(u.figures, width);
  for (const auto& c : u.characters) n += c.worth;
  if (u.has_champion) n += 1;
  if (u.attack_orders) n += n / 5;
  const int hit_mod = (u.quality_rank > e.quality_rank) - (u.quality_rank < e.quality_rank) + (e.shield ? 0 : 1);
  return binomial(n, die_p(4, hit_mod) * die_p(e.kill_target, u.strength + e.resilience));
}

// After the saves: figures lost (characters apart) and who of the specials is dead (bit i).
struct losses_state {
  int lost;
  unsigned dead;
  auto operator<=>(const losses_state&) const = default;
};
using losses_dist = std::map<losses_state, double>;

// The strikes of `k` kills with `sixes` sixes thrown (page 33): each 6 on the first figure a
// 6 may fall on (not one without a save already struck; the standard bearer only when the
// kills would leave nobody else), the rest on the warriors, any beyond them on specials
// still untouched. A strike is a figure's index, or -1 for a warrior.
std::vector<int> strikes(const side_unit& u, int k, int sixes) {
  const auto figs = specials(u);
  std::vector<int> hit(figs.size(), 0), out;
  const bool standard_open = k >= u.figures - 1;
  for (int s = 0; s < sixes; ++s) {
    for (std::size_t i = 0; i < figs.size(); ++i) {
      const bool doomed = hit[i] > 0 && figs[i].save == 0;
      if (!doomed && (figs[i].k != standard_bearer || standard_open)) {
        ++hit[i];
        out.push_back(static_cast<int>(i));
        break;
      }
    }
  }
  int rest = k - static_cast<int>(out.size());
  const int on_warriors = std::min(rest, warriors(u));
  out.insert(out.end(), static_cast<std::size_t>(on_warriors), -1);
  rest -= on_warriors;
  for (; rest > 0; --rest) {
    int untouched = 0;
    for (std::size_t i = 0; i < figs.size(); ++i)
      if (figs[i].k != individual && figs[i].k != standard_bearer && hit[i] == 0) ++untouched;
    for (std::size_t i = 0; i < figs.size(); ++i)
      if (figs[i].k != individual && hit[i] == 0 && (figs[i].k != standard_bearer || untouched == 0)) {
        ++hit[i];
        out.push_back(static_cast<int>(i));
        break;
      }
  }
  return out;
}

// The losses of `u` after `k` kills: 1D6 per 3 kills (or part) for the sixes when a special
// can take one, then a saving throw per strike in order (a figure dies at its first failure).
losses_dist take(const side_unit& u, int k) {
  losses_dist out;
  if (k == 0) {
    out[{0, 0}] = 1;
    return out;
  }
  const auto figs = specials(u);
  const auto sixes = binomial((k + 2) / 3, 1 / 6.0);
  for (std::size_t six = 0; six < sixes.size(); ++six) {
    losses_dist d{{{0, 0}, sixes[six]}};
    for (const int s : strikes(u, k, static_cast<int>(six))) {
      losses_dist next;
      const int save = s < 0 ? u.save : figs[static_cast<std::size_t>(s)].save;
      const double pass = save == 0 ? 0 : save_p(save);
      for (const auto& [st, p] : d) {
        if (pass > 0) next[st] += p * pass;
        losses_state failed = st;
        if (s < 0) {
          ++failed.lost;
        } else if (!(st.dead & (1u << s))) {
          failed.dead |= 1u << s;
          if (figs[static_cast<std::size_t>(s)].k != individual) ++failed.lost;
        }
        next[failed] += p * (1 - pass);
      }
      d = std::move(next);
    }
    for (const auto& [st, p] : d) out[st] += p;
  }
  return out;
}

// The Combat Test's reaction odds (page 34): 1D6 + the quality modifier, -1 for a quarter
// lost (-3 instead for over half), -1 when the side lost more, +1 when the enemy did, +1 on
// HOLD, +1 each for a living leader, standard bearer and hero; read on the reaction table.
std::map<std::string, double> combat_test(const side_unit& u, const losses_state& mine, int enemy_lost) {
  const auto figs = specials(u);
  bool leader_alive = false, standard_alive = false, hero_alive = false;
  for (std::size_t i = 0; i < figs.size(); ++i) {
    if (mine.dead & (1u << i)) continue;
    if (figs[i].k == leader) leader_alive = true;
    if (figs[i].k == standard_bearer) standard_alive = true;
    if (figs[i].k == individual && u.characters[static_cast<std::size_t>(figs[i].index)].hero) hero_alive = true;
  }
  const bool heavy = mine.lost * 2 > u.figures, quarter = mine.lost * 4 > u.figures;
  int mod = u.quality_mod - (quarter && !heavy) - (mine.lost > enemy_lost) - 3 * heavy + u.hold_orders +
            (enemy_lost > mine.lost) + hero_alive + leader_alive + standard_alive;
  const int bloodlust = u.disciplined ? 10 : 7, ok = u.disciplined ? 3 : 4, shaken = u.disciplined ? 1 : 2;
  std::map<std::string, double> out;
  for (int d = 1; d <= 6; ++d) {
    const int score = d + mod;
    out[score >= bloodlust ? "bloodlust" : score >= ok ? "ok" : score >= shaken ? "shaken" : "rout"] += 1 / 6.0;
  }
  return out;
}

// Each outcome field's distribution, as `muster odds` reports them.
using marginals = std::map<std::string, std::map<std::string, double>>;

marginals independent_round() {
  const auto on_dwarves = kills(orcs, dwarves), on_orcs = kills(dwarves, orcs);
  std::vector<losses_dist> orc_losses, dwarf_losses;
  for (std::size_t k = 0; k < on_orcs.size(); ++k) orc_losses.push_back(take(orcs, static_cast<int>(k)));
  for (std::size_t k = 0; k < on_dwarves.size(); ++k) dwarf_losses.push_back(take(dwarves, static_cast<int>(k)));
  marginals m;
  for (std::size_t ka = 0; ka < on_orcs.size(); ++ka)
    for (std::size_t kd = 0; kd < on_dwarves.size(); ++kd)
      for (const auto& [a, pa] : orc_losses[ka])
        for (const auto& [d, pd] : dwarf_losses[kd]) {
          const double p = on_orcs[ka] * on_dwarves[kd] * pa * pd;
          m["winner"][d.lost > a.lost ? "attacker" : a.lost > d.lost ? "defender" : "-"] += p;
          m["attacker_losses"][std::to_string(a.lost)] += p;
          m["defender_losses"][std::to_string(d.lost)] += p;
          const auto react = [&](const side_unit& u, const losses_state& mine, int enemy, const char* field) {
            if (mine.lost == 0 || mine.lost == u.figures) {
              m[field]["-"] += p;
              return;
            }
            for (const auto& [r, pr] : combat_test(u, mine, enemy)) m[field][r] += p * pr;
          };
          react(orcs, a, d.lost, "attacker_reaction");
          react(dwarves, d, a.lost, "defender_reaction");
        }
  return m;
}

}  // namespace

TEST(cli_odds_combat, exact_round_matches_an_independent_calculation) {
  json input = json::parse(muster_cli::slurp(MUSTER_SOURCE_DIR "/bench/fixtures/combat_round.json"));
  input["combat_tests"] = true;
  const std::string path = testing::TempDir() + "odds_combat_round.json";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    const std::string text = input.dump();
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
  const outcome o = muster("odds combat --input '" + path + "' --exact --max-runs 200000 --json");
  ASSERT_EQ(o.status, 0) << o.err;
  const json doc = json::parse(o.out);
  EXPECT_EQ(doc["method"], "exact");
  EXPECT_GT(doc["merged_runs"].get<int>(), 0) << "the round is enumerated through its merge points";

  const marginals expected = independent_round();
  ASSERT_EQ(doc["fields"].size(), expected.size());
  for (const auto& f : doc["fields"]) {
    const std::string name = f["name"];
    ASSERT_TRUE(expected.count(name)) << name;
    const auto& want = expected.at(name);
    double total = 0;
    for (const auto& v : f["values"]) {
      const std::string value = v["value"];
      ASSERT_TRUE(want.count(value)) << name << " = " << value << " is not a possible outcome";
      EXPECT_NEAR(v["p"].get<double>(), want.at(value), 1e-12) << name << " = " << value;
      total += want.at(value);
    }
    EXPECT_NEAR(total, 1.0, 1e-12) << name << ": an outcome of the calculation is missing";
  }
  // A few landmarks by eye: the Dwarves mostly win, and a Dwarf unit that tests never routs.
  const auto& winner = expected.at("winner");
  EXPECT_GT(winner.at("defender"), winner.at("attacker"));
  EXPECT_EQ(expected.at("defender_reaction").count("rout"), 0u);
}

// docs/odds.md shows the real beginning of the exact round's output.
TEST(cli_odds_combat, exact_round_shown_in_docs) {
  const std::string args = "odds combat --input bench/fixtures/combat_round.json --exact --max-runs 200000";
  const outcome o = muster(args);  // from the source folder
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string doc = muster_cli::slurp(MUSTER_SOURCE_DIR "/docs/odds.md");
  const std::string head = o.out.substr(0, o.out.find("attacker_losses"));
  EXPECT_NE(doc.find("$ muster " + args + "\n" + head + "...\n"), std::string::npos)
      << "docs/odds.md should show:\n" << head;
}
