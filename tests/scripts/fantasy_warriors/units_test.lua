-- Fantasy Warriors unit descriptions say what they are: `race` and `keywords` on units and
-- individuals, the derived keywords of several profiles, the errors naming the field, the
-- army lists' races (list header and entries, file:line for a mistake), the REPL templates,
-- and a house rule's condition written with keywords.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local function units() return ruleset.modules.units end
local function armies() return ruleset.modules.armies end

local function keywords(desc, path)
  return units().keyword_list(units().check_unit(desc, path or "unit"))
end

-- ---------------------------------------------------------------------------------------
-- Derived keywords
-- ---------------------------------------------------------------------------------------

function M.test_a_mounted_lance_unit_is_mounted_and_carries_its_lance()
  local knights = { name = "Knights", figures = 6, race = "man", keywords = { "knight", "noble" },
    quality = "veteran", type = "disciplined", strength = 1, armour = "heavy", shield = true, weapon = "lance",
    mounted = true, bottom_profile = { quality = "average", type = "stupid", weapon = "horn_and_hoof" } }
  t.eq(keywords(knights),
    { "disciplined", "heavy", "knight", "lance", "man", "mounted", "noble", "shield", "veteran" })
  local u = units().check_unit(knights, "unit")
  t.eq(u.race, "man")
  t.eq({ units().has_keyword(u, "mounted"), units().has_keyword(u, "foot"), units().has_keyword(u, "missile") },
    { true, false, false })
end

function M.test_dwarf_crossbowmen_from_the_army_list_are_dwarves_that_shoot()
  local entry = armies().load_list("dwarves").entries.dwarf_crossbowmen
  local desc = armies().profile_of(entry)
  t.eq(desc.race, "dwarf", "profile_of passes the list's race")
  desc.figures = 10
  t.eq(keywords(desc), { "crossbow", "disciplined", "dwarf", "foot", "heavy", "missile", "veteran" })
  -- The same unit in an army file, through armies.describe, with its leaders.
  local a = armies().describe({ file = "test/army.lua", text = table.concat({
    'army "T" { list = "dwarves", points = 1000,',
    '  warchief "dwarf_warchief" { name = "Thorin", leadership = 1 },',
    '  command "Bolts" { battle_leader "dwarf_battle_leader" { name = "Dain", leadership = 0 },',
    '    unit "dwarf_crossbowmen" { name = "Bolt Throwers", figures = 10, leader = true },',
    '    machine "dwarf_war_cannon" { name = "Thunder", pieces = 1, crew = 3, leader = true } } }' }, "\n") })
  local bolts = units().check_unit(a.commands[1].units[1], "unit")
  t.eq({ bolts.name, bolts.race, bolts.keywords.dwarf, bolts.keywords.missile }, { "Bolt Throwers", "dwarf", true, true })
  t.eq(units().check_individual(a.warchief, "warchief").keywords.dwarf, true, "the warchief")
  t.eq(units().check_individual(a.commands[1].leader, "leader").race, "dwarf", "the battle leader")
  t.eq(a.commands[1].units[2].race, "dwarf", "a war machine has its list's race")
end

function M.test_a_flying_terrible_creature_flies_and_is_not_on_foot()
  local wyvern = { name = "Wyvern", figures = 1, race = "wyvern", quality = "average", type = "fanatic",
    strength = 3, resilience = -1, worth = 4, weapon = "tooth_and_claw", save = 8, terrible = true, flying = true }
  t.eq(keywords(wyvern), { "average", "fanatic", "flying", "terrible", "tooth_and_claw", "unarmoured", "wyvern" })
  -- Riding one: mounted and flying.
  wyvern.mounted = true
  t.eq(keywords(wyvern), { "average", "fanatic", "flying", "mounted", "terrible", "tooth_and_claw", "unarmoured",
    "wyvern" })
end

function M.test_a_unit_without_race_or_keywords_still_has_the_derived_ones()
  t.eq(keywords({ figures = 10, quality = "poor", type = "tribal" }), { "foot", "hand", "poor", "tribal", "unarmoured" })
  t.eq(units().check_unit({ figures = 10, quality = "poor", type = "tribal" }, "unit").race, nil)
end

function M.test_missile_reads_the_shooting_areas_weapons()
  for _, w in ipairs(units().weapons) do
    local shoots = ruleset.modules.shooting.data.missile_weapons.rows[w] ~= nil
    local u = units().check_unit({ figures = 5, quality = "average", type = "tribal", weapon = w }, "unit")
    t.eq(units().has_keyword(u, "missile"), shoots, w)
  end
end

