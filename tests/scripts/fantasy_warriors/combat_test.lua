-- Fantasy Warriors, Phase Four (combat): the rulebook's worked examples replayed with their
-- dice, every band of the hit and kill throws and every cell of the weapon v armour table,
-- ranks, profiles, riders, flyers, standard captures, several units a side, kills to
-- specials, saves, annihilation under both options, man-to-man, properties over seeds and
-- exact odds against a hand calculation.
local t = require("testing")
local rules = t.rules

local M = { ruleset = "fantasy_warriors" }

local function rep(v, n)
  local out = {}
  for i = 1, n do out[i] = v end
  return out
end

local function concat(...)
  local out = {}
  for _, list in ipairs({ ... }) do
    for _, v in ipairs(list) do out[#out + 1] = v end
  end
  return out
end

local ids = t.ids
local unit_named = t.unit_named

-- A defender that does not fight back (no figure in contact faces the enemy).
local function passive(unit)
  return { unit = unit, in_contact = 0 }
end

local orcs = { name = "Orcs", figures = 6, quality = "average", type = "tribal", strength = 1,
               armour = "medium", shield = true, champion = true, orders = "attack", disorganised = true }
local enemy = { name = "Enemy", figures = 8, quality = "average", type = "disciplined", armour = "medium", shield = true }

-- ---------------------------------------------------------------------------------------
-- The book's worked examples
-- ---------------------------------------------------------------------------------------

function M.test_combat_example_page_30()
  -- 6 average Orcs in contact with a champion, ATTACK orders, disorganised; medium-armoured
  -- shielded enemies of equal quality. 6 + 1 champion = 7, ATTACK 7/5 = 1: 8 dice.
  muster.dice.set_faces { 6, 6, 4, 4, 4, 3, 3, 3, 5, 4 }
  local r = ruleset.resolve("combat", { attacker = { unit = orcs }, defender = passive(enemy) })
  local a = unit_named(r, "Orcs").attacks[1]
  t.eq(a.dice_from.front, 6)
  t.eq(a.dice_from.champion, 1)
  t.eq(a.dice_from.attack_order, 1)
  t.eq(a.hit_dice, 8)
  -- Two automatic hits; 4,4,4,3,3,3 less 1 (disorganised) = 3,3,3,2,2,2: no more.
  t.eq(ids(a.hit_modifiers), "disorganised=-1")
  t.eq(a.automatic_hits, 2)
  t.eq(a.hits, 2)
  -- Kill dice 5 and 4, +1 strength = 6 and 5; hand v medium kills on 4, 5, 6.
  t.eq(ids(a.kill_modifiers), "strength=1")
  t.eq(a.weapon_row, "hand")
  t.eq(a.kill_target, 4)
  t.eq(a.kills, 2)
  local d = unit_named(r, "Enemy")
  t.eq(d.kills_suffered, 2)
  t.eq(d.losses, 2)
  t.eq(r.winner, "attacker")
  t.eq(r.sides.attacker.kills_inflicted, 2)
  t.eq(r.modifiers[1].source, "fantasy_warriors p.31")
  t.eq(a.kill_table_source, "fantasy_warriors p.32")
end

function M.test_kills_to_specials_example_page_33()
  -- An Orc unit with a leader, a standard bearer and a champion takes 5 kills from Dwarves:
  -- 2 dice (5 / 3 rounded up) show 6 and 2: one special dies, the Dwarf player picks the
  -- leader. The standard bearer is not on offer (not the last figure, no annihilation).
  local asked
  muster.choice.add_policy("dwarf_player", function(req)
    if req.question == "special_killed" then asked = req.options return "leader" end
    return req.options[1]
  end, "chooses the leader for a 6")
  muster.choice.set_controller("attacker", "policy", "dwarf_player")
  local dwarves = { name = "Dwarves", figures = 5, quality = "veteran", type = "disciplined", armour = "heavy" }
  local orc_unit = { name = "Orcs", figures = 10, quality = "average", type = "tribal", strength = 1,
                     armour = "medium", shield = true, leader = true, standard = true, champion = true }
  muster.dice.set_faces(concat(rep(6, 5), rep(6, 5), { 6, 2 }))
  local r = ruleset.resolve("combat", { attacker = { unit = dwarves }, defender = passive(orc_unit) })
  local o = unit_named(r, "Orcs")
  t.eq(o.kills_suffered, 5)
  t.eq(o.specials_dice, 2)
  t.eq(o.sixes, 1)
  t.eq(asked, { "leader", "champion" })
  t.eq(o.specials[1].figure, "leader")
  t.eq(o.specials[1].chosen_by, "policy:dwarf_player")
  t.eq(o.specials[1].killed, true)
  t.eq(o.killed, { "leader" })
  t.eq(o.losses, 5)
  t.eq(o.after.figures, 5)
  t.eq(o.after.leader, false)
  t.eq(o.after.standard, true)
  t.eq(o.combat_test.killed, { "leader" })
end

function M.test_saving_throw_example_page_33()
  -- A lone Dwarf hero (SAV 7) takes 4 kills from Orcs: 4 saves, each must total more than
  -- 7: 8, 10, 6, 5. The 6 and the 5 fail, and one failure kills him: Command Test counters.
  local hero = { name = "Dwarf hero", role = "hero", quality = "elite", type = "disciplined", worth = 5,
                 save = 7, armour = "heavy", shield = true }
  local orc_unit = { name = "Orcs", figures = 4, quality = "average", type = "tribal", strength = 1, armour = "medium", shield = true }
  muster.dice.set_faces(concat(rep(6, 4), rep(6, 4), rep(1, 5), { 4, 4, 5, 5, 3, 3, 2, 3 }))
  local r = ruleset.resolve("combat", { attacker = { unit = orc_unit }, defender = { individual = hero } })
  local h = unit_named(r, "Dwarf hero")
  t.eq(h.lone_individual, true)
  t.eq(unit_named(r, "Dwarf hero").attacks[1].hit_dice, 5)
  t.eq(h.kills_suffered, 4)
  local totals = {}
  for _, s in ipairs(h.saves) do totals[#totals + 1] = s.total end
  t.eq(totals, { 8, 10, 6, 5 })
  t.eq(h.saves_failed, 2)
  t.eq(h.alive, false)
  t.eq(r.command_test_markers, { { side = "defender", unit = "Dwarf hero", name = "Dwarf hero", role = "hero", event = "killed" } })
  t.eq(r.winner, "attacker")
end

local function annihilation_case(option)
  -- A unit of 12 with an attached battle leader (with a save) takes 16 kills: all 12 die,
  -- 16 - 12 = 4 outstanding, and the battle leader saves against each of the 4.
  ruleset.options.annihilation_saves = option
  local bl = { name = "Battle leader", role = "battle_leader", quality = "veteran", type = "tribal", worth = 2, save = 7 }
  local victims = { name = "Goblins", figures = 12, quality = "poor", type = "tribal", leader = true, standard = true,
                    individuals = { bl } }
  local killers = { name = "Knights", figures = 16, quality = "elite", type = "disciplined", armour = "heavy" }
  muster.dice.set_faces(concat(rep(6, 16), rep(6, 16), { 4, 4, 5, 5, 6, 6, 3, 5 }))
  local r = ruleset.resolve("combat", { attacker = { unit = killers }, defender = passive(victims) })
  local g = unit_named(r, "Goblins")
  t.eq(g.annihilated, true, option)
  t.eq(g.specials_dice, nil, "no dice for specials when annihilated")
  t.eq(g.losses, 12)
  t.eq(g.outstanding, 4)
  t.eq(#g.saves, 4, option)
  t.eq(g.characters_killed, {})
  t.eq(g.after.figures, 0)
  t.eq(g.after.individuals[1].name, "Battle leader")
  t.eq(g.takes_combat_test, false)
  t.eq(r.command_test_markers, {})
  return r
end

function M.test_annihilation_example_page_24_every_save_figure()
  annihilation_case("every_save_figure")
end

function M.test_annihilation_example_page_24_one_save_figure()
  local r = annihilation_case("one_save_figure")
  -- One figure to take them: no question asked.
  t.eq(#unit_named(r, "Goblins").allocations, 4)
  t.eq(unit_named(r, "Goblins").allocations[1].chosen_by, nil)
end

function M.test_annihilation_with_several_save_figures_follows_the_option()
  -- 3 Trolls (SAV 8) and an attached hero (SAV 9) take 4 kills: the unit is annihilated
  -- (4 > 3), nobody lacks a save, so 4 casualties are outstanding.
  local hero = { name = "Troll hero", role = "hero", quality = "veteran", type = "stupid", worth = 5, save = 9 }
  local trolls = { name = "Trolls", figures = 3, quality = "average", type = "stupid", strength = 3, resilience = -1,
                   worth = 3, save = 8, individuals = { hero } }
  local killers = { name = "Elves", figures = 4, quality = "elite", type = "disciplined" }
  local function run(option, saves)
    ruleset.options.annihilation_saves = option
    muster.dice.set_faces(concat(rep(6, 4), rep(6, 4), saves))
    return unit_named(ruleset.resolve("combat", { attacker = { unit = killers }, defender = passive(trolls) }), "Trolls")
  end
  -- Every save figure saves against each: 4 figures x 4 = 16 throws; a 2+6 (8) fails SAV 8.
  local every = run("every_save_figure", concat(rep(6, 2 * 4), { 2, 6 }, rep(6, 2 * 3), rep(6, 2 * 8)))
  t.eq(every.outstanding, 4)
  t.eq(#every.saves, 16)
  t.eq(every.losses, 1)
  -- One at a time: 4 throws, each on the figure the inflicting side names. The first fails
  -- (2+6 = 8 is not more than 8), the hero fails his (1+1), the others pass.
  muster.choice.set_controller("attacker", "script", { "warriors 1", "warriors 2", "Troll hero", "warriors 2" })
  local one = run("one_save_figure", { 2, 6, 6, 6, 1, 1, 6, 6 })
  t.eq(#one.saves, 4)
  local names = {}
  for _, x in ipairs(one.allocations) do names[#names + 1] = x.figure .. "/" .. x.chosen_by end
  t.eq(names, { "warriors 1/script", "warriors 2/script", "Troll hero/script", "warriors 2/script" })
  t.eq(one.losses, 1)
  t.eq(one.characters_killed, { "Troll hero" })
  -- A dead figure is no longer on offer.
  muster.choice.set_controller("attacker", "script", { "warriors 1", "warriors 1" })
  t.fails(function() run("one_save_figure", { 2, 6, 6, 6 }) end, "warriors 1")
end

-- ---------------------------------------------------------------------------------------
-- Hit throw: automatic 6s and 1s, 4+ after modifiers, every modifier
-- ---------------------------------------------------------------------------------------

local function duel(att, def, faces, extra)
  muster.dice.set_faces(faces)
  local input = { attacker = { unit = att }, defender = passive(def) }
  for k, v in pairs(extra or {}) do input.attacker[k] = v end
  local r = ruleset.resolve("combat", input)
  return r.units[1].attacks[1], r
end

function M.test_hit_throw_bands_and_automatic_dice()
  -- Elite v poor without shields: +1 better, +1 no shield. A natural 1 still misses; 2+2 hits.
  local elite = { name = "A", figures = 2, quality = "elite", type = "disciplined" }
  local poor = { name = "B", figures = 5, quality = "poor", type = "tribal" }
  local a = duel(elite, poor, { 1, 2, 1 })
  t.eq(ids(a.hit_modifiers), "better_quality=1 enemy_no_shield=1")
  t.eq({ a.hits, a.automatic_misses }, { 1, 1 })
  -- Poor and disorganised v elite with shields: -2. A natural 6 still hits; 5-2=3 misses.
  local ragged = { name = "A", figures = 3, quality = "poor", type = "tribal", disorganised = true }
  local elite_sh = { name = "B", figures = 5, quality = "elite", type = "disciplined", shield = true }
  a = duel(ragged, elite_sh, { 6, 5, 5, 1 })
  t.eq(ids(a.hit_modifiers), "lesser_quality=-1 disorganised=-1")
  t.eq({ a.hits, a.automatic_hits }, { 1, 1 })
  -- No modifier: 3 misses, 4 hits.
  local avg_sh = { name = "B", figures = 5, quality = "veteran", type = "tribal", shield = true }
  a = duel({ name = "A", figures = 2, quality = "veteran", type = "tribal" }, avg_sh, { 3, 4, 1 })
  t.eq(ids(a.hit_modifiers), "")
  t.eq(a.hits, 1)
  -- Unpredictable ranks with average (neither better nor lesser).
  a = duel({ name = "A", figures = 1, quality = "unpredictable", type = "fanatic" }, { name = "B", figures = 1, quality = "average", type = "tribal", shield = true }, { 4, 1 })
  t.eq(ids(a.hit_modifiers), "")
end

-- ---------------------------------------------------------------------------------------
-- Kill throw: every cell of the weapon v armour table, above 6, each modifier
-- ---------------------------------------------------------------------------------------

-- The table as the digest rebuilds it (page 32), transcribed here independently.
local needs = {
  hand = { 3, 3, 4, 5, 6 }, two_handed = { 2, 2, 3, 4, 5 }, spear = { 3, 4, 5, 6, 6 },
  pike = { 3, 4, 5, 6, 6 }, tooth_and_claw = { 2, 3, 4, 5, 6 }, horn_and_hoof = { 3, 3, 3, 4, 5 },
}
local armours = { "none", "light", "medium", "heavy", "extra_heavy" }

function M.test_every_cell_of_the_weapon_v_armour_table()
  for weapon, row in pairs(needs) do
    for i, armour in ipairs(armours) do
      local need = row[i]
      local att = { name = "A", figures = 1, quality = "average", type = "tribal", weapon = weapon }
      local def = { name = "B", figures = 3, quality = "average", type = "tribal", armour = armour }
      -- One automatic hit, then a kill die showing `need` kills and `need - 1` does not.
      local a = duel(att, def, { 6, need })
      t.eq(a.kill_target, need, weapon .. " v " .. armour)
      t.eq(a.kills, 1, weapon .. " v " .. armour .. " with " .. need)
      if need > 2 then
        a = duel(att, def, { 6, need - 1 })
        t.eq(a.kills, 0, weapon .. " v " .. armour .. " with " .. (need - 1))
      end
    end
  end
end

function M.test_lances_read_the_spear_row_and_archers_fight_with_hand_weapons()
  local def = { name = "B", figures = 3, quality = "average", type = "tribal", armour = "light" }
  t.eq(duel({ name = "A", figures = 1, quality = "average", type = "tribal", weapon = "lance", mounted = true }, def, { 6, 4 }).weapon_row, "spear")
  t.eq(duel({ name = "A", figures = 1, quality = "average", type = "tribal", weapon = "bow" }, def, { 6, 3 }).weapon_row, "hand")
end

function M.test_a_score_above_six_kills_and_natural_ones_fail()
  -- Hand v extra-heavy needs 6: 5 + 2 strength = 7 kills; a natural 1 + 2 = 3 fails anyway.
  local strong = { name = "A", figures = 3, quality = "average", type = "tribal", strength = 2 }
  local plate = { name = "B", figures = 5, quality = "average", type = "tribal", armour = "extra_heavy" }
  local a = duel(strong, plate, { 6, 6, 6, 5, 1, 3 })
  t.eq({ a.kills, a.automatic_failures }, { 1, 1 })
end

function M.test_kill_modifiers_resilience_bloodlust_defending_standard()
  -- Bloodlust +1, the Troll's resilience -1, strength +1.
  local mad = { name = "A", figures = 1, quality = "average", type = "tribal", strength = 1, reaction = "bloodlust" }
  local troll = { name = "B", figures = 3, quality = "average", type = "stupid", resilience = -1, armour = "light", worth = 3 }
  local a = duel(mad, troll, { 6, 2 })
  t.eq(ids(a.kill_modifiers), "strength=1 resilience=-1 bloodlust=1")
  -- 2 + 1 - 1 + 1 = 3: hand v light kills on 3.
  t.eq(a.kills, 1)
  a = duel({ name = "A", figures = 1, quality = "average", type = "tribal", strength = 1 }, troll, { 6, 2 })
  t.eq(a.kills, 0, "without bloodlust 2 + 1 - 1 = 2 does not kill")
  -- A unit whose standard is under attack fights harder: +1 on its kill throws.
  muster.dice.set_faces { 1, 6, 2 }
  local r = ruleset.resolve("combat", {
    attacker = { unit = { name = "A", figures = 1, quality = "average", type = "tribal" }, capture_standard = true },
    defender = { unit = { name = "B", figures = 1, quality = "average", type = "tribal", standard = true } },
  })
  local b = unit_named(r, "B")
  t.eq(b.defending_standard, true)
  t.eq(ids(b.attacks[1].kill_modifiers), "defending_standard=1")
  t.eq(b.attacks[1].kills, 1, "2 + 1 = 3 kills an unarmoured figure with a hand weapon")
end

-- ---------------------------------------------------------------------------------------
-- Who fights: ranks by weapon, the owner's choices, profiles, characters
-- ---------------------------------------------------------------------------------------

local function first_attack(input)
  local r = ruleset.resolve("combat", input)
  return r.units[1], r
end

local target = { name = "T", figures = 10, quality = "average", type = "tribal", shield = true }
local bearer = { name = "Bearers", figures = 5, quality = "average", type = "tribal", standard = true }
local raiders = { name = "Raiders", figures = 4, quality = "average", type = "tribal" }

function M.test_spears_fight_in_two_ranks_by_choice()
  local spears = { name = "Spears", figures = 20, ranks = 2, quality = "average", type = "disciplined", weapon = "spear", shield = true }
  local u, r = first_attack({ attacker = { unit = spears }, defender = passive(target) })
  t.eq(u.ranks, 2)
  t.eq(u.ranks_chosen_by, "policy:first")
  t.eq(u.attacks[1].dice_from.front, 10)
  t.eq(u.attacks[1].dice_from.rear, 10)
  t.eq(u.attacks[1].hit_dice, 20)
  t.eq(ids(u.attacks[1].hit_modifiers), "ranks=-1")
  t.eq(r.choices[1].question, "fight_ranks")
  t.eq(r.choices[1].answer, "2")
  -- Declared in one rank: the rear rank stands idle and there is no -1.
  u = first_attack({ attacker = { unit = spears, fight_ranks = 1 }, defender = passive(target) })
  t.eq(u.attacks[1].hit_dice, 10)
  t.eq(ids(u.attacks[1].hit_modifiers), "")
  -- Only part of the front in contact: each rear rank counts no more figures than that.
  u = first_attack({ attacker = { unit = spears, in_contact = 4 }, defender = passive(target) })
  t.eq(u.attacks[1].hit_dice, 8)
end

function M.test_pikes_three_ranks_and_the_conditions_that_stop_extra_ranks()
  local pikes = { name = "Pikes", figures = 30, ranks = 3, quality = "average", type = "disciplined", weapon = "pike" }
  local asked
  muster.choice.add_policy("spy", function(req) asked = req.options return req.options[1] end, "records the options")
  muster.choice.set_controller("attacker", "policy", "spy")
  local u = first_attack({ attacker = { unit = pikes }, defender = passive(target) })
  t.eq(asked, { "3", "2", "1" })
  t.eq(u.attacks[1].hit_dice, 30)
  for _, case in ipairs({ { disorganised = true }, { reaction = "shaken" }, { reaction = "bloodlust" }, { mounted = true } }) do
    local p = {}
    for k, v in pairs(pikes) do p[k] = v end
    for k, v in pairs(case) do p[k] = v end
    u = first_attack({ attacker = { unit = p }, defender = passive(target) })
    t.eq(u.ranks, 1)
    t.eq(u.attacks[1].hit_dice, 10)
  end
  t.fails(function()
    local p = { name = "Pikes", figures = 30, ranks = 3, quality = "average", type = "disciplined", weapon = "pike", disorganised = true }
    ruleset.resolve("combat", { attacker = { unit = p, fight_ranks = 2 }, defender = passive(target) })
  end, "input: attacker[1].fight_ranks: 2 ranks asked but this unit may fight in 1 now")
  -- A lance is mounted: one rank.
  local lancers = { name = "Lancers", figures = 10, ranks = 2, quality = "elite", type = "disciplined", weapon = "lance", mounted = true }
  u = first_attack({ attacker = { unit = lancers }, defender = passive(target) })
  t.eq({ u.ranks, u.attacks[1].hit_dice }, { 1, 5 })
end

function M.test_polearms_choose_spear_or_two_handed_and_are_unshielded()
  local halberds = { name = "Halberds", figures = 12, ranks = 2, quality = "average", type = "disciplined",
                     weapon = "polearm", shield = true }
  local u, r = first_attack({ attacker = { unit = halberds }, defender = passive(target) })
  t.eq(u.polearm, "spear")
  t.eq(u.polearm_chosen_by, "policy:first")
  t.eq(u.weapon_row, "spear")
  t.eq(u.ranks, 2)
  t.eq(u.attacks[1].hit_dice, 12)
  u = first_attack({ attacker = { unit = halberds, polearm = "two_handed" }, defender = passive(target) })
  t.eq({ u.weapon_row, u.ranks, u.attacks[1].hit_dice }, { "two_handed", 1, 6 })
  -- Disorganised: no extra rank, so two-handed is offered first.
  local d = {}
  for k, v in pairs(halberds) do d[k] = v end
  d.disorganised = true
  u = first_attack({ attacker = { unit = d }, defender = passive(target) })
  t.eq(u.polearm, "two_handed")
  -- The enemy of a polearm unit counts it unshielded (+1), whatever its profile says.
  muster.dice.set_faces { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  r = ruleset.resolve("combat", { attacker = { unit = { name = "A", figures = 1, quality = "average", type = "tribal" } },
                                  defender = { unit = halberds, polearm = "two_handed", in_contact = 6 } })
  t.eq(ids(r.units[1].attacks[1].hit_modifiers), "enemy_no_shield=1")
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = target, polearm = "spear" }, defender = passive(raiders) }) end,
    "input: attacker[1].polearm: the unit is not armed with polearms")
end

function M.test_other_profiles_and_characters_add_only_their_worth()
  -- 10 Goblins with an Ogre (worth 3, STR 3, SAV 8) and an attached battle leader (worth 2).
  local bl = { name = "Snaga", role = "battle_leader", quality = "elite", type = "fanatic", worth = 2, strength = 2, save = 7 }
  local gobs = { name = "Goblins", figures = 10, quality = "poor", type = "fanatic", weapon = "hand", armour = "light",
                 profiles = { { name = "Ogre", figures = 1, quality = "average", type = "stupid", strength = 3, worth = 3, save = 8 } },
                 individuals = { bl } }
  muster.dice.set_faces(concat(rep(6, 14), rep(2, 14)))
  local u = first_attack({ attacker = { unit = gobs }, defender = passive({ name = "T", figures = 30, quality = "poor", type = "tribal", shield = true }) })
  local a = u.attacks[1]
  t.eq(a.dice_from.front, 9 + 3)
  t.eq(a.dice_from.characters, 2)
  t.eq(a.hit_dice, 14)
  -- The unit's strength (0), not the Ogre's or the battle leader's: 2 + 0 misses hand v none.
  t.eq(ids(a.kill_modifiers), "")
  t.eq(a.kills, 0)
end

function M.test_the_owner_chooses_which_warriors_fall_and_other_profiles_keep_their_saves()
  local gobs = { name = "Goblins", figures = 6, quality = "poor", type = "fanatic",
                 profiles = { { name = "Ogre", figures = 1, quality = "average", type = "stupid", strength = 3, worth = 3, save = 8 } } }
  local killers = { name = "K", figures = 2, quality = "elite", type = "disciplined" }
  muster.choice.set_controller("defender", "script", { "Ogre" })
  -- 2 kills; the Goblin player puts the first on the Ogre, who saves with 5+4 = 9 > 8.
  muster.dice.set_faces { 6, 6, 6, 6, 5, 4 }
  local u = unit_named(ruleset.resolve("combat", { attacker = { unit = killers }, defender = passive(gobs) }), "Goblins")
  t.eq(u.casualties_first, "Ogre")
  t.eq(u.casualties_first_chosen_by, "script")
  t.eq(#u.saves, 1)
  t.eq(u.losses, 1)
  t.eq(u.warriors_killed, 1)
  t.eq(u.profiles_killed, { 0 })
  t.eq(u.after.figures, 5)
  t.eq(u.after.profiles[1].figures, 1)
end

function M.test_riders_choose_their_profile()
  local wolves = { name = "Wolf riders", figures = 5, quality = "average", type = "tribal", strength = 1, mounted = true,
                   bottom_profile = { worth = 2, weapon = "tooth_and_claw" } }
  -- Default: the rider alone, not disorganised.
  local u = first_attack({ attacker = { unit = wolves }, defender = passive(target) })
  t.eq({ u.profile, u.rider_profile_chosen_by, u.attacks[1].hit_dice, u.weapon_row, u.disorganised_after },
       { "top", "policy:first", 5, "hand", false })
  -- With the mounts: worth 2 a figure, tooth & claw, and disorganised from now on (not in
  -- this throw: no -1 here).
  u = first_attack({ attacker = { unit = wolves, rider_profile = "bottom" }, defender = passive(target) })
  t.eq({ u.profile, u.attacks[1].hit_dice, u.weapon_row, u.disorganised_after }, { "bottom", 10, "tooth_and_claw", true })
  t.eq(ids(u.attacks[1].hit_modifiers), "")
  t.eq(u.after.disorganised, true)
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = target, rider_profile = "bottom" }, defender = passive(raiders) }) end,
    "input: attacker[1].rider_profile: the unit has no bottom_profile")
end

function M.test_flyers_land_to_fight_on_the_ground_and_fight_flyers_in_the_air()
  local harpies = { name = "Harpies", figures = 4, quality = "average", type = "fanatic", flying = true, shield = true }
  local bats = { name = "Bats", figures = 4, quality = "average", type = "stupid", flying = true, shield = true }
  local u = first_attack({ attacker = { unit = harpies }, defender = passive(target) })
  t.eq({ u.landed, u.disorganised, u.disorganised_after }, { true, true, true })
  t.eq(ids(u.attacks[1].hit_modifiers), "disorganised=-1")
  u = first_attack({ attacker = { unit = harpies }, defender = passive(bats), aerial = true })
  t.eq({ u.landed, u.disorganised }, { false, false })
  t.eq(ids(u.attacks[1].hit_modifiers), "")
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = harpies }, defender = passive(target), aerial = true }) end,
    "input: defender[1]: an aerial combat is fought between flyers only")
