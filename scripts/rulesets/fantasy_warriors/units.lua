--- Fantasy Warriors unit descriptions: the profile vocabulary (QUA TYP STR RES WOR ARM WEA
--- MOV SAV TER BAD in snake_case), race and keywords, the specials, orders and reactions, and
--- the checking that turns a plain input table into a complete unit (defaults filled, every
--- field validated, errors naming the field). Pure data handling: no dice.
local core = require("core")
local keywords = require("keywords")  -- race and keywords (keywords.lua)

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

M.qualities = { "elite", "veteran", "average", "poor", "unpredictable" }
M.types = { "disciplined", "tribal", "fanatic", "stupid" }
M.armours = { "none", "light", "medium", "heavy", "extra_heavy" }
M.weapons = {
  "hand", "two_handed", "spear", "polearm", "lance", "pike", "tooth_and_claw", "horn_and_hoof",
  "bow", "longbow", "crossbow", "giant_crossbow", "handgun", "ballista",
}
M.orders = { "attack", "hold", "oppose" }
M.reactions = { "ok", "bloodlust", "shaken", "rout" }
M.lights = { "day", "night", "none" }
M.times = { "day", "night" }
--- The roles of individuals (pp.7, 40-42): warchiefs, battle leaders and the individuals.
M.roles = { "warchief", "battle_leader", "hero", "wizard", "priest", "soothsayer", "courier", "scout",
  "herald", "banner_bearer" }

