--- HR-1 linear obstacles (house-rules booklet page 2), as data: the six types; for each, who
--- may cross and what it costs (the general rule and each type's overrides), the cover it
--- gives, whether it blocks sight, and who may take a length of it down. Data only:
--- procedures.lua reads it; no positions (where an obstacle stands waits for the table).
local M = {}

--- The booklet page of every rule here.
M.page = 2

--- The obstacle types, in the booklet's order, and how results name them.
M.types = { "wall", "fence", "low_hedge", "tall_hedge", "embankment_hedge", "ditch" }
M.names = { wall = "wall", fence = "fence", low_hedge = "low hedge", tall_hedge = "tall hedge",
            embankment_hedge = "embankment hedge", ditch = "ditch" }
--- The names with their article ("an embankment hedge"), for rule texts.
M.a_names = {}
for k, v in pairs(M.names) do M.a_names[k] = (v:match("^[aeiou]") and "an " or "a ") .. v end

-- ---------------------------------------------------------------------------------------
-- Crossing. A troop kind is a class, split where the rules split it: heavy_infantry and
-- heavy_cavalry (H or XH armour), legless_monster (a monster with neither legs nor wings).
-- A rule is {cross = false} (barred), {cost = "none"|"half"|"whole", disorganised = bool}, or
-- {vault = {full_move = bool}, otherwise = rule} (cavalry: vault at no cost when the
-- obstacle is the only terrain of the move, and, when full_move, the unit uses its whole
-- MOV). `reason` says it with %s for the obstacle's name; `proposed` marks our reading.
-- ---------------------------------------------------------------------------------------

local halves_and_disorganises = { cost = "half", disorganised = true }

--- The general rule for every linear obstacle (HR-1.1).
M.general = {
  war_machine = { cross = false, reason = "war machines may not cross %s" },
  chariot = { cross = false, reason = "chariots may not cross %s" },
  animal = { cross = false, reason = "animals may not cross %s" },
  infantry = { cost = "half", reason = "infantry cross %s at the cost of half their move" },
  heavy_infantry = { cost = "half", reason = "infantry cross %s at the cost of half their move" },
  individual = { cost = "none", reason = "individuals cross %s freely" },
  cavalry = { vault = { full_move = true }, otherwise = halves_and_disorganises,
              reason = "cavalry vault %s at no cost when it is the only terrain of their move and they use their full move; otherwise crossing halves their move and disorganises them" },
  heavy_cavalry = { cost = "half", disorganised = true,
                    reason = "cavalry in heavy or extra-heavy armour never vault: crossing %s halves their move and disorganises them" },
  monster = { cost = "none", reason = "monsters with legs or wings step, hop or fly over %s" },
  legless_monster = { cost = "half", proposed = true,
                      reason = "a monster with neither legs nor wings is not covered: it crosses %s at the cost of half its move, like infantry (proposed)" },
  swarm = { cost = "half", reason = "swarms cross %s at the cost of half their move" },
}

local tall = {
  cavalry = { cross = false, reason = "cavalry may neither cross nor vault %s" },
  heavy_cavalry = { cross = false, reason = "cavalry may neither cross nor vault %s" },
  monster = { cost = "half", reason = "monsters cross %s at the cost of half their move" },
  legless_monster = { cost = "half", reason = "monsters cross %s at the cost of half their move" },
  individual = { cost = "half", reason = "individuals cross %s at the cost of half their move" },
  heavy_infantry = { cross = false, reason = "infantry in heavy or extra-heavy armour may not cross %s" },
}

--- Each type's overrides of the general rule (HR-1.2); a kind it does not name follows
--- M.general.
M.crossing = {
  wall = {},
  fence = {},
  low_hedge = {
    cavalry = { vault = { full_move = false }, otherwise = halves_and_disorganises,
                reason = "cavalry vault %s at any point of their move when it is the only terrain they move through; otherwise crossing halves their move and disorganises them" },
  },
  tall_hedge = tall,
  embankment_hedge = tall,
  ditch = {
    cavalry = { vault = { full_move = true }, otherwise = halves_and_disorganises,
                reason = "cavalry vault %s at any point of their move when it is the only terrain they move through and they use their full move; otherwise crossing halves their move and disorganises them" },
    war_machine = { cost = "whole", reason = "war machines cross %s at the cost of a whole move: the crew fill enough of it in" },
  },
}

-- ---------------------------------------------------------------------------------------
-- Cover against shooting, as the core's kill-throw cover ("soft" -1, "hard" -2, the values
-- of the ruleset's shooting_kill list). rule: "wall" (hard for infantry entirely hidden that
-- do not shoot, else the soft-cover rule), "none", "hedge" (not stated: the core's soft-cover
-- rule, or none, by the option hedge_cover), "ditch" (infantry one deep, not H/XH, lined
-- along it: hard when not shooting, soft when shooting).
-- ---------------------------------------------------------------------------------------
M.cover = { wall = "wall", fence = "none", low_hedge = "hedge", tall_hedge = "hedge", embankment_hedge = "hedge",
            ditch = "ditch" }

--- How much of a unit an obstacle hides (the input `hidden`), and which the core's
--- soft-cover rule counts (more than half of the unit, p.23-24).
M.hidden = { "entirely", "more_than_half", "half_or_less" }
M.soft_counts = { entirely = true, more_than_half = true, half_or_less = false }

-- ---------------------------------------------------------------------------------------
-- Line of sight: the types that block it, and the classes they hide. A line crossing one is
-- blocked when the observer or the target is of one of these classes (proposed reading 3).
-- ---------------------------------------------------------------------------------------
M.blocks_sight = { tall_hedge = true, embankment_hedge = true }
M.hidden_classes = { infantry = true, individual = true, animal = true }

-- ---------------------------------------------------------------------------------------
-- On the table: each type is a line a scenario lays out (`feature "wall" {line = {...}}`), this
-- wide when the scenario gives no width, and at most `max_width` (inches). The booklet gives
-- no sizes: a wall or a low hedge about 12mm thick, a fence a rail's 6mm, a tall hedge 20mm,
-- an embankment hedge on its bank 40mm, a ditch 25mm across (proposed).
-- ---------------------------------------------------------------------------------------
M.widths = { wall = 0.5, fence = 0.25, low_hedge = 0.5, tall_hedge = 0.75, embankment_hedge = 1.5, ditch = 1 }
M.max_width = 3

-- ---------------------------------------------------------------------------------------
-- Dismantling: who may take down a length, at what cost of their move. A type without a
-- row for a class: that class may not; `never`: nobody may.
-- ---------------------------------------------------------------------------------------
M.dismantle_length = 6  -- inches removed each time
M.dismantle = {
  wall = { monster = "whole" },
  fence = { monster = "half", infantry = "whole", war_machine = "whole" },
  low_hedge = { monster = "half", infantry = "whole", war_machine = "whole" },
  tall_hedge = { monster = "whole" },
  embankment_hedge = { never = true },
  ditch = { never = true },
}

return M
