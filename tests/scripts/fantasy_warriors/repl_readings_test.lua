-- The REPL library's readings of units (scripts/lib/repl.lua): a unit is read from the battle
-- state again only when its revision changed, so what the library gives must follow every
-- change made any way: through the library, straight into the state, by a state loaded back.
local t = require("testing")
local repl = require("repl")

local M = { ruleset = "fantasy_warriors" }

local function orcs()
  local env = {}
  repl.install(env, {})
  return env, env.unit { "orc infantry", figures = 10 }
end

function M.test_a_change_made_straight_into_the_state_is_read()
  local _, u = orcs()
  t.eq(repl.describe(u).figures, 10)
  muster.state.set_prop(u.id, "orders", "hold")
  t.eq(repl.describe(u).orders, "hold")
  muster.state.del_figure(muster.state.get_unit(u.id).figures[1].id)
  t.eq(repl.describe(u).figures, 9)
end

function M.test_a_description_is_a_fresh_table_each_time()
  local _, u = orcs()
  local d = repl.describe(u)
  d.figures = 1
  d.name = "changed"
  t.eq({ repl.describe(u).figures, repl.describe(u).name }, { 10, "Orc infantry" })
end

function M.test_notes_follow_their_writes()
  local _, u = orcs()
  t.eq(repl.get_note(u, "phase"), nil)
  repl.set_note(u, "phase", { lost = 2, reactions = { "shaken", "rout" } })
  t.eq(repl.get_note(u, "phase"), { lost = 2, reactions = { "shaken", "rout" } })
  -- A smaller note replaces the whole of the old one.
  repl.set_note(u, "phase", { lost = 1 })
  t.eq(repl.get_note(u, "phase"), { lost = 1 })
  repl.set_note(u, "moved", true)
  t.eq({ repl.get_note(u, "moved"), repl.get_note(u, "phase") }, { true, { lost = 1 } })
  repl.set_note(u, "phase", nil)
  t.eq({ repl.get_note(u, "phase"), repl.get_note(u, "moved") }, { nil, true })
  -- The description never shows the notes.
  t.eq(repl.describe(u).repl, nil)
end

function M.test_a_note_set_again_as_it_was_leaves_the_unit_unchanged()
  local _, u = orcs()
  repl.set_note(u, "phase", { lost = 2 })
  local before = muster.state.get_revision(u.id)
  repl.set_note(u, "phase", { lost = 2 })
  t.eq(muster.state.get_revision(u.id), before)
  repl.set_note(u, "phase", { lost = 3 })
  t.eq(muster.state.get_revision(u.id) ~= before, true)
end

function M.test_a_note_key_is_a_word()
  local _, u = orcs()
  t.fails(function() repl.set_note(u, "a.b", 1) end, "note key a.b: letters, digits and _ expected")
  t.fails(function() repl.get_note(u, "a.b") end, "note key a.b: letters, digits and _ expected")
end

function M.test_a_note_changed_by_the_caller_is_not_kept()
  local _, u = orcs()
  repl.set_note(u, "phase", { lost = 2 })
  local note = repl.get_note(u, "phase")
  note.lost = 7
  t.eq(repl.get_note(u, "phase"), { lost = 2 })
end

function M.test_a_state_loaded_back_is_read_again()
  local _, u = orcs()
  local orders = repl.describe(u).orders
  local saved = muster.state.fmt()
  repl.set_note(u, "phase", { lost = 2 })
  muster.state.set_prop(u.id, "orders", orders == "hold" and "attack" or "hold")
  t.eq(repl.describe(u).orders ~= orders, true)
  muster.state.parse(saved)
  t.eq({ repl.describe(u).orders, repl.get_note(u, "phase") }, { orders, nil })
end

return M
