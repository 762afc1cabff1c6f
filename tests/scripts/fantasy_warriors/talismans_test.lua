-- Fantasy Warriors talismans (page 46): every state and transition of the army standard, the
-- beloved personage and the sacred item, every refusal, the enemy's choice to wreck or defile
-- answered both ways, the count of functioning talismans, and the Command Test fed with it
-- (the derived check of digest part 2 §39).
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

local function talisman(input) return ruleset.resolve("talisman", input) end

local standard = { type = "army_standard", name = "Blood Banner" }
local personage = { type = "beloved_personage", name = "Old Grimbold" }
local item = { type = "sacred_item", name = "Orc battle drum" }

local function with_state(tal, state)
  return { type = tal.type, name = tal.name, state = state }
end

-- The warchief and three guards, fit, at the start of the Movement phase.
local guards = { { name = "Orc warchief", role = "warchief" }, { name = "Orc guards", count = 3 } }

-- ---------------------------------------------------------------------------------------
-- The army standard
-- ---------------------------------------------------------------------------------------

function M.test_take_down_standard()
  local r = talisman { talisman = standard, event = "take_down", contact = { friendly = guards } }
  t.eq(r.state_before, "raised")
  t.eq(r.state_after, "taken_down")
  t.eq(r.functioning_before, true)
  t.eq(r.functioning_after, false)
  t.eq(r.transitions, { "take_down" })
  t.eq(r.warchief, "Orc warchief")
  t.eq(r.helpers, 3)
  t.eq(r.command_test, false)
  t.eq(r.command_test_markers, {})
  t.eq(r.source, "fantasy_warriors p.46")
  t.eq(r.outcome, "taken down: safe for the rest of the battle, no Command Test bonus")
end

-- Figures listed one by one count the same; an extra figure in combat does not stop the
-- warchief when three others are fit (proposed).
function M.test_take_down_counts_only_fit_helpers()
  local r = talisman { talisman = standard, event = "take_down", contact = { friendly = {
    { role = "warchief" }, { name = "a" }, { name = "b", role = "special" }, { name = "c", role = "hero" },
    { name = "d", in_combat = true } }, enemy = { { name = "Dwarf scout" } } } }
  t.eq(r.helpers, 3)
  t.eq(r.warchief, "warchief")
  t.eq(r.state_after, "taken_down")
end

function M.test_take_down_fails_when_figures_leave_contact()
  local r = talisman { talisman = standard, event = "take_down", contact = { friendly = guards }, whole_phase = false }
  t.eq(r.state_after, "raised")
  t.eq(r.functioning_after, true)
  t.eq(r.transitions, {})
  t.eq(r.whole_phase, false)
  t.eq(r.outcome, "not taken down: the figures left base contact during the phase; the standard stays raised")
end

function M.test_take_down_refusals()
  t.fails(function() talisman { talisman = standard, event = "take_down", contact = { friendly = { { count = 5 } } } } end,
    "input: contact.friendly: the warchief must be in base contact with the standard at the start of the Movement phase (p.46)")
  t.fails(function() talisman { talisman = standard, event = "take_down", contact = { friendly = {
      { role = "warchief" }, { count = 2 }, { name = "x", reaction = "shaken" } } } } end,
    "input: contact.friendly: 2 other figure(s) fit to help (not reacting, not in combat), 1 more reacting or in combat; the warchief needs at least 3 (p.46)")
  t.fails(function() talisman { talisman = standard, event = "take_down", contact = { friendly = {
      { role = "warchief" }, { count = 2 } } } } end,
    "input: contact.friendly: 2 other figure(s) fit to help (not reacting, not in combat); the warchief needs at least 3 (p.46)")
  t.fails(function() talisman { talisman = standard, event = "take_down", contact = { friendly = {
      { count = 3 }, { role = "warchief", reaction = "bloodlust" } } } } end,
    "input: contact.friendly[2]: the warchief is in bloodlust: the figures taking the standard down may not be reacting or in combat (p.46)")
  t.fails(function() talisman { talisman = standard, event = "take_down", contact = { friendly = {
      { role = "warchief", in_combat = true }, { count = 3 } } } } end,
    "input: contact.friendly[1]: the warchief is in combat")
  t.fails(function() talisman { talisman = standard, event = "take_down", contact = { friendly = {
      { role = "warchief", reaction = "shaken" }, { count = 3 } } } } end,
    "input: contact.friendly[1]: the warchief is shaken:")
  t.fails(function() talisman { talisman = standard, event = "take_down" } end,
    "input: contact: missing: the figures in base contact with the talisman ({friendly, enemy}) decide take_down")
  t.fails(function() talisman { talisman = with_state(standard, "wrecked"), event = "take_down", contact = { friendly = guards } } end,
    "input: talisman.state: take_down needs the army standard raised; it is wrecked (wrecked by the enemy and removed) (p.46)")
  t.fails(function() talisman { talisman = with_state(standard, "taken_down"), event = "take_down", contact = { friendly = guards } } end,
    "input: talisman.state: take_down needs the army standard raised; it is taken down (taken down: safe")