function M.test_individuals_carry_race_and_keywords()
  local u = units().check_unit({ name = "Guard", figures = 10, race = "elf", quality = "elite", type = "disciplined",
    weapon = "longbow", individuals = { { name = "Lirien", role = "wizard", race = "elf", keywords = { "spellcaster" },
      quality = "elite", type = "disciplined" } } }, "unit")
  local wizard = u.individuals[1]
  t.eq(units().keyword_list(wizard), { "disciplined", "elf", "elite", "foot", "hand", "spellcaster", "unarmoured" })
  t.eq(units().has_keyword(u, "spellcaster"), false, "an individual's keywords are his own")
  t.fails(function()
    units().check_unit({ figures = 1, quality = "poor", type = "tribal",
      individuals = { { role = "hero", quality = "poor", type = "tribal", keywords = { "Big" } } } }, "unit")
  end, 'input: unit.individuals[1].keywords[1]: "Big" is not a lowercase name: write "big"')
end

function M.test_the_type_keyword_follows_the_light()
  local goblins = units().check_unit({ name = "Goblins", figures = 20, race = "goblin", quality = "poor", type = "tribal",
    night_type = "fanatic" }, "unit")
  local night = units().at_time(goblins, "night")
  t.eq({ night.keywords.fanatic, night.keywords.tribal, night.keywords.goblin }, { true, nil, true })
  t.eq({ goblins.keywords.fanatic, goblins.keywords.tribal }, { nil, true }, "the day unit is unchanged")
end

-- ---------------------------------------------------------------------------------------
-- Errors name the field
-- ---------------------------------------------------------------------------------------

function M.test_a_bad_keyword_or_race_is_refused_naming_the_field()
  local function with(fields)
    local d = { figures = 10, quality = "veteran", type = "disciplined" }
    for k, v in pairs(fields) do d[k] = v end
    return function() units().check_unit(d, "unit") end
  end
  t.fails(with { keywords = { "Dwarf" } }, 'input: unit.keywords[1]: "Dwarf" is not a lowercase name: write "dwarf"')
  t.fails(with { keywords = { "guard", 3 } }, "input: unit.keywords[2]: a lowercase name (a string) expected, got 3")
  t.fails(with { keywords = { "9th" } },
    "input: unit.keywords[1]: \"9th\" is not a lowercase name (a-z, 0-9 and '_', starting with a letter)")
  t.fails(with { keywords = "dwarf" }, 'input: unit.keywords: an array of lowercase names expected ({"guard"}), got "dwarf"')
  t.fails(with { keywords = { dwarf = true } }, 'input: unit.keywords: an array of lowercase names expected ({"guard"}), '
    .. 'got the key "dwarf"')
  t.fails(with { race = "Dwarf" }, 'input: unit.race: "Dwarf" is not a lowercase name: write "dwarf"')
  t.fails(with { race = 1 }, "input: unit.race: a lowercase name (a string) expected, got 1")
  -- Through a procedure, as `muster resolve` prints it.
  t.fails(function()
    ruleset.resolve("threat_test", { unit = { figures = 8, quality = "veteran", type = "disciplined", keywords = { "Dwarf" } },
      threatener = { figures = 10, quality = "average", type = "tribal" } })
  end, 'input: unit.keywords[1]: "Dwarf" is not a lowercase name: write "dwarf"')
end

-- ---------------------------------------------------------------------------------------
-- Army lists
-- ---------------------------------------------------------------------------------------