end

-- ---------------------------------------------------------------------------------------
-- Standards, several units, deaths
-- ---------------------------------------------------------------------------------------


function M.test_a_standard_is_captured_by_winning_the_phase()
  -- Raiders kill 2 (6, 6 then 6, 6); Bearers, defending their standard, throw 1s.
  muster.dice.set_faces(concat({ 6, 6, 1, 1 }, { 6, 6 }, rep(1, 5)))
  local r = ruleset.resolve("combat", { attacker = { unit = raiders, capture_standard = "Bearers" }, defender = { unit = bearer } })
  local b = unit_named(r, "Bearers")
  t.eq(r.standard_captures[1].captured, true)
  t.eq(b.standard_captured, true)
  t.eq(b.losses, 3, "2 killed and the standard bearer removed")
  t.eq(b.killed, { "standard_bearer" })
  t.eq(b.after.standard, false)
  t.eq(b.after.figures, 2)
  t.eq(b.combat_test.standard_lost, true)
  t.eq(b.combat_test.losses, 3)
  t.eq(r.sides.attacker.kills_after_saves, 2, "the capture is not a kill of the phase")
  t.eq(r.sides.defender.losses, 3)
end

function M.test_no_capture_without_winning_or_when_the_bearer_saves()
  -- A drawn phase (1 each): no capture. The choice is asked when not in the input.
  muster.choice.set_controller("attacker", "script", { "Bearers" })
  muster.dice.set_faces(concat({ 6, 1, 1, 1 }, { 6 }, { 6, 1, 1, 1, 1 }, { 6 }))
  local r = ruleset.resolve("combat", { attacker = { unit = raiders }, defender = { unit = bearer } })
  t.eq(r.standard_captures[1].captured, false)
  t.eq(r.standard_captures[1].why, "the attacker side did not win this phase (1 killed, 1 lost)")
  t.eq(unit_named(r, "Raiders").capture_chosen_by, "script")
  -- A bearer with a saving throw (the unit's, SAV 7) keeps the standard with 4+4.
  local armoured = { name = "Bearers", figures = 5, quality = "average", type = "tribal", standard = true, save = 7 }
  muster.dice.set_faces(concat({ 6, 6, 1, 1 }, { 6, 6 }, rep(1, 5), { 1, 1, 2, 1 }, { 4, 4 }))
  r = ruleset.resolve("combat", { attacker = { unit = raiders, capture_standard = true }, defender = { unit = armoured } })
  t.eq(r.standard_captures[1].captured, false)
  t.eq(r.standard_captures[1].why, "the standard bearer passed his saving throw")
  t.eq(unit_named(r, "Bearers").losses, 2)
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = bearer, capture_standard = true }, defender = { unit = raiders } }) end,
    "input: attacker[1].capture_standard: no enemy unit it fights has a standard bearer to capture")