end

-- No controller: the enemy's policy "first" wrecks it.
function M.test_wreck_standard_by_default_policy()
  local r = talisman { talisman = standard, event = "end_of_movement", side = "orcs", enemy = "dwarves",
                       contact = { enemy = { { name = "Dwarf axes", count = 4 } } } }
  t.eq(r.friendly_in_contact, 0)
  t.eq(r.enemy_in_contact, 4)
  t.eq(r.state_after, "wrecked")
  t.eq(r.functioning_after, false)
  t.eq(r.transitions, { "wreck" })
  t.eq(r.enemy_action, "wreck")
  t.eq(r.enemy_action_chosen_by, "policy:first")
  t.eq(r.choices[1].side, "dwarves")
  t.eq(r.choices[1].question, "wreck_army_standard")
  t.eq(r.command_test, true)
  t.eq(r.command_test_markers, { { name = "Blood Banner", role = "army_standard", event = "talisman wrecked",
    counters_event = "army_standard_wrecked" } })
  -- The marker's counters_event feeds command_counters: every tester of the army gets a counter.
  local c = ruleset.resolve("command_counters", { event = r.command_test_markers[1].counters_event,
    testers = { { name = "Gorbag", role = "warchief", leadership = 4 }, { name = "Ugluk", role = "battle_leader", leadership = 2 } } })
  t.eq({ c.counters[1].name, c.counters[2].name, c.timing }, { "Gorbag", "Ugluk", "this_turn" })
  t.eq(r.outcome, "wrecked by dwarves: Command Test this turn")
end

-- The same situation answered both ways by a script: wreck, then leave.
function M.test_wreck_choice_answered_both_ways()
  muster.choice.set_controller("dwarves", "script", { "wreck", "leave" })
  local input = { talisman = standard, event = "end_of_movement", enemy = "dwarves",
                  contact = { enemy = { { name = "Dwarf axes" } } } }
  local r = talisman(input)
  t.eq(r.state_after, "wrecked")
  t.eq(r.choices[1].by, "script")
  r = talisman(input)
  t.eq(r.state_after, "raised")
  t.eq(r.functioning_after, true)
  t.eq(r.enemy_action, "leave")
  t.eq(r.command_test, false)
  t.eq(r.command_test_markers, {})
  t.eq(r.outcome, "stays raised; dwarves leaves it")
  -- an answer given in the input is recorded as such
  input.enemy_action = "leave"
  r = talisman(input)
  t.eq(r.enemy_action_chosen_by, "input")
  t.eq(r.state_after, "raised")
end

