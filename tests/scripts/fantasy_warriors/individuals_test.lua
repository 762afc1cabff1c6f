-- Fantasy Warriors individuals in battle (pages 39-42, 46): the warchief's loss (heroes'
-- vengeance roll, wizards' last spell, every other individual routed, no new orders), any one
-- figure lost, a unit routing with characters attached, the Command Test counters of every
-- event, and the herald as a temporary unit musician in the Threat Test (page 8).
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

local function resolve(name, input) return ruleset.resolve(name, input) end

local function names(list, field)
  local out = {}
  for _, x in ipairs(list) do out[#out + 1] = field and x[field] or x end
  return table.concat(out, ",")
end

-- An Orc army: the warchief's own command, two battle leaders, one leaderless command.
local function army()
  return {
    { name = "Gorbag", role = "warchief", leadership = 4, units = { "Orc guard" } },
    { name = "Grukk", role = "battle_leader", leadership = 3, units = { "Orc spears" } },
    { name = "Snaga", role = "battle_leader", leadership = 2, units = { "Orc archers" } },
    { name = "Wolf riders", role = "command", units = { "Wolf riders" } },
  }
end

local function counters(res)
  local out = {}
  for _, c in ipairs(res.counters) do out[#out + 1] = c.name .. ":" .. c.when end
  return table.concat(out, ",")
end

local function markers(res)
  local out = {}
  for _, m in ipairs(res.command_test_markers) do
    out[#out + 1] = m.name .. ":" .. m.role .. ":" .. m.event .. ":" .. m.when
  end
  return table.concat(out, ",")
end

-- ---------------------------------------------------------------------------------------
-- warchief_lost
-- ---------------------------------------------------------------------------------------

-- Page 40: a hero throws 1D (+1 in combat); 4-6 (7) he stays bent on vengeance, 1-3 he routs
-- with no Command Test. Both bands, with and without the +1, and the top score 7.
function M.test_hero_vengeance_bands()
  local cases = { { 3, false, 3, false }, { 4, false, 4, true }, { 1, true, 2, false }, { 3, true, 4, true },
                  { 6, true, 7, true }, { 6, false, 6, true } }
  for _, c in ipairs(cases) do
    muster.dice.set_faces { c[1] }
    local r = resolve("warchief_lost", { warchief = "Gorbag", event = "killed",
                                         individuals = { { name = "Hero", role = "hero", in_combat = c[2] } } })
    local h = r.heroes[1]
    t.eq(h.die, c[1])
    t.eq(h.score, c[3])
    t.eq(h.stays, c[4], "die " .. c[1])
    t.eq(h.source, "fantasy_warriors p.40")
    if c[4] then
      t.eq(h.result, "vengeance")
      t.eq(r.stays, { "Hero" })
      t.eq(r.removed, { "Gorbag" })
      t.eq(#r.vengeance, 4)
      t.eq(r.vengeance[2], "moves in the Movement phase after all friendly battle leaders have moved")
    else
      t.eq(h.result, "routs")
      t.eq(r.stays, {})
      t.eq(r.removed, { "Gorbag", "Hero" })
      t.eq(r.vengeance, nil)
    end
    -- only the warchief's own marker: a hero routing on this roll places none
    t.eq(markers(r), "Gorbag:warchief:killed:phase_seven")
  end
end

-- Exact odds: a hero in combat stays on 3-6 of the die (4/6), one out of combat on 4-6 (3/6).
function M.test_hero_vengeance_exact_odds()
  for _, c in ipairs({ { true, 4 / 6 }, { false, 3 / 6 } }) do
    local p = muster.dice.roll_exact(function()
      return resolve("warchief_lost", { event = "killed", individuals = { { name = "H", role = "hero", in_combat = c[1] } } })
        .heroes[1].stays
    end)
    local stays = 0
    for _, o in ipairs(p) do if o.outcome == true then stays = o.p end end
    t.near(stays, c[2], 1e-12)
  end
end

-- Wizards go through magic.lua's wizard_warchief_lost: 1-3 rout at once, 4-6 a last spell;
-- only an overdrawing last spell places counters (killed, at the end of the turn).
function M.test_wizards_through_magic()
  muster.dice.set_faces { 2 }
  local r = resolve("warchief_lost", { event = "killed",
    individuals = { { name = "Shaman", role = "wizard", power = 10, last_spell = { spell = "portent_of_doom" } } } })
  t.eq(r.wizards[1].procedure, "wizard_warchief_lost")
  t.eq(r.wizards[1].outcome, "routs at once")
  t.eq(r.removed, { "warchief", "Shaman" })
  t.eq(markers(r), "warchief:warchief:killed:phase_seven")
  t.eq(r.events, { "warchief_killed", "wizard_warchief_rout" })
  -- 5, then Finger of Death at 13in: 2 + (6 + 3) = 11 of 10 points, overdrawn
  muster.dice.set_faces { 5, 6, 3 }
  r = resolve("warchief_lost", { event = "killed",
    individuals = { { name = "Shaman", role = "wizard", power = 10,
                      last_spell = { spell = "finger_of_death", range = 13, target = { name = "Dwarf hero", save = 7 } } } } })
  t.eq(r.wizards[1].outcome, "last spell overdrawn: wizard dies")
  t.eq(markers(r), "warchief:warchief:killed:phase_seven,Shaman:wizard:killed:end_of_turn")
  t.eq(r.events, { "warchief_killed", "wizard_killed" })
  t.fails(function()
    resolve("warchief_lost", { event = "killed", individuals = { { name = "S", role = "wizard", last_spell = { spell = "blast", wizard = {} } } } })
  end, "input: individuals[1].last_spell.wizard: the wizard is the figure itself")
  t.fails(function()
    resolve("warchief_lost", { event = "killed", individuals = { { name = "P", role = "priest", power = 3 } } })
  end, "input: individuals[1].power: only a wizard has power and spells")
end

-- The dice are thrown in the order the individuals are given: hero, wizard, hero.
function M.test_dice_in_input_order()
  muster.dice.set_faces { 2, 5, 4 }
  local r = resolve("warchief_lost", { warchief = "Gorbag", event = "killed", individuals = {
    { name = "Azog", role = "hero" }, { name = "Shaman", role = "wizard", power = 4 }, { name = "Bolg", role = "hero" } } })
  t.eq(r.heroes[1].die, 2)
  t.eq(r.wizards[1].roll, 5)
  t.eq(r.wizards[1].last_spell_allowed, true)
  t.eq(r.heroes[2].die, 4)
  t.eq(r.removed, { "Gorbag", "Azog", "Shaman" })
  t.eq(r.stays, { "Bolg" })
  t.eq(r.outcome, "warchief killed: 3 removed, 1 stays")
end

-- Killed: every individual but heroes and wizards routs and is removed (page 40). A routed
-- priest places a marker (page 39 names a priest's rout, page 40 exempts only heroes and
-- wizards); soothsayers, heralds, banner bearers, couriers, scouts place none. Soothsayers who
-- rout leave the omens as they are. No new orders. Counters: the warchief's command tests as a
-- leaderless command, every battle leader and leaderless command too.
function M.test_warchief_killed_others_rout_and_counters()
  local r = resolve("warchief_lost", { warchief = "Gorbag", event = "killed", omens = "good", testers = army(),
    individuals = { { name = "Priest", role = "priest" }, { name = "Seer", role = "soothsayer" },
                    { name = "Herald", role = "herald" }, { name = "Banner", role = "banner_bearer" },
                    { name = "Courier", role = "courier" }, { name = "Scout", role = "scout" } } })
  t.eq(r.removed, { "Gorbag", "Priest", "Seer", "Herald", "Banner", "Courier", "Scout" })
  t.eq(r.stays, {})
  t.eq(#r.dice, 0)
  t.eq(markers(r), "Gorbag:warchief:killed:phase_seven,Priest:priest:routed:phase_seven")
  t.eq(r.omens_after, "good")
  t.eq(r.no_new_orders, true)
  t.eq(r.orders_note, "no new orders for the rest of the battle: every command keeps its current orders (p.35)")
  t.eq(r.warchief_lost, true)
  t.eq(counters(r), "command of Gorbag:this_turn,Grukk:this_turn,Snaga:this_turn,Wolf riders:this_turn")
  t.eq(r.testers[1], { name = "command of Gorbag", role = "command", units = { "Orc guard" }, counter = true })
  t.eq(r.testers[2].counter, true)
  t.eq(r.testers[2].leadership, 3)
  t.eq(r.next_turn_counters, {})
end

-- Routed: every individual, heroes and wizards included, leaves the table with him; no dice.
function M.test_warchief_routed_everyone_leaves()
  local r = resolve("warchief_lost", { warchief = "Gorbag", event = "routed", omens = "bad",
    individuals = { { name = "Azog", role = "hero", in_combat = true }, { name = "Shaman", role = "wizard", power = 9 },
                    { name = "Herald", role = "herald" }, { name = "Seer", role = "soothsayer" } } })
  t.eq(#r.dice, 0)
  t.eq(r.heroes, {})
  t.eq(r.wizards, {})
  t.eq(r.removed, { "Gorbag", "Azog", "Shaman", "Herald", "Seer" })
  t.eq(markers(r), "Gorbag:warchief:routed:phase_seven,Azog:hero:routed:phase_seven,Shaman:wizard:routed:phase_seven")
  t.eq(r.omens_after, "bad")
  t.eq(r.no_new_orders, true)
  t.eq(r.testers, nil)
  t.eq(r.outcome, "warchief routed: 5 removed, 0 stay")
end

-- The counters feed command_test as they are: the derived check of digest part 2 §39 (a
-- battle leader with leadership 3, good omens, one talisman, the warchief dead, 1D = 2 -> 4,
-- rout), after the warchief's death; the warchief's command, leaderless, tests first.
function M.test_counters_feed_command_test()
  local lost = resolve("warchief_lost", { warchief = "Gorbag", event = "killed",
    testers = { { name = "Gorbag", role = "warchief", leadership = 4, units = {} },
                { name = "Grukk", role = "battle_leader", leadership = 3, units = { "Orc spears" } } } })
  t.eq(#lost.testers, 1)  -- no units left to his own command: nothing of it tests
  muster.dice.set_faces { 2 }
  local r = resolve("command_test", { testers = lost.testers, warchief_lost = lost.warchief_lost, omens = "good", talismans = 1 })
  t.eq(r.tests[1].score, 4)
  t.eq(r.tests[1].result, "rout")
end

-- Already tested this Phase Seven (the warchief routed on his own Command Test): those testers
-- get their counter for next turn.
function M.test_tested_testers_wait_for_next_turn()
  local r = resolve("warchief_lost", { warchief = "Gorbag", event = "routed", testers = army(), tested = { "Grukk" } })
  t.eq(counters(r), "command of Gorbag:this_turn,Grukk:next_turn,Snaga:this_turn,Wolf riders:this_turn")
  t.eq(r.testers[2].counter, false)
  t.eq(r.next_turn_counters, { "Grukk" })
  t.fails(function() resolve("warchief_lost", { event = "routed", testers = army(), tested = { "Nobody" } }) end,
          'input: tested[1]: "Nobody" is not one of the testers')
end

function M.test_warchief_lost_input_errors()
  t.fails(function() resolve("warchief_lost", { event = "fled" }) end, 'input: event: "fled" is not one of killed, routed')
  t.fails(function() resolve("warchief_lost", { event = "killed", individuals = { { name = "X", role = "battle_leader" } } }) end,
          "input: individuals[1].role:")
  t.fails(function() resolve("warchief_lost", { event = "killed", individuals = { { name = "X", role = "hero" }, { name = "X", role = "scout" } } }) end,
          'input: individuals[2].name: two figures named "X"')
  t.fails(function() resolve("warchief_lost", { event = "killed", omens = "grim" }) end, "input: omens:")
end

-- ---------------------------------------------------------------------------------------
-- command_counters: every row of the table `command_test_events`
-- ---------------------------------------------------------------------------------------

function M.test_every_event_row()
  local expect = {
    warchief_killed = { "phase_seven", "p.42", 4 }, warchief_routed = { "phase_seven", "p.42", 4 },
    battle_leader_killed = { "phase_seven", "p.42", 4 }, battle_leader_routed = { "phase_seven", "p.42", 4 },
    hero_killed = { "phase_seven", "p.40", 4 }, hero_routed = { "phase_seven", "p.39", 4 },
    hero_vengeance_rout = { "none", "p.40", 0 }, wizard_killed = { "end_of_turn", "p.43", 4 },
    wizard_routed = { "phase_seven", "p.39", 4 }, wizard_warchief_rout = { "none", "p.40", 0 },
    priest_killed = { "phase_seven", "p.40", 4 }, priest_routed = { "phase_seven", "p.39", 4 },
    priest_taken_by_gods = { "next_command_test_phase", "p.41", 4 },
    army_standard_wrecked = { "this_turn", "p.46", 4 }, beloved_personage_killed = { "this_turn", "p.46", 4 },
    beloved_personage_routed = { "this_turn", "p.46", 4 }, sacred_item_defiled = { "this_turn", "p.46", 4 },
    portent_of_doom = { "immediately", "p.45", 4 },
  }
  local seen = 0
  for _, event in ipairs(ruleset.modules.individuals.events) do
    local e = expect[event]
    local lost = event == "battle_leader_killed" or event == "battle_leader_routed"
    local r = resolve("command_counters", { event = event, testers = army(), lost = lost and "Grukk" or nil })
    t.eq(r.timing, e[1], event)
    t.eq(r.source, "fantasy_warriors " .. e[2], event)
    t.eq(#r.counters, e[3], event)
    t.eq(r.places_counters, e[3] > 0, event)
    t.eq(r.no_new_orders, event == "warchief_killed" or event == "warchief_routed", event)
    seen = seen + 1
  end
  t.eq(seen, 18)
  local rows = 0
  for _ in pairs(ruleset.registry.tables.command_test_events.rows) do rows = rows + 1 end
  t.eq(rows, 18)
end

-- A battle leader lost: his command tests as a command without a battle leader; with no units
-- left it drops out. Portent of Doom: every tester tests now, tested or not.
function M.test_battle_leader_lost_and_portent()
  local r = resolve("command_counters", { event = "battle_leader_killed", testers = army(), lost = "Grukk" })
  t.eq(counters(r), "Gorbag:this_turn,command of Grukk:this_turn,Snaga:this_turn,Wolf riders:this_turn")
  t.eq(r.testers[2].role, "command")
  t.eq(r.outcome, "4 counters (phase_seven)")
  -- routed on the Command Test itself, his units with him; Gorbag and Snaga tested already
  local testers = army()
  testers[2].units = {}
  r = resolve("command_counters", { event = "battle_leader_routed", testers = testers, lost = "Grukk", tested = { "Gorbag", "Snaga" } })
  t.eq(counters(r), "Gorbag:next_turn,Snaga:next_turn,Wolf riders:this_turn")
  t.eq(r.next_turn_counters, { "Gorbag", "Snaga" })
  r = resolve("command_counters", { event = "portent_of_doom", testers = army(), tested = { "Gorbag" } })
  t.eq(counters(r), "Gorbag:now,Grukk:now,Snaga:now,Wolf riders:now")
  t.eq(r.warchief_lost, false)
  r = resolve("command_counters", { event = "hero_vengeance_rout", testers = army() })
  t.eq(r.outcome, "no counters")
  t.eq(r.testers[1].counter, false)
  -- the warchief found among the testers when `lost` is left out
  r = resolve("command_counters", { event = "warchief_killed", testers = army() })
  t.eq(r.testers[1].name, "command of Gorbag")
  t.eq(r.warchief_lost, true)
end

function M.test_command_counters_input_errors()
  t.fails(function() resolve("command_counters", { event = "hero_killed" }) end, "input: testers: missing")
  t.fails(function() resolve("command_counters", { event = "battle_leader_killed", testers = army() }) end,
          "input: lost: missing (the battle leader lost)")
  t.fails(function() resolve("command_counters", { event = "battle_leader_killed", testers = army(), lost = "Gorbag" }) end,
          'input: lost: "Gorbag" is not a battle leader among the testers')
  t.fails(function() resolve("command_counters", { event = "hero_killed", testers = army(), lost = "Grukk" }) end,
          "input: lost: only a warchief's or battle leader's loss names a lost tester")
  t.fails(function() resolve("command_counters", { event = "warchief_killed", testers = { { name = "A", role = "command" } } }) end,
          "input: lost: missing (the warchief lost)")
  t.fails(function() resolve("command_counters", { event = "hero_killed", testers = { { name = "A", role = "command" }, { name = "A", role = "command" } } }) end,
          'input: testers[2].name: two testers named "A"')
  t.fails(function() resolve("command_counters", { event = "dragon_slain", testers = army() }) end, "input: event:")
end

-- A variant patches one row: a wizard's death tested in Phase Seven like the rest.
function M.test_event_row_is_patchable()
  local row = ruleset.registry.tables.command_test_events.rows.wizard_killed
  rules("house").set_row("command_test_events", "wizard_killed",
                  { counters = true, timing = "phase_seven", reason = row.reason }, 1)
  local r = resolve("command_counters", { event = "wizard_killed", testers = army() })
  t.eq(r.timing, "phase_seven")
  t.eq(r.source, "house p.1")
end

-- ---------------------------------------------------------------------------------------
-- individual_lost
-- ---------------------------------------------------------------------------------------

function M.test_battle_leader_killed()
  local r = resolve("individual_lost", { figure = { name = "Grukk", role = "battle_leader" }, event = "killed", testers = army() })
  t.eq(r.removed, { "Grukk" })
  t.eq(markers(r), "Grukk:battle_leader:killed:phase_seven")
  t.eq(counters(r), "Gorbag:this_turn,command of Grukk:this_turn,Snaga:this_turn,Wolf riders:this_turn")
  t.eq(r.effects, { "his command keeps its current orders for the rest of the battle (p.35)",
                    "his command tests as a command without a battle leader" })
  t.eq(r.outcome, "Grukk killed: Command Test (phase_seven)")
  -- influence gone horribly wrong: a shaken unit routs and takes him along
  r = resolve("individual_lost", { figure = { name = "Grukk", role = "battle_leader" }, event = "routed", cause = "influence" })
  t.eq(markers(r), "Grukk:battle_leader:routed:phase_seven")
  t.eq(r.counters, nil)
end

-- Heroes, wizards and priests: counters, each with its own timing.
function M.test_hero_wizard_priest_lost()
  local r = resolve("individual_lost", { figure = { name = "Azog", role = "hero" }, event = "killed" })
  t.eq(markers(r), "Azog:hero:killed:phase_seven")
  r = resolve("individual_lost", { figure = { name = "Azog", role = "hero" }, event = "routed", cause = "warchief_roll" })
  t.eq(markers(r), "")
  t.eq(r.outcome, "Azog routed: no Command Test")
  r = resolve("individual_lost", { figure = { name = "Shaman", role = "wizard" }, event = "killed", cause = "overdraw" })
  t.eq(markers(r), "Shaman:wizard:killed:end_of_turn")
  r = resolve("individual_lost", { figure = { name = "Shaman", role = "wizard" }, event = "routed", cause = "warchief_roll", testers = army() })
  t.eq(markers(r), "")
  t.eq(counters(r), "")
  r = resolve("individual_lost", { figure = { name = "Priest", role = "priest" }, event = "killed", cause = "gods", testers = army() })
  t.eq(markers(r), "Priest:priest:killed:next_command_test_phase")
  t.eq(counters(r), "Gorbag:this_turn,Grukk:this_turn,Snaga:this_turn,Wolf riders:this_turn")
  r = resolve("individual_lost", { figure = { name = "Priest", role = "priest" }, event = "routed" })
  t.eq(markers(r), "Priest:priest:routed:phase_seven")
end

-- A beloved personage (page 46) is a talisman too: its loss is a second event.
function M.test_beloved_personage()
  local r = resolve("individual_lost", { figure = { name = "Old Bard", role = "scout", beloved_personage = true }, event = "routed" })
  t.eq(markers(r), "Old Bard:beloved_personage:routed:this_turn")
  t.eq(r.events, { "beloved_personage_routed" })
  r = resolve("individual_lost", { figure = { name = "Azog", role = "hero", beloved_personage = true }, event = "killed" })
  t.eq(markers(r), "Azog:hero:killed:phase_seven,Azog:beloved_personage:killed:this_turn")
  t.eq(r.events, { "hero_killed", "beloved_personage_killed" })
  -- a hero exempt on his warchief-death roll is still the lost talisman
  r = resolve("individual_lost", { figure = { name = "Azog", role = "hero", beloved_personage = true }, event = "routed",
                                   cause = "warchief_roll" })
  t.eq(markers(r), "Azog:beloved_personage:routed:this_turn")
  t.eq(r.events, { "hero_vengeance_rout", "beloved_personage_routed" })
end

-- Soothsayers (page 41): a death turns read omens bad, or "no longer good" (neutral) while a
-- second soothsayer lives; a rout leaves them as they are; unread omens stay unread.
function M.test_soothsayer_and_the_omens()
  local cases = { { "good", 1, "killed", "bad" }, { "good", 2, "killed", "neutral" }, { "neutral", 1, "killed", "bad" },
                  { "bad", 2, "killed", "bad" }, { "none", 1, "killed", "none" }, { "unread", 2, "killed", "unread" },
                  { "good", 1, "routed", "good" } }
  for _, c in ipairs(cases) do
    local r = resolve("individual_lost", { figure = { name = "Seer", role = "soothsayer" }, event = c[3], omens = c[1], soothsayers = c[2] })
    t.eq(r.omens_after, c[4], c[1] .. "/" .. c[2] .. "/" .. c[3])
    t.eq(markers(r), "")
  end
  local r = resolve("individual_lost", { figure = { name = "Seer", role = "soothsayer" }, event = "killed", omens = "good", soothsayers = 2 })
  t.eq(r.effects, { "omens good -> neutral" })
  t.fails(function() resolve("individual_lost", { figure = { role = "soothsayer" }, event = "killed", soothsayers = 3 }) end,
          "input: soothsayers: 3 is out of range 1..2")
end

-- Heralds, banner bearers and couriers take their services with them, and no Command Test.
function M.test_herald_banner_bearer_courier_scout()
  local r = resolve("individual_lost", { figure = { name = "Herald", role = "herald" }, event = "killed", leader = "Grukk", testers = army() })
  t.eq(r.range_lost, 2)
  t.eq(r.effects, { "Grukk's range is 2in shorter", "a unit with Grukk no longer counts him as its musician" })
  t.eq(markers(r), "")
  t.eq(counters(r), "")
  t.eq(r.outcome, "Herald killed: no Command Test")
  r = resolve("individual_lost", { figure = { name = "Banner", role = "banner_bearer" }, event = "routed" })
  t.eq(r.range_lost, 4)
  t.eq(r.effects[3], "his leader loses the +1 leadership of influence")
  r = resolve("individual_lost", { figure = { name = "Runner", role = "courier" }, event = "killed" })
  t.eq(r.effects, { "an order he was carrying is not delivered", "no courier +1 on the Battle Leader's Test through him" })
  r = resolve("individual_lost", { figure = { name = "Tracker", role = "scout" }, event = "killed" })
  t.eq(r.effects, {})
  t.eq(r.removed, { "Tracker" })
end

-- The warchief through individual_lost: the whole cascade of warchief_lost.
function M.test_individual_lost_warchief_cascade()
  muster.dice.set_faces { 5 }
  local r = resolve("individual_lost", { figure = { name = "Gorbag", role = "warchief", beloved_personage = true }, event = "killed",
    individuals = { { name = "Azog", role = "hero" }, { name = "Herald", role = "herald" } }, testers = army() })
  t.eq(r.procedure, "individual_lost")
  t.eq(r.removed, { "Gorbag", "Herald" })
  t.eq(r.stays, { "Azog" })
  t.eq(markers(r), "Gorbag:warchief:killed:phase_seven,Gorbag:beloved_personage:killed:this_turn")
  t.eq(r.no_new_orders, true)
  t.eq(r.testers[1].name, "command of Gorbag")
end

function M.test_individual_lost_input_errors()
  t.fails(function() resolve("individual_lost", { figure = { name = "Azog", role = "hero" }, event = "killed", cause = "overdraw" }) end,
          'input: cause: "overdraw" does not fit a hero killed')
  t.fails(function() resolve("individual_lost", { figure = { name = "S", role = "wizard" }, event = "routed", cause = "overdraw" }) end,
          'input: cause: "overdraw" does not fit a wizard routed')
  t.fails(function() resolve("individual_lost", { figure = { name = "A", role = "hero" }, event = "killed", individuals = {} }) end,
          "input: individuals: only the warchief's loss concerns the other individuals")
  t.fails(function() resolve("individual_lost", { figure = { name = "A", role = "king" }, event = "killed" }) end,
          "input: figure.role:")
  t.fails(function() resolve("individual_lost", { event = "killed" }) end, "input: figure: a figure {name, role, ...} expected")
  t.fails(function() resolve("individual_lost", { figure = { name = "P", role = "priest", in_combat = true }, event = "killed" }) end,
          "input: figure.in_combat: only a hero's roll counts base contact with the enemy")
  t.fails(function() resolve("individual_lost", { figure = { name = "A", role = "hero" }, event = "killed", leader = "Grukk" }) end,
          "input: leader: only a herald, banner bearer or courier serves a leader")
  t.fails(function() resolve("individual_lost", { figure = { name = "A", role = "hero" }, event = "killed", soothsayers = 2 }) end,
          "input: soothsayers: only a soothsayer's death counts the soothsayers")
end

-- ---------------------------------------------------------------------------------------
-- unit_routed (pages 40, 42)
-- ---------------------------------------------------------------------------------------

function M.test_unit_routes_with_battle_leader()
  local r = resolve("unit_routed", { unit = "Orc spears", testers = army(), omens = "good",
    attached = { { name = "Grukk", role = "battle_leader" }, { name = "Banner", role = "banner_bearer" },
                 { name = "Seer", role = "soothsayer" } } })
  t.eq(r.removed, { "Orc spears", "Grukk", "Banner", "Seer" })
  t.eq(markers(r), "Grukk:battle_leader:routed:phase_seven")
  t.eq(r.omens_after, "good")
  t.eq(counters(r), "Gorbag:this_turn,command of Grukk:this_turn,Snaga:this_turn,Wolf riders:this_turn")
  t.eq(r.no_new_orders, nil)
  t.eq(r.outcome, "4 removed")
  r = resolve("unit_routed", { unit = "Goblins", attached = { { name = "Runner", role = "courier" } }, testers = army() })
  t.eq(markers(r), "")
  t.eq(counters(r), "")
end

-- A routing warchief takes every individual of the army with him (page 40).
function M.test_unit_routes_with_warchief()
  local r = resolve("unit_routed", { unit = "Orc guard", testers = army(),
    attached = { { name = "Gorbag", role = "warchief" }, { name = "Herald", role = "herald" } },
    individuals = { { name = "Azog", role = "hero" }, { name = "Shaman", role = "wizard", power = 5 } } })
  t.eq(#r.dice, 0)
  t.eq(r.removed, { "Orc guard", "Gorbag", "Herald", "Azog", "Shaman" })
  t.eq(markers(r), "Gorbag:warchief:routed:phase_seven,Azog:hero:routed:phase_seven,Shaman:wizard:routed:phase_seven")
  t.eq(r.no_new_orders, true)
  t.eq(r.warchief_lost, true)
  t.eq(counters(r), "command of Gorbag:this_turn,Grukk:this_turn,Snaga:this_turn,Wolf riders:this_turn")
  t.fails(function() resolve("unit_routed", { unit = "U", attached = {}, individuals = {} }) end,
          "input: individuals: only a routing warchief takes the army's other individuals with him")
end

-- ---------------------------------------------------------------------------------------
-- The herald as a temporary unit musician (page 8) in the Threat Test
-- ---------------------------------------------------------------------------------------

local ids = t.modifier_ids

local leader = { name = "Grukk", role = "battle_leader", quality = "average", type = "tribal", worth = 1 }
local herald = { name = "Herald", role = "herald", quality = "average", type = "tribal", worth = 1 }

local function orcs(individuals, musicians)
  return { name = "Orcs", figures = 10, quality = "average", type = "tribal", musicians = musicians, individuals = individuals }
end

function M.test_herald_counts_as_musician()
  local dwarves = { name = "Dwarves", figures = 20, quality = "average", type = "disciplined" }
  muster.dice.set_faces { 4 }
  local r = resolve("threat_test", { unit = orcs({ leader, herald }), threatener = dwarves })
  t.eq(ids(r), "enemy_worth=-1 herald=1")
  t.eq(r.modifiers[2].source, "fantasy_warriors p.8")
  -- without his leader the herald is no musician
  muster.dice.set_faces { 4 }
  r = resolve("threat_test", { unit = orcs({ herald }), threatener = dwarves })
  t.eq(ids(r), "enemy_worth=-1")
  -- a unit with its own musician: still one +1
  muster.dice.set_faces { 4 }
  r = resolve("threat_test", { unit = orcs({ leader, herald }, 1), threatener = dwarves })
  t.eq(ids(r), "enemy_worth=-1 musicians=1")
  -- in the threatening unit, each herald with his leader is -1, like each musician
  muster.dice.set_faces { 4 }
  r = resolve("threat_test", { unit = { name = "Dwarves", figures = 30, quality = "average", type = "disciplined" },
                               threatener = orcs({ leader, herald, { name = "Herald 2", role = "herald", quality = "average", type = "tribal" } }, 1) })
  t.eq(ids(r), "enemy_musicians=-1 enemy_herald=-2")
end

return M