function M.test_every_bundled_entry_has_a_race_from_its_list_or_its_own()
  local races = {}
  for _, id in ipairs(armies().list_ids) do
    local list = armies().load_list(id)
    for _, eid in ipairs(list.order) do
      local e = list.entries[eid]
      t.eq(type(e.race), "string", id .. "/" .. eid .. " has a race")
      races[e.race] = true
    end
  end
  local vocabulary = {}
  for r in pairs(races) do vocabulary[#vocabulary + 1] = r end
  table.sort(vocabulary)
  t.eq(vocabulary, { "dwarf", "elf", "giant", "goblin", "hobgoblin", "man", "ogre", "orc", "troll" })
  local function race(list, id) return armies().load_list(list).entries[id].race end
  t.eq({ race("trolls_and_ogres", "war_troll"), race("trolls_and_ogres", "ogre_bulls"), race("trolls_and_ogres", "giant"),
    race("trolls_and_ogres", "ogre_warchief") }, { "troll", "ogre", "giant", "ogre" }, "per entry")
  t.eq({ race("goblins", "goblin_infantry"), race("goblins", "hobgoblin_archers"), race("goblins", "goblin_war_giant") },
    { "goblin", "hobgoblin", "giant" }, "the list's race and entries overriding it")
  t.eq({ armies().load_list("barbarians").race, armies().load_list("men").race, armies().load_list("wood_elves").race,
    armies().load_list("trolls_and_ogres").race }, { "man", "man", "elf", nil })
end

function M.test_a_list_gives_race_and_keywords_and_names_each_mistake_at_its_line()
  local f = "tests/fixtures/armies/lists/races.lua"
  local list = armies().load_list(f)
  t.eq(list.race, "dwarf")
  local got = {}
  for _, e in ipairs(list.errors) do got[#got + 1] = e.text end
  local known = {}
  for _, fld in ipairs({ "quality", "type", "strength", "resilience", "worth", "armour", "shield", "weapon",
    "movement", "save", "terrible", "bad_light", "night_type", "name", "points", "provenance", "sourced", "note",
    "house_rule", "max_per_army", "race", "keywords", "upgrade", "min", "max", "mount", "self_led", "crew" }) do
    known[#known + 1] = fld
  end
  t.eq(got, {
    f .. ":27: troop \"Misspelt\" (misspelt): unknown field 'rase' (did you mean 'race'?) (known: "
      .. table.concat(known, ", ") .. ") [format]",
    f .. ':36: troop "Shouting" (shouting): race: "Man" is not a lowercase name: write "man" [format]',
    f .. ':45: troop "Numbered" (numbered): keywords: item 2: a lowercase name (a string) expected, got 7 [format]',
  })
  -- The good entries: the list's race, an entry's own, the keywords passed through.
  local guards = armies().profile_of(list.entries.guards)
  t.eq({ guards.race, guards.keywords }, { "dwarf", { "guard", "household" } })
  guards.figures = 10
  t.eq(keywords(guards), { "disciplined", "dwarf", "foot", "guard", "hand", "heavy", "household", "shield", "veteran" })
  t.eq(armies().profile_of(list.entries.hired_men).race, "man")
  t.eq(list.entries.misspelt.race, "dwarf", "a misspelt race leaves the list's")
  t.eq(list.entries.shouting.race, "dwarf", "a bad race is reported and dropped")
end

function M.test_repl_templates_carry_the_race()
  local t1 = ruleset.repl.template("dwarf crossbowmen")
  t.eq({ t1.profile.race, t1.profile.keywords }, { "dwarf", nil })
  t.eq(ruleset.repl.template("war troll").profile.race, "troll")
  t.eq(ruleset.repl.template("hobgoblin infantry").profile.race, "hobgoblin")
end

-- ---------------------------------------------------------------------------------------
-- A house rule written with keywords
-- ---------------------------------------------------------------------------------------

function M.test_a_modifier_matches_on_a_keyword_not_a_name()
  ruleset.variant_api({ name = "dwarf_pride", version = "1.0.0" }).add_modifier("threat_test", {
    id = "dwarf_pride", value = 1, reason = "Dwarves never give ground", page = 1,
    when = function(c) return c.unit.keywords.dwarf end })
  local dwarves = armies().profile_of(armies().load_list("dwarves").entries.dwarf_infantry)
  dwarves.name, dwarves.figures, dwarves.leader = "Ironbreakers", 8, true
  local orcs = armies().profile_of(armies().load_list("orcs").entries.orc_infantry)
  orcs.name, orcs.figures, orcs.leader = "Tuskers", 10, true
  local function ids(res)
    local out = {}
    for _, m in ipairs(res.modifiers) do out[#out + 1] = m.id end
    return out
  end
  muster.dice.set_faces { 3, 3 }
  local d = ruleset.resolve("threat_test", { unit = dwarves, threatener = orcs })
  muster.dice.set_faces { 3, 3 }
  local o = ruleset.resolve("threat_test", { unit = orcs, threatener = dwarves })
  t.eq(ids(d), { "quality", "enemy_worth", "leader", "dwarf_pride" }, "the Dwarves")
  t.eq(d.modifiers[4].reason, "Dwarves never give ground")
  t.eq(ids(o), { "leader" }, "the Orcs")
  -- A unit named like Dwarves but of no race gets nothing: the rule reads the keyword.
  local named = { name = "Dwarf infantry", figures = 8, quality = "veteran", type = "disciplined", leader = true }
  muster.dice.set_faces { 3, 3 }
  t.eq(ids(ruleset.resolve("threat_test", { unit = named, threatener = orcs })), { "quality", "enemy_worth", "leader" })
end

-- A variant reads the ruleset's areas through read-only views; rules.copy gives a plain copy
-- it may walk and change, and the rules stay as they are.
function M.test_a_variant_copies_a_view_of_the_ruleset()
  local rules = ruleset.variant_api({ name = "reader", version = "1.0.0" })
  local orders = rules.copy(rules.modules.units.orders)
  t.eq(orders, { "attack", "hold", "oppose" })
  orders[1] = "charge"
  t.eq(rules.modules.units.orders[1], "attack")
  t.fails(function() rules.modules.units.orders[1] = "charge" end, "is read-only")
  t.fails(function() rules.copy({}) end, "rules.copy: a table from rules.modules or rules.ruleset_options expected")
  -- A view that reaches itself again (an area's list handles point at the registry, which
  -- points at them) is copied once per table, not followed forever.
  local area = rules.copy(rules.modules.command)
  t.eq(rawequal(area.data.battle_leaders_test.registry.lists.battle_leaders_test, area.data.battle_leaders_test), true)
end

return M