function M.test_standard_guarded_or_alone_at_end_of_movement()
  local r = talisman { talisman = standard, event = "end_of_movement",
                       contact = { friendly = { { name = "Orc archer" } }, enemy = { { name = "Dwarf axes", count = 9 } } } }
  t.eq(r.state_after, "raised")
  t.eq(r.choices, {})
  t.eq(r.outcome, "stays raised; 1 friendly figure(s) in base contact: the enemy cannot wreck it")
  r = talisman { talisman = standard, event = "end_of_movement", contact = {} }
  t.eq(r.state_after, "raised")
  t.eq(r.outcome, "stays raised; no enemy figure in base contact")
end

function M.test_wrecking_refusals()
  local enemy = { enemy = { { name = "Dwarf axes" } } }
  t.fails(function() talisman { talisman = with_state(standard, "taken_down"), event = "end_of_movement", contact = enemy } end,
    "input: talisman.state: end_of_movement: the army standard is taken down (taken down: safe for the rest of the battle, but no bonus and never raised again); nothing more happens to it (p.46)")
  t.fails(function() talisman { talisman = with_state(standard, "wrecked"), event = "end_of_movement", contact = enemy } end,
    "input: talisman.state: end_of_movement: the army standard is wrecked (wrecked by the enemy and removed)")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement", contact = enemy, enemy_action = "defile" } end,
    "input: enemy_action: \"defile\" is not one of wreck, leave")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement" } end, "input: contact: missing")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement", contact = enemy, whole_phase = true } end,
    "input: whole_phase: not used by the end_of_movement event")
  t.fails(function() talisman { talisman = standard, event = "killed" } end,
    "input: event: an army standard has no killed event (its events: take_down, end_of_movement)")
end

-- ---------------------------------------------------------------------------------------
-- The beloved personage
-- ---------------------------------------------------------------------------------------

function M.test_beloved_personage_killed_or_routed()
  local r = talisman { talisman = personage, event = "killed" }
  t.eq(r.state_before, "alive")
  t.eq(r.functioning_before, true)
  t.eq(r.state_after, "killed")
  t.eq(r.functioning_after, false)
  t.eq(r.command_test, true)
  t.eq(r.command_test_markers, { { name = "Old Grimbold", role = "beloved_personage", event = "talisman killed",
    counters_event = "beloved_personage_killed" } })
  t.eq(r.outcome, "killed: Command Test this turn")
  r = talisman { talisman = personage, event = "routed" }
  t.eq(r.state_after, "routed")
  t.eq(r.command_test_markers[1].event, "talisman routed")
  t.eq(r.why, "routed from the battlefield")
end

function M.test_beloved_personage_refusals()
  t.fails(function() talisman { talisman = with_state(personage, "killed"), event = "routed" } end,
    "input: talisman.state: routed needs the beloved personage alive; it is killed (killed) (p.46)")
  t.fails(function() talisman { talisman = with_state(personage, "routed"), event = "killed" } end,
    "input: talisman.state: killed needs the beloved personage alive; it is routed")
  t.fails(function() talisman { talisman = personage, event = "take_down", contact = { friendly = guards } } end,
    "input: event: a beloved personage has no take_down event (its events: killed, routed)")
  t.fails(function() talisman { talisman = personage, event = "end_of_movement" } end,
    "input: event: a beloved personage has no end_of_movement event")
  t.fails(function() talisman { talisman = personage, event = "killed", contact = {} } end,
    "input: contact: not used by the killed event")
  t.fails(function() talisman { talisman = personage, event = "killed", enemy_action = "leave" } end,
    "input: enemy_action: not used by the killed event")
end

-- ---------------------------------------------------------------------------------------
-- The sacred item
-- ---------------------------------------------------------------------------------------

