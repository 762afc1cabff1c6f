-- HR-9 Adventurers (variant `adventurers`, house-rules booklet pages 9-10): creation (cost,
-- limit, lighter armour, refusals naming the field), the classes, and the abilities resolved on
-- typed-in facts, with worked checks 7 (Healer) and 8 (Enthuse) of the digest.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "adventurers" } }

local function has(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

function M.test_creates_a_warrior_from_an_orc_soldier()
  local r = ruleset.resolve("adventurer", { list = "orcs", entry = "orc_infantry", class = "warrior", points = 1000 })
  t.eq(r.cost, 35, "5 x the Orc warrior's 7 points, no special's +10")
  t.eq(r.limit, 2)
  t.eq(r.profile.race, "orc")
  t.eq(r.profile.role, "adventurer")
  t.eq(has(r.profile.keywords, "adventurer"), true)
  t.eq(has(r.profile.keywords, "warrior"), true)
  t.eq(table.concat(r.abilities, " "), "enthuse killing_blow practiced_combat strike_first")
  t.eq(r.profile.save, false, "keeps the base profile's save")
  t.eq(r.outcome, "Warrior Orc infantry: 35 points (5 x 7); adventurer 1 of 2 allowed")
end

function M.test_lighter_armour_sets_armour_movement_and_cost()
  local r = ruleset.resolve("adventurer", { list = "men", entry = "men_spearmen", class = "healer", lighter = "men_militia", points = 500 })
  t.eq(r.profile.armour, "light")
  t.eq(r.profile.movement, 6)
  t.eq(r.cost, 10, "5 x the militia's 2 points after the armour reduction")
  t.fails(function() ruleset.resolve("adventurer", { list = "men", entry = "men_militia", class = "healer", lighter = "men_spearmen", points = 500 }) end,
    "input: lighter: Spearmen wears medium armour, not less than Militia's light (adventurers p.9)")
end

local scout = { name = "Elf scout", race = "elf", points = 9, quality = "veteran", type = "disciplined",
                worth = 1, armour = "light", movement = 7, weapon = "bow" }

function M.test_a_typed_in_profile()
  local r = ruleset.resolve("adventurer", { profile = scout, class = "thief", points = 1500, adventurers = 2 })
  t.eq(r.cost, 45)
  t.eq(r.adventurers, 3)
  t.eq(r.profile.movement, 7)
  t.eq(r.profile.points, nil, "the profile is an individual's description: the points are the cost's")
  -- A typed-in profile is checked as an individual, naming the field.
  local bad = {}
  for k, v in pairs(scout) do bad[k] = v end
  bad.armour = "chainmail"
  t.fails(function() ruleset.resolve("adventurer", { profile = bad, class = "thief", points = 500 }) end,
    "input: profile.armour: \"chainmail\" is not one of none, light, medium, heavy, extra_heavy")
end

function M.test_the_class_and_its_abilities_are_keywords_and_the_profile_fights()
  local r = ruleset.resolve("adventurer", { list = "orcs", entry = "orc_infantry", class = "assassin", points = 1000 })
  for _, k in ipairs({ "adventurer", "assassin", "hide", "killing_blow", "sabotage", "speed", "strike_first" }) do
    t.eq(has(r.profile.keywords, k), true, k)
  end
  -- The profile attaches to a unit as it comes (role "adventurer", a row of individual_roles).
  local unit = { name = "Orcs", figures = 5, quality = "average", type = "tribal", individuals = { r.profile } }
  local c = ruleset.resolve("combat", { attacker = { unit = unit }, defender = { unit = { name = "Men", figures = 5,
    quality = "average", type = "disciplined" }, in_contact = 0 } })
  t.eq(c.units[1].apart[1].figure, "Orc infantry")
end

function M.test_refusals_name_the_field()
  t.fails(function() ruleset.resolve("adventurer", { list = "orcs", entry = "orc_hero", class = "warrior", points = 1000 }) end,
    "input: entry: \"orc_hero\" is a character, not an ordinary soldier (adventurers p.9)")
  t.fails(function() ruleset.resolve("adventurer", { list = "orcs", entry = "orc_infantry", class = "warrior", points = 999, adventurers = 1 }) end,
    "input: points: 999 points allow 1 adventurer (one per 500), and the army has 1 already (adventurers p.9)")
  t.fails(function() ruleset.resolve("adventurer", { list = "orcs", entry = "orc_infantry", class = "wizard", points = 1000 }) end,
    "input: class: \"wizard\" is not one of thief, assassin, warrior, healer, bard, scholar, tactician")
  t.fails(function() ruleset.resolve("adventurer", { list = "orcs", entry = "orc_infantry", class = "bard", points = 1000,
    alignment = { army = { "dark" }, base = "light" } }) end,
    "input: alignment: an army with Dark-aligned figures may not take an adventurer from the Armies of Light (adventurers p.9)")
  t.fails(function() ruleset.resolve("adventurer", { profile = { name = "Hero", role = "hero", points = 20 }, class = "bard", points = 1000 }) end,
    "input: profile: a character may not become an adventurer: pick an ordinary soldier (adventurers p.9)")
end

-- Worked check 7: three casualties within 6in; dice 6, 1: the first is saved, the second
-- dies and the healer heals no more this turn; the third dies without a roll.
function M.test_worked_check_7_healer()
  muster.dice.set_faces { 6, 1 }
  local r = ruleset.resolve("heal", { figures = { "Aldo", "Bern", "Cato" } })
  t.eq(#r.dice, 2)
  t.eq(r.figures[1].result, "saved")
  t.eq(r.figures[2].result, "dies")
  t.eq(r.figures[3].result, "dies")
  t.eq(r.figures[3].die, nil)
  t.eq(r.stopped, true)
  t.eq(r.outcome, "saved: Aldo; dead: Bern, Cato; no more healing this turn")
end

function M.test_heal_bands_and_poison()
  muster.dice.set_faces { 2, 3, 4 }
  local r = ruleset.resolve("heal", { figures = { "A", { name = "P", poisoned = true }, "B", "C" } })
  t.eq(r.figures[1].result, "dies")
  t.eq(r.figures[2].why, "no roll: a poisoned figure cannot be healed")
  t.eq(r.figures[3].result, "dies")
  t.eq(r.figures[4].worth, 1)
end

-- Worked check 8: a tribal unit's Combat Test scores 3 (1D 2, average 0, leader +1); the
-- Enthuse die 4 makes it 7: BLOODLUST.
function M.test_worked_check_8_enthuse()
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("enthuse", { test = "combat", unit_type = "tribal", score = 3 })
  t.eq(r.score, 7)
  t.eq(r.reaction, "bloodlust")
  t.eq(r.reaction_without, "shaken")
  t.fails(function() ruleset.resolve("enthuse", { test = "combat", unit_type = "tribal", score = 3, extra_die_used = true }) end,
    "input: extra_die_used: this test already had its one extra die (Enthuse or Control) (adventurers p.10, proposed)")
end

function M.test_control_after_rout_or_bloodlust()
  muster.dice.set_faces { 3 }
  local r = ruleset.resolve("control", { test = "threat", unit_type = "tribal", score = 1, sign = "+" })
  t.eq(r.score, 4)
  t.eq(r.reaction, "ok")
  muster.dice.set_faces { 3 }
  r = ruleset.resolve("control", { test = "threat", unit_type = "tribal", score = 8 })
  t.eq(r.choice, "sign")
  t.eq(r.options["-"].reaction, "ok")
  t.eq(r.options["+"].reaction, "bloodlust")
  muster.dice.set_faces { 3 }
  muster.choice.set_controller("Orcs", "script", { "-" })
  r = ruleset.resolve("control", { test = "threat", unit_type = "tribal", score = 8, side = "Orcs" })
  t.eq(r.score, 5)
  t.eq(r.reaction, "ok")
  t.eq(r.sign_by, "script")
  t.fails(function() ruleset.resolve("control", { test = "threat", unit_type = "tribal", score = 5, sign = "+" }) end,
    "input: score: 5 gives OK: Control applies only to ROUT or BLOODLUST (adventurers p.10)")
end

function M.test_steal_item_table()
  local want = { "caught", "detained", "detained", "stolen", "stolen", "stolen" }
  for d = 1, 6 do
    muster.dice.set_faces { d }
    t.eq(ruleset.resolve("steal_item", {}).result, want[d])
  end
  muster.dice.set_faces { 1 }
  t.eq(ruleset.resolve("steal_item", { target_unarmed = true }).result, "unsuccessful")
  muster.dice.set_faces { 6 }
  t.eq(ruleset.resolve("steal_item", {}).second_chance, true)
end

function M.test_practiced_combat_killing_blow_strike_first()
  muster.dice.set_faces { 1 }
  local r = ruleset.resolve("practiced_combat", { worth = 1, hits = { 1, 4 } })
  t.eq(r.worth, 3)
  t.eq(r.hits[1], 1, "re-rolled once only: a second 1 stands")
  muster.dice.set_faces { 3 }
  r = ruleset.resolve("killing_blow", { saves = { { name = "D1", save = 5, roll = 6 }, { name = "D2", save = 5, roll = 2 } } })
  t.eq(#r.dice, 1)
  t.eq(r.outcome, "2 killed: D1, D2")
  -- A figure given without a name is still counted among the dead.
  r = ruleset.resolve("killing_blow", { saves = { { save = 5, roll = 2 }, { name = "D2", save = 5, roll = 2 } } })
  t.eq(r.outcome, "2 killed: figure 1, D2")
end

-- ---------------------------------------------------------------------------------------
-- The core's hooks: Strike First, Killing Blow and Unarmed in a combat round (table
-- fighting_abilities), Hide against shooting (table shooting_targets)
-- ---------------------------------------------------------------------------------------

local function adventurer(name, ability, worth, save)
  return { name = name, role = "adventurer", quality = "average", type = "disciplined", worth = worth or 1,
           save = save, keywords = { "adventurer", ability } }
end

local function men(extra)
  local u = { name = "Men", figures = 5, quality = "average", type = "disciplined" }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

local function orcs(extra)
  local u = { name = "Orcs", figures = 5, quality = "average", type = "tribal" }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

local function unit_named(r, name)
  for _, u in ipairs(r.units) do if u.name == name then return u end end
end

-- An assassin with 5 Men strikes first: its die hits (6) and kills (6) before anybody else;
-- the Orc it kills does not strike back (5 in contact, none behind: 4 dice). Every other
-- die misses (natural 1s).
function M.test_strike_first_removes_its_casualties_before_they_strike_back()
  muster.dice.set_faces { 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  local r = ruleset.resolve("combat", {
    attacker = { unit = men({ individuals = { adventurer("Assassin", "strike_first") } }) },
    defender = { unit = orcs() } })
  t.eq(r.strike_first.side, "attacker")
  t.eq(r.strike_first.figures, { "Assassin" })
  t.eq(r.strike_first.struck, { { unit = "Orcs", losses = 1, dice_lost = 1 } })
  local a, o = unit_named(r, "Men"), unit_named(r, "Orcs")
  t.eq(a.apart[1].figure, "Assassin")
  t.eq(a.apart[1].strikes_first, true)
  t.eq(a.apart[1].kills, 1)
  t.eq(a.attacks[1].hit_dice, 5, "the assassin's die is not in the unit's throw")
  t.eq(o.attacks[1].dice_from.struck_first, -1)
  t.eq(o.attacks[1].hit_dice, 4)
  t.eq(o.losses, 1)
  t.eq(r.dice[1].label, "hit throw, Assassin (Men) v Orcs")
end

-- A deep unit makes good a figure struck first from its rear: nothing fights less.
function M.test_strike_first_on_a_deep_unit_costs_no_dice()
  muster.dice.set_faces { 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  local r = ruleset.resolve("combat", {
    attacker = { unit = men({ individuals = { adventurer("Assassin", "strike_first") } }) },
    defender = { unit = orcs({ figures = 10 }), in_contact = 5 } })
  t.eq(r.strike_first.struck, { { unit = "Orcs", losses = 1, dice_lost = 0 } })
  t.eq(unit_named(r, "Orcs").attacks[1].hit_dice, 5)
end

-- Two figures that strike first, one each side, cancel out: everybody strikes together.
function M.test_two_that_strike_first_cancel_out()
  muster.dice.set_faces { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  local r = ruleset.resolve("combat", {
    attacker = { unit = men({ individuals = { adventurer("Assassin", "strike_first") } }) },
    defender = { unit = orcs({ individuals = { adventurer("Cutthroat", "strike_first") } }) } })
  t.eq(r.strike_first.cancelled, true)
  t.eq(r.strike_first.attacker, { "Assassin" })
  t.eq(r.strike_first.defender, { "Cutthroat" })
  t.eq(unit_named(r, "Men").apart[1].strikes_first, nil)
  t.eq(unit_named(r, "Orcs").attacks[1].dice_from.struck_first, nil)
end

-- A lone figure that strikes first kills the lone hero it fights (2 hits, 2 kills, no save)
-- before he strikes, so the hero throws nothing.
function M.test_a_lone_figure_that_strikes_first()
  muster.dice.set_faces { 6, 6, 6, 6 }
  local hero = { name = "Hero", role = "hero", quality = "average", type = "disciplined", worth = 2 }
  local r = ruleset.resolve("combat", { attacker = { individual = adventurer("Assassin", "strike_first", 2) },
                                        defender = { individual = hero } })
  local h = unit_named(r, "Hero")
  t.eq(h.alive, false)
  t.eq(h.attacks[1].hit_dice, 0)
  t.eq(h.attacks[1].dice_from.struck_first, -2)
  t.eq(unit_named(r, "Assassin").attacks[1].strikes_first, true)
end

-- Killing Blow: the unit's 5 dice miss, the Blademaster's own die hits and kills (thrown
-- after the unit's, apart); its kill is saved (6+6 = 12 beats 7), the save is forced again
-- (1+1 = 2) and the second throw stands: the dwarf dies.
function M.test_killing_blow_forces_a_passed_save_again()
  muster.dice.set_faces { 1, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 6, 6, 1, 1 }
  local r = ruleset.resolve("combat", {
    attacker = { unit = men({ individuals = { adventurer("Blademaster", "killing_blow") } }) },
    defender = { unit = { name = "Dwarves", figures = 5, quality = "average", type = "disciplined", save = 7 } } })
  local d = unit_named(r, "Dwarves")
  t.eq(unit_named(r, "Men").apart[1].killing_blow, true)
  t.eq(#d.saves, 2)
  t.eq({ d.saves[1].total, d.saves[1].saved, d.saves[1].forced }, { 12, true, true })
  t.eq({ d.saves[2].total, d.saves[2].saved }, { 2, false })
  t.eq(d.saves[2].against, "kill, forced again by Blademaster")
  t.eq(d.losses, 1)
  t.eq(d.saves_passed, 0)
end

-- With more saves to come than forced re-rolls, the inflicting side is asked which to force.
function M.test_killing_blow_asks_which_passed_save_to_force()
  -- Men: 5 dice, one hits (6) and kills (6); Blademaster: hit 6, kill 6. Dwarves miss.
  -- Two kills on the Dwarves, one of them Killing Blow's: both saves pass (12, 12); the
  -- attacker keeps the re-roll for the second, which fails (1+1).
  muster.dice.set_faces { 6, 1, 1, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1, 6, 6, 6, 6, 1, 1 }
  muster.choice.set_controller("attacker", "script", { "keep" })
  local r = ruleset.resolve("combat", {
    attacker = { unit = men({ individuals = { adventurer("Blademaster", "killing_blow") } }) },
    defender = { unit = { name = "Dwarves", figures = 5, quality = "average", type = "disciplined", save = 7 } } })
  local d = unit_named(r, "Dwarves")
  t.eq(#d.saves, 3)
  t.eq({ d.saves[1].saved, d.saves[1].forced }, { true, nil })
  t.eq({ d.saves[2].saved, d.saves[2].forced }, { true, true })
  t.eq(d.saves[3].saved, false)
  t.eq(d.losses, 1)
  local asked
  for _, ch in ipairs(r.choices) do if ch.question == "killing_blow" then asked = ch end end
  t.eq({ asked.answer, asked.by, asked.side }, { "keep", "script", "attacker" })
end

-- Unarmed: it adds no dice; no 6 falls on it; the leader takes the overflow before it.
function M.test_unarmed_throws_nothing_and_is_sheltered()
  -- Men 5 + Healer: 5 dice, all miss. Orcs: 5 dice hit (6s) and kill (6s): 5 kills on
  -- the Men (leader + 4 warriors): the specials die is a 6 but only the leader can take it.
  local healer = adventurer("Healer", "unarmed", 2)
  muster.dice.set_faces { 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  local r = ruleset.resolve("combat", {
    attacker = { unit = men({ leader = true, individuals = { healer } }) },
    defender = { unit = orcs() } })
  local m = unit_named(r, "Men")
  t.eq(m.attacks[1].dice_from.characters, 0)
  t.eq(m.attacks[1].dice_from.unarmed, 1)
  t.eq(m.attacks[1].hit_dice, 5)
  t.eq(m.specials[1].figure, "leader", "the only special a 6 may fall on")
  t.eq(m.characters_killed, {})
end

-- Unarmed falls only when nothing but the standard bearer is left to choose.
function M.test_unarmed_falls_before_the_standard_bearer_only()
  -- 3 Men (leader, standard bearer, 1 warrior) + Healer; the Orcs kill 3: specials die 1
  -- (no 6), the warrior, then the overflow: the leader, then the Healer; the standard bearer
  -- would be next.
  muster.dice.set_faces { 1, 1, 1, 6, 6, 6, 6, 6, 6, 1 }
  local r = ruleset.resolve("combat", {
    attacker = { unit = men({ figures = 3, leader = true, standard = true, individuals = { adventurer("Healer", "unarmed") } }),
                 in_contact = 3 },
    defender = { unit = orcs({ figures = 3 }), in_contact = 3 } })
  local m = unit_named(r, "Men")
  local order = {}
  for _, s in ipairs(m.specials) do order[#order + 1] = s.figure end
  t.eq(order, { "leader", "Healer" })
  t.eq(m.characters_killed, { "Healer" })
  t.eq(m.after.standard, true)
end

-- Hide: not shot at in cover or difficult ground; in the open only from short range.
function M.test_hide_refuses_the_shot()
  local bows = { name = "Bowmen", figures = 10, quality = "average", type = "disciplined", weapon = "bow" }
  local thief = { name = "Thief", figures = 0, quality = "average", type = "disciplined",
                  individuals = { adventurer("Thief", "hide") } }
  t.fails(function() ruleset.resolve("shoot", { shooter = bows, target = thief, range = "long" }) end,
    "input: range: Thief may be shot at in the open only from short range, and the range is long (Hide: an adventurer with Hide, adventurers p.10)")
  t.fails(function() ruleset.resolve("shoot", { shooter = bows, target = thief, range = "short", cover = "soft" }) end,
    "input: cover: Thief may not be shot at in soft cover (Hide: an adventurer with Hide, adventurers p.10)")
  t.fails(function() ruleset.resolve("shoot", { shooter = bows, target = thief, distance = 3, target_ground = "difficult" }) end,
    "input: target_ground: Thief may not be shot at in difficult ground (Hide: an adventurer with Hide, adventurers p.10)")
  t.fails(function() ruleset.resolve("hit_throw", { shooter = bows, target = thief, distance = 15 }) end,
    "input: distance: Thief may be shot at in the open only from short range, and the range is long (Hide: an adventurer with Hide, adventurers p.10)")
  local r = ruleset.resolve("shoot", { shooter = bows, target = thief, distance = 3 })
  t.eq(r.range, "short")
end

function M.test_presence_gives_minus_two_to_the_threat_test()
  local orcs = { name = "Orcs", figures = 10, quality = "average", type = "tribal" }
  local bards = { name = "Men", figures = 20, quality = "average", type = "disciplined", keywords = { "presence" } }
  local plain = { name = "Men", figures = 20, quality = "average", type = "disciplined" }
  muster.dice.set_faces { 4 }
  local with = ruleset.resolve("threat_test", { unit = orcs, threatener = bards })
  muster.dice.set_faces { 4 }
  local without = ruleset.resolve("threat_test", { unit = orcs, threatener = plain })
  t.eq(with.score, without.score - 2)
  local presence
  for _, m in ipairs(with.modifiers) do if m.id == "adventurer_presence" then presence = m end end
  t.eq({ presence and presence.value, presence and presence.source }, { -2, "adventurers p.10" })
end

return M