end

function M.test_several_allied_units_fight_apart_and_share_their_totals()
  -- Two Orc units against one Dwarf unit that splits its figures between them.
  local o1 = { name = "Orcs 1", figures = 4, quality = "average", type = "tribal", champion = true, orders = "attack" }
  local o2 = { name = "Orcs 2", figures = 3, quality = "average", type = "tribal" }
  local dw = { name = "Dwarves", figures = 6, quality = "veteran", type = "disciplined", armour = "heavy", champion = true }
  muster.dice.set_faces(concat(
    { 6, 6, 1, 1, 1, 1 }, { 6, 6 },     -- Orcs 1: 4 + 1 champion + 1 ATTACK = 6 dice, 2 kills
    { 6, 1, 1 }, { 6 },                 -- Orcs 2: 1 kill
    { 6, 1, 1, 1, 1 }, { 6 },           -- Dwarves v Orcs 1: 4 figures + champion, 1 kill
    { 1, 1 },                           -- Dwarves v Orcs 2: 2 figures, none
    { 2 },                              -- 3 kills on the Dwarves (champion): 1 die, no 6
    { 2 }))                             -- 1 kill on Orcs 1 (champion): 1 die, no 6
  local r = ruleset.resolve("combat", {
    attacker = { { unit = o1 }, { unit = o2 } },
    defender = { unit = dw, against = { { target = "Orcs 1", in_contact = 4 }, { target = "Orcs 2", in_contact = 2 } } },
  })
  local o1r, dwr = unit_named(r, "Orcs 1"), unit_named(r, "Dwarves")
  t.eq(o1r.attacks[1].dice_from.attack_order, 1)
  t.eq(o1r.attacks[1].hit_dice, 6)
  t.eq(#dwr.attacks, 2)
  t.eq(dwr.attacks[1].dice_from.champion, 1, "the champion's die goes with the larger attack")
  t.eq(dwr.attacks[2].hit_dice, 2)
  t.eq(dwr.kills_suffered, 3)
  t.eq(dwr.specials_dice, 1)
  -- Combat Test inputs: allied totals against the enemy's.
  t.eq(o1r.combat_test.side_losses, 1)
  t.eq(o1r.combat_test.enemy_losses, 3)
  t.eq(unit_named(r, "Orcs 2").combat_test.losses, 0)
  t.eq(unit_named(r, "Orcs 2").takes_combat_test, false)
  t.eq(dwr.combat_test.side_losses, 3)
  -- Several enemy units and no target: the side chooses one (combat_target).
  muster.choice.set_controller("defender", "script", { "Orcs 2" })
  muster.dice.set_seed(3)
  r = ruleset.resolve("combat", { attacker = { { unit = o1 }, { unit = o2 } }, defender = { unit = dw } })
  t.eq(unit_named(r, "Dwarves").attacks[1].target, "Orcs 2")
  t.eq(r.choices[1].question, "combat_target")
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = o1, target = "Elves" }, defender = { unit = dw } }) end,
    'input: attacker[1].target: "Elves" is not an enemy unit in this combat (Dwarves)')
