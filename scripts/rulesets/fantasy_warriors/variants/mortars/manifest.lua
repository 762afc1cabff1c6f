-- HR-6 Mortars (the club's house-rules booklet, page 6): a Dwarf artillery piece that lobs its
-- shot over units and onto unseen targets, with a minimum range.
return {
  name = "mortars",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-6: the mortar shoots (procedure artillery_shot, piece mortar): over units, at obscured targets (-1 unless at a known point), never closer than 12in nor at characters, long range -1, cover at most -1 and only in it",
  source = "FANTASY WARRIORS club house rules, page 6 (Mortars)",
  options = {
    minimum_range_band = {
      type = "string", default = "short", values = { "short", "long" },
      doc = "a target at exactly the minimum range (12in): short range, no -1 (proposed), or long like every other legal mortar shot (-1)",
    },
    charges = {
      type = "integer", default = 6,
      doc = "the charges (shots) each mortar has for the battle; the booklet gives none: proposed the 6 volley counters of every missile unit (p.21)",
    },
  },
}