function M.test_sacred_item_contact_broken()
  local r = talisman { talisman = item, event = "contact_broken" }
  t.eq(r.state_before, "guarded")
  t.eq(r.state_after, "abandoned")
  t.eq(r.functioning_after, false)
  t.eq(r.transitions, { "abandon" })
  t.eq(r.command_test, false)
  t.eq(r.command_test_markers, {})
  t.eq(r.outcome, "abandoned: no Command Test bonus for the rest of the battle (proposed)")
  t.fails(function() talisman { talisman = with_state(item, "abandoned"), event = "contact_broken" } end,
    "input: talisman.state: contact_broken needs the sacred item guarded; it is abandoned")
  t.fails(function() talisman { talisman = with_state(item, "defiled"), event = "contact_broken" } end,
    "input: talisman.state: contact_broken needs the sacred item guarded; it is defiled")
  t.fails(function() talisman { talisman = item, event = "take_down", contact = {} } end,
    "input: event: a sacred item has no take_down event")
end

-- A hero keeps it; warriors alone do not (they still stop the enemy defiling it).
function M.test_sacred_item_guardians()
  local r = talisman { talisman = item, event = "end_of_movement",
                       contact = { friendly = { { name = "Orc drummers", count = 2 }, { name = "Gorbag", role = "hero" } } } }
  t.eq(r.state_after, "guarded")
  t.eq(r.guardian, "Gorbag")
  t.eq(r.functioning_after, true)
  t.eq(r.outcome, "stays guarded; 3 friendly figure(s) in base contact: the enemy cannot defile it")
  r = talisman { talisman = item, event = "end_of_movement",
                 contact = { friendly = { { name = "Orc drummers", count = 2, role = "special" } },
                             enemy = { { name = "Dwarf axes" } } } }
  t.eq(r.guardian, false)
  t.eq(r.state_after, "abandoned")
  t.eq(r.command_test, false)
  t.eq(r.outcome, "abandoned: no warchief, battle leader or individual in base contact; 2 friendly figure(s) in base contact: the enemy cannot defile it")
  r = talisman { talisman = item, event = "end_of_movement", contact = {} }
  t.eq(r.state_after, "abandoned")
  t.eq(r.outcome, "abandoned: no warchief, battle leader or individual in base contact; no enemy figure in base contact")
end

function M.test_sacred_item_defiled_from_guarded()
  muster.choice.set_controller("dwarves", "script", { "defile" })
  local r = talisman { talisman = item, event = "end_of_movement", enemy = "dwarves",
                       contact = { enemy = { { name = "Dwarf axes", count = 2 } } } }
  t.eq(r.transitions, { "abandon", "defile" })
  t.eq(r.state_before, "guarded")
  t.eq(r.state_after, "defiled")
  t.eq(r.functioning_before, true)
  t.eq(r.functioning_after, false)
  t.eq(r.choices[1].question, "defile_sacred_item")
  t.eq(r.choices[1].by, "script")
  t.eq(r.command_test_markers, { { name = "Orc battle drum", role = "sacred_item", event = "talisman defiled",
    counters_event = "sacred_item_defiled" } })
  t.eq(r.why, "defiled by the enemy: no longer sacred")
  t.eq(r.outcome, "abandoned: no warchief, battle leader or individual in base contact; defiled by dwarves: Command Test this turn")
end

-- An abandoned item can still be defiled, and the army still tests (proposed); the enemy may
-- also leave it (policy "last").
function M.test_abandoned_item_defiled_or_left()
  local abandoned = with_state(item, "abandoned")
  local contact = { enemy = { { name = "Dwarf axes" } } }
  local r = talisman { talisman = abandoned, event = "end_of_movement", contact = contact }
  t.eq(r.state_after, "defiled")
  t.eq(r.transitions, { "defile" })
  t.eq(r.command_test, true)
  muster.choice.set_controller("enemy", "policy", "last")
  r = talisman { talisman = abandoned, event = "end_of_movement", contact = contact }
  t.eq(r.state_after, "abandoned")
  t.eq(r.enemy_action, "leave")
  t.eq(r.enemy_action_chosen_by, "policy:last")
  t.eq(r.command_test, false)
  t.eq(r.outcome, "stays abandoned; enemy leaves it")
end

