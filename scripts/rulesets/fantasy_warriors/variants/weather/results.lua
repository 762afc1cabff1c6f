--- HR-4 Weather as data (house-rules booklet page 4): the season columns of the 1D weather
--- table and what each result does. Read by init.lua, which applies the effects the ruleset's
--- procedures can take and lists the others. Data only, no rules run here. The values marked
--- unknown or inferred are settled in docs/rules-assumptions.md ("House rule HR-4: weather").
local M = {}

--- The booklet page every effect cites.
M.page = 4

--- The result of each face of 1D (1-6), per season. The booklet prints a spring and a winter
--- column; summer and autumn read the spring one (a proposal: `column_marks`).
M.columns = {
  spring = { "clear", "overcast", "haze", "rain", "heavy_rain", "storm" },
  winter = { "clear", "overcast", "fog", "snow", "heavy_snow", "winter_storm" },
}
M.columns.summer = M.columns.spring
M.columns.autumn = M.columns.spring

--- The column each season reads, and the seasons whose column is proposed, not printed.
M.column_of = { spring = "spring", summer = "spring", autumn = "spring", winter = "winter" }
M.column_marks = { summer = "unknown", autumn = "unknown" }

--- What each result does; a field left out has no effect.
--- - sight: the line of sight in inches (nothing further can be seen)
--- - all_bad_light: every figure endures bad light, whatever its BAD and the time
--- - exempt: "day" or "night": figures whose BAD is that half do not endure it in that half
--- - bows: inches off the short and the long range of `bows` (never below 0)
--- - ignition: added to every Ignition Test
--- - morale: added to every Threat, Casualty and Combat Test
--- - movement: inches off every move, never below `movement_minimum`
--- - woods: woodland and difficult ground always disorganise
--- - swamps: swamps are impassable
--- - guns: added to the strength of guns' attacks
--- - spell_dice: D6 off every spell's final cost, never below `spell_cost_minimum`
--- - necro: added to the undead's necro power
--- - marks: effect -> "unknown" | "inferred"; notes: what the booklet lost
M.results = {
  clear = { name = "Clear", exempt = "night" },
  overcast = { name = "Overcast", exempt = "day" },
  haze = { name = "Haze", sight = 24 },
  fog = { name = "Fog", sight = 24, all_bad_light = true },
  rain = { name = "Rain", sight = 24, bows = 3, ignition = -1 },
  snow = { name = "Snow", sight = 24, bows = 3, ignition = -2, morale = -1 },
  heavy_rain = { name = "Heavy rain", sight = 24, bows = 3, ignition = -2, marks = { ignition = "unknown" },
                 notes = { "the rest of the booklet's cell is lost: no further effect (unknown)" } },
  heavy_snow = { name = "Heavy snow", sight = 24, all_bad_light = true, bows = 3, ignition = -3, morale = -2,
                 movement = 4, woods = true, marks = { woods = "inferred" } },
  storm = { name = "Storm", sight = 18, all_bad_light = true, bows = 6, ignition = -2, guns = -1, swamps = true,
            woods = true, morale = -2, spell_dice = 1, necro = 2, marks = { necro = "inferred" } },
  winter_storm = { name = "Winter storm", sight = 18, all_bad_light = true, bows = 6, ignition = -3, guns = -1,
                   swamps = true, woods = true, morale = -3, movement = 4, spell_dice = 1, necro = 2,
                   marks = { necro = "inferred" } },
}

--- The effects in the order of the booklet's matrix (HR-4.2).
M.effect_order = { "sight", "all_bad_light", "exempt", "bows", "ignition", "morale", "movement", "woods", "swamps",
                   "guns", "spell_dice", "necro" }

--- The missile weapons the bow and crossbow effect shortens (not ballista, not handgun).
M.bows = { "bow", "longbow", "crossbow", "giant_crossbow" }

--- The weapons that are guns: the core book's handgun, and the army weapon "gun" of the
--- artillery pieces (the galloper gun, HR-12); "artillery" (the mortar, HR-6) is not a gun.
M.guns = { handgun = true, gun = true }

M.movement_minimum = 2

--- The keys of table `t`, sorted (a table's walk never decides an order).
---@param t table
---@return string[]
function M.sorted(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out)
  return out
end
M.spell_cost_minimum = 1

return M