end

function M.test_a_battle_leader_killed_by_a_six_sets_command_test_markers()
  local bl = { name = "Ugluk", role = "battle_leader", quality = "veteran", type = "tribal", worth = 2, save = 8 }
  local orc_unit = { name = "Orcs", figures = 8, quality = "average", type = "tribal", leader = true, individuals = { bl } }
  muster.choice.set_controller("attacker", "script", { "Ugluk" })
  -- 3 kills, 1 die for specials: a 6 on Ugluk, who fails with 3+4.
  muster.dice.set_faces(concat({ 6, 6, 6 }, { 6, 6, 6 }, { 6 }, { 3, 4 }))
  local r = ruleset.resolve("combat", { attacker = { unit = { name = "Dwarves", figures = 3, quality = "veteran", type = "disciplined" } },
                                        defender = passive(orc_unit) })
  local o = unit_named(r, "Orcs")
  t.eq(o.characters_killed, { "Ugluk" })
  t.eq(o.losses, 2, "the battle leader is not one of the unit's figures")
  t.eq(o.after.individuals, {})
  t.eq(r.command_test_markers, { { side = "defender", unit = "Orcs", name = "Ugluk", role = "battle_leader", event = "killed" } })
end

function M.test_standard_bearers_fall_only_when_last_and_kills_beyond_the_warriors_hit_specials()
  -- 4 figures: leader, standard bearer and 2 warriors; 4 kills (not annihilated) and no 6:
  -- 2 warriors, then the leader, then the standard bearer as the last figure.
  local small = { name = "Few", figures = 4, quality = "average", type = "tribal", leader = true, standard = true }
  muster.dice.set_faces(concat(rep(6, 4), rep(6, 4), { 2, 3 }))
  local f = unit_named(ruleset.resolve("combat", { attacker = { unit = { name = "K", figures = 4, quality = "elite", type = "disciplined" } },
                                                   defender = passive(small) }), "Few")
  t.eq(f.annihilated, false)
  t.eq(f.killed, { "leader", "standard_bearer" })
  t.eq(f.losses, 4)
  t.eq(f.specials[1].beyond_warriors, true)
  -- With saves: every other figure has taken a kill, so the third falls on the standard
  -- bearer, who saves (6+6); the warrior and the leader fail (1+1).
  local saved = { name = "Few", figures = 3, quality = "average", type = "tribal", leader = true, standard = true, save = 7 }
  muster.dice.set_faces(concat(rep(6, 3), rep(6, 3), { 2 }, { 1, 1, 1, 1, 6, 6 }))
  f = unit_named(ruleset.resolve("combat", { attacker = { unit = { name = "K", figures = 3, quality = "elite", type = "disciplined" } },
                                             defender = passive(saved) }), "Few")
  t.eq(#f.saves, 3)
  t.eq(f.specials[2].figure, "standard_bearer")
  t.eq(f.killed, { "leader" })
  t.eq(f.losses, 2)
  -- A unit reduced to its standard bearer: a 6 may now fall on him.
  local last = { name = "Last", figures = 1, quality = "average", type = "tribal", standard = true }
  muster.dice.set_faces { 6, 6, 6 }
  f = unit_named(ruleset.resolve("combat", { attacker = { unit = { name = "K", figures = 1, quality = "elite", type = "disciplined" } },
                                             defender = passive(last) }), "Last")
  t.eq(f.specials[1].figure, "standard_bearer")
  t.eq(f.killed, { "standard_bearer" })
end

-- ---------------------------------------------------------------------------------------
-- Man-to-man
-- ---------------------------------------------------------------------------------------

local grim = { name = "Grim", role = "hero", quality = "veteran", type = "disciplined", worth = 2, save = 7, armour = "heavy", shield = true }
local gorbag = { name = "Gorbag", role = "battle_leader", quality = "veteran", type = "tribal", worth = 2, save = 8, armour = "medium", shield = true }

local function bout(faces)
  muster.dice.set_faces(faces)
  return ruleset.resolve("man_to_man", { first = grim, second = gorbag })
end

function M.test_man_to_man_every_result()
  -- Grim: 2 hits (6,6), 2 kills (6,6); Gorbag: 1 hit (6,1), 1 kill (6). Gorbag saves first
  -- (8: fails, 10: passes), then Grim (5: fails). 1 failure each: a draw, both killed.
  local r = bout(concat({ 6, 6 }, { 6, 6 }, { 6, 1 }, { 6 }, { 4, 4, 5, 5 }, { 2, 3 }))
  t.eq({ r.first.failed_saves, r.second.failed_saves }, { 1, 1 })
  t.eq(r.result, "draw")
  t.eq(r.killed, { "Grim", "Gorbag" })
  t.eq(r.outcome, "both killed")
  t.eq(#r.command_test_markers, 2)
  -- Same throws but Grim saves (8 > 7): Gorbag has more failures and dies alone.
  r = bout(concat({ 6, 6 }, { 6, 6 }, { 6, 1 }, { 6 }, { 4, 4, 5, 5 }, { 4, 4 }))
  t.eq(r.result, "decided")
  t.eq(r.killed, { "Gorbag" })
  t.eq(r.first.killed, false)
  t.eq(r.command_test_markers, { { side = "defender", name = "Gorbag", role = "battle_leader", event = "killed" } })
  -- No kills at all: both free to move away.
  r = bout({ 1, 1, 1, 1 })
  t.eq({ r.result, r.free_to_move, r.outcome }, { "no_kills", true, "both survive, free to move away" })
  -- Kills scored, all saved (0-0): no one dies (proposed reading).
  r = bout(concat({ 6, 1 }, { 6 }, { 1, 1 }, { 6, 6 }))
  t.eq({ r.result, #r.killed }, { "all_saved", 0 })
  -- Only quality and shields modify an individual's hit throw.
  t.eq(ids(r.first.hit_modifiers), "")
  t.eq(r.result_source, "fantasy_warriors p.30")
end

function M.test_man_to_man_uses_the_full_profile()
  -- Strength and the enemy's resilience from the individuals' own profiles.
  local troll = { name = "Troll chief", role = "battle_leader", quality = "average", type = "stupid", worth = 1,
                  strength = 3, resilience = -1, save = 9 }
  muster.dice.set_faces(concat({ 6 }, { 2 }, { 1, 1 }, { 6, 6 }))
  local r = ruleset.resolve("man_to_man", { first = troll, second = grim })
  t.eq(ids(r.first.kill_modifiers), "strength=3")
  t.eq(ids(r.second.hit_modifiers), "better_quality=1 enemy_no_shield=1")
  t.eq(r.first.kills, 1, "2 + 3 = 5 kills heavy armour with a hand weapon")
end

function M.test_groups_of_individuals_are_paired_by_the_attacker()
  local a1 = { name = "A1", role = "hero", quality = "elite", type = "disciplined", worth = 1, save = 7 }
  local a2 = { name = "A2", role = "wizard", quality = "average", type = "disciplined", worth = 1, save = 7 }
  local d1 = { name = "D1", role = "hero", quality = "elite", type = "tribal", worth = 1, save = 7 }
  -- Two attackers, one defender: the attacker says which of his fights D1; A2 stands aside.
  muster.choice.set_controller("attacker", "script", { "A2" })
  muster.dice.set_faces { 1, 1 }
  local r = ruleset.resolve("man_to_man_groups", { attackers = { a1, a2 }, defenders = { d1 } })
  t.eq(#r.bouts, 1)
  t.eq({ r.bouts[1].first.name, r.bouts[1].second.name, r.bouts[1].paired_by }, { "A2", "D1", "script" })
  t.eq(r.surplus, { "A1" })
  t.eq(r.outcome, "A2 v D1: both survive, free to move away; A1 free to move away")
  -- Pairs from the input; two may not gang up on one.
  muster.dice.set_faces { 1, 1 }
  r = ruleset.resolve("man_to_man_groups", { attackers = { a1, a2 }, defenders = { d1 }, pairs = { { "A1", "D1" } } })
  t.eq(r.bouts[1].paired_by, "input")
  t.fails(function()
    ruleset.resolve("man_to_man_groups", { attackers = { a1, a2 }, defenders = { d1, { name = "D2", role = "hero", quality = "poor", type = "tribal", save = 9 } },
                                           pairs = { { "A1", "D1" }, { "A2", "D1" } } })
  end, 'input: pairs[2]: "D1" is in two pairs: two individuals may not fight one')
end

-- ---------------------------------------------------------------------------------------
-- Properties over seeds and exact odds
-- ---------------------------------------------------------------------------------------

local function count_faces(faces, v)
  local n = 0
  for _, f in ipairs(faces) do if f == v then n = n + 1 end end
  return n
end

function M.test_properties_over_seeds()
  local qualities = { "elite", "veteran", "average", "poor", "unpredictable" }
  local weapons = { "hand", "two_handed", "spear", "pike", "tooth_and_claw", "horn_and_hoof" }
  for seed = 1, 150 do
    muster.dice.set_seed(seed)
    local q1, q2 = qualities[seed % 5 + 1], qualities[(seed * 7) % 5 + 1]
    local a = { name = "A", figures = 4 + seed % 9, quality = q1, type = "tribal", strength = seed % 3 - 1,
                weapon = weapons[seed % 6 + 1], leader = seed % 2 == 0, champion = seed % 3 == 0,
                orders = seed % 4 == 0 and "attack" or "hold", save = seed % 5 == 0 and 8 or nil }
    local d = { name = "D", figures = 3 + seed % 7, quality = q2, type = "disciplined", armour = armours[seed % 5 + 1],
                standard = seed % 2 == 1, musicians = seed % 3, resilience = -(seed % 2),
                individuals = seed % 4 == 1 and { { name = "H", role = "hero", quality = "elite", type = "disciplined", worth = 3, save = 7 } } or nil }
    local r = ruleset.resolve("combat", { attacker = { unit = a }, defender = { unit = d } })
    local thrown = {}
    for _, rec in ipairs(r.dice) do thrown[rec.label] = rec end
    for _, u in ipairs(r.units) do
      for _, x in ipairs(u.attacks) do
        t.eq(x.hits <= x.hit_dice, true, "hits never exceed the dice thrown")
        t.eq(x.kills <= x.hits, true, "kills never exceed hits")
        local h = thrown["hit throw, " .. u.name .. " v " .. x.target]
        if x.hit_dice > 0 then
          t.eq(x.automatic_hits, count_faces(h.faces, 6), "every natural 6 hits")
          t.eq(x.automatic_misses, count_faces(h.faces, 1), "every natural 1 misses")
          t.eq(x.hits >= x.automatic_hits and x.hits <= x.hit_dice - x.automatic_misses, true)
        end
      end
      t.eq(u.losses <= u.figures_at_start, true, "no unit loses more figures than it has")
      t.eq(u.losses >= 0 and u.after.figures == u.figures_at_start - u.losses, true)
      t.eq(u.saves_passed + u.saves_failed, #u.saves)
      if u.specials_dice then t.eq(u.specials_dice, math.ceil(u.kills_suffered / 3)) end
      if u.annihilated then t.eq(u.kills_suffered > u.figures_at_start, true) end
      if not a.save and u.name == "A" and not u.annihilated then
        t.eq(u.losses, u.kills_suffered, "without saves every kill is a figure lost")
      end
    end
    t.eq(r.sides.attacker.kills_after_saves <= r.sides.attacker.kills_inflicted, true)
  end
end

-- Binomial probability, computed here independently of the kernel.
local binomial = t.binomial

function M.test_exact_odds_of_a_combat_round()
  -- 3 average Orcs (hand weapons) against shielded average enemies in medium armour: a hit
  -- on 4, 5, 6 (1/2); a kill on 4, 5, 6 (1/2): each die kills with probability 1/4.
  local att = { name = "A", figures = 3, quality = "average", type = "tribal" }
  local def = { name = "D", figures = 10, quality = "average", type = "tribal", armour = "medium", shield = true }
  local odds = muster.dice.roll_exact(function()
    return ruleset.resolve("combat", { attacker = { unit = att }, defender = passive(def) }).sides.defender.losses
  end)
  t.eq(#odds, 4)
  for _, o in ipairs(odds) do t.near(o.p, binomial(3, o.outcome, 1 / 4), 1e-12, "losses " .. o.outcome) end
end

function M.test_exact_odds_of_man_to_man()
  -- A (worth 1, SAV 8) v B (worth 1, SAV 9), both average, hand weapons, no armour, no
  -- shields: a hit needs 3+ after +1 (4/6), a kill 3+ (4/6): each die kills with 4/9.
  -- 2D beats 8 with 10/36, beats 9 with 6/36.
  local a = { name = "A", role = "hero", quality = "average", type = "tribal", worth = 1, save = 8 }
  local b = { name = "B", role = "hero", quality = "average", type = "tribal", worth = 1, save = 9 }
  local odds = muster.dice.roll_exact(function()
    return ruleset.resolve("man_to_man", { first = a, second = b }).result
  end)
  local pk = 4 / 9
  local fail_a, fail_b = 26 / 36, 30 / 36
  -- Failed saves of each: kills ~ Bin(dice, pk), failures | kills ~ Bin(kills, fail).
  local function failures(dice, fail)
    local out = {}
    for k = 0, dice do
      for f = 0, k do
        out[f] = (out[f] or 0) + binomial(dice, k, pk) * binomial(k, f, fail)
      end
    end
    return out
  end
  local fb, fa = failures(1, fail_b), failures(1, fail_a) -- each suffers the other's one die
  local p = { decided = 0, draw = 0, no_kills = (1 - pk) ^ 2, all_saved = 0 }
  for x, px in pairs(fa) do
    for y, py in pairs(fb) do
      if x == y and x > 0 then p.draw = p.draw + px * py
      elseif x ~= y then p.decided = p.decided + px * py end
    end
  end
  p.all_saved = fa[0] * fb[0] - p.no_kills
  local got = {}
  for _, o in ipairs(odds) do got[o.outcome] = o.p end
  for k, v in pairs(p) do t.near(got[k], v, 1e-12, k) end
end

-- ---------------------------------------------------------------------------------------
-- Input errors, variants, chaining into the Combat Test
-- ---------------------------------------------------------------------------------------

function M.test_bad_input_names_the_field()
  t.fails(function() ruleset.resolve("combat", { defender = { unit = target } }) end, "input: attacker: missing")
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = target, in_contat = 2 }, defender = { unit = raiders } }) end,
    "input: attacker[1].in_contat: unknown field")
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = raiders, in_contact = 5 }, defender = { unit = target } }) end,
    "input: attacker[1].in_contact: 5 is out of range 0..4")
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = raiders }, defender = { unit = raiders } }) end,
    'input: defender[1].unit.name: "Raiders" names two units in this combat')
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = raiders, individual = grim }, defender = { unit = target } }) end,
    "input: attacker[1]: give unit or individual")
  t.fails(function() ruleset.resolve("man_to_man", { first = grim }) end, "input: second: missing")
  t.fails(function() ruleset.resolve("man_to_man", { first = grim, second = { name = "X", role = "king", quality = "elite", type = "tribal" } }) end,
    'input: second.role: "king" is not one of')
