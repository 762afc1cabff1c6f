--- HR-6 Mortars (house-rules booklet page 6): applies the variant. Sets the row `mortar` of
--- the ruleset's `artillery_pieces` (artillery.lua: profile, ranges, parabolic trajectory without
--- the indirect -2, cover at most soft and only in it, no characters, 2 crew, ignition) and
--- adds the obscured-target -1 to `artillery_hit` (targets.lua). The shot itself is the
--- ruleset's procedure `artillery_shot`; the army entry is scripts/armies/fantasy_warriors/dwarves.lua.
local targets = require("targets")

local M = {}

--- The booklet page every change of this variant cites.
local PAGE = 6

function M.apply(rules, options, context)
  if options.charges < 1 then error("mortars: option charges: " .. options.charges .. " is not 1 or more", 0) end
  -- HR-6.1: STR +3, WOR 8 (1D per point of worth, p.22), range 30-75cm = 12in-30in, at least
  -- 2 crew to shoot, an ignition test "like existing guns" (L187). HR-6.2/6.3: a parabolic
  -- shot that takes no indirect -2 but keeps the long-range -1; nothing closer than short
  -- range; no characters. HR-6.4: cover at most -1 (soft), never for terrain it is behind.
  -- The profile's numbers are the Dwarf list's entry (scripts/armies/fantasy_warriors/dwarves.lua),
  -- read here so the two never drift: name, weapon, STR, WOR (its dice) and crew MIN.
  local e = rules.modules.armies.load_list("dwarves").entries.mortar
  rules.set_row("artillery_pieces", "mortar", {
    name = e.name, weapon = e.weapon, short = 12, long = 30, min_range = 12, dice = e.worth, strength = e.strength,
    charges = options.charges, crew_min = e.crew_min, trajectory = "parabolic", indirect_penalty = 0,
    long_range_penalty = true, characters = false, cover = { most = "soft", behind = false }, ignition = true,
  }, PAGE)
  targets.apply(rules, options, PAGE)
end

return M