function M.test_abandonment_is_permanent()
  local r = talisman { talisman = with_state(item, "abandoned"), event = "end_of_movement",
                       contact = { friendly = { { name = "Orc battle leader", role = "battle_leader" } } } }
  t.eq(r.guardian, "Orc battle leader")
  t.eq(r.state_after, "abandoned")
  t.eq(r.functioning_after, false)
  t.eq(r.outcome, "stays abandoned; Orc battle leader is back in base contact, but abandonment is for good (proposed); 1 friendly figure(s) in base contact: the enemy cannot defile it")
end

-- A variant that forbids defiling an item abandoned before patches one row: an item abandoned
-- in an earlier phase is safe, one whose guardians were driven off this phase is not.
function M.test_variant_patches_a_transition()
  rules("strict_club").set_row("talisman_transitions", "defile", { talisman = "sacred_item", from = { "guarded" }, to = "defiled",
    command_test = true, marker = "talisman defiled" }, 46)
  local r = talisman { talisman = with_state(item, "abandoned"), event = "end_of_movement",
                       contact = { enemy = { { name = "Dwarf axes" } } } }
  t.eq(r.state_after, "abandoned")
  t.eq(r.choices, {})
  t.eq(r.outcome, "stays abandoned; the enemy cannot defile it: it was abandoned before this phase")
  r = talisman { talisman = item, event = "end_of_movement", contact = { enemy = { { name = "Dwarf axes" } } } }
  t.eq(r.state_after, "defiled")
  t.eq(r.transitions, { "abandon", "defile" })
  t.eq(r.source, "strict_club p.46")
end

function M.test_defiled_item_refusals()
  t.fails(function() talisman { talisman = with_state(item, "defiled"), event = "end_of_movement",
      contact = { enemy = { { name = "Dwarf axes" } } } } end,
    "input: talisman.state: end_of_movement: the sacred item is defiled (defiled by the enemy: no longer sacred); nothing more happens to it (p.46)")
end

-- ---------------------------------------------------------------------------------------
-- Input checks
-- ---------------------------------------------------------------------------------------

function M.test_input_refusals()
  t.fails(function() talisman { event = "killed" } end, "input: talisman: missing")
  t.fails(function() talisman { talisman = { type = "army_banner" }, event = "killed" } end,
    "input: talisman.type: \"army_banner\" is not one of army_standard, sacred_item, beloved_personage")
  t.fails(function() talisman { talisman = { type = "sacred_item", state = "raised" }, event = "contact_broken" } end,
    "input: talisman.state: \"raised\" is not one of guarded, abandoned, defiled")
  t.fails(function() talisman { talisman = standard, event = "stolen" } end, "input: event: \"stolen\" is not one of")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement", contact = { friendly = {
      { role = "warchief", count = 2 } } } } end, "input: contact.friendly[1].count: a warchief is one figure")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement", contact = { friendly = {
      { role = "warchief" }, { role = "warchief" } } } } end, "input: contact.friendly[2].role: a second warchief")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement", contact = { friendly = {
      { reaction = "panic" } } } } end, "input: contact.friendly[1].reaction")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement", contact = { allies = {} } } end,
    "input: contact.allies: unknown field")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement", contact = { enemy = { name = "x" } } } end,
    "input: contact.enemy: array of figures expected")
  t.fails(function() talisman { talisman = standard, event = "end_of_movement", enemy = 3, contact = {} } end,
    "input: enemy: string expected")
end

-- ---------------------------------------------------------------------------------------
-- An army's talismans and the Command Test
-- ---------------------------------------------------------------------------------------

