-- HR-7 Signalling new orders (variant `signalling`, house-rules booklet page 7): the worked
-- check 6 (herald signal) with its die, every house modifier on and off, the core modifiers
-- that stay and the carrier bonuses that go, each result as a signal reads it, every refusal
-- with its exact text, and the core Battle Leader's Test unchanged beside it.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "signalling" } }

local function ids(res)
  local out = {}
  for _, m in ipairs(res.modifiers) do out[#out + 1] = m.id .. "=" .. m.value end
  return table.concat(out, " ")
end

local copy = t.deep_copy

-- Worked check 6: leadership 3, 16in from the herald, a list of 2 signals, two heralds, ATTACK.
local check6 = {
  signaller = { role = "herald", name = "Horn-blower", with_warchief = true },
  heralds = 2,
  leader = { name = "Grukk", quality = "veteran", type = "disciplined", leadership = 3 },
  distance = 16, signals = { "attack", "hold" }, order = "attack", current_order = "hold", in_range = true,
  units = { { name = "Orc spears", type = "disciplined" }, { name = "Orc bows", type = "disciplined" } },
}

-- A banner signal: leadership 0 so the score is the die plus the modifiers.
local banner = {
  signaller = { role = "banner_bearer", name = "Banner", with_warchief = true },
  line_of_sight = true,
  leader = { name = "Snaga", quality = "average", type = "disciplined", leadership = 0 },
  distance = 8, signals = { "hold" }, order = "hold", current_order = "attack", in_range = true,
  units = { { name = "Spears", type = "disciplined" } },
}

-- A field given as NONE is left out.
local NONE = t.NONE

-- `base` with the fields of `changes` replaced (a field "leader.type" reaches inside).
local with = t.with_paths

local function signal(base, changes, die)
  muster.dice.set_faces { die or 4 }
  return ruleset.resolve("signal", with(base, changes))
end

function M.test_worked_check_6_herald_signal()
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("signal", check6)
  t.eq(r.procedure, "signal")
  t.eq(r.tested, true)
  t.eq(r.die, 4)
  t.eq(ids(r), "leadership=3 signal_music_far=-1 signal_list_entries=-2 signal_two_heralds=1")
  t.eq(r.score, 5, "4 + 3 - 1 (over 12in) - 2 (two entries) + 1 (two heralds)")
  t.eq(r.result, "ok_confusion")
  t.eq(r.accepted, true)
  t.eq(r.order_now, "attack")
  t.eq(r.units_disorganised, { "Orc spears", "Orc bows" })
  t.eq(r.units_shaken, {})
  t.eq(r.signal_again, false)
  t.eq(r.test_again, false)
  t.eq(r.carrier_fate, nil, "no carrier")
  t.eq(r.result_source, "fantasy_warriors p.37")
  t.eq(r.modifiers[2].source, "signalling p.7")
  t.eq(r.range_note, "the herald signalled: he gives the warchief no 2in of range this turn")
end

function M.test_herald_modifiers()
  -- 12in is not "more than 12in"; 12.5in is.
  t.eq(ids(signal(check6, { distance = 12 })), "leadership=3 signal_list_entries=-2 signal_two_heralds=1")
  t.eq(ids(signal(check6, { distance = 12.5 })), "leadership=3 signal_music_far=-1 signal_list_entries=-2 signal_two_heralds=1")
  -- the music carries 24in: 24 is still heard
  t.eq(signal(check6, { distance = 24 }).tested, true)
  -- one herald playing: no +1 (and one is the default)
  t.eq(ids(signal(check6, { heralds = 1 })), "leadership=3 signal_music_far=-1 signal_list_entries=-2")
  t.eq(ids(signal(check6, { heralds = NONE })), "leadership=3 signal_music_far=-1 signal_list_entries=-2")
  -- -1 per entry of his list
  local r = signal(check6, { signals = { "attack", "hold", "oppose" } })
  t.eq(ids(r), "leadership=3 signal_music_far=-1 signal_list_entries=-3 signal_two_heralds=1")
  t.eq(r.score, 4)
  t.eq(r.result, "delay")
end

function M.test_banner_modifiers()
  t.eq(ids(signal(banner)), "leadership=0", "8in, day, one entry: nothing")
  t.eq(ids(signal(banner, { distance = 12 })), "leadership=0")
  t.eq(ids(signal(banner, { distance = 13 })), "leadership=0 signal_waving_far=-1")
  -- bad light: the core -1 and the house -1 together; a herald signal takes the core one only
  local dark = signal(banner, { ["leader.bad_light"] = "day", time = "day" })
  t.eq(ids(dark), "leadership=0 bad_light=-1 signal_hard_to_see=-1")
  t.eq(dark.score, 4 - 2)
  t.eq(ids(signal(banner, { ["leader.bad_light"] = "day", time = "night" })), "leadership=0", "not his bad light")
  t.eq(ids(signal(check6, { ["leader.bad_light"] = "night", time = "night" })),
       "leadership=3 bad_light=-1 signal_music_far=-1 signal_list_entries=-2 signal_two_heralds=1")
  -- the one entry of a banner list costs nothing (option list_penalty = herald_only)
  t.eq(signal(banner).score, 4)
  t.eq(signal(banner).range_note, "the banner bearer signalled: he gives the warchief no 4in of range this turn")
end

function M.test_fanatic_battle_leader()
  -- signalled HOLD: -1 by banner and by herald
  t.eq(ids(signal(banner, { ["leader.type"] = "fanatic" })), "leadership=0 signal_fanatic_hold=-1")
  t.eq(ids(signal(check6, { ["leader.type"] = "fanatic", order = "hold" })),
       "leadership=3 signal_music_far=-1 signal_list_entries=-2 signal_two_heralds=1 signal_fanatic_hold=-1")
  -- signalled ATTACK: the core +1, no house line
  t.eq(ids(signal(check6, { ["leader.type"] = "fanatic" })),
       "leadership=3 fanatic_attack=1 signal_music_far=-1 signal_list_entries=-2 signal_two_heralds=1")
  -- a Goblin leader is fanatic at night only (p.14): HOLD at night costs -1, by day nothing
  local goblin = { ["leader.type"] = "tribal", ["leader.night_type"] = "fanatic" }
  t.eq(ids(signal(banner, goblin)), "leadership=0")
  goblin.time = "night"
  local r = signal(banner, goblin)
  t.eq(ids(r), "leadership=0 signal_fanatic_hold=-1")
  t.eq(r.type_by_light, "tribal -> fanatic")
end

function M.test_core_modifiers_stay_and_carrier_bonuses_go()
  local r = signal(check6, { with_unit = true, leader_race = "goblin", warchief_race = "orc",
    units = { { name = "Orc spears", type = "disciplined", disorganised = true },
              { name = "Orc bows", type = "disciplined", reaction = "shaken" } } })
  t.eq(ids(r), "leadership=3 different_race=-1 disorganised=-1 shaken_or_bloodlust=-1 with_unit=-2 "
    .. "signal_music_far=-1 signal_list_entries=-2 signal_two_heralds=1")
  for _, m in ipairs(r.modifiers) do
    t.eq(m.id ~= "courier" and m.id ~= "warchief", true, "no carrier bonus: " .. m.id)
  end
  -- the same leader by courier, in the core test, has the +1
  muster.dice.set_faces { 4 }
  local leader = copy(check6.leader)
  leader.role = "battle_leader"
  local core_r = ruleset.resolve("battle_leaders_test", { leader = leader, order = "attack", carrier = "courier" })
  t.eq(ids(core_r), "leadership=3 courier=1")
end

function M.test_every_result_as_a_signal()
  -- leadership 0, banner at 8in by day: the score is the die (-2 with a unit in contact)
  local cases = {
    { 6, false, "ok", true, false, "hold" },
    { 5, false, "ok_confusion", true, false, "hold" },
    { 4, false, "delay", false, true, "attack" },
    { 3, false, "delay_and_confusion", false, true, "attack" },
    { 2, false, "ignored", false, true, "attack" },
    { 1, false, "ignored_and_confused", false, true, "attack" },
    { 2, true, "confusion_and_misunderstanding", false, false, "attack" },
    { 1, true, "utter_confusion_and_panic", false, false, "attack" },
  }
  for _, c in ipairs(cases) do
    local r = signal(banner, { with_unit = c[2] }, c[1])
    t.eq(r.result, c[3], "die " .. c[1])
    t.eq(r.accepted, c[4], c[3])
    t.eq(r.signal_again, c[5], c[3])
    t.eq(r.test_again, false, c[3])
    t.eq(r.order_now, c[6], c[3] .. ": HOLD sent, ATTACK before (0: HOLD misread as ATTACK)")
    t.eq(r.carrier_fate, nil, c[3])
    t.eq(r.saves, nil, c[3] .. ": nobody to slaughter")
  end
  local panic = signal(banner, { with_unit = true }, 1)
  t.eq(panic.units_shaken, { "Spears" })
  t.eq(panic.units_disorganised, { "Spears" })
  local wrong = signal(banner, { with_unit = true }, 2)
  t.eq(wrong.misunderstood_as, "attack")
end

local function refused(changes, message, base)
  t.fails(function() ruleset.resolve("signal", with(base or check6, changes)) end, message)
end

function M.test_refusals()
  refused({ outmanoeuvred = true },
    "input: outmanoeuvred: an army outmanoeuvred in scouting may not signal (HR-7.1.2, signalling p.7)")
  refused({ signalled_this_turn = true },
    "input: signalled_this_turn: one battle leader a turn may be signalled, and one was already (HR-7.2.1, signalling p.7)")
  refused({ ["signaller.with_warchief"] = false },
    "input: signaller.with_warchief: the signaller must be in base contact with the warchief (HR-7.2.2, signalling p.7)")
  refused({ ["signaller.with_warchief"] = NONE },
    "input: signaller.with_warchief: missing (true when he is in base contact with the warchief)")
  refused({ ["signaller.type"] = "stupid" }, "input: signaller.type: a stupid signaller cannot signal (HR-7.2.5, signalling p.7)")
  refused({ ["signaller.quality"] = "unpredictable" },
    "input: signaller.quality: an unpredictable signaller cannot signal (HR-7.2.5, signalling p.7)")
  refused({ ["signaller.role"] = "courier" }, "input: signaller.role: \"courier\" is not one of herald, banner_bearer")
  refused({ ["leader.type"] = "stupid" }, "input: leader.type: a stupid battle leader cannot be signalled (HR-7.2.5, signalling p.7)")
  refused({ ["leader.quality"] = "unpredictable" },
    "input: leader.quality: an unpredictable battle leader cannot be signalled (HR-7.2.5, signalling p.7)")
  refused({ ["leader.role"] = "warchief" }, "input: leader.role: only a battle leader is signalled")
  refused({ units = { { name = "Spears", type = "disciplined" }, { name = "Trolls", type = "stupid" } } },
    "input: units[2].type: Trolls is stupid: its battle leader cannot be signalled (HR-7.2.5, signalling p.7)")
  refused({ units = { { name = "Rabble", type = "tribal", quality = "unpredictable" } } },
    "input: units[1].quality: Rabble is unpredictable: its battle leader cannot be signalled (HR-7.2.5, signalling p.7)")
  refused({ order = "hold", units = { { name = "Spears", type = "disciplined" }, { name = "Wolves", type = "tribal" } } },
    "input: order: Wolves is tribal: a command with tribal units may only be signalled ATTACK (HR-7.2.5, signalling p.7)")
  refused({ order = "oppose" }, "input: order: \"oppose\" is not on his signal list (attack, hold) (HR-7.2.4, signalling p.7)")
  refused({ signals = {} }, "input: signals: missing")
  refused({ signals = { "attack", "charge" } }, "input: signals[2]: \"charge\" is not one of attack, hold, oppose")
  refused({ distance = 24.5 }, "input: distance: 24.5in from the herald: the music carries 24in (HR-7.2.3, signalling p.7)")
  refused({ distance = NONE }, "input: distance: missing (inches from the battle leader to the herald)")
  refused({ heralds = 3 }, "input: heralds: 3 is out of range 1..2")
  refused({ line_of_sight = true }, "input: line_of_sight: only a banner signal needs line of sight")
  refused({ in_range = false },
    "input: in_range: the battle leader must be within range of all his units to adopt a signalled order (HR-7.2.6, signalling p.7)")
  refused({ in_range = NONE }, "input: in_range: missing (true when every unit of his command is within his range, p.36)")
  refused({ signals = { "hold", "attack" }, order = "hold" },
    "input: signals: a banner signal list has exactly 1 entry, this one has 2 (HR-7.1.1, signalling p.7)", banner)
  refused({ line_of_sight = false },
    "input: line_of_sight: the battle leader must see the banner (foot units do not block it when either is mounted) (HR-7.2.3, signalling p.7)",
    banner)
  refused({ heralds = 2 }, "input: heralds: only a herald signal counts the heralds playing", banner)
  refused({ courier = true }, "input.courier: unknown field")
end

function M.test_what_does_not_refuse()
  -- a routed stupid unit has left the command; a banner may be far if the leader sees it
  local r = signal(check6, { units = { { name = "Spears", type = "disciplined" }, { name = "Trolls", type = "stupid", reaction = "rout" } } })
  t.eq(r.tested, true)
  t.eq(r.units_disorganised, { "Spears" })
  t.eq(signal(banner, { distance = 40 }).tested, true)
  -- tribal units may be signalled ATTACK
  t.eq(signal(check6, { units = { { name = "Wolves", type = "tribal" } } }).accepted, true)
  -- wading: the core rule refuses new orders (a no_test result, as in the core test)
  local w = signal(check6, { wading = true })
  t.eq(w.tested, false)
  t.eq(w.outcome, "no_test")
  t.eq(w.signal_again, nil)
end

function M.test_core_test_unchanged_and_the_registry_names_the_variant()
  muster.dice.set_faces { 3 }
  local r = ruleset.resolve("battle_leaders_test", {
    leader = { name = "Goblin battle leader", role = "battle_leader", quality = "average", type = "fanatic", leadership = 3,
               bad_light = "day" },
    order = "hold", carrier = "courier", leader_race = "goblin", warchief_race = "orc", time = "day",
    units = { { name = "Goblin spears", distance = 5 } } })
  t.eq(ids(r), "leadership=3 courier=1 different_race=-1 bad_light=-1", "no signal line in a carried order")
  t.eq(r.carrier_fate, "dismissed")
  local report = ruleset.rules_report({ only_changed = true })
  local changed = {}
  for _, l in ipairs(report.lists) do
    for _, e in ipairs(l.entries) do changed[#changed + 1] = l.name .. "." .. e.id .. "@" .. e.owner .. " p." .. e.page end
  end
  t.eq(table.concat(changed, " "), "battle_leaders_test.signal_music_far@signalling@1.0.0 p.7 "
    .. "battle_leaders_test.signal_waving_far@signalling@1.0.0 p.7 battle_leaders_test.signal_hard_to_see@signalling@1.0.0 p.7 "
    .. "battle_leaders_test.signal_list_entries@signalling@1.0.0 p.7 battle_leaders_test.signal_two_heralds@signalling@1.0.0 p.7 "
    .. "battle_leaders_test.signal_fanatic_hold@signalling@1.0.0 p.7")
  local tables = {}
  for _, tb in ipairs(report.tables) do
    for _, row in ipairs(tb.rows) do tables[#tables + 1] = tb.name .. "." .. row.key .. " p." .. row.page end
  end
  t.eq(tables, { "leader_range.signal p.7" })
  t.eq(ruleset.procedures.signal.owner, "signalling@1.0.0")
end

return M
