-- HR-3 Roads (the club's house-rules booklet, page 3): dirt roads rutted in winter slow some
-- troops; cobbled roads in any season, and dirt roads in the other seasons, speed eligible
-- units by half their move again.
return {
  name = "roads",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-3: roads: winter dirt roads hinder, good roads give +50% movement (procedure road_movement)",
  source = "FANTASY WARRIORS club house rules, page 3 (Roads)",
  options = {
    season = {
      type = "string", default = "unset", values = { "unset", "spring", "summer", "autumn", "winter" },
      doc = "the season of the battle, agreed before scouting (proposed); the default of road_movement's input season. unset: every call gives its season",
    },
    bonus_needs = {
      type = "string", default = "whole_move", values = { "whole_move", "start_and_end" },
      doc = "what 'both movements entirely on suitable roads' asks: the whole move on the road, start and end included (proposed), or only its start and end; the default of road_movement's input bonus_needs",
    },
  },
}