function M.test_count_functioning_talismans()
  local r = ruleset.resolve("talismans", { talismans = {
    with_state(standard, "taken_down"), personage, with_state(item, "guarded") } })
  t.eq(r.functioning, 2)
  t.eq(#r.lines, 3)
  t.eq(r.lines[1], { talisman = "army_standard", name = "Blood Banner", state = "taken_down", functioning = false,
    why = "taken down: safe for the rest of the battle, but no bonus and never raised again",
    source = "fantasy_warriors p.46" })
  t.eq(r.lines[2].state, "alive")
  t.eq(r.lines[2].functioning, true)
  t.eq(r.lines[3].why, "a warchief, battle leader or individual has stayed in base contact with it")
  t.eq(r.outcome, "2 of 3 functioning: +2 in the Command Test")
  r = ruleset.resolve("talismans", {})
  t.eq(r.functioning, 0)
  t.eq(r.outcome, "0 of 0 functioning: +0 in the Command Test")
  -- every lost state counts nothing
  r = ruleset.resolve("talismans", { talismans = {
    with_state(standard, "wrecked"), with_state(personage, "routed"), with_state(item, "defiled") } })
  t.eq(r.functioning, 0)
  r = ruleset.resolve("talismans", { talismans = { with_state(personage, "killed"), with_state(item, "abandoned") } })
  t.eq(r.functioning, 0)
end

function M.test_talismans_refusals()
  t.fails(function() ruleset.resolve("talismans", { talismans = { standard, with_state(standard, "wrecked") } }) end,
    "input: talismans[2].type: a second army standard: at most 1 of each kind per army (p.46)")
  t.fails(function() ruleset.resolve("talismans", { talismans = { kind = "army_standard" } }) end,
    "input: talismans: array of talismans expected")
  t.fails(function() ruleset.resolve("talismans", { talismans = { { type = "army_standard", state = "lost" } } }) end,
    "input: talismans[1].state: \"lost\" is not one of raised, taken_down, wrecked")
end

-- The count feeds the Command Test: +1 per functioning talisman.
function M.test_command_test_gets_one_per_functioning_talisman()
  local all = ruleset.resolve("talismans", { talismans = { standard, personage, item } })
  t.eq(all.functioning, 3)
  muster.dice.set_faces { 1 }
  local r = ruleset.resolve("command_test", { talismans = all.functioning,
    testers = { { name = "B", role = "battle_leader", leadership = 2 } } })
  t.eq(r.tests[1].modifiers[2], { id = "talismans", value = 3, reason = "each talisman still functioning",
    source = "fantasy_warriors p.39" })
  t.eq(r.tests[1].score, 1 + 2 + 3)
  t.eq(r.tests[1].result, "disorganised")
  -- the standard wrecked this turn: one fewer, and a marker for the test
  local w = talisman { talisman = standard, event = "end_of_movement", contact = { enemy = { { name = "Dwarf axes" } } } }
  local now = ruleset.resolve("talismans", { talismans = { with_state(standard, w.state_after), personage, item } })
  t.eq(now.functioning, 2)
  muster.dice.set_faces { 1 }
  r = ruleset.resolve("command_test", { talismans = now.functioning,
    testers = { { name = "B", role = "battle_leader", leadership = 2 } } })
  t.eq(r.tests[1].modifiers[2].value, 2)
  t.eq(r.tests[1].result, "shaken")
end

-- Derived check (digest part 2 §39): a battle leader with leadership 3, good omens, one
-- functioning talisman (the beloved personage; the standard was wrecked), the warchief dead,
-- 1D = 2: 2 + 3 + 1 + 1 - 3 = 4, the battle leader and his command rout.
function M.test_command_test_derived_check_with_one_talisman()
  local count = ruleset.resolve("talismans", { talismans = { with_state(standard, "wrecked"), personage } })
  t.eq(count.functioning, 1)
  muster.dice.set_faces { 2 }
  local r = ruleset.resolve("command_test", { omens = "good", talismans = count.functioning, warchief_lost = true,
    testers = { { name = "Grukk", role = "battle_leader", leadership = 3 } } })
  local ids = {}
  for _, m in ipairs(r.tests[1].modifiers) do ids[#ids + 1] = m.id .. "=" .. m.value end
  t.eq(table.concat(ids, " "), "leadership=3 good_omens=1 talismans=1 warchief_lost=-3")
  t.eq(r.tests[1].score, 4)
  t.eq(r.tests[1].result, "rout")
end

return M
