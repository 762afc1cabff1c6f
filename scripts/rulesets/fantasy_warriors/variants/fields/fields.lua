--- HR-2 fields by season (house-rules booklet page 3), as data: what the field is in each
--- season, and for each troop kind its effect on movement there. Data only: procedures.lua
--- reads it. The field's place on the table (who is in it) is the caller's fact.
local M = {}

--- The booklet page of every rule here.
M.page = 3

--- What a field is in each season (the seasons: the ruleset's terrain.seasons), and how
--- results name it.
M.field = { spring = "ploughed", summer = "crops", autumn = "empty", winter = "empty" }
M.names = { empty = "empty field", ploughed = "ploughed field", crops = "tall crops" }

-- Troop kinds: the class, with infantry split into heavy_or_long (H or XH armour, or pikes,
-- lances or spears) and infantry, and cavalry into heavy_cavalry (H or XH) and cavalry.
-- A kind a field does not name is not affected, and the field is no terrain for it.
-- `effect` is one of the ruleset's movement effects (terrain.effects: half_or_disorganised,
-- half_and_disorganised, half). `proposed` marks our reading where the booklet is silent.
M.by_field = {
  empty = {},
  ploughed = {
    heavy_or_long_infantry = { effect = "half_or_disorganised",
      reason = "infantry in heavy or extra-heavy armour or with pikes, lances or spears: half movement or disorganised" },
    heavy_cavalry = { effect = "half_and_disorganised",
      reason = "cavalry in heavy or extra-heavy armour: half movement and disorganised" },
    cavalry = { effect = "half_or_disorganised", reason = "cavalry: half movement or disorganised" },
    chariot = { effect = "half", reason = "chariots cross the furrows at half rate" },
    war_machine = { effect = "half", reason = "war machines cross the furrows at half rate" },
  },
  crops = {
    heavy_or_long_infantry = { effect = "half_or_disorganised", reason = "infantry: half movement or disorganised" },
    infantry = { effect = "half_or_disorganised", reason = "infantry: half movement or disorganised" },
    heavy_cavalry = { effect = "half_or_disorganised", reason = "cavalry: half movement or disorganised" },
    cavalry = { effect = "half_or_disorganised", reason = "cavalry: half movement or disorganised" },
    war_machine = { effect = "half", reason = "war machines: half movement" },
    animal = { effect = "half", reason = "animals: half movement" },
    chariot = { effect = "half", proposed = true,
      reason = "chariots are not named: half movement, like war machines (proposed)" },
  },
}

--- Cover in the field: the classes that may claim it, entirely within the field, when they
--- do not shoot and carry no spears, lances or pikes; `cover` is the core kill throw's.
M.cover = { crops = { classes = { infantry = true, individual = true }, cover = "soft" } }

return M