-- The volley counters a missile unit starts the battle with (pages 15, 21): the default of a
-- unit's `volleys` and what armies.lua's `supplies` hands out. A row per weapon overrides
-- `volleys` (a house rule's machine with other ammunition: set_row).
data.supplies = core.define_table("supplies", {
  volleys = { start = 6, doc = "volley counters for every missile unit" },
}, 15)

-- The roles an individual may have: the book's (M.roles, pages 7 and 40-42), and any a house
-- rule adds as a row (HR-9: adventurer). A row only says the role exists: what a role does is
-- read where the rules read it (morale's command_test_roles, ...).
local role_rows = {}
for _, r in ipairs(M.roles) do role_rows[r] = { book = true } end
data.individual_roles = core.define_table("individual_roles", role_rows, 40,
  { doc = "the roles an individual may have (the book's, and rows a variant adds: {reason})" })

--- The roles an individual may have now: the book's in its order, then the added ones sorted.
---@return string[]
function M.role_names()
  local out, added = {}, {}
  for _, r in ipairs(M.roles) do
    if data.individual_roles.rows[r] then out[#out + 1] = r end
  end
  for r, row in pairs(data.individual_roles.rows) do
    if type(row) == "table" and not row.book then added[#added + 1] = r end
  end
  table.sort(added)
  for _, r in ipairs(added) do out[#out + 1] = r end
  return out
end

--- The profile fields every figure's line has (units, extra profiles, mounts, individuals).
M.profile_fields = { "quality", "type", "night_type", "strength", "resilience", "worth", "armour", "shield",
  "weapon", "movement", "save", "terrible", "bad_light" }

-- `extra` and then the profile fields, as one list of known fields.
local function with_profile(extra)
  local out = {}
  for _, f in ipairs(extra) do out[#out + 1] = f end
  for _, f in ipairs(M.profile_fields) do out[#out + 1] = f end
  return out
end

local individual_fields = with_profile({ "name", "role", "leadership", "race", "keywords" })
local extra_profile_fields = with_profile({ "name", "figures" })

--- Fields of a unit description (see docs/resolve.md).
M.unit_fields = with_profile({ "name", "figures", "race", "keywords" })
for _, f in ipairs({ "leader", "champion", "musicians", "standard", "orders", "reaction", "disorganised", "hero",
                     "flying", "mounted", "profiles", "individuals", "volleys", "ranks", "bottom_profile" }) do
  M.unit_fields[#M.unit_fields + 1] = f
end

--- Checks the profile fields shared by units, extra profiles and individuals.
local function check_profile(u, out, path)
  out.quality = core.check_enum(u.quality, M.qualities, path .. ".quality")
  out.type = core.check_enum(u.type, M.types, path .. ".type")
  -- The type it turns at night, when it differs (Goblins: tribal by day, fanatic by night, p.14).
  if u.night_type ~= nil then
    out.night_type = core.check_enum(u.night_type, M.types, path .. ".night_type")
    -- night_turns: this profile (or, on a unit, any of its profiles) has a type of the night.
    if out.night_type ~= out.type then out.night_turns = true end
  end
  out.strength = core.check_int(u.strength, path .. ".strength", -10, 10, 0)
  out.resilience = core.check_int(u.resilience, path .. ".resilience", -10, 0, 0)
  out.worth = core.check_int(u.worth, path .. ".worth", 0, 100, 1)
  out.armour = core.check_enum(u.armour or "none", M.armours, path .. ".armour")
  out.shield = core.check_bool(u.shield, path .. ".shield", false)
  out.weapon = core.check_enum(u.weapon or "hand", M.weapons, path .. ".weapon")
  out.movement = core.check_int(u.movement, path .. ".movement", 0, 60, 6)
  if u.save == nil or u.save == false then
    out.save = false
  else
    out.save = core.check_int(u.save, path .. ".save", 2, 12)
  end
  out.terrible = core.check_bool(u.terrible, path .. ".terrible", false)
  out.bad_light = core.check_enum(u.bad_light or "none", M.lights, path .. ".bad_light")
  -- Two-handed weapons and polearms are used in both hands: the figure counts unshielded.
  if out.weapon == "two_handed" or out.weapon == "polearm" then out.shield_in_use = false
  else out.shield_in_use = out.shield end
  return out
end

--- Returns a complete, checked copy of one individual (warchief, battle leader, hero...):
--- a full profile with its role and leadership. `path` names it in errors.
---@param ind table
---@param path string
---@return table individual
function M.check_individual(ind, path)
  core.check_fields(ind, individual_fields, path)
  local q = check_profile(ind, { name = ind.name ~= nil and core.check_label(ind.name, path .. ".name") or path }, path)
  -- A role is valid when it has a row; the list of them is built for the error alone.
  local known = type(ind.role) == "string" and type(data.individual_roles.rows[ind.role]) == "table"
  q.role = known and ind.role or core.check_enum(ind.role, M.role_names(), path .. ".role")
  q.leadership = core.check_int(ind.leadership, path .. ".leadership", 0, 5, 0)
  return keywords.check(ind, q, path)
end

--- Returns a complete, checked copy of a unit description. `path` names it in errors
--- ("attacker", "target").
---@param u table
---@param path string
---@return table unit
function M.check_unit(u, path)
  core.check_fields(u, M.unit_fields, path)
  local out = {}
  out.name = u.name ~= nil and core.check_label(u.name, path .. ".name") or path
  out.figures = core.check_int(u.figures, path .. ".figures", 0, 1000)
  check_profile(u, out, path)
  out.leader = core.check_bool(u.leader, path .. ".leader", false)
  out.champion = core.check_bool(u.champion, path .. ".champion", false)
  out.musicians = core.check_int(u.musicians, path .. ".musicians", 0, 100, 0)
  out.standard = core.check_bool(u.standard, path .. ".standard", false)
  out.orders = core.check_enum(u.orders or "hold", M.orders, path .. ".orders")
  out.reaction = core.check_enum(u.reaction or "ok", M.reactions, path .. ".reaction")
  out.disorganised = core.check_bool(u.disorganised, path .. ".disorganised", false)
  out.hero = core.check_bool(u.hero, path .. ".hero", false)
  out.flying = core.check_bool(u.flying, path .. ".flying", false)
  out.mounted = core.check_bool(u.mounted, path .. ".mounted", false)
  keywords.check(u, out, path)
  out.volleys = core.check_int(u.volleys, path .. ".volleys", 0, 100, M.starting_volleys(out.weapon))
  out.ranks = core.check_int(u.ranks, path .. ".ranks", 1, 100, 1)
  local specials = (out.leader and 1 or 0) + (out.champion and 1 or 0) + out.musicians + (out.standard and 1 or 0)
  if specials > out.figures then
    core.fail(path, string.format("%d specials (leader, champion, musicians, standard) but only %d figures", specials, out.figures))
  end
  out.profiles = {}
  if u.profiles ~= nil then
    if type(u.profiles) ~= "table" then core.fail(path .. ".profiles", "array expected") end
    local counted = 0
    for i, p in ipairs(u.profiles) do
      local pp = path .. ".profiles[" .. i .. "]"
      core.check_fields(p, extra_profile_fields, pp)
      local q = check_profile(p, { name = p.name ~= nil and core.check_label(p.name, pp .. ".name") or pp }, pp)
      q.figures = core.check_int(p.figures, pp .. ".figures", 0, 1000)
      counted = counted + q.figures
      if q.night_turns then out.night_turns = true end
      out.profiles[i] = q
    end
    if counted > out.figures then
      core.fail(path .. ".profiles", string.format("%d figures in profiles but the unit has %d", counted, out.figures))
    end
  end
  out.individuals = {}
  if u.individuals ~= nil then
    if type(u.individuals) ~= "table" then core.fail(path .. ".individuals", "array expected") end
    for i, ind in ipairs(u.individuals) do
      out.individuals[i] = M.check_individual(ind, path .. ".individuals[" .. i .. "]")
      if out.individuals[i].night_turns then out.night_turns = true end
    end
  end
  -- Riders on beasts (page 31): the rider-and-mount line of the Army Lists, fought with by
  -- choice each combat phase. Fields it leaves out are the rider's (the top profile).
  if u.bottom_profile ~= nil then
    local bp = path .. ".bottom_profile"
    core.check_fields(u.bottom_profile, M.profile_fields, bp)
    local merged = {}
    for _, k in ipairs(M.profile_fields) do
      if u.bottom_profile[k] ~= nil then merged[k] = u.bottom_profile[k] else merged[k] = u[k] end
    end
    -- A mount with a type of its own does not take the rider's night type.
    if u.bottom_profile.night_type == nil and u.bottom_profile.type ~= nil then merged.night_type = nil end
    out.bottom_profile = check_profile(merged, {}, bp)
    if out.bottom_profile.night_turns then out.night_turns = true end
  end
  return out
end

--- The volley counters a unit with `weapon` starts with (table `supplies`, pages 15, 21).
---@param weapon string
---@return integer
function M.starting_volleys(weapon)
  local t = data.supplies.rows
  return (t[weapon] or t.volleys).start
end

--- Total worth of a unit's figures (specials included). Attached individuals are added too:
--- the book is silent, and docs/rules-assumptions.md records the choice.
function M.worth(u)
  local total, counted = 0, 0
  for _, p in ipairs(u.profiles) do
    total = total + p.figures * p.worth
    counted = counted + p.figures
  end
  total = total + (u.figures - counted) * u.worth
  for _, ind in ipairs(u.individuals) do total = total + ind.worth end
  return total
end

--- Whether the unit endures bad light at `time` ("day" or "night"): its BAD is that half
--- (page 14), unless table `bad_light_rules` (core.lua; the book leaves it empty, a variant
--- such as the weather sets it) makes everyone endure it or spares that BAD in that half.
function M.bad_light(u, time)
  local rules = core.data.bad_light_rules.rows
  if rules.everyone.enduring then return true end
  if time == nil or u.bad_light ~= time then return false end
  return not rules[time].exempt
end

--- The type a profile (unit, extra profile, individual) fights as at `time` ("day",
--- "night" or nil): its `night_type` at night when it has one, else its `type` (p.14).
---@param p table a checked profile
---@param time string|nil
---@return string type
function M.type_at(p, time)
  if time == "night" and p.night_type then return p.night_type end
  return p.type
end

-- A copy of profile p with its night type as its type (day_type keeps the other), or p itself.
local function turned(p)
  if not p.night_type or p.night_type == p.type then return p end
  local q = {}
  for k, v in pairs(p) do q[k] = v end
  q.type, q.day_type = p.night_type, p.type
  if p.keywords then q.keywords = keywords.retyped(p.keywords, p.type, p.night_type) end
  return q
end

--- A checked unit or individual as it is at `time`: a shallow copy whose `type` (and the
--- type of its extra profiles, mount and individuals) is the one of that light, with
--- `type_by_light = "tribal -> fanatic"` when the unit's own type changed. The same table
--- when nothing changes (no `night_turns`, set by check_unit and check_individual).
--- Procedures that take a unit and a time call this first.
---@param u table a checked unit or individual
---@param time string|nil "day" | "night"
---@return table
function M.at_time(u, time)
  if time ~= "night" or not u.night_turns then return u end
  local out = turned(u)
  if out == u then
    out = {}
    for k, v in pairs(u) do out[k] = v end
  else
    out.type_by_light = u.type .. " -> " .. out.type
  end
  for _, field in ipairs({ "profiles", "individuals" }) do
    if u[field] then
      local copy = {}
      for i, p in ipairs(u[field]) do copy[i] = turned(p) end
      out[field] = copy
    end
  end
  if u.bottom_profile then out.bottom_profile = turned(u.bottom_profile) end
  return out
end

--- Whether a checked unit or individual has keyword `kw` (keywords.lua: given, race, derived).
M.has_keyword = keywords.has
--- The keywords of a checked unit or individual, sorted (never iterate the set).
M.keyword_list = keywords.list
--- The rows of a keyword-keyed table that a unit or individual's keywords reach (keywords.lua).
M.keyword_rows = keywords.rows_for

--- Whether the unit has an individual of `role` with it.
function M.has_role(u, role)
  for _, ind in ipairs(u.individuals) do
    if ind.role == role then return true end
  end
  return false
end

return M
