--- Fantasy Warriors Phase Four, Combat (pages 30-33): who fights and in how many ranks, the
--- hit throw (list "combat_hit") and kill throw (list "combat_kill", table
--- "weapon_v_armour"), riders on beasts, flyers, standard captures, several units a side, and
--- one combat round between two sides in the book's order. The kills' fall on specials,
--- saves and annihilation are casualties.lua's (shared with shooting), with page 33's numbers;
--- the Combat Test is morale.lua's (each unit's result carries its inputs). Uses muster.dice
--- (through core), muster.choice; no other randomness, and it changes no input (casualties are
--- reported, `after` is a new table).
local core = require("core")
local units = require("units")
local casualties = require("casualties")
local morale = require("morale")  -- the Combat Tests a round may take at its end (combat_tests)
local choose = casualties.choose -- asks a side, records the answer in res.choices

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- ---------------------------------------------------------------------------------------
-- Data (patchable: rules.set_row, add_modifier... in a variant; docs/rules-assumptions.md)
-- ---------------------------------------------------------------------------------------

-- The throws' own numbers: a modified 4 or more hits (page 31); the champion's extra die;
-- ATTACK orders add one die per 5 already in hand (page 31, Example COMBAT).
data.combat_throws = core.define_table("combat_throws", {
  hit = { target = 4 },
  champion = { dice = 1 },
  attack_order = { per = 5 },
}, 31)

-- Quality order for "better" and "lesser" quality (page 31). Unpredictable is not in the
-- book's order: it ranks with Average (its quality throw averages 0) [unknown].
data.quality_order = core.define_table("quality_order", {
  elite = { rank = 4 }, veteran = { rank = 3 }, average = { rank = 2 }, unpredictable = { rank = 2 },
  poor = { rank = 1 },
}, 31)

-- The ranks a weapon in use fights in, on foot (page 30; notes on weapons page 32). A
-- polearm uses the spear's ranks when used as a spear. Mounted figures fight in one rank.
data.fighting_ranks = core.define_table("fighting_ranks", {
  spear = { ranks = 2 },
  pike = { ranks = 3 },
}, 30)

-- Which row of the weapon v armour table a profile's weapon reads (page 32): lances share the
-- spear's row; missile troops fight hand to hand with their side-arms [unknown: the book is
-- silent]; a polearm is declared as spear or two-handed each combat (not a row of its own).
data.combat_weapon = core.define_table("combat_weapon", {
  hand = { row = "hand" }, two_handed = { row = "two_handed" }, spear = { row = "spear" },
  lance = { row = "spear" }, pike = { row = "pike" }, tooth_and_claw = { row = "tooth_and_claw" },
  horn_and_hoof = { row = "horn_and_hoof" }, bow = { row = "hand" }, longbow = { row = "hand" },
  crossbow = { row = "hand" }, giant_crossbow = { row = "hand" }, handgun = { row = "hand" },
  ballista = { row = "hand" },
}, 32)

-- Weapon versus armour (page 32): the lowest final kill score that kills. The book lists
-- every killing score ("4,5,6"); each list runs from this number to 6, and a modified score
-- above 6 kills too. Pike none/medium/heavy [unknown], tooth & claw and horn & hoof
-- none/medium/heavy [inferred]: docs/rules-assumptions.md.
data.weapon_v_armour = core.define_table("weapon_v_armour", {
  hand = { none = 3, light = 3, medium = 4, heavy = 5, extra_heavy = 6 },
  two_handed = { none = 2, light = 2, medium = 3, heavy = 4, extra_heavy = 5 },
  spear = { none = 3, light = 4, medium = 5, heavy = 6, extra_heavy = 6 },
  pike = { none = 3, light = 4, medium = 5, heavy = 6, extra_heavy = 6 },
  tooth_and_claw = { none = 2, light = 3, medium = 4, heavy = 5, extra_heavy = 6 },
  horn_and_hoof = { none = 3, light = 3, medium = 3, heavy = 4, extra_heavy = 5 },
}, 32)

-- Kills to specials (page 33): 1D for every 3 kills or part of 3, a 6 falls on a special or
-- individual. A saving throw is 2D totalled, and the figure fights on when it beats SAV.
data.combat_casualties = core.define_table("combat_casualties", {
  specials = { kills_per_die = 3, target = 6 },
  save = { dice = "2d6" },
}, 33)

