-- FANTASY WARRIORS (Grenadier, 1990): the ruleset's manifest. Options choose between the
-- readings where the book contradicts itself (docs/rules-assumptions.md).
return {
  name = "fantasy_warriors",
  version = "0.1.0",
  kind = "ruleset",
  kernel = "^1.0",
  description = "FANTASY WARRIORS: threat, shooting, combat and morale",
  source = "FANTASY WARRIORS rulebook (Grenadier, 1990)",
  options = {
    handgun_range = {
      type = "string", default = "range_table", values = { "range_table", "armour_table" },
      doc = "handgun ranges: 8in/22in from the range table (p.22) or 6in/12in from the weapon v armour table (p.23)",
    },
    terrible_tiebreak = {
      type = "string", default = "as_printed", values = { "as_printed", "strength", "worth" },
      doc = "which terrible creature counts when both sides have one within 6in: as printed (worth in the Threat Test, strength in the Casualty Test) or one rule for both",
    },
    annihilation_saves = {
      type = "string", default = "one_save_figure", values = { "one_save_figure", "every_save_figure" },
      doc = "an annihilated unit's outstanding casualties: allocated one at a time, each a save by one figure (the project's ruling), or every figure with a save tests against each (the literal p.24 reading)",
    },
    losses_stacking = {
      type = "string", default = "over_half_alone", values = { "over_half_alone", "cumulative" },
      doc = "the smaller losses line (Casualty Test 'losses' -1, p.25; Combat Test 'over 25%' -1, p.34) above 50% losses: replaced by the -3 (the Reaction example, p.25, applies -3 alone) or added to it",
    },
  },
}
