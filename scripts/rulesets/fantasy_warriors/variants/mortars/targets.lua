--- HR-6.3 (house-rules booklet page 6): the mortar's own hit-throw modifiers, added to the
--- ruleset's list `artillery_hit` (each applies only to the piece `mortar`): the obscured
--- target's -1 unless it stands at a known point, and with option minimum_range_band = "long"
--- the -1 at exactly the minimum range. Gives the samples `muster rules check` runs them on.
local M = {}

--- Whether the facts make a known point (HR-6.3): the shooting side won the scouting (read:
--- it outscouted the enemy), and the target is on or touching a terrain feature that was on
--- the table from the start, but not inside a soft-cover feature such as a wood.
---@param k table|nil checked known_point facts {scouting, on_feature, in_soft_cover}
---@return boolean
function M.known_point(k)
  return k ~= nil and k.scouting == "won" and k.on_feature and not k.in_soft_cover
end

local function mortar(c) return c.piece.key == "mortar" end

--- A Dwarf mortar's crew and an Orc unit, for the samples (worked check 5: 20in, unseen
--- behind a hill, beside a bridge, the Dwarves outscouted).
M.sample = {
  piece = "mortar",
  crew = { name = "Dwarf gun crew", figures = 2, quality = "veteran", type = "disciplined", armour = "medium" },
  target = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", strength = 1,
             armour = "medium", shield = true, leader = true },
  distance = 20, obscured_by = "terrain", known_point = { scouting = "won", on_feature = true },
}

function M.apply(rules, options, page)
  rules.add_modifier("artillery_hit", { id = "mortar_obscured", value = -1, page = page,
    reason = "obscured target: hidden by terrain and not at a known point",
    when = function(c) return mortar(c) and c.obscured_by == "terrain" and not M.known_point(c.known_point) end })
  if options.minimum_range_band == "long" then
    rules.add_modifier("artillery_hit", { id = "mortar_minimum_range", value = -1, page = page,
      reason = "at exactly its minimum range the mortar still counts long range (option minimum_range_band)",
      when = function(c) return mortar(c) and c.range == "short" end })
  end
  local function sample(changes)
    local s = {}
    for k, v in pairs(M.sample) do s[k] = v end
    for k, v in pairs(changes) do s[k] = v or nil end  -- false: leave the field out
    rules.add_sample("artillery_shot", s)
  end
  sample({})                                               -- worked check 5: known point
  sample({ known_point = false, cover = "hard" })          -- obscured, not known; hard cover counts soft
  sample({ distance = 12, obscured_by = "units", cover = "soft", cover_position = "behind" })
end

return M