-- Readings of points the book leaves open, one row each (a house rule sets a row:
-- docs/variants.md, HR-8). `win`: what "kill more figures than you lose" counts (page 31),
-- for the standard capture, the phase's winner and the Combat Test's greater-losses and
-- killed-more lines: `after_saves` = true, the figures lost after saving throws (the reading
-- the core took from the club's clarification), false, the kills of the kill throws, saved
-- or not.
data.combat_readings = core.define_table("combat_readings", {
  win = { after_saves = true },
}, 31, { doc = "readings the book leaves open: what winning a phase of combat counts" })

-- What a figure's keyword changes in the round. The book has no such figure: a house rule
-- adds rows keyed by a keyword (HR-9 adventurers). Fields, each optional:
--   strikes_first        its dice are thrown apart, before anybody else's; the casualties
--                        they cause are removed before they strike back; when both sides
--                        have such a figure none strikes first (they cancel out);
--   reroll_passed_saves  its dice are thrown apart, and each save passed against their kills
--                        may be forced to be thrown again, once; the second throw stands;
--   unarmed              it throws no dice, no 6 falls on it, and it falls only when the unit
--                        has no other figure left but the standard bearer;
--   reason               what results show.
-- Dice thrown apart are the unit's throw (its weapon, its modifiers), only identifiable.
data.fighting_abilities = core.define_table("fighting_abilities", {}, 30, {
  doc = "what a figure's keyword changes in a combat round (rows keyed by keyword: strikes_first, reroll_passed_saves, unarmed, reason; none in the book)" })

local ability_flags = { "strikes_first", "reroll_passed_saves", "unarmed" }

--- The fighting abilities of a checked unit or individual from table fighting_abilities:
--- {strikes_first, reroll_passed_saves, unarmed, keywords = {sorted}, reasons = {...}}, or
--- nil when it has none.
---@param fig table
---@return table|nil
function M.abilities_of(fig)
  local out
  for _, r in ipairs(units.keyword_rows(fig, data.fighting_abilities)) do
    local k, row = r.key, r.row
    out = out or { keywords = {}, reasons = {} }
    out.keywords[#out.keywords + 1] = k
    for _, flag in ipairs(ability_flags) do
      local v = row[flag]
      if v ~= nil and type(v) ~= "boolean" then
        error(string.format("table fighting_abilities, row %s: %s is %s (want true or false)", k, flag, core.show(v)), 0)
      end
      if v then out[flag] = true end
    end
    out.reasons[#out.reasons + 1] = string.format("%s (%s)", row.reason or k, data.fighting_abilities:source(k))
  end
  return out
end

--- What page 33 prints for combat, for the casualties shared with shooting: the dice of table
--- "combat_casualties"; a lone individual saves against every kill (no single-figure 6s);
--- figures of another profile fall apart with their own saves.
M.casualty_phase = { throws = data.combat_casualties, single_figure = false, profiles = true }

local function rank_of(q)
  return data.quality_order.rows[q].rank
end

-- Hit throw modifiers (page 31), added to every die showing 2-5. ctx = {unit, enemy,
-- disorganised, ranks}: unit and enemy are the profiles fighting (a unit's own profile, the
-- rider-and-mount profile when chosen, or a lone individual's).
data.combat_hit = core.define_list("combat_hit", {
  { id = "lesser_quality", page = 31, value = -1, reason = "your unit is of lesser quality than the enemy",
    when = function(c) return rank_of(c.unit.quality) < rank_of(c.enemy.quality) end },
  { id = "disorganised", page = 31, value = -1, reason = "your unit is disorganised",
    when = function(c) return c.disorganised end },
  { id = "ranks", page = 31, value = -1, reason = "your unit is fighting in 2 or more ranks",
    when = function(c) return c.ranks >= 2 end },
  { id = "better_quality", page = 31, value = 1, reason = "your unit is of better quality than the enemy",
    when = function(c) return rank_of(c.unit.quality) > rank_of(c.enemy.quality) end },
  { id = "enemy_no_shield", page = 31, value = 1, reason = "the enemy has no shield",
    when = function(c) return not c.enemy.shield_in_use end },
}, { page = 31, doc = "the combat hit throw: added to every die showing 2-5",
  context = {
    disorganised = "boolean: the striking unit is disorganised",
    enemy = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the profile struck",
    ranks = "integer: ranks fighting",
    unit = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the profile striking",
  } })

-- Kill throw modifiers (page 32), added to every die showing 2-5. ctx = {unit, enemy,
-- bloodlust, defending_standard}. Resilience is a minus factor (RES <= 0) added as it is:
-- "subtract the enemy's resilience" read by its definition (part 1 §18.9).
data.combat_kill = core.define_list("combat_kill", {
  { id = "strength", page = 32, reason = "the strength of your unit",
    value = function(c) return c.unit.strength end },
  { id = "resilience", page = 32, reason = "the enemy's resilience",
    value = function(c) return c.enemy.resilience end },
  { id = "bloodlust", page = 32, value = 1, reason = "your unit is in bloodlust",
    when = function(c) return c.bloodlust end },
  { id = "defending_standard", page = 32, value = 1, reason = "your unit is defending its standard",
    when = function(c) return c.defending_standard end },
}, { page = 32, doc = "the combat kill throw: added to every die showing 2-5",
  context = {
    bloodlust = "boolean: the striking unit is in bloodlust",
    defending_standard = "boolean: the struck unit defends its standard",
    enemy = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the profile struck",
    unit = "unit: a checked unit description (fields of docs/resolve.md \"unit\", with `race` and the set `keywords`), at the type of the light: the profile striking",
  } })

-- ---------------------------------------------------------------------------------------
-- The throws (shared with man_to_man.lua)
-- ---------------------------------------------------------------------------------------

local function tag(applied, throw)
  for _, m in ipairs(applied) do m.throw = throw end
  return applied
end

--- The weapon-table row a profile fights with: `use` is the polearm's declared use.
---@param profile table a checked unit or individual
---@param use? string "spear" | "two_handed" for a polearm
---@return string row
function M.weapon_row(profile, use)
  if profile.weapon == "polearm" then return use end
  return data.combat_weapon.rows[profile.weapon].row
end

--- The hit throw's numbers, fixed before any die is thrown: c = {unit, enemy, disorganised,
--- ranks, label} gives {applied (the "combat_hit" modifiers, tagged with the throw),
--- modifier (their total), target, label}.
---@param c table
---@return table plan
function M.hit_plan(c)
  local applied, total = data.combat_hit:apply(c)
  return { applied = tag(applied, c.label), modifier = total, target = data.combat_throws.rows.hit.target,
           label = c.label }
end

--- The hit throw of `dice` D6 on plan `h` (M.hit_plan): a natural 6 hits, a natural 1 misses,
--- the rest hit on the target after the modifiers. With a result `res`, the modifiers and the
--- dice are recorded into it and the throw's numbers go into `out` (hit_dice, hits,
--- automatic_hits...); without one (an odds trial) only the hits are counted.
---@param res table|nil
---@param out table|nil
---@param h table
---@param dice integer
---@return integer hits
function M.throw_hits(res, out, h, dice)
  if res then
    core.add_modifiers(res, h.applied)
    out.hit_modifiers, out.hit_modifier, out.hit_target, out.hit_dice = h.applied, h.modifier, h.target, dice
  end
  if dice == 0 then
    if res then out.hits, out.automatic_hits, out.automatic_misses = 0, 0, 0 end
    return 0
  end
  if not res then return muster.dice.tally(dice, h.target, h.modifier, true, h.label) end
  local r = core.count(res, { n = dice, target = h.target, modifier = h.modifier, natural_max = true,
                              natural_min = true, label = h.label })
  out.hits, out.automatic_hits, out.automatic_misses = r.successes, r.natural_max, r.natural_min
  return r.successes
end

--- The hit throw into `out` (recorded into `res`): M.hit_plan and M.throw_hits at once.
--- c = {unit, enemy, disorganised, ranks, dice, label}.
---@param res table the result the throw and modifiers are recorded into
---@param out table where the throw's numbers go (hit_dice, hits, automatic_hits...)
---@param c table
---@return integer hits
function M.hit_throw(res, out, c)
  return M.throw_hits(res, out, M.hit_plan(c), c.dice)
end

--- The kill throw's numbers, fixed before any die is thrown: c = {unit, enemy, row,
--- bloodlust, defending_standard, label} gives {applied (the "combat_kill" modifiers),
--- modifier, row, target (the weapon v armour cell), source, label}.
---@param c table
---@return table plan
function M.kill_plan(c)
  local applied, total = data.combat_kill:apply(c)
  return { applied = tag(applied, c.label), modifier = total, row = c.row,
           target = data.weapon_v_armour.rows[c.row][c.enemy.armour], source = data.weapon_v_armour:source(c.row),
           label = c.label }
end

--- The kill throw of 1D per hit on plan `k` (M.kill_plan): a natural 6 kills, a natural 1
--- fails, the rest add the modifiers and kill from the weapon v armour cell up. `res` and
--- `out` as in M.throw_hits (kill_target, kills, automatic_kills...).
---@param res table|nil
---@param out table|nil
---@param k table
---@param hits integer
---@return integer kills
function M.throw_kills(res, out, k, hits)
  if res then
    core.add_modifiers(res, k.applied)
    out.kill_modifiers, out.kill_modifier, out.weapon_row = k.applied, k.modifier, k.row
    out.kill_target, out.kill_table_source = k.target, k.source
  end
  if hits == 0 then
    if res then out.kills, out.automatic_kills, out.automatic_failures = 0, 0, 0 end
    return 0
  end
  if not res then return muster.dice.tally(hits, k.target, k.modifier, true, k.label) end
  local r = core.count(res, { n = hits, target = k.target, modifier = k.modifier, natural_max = true,
                              natural_min = true, label = k.label })
  out.kills, out.automatic_kills, out.automatic_failures = r.successes, r.natural_max, r.natural_min
  return r.successes
end

--- The kill throw into `out`: M.kill_plan and M.throw_kills at once.
--- c = {unit, enemy, row, hits, bloodlust, defending_standard, label}.
---@param res table the result the throw and modifiers are recorded into
---@param out table where the throw's numbers go (kill_target, kills, automatic_kills...)
---@param c table
---@return integer kills
function M.kill_throw(res, out, c)
  return M.throw_kills(res, out, M.kill_plan(c), c.hits)
end

-- ---------------------------------------------------------------------------------------
-- Fighters: a unit (or a lone individual) on one side, checked, with its declarations
-- ---------------------------------------------------------------------------------------

local fighter_fields = { "unit", "individual", "in_contact", "rear_ranks", "profiles_in_contact",
  "against", "target", "fight_ranks", "polearm", "rider_profile", "capture_standard" }
local against_fields = { "target", "in_contact", "rear_ranks", "profiles_in_contact" }

local copy = core.deep_copy

local function specials_of(u)
  return (u.leader and 1 or 0) + (u.champion and 1 or 0) + u.musicians + (u.standard and 1 or 0)
end

-- The effective profile this phase: the unit's, with the rider-and-mount line over it.
local function with_profile(u, bottom)
  local e = {}
  for k, v in pairs(u) do e[k] = v end
  if bottom then
    for k, v in pairs(bottom) do e[k] = v end
  end
  return e
end

-- A lone individual fights with his full profile as a unit of one figure (page 30).
local function individual_as_unit(ind)
  local u = with_profile(ind)
  u.figures = 1
  u.leader, u.champion, u.musicians, u.standard = false, false, 0, false
  u.orders, u.reaction, u.disorganised, u.hero = "none", "ok", false, false
  u.flying, u.mounted, u.profiles, u.individuals, u.ranks = false, false, {}, {}, 1
  return u
end

local function check_fighter(raw, side, index, path)
  core.check_fields(raw, fighter_fields, path)
  local f = { side = side, index = index, path = path }
  if (raw.unit == nil) == (raw.individual == nil) then
    core.fail(path, "give unit or individual (a lone individual fighting a unit), one of them")
  end
  if raw.unit ~= nil then
    f.raw = raw.unit
    f.unit = units.check_unit(raw.unit, path .. ".unit")
    f.lone = false
  else
    f.raw = raw.individual
    f.individual = units.check_individual(raw.individual, path .. ".individual")
    f.unit = individual_as_unit(f.individual)
    f.lone = true
    for _, k in ipairs({ "rear_ranks", "profiles_in_contact", "fight_ranks", "rider_profile" }) do
      if raw[k] ~= nil then core.fail(path .. "." .. k, "a lone individual has no " .. k:gsub("_", " ")) end
    end
  end
  f.name = f.unit.name
  f.input = raw
  return f
end

-- Side input: one fighter table, or an array of them.
local function check_side_list(list, side)
  if type(list) ~= "table" then core.fail(side, "a fighter {unit = ...} or an array of them expected") end
  if list[1] == nil then list = { list } end
  local out = {}
  for i, raw in ipairs(list) do out[i] = check_fighter(raw, side, i, side .. "[" .. i .. "]") end
  return out
end

-- Rear ranks from the unit's formation: `ranks` ranks of ceil(figures / ranks).
local function formation_ranks(u)
  local width = math.ceil(u.figures / u.ranks)
  local out = {}
  for k = 2, 3 do
    out[k] = math.max(0, math.min(width, u.figures - (k - 1) * width))
  end
  return width, out
end

-- Splits each fighter's figures into attacks (one per enemy unit it fights): the figures in
-- contact, the rear-rank figures behind them, the other-profile figures among the front.
local function plan_attacks(res, f, enemies, enemy_side_name)
  local raw, u = f.input, f.unit
  local by_name = {}
  for _, e in ipairs(enemies) do by_name[e.name] = e end
  local function target_of(name, path)
    local e = by_name[name]
    if not e then
      local names = {}
      for _, x in ipairs(enemies) do names[#names + 1] = x.name end
      core.fail(path, string.format("%s is not an enemy unit in this combat (%s)", core.show(name), table.concat(names, ", ")))
    end
    return e
  end
  local width, rear_default = formation_ranks(u)
  local entries = {}
  if raw.against ~= nil then
    for _, k in ipairs({ "target", "in_contact", "rear_ranks", "profiles_in_contact" }) do
      if raw[k] ~= nil then core.fail(f.path .. "." .. k, "give it in each `against` entry instead") end
    end
    if type(raw.against) ~= "table" or raw.against[1] == nil then core.fail(f.path .. ".against", "a non-empty array expected") end
    for i, a in ipairs(raw.against) do
      local ap = f.path .. ".against[" .. i .. "]"
      core.check_fields(a, against_fields, ap)
      if a.target == nil then core.fail(ap .. ".target", "missing (the name of an enemy unit)") end
      entries[i] = { target = target_of(a.target, ap .. ".target"), path = ap,
                     in_contact = core.check_int(a.in_contact, ap .. ".in_contact", 0, u.figures),
                     rear_ranks = a.rear_ranks, profiles_in_contact = a.profiles_in_contact }
    end
  else
    local target
    if raw.target ~= nil then
      target = target_of(raw.target, f.path .. ".target")
    elseif #enemies == 1 then
      target = enemies[1]
    else
      local names = {}
      for _, e in ipairs(enemies) do names[#names + 1] = e.name end
      local answer = choose(res, f.name, { side = f.side_name, question = "combat_target",
        prompt = f.name .. ": which enemy unit does it fight?", options = names })
      target = by_name[answer]
    end
    local default_contact = f.lone and 1 or math.min(u.figures, width)
    entries[1] = { target = target, path = f.path,
                   in_contact = core.check_int(raw.in_contact, f.path .. ".in_contact", 0, u.figures, default_contact),
                   rear_ranks = raw.rear_ranks, profiles_in_contact = raw.profiles_in_contact }
  end
  -- Front figures: the specials stand in the front rank (page 30), then the other-profile
  -- figures (default: as many as fit), then warriors.
  local front = 0
  for _, e in ipairs(entries) do front = front + e.in_contact end
  if front > u.figures then
    core.fail(f.path, string.format("%d figures in contact but the unit has %d", front, u.figures))
  end
  local free_slots = front - math.min(specials_of(u), front)
  local pool = {}
  for i, p in ipairs(u.profiles) do pool[i] = p.figures end
  for _, e in ipairs(entries) do
    e.profile_counts = {}
    local given = e.profiles_in_contact
    if given ~= nil and (type(given) ~= "table") then core.fail(e.path .. ".profiles_in_contact", "array expected") end
    local used = 0
    for i, p in ipairs(u.profiles) do
      local n
      if given ~= nil then
        n = core.check_int(given[i], e.path .. ".profiles_in_contact[" .. i .. "]", 0, pool[i], 0)
      else
        n = math.min(pool[i], e.in_contact - used, free_slots)
      end
      pool[i] = pool[i] - n
      free_slots = math.max(0, free_slots - n)
      used = used + n
      e.profile_counts[i] = n
    end
    if used > e.in_contact then
      core.fail(e.path .. ".profiles_in_contact", string.format("%d figures but %d in contact", used, e.in_contact))
    end
    e.profile_figures = used
  end
  -- Rear ranks: counted only behind qualifying front figures (page 30).
  local rear_pool = { [2] = rear_default[2], [3] = rear_default[3] }
  local rear_total, explicit = 0, false
  for _, e in ipairs(entries) do
    e.rear = {}
    if e.rear_ranks ~= nil then
      explicit = true
      if type(e.rear_ranks) ~= "table" then core.fail(e.path .. ".rear_ranks", "array {second, third} expected") end
      for k = 2, 3 do
        e.rear[k] = core.check_int(e.rear_ranks[k - 1], e.path .. ".rear_ranks[" .. (k - 1) .. "]", 0, e.in_contact, 0)
      end
    else
      for k = 2, 3 do
        e.rear[k] = math.min(rear_pool[k], e.in_contact)
        rear_pool[k] = rear_pool[k] - e.rear[k]
      end
    end
    rear_total = rear_total + e.rear[2] + e.rear[3]
  end
  if explicit and front + rear_total > u.figures then
    core.fail(f.path .. ".rear_ranks", string.format("%d in contact and %d behind but the unit has %d figures",
      front, rear_total, u.figures))
  end
  f.attacks = entries
  f.front = front
  f.rear_available = rear_total
end

-- The unit's declarations before the throws: the profile (riders), the polearm's use, the
-- ranks, the standard capture. Each is the input's or its side's choice.
local function declare(res, f, aerial)
  local u, raw = f.unit, f.input
  -- Riders on beasts (page 31): the bottom profile adds the mount but disorganises the unit.
  f.profile = "top"
  if u.bottom_profile then
    local given = raw.rider_profile ~= nil and core.check_enum(raw.rider_profile, { "top", "bottom" }, f.path .. ".rider_profile") or nil
    f.profile, f.rider_profile_chosen_by = choose(res, f.name, { side = f.side_name, question = "rider_profile",
      prompt = f.name .. ": fight with the rider alone (top profile) or with the mount (bottom profile, disorganised)?",
      options = { "top", "bottom" } }, given)
  elseif raw.rider_profile ~= nil then
    core.fail(f.path .. ".rider_profile", "the unit has no bottom_profile (riders on beasts)")
  end
  f.eff = with_profile(u, f.profile == "bottom" and u.bottom_profile or nil)
  -- Flyers (page 31): a flyer fighting a unit on the ground has landed, and is disorganised.
  f.landed = u.flying and not aerial
  f.disorganised = (u.disorganised or f.landed) and not f.lone
  -- The ranks this weapon may fight in (page 30): foot, not disorganised, no reaction.
  local weapon = f.eff.weapon
  local may_ranks = function(use)
    local row = data.fighting_ranks.rows[use]
    if not row or f.lone or f.eff.mounted or f.disorganised or u.reaction ~= "ok" then return 1 end
    return row.ranks
  end
  if weapon == "polearm" then
    local given = raw.polearm ~= nil and core.check_enum(raw.polearm, { "spear", "two_handed" }, f.path .. ".polearm") or nil
    -- The first option is the sensible default: spear when it brings extra ranks.
    local options = (may_ranks("spear") > 1 and f.rear_available > 0) and { "spear", "two_handed" } or { "two_handed", "spear" }
    f.polearm, f.polearm_chosen_by = choose(res, f.name, { side = f.side_name, question = "polearm_use",
      prompt = f.name .. ": use the polearms as spears (two ranks) or two-handed weapons?", options = options }, given)
  elseif raw.polearm ~= nil then
    core.fail(f.path .. ".polearm", "the unit is not armed with polearms")
  end
  f.weapon_used = weapon == "polearm" and f.polearm or weapon
  f.row = M.weapon_row(f.eff, f.polearm)
  local max_ranks = may_ranks(weapon == "polearm" and f.polearm or weapon)
  f.ranks = 1
  if raw.fight_ranks ~= nil then
    local n = core.check_int(raw.fight_ranks, f.path .. ".fight_ranks", 1, 3)
    if n > max_ranks then
      core.fail(f.path .. ".fight_ranks", string.format("%d ranks asked but this unit may fight in %d now", n, max_ranks))
    end
    if n > 1 and f.rear_available == 0 then
      core.fail(f.path .. ".fight_ranks", "no figures stand behind the figures in contact")
    end
    f.ranks = n
    res.choices[#res.choices + 1] = { side = f.side_name, question = "fight_ranks", answer = tostring(n), by = "input", about = f.name }
  elseif max_ranks > 1 and f.rear_available > 0 then
    local options = {}
    for n = max_ranks, 1, -1 do options[#options + 1] = tostring(n) end
    local answer, by = choose(res, f.name, { side = f.side_name, question = "fight_ranks",
      prompt = string.format("%s: fight in how many ranks (up to %d)?", f.name, max_ranks), options = options })
    f.ranks, f.ranks_chosen_by = tonumber(answer), by
  end
end

-- Capture declarations, after every unit's own declarations (page 31).
local function declare_capture(res, f)
  local raw = f.input
  local targets = {}
  for _, a in ipairs(f.attacks) do
    if a.target.unit.standard and not a.target.lone and not targets[a.target] then
      targets[#targets + 1] = a.target
      targets[a.target] = true
    end
  end
  if raw.capture_standard ~= nil then
    if f.lone then core.fail(f.path .. ".capture_standard", "a lone individual cannot capture a standard") end
    local want = raw.capture_standard
    if want == false then
      res.choices[#res.choices + 1] = { side = f.side_name, question = "capture_standard", answer = "no", by = "input", about = f.name }
      return
    end
    local chosen
    for _, t in ipairs(targets) do
      if want == true or want == t.name then chosen = t end
    end
    if want == true and #targets > 1 then
      core.fail(f.path .. ".capture_standard", "fighting several units with standards: name the one")
    end
    if not chosen then
      core.fail(f.path .. ".capture_standard", "no enemy unit it fights has a standard bearer to capture"
        .. (type(want) == "string" and (" named " .. core.show(want)) or ""))
    end
    f.capture = chosen
    res.choices[#res.choices + 1] = { side = f.side_name, question = "capture_standard", answer = chosen.name, by = "input", about = f.name }
  elseif #targets > 0 and not f.lone then
    local options = { "no" }
    for _, t in ipairs(targets) do options[#options + 1] = t.name end
    local answer, by = choose(res, f.name, { side = f.side_name, question = "capture_standard",
      prompt = f.name .. ": try to capture an enemy standard (no, or the unit's name)?", options = options })
    f.capture_chosen_by = by
    for _, t in ipairs(targets) do
      if t.name == answer then f.capture = t end
    end
  end
  if f.capture then f.capture.defending = true end
end

-- ---------------------------------------------------------------------------------------
-- Working out the casualties a unit inflicts (steps 2 and 3 of page 30)
-- ---------------------------------------------------------------------------------------

local function attack_dice(f)
  local u, eff = f.unit, f.eff
  local throws = data.combat_throws.rows
  local main, most = nil, -1
  for _, a in ipairs(f.attacks) do
    local rear = 0
    for k = 2, f.ranks do rear = rear + a.rear[k] end
    local profile_worth = 0
    for i, n in ipairs(a.profile_counts) do profile_worth = profile_worth + n * u.profiles[i].worth end
    -- Figures of another profile add only their worth (page 30).
    a.from = { front = profile_worth + (a.in_contact - a.profile_figures) * eff.worth, rear = rear * eff.worth,
               rear_figures = rear, characters = 0, champion = 0, attack_order = 0 }
    if f.lone then a.from.front = a.in_contact * eff.worth end
    a.dice = a.from.front + a.from.rear
    if a.in_contact > 0 and a.dice > most then main, most = a, a.dice end
  end
  f.main = main
  if not main then return end
  if f.lone then
    -- A lone individual's abilities (table fighting_abilities) are its whole attack's.
    local ab = f.abilities
    if ab and ab.unarmed then main.from.front, main.from.unarmed, main.dice = 0, 1, 0 end
    if ab and not ab.unarmed then main.strikes_first, main.killing_blow = ab.strikes_first, ab.reroll_passed_saves end
    if ab then main.abilities, main.rules = ab.keywords, ab.reasons end
  end
  -- Attached characters fight in the front rank with their worth; the champion adds 1D; the
  -- extra dice go with the attack that has the most (docs/rules-assumptions.md). A character
  -- whose keyword strikes first or forces saves throws its worth apart, against the same
  -- target; an unarmed one throws nothing (table fighting_abilities).
  local apart = 0
  for i, ind in ipairs(u.individuals) do
    local ab = f.character_abilities[i]
    if ab and ab.unarmed then
      main.from.unarmed = (main.from.unarmed or 0) + 1
      main.rules = main.rules or {}
      for _, why in ipairs(ab.reasons) do main.rules[#main.rules + 1] = ind.name .. ": " .. why end
    elseif ab and (ab.strikes_first or ab.reroll_passed_saves) then
      f.batches[#f.batches + 1] = { figure = ind.name, index = i, target = main.target, dice = ind.worth,
        strikes_first = ab.strikes_first, killing_blow = ab.reroll_passed_saves, abilities = ab.keywords,
        rules = ab.reasons }
      apart = apart + ind.worth
    else
      main.from.characters = main.from.characters + ind.worth
      f.character_dice[i] = ind.worth
    end
  end
  if u.champion then main.from.champion = throws.champion.dice end
  main.dice = main.dice + main.from.characters + main.from.champion
  if u.orders == "attack" then
    -- The dice in hand count those thrown apart.
    local total = apart
    for _, a in ipairs(f.attacks) do total = total + a.dice end
    main.from.attack_order = math.floor(total / throws.attack_order.per)
    main.dice = main.dice + main.from.attack_order
  end
end

-- ---------------------------------------------------------------------------------------
-- Merge points (exact odds: core.merge). The round being fought, and its state as text:
-- whatever later steps read of each fighter (kills each way, the waves' kills, the dice in
-- hand, the roster, captures), in the sides' order; the reports are left out.
-- ---------------------------------------------------------------------------------------

local enemy = { attacker = "defender", defender = "attacker" }
local side_order = { "attacker", "defender" }
local current  -- the plan's sides {attacker = fighters, defender = fighters} while a round plays
local throws = 0  -- the throws made so far in the round playing (a merge key's step)

-- `next`: the strike whose save comes next when f's saves are under way. A roster allocated
-- its main wave takes no more kills (cas.last), so what was struck no longer matters.
local function fighter_key(f, next)
  local parts = { f.captured and "C" or "-", f.capture_tried and "T" or "-" }
  for _, w in ipairs({ "first", "main" }) do
    local x = f.waves and f.waves[w]
    parts[#parts + 1] = x and (x.kills .. "/" .. x.forced) or "."
  end
  for _, list in ipairs({ f.attacks or {}, f.batches or {} }) do
    for _, a in ipairs(list) do parts[#parts + 1] = a.dice end
  end
  local cas = f.casualties
  if cas then
    if not next and cas.wave and not cas.saved then next = cas.wave.from end  -- allocated, not yet saved
    -- A roster's kills count only when winning is judged by them (combat_readings.win).
    parts[#parts + 1] = casualties.key(cas, next, cas.last, data.combat_readings.rows.win.after_saves == false)
  else
    parts[#parts + 1] = "."
  end
  return table.concat(parts, " ")
end

-- The round's state at merge point `where` (the step, unique within the round) with the
-- point's own values `...`; `saving` is the fighter whose saves are under way (or nil) and
-- `next` its next strike.
local function round_key(where, saving, next, ...)
  local parts = { where }
  for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
  for _, s in ipairs({ "attacker", "defender" }) do
    for _, f in ipairs(current[s]) do parts[#parts + 1] = fighter_key(f, f == saving and next or nil) end
  end
  return table.concat(parts, "|")
end

-- The round's state once every unit's losses are known (`where`; the winner, the sides'
-- totals, each side's reaction so far): all that the outcome still reads, and what the Combat
-- Tests still to take read, each unit after the `done`-th in report order with its losses,
-- whether it tests and, if so, who it lost. The rosters are left out.
local function judged_key(where, out, judged, done)
  local a, d = out.sides.attacker, out.sides.defender
  local parts = { where, done, out.winner or "-", judged.attacker, judged.defender, a.losses, d.losses,
                  a.reaction or "-", d.reaction or "-" }
  local i = 0
  for _, s in ipairs(side_order) do
    for _, f in ipairs(current[s]) do
      i = i + 1
      if i > done then
        local killed = ""
        if f.tests then
          local k = {}
          for j, name in ipairs(f.casualties.killed) do k[j] = name end
          table.sort(k)
          killed = table.concat(k, ",")
        end
        parts[#parts + 1] = string.format("%d %s %s %s", f.losses, f.tests and "T" or "-", f.captured and "C" or "-", killed)
      end
    end
  end
  return table.concat(parts, "|")
end

-- A merge point, as round_key's arguments; nothing is built unless exact odds enumerate.
local function merge(...)
  if core.merging(M.procedures.combat) then core.merge(round_key, ...) end
end

-- The kills a target takes in one wave ("first": struck first; "main": everybody else).
local function wave_of(t, wave)
  local w = t.waves[wave]
  if not w then
    w = t.wave_tables[wave]  -- the plan's, emptied for this round
    w.kills, w.forced = 0, 0
    for i = #w.by, 1, -1 do w.by[i] = nil end
    t.waves[wave] = w
  end
  return w
end

-- What an attack's report shows as its dice's origin: the plan's, with the dice lost to
-- casualties struck first in this round.
local function dice_from(a)
  if not a.from or not a.struck then return a.from end
  local from = {}
  for k, v in pairs(a.from) do from[k] = v end
  from.struck_first = a.struck
  return from
end

-- One throw of `f` (an attack, or dice thrown apart): hit and kill, into its report when
-- there is a result `res`.
local function throw_attack(res, f, a, wave)
  local t = a.target
  local out
  if res then
    out = { target = t.name, dice_from = dice_from(a), in_contact = a.in_contact, figure = a.figure,
            dice = a.from == nil and a.dice or nil, strikes_first = a.strikes_first and wave == "first" or nil,
            killing_blow = a.killing_blow or nil, abilities = a.abilities, rules = a.rules }
    a.report = out
  end
  local hits = M.throw_hits(res, out, a.hit, a.dice)
  throws = throws + 1
  merge("hit", nil, nil, throws, hits)
  local killed = M.throw_kills(res, out, a.kill, hits)
  local w = wave_of(t, wave)
  w.kills = w.kills + killed
  if a.killing_blow and killed > 0 then
    w.forced = w.forced + killed
    w.by[#w.by + 1] = a.figure or f.name
  end
  t.kills_suffered = t.kills_suffered + killed
  f.kills_inflicted = f.kills_inflicted + killed
  merge("kill", nil, nil, throws)
end

-- Throws `f`'s attacks and dice apart of this wave: "first" those that strike first (when
-- `first` is on), "main" the others.
local function inflict(res, f, wave, first)
  for _, a in ipairs(f.throwing) do
    local early = first and a.strikes_first == true
    if (wave == "first") == early then throw_attack(res, f, a, wave) end
  end
end

-- The dice a unit loses to the casualties struck first (HR-9 Strike First, table
-- fighting_abilities): the figures lost are made good from the figures that do not fight
-- (the owner closes up from the rear, page 30's reading), then each costs its worth; a dead
-- champion takes his die, a dead character his worth or his dice apart. Off the unit's
-- attacks in order, none below 0 (a.struck: the dice an attack lost). Returns the dice lost.
local function struck_first(f)
  local c = f.casualties
  if f.lone then
    local lost = 0
    if c.losses > 0 then
      for _, a in ipairs(f.attacks) do lost = lost + a.dice; a.struck, a.dice = -a.dice, 0 end
    end
    return lost
  end
  local fighting = 0
  for _, a in ipairs(f.attacks) do fighting = fighting + a.in_contact + a.from.rear_figures end
  local idle = math.max(0, f.unit.figures - fighting)
  local cut = math.max(0, c.losses - idle) * f.eff.worth
  local main = f.main
  if main and c.dead.champion then cut = cut + main.from.champion end
  for i in ipairs(f.unit.individuals) do
    if c.dead.individuals[i] and f.character_dice[i] then cut = cut + f.character_dice[i] end
  end
  for _, b in ipairs(f.batches) do
    if c.dead.individuals[b.index] then b.dice = 0 end
  end
  local lost = 0
  for _, a in ipairs(f.attacks) do
    local n = math.min(cut, a.dice)
    if n > 0 then a.dice, a.struck, cut, lost = a.dice - n, -n, cut - n, lost + n end
  end
  return lost
end

-- ---------------------------------------------------------------------------------------
-- The round
-- ---------------------------------------------------------------------------------------

-- A side's total of roster field `field` ("losses": figures lost after saves; "kills": kills
-- suffered before them), a captured bearer counted when asked.
local function side_total(list, field, with_captures)
  local n = 0
  for _, f in ipairs(list) do
    n = n + f.casualties[field]
    if with_captures and f.captured then n = n + 1 end
  end
  return n
end

local function side_losses(list, with_captures) return side_total(list, "losses", with_captures) end

-- What a side "loses" when winning is judged (table combat_readings, row `win`): its figures
-- lost after saves, or the kills it suffered before them.
local function side_count(list, with_captures)
  return side_total(list, data.combat_readings.rows.win.after_saves ~= false and "losses" or "kills", with_captures)
end

-- The terrible creature a unit faces: the strongest terrible enemy it fought (attacked or
-- was attacked by), {worth, strength} for morale.lua's Combat Test.
local function terrible_faced(f, enemies)
  local best
  local fought = {}
  for _, a in ipairs(f.attacks) do fought[a.target] = true end
  for _, e in ipairs(enemies) do
    for _, a in ipairs(e.attacks) do if a.target == f and a.in_contact > 0 then fought[e] = true end end
  end
  for _, e in ipairs(enemies) do
    if fought[e] and e.eff.terrible then
      if not best or e.eff.strength > best.strength or (e.eff.strength == best.strength and e.eff.worth > best.worth) then
        best = { worth = e.eff.worth, strength = e.eff.strength }
      end
    end
  end
  return best
end

-- The unit as it stands after the phase (a valid unit description): figures and specials
-- lost, a captured standard gone, attached characters killed, disorganised by the mount.
local function after_unit(f)
  local a = casualties.after(f.raw, f.casualties)
  if f.captured then a.figures, a.standard = a.figures - 1, false end
  if (f.profile == "bottom" or f.landed) and a.figures > 0 then a.disorganised = true end
  return a
end


--- Prepares one combat round (page 30): the checks between the units, every declaration
--- (targets, the figures fighting, profile, polearm, ranks, captures: the input's or its side's
--- choice), the dice each unit has in hand with what its figures' keywords change, and each
--- throw's modifiers: everything that comes before the first die. M.play_round plays it, once
--- (resolve) or once per trial (odds); playing never changes the plan.
---@param c table {attackers, defenders (checked fighters), attacker_side, defender_side, aerial, time, combat_tests, options}
---@return table plan
function M.prepare_round(c)
  local sides = { attacker = c.attackers, defender = c.defenders }
  local side_name = { attacker = c.attacker_side, defender = c.defender_side }
  local plan = { c = c, sides = sides, side_name = side_name, choices = {},
                 lost = {}, won = {}, totals = {}, judged = {},
                 outcome = { sides = { attacker = {}, defender = {} } } }
  local declared = { choices = plan.choices }  -- the declarations' choices, shown first in the result
  local names = {}
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do
      if names[f.name] then core.fail(f.path .. ".unit.name", string.format("%s names two units in this combat", core.show(f.name))) end
      names[f.name] = true
      f.checked = f.unit
      f.unit = units.at_time(f.unit, c.time)  -- the type of the light (Goblins: fanatic at night, p.14)
      f.side_name = side_name[s]
      if c.aerial and not f.unit.flying then
        core.fail(f.path, "an aerial combat is fought between flyers only (page 31)")
      end
    end
  end
  -- Declarations: targets and the figures fighting, profile, polearm, ranks; then captures.
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do plan_attacks(declared, f, sides[enemy[s]], side_name[enemy[s]]) end
  end
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do declare(declared, f, c.aerial) end
  end
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do declare_capture(declared, f) end
  end
  -- The dice each unit has in hand, with what its figures' keywords change (fighting_abilities).
  local striking = { attacker = {}, defender = {} }
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do
      f.batches, f.character_dice = {}, {}
      f.abilities = f.lone and M.abilities_of(f.individual) or nil
      f.character_abilities, f.sheltered = {}, {}
      for i, ind in ipairs(f.unit.individuals) do
        local ab = M.abilities_of(ind)
        f.character_abilities[i] = ab
        if ab and ab.unarmed then f.sheltered[i] = true end
      end
      attack_dice(f)
      f.roster = { profile = f.eff, individual = f.lone and f.individual or nil, sheltered = f.sheltered }
      -- What each play empties and uses again rather than builds: the roster, the waves of
      -- kills, the arguments of its casualties.
      f.spare = casualties.new(f.unit, M.casualty_phase, f.roster)
      f.waves, f.wave_tables = {}, { first = { by = {} }, main = { by = {} } }
      f.allocation, f.saving = {}, {}
      f.throwing = {}  -- the attacks, then the dice thrown apart: the order of the throws
      for _, list in ipairs({ f.attacks, f.batches }) do
        for _, a in ipairs(list) do
          a.base = a.dice
          f.throwing[#f.throwing + 1] = a
          if a.strikes_first and a.dice > 0 then striking[s][#striking[s] + 1] = a.figure or f.name end
        end
      end
    end
  end
  -- Strike First (table fighting_abilities): thrown before everybody else's, unless both
  -- sides have such a figure.
  if #striking.attacker > 0 and #striking.defender > 0 then
    plan.cancelled = { attacker = striking.attacker, defender = striking.defender }
  elseif #striking.attacker > 0 or #striking.defender > 0 then
    plan.first = #striking.attacker > 0 and "attacker" or "defender"
    plan.striking = striking[plan.first]
  end
  -- Each throw's modifiers and target (they read only what was declared) and the Combat
  -- Test's fixed inputs.
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do
      for _, list in ipairs({ f.attacks, f.batches }) do
        for _, a in ipairs(list) do
          local t = a.target
          local who = a.figure and (a.figure .. " (" .. f.name .. ")") or f.name
          a.hit = M.hit_plan({ unit = f.eff, enemy = t.eff, disorganised = f.disorganised, ranks = f.ranks,
                               label = "hit throw, " .. who .. " v " .. t.name })
          a.kill = M.kill_plan({ unit = f.eff, enemy = t.eff, row = f.row,
                                 bloodlust = not f.lone and f.unit.reaction == "bloodlust",
                                 defending_standard = f.defending == true,
                                 label = "kill throw, " .. who .. " v " .. t.name })
        end
      end
      f.terrible = terrible_faced(f, sides[enemy[s]])
      f.test_label, f.test_args = "combat test, " .. f.checked.name, {}
    end
  end
  return plan
end

-- The merge point after each saving throw of fighter `f` (the i-th of side `s`) in `wave`.
local function saved_merge(f, s, wave, i)
  return function(kill, left) merge("saved", f, kill + 1, s, wave, i, left) end
end

-- Steps 4-7 for one wave of kills on side `s`: the inflicting side shares them out, the
-- struck saves, forced re-rolls of passed saves for Killing Blow.
local function take(plan, res, s, wave)
  local list, by, owner = plan.sides[s], plan.side_name[enemy[s]], plan.side_name[s]
  for i, f in ipairs(list) do
    -- A full result keeps its own roster; a trial resets the plan's.
    f.casualties = f.casualties
      or (res and casualties.new(f.unit, M.casualty_phase, f.roster) or casualties.reset(f.spare))
    local a = f.allocation
    a.kills, a.side, a.owner = wave_of(f, wave).kills, by, owner
    casualties.allocate(res, f.casualties, a)
    f.casualties.saved, f.casualties.last = false, wave == "main"  -- for fighter_key
    merge("allocated", nil, nil, s, wave, i)
  end
  local merging = core.merging(M.procedures.combat)
  for i, f in ipairs(list) do
    local w = wave_of(f, wave)
    local a = f.saving
    a.side, a.options, a.forced = by, plan.c.options, w.forced
    a.forced_by = w.forced > 0 and table.concat(w.by, ", ") or nil
    a.merge = merging and saved_merge(f, s, wave, i) or nil
    casualties.save(res, f.casualties, a)
    f.casualties.saved = true
  end
end

-- Each unit's report (a full result only).
local function report_units(plan, res, judged)
  local c = plan.c
  res.units = {}
  res.command_test_markers = {}
  for _, s in ipairs(side_order) do
    for _, f in ipairs(plan.sides[s]) do
      local cas = f.casualties
      local rep = {
        name = f.name, side = s, side_name = f.side_name, lone_individual = f.lone,
        figures_at_start = f.unit.figures, profile = f.profile, rider_profile_chosen_by = f.rider_profile_chosen_by,
        weapon = f.weapon_used, weapon_row = f.row, polearm = f.polearm, polearm_chosen_by = f.polearm_chosen_by,
        ranks = f.ranks, ranks_chosen_by = f.ranks_chosen_by, disorganised = f.disorganised, landed = f.landed,
        capture_standard = f.capture and f.capture.name or nil, capture_chosen_by = f.capture_chosen_by,
        defending_standard = f.defending == true,
        attacks = {}, kills_inflicted = f.kills_inflicted,
      }
      for _, a in ipairs(f.attacks) do rep.attacks[#rep.attacks + 1] = a.report end
      if #f.batches > 0 then
        rep.apart = {}
        for _, b in ipairs(f.batches) do rep.apart[#rep.apart + 1] = b.report end
      end
      casualties.report(rep, cas)
      rep.kills_suffered = cas.kills
      local passed = 0
      for _, sv in ipairs(rep.saves) do if sv.saved and not sv.forced then passed = passed + 1 end end
      rep.saves_passed, rep.saves_failed = passed, #rep.saves - passed
      rep.characters_killed = {}
      for i, ind in ipairs(f.unit.individuals) do
        if cas.dead.individuals[i] then rep.characters_killed[#rep.characters_killed + 1] = ind.name end
      end
      rep.standard_captured = f.captured == true
      rep.losses = f.losses
      if f.captured then rep.killed[#rep.killed + 1] = "standard_bearer" end
      for _, m in ipairs(cas.command_test) do
        res.command_test_markers[#res.command_test_markers + 1] = { side = f.side_name, unit = f.name,
          name = m.name, role = m.role, event = m.event }
      end
      if f.lone then
        rep.alive = cas.losses == 0
      else
        rep.after = after_unit(f)
        rep.disorganised_after = rep.after.disorganised == true
        rep.combat_test = {
          unit = copy(f.raw), figures_at_start = f.unit.figures, losses = rep.losses,
          side_losses = judged[s], enemy_losses = judged[enemy[s]], killed = copy(rep.killed),
          standard_lost = f.captured == true, time = c.time, fighting_terrible = f.terrible,
        }
        rep.takes_combat_test = f.tests
      end
      res.units[#res.units + 1] = rep
    end
  end
end

-- The Combat Test of fighter `f` on side `s` (morale.lua), its inputs from the round.
local function combat_test(plan, res, f, s, judged)
  local unit = f.checked
  -- As the combat_test procedure checks its unit: a routed unit has left the table.
  if unit.reaction == "rout" then core.fail("unit.reaction", "a routed unit has left the table and takes no test") end
  local killed = f.casualties.killed
  if f.captured then
    local k = {}
    for i, name in ipairs(killed) do k[i] = name end
    k[#k + 1] = "standard_bearer"
    killed = k
  end
  local a = res and {} or f.test_args  -- a trial fills the plan's table anew
  a.unit, a.figures_at_start, a.losses, a.side_losses, a.enemy_losses = unit, f.unit.figures, f.losses, judged[s], judged[enemy[s]]
  a.killed, a.standard_lost, a.time, a.fighting_terrible = killed, f.captured == true, plan.c.time, f.terrible
  a.options, a.label = plan.c.options, f.test_label
  return morale.combat_test(a, res == nil)
end

--- Plays a prepared round (M.prepare_round): both sides' hit and kill throws, the kills on
--- specials and individuals with the saves (the defender's first), standard captures, each
--- unit's losses and, when asked, its Combat Test. `full`: the whole result (every die,
--- modifier, choice and unit report, see docs/resolve.md); otherwise (an odds trial) only what
--- the procedure's odds spec reads (winner, sides' losses and reactions), nothing recorded.
---@param plan table
---@param full boolean
---@return table result
function M.play_round(plan, full)
  local c, sides, side_name = plan.c, plan.sides, plan.side_name
  local res
  if full then
    res = core.result("combat")
    res.choices = {}
    for i, ch in ipairs(plan.choices) do res.choices[i] = ch end
  end
  current, throws = sides, 0
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do
      f.kills_suffered, f.kills_inflicted = 0, 0
      f.waves.first, f.waves.main = nil, nil
      f.casualties, f.captured, f.capture_tried = nil, nil, nil
      for _, a in ipairs(f.throwing) do a.dice, a.struck, a.report = a.base, nil, nil end
    end
  end
  -- Strike First: those dice are thrown before everybody else's, and the casualties they
  -- cause removed before the struck strike back.
  local first = plan.first
  if plan.cancelled and res then
    res.strike_first = { cancelled = true, attacker = plan.cancelled.attacker, defender = plan.cancelled.defender,
      why = "both sides have a figure that strikes first: they cancel out, everybody strikes together" }
  elseif first then
    for _, f in ipairs(sides[first]) do inflict(res, f, "first", true) end
    take(plan, res, enemy[first], "first")
    local lost = res and {}
    for _, f in ipairs(sides[enemy[first]]) do
      if f.casualties.losses > 0 or next(f.casualties.dead.individuals) then
        local cut = struck_first(f)
        if lost then lost[#lost + 1] = { unit = f.name, losses = f.casualties.losses, dice_lost = cut } end
      end
    end
    if res then res.strike_first = { side = first, figures = plan.striking, struck = lost } end
  end
  -- Steps 2-3: the attacker's hit and kill throws, then the defender's.
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do inflict(res, f, "main", first ~= nil) end
  end
  -- Steps 4-7: the attacker shares out the defender's kills, the defender saves; then the
  -- other way round.
  take(plan, res, "defender", "main")
  take(plan, res, "attacker", "main")
  -- Standard captures (page 31): the declaring side must kill more than it loses, after saves.
  -- (`lost`, `won`, `totals`, `judged`: the plan's tables, filled anew each play.)
  if res then res.standard_captures = {} end
  local lost, won, totals, judged = plan.lost, plan.won, plan.totals, plan.judged
  lost.attacker, lost.defender = side_losses(c.attackers), side_losses(c.defenders)
  won.attacker, won.defender = side_count(c.attackers), side_count(c.defenders)
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do
      local t = f.capture
      if t then
        local entry = res and { by = f.name, target = t.name, captured = false }
        if t.capture_tried then
          if entry then entry.why = "already tried this phase" end
        elseif won[enemy[s]] <= won[s] then
          if entry then
            entry.why = string.format("the %s side did not win this phase (%d killed, %d lost)", s, won[enemy[s]], won[s])
          end
        elseif not casualties.standard_alive(t.casualties) then
          if entry then entry.why = "the standard bearer fell in the fighting" end
        else
          t.capture_tried = true
          local saved = casualties.standard_save(res, t.casualties)
          merge("capture", nil, nil, f.name, saved)
          if not saved then t.captured = true end
          if entry then
            entry.captured = not saved
            entry.why = saved and "the standard bearer passed his saving throw" or "won the phase: the standard bearer is removed"
          end
        end
        if entry then res.standard_captures[#res.standard_captures + 1] = entry end
      end
    end
  end
  -- Totals, each unit's losses and whether it takes its Combat Test (morale.lua).
  for _, s in ipairs(side_order) do
    for _, f in ipairs(sides[s]) do
      f.losses = f.casualties.losses + (f.captured and 1 or 0)
      f.tests = not f.lone and f.losses > 0 and f.unit.figures - f.losses > 0
    end
  end
  totals.attacker, totals.defender = side_losses(c.attackers, true), side_losses(c.defenders, true)
  -- The Combat Test's comparisons count what winning counts (combat_readings.win).
  judged.attacker, judged.defender = side_count(c.attackers, true), side_count(c.defenders, true)
  -- A full result has its own sides; a trial fills the plan's outcome (the odds fields).
  local out = res or plan.outcome
  out.sides = res and { attacker = {}, defender = {} } or out.sides
  out.winner = nil
  for _, s in ipairs(side_order) do
    local inflicted = 0
    for _, f in ipairs(sides[s]) do inflicted = inflicted + f.kills_inflicted end
    local side = out.sides[s]
    side.name, side.kills_inflicted, side.kills_after_saves, side.losses = side_name[s], inflicted, lost[enemy[s]], totals[s]
    side.reaction = nil
  end
  if res then report_units(plan, res, judged) end
  -- The phase's winner kills more than it loses, after saves (captured standards aside), or
  -- as combat_readings.win counts.
  local a, d = won.defender, won.attacker
  if a > d then out.winner = "attacker" elseif d > a then out.winner = "defender" end
  if res then
    res.outcome = string.format("%s: the attacker killed %d, the defender %d", res.winner and (res.winner .. " wins") or "draw", a, d)
  end
  -- On request, each unit that must takes its Combat Test now (morale.lua), in report order;
  -- a side's reaction is its first unit's.
  if c.combat_tests then
    local merging = core.merging(M.procedures.combat)
    if merging then core.merge(judged_key, "judged", out, judged, 0) end
    local i = 0
    for _, s in ipairs(side_order) do
      for _, f in ipairs(sides[s]) do
        i = i + 1
        if f.tests then
          local result = combat_test(plan, res, f, s, judged)
          local reaction = result
          if res then
            res.units[i].combat_test_result = result
            reaction = result.reaction
          end
          local side = out.sides[s]
          if side.reaction == nil then side.reaction = reaction end
          if merging then core.merge(judged_key, "tested", out, judged, i) end
        end
      end
    end
  end
  return out
end

--- The combat kill throw on its own (page 32), like shooting's kill_throw: `hits` D6 of
--- `input.unit` striking `input.target` (each a unit description; a rider's bottom profile by
--- `rider_profile` / `target_rider_profile`, a polearm's use by `polearm`), with the "combat_kill"
--- list and the weapon v armour cell.
---@param input table
---@return table res
function M.kill_throw_alone(input)
  local res = core.result("combat_kill_throw")
  local u = units.check_unit(input.unit, "unit")
  local t = units.check_unit(input.target, "target")
  local hits = core.check_int(input.hits, "hits", 0, 1000)
  local function profile_of(x, field)
    if input[field] == nil then return x, nil end
    local v = core.check_enum(input[field], { "top", "bottom" }, field)
    if not x.bottom_profile then core.fail(field, x.name .. " has no bottom_profile (riders on beasts)") end
    return with_profile(x, v == "bottom" and x.bottom_profile or nil), v
  end
  local eff, profile = profile_of(u, "rider_profile")
  local teff, target_profile = profile_of(t, "target_rider_profile")
  local polearm
  if eff.weapon == "polearm" then
    polearm = core.check_enum(input.polearm, { "spear", "two_handed" }, "polearm")
  elseif input.polearm ~= nil then
    core.fail("polearm", "the unit is not armed with polearms")
  end
  res.unit, res.target, res.hits, res.profile, res.target_profile, res.polearm = u.name, t.name, hits, profile, target_profile, polearm
  local out = {}
  M.kill_throw(res, out, { unit = eff, enemy = teff, row = M.weapon_row(eff, polearm), hits = hits,
    bloodlust = u.reaction == "bloodlust",
    defending_standard = core.check_bool(input.defending_standard, "defending_standard", false),
    label = "kill throw, " .. u.name .. " v " .. t.name })
  for _, k in ipairs({ "kill_modifier", "weapon_row", "kill_target", "kill_table_source", "kills", "automatic_kills",
                       "automatic_failures" }) do
    res[k] = out[k]
  end
  res.outcome = string.format("%d kill%s", res.kills, res.kills == 1 and "" or "s")
  return res
end

M.procedures = {
  combat_kill_throw = {
    doc = "the combat kill throw on its own: 1D per hit, a natural 6 kills, a natural 1 fails, the rest add STR, the enemy's RES, bloodlust and defending the standard, and kill from the weapon v armour cell up (p.32)",
    fields = { "unit", "target", "hits", "rider_profile", "target_rider_profile", "polearm", "defending_standard" },
    odds = { { name = "kills", path = "kills", kind = "count" } },
    run = function(input) return M.kill_throw_alone(input) end,
  },
  combat = {
    doc = "one combat round between two sides of one or more units (or lone individuals): hit, kill, kills to specials, saves, standard captures, losses and Combat Test inputs (p.30-33)",
    fields = { "attacker", "defender", "attacker_side", "defender_side", "aerial", "time", "combat_tests" },
    -- The winner ("-" on a draw), the figures each side lost (captured bearers included) and,
    -- with combat_tests, each side's first unit's reaction ("-": no test).
    odds = { { name = "winner", path = "winner", kind = "category" },
             { name = "attacker_losses", path = "sides.attacker.losses", kind = "count" },
             { name = "defender_losses", path = "sides.defender.losses", kind = "count" },
             { name = "attacker_reaction", path = "sides.attacker.reaction", kind = "category" },
             { name = "defender_reaction", path = "sides.defender.reaction", kind = "category" } },
    prepare = function(input, options)
      if input.attacker == nil then core.fail("attacker", "missing (a fighter {unit = ...} or an array of them)") end
      if input.defender == nil then core.fail("defender", "missing (a fighter {unit = ...} or an array of them)") end
      return M.prepare_round({
        attackers = check_side_list(input.attacker, "attacker"),
        defenders = check_side_list(input.defender, "defender"),
        attacker_side = core.check_side(input.attacker_side, "attacker_side", "attacker"),
        defender_side = core.check_side(input.defender_side, "defender_side", "defender"),
        aerial = core.check_bool(input.aerial, "aerial", false),
        time = core.check_time(input.time, "time"),
        combat_tests = core.check_bool(input.combat_tests, "combat_tests", false),
        options = options,
      })
    end,
    play = function(plan, full)
      return core.as_procedure(M.procedures.combat, M.play_round, plan, full)
    end,
    run = function(input, options)
      local p = M.procedures.combat
      return p.play(p.prepare(input, options), true)
    end,
  },
}

return M
