--- HR-9.1 creating an adventurer (house-rules booklet page 9): the procedure `adventurer`.
--- From an army list's ordinary troop entry (or a typed-in profile), a class, an optional
--- lighter armour from another entry of the same species, the army's points and its other
--- adventurers, returns the adventurer's profile (an individual of role "adventurer", with its
--- class and abilities as keywords), cost and limit, or refuses naming the field.
--- Reads the army lists only through rules.modules.armies. No dice.
local classes = require("classes")

local M = {}

local function index(list, v)
  for i, x in ipairs(list) do if x == v then return i end end
end

--- The procedure spec of `adventurer` for rules.add_procedure.
---@param rules table the variant's rules handle
function M.procedure(rules)
  local core, armies, units = rules.modules.core, rules.modules.armies, rules.modules.units
  local list_ids, armours, profile_fields = rules.copy(armies.list_ids), rules.copy(units.armours), rules.copy(units.profile_fields)

  local function refuse(field, message) core.fail(field, message .. " (adventurers p.9)") end

  local function copy_profile(p)
    local out = { name = p.name, race = p.race, keywords = {} }
    if type(p.keywords) == "table" then for i, k in ipairs(p.keywords) do out.keywords[i] = k end end
    for _, k in ipairs(profile_fields) do out[k] = p[k] end
    return out
  end

  -- The base: an entry of a bundled list, or a typed-in profile with its points.
  local function base_of(input)
    if input.profile ~= nil then
      if input.list ~= nil or input.entry ~= nil then core.fail("profile", "give either list and entry or a profile, not both") end
      local p = input.profile
      if type(p) ~= "table" then core.fail("profile", "table expected, got " .. type(p)) end
      if p.kind == "character" or p.role ~= nil then refuse("profile", "a character may not become an adventurer: pick an ordinary soldier") end
      if type(p.name) ~= "string" then core.fail("profile.name", "missing (the soldier's name)") end
      local points = core.check_number(p.points, "profile.points", 0)
      local out = copy_profile(p)
      return out, points, nil
    end
    local id = input.list
    if type(id) ~= "string" then core.fail("list", "missing (an army list: " .. table.concat(list_ids, ", ") .. ")") end
    core.check_enum(id, list_ids, "list")
    local list = armies.load_list(id)
    if type(input.entry) ~= "string" then core.fail("entry", "missing (a troop entry id of the list " .. list.name .. ")") end
    local e = list.entries[input.entry]
    if not e then core.fail("entry", core.show(input.entry) .. " is not an entry of the list " .. list.name) end
    if e.kind ~= "troop" then refuse("entry", core.show(input.entry) .. " is a " .. e.kind .. ", not an ordinary soldier") end
    local out = armies.profile_of(e)
    out.race = out.race or list.race
    out.keywords = out.keywords or {}
    if out.mounted then refuse("entry", core.show(input.entry) .. " is mounted: an adventurer is one figure on foot (proposed)") end
    return out, e.points, list
  end

  local function run(input)
    local profile, base_points, list = base_of(input)
    if input.class == nil then core.fail("class", "missing (one of " .. table.concat(classes.order, ", ") .. ")") end
    local class_id = core.check_enum(input.class, classes.order, "class")
    local class = classes.classes[class_id]
    local points = core.check_int(input.points, "points", 0)
    local others = core.check_int(input.adventurers, "adventurers", 0, nil, 0)
    local limit = math.floor(points / 500)
    if others + 1 > limit then
      refuse("points", string.format("%d points allow %d adventurer%s (one per 500), and the army has %d already",
        points, limit, limit == 1 and "" or "s", others))
    end
    if input.alignment ~= nil then
      local a = input.alignment
      core.check_fields(a, { "army", "base" }, "alignment")
      local base = core.check_enum(a.base, { "light", "dark", "neutral" }, "alignment.base")
      if type(a.army) ~= "table" then core.fail("alignment.army", "array of the alignments among the army's figures expected") end
      for i, x in ipairs(a.army) do
        local v = core.check_enum(x, { "light", "dark", "neutral" }, "alignment.army[" .. i .. "]")
        if v == "dark" and base == "light" then
          refuse("alignment", "an army with Dark-aligned figures may not take an adventurer from the Armies of Light")
        elseif v == "light" and base == "dark" then
          refuse("alignment", "an army with Light-aligned figures may not take an adventurer from the Armies of Dark")
        end
      end
    end
    local cost_points = base_points
    local parts = { { text = profile.name .. " (base warrior)", points = base_points } }
    if input.lighter ~= nil then
      if not list then core.fail("lighter", "a lighter armour comes from another entry of the same list: give list and entry") end
      local l = list.entries[input.lighter]
      if not l then core.fail("lighter", core.show(input.lighter) .. " is not an entry of the list " .. list.name) end
      local lrace = l.race or list.race
      if lrace ~= profile.race then
        refuse("lighter", string.format("%s is %s, not the same species as %s (%s)", l.name, tostring(lrace), profile.name, tostring(profile.race)))
      end
      if index(armours, l.armour) >= index(armours, profile.armour) then
        refuse("lighter", string.format("%s wears %s armour, not less than %s's %s", l.name, l.armour, profile.name, profile.armour))
      end
      profile.armour, profile.movement = l.armour, l.movement
      -- Proposed: the cost after the armour reduction is the lower of the two warriors' costs.
      if l.points < cost_points then
        cost_points = l.points
        parts[#parts + 1] = { text = "armour and movement of " .. l.name, points = l.points }
      end
    end
    -- The class and each ability are keywords: the core's hooks and conditions test them.
    local kw = profile.keywords
    local add = { "adventurer", class_id }
    for _, ab in ipairs(class.abilities) do add[#add + 1] = ab end
    for _, k in ipairs(add) do
      if not index(kw, k) then kw[#kw + 1] = k end
    end
    profile.role = "adventurer"
    -- The profile is an individual's description, ready to attach to a unit or fight alone;
    -- a typed-in one with a bad field is refused here, naming it.
    units.check_individual(profile, "profile")
    local list_of = {}
    for i, ab in ipairs(class.abilities) do list_of[i] = ab end
    local cost = 5 * cost_points
    return {
      procedure = "adventurer", class = class_id, class_name = class.name, profile = profile,
      abilities = list_of, parts = parts, cost = cost, limit = limit, adventurers = others + 1,
      command = "the warchief's", source = "adventurers p.9",
      outcome = string.format("%s %s: %d points (5 x %d); adventurer %d of %d allowed", class.name, profile.name,
        cost, cost_points, others + 1, limit),
    }
  end

  return {
    doc = "HR-9.1: an adventurer from an ordinary soldier (list + entry, or profile {name, race, keywords, points, ...}), a class, an optional lighter armour/movement (lighter: an entry of the same species), the army's points and its other adventurers, alignment facts {army = {alignments}, base}; cost 5 x the base warrior, at most 1 per 500 points (adventurers p.9)",
    fields = { "list", "entry", "profile", "class", "lighter", "points", "adventurers", "alignment" },
    run = run,
    samples = {
      { list = "orcs", entry = "orc_infantry", class = "warrior", points = 1000 },
      { list = "men", entry = "men_spearmen", class = "healer", lighter = "men_militia", points = 500 },
    },
  }
end

return M
