-- HR-5 Successors (variant `successors`) with its options turned the other way:
-- warchief_individuals_rout = false (the individuals stay under a successor warchief) and
-- army = unorganised (a battle leader a reserve replaces is killed).
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "successors" },
            options = { "successors.warchief_individuals_rout=false", "successors.army=unorganised" } }

function M.test_individuals_stay_under_the_successor()
  muster.dice.set_faces { 1 }  -- a hero's roll would rout him on 1: none is thrown
  local r = ruleset.resolve("succession", {
    principal = { name = "Gorbag", role = "warchief", leadership = 4 }, event = "killed",
    successor = { name = "Ugluk", leadership = 3 },
    individuals = { { name = "Azog", role = "hero" }, { name = "Shaman", role = "wizard", power = 5 }, { role = "herald" } } })
  t.eq(r.dice, {})
  t.eq(r.removed, { "Gorbag" })
  t.eq(r.stays, { "Azog", "Shaman", "herald" })
  t.eq(r.individuals_note, "the individuals stay under the successor (option warchief_individuals_rout = false)")
  t.eq(r.command_test_markers, { { name = "Gorbag", role = "warchief", event = "killed", when = "phase_seven" } })
  t.eq(r.command_test_warchief_lost, true, "the -3 still applies")
  -- the next die is still the first: nothing was rolled
  t.eq(muster.dice.roll("1d6"), 1)
end

function M.test_no_successor_is_still_the_core_rule()
  muster.dice.set_faces { 1 }
  local r = ruleset.resolve("succession", {
    principal = { name = "Gorbag", role = "warchief", leadership = 4 }, event = "killed",
    individuals = { { name = "Azog", role = "hero" } } })
  t.eq(r.succession, false)
  t.eq(r.core.removed, { "Gorbag", "Azog" }, "the option concerns a successor's army only")
end

function M.test_unorganised_army_by_default_and_organised_by_input()
  local input = { reserve = { name = "Shagrat", leadership = 4 },
                  battle_leader = { name = "Grishnakh", quality = "average", type = "tribal", leadership = 2 },
                  units = { { name = "Orc spears", distance = 6 } } }
  muster.dice.set_faces { 6 }
  local r = ruleset.resolve("reserve_takes_command", input)
  t.eq(r.army, "unorganised")
  t.eq(r.old_leader_fate, "killed")
  input.army = "organised"
  muster.dice.set_faces { 6 }
  r = ruleset.resolve("reserve_takes_command", input)
  t.eq(r.old_leader_fate, "successor")
  t.eq(r.old_leader_note, "Grishnakh becomes Shagrat's nominated successor (HR-5.1)")
end

return M
