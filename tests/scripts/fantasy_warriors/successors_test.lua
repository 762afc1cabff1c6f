-- HR-5 Successors for command (variant `successors`, house-rules booklet page 5), with its
-- default options (the warchief's individuals still rout; organised armies): a nominated
-- successor taking over a warchief or battle leader with no test and the counters that still
-- fall, his points, and a reserve leader taking over a command with and without a test
-- (every band of the take-over table), with every refusal's text.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "successors" } }

local NONE = t.NONE
local with = t.with_paths

local function names(list)
  local out = {}
  for i, x in ipairs(list) do out[i] = x.name .. (x.when and (":" .. x.when) or "") end
  return table.concat(out, " ")
end

local testers = {
  { name = "Gorbag", role = "warchief", leadership = 4, units = { "Orc guard" } },
  { name = "Grukk", role = "battle_leader", leadership = 3, units = { "Orc spears" } },
  { name = "Snaga", role = "battle_leader", leadership = 2, units = { "Orc archers" } },
}

local warchief_falls = {
  principal = { name = "Gorbag", role = "warchief", leadership = 4 }, event = "killed",
  successor = { name = "Ugluk", leadership = 2 },
  individuals = { { name = "Azog", role = "hero" }, { name = "Herald", role = "herald" } },
  testers = testers,
}

local leader_falls = {
  principal = { name = "Grukk", role = "battle_leader", leadership = 3 }, event = "routed",
  successor = { name = "Lugdush", leadership = 1 }, testers = testers,
}

function M.test_successor_takes_over_a_killed_warchief()
  muster.dice.set_faces { 5 }  -- Azog's roll on the warchief's death: he stays
  local r = ruleset.resolve("succession", warchief_falls)
  t.eq(r.succession, true)
  t.eq(r.takes_command, "Ugluk")
  t.eq(r.leadership, 2)
  t.eq(r.test, "none: he takes command at once, and no unit is disorganised")
  t.eq(#r.dice, 1, "no die for the succession itself: the only one is the hero's")
  t.eq(r.dice[1].label, "warchief killed, Azog")
  t.eq(r.new_orders, true)
  t.eq(r.command_test_warchief_lost, true)
  -- the core individual routs of p.40 still happen (option warchief_individuals_rout)
  t.eq(r.removed, { "Gorbag", "Herald" })
  t.eq(r.stays, { "Azog" })
  t.eq(r.heroes[1].result, "vengeance")
  -- counters as for any warchief's loss; Ugluk tests in Gorbag's place with his own leadership
  t.eq(names(r.counters), "Ugluk:this_turn Grukk:this_turn Snaga:this_turn")
  t.eq(r.testers[1], { name = "Ugluk", role = "warchief", leadership = 2, units = { "Orc guard" }, counter = true })
  t.eq(r.command_test_markers[1], { name = "Gorbag", role = "warchief", event = "killed", when = "phase_seven" })
  t.eq(r.outcome, "Ugluk takes command in Gorbag's place: no test")
  -- the testers go straight into the Command Test: 4 + 2 leadership - 3 lost warchief = 3, rout
  muster.dice.set_faces { 4 }
  local ct = ruleset.resolve("command_test", { testers = { r.testers[1] }, warchief_lost = r.command_test_warchief_lost })
  t.eq(ct.tests[1].score, 3)
  t.eq(ct.tests[1].result, "rout")
end

function M.test_successor_takes_over_a_routed_warchief()
  local r = ruleset.resolve("succession", with(warchief_falls, { event = "routed" }))
  t.eq(r.removed, { "Gorbag", "Azog", "Herald" }, "every individual leaves with a routed warchief (p.40)")
  t.eq(r.stays, {})
  t.eq(r.takes_command, "Ugluk")
end

function M.test_successor_takes_over_a_battle_leader()
  local r = ruleset.resolve("succession", leader_falls)
  t.eq(r.takes_command, "Lugdush")
  t.eq(r.command_test_warchief_lost, nil)
  t.eq(r.new_orders, true)
  t.eq(r.orders_note, "his command is not leaderless: it keeps its current order and may receive new ones, and tests with his leadership")
  t.eq(names(r.counters), "Gorbag:this_turn Lugdush:this_turn Snaga:this_turn")
  t.eq(r.testers[2], { name = "Lugdush", role = "battle_leader", leadership = 1, units = { "Orc spears" }, counter = true })
  -- Grukk's command already tested this Phase Seven: Lugdush's counter waits for next turn's
  r = ruleset.resolve("succession", with(leader_falls, { tested = { "Grukk", "Gorbag" } }))
  t.eq(names(r.counters), "Gorbag:next_turn Lugdush:next_turn Snaga:this_turn")
  t.eq(r.next_turn_counters, { "Gorbag", "Lugdush" })
  -- the successor's own bad light goes with him
  r = ruleset.resolve("succession", with(leader_falls, { ["successor.bad_light"] = true }))
  t.eq(r.testers[2].bad_light, true)
  -- without testers: only what the loss means
  r = ruleset.resolve("succession", with(leader_falls, { testers = NONE }))
  t.eq(r.counters, nil)
  t.eq(r.command_test_markers[1].event, "routed")
end

function M.test_no_successor_leaves_the_core_rules()
  local r = ruleset.resolve("succession", with(leader_falls, { successor = NONE }))
  t.eq(r.succession, false)
  t.eq(r.why, "no nominated successor")
  t.eq(r.core.procedure, "individual_lost")
  t.eq(names(r.core.counters), "Gorbag:this_turn command of Grukk:this_turn Snaga:this_turn")
  t.eq(r.outcome, "no succession: Grukk routed: Command Test (phase_seven)")
  muster.dice.set_faces { 2 }
  r = ruleset.resolve("succession", with(warchief_falls, { ["successor.alive"] = false }))
  t.eq(r.why, "Ugluk is dead or gone")
  t.eq(r.core.no_new_orders, true)
  t.eq(r.core.removed, { "Gorbag", "Azog", "Herald" }, "Azog rolled 2: routs")
end

function M.test_succession_refusals()
  t.fails(function() ruleset.resolve("succession", with(leader_falls, { ["successor.leadership"] = 3 })) end,
    "input: successor.leadership: a successor's leadership must be lower than his principal's 3, got 3 (HR-5.1.2, successors p.5)")
  t.fails(function() ruleset.resolve("succession", with(warchief_falls, {
      individuals = { { name = "Ugluk", role = "hero" } } })) end,
    "input: individuals[1]: \"Ugluk\" is the successor: he takes command and is not one of the individuals")
  t.fails(function() ruleset.resolve("succession", with(warchief_falls, {
      individuals = { { name = "Shaman", role = "wizard", power = 5, last_spell = { spell = "blast" } } } })) end,
    "input: individuals[1].last_spell: cast a wizard's last spell with the procedure cast: succession says whether he may")
  t.fails(function() ruleset.resolve("succession", with(leader_falls, { individuals = {} })) end,
    "input: individuals: only the warchief's loss concerns the other individuals")
  t.fails(function() ruleset.resolve("succession", with(leader_falls, { ["principal.name"] = "Nobody" })) end,
    "input: lost: \"Nobody\" is not a battle leader among the testers")
  t.fails(function() ruleset.resolve("succession", with(leader_falls, { ["successor.name"] = "Snaga" })) end,
    "input: testers[3].name: \"Snaga\" takes Grukk's place: he is not a tester yet")
  t.fails(function() ruleset.resolve("succession", with(leader_falls, { ["principal.role"] = "hero" })) end,
    "input: principal.role: \"hero\" is not one of warchief, battle_leader")
  t.fails(function() ruleset.resolve("succession", with(leader_falls, { ["successor.leadership"] = NONE })) end,
    "input: successor.leadership: missing (0 to 5)")
end

-- The base points of a list entry, as the army list gives them.
local function base(list, id) return ruleset.modules.armies.load_list(list).entries[id].points end

function M.test_successor_points()
  local r = ruleset.resolve("successor_points", { list = "orcs", role = "warchief", principal_leadership = 4, leadership = 2 })
  t.eq(r.entry, "orc_warchief")
  t.eq(r.parts, { { text = "Orc warchief", points = base("orcs", "orc_warchief") }, { text = "leadership 2", points = 20 } })
  t.eq(r.points, base("orcs", "orc_warchief") + 20)
  t.eq(r.source, "successors p.5")
  r = ruleset.resolve("successor_points", { list = "dwarves", role = "battle_leader", principal_leadership = 4, leadership = 3 })
  t.eq(r.points, base("dwarves", "dwarf_battle_leader") + 35)
  -- a reserve leader: a battle leader with his leadership (HR-5.2.1)
  r = ruleset.resolve("successor_points", { kind = "reserve", list = "goblins", leadership = 1 })
  t.eq(r.entry, "goblin_battle_leader")
  t.eq(r.points, base("goblins", "goblin_battle_leader") + 10)
  -- another leader entry of the list
  r = ruleset.resolve("successor_points", { list = "orcs", role = "battle_leader", principal_leadership = 3, leadership = 0,
                                             entry = "orc_warchief" })
  t.eq(r.points, base("orcs", "orc_warchief"))
  t.fails(function() ruleset.resolve("successor_points", { list = "orcs", role = "warchief", principal_leadership = 2, leadership = 2 }) end,
    "input: leadership: a successor's leadership must be lower than his principal's 2, got 2 (HR-5.1.2, successors p.5)")
  t.fails(function() ruleset.resolve("successor_points", { kind = "reserve", list = "orcs", principal_leadership = 2, leadership = 2 }) end,
    "input: principal_leadership: only a nominated successor has a principal")
  t.fails(function() ruleset.resolve("successor_points", { list = "orks", role = "warchief", principal_leadership = 2, leadership = 1 }) end,
    "input: list: \"orks\" is not one of barbarians, dwarves, goblins, men, orcs, trolls_and_ogres, wood_elves")
  t.fails(function() ruleset.resolve("successor_points", { list = "orcs", role = "warchief", principal_leadership = 2, leadership = 1,
                                                          entry = "orc_hero" }) end,
    "input: entry: \"orc_hero\" is not a warchief or battle leader of the list Orcs")
end

local leaderless = {
  reserve = { name = "Shagrat", leadership = 2 },
  units = { { name = "Orc spears", distance = 6 }, { name = "Orc bows", distance = 8 } },
  current_order = "attack",
}

function M.test_reserve_takes_charge_of_a_leaderless_command()
  local r = ruleset.resolve("reserve_takes_command", leaderless)
  t.eq(r.tested, false)
  t.eq(r.dice, {})
  t.eq(r.took_command, true)
  t.eq(r.leader, "Shagrat")
  t.eq(r.order_now, "attack", "he keeps the current order")
  t.eq(r.range, 8)
  -- out of range: 9in > 8in; a herald makes it 10in
  local far = { units = { { name = "Orc spears", distance = 6 }, { name = "Orc bows", distance = 9 } } }
  r = ruleset.resolve("reserve_takes_command", with(leaderless, far))
  t.eq(r.took_command, false)
  t.eq(r.why, "Orc bows is 9in away, beyond his range of 8in (HR-5.2, successors p.5)")
  t.eq(r.order_now, "attack")
  far.heralds = 1
  t.eq(ruleset.resolve("reserve_takes_command", with(leaderless, far)).took_command, true)
  -- a routed unit does not count
  r = ruleset.resolve("reserve_takes_command", with(leaderless, {
    units = { { name = "Orc spears", distance = 6 }, { name = "Orc bows", reaction = "rout" } } }))
  t.eq(r.took_command, true)
  -- his choices on taking command (HR-5.2.4)
  t.eq(ruleset.resolve("reserve_takes_command", with(leaderless, { choice = "hold" })).order_now, "hold")
  t.eq(ruleset.resolve("reserve_takes_command", with(leaderless, { choice = "warchief_order", warchief_order = "oppose" })).order_now,
       "oppose")
end

local contested = {
  reserve = { name = "Shagrat", leadership = 4 },
  battle_leader = { name = "Grishnakh", quality = "average", type = "tribal", leadership = 0 },
  units = { { name = "Orc spears", distance = 6 }, { name = "Orc bows", distance = 7 } },
  current_order = "attack", choice = "hold",
}

function M.test_every_band_of_the_take_over_test()
  -- leadership 0 (the current battle leader's), no modifiers: the score is the die (-2 with a unit)
  local cases = {
    { 6, false, "takes_command", true, false, 0, 0, "hold" },
    { 5, false, "takes_command_confusion", true, false, 2, 0, "hold" },
    { 4, false, "delay", false, true, 0, 0, "attack" },
    { 3, false, "delay_and_confusion", false, true, 2, 0, "attack" },
    { 2, false, "refused", false, true, 0, 0, "attack" },
    { 1, false, "refused_and_confused", false, true, 2, 0, "attack" },
    { 2, true, "confusion", false, true, 2, 0, "attack" },
    { 1, true, "panic", false, true, 2, 2, "attack" },
  }
  for _, c in ipairs(cases) do
    muster.dice.set_faces { c[1] }
    local r = ruleset.resolve("reserve_takes_command", with(contested, { with_unit = c[2] }))
    t.eq(r.tested, true, c[3])
    t.eq(r.result, c[3], "die " .. c[1])
    t.eq(r.took_command, c[4], c[3])
    t.eq(r.try_again, c[5], c[3])
    t.eq(#r.units_disorganised, c[6], c[3])
    t.eq(#r.units_shaken, c[7], c[3])
    t.eq(r.order_now, c[8], c[3])
    t.eq(r.reserve_fate, "unharmed", c[3])
    t.eq(r.result_source, "successors p.5")
    t.eq(r.leader, c[4] and "Shagrat" or "Grishnakh", c[3])
    t.eq(r.old_leader_fate, c[4] and "successor" or nil, c[3] .. ": organised army")
  end
end

function M.test_take_over_test_modifiers()
  -- the current battle leader's leadership, the core lines, never the warchief's +1
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("reserve_takes_command", with(contested, {
    ["battle_leader.leadership"] = 2, ["battle_leader.type"] = "fanatic", choice = "keep", leader_race = "goblin",
    warchief_race = "orc", units = { { name = "Orc spears", distance = 6, disorganised = true } } }))
  local ids = {}
  for _, m in ipairs(r.modifiers) do ids[#ids + 1] = m.id .. "=" .. m.value end
  t.eq(table.concat(ids, " "), "leadership=2 fanatic_attack=1 different_race=-1 disorganised=-1")
  t.eq(r.score, 5)
  t.eq(r.result, "takes_command_confusion")
  t.eq(r.order_now, "attack")
  -- his command out of the battle leader's range: no test, as in the core test
  r = ruleset.resolve("reserve_takes_command", with(contested, { units = { { name = "Orc spears", distance = 9 } } }))
  t.eq(r.tested, false)
  t.eq(r.took_command, false)
  t.eq(r.why, "Orc spears is 9in away, beyond his range of 8in (p.36)")
end

function M.test_unorganised_army_kills_the_old_leader()
  muster.dice.set_faces { 6 }
  local r = ruleset.resolve("reserve_takes_command", with(contested, { army = "unorganised", testers = {
    { name = "Gorbag", role = "warchief", leadership = 4, units = { "Orc guard" } },
    { name = "Grishnakh", role = "battle_leader", leadership = 0, units = { "Orc spears", "Orc bows" } } } }))
  t.eq(r.old_leader_fate, "killed")
  t.eq(r.command_test_markers, { { name = "Grishnakh", role = "battle_leader", event = "killed", when = "phase_seven" } })
  t.eq(names(r.counters), "Gorbag:this_turn Shagrat:this_turn")
  t.eq(r.testers[2].leadership, 4, "Shagrat tests for the command")
  -- a failed test kills nobody
  muster.dice.set_faces { 2 }
  r = ruleset.resolve("reserve_takes_command", with(contested, { army = "unorganised" }))
  t.eq(r.old_leader_fate, nil)
  t.eq(r.counters, nil)
end

function M.test_reserve_refusals()
  local function refused(base, changes, message)
    t.fails(function() ruleset.resolve("reserve_takes_command", with(base, changes)) end, message)
  end
  refused(leaderless, { eligible = false },
    "input: eligible: the reserve must meet every normal condition for commanding these units (the right race...) (HR-5.2.2, successors p.5)")
  refused(leaderless, { warchief_order = "attack" },
    "input: warchief_order: only with choice = \"warchief_order\" (an order the warchief gave him in base contact)")
  refused(leaderless, { choice = "warchief_order" }, "input: warchief_order: missing")
  refused(leaderless, { units = { { name = "Orc spears" } } },
    "input: units[1].distance: missing (inches from the reserve: he takes charge within range of every unit)")
  refused(leaderless, { testers = {} }, "input: testers: only when the command has a battle leader (the take-over test)")
  refused(contested, { testers = {} },
    "input: testers: in an organised army the old battle leader stays as successor: nobody falls, no Command Test counters")
  refused(contested, { army = "feudal" }, "input: army: \"feudal\" is not one of organised, unorganised")
  refused(contested, { heralds = 3 }, "input: heralds: 3 is out of range 0..2")
  refused(contested, { ["reserve.leadership"] = 6 }, "input: reserve.leadership: 6 is out of range 0..5")
end

return M
