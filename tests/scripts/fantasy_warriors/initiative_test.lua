-- Fantasy Warriors Initiative Test (page 26): by armies and by commands, with chosen dice; the
-- leadership and bad-light modifiers, the order of choosing, each tie-break in turn (higher
-- leadership, not in bad light, a roll-off, a roll-off tied again), a dead warchief and a
-- leaderless command at 0, and who chose what.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local function initiative(input) return ruleset.resolve("initiative", input) end

local orcs = { name = "Orcs", warchief = { name = "Gorbag", leadership = 4, bad_light = "day" } }
local dwarves = { name = "Dwarves", warchief = { name = "Thorin", leadership = 3 } }

local function order(r)
  local out = {}
  for _, o in ipairs(r.order) do out[#out + 1] = o.command or o.side end
  return table.concat(out, " ")
end

function M.test_by_armies_the_highest_chooses_when_to_move()
  -- Orcs 3 + 4 - 1 (bad light by day) = 6; Dwarves 4 + 3 = 7: the Dwarves choose, and move second.
  muster.choice.set_controller("Dwarves", "script", { "2nd" })
  muster.dice.set_faces { 3, 4 }
  local r = initiative { sides = { orcs, dwarves }, time = "day" }
  t.eq({ r.method, order(r) }, { "armies", "Orcs Dwarves" })
  t.eq({ r.throws[1].side, r.throws[1].score, r.throws[1].took, r.throws[1].chosen_by }, { "Dwarves", 7, "2nd", "script" })
  t.eq({ r.throws[2].side, r.throws[2].score, r.throws[2].took, r.throws[2].chosen_by }, { "Orcs", 6, "1st", "rule" })
  t.eq(t.modifier_ids(r, "initiative, Orcs"), "leadership=4 bad_light=-1")
  t.eq(t.modifier_ids(r, "initiative, Dwarves"), "leadership=3")
  t.eq(r.modifiers[2].source, "fantasy_warriors p.26")
  t.eq(r.choices, { { side = "Dwarves", question = "move_order", answer = "2nd", by = "script", about = "Dwarves" } })
  t.eq(r.outcome, "moves: Orcs, Dwarves")
  -- At night the Orcs' warchief does not endure bad light; the default policy moves first.
  muster.dice.set_faces { 3, 4 }
  r = initiative { sides = { orcs, dwarves }, time = "night" }
  t.eq({ r.throws[1].side, r.throws[1].score, r.throws[1].tie_break, order(r) }, { "Orcs", 7, "higher leadership", "Orcs Dwarves" })
end

function M.test_ties_go_to_the_higher_leadership_then_out_of_bad_light()
  muster.dice.set_faces { 3, 4 }  -- at night: Orcs 3 + 4 = 7, Dwarves 4 + 3 = 7
  local r = initiative { sides = { orcs, dwarves }, time = "night" }
  t.eq({ r.throws[1].side, r.throws[1].tie_break }, { "Orcs", "higher leadership" })
  -- Same leadership: the warchief not enduring bad light chooses first.
  local elves = { name = "Elves", warchief = { name = "Celeborn", leadership = 4 } }
  muster.dice.set_faces { 4, 3 }  -- Orcs 4 + 4 - 1 = 7, Elves 3 + 4 = 7
  r = initiative { sides = { orcs, elves }, time = "day" }
  t.eq({ r.throws[1].side, r.throws[1].tie_break, r.throws[1].bad_light, r.throws[2].bad_light }, { "Elves", "not in bad light", false, true })
end

function M.test_a_tie_still_equal_rolls_again_until_settled()
  local a = { name = "Men", warchief = { name = "Aldo", leadership = 2 } }
  local b = { name = "Elves", warchief = { name = "Bel", leadership = 2 } }
  muster.dice.set_faces { 3, 3, 2, 5 }
  local r = initiative { sides = { a, b } }
  t.eq({ order(r), r.throws[1].tie_rolls, r.throws[2].tie_rolls, r.throws[1].tie_break }, { "Elves Men", { 5 }, { 2 }, "roll-off" })
  t.eq(r.dice[3].label, "initiative tie 1, Men")
  muster.dice.set_faces { 3, 3, 4, 4, 6, 1 }
  r = initiative { sides = { a, b } }
  t.eq({ order(r), r.throws[1].tie_rolls, r.throws[2].tie_rolls }, { "Men Elves", { 4, 6 }, { 4, 1 } })
  t.eq(r.dice[5].label, "initiative tie 2, Men")
end

function M.test_a_dead_warchief_counts_leadership_zero()
  muster.dice.set_faces { 5, 4 }
  local r = initiative { sides = { t.copy(orcs, { warchief_lost = true }), dwarves }, time = "day" }
  t.eq({ r.throws[1].side, r.throws[1].score, r.throws[2].score, r.throws[2].leadership, r.throws[2].bad_light },
       { "Dwarves", 7, 5, 0, false })
  t.eq(t.modifier_ids(r, "initiative, Orcs"), "")
  -- No warchief given at all: the same.
  muster.dice.set_faces { 5, 4 }
  r = initiative { sides = { { name = "Orcs" }, dwarves } }
  t.eq(r.throws[2].score, 5)
end

function M.test_several_armies_choose_in_descending_order()
  local men = { name = "Men", warchief = { name = "Aldo", leadership = 1 } }
  -- Orcs 6 + 4 = 10, Dwarves 4 + 3 = 7, Men 3 + 1 = 4: the Orcs choose 3rd, the Dwarves 1st.
  muster.choice.set_controller("Orcs", "script", { "3rd" })
  muster.choice.set_controller("Dwarves", "script", { "1st" })
  muster.dice.set_faces { 6, 4, 3 }
  local r = initiative { sides = { orcs, dwarves, men }, time = "night" }
  t.eq(order(r), "Dwarves Men Orcs")
  t.eq({ r.choices[1].side, r.choices[2].side, #r.choices }, { "Orcs", "Dwarves", 2 })
  t.eq(r.throws[3].chosen_by, "rule")
  -- By the default policy each takes the earliest place left: descending order of scores.
  muster.choice.set_controller("Orcs", "policy", "first")
  muster.choice.set_controller("Dwarves", "policy", "first")
  muster.dice.set_faces { 1, 1, 6 }  -- Orcs 5, Dwarves 4, Men 7
  r = initiative { sides = { orcs, dwarves, men }, time = "night" }
  t.eq(order(r), "Men Orcs Dwarves")
end

local function command(name, leader, extra)
  return t.copy({ name = name, leader = leader }, extra)
end

function M.test_by_commands_counters_in_descending_order_commands_in_counter_order()
  local sides = {
    { name = "Orcs", commands = {
      command("Orc guard", { name = "Gorbag", role = "warchief", leadership = 4, bad_light = "day" }),
      command("Orc spears", { name = "Grukk", role = "battle_leader", leadership = 2 }),
      command("Orc archers", nil, { leader_lost = false }) } },
    { name = "Dwarves", commands = {
      command("Dwarf axes", { name = "Balin", role = "battle_leader", leadership = 3, bad_light = "day" }),
      command("Dwarf crossbows", { name = "Dwalin", role = "battle_leader", leadership = 1 }, { leader_lost = true }) } },
  }
  -- Gorbag 2 + 4 - 1 = 5; Grukk 6 + 2 = 8; archers (leaderless) 4 + 0 = 4; Balin 5 + 3 - 1 = 7;
  -- crossbows (leader lost) 1 + 0 = 1. Grukk's owner takes counter 2, Balin's counter 1.
  muster.choice.set_controller("Orcs", "script", { "2nd", "3rd", "5th" })
  muster.choice.set_controller("Dwarves", "script", { "1st" })
  muster.dice.set_faces { 2, 6, 4, 5, 1 }
  local r = initiative { method = "commands", sides = sides, time = "day" }
  local scores = {}
  for _, e in ipairs(r.throws) do scores[#scores + 1] = e.command .. "=" .. e.score .. ":" .. e.took end
  t.eq(scores, { "Orc spears=8:2nd", "Dwarf axes=7:1st", "Orc guard=5:3rd", "Orc archers=4:5th", "Dwarf crossbows=1:4th" })
  t.eq(order(r), "Dwarf axes Orc spears Orc guard Dwarf crossbows Orc archers")
  t.eq({ r.order[1].counter, r.order[1].side, r.order[1].leader }, { 1, "Dwarves", "Balin" })
  -- Each counter is placed by the figure's own side.
  local who = {}
  for _, c in ipairs(r.choices) do who[#who + 1] = c.about .. ":" .. c.side end
  t.eq(who, { "Orc spears:Orcs", "Dwarf axes:Dwarves", "Orc guard:Orcs", "Orc archers:Orcs" })
  t.eq(r.throws[5].chosen_by, "rule")
  t.eq({ r.throws[4].leaderless, r.throws[5].leaderless, r.throws[5].leader }, { true, true, nil })
  t.eq(t.modifier_ids(r, "initiative, Orc guard"), "leadership=4 bad_light=-1")
end

function M.test_by_commands_ties_use_the_same_tie_breaks()
  local sides = { { name = "Orcs", commands = { command("A", { name = "Ga", leadership = 2 }), command("B", nil) } },
                  { name = "Men", commands = { command("C", { name = "Gc", leadership = 2 }) } } }
  -- A 3 + 2 = 5, B 5 + 0 = 5, C 3 + 2 = 5: B has the lower leadership; A and C roll off (6, 2).
  muster.dice.set_faces { 3, 5, 3, 6, 2 }
  local r = initiative { method = "commands", sides = sides }
  t.eq(order(r), "A C B")
  t.eq({ r.throws[1].tie_break, r.throws[2].tie_break, r.throws[3].tie_break }, { "roll-off", "roll-off", nil })
end

function M.test_initiative_input_errors()
  local function no(input, message) t.fails_exactly(function() initiative(input) end, message) end
  no({}, "input: sides: missing (each side {name, warchief?, warchief_lost?, commands?})")
  no({ method = "units", sides = { orcs } }, "input: method: \"units\" is not one of armies, commands")
  no({ method = "commands", sides = { orcs } }, "input: sides[1].commands: missing: moving by commands, each side lists its commands (one counter each)")
  no({ sides = { orcs, orcs } }, "input: sides[2].name: \"Orcs\" is named twice")
  no({ sides = { { name = "Orcs", warchief = { name = "G", leadership = 7 } } } }, "input: sides[1].warchief.leadership: 7 is out of range 0..5")
  no({ sides = { { name = "Orcs", general = {} } } }, "input: sides[1].general: unknown field (known: name, warchief, warchief_lost, commands)")
end

-- The bad-light report reads the Initiative Test's own entry.
function M.test_the_bad_light_report_reads_this_list()
  t.rules("gloom").replace_modifier("initiative", "bad_light", { id = "bad_light", value = -2, reason = "gloomier",
    when = function(c) return c.bad_light end })
  local r = ruleset.resolve("bad_light", { time = "day", units = { { name = "Orcs", figures = 1, quality = "average", type = "tribal" } } })
  local e
  for _, x in ipairs(r.effects) do if x.id == "initiative" then e = x end end
  t.eq({ e.value, e.source }, { -2, "gloom" })
  muster.dice.set_faces { 3, 4 }
  local i = initiative { sides = { orcs, dwarves }, time = "day" }
  t.eq(t.modifier_ids(i, "initiative, Orcs"), "leadership=4 bad_light=-2")
end

return M
