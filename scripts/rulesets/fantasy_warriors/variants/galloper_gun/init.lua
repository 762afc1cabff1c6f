--- HR-12 Goblin Galloper Gun (house-rules booklet page ~13): applies the variant. Sets the rows
--- `galloper_gun` of the ruleset's `artillery_pieces` (its shot: STR +7, 1 charge, ignition)
--- and `artillery_modes` (unhitched fires, hitched moves; rows of the Goblin list entry), adds
--- the procedure `galloper_hitch` (hitch.lua), and with option crew_guards lets the gunners
--- guard it as the sacred item (`talisman_rules.guard`). The army entry is
--- scripts/armies/fantasy_warriors/goblins.lua (talisman = "sacred_item").
local hitch = require("hitch")

local M = {}

--- The booklet page every change of this variant cites (not in its contents table: ~13).
local PAGE = 13

--- The gun's shot (HR-12 note 3, D2): what this variant settled for the lost artillery rule
--- (docs/rules-assumptions.md). Its name, weapon (a gun) and STR +7 are the Goblin list's entry
--- (scripts/armies/fantasy_warriors/goblins.lua), read at apply so the two never drift.
--- crew_min is the fewest gunners that can fire it (1: the booklet's MIN 2 is what is bought).
M.piece = {
  short = 8, long = 30, dice = 3, crew_min = 1,
  trajectory = "direct", characters = true, cover = { most = "hard", behind = true }, ignition = true,
}

function M.apply(rules, options, context)
  if options.charges < 1 then error("galloper_gun: option charges: " .. options.charges .. " is not 1 or more", 0) end
  local piece = {}
  for k, v in pairs(M.piece) do piece[k] = v end
  local e = rules.modules.armies.load_list("goblins").entries.galloper_gun
  piece.name, piece.weapon, piece.strength = e.name, e.weapon, e.strength
  piece.charges = options.charges
  -- The gun's strength lives here, `artillery_pieces.galloper_gun.strength`: the weather
  -- (HR-4 storms: +7 becomes +6) reaches it through shooting_kill with weapon "gun"
  -- (docs/variants.md, "Galloper gun (HR-12)").
  rules.set_row("artillery_pieces", "galloper_gun", piece, PAGE)
  rules.set_row("artillery_modes", "galloper_gun", {
    list = "goblins", entry = "galloper_gun", fires = "unhitched", turns = 1,
    modes = { unhitched = { label = "unhitched", from = "entry" },
              hitched = { label = "hitched to the wolf", from = "alternate" } },
  }, PAGE)
  if options.crew_guards then
    local guard = rules.get_table("talisman_rules").guard
    guard.roles[#guard.roles + 1] = "crew"
    rules.patch_row("talisman_rules", "guard",
      { roles = guard.roles, who = "warchief, battle leader, individual or galloper gun crew" }, PAGE)
    rules.add_sample("talisman", { talisman = { type = "sacred_item", name = "Goblin galloper gun" },
      event = "end_of_movement", contact = { friendly = { { name = "Goblin gunners", role = "crew", count = 2 } } } })
  end
  rules.add_procedure("galloper_hitch", hitch.procedure(rules, PAGE))
  rules.add_sample("artillery_shot", {
    piece = "galloper_gun",
    crew = { name = "Goblin gunners", figures = 2, quality = "average", type = "disciplined", armour = "medium",
             bad_light = "day" },
    target = { name = "Dwarf infantry", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy",
               shield = true, leader = true },
    distance = 10, time = "night" })
end

return M