end

function M.test_a_variant_patches_the_lists_and_the_table()
  rules("cries").add_modifier("combat_hit", { id = "war_cry", value = 1, reason = "war cry",
    when = function(c) return c.unit.type == "fanatic" end }, { after = "enemy_no_shield" })
  rules("cries").set_row("weapon_v_armour", "hand", { none = 2, light = 3, medium = 4, heavy = 5, extra_heavy = 6 })
  local a = duel({ name = "A", figures = 1, quality = "average", type = "fanatic" }, { name = "B", figures = 2, quality = "average", type = "tribal", shield = true }, { 3, 2 })
  t.eq(ids(a.hit_modifiers), "war_cry=1")
  t.eq(a.hit_modifiers[1].source, "cries")
  t.eq({ a.hits, a.kill_target, a.kills, a.kill_table_source }, { 1, 2, 1, "cries" })
end

-- Table fighting_abilities is empty in the book: a keyword changes nothing until a variant
-- gives it a row; a row's flag that is not a boolean is refused naming the row.
function M.test_fighting_abilities_come_from_a_variant_row()
  local fighter = { name = "F", role = "hero", quality = "average", type = "disciplined", worth = 1,
                    keywords = { "berserk" } }
  local men = { name = "Men", figures = 5, quality = "average", type = "disciplined", individuals = { fighter } }
  local orcs5 = { name = "Orcs", figures = 5, quality = "average", type = "tribal" }
  muster.dice.set_faces(rep(1, 11))
  local r = ruleset.resolve("combat", { attacker = { unit = men }, defender = { unit = orcs5 } })
  t.eq({ r.strike_first, unit_named(r, "Men").apart, unit_named(r, "Men").attacks[1].hit_dice }, { nil, nil, 6 })
  rules("fury").set_row("fighting_abilities", "berserk", { strikes_first = true, reason = "berserk" })
  muster.dice.set_faces(rep(1, 11))
  r = ruleset.resolve("combat", { attacker = { unit = men }, defender = { unit = orcs5 } })
  t.eq(r.strike_first.figures, { "F" })
  t.eq(unit_named(r, "Men").attacks[1].hit_dice, 5)
  t.eq(r.dice[1].label, "hit throw, F (Men) v Orcs")
  rules("fury").patch_row("fighting_abilities", "berserk", { strikes_first = "yes" })
  t.fails(function() ruleset.resolve("combat", { attacker = { unit = men }, defender = { unit = orcs5 } }) end,
    'table fighting_abilities, row berserk: strikes_first is "yes" (want true or false)')
