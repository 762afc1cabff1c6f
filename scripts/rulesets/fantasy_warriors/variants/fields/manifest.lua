-- HR-2 Fields by season (the club's house-rules booklet, page 3): an empty field in autumn and
-- winter, a ploughed field in spring, tall crops in summer, each slowing or disorganising
-- some troops, and the crops hiding infantry and individuals.
return {
  name = "fields",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-2: fields by season: empty, ploughed, tall crops (procedure field_effect)",
  source = "FANTASY WARRIORS club house rules, page 3 (Fields)",
  options = {
    season = {
      type = "string", default = "unset", values = { "unset", "spring", "summer", "autumn", "winter" },
      doc = "the season of the battle, agreed before scouting (proposed); the default of field_effect's input season. unset: every call gives its season",
    },
  },
}
