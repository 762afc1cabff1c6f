--- HR-3 roads (house-rules booklet page 3), as data: the winter dirt-road effects by troop
--- kind, who may take the road bonus, and the bonus itself. Data only: procedures.lua reads
--- it. Where the road runs, and whether a move keeps to it, is the caller's fact.
local M = {}

--- The booklet page of every rule here.
M.page = 3

--- The roads, and how results name them (the seasons: the ruleset's terrain.seasons).
M.roads = { "dirt", "cobbled" }
M.names = { dirt = "dirt road", cobbled = "cobbled road" }

--- The season in which a dirt road degrades (and gives no bonus).
M.rutted_season = "winter"

--- The bonus on a good road: MOV times this.
M.bonus_factor = 1.5

--- Where a move runs, as the input on_road gives it: the whole move on the road (start and
--- end included), starting and ending on it but leaving it between, or partly off it.
M.on_road = { "whole_move", "start_and_end", "partly" }

--- What each reading of "both movements entirely on suitable roads" (the option and input
--- bonus_needs) accepts.
M.needs = { whole_move = { whole_move = true }, start_and_end = { whole_move = true, start_and_end = true } }

-- Troop kinds: the class, with infantry split into heavy_or_long_infantry (H or XH armour, or
-- pikes, lances or spears) and infantry, and cavalry into heavy_cavalry (H or XH) and cavalry.
-- Effects: the ruleset's movement effects (terrain.effects) half_or_disorganised and half;
-- a kind not named, none.
M.winter_dirt = {
  chariot = { effect = "half", reason = "chariots cross the ruts at half rate" },
  war_machine = { effect = "half", reason = "war machines cross the ruts at half rate" },
  heavy_or_long_infantry = { effect = "half_or_disorganised",
    reason = "infantry in heavy or extra-heavy armour or with pikes, lances or spears: half movement or disorganised" },
  heavy_cavalry = { effect = "half", reason = "cavalry in heavy or extra-heavy armour: half movement" },
  cavalry = { effect = "half_or_disorganised", reason = "cavalry: half movement or disorganised" },
}

--- Who may take the bonus: a class and the armour that bars it (nil: none bars it).
M.bonus = {
  infantry = { barred_by = "heavy", reason = "infantry not in heavy or extra-heavy armour" },
  cavalry = { barred_by = "extra_heavy", reason = "cavalry not in extra-heavy armour" },
  chariot = { reason = "chariots" },
}

return M