end

function M.test_results_chain_into_the_combat_test()
  muster.dice.set_faces(concat({ 6, 6, 4, 4, 4, 3, 3, 3, 5, 4 }))
  local r = ruleset.resolve("combat", { attacker = { unit = orcs }, defender = passive(enemy), time = "night" })
  local e = unit_named(r, "Enemy")
  t.eq(e.takes_combat_test, true)
  t.eq(e.combat_test.time, "night")
  muster.dice.set_faces { 4 }
  local test = ruleset.resolve("combat_test", e.combat_test)
  -- 4 + 0, lost more than they killed -1, HOLD +1: 4 is OK for a disciplined unit.
  t.eq(test.losses, 2)
  t.eq(test.enemy_losses, 0)
  t.eq(test.reaction, "ok")
end

-- The combat kill throw on its own (page 32), as the Combat example (page 30) throws it: 2 hits,
-- dice 5 and 4, +1 STR, hand v medium kills on 4+: 2 kills; a polearm's use picks its row; a
-- rider's bottom profile strikes with the mount's line.
function M.test_combat_kill_throw_alone()
  muster.dice.set_faces { 5, 4 }
  local r = ruleset.resolve("combat_kill_throw", { unit = orcs, target = enemy, hits = 2 })
  t.eq({ r.kills, r.kill_target, r.weapon_row, r.kill_modifier }, { 2, 4, "hand", 1 })
  t.eq(ids(r.modifiers), "strength=1")
  t.eq(r.dice[1].label, "kill throw, Orcs v Enemy")
  t.eq(r.outcome, "2 kills")
  -- Bloodlust +1; defending the standard +1; a natural 1 never kills.
  muster.dice.set_faces { 2, 1 }
  r = ruleset.resolve("combat_kill_throw", { unit = t.copy(orcs, { reaction = "bloodlust" }), target = enemy, hits = 2,
    defending_standard = true })
  t.eq({ r.kills, ids(r.modifiers) }, { 1, "strength=1 bloodlust=1 defending_standard=1" })
  -- A polearm used two-handed against heavy armour kills on 4+; as a spear on 6.
  local halberds = t.copy(orcs, { name = "Halberds", weapon = "polearm", strength = 0 })
  local heavy = t.copy(enemy, { armour = "heavy" })
  muster.dice.set_faces { 4 }
  t.eq(ruleset.resolve("combat_kill_throw", { unit = halberds, target = heavy, hits = 1, polearm = "two_handed" }).kills, 1)
  muster.dice.set_faces { 4 }
  t.eq(ruleset.resolve("combat_kill_throw", { unit = halberds, target = heavy, hits = 1, polearm = "spear" }).kills, 0)
  t.fails_exactly(function() ruleset.resolve("combat_kill_throw", { unit = halberds, target = heavy, hits = 1 }) end,
    "input: polearm: missing (one of spear, two_handed)")
  t.fails_exactly(function() ruleset.resolve("combat_kill_throw", { unit = orcs, target = heavy, hits = 1, rider_profile = "bottom" }) end,
    "input: rider_profile: Orcs has no bottom_profile (riders on beasts)")
  -- No hits, no dice.
  local before = muster.dice.operations()
  t.eq(ruleset.resolve("combat_kill_throw", { unit = orcs, target = enemy, hits = 0 }).kills, 0)
  t.eq(muster.dice.operations(), before)
end

return M
