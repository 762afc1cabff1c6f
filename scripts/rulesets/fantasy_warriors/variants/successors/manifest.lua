-- HR-5 Successors for command (the club's house-rules booklet, page 5): nominated successors
-- bought before the battle, and reserve leaders who take over a command during it.
return {
  name = "successors",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-5: a nominated successor takes command when his principal falls; a reserve leader takes over a command (procedures succession, reserve_takes_command, successor_points)",
  source = "FANTASY WARRIORS club house rules, page 5 (Successors for command)",
  options = {
    warchief_individuals_rout = {
      type = "boolean", default = true,
      doc = "when a warchief with a successor falls, the individuals still rout or roll as on p.40 (the proposed reading); false: they stay under the successor",
    },
    army = {
      type = "string", default = "organised", values = { "organised", "unorganised" },
      doc = "the armies' organisation (the booklet does not define it): a battle leader a reserve replaces becomes the reserve's successor (organised) or is killed (unorganised); the input field army overrides it for one army",
    },
  },
}
