-- HR-12 Goblin Galloper Gun (variant `galloper_gun`) with its options' other values:
-- crew_guards = true (its gunners keep the sacred item guarded) and charges = 6 (one charge a
-- shot, the volley counters of every missile unit). galloper_gun_test.lua has the defaults.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "galloper_gun" },
            options = { "galloper_gun.crew_guards=true", "galloper_gun.charges=6" } }

local function at_end(friendly)
  return ruleset.resolve("talisman", { talisman = { type = "sacred_item", name = "Lucky" }, event = "end_of_movement",
                                       contact = { friendly = friendly } })
end

function M.test_crew_guards_its_gunners_keep_the_sacred_item_guarded()
  local r = at_end({ { name = "Goblin gunners", role = "crew", count = 2 } })
  t.eq({ r.guardian, r.state_after, r.functioning_after }, { "Goblin gunners", "guarded", true })
  -- Other warriors still do not; with nobody there the item is abandoned, said with the new row.
  r = at_end({ { name = "Goblin spears", role = "warrior", count = 5 } })
  t.eq({ r.guardian, r.state_after }, { false, "abandoned" })
  r = at_end({})
  t.eq(r.outcome, "abandoned: no warchief, battle leader, individual or galloper gun crew in base contact; no enemy figure in base contact")
  t.eq(ruleset.modules.talismans.data.talisman_rules:source("guard"), "galloper_gun p.13")
end

function M.test_charges_6_the_gun_shoots_six_times()
  muster.dice.set_faces { 6, 1, 1, 1 }
  local r = ruleset.resolve("artillery_shot", { piece = "galloper_gun", distance = 6,
    crew = { name = "Goblin gunners", figures = 2, quality = "average", type = "disciplined" },
    target = { name = "Dwarves", figures = 10, quality = "veteran", type = "disciplined", armour = "heavy" } })
  t.eq({ r.charges, r.charges_left }, { 6, 5 })
  local army = { file = "test/gun.lua", text = table.concat({
    'army "Test" { list = "goblins", points = 1000, house_rules = { "HR-12" },',
    '  warchief "goblin_warchief" { name = "Skarsnik", leadership = 3 },',
    '  command "Gun" { battle_leader "goblin_battle_leader" { name = "Gitz", leadership = 3 },',
    '    machine "galloper_gun" { name = "Lucky", pieces = 1, crew = 3, leader = true } } }' }, "\n") }
  t.eq(ruleset.modules.armies.supplies(army).charges[1].counters, 6)
end

return M
