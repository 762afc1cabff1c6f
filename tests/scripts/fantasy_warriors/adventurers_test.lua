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

function M.test_a_typed_in_profile()
  local r = ruleset.resolve("adventurer", { profile = { name = "Elf scout", race = "elf", points = 9, armour = "light", movement = 7 },
    class = "thief", points = 1500, adventurers = 2 })
  t.eq(r.cost, 45)
  t.eq(r.adventurers, 3)
  t.eq(r.profile.movement, 7)
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
  t.eq(ruleset.resolve("strike_first", { kills = 2 }).removed_first, 2)
  t.eq(ruleset.resolve("strike_first", { kills = 2, enemy_strike_first = true }).removed_first, 0)
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
