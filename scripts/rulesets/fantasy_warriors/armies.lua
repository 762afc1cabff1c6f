--- Fantasy Warriors armies and points (pp.7-9, 40-47). Owns the formats of army lists
--- (scripts/armies/fantasy_warriors/<list>.lua) and of armies built from them: Lua data
--- written with a small constructor vocabulary whose calls record their file:line through
--- muster.script.get_where. Validates both, reporting every violation at once with its
--- file:line and the rule broken, and computes the points. Costs, limits and the rule checks
--- are registry tables a variant patches (docs/variants.md). No dice; files are read only through
--- muster.script.get_file, or given as text by the host. See docs/armies.md.
local core = require("core")
local shooting = require("shooting")
local artillery = require("artillery")
local units = require("units")
local keywords = require("keywords")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- ---------------------------------------------------------------------------------------
-- Data: costs and limits (pp.40-47). Rows {value, page, provenance, reason}; variants
-- patch them with the variant patch functions (rules.set_row, docs/variants.md).
-- ---------------------------------------------------------------------------------------

data.army_costs = core.define_table("army_costs", {
  special = { value = 10, page = 47, provenance = "book",
    reason = "each leader, champion, musician and standard bearer costs this much more than the unit's warriors" },
  magic_power = { value = 5, page = 47, provenance = "book", reason = "each magic power point a wizard starts with" },
  beloved_personage = { value = 100, page = 46, provenance = "book",
    reason = "a beloved personage, on top of the figure's own cost" },
  sacred_item = { value = 100, page = 46, provenance = "book", reason = "a sacred item, on top of the item's own cost" },
  army_standard = { value = 100, page = 46, provenance = "reconstructed",
    reason = "an army standard: the book gives no cost; priced as the other two talismans, which give the same +1" },
}, 47)

data.leadership_costs = core.define_table("leadership_costs", {
  [0] = { value = 0, page = 47, provenance = "book", reason = "leadership 0 (no cost: the list starts at 1)" },
  [1] = { value = 10, page = 47, provenance = "book", reason = "leadership 1" },
  [2] = { value = 20, page = 47, provenance = "book", reason = "leadership 2" },
  [3] = { value = 35, page = 47, provenance = "book", reason = "leadership 3" },
  [4] = { value = 50, page = 47, provenance = "book", reason = "leadership 4" },
  [5] = { value = 80, page = 47, provenance = "book", reason = "leadership 5" },
}, 47)

data.army_limits = core.define_table("army_limits", {
  warchiefs = { value = 1, page = 7, provenance = "book", reason = "warchiefs in an army" },
  champions_per_unit = { value = 1, page = 7, provenance = "book", reason = "champions in a unit" },
  standard_bearers_per_unit = { value = 1, page = 7, provenance = "book", reason = "standard bearers in a unit" },
  points_per_hero = { value = 500, page = 40, provenance = "book", reason = "one hero per this many points of army" },
  hero_worth = { value = 5, page = 40, provenance = "book", reason = "the least worth of a hero" },
  soothsayers = { value = 2, page = 41, provenance = "book", reason = "soothsayers in an army" },
  heralds_per_leader = { value = 2, page = 41, provenance = "book", reason = "heralds per warchief or battle leader" },
  banner_bearers_per_leader = { value = 1, page = 41, provenance = "reconstructed",
    reason = "banner bearers per warchief or battle leader (the number is lost in the book)" },
  talismans_per_kind = { value = 1, page = 46, provenance = "book", reason = "talismans of each kind in an army" },
  magic_power_min = { value = 15, page = 47, provenance = "book", reason = "the least magic power a wizard starts with" },
  upgrade_steps = { value = 1, page = 47, provenance = "book", reason = "quality steps an upgrade may climb" },
}, 47)

--- Quality steps for upgrades, lowest first (p.47: "poor to average or veteran to elite").
--- Unpredictable troops are off the ladder: they have no upgrade.
data.quality_steps = core.define_table("quality_steps", {
  poor = { value = 1, page = 47, provenance = "book", reason = "poor" },
  average = { value = 2, page = 47, provenance = "book", reason = "average" },
  veteran = { value = 3, page = 47, provenance = "book", reason = "veteran" },
  elite = { value = 4, page = 47, provenance = "book", reason = "elite" },
}, 47)

--- The costing this project used to price the list entries the book's lost army lists leave
--- out (provenance "reconstructed"). It reproduces every cost the sources print: Orc archer 7,
--- Dwarf crossbowman 11, elite upgrade +4, Dwarf warchief 34 (p.47), the mortar 48 and the
--- goblin gunner 4 (house rules). Per figure: (quality + type + 2 x strength + 2 x -resilience
--- + armour + shield + weapon + movement + bad light) x worth, + save + terrible + role, + the
--- mount's (quality + type + 2 x strength + 2 x -resilience + weapon) x its worth; at least 1.
--- Movement counts floor((MOV - 6) / 2); a machine that does not move counts 0.
--- Not a rule of the book: only tests read it (docs/rules-assumptions.md).
data.reconstruction_costing = core.define_table("reconstruction_costing", {
  quality = { value = { elite = 9, veteran = 5, average = 3, poor = 1, unpredictable = 3 } },
  type = { value = { disciplined = 0, tribal = 0, fanatic = 1, stupid = -1 } },
  strength = { value = 2 },
  resilience = { value = 2 },
  armour = { value = { none = 0, light = 1, medium = 2, heavy = 4, extra_heavy = 5 } },
  shield = { value = 1 },
  weapon = { value = { hand = 0, two_handed = 1, spear = 1, polearm = 1, lance = 2, pike = 1,
    tooth_and_claw = 0, horn_and_hoof = 1, bow = 2, longbow = 3, crossbow = 3, giant_crossbow = 6,
    handgun = 3, ballista = 6, artillery = 0, gun = 0 } },
  movement = { value = { base = 6, per = 2 } },
  bad_light = { value = -1 },
  -- round(10 x P(2D > save)): the chance the save keeps the figure going, in tenths
  save = { value = { [2] = 10, [3] = 9, [4] = 8, [5] = 7, [6] = 6, [7] = 4, [8] = 3, [9] = 2, [10] = 1,
    [11] = 0, [12] = 0 } },
  terrible = { value = 5 },
  role = { value = { warchief = 0, battle_leader = 0, hero = 0, wizard = 10, priest = 20, soothsayer = 10,
    courier = 5, scout = 10, herald = 5, banner_bearer = 10 } },
  minimum = { value = 1 },
}, nil)

local function cost(key) return data.army_costs.rows[key].value end
local function limit(key) return data.army_limits.rows[key].value end

--- The bundled army lists, scripts/armies/fantasy_warriors/<id>.lua: the book's seven
--- (p.47 contents; Hobgoblins are in the Goblin list). The one index of the folder: the
--- sandbox lists no folders. "Did you mean" hints and the tests read it.
M.list_ids = { "barbarians", "dwarves", "goblins", "men", "orcs", "trolls_and_ogres", "wood_elves" }

--- Weapons only war machines carry (house rules HR-6 "Art", HR-12 "gun"): the core shooting
--- tables do not know them yet (their artillery rules are in the lost lists).
M.machine_weapons = { "artillery", "gun" }
--- Where a list entry's points come from.
M.provenances = { "book", "house_rules", "reconstructed" }
--- The specials of a unit, as the army format names them.
M.specials = { "leader", "champion", "musician", "standard_bearer" }
--- The talismans (p.46). A beloved personage is a figure marked `beloved`.
M.talismans = { "army_standard", "sacred_item", "beloved_personage" }

-- ---------------------------------------------------------------------------------------
-- Rules. Each violation names one of these ids; the composition rules carry a check run on
-- the resolved army: check(army, add) calls add(record, message) for every violation.
-- Variants add, replace or remove entries (add_rule, replace_rule, remove_rule).
-- ---------------------------------------------------------------------------------------

M.rules = {}

local function find_rule(id)
  for i, r in ipairs(M.rules) do
    if r.id == id then return i end
  end
  return nil
end

local function check_rule(r, where)
  if type(r) ~= "table" or type(r.id) ~= "string" then error(where .. ": a rule is {id = string, ...}", 3) end
  if type(r.text) ~= "string" then error(where .. ": rule '" .. r.id .. "': text must be a string", 3) end
  if r.check ~= nil and type(r.check) ~= "function" then
    error(where .. ": rule '" .. r.id .. "': check must be a function", 3)
  end
end

---@class armies.rule
---@field id string e.g. "one_champion"; violations name it
---@field page? integer the rulebook page
---@field text string what the rule says
---@field check? fun(army: table, add: fun(item: table, message: string)) reports each violation
---@field source? string who added it (default: the ruleset)

--- Adds a rule, last or before/after another: where = {before = id} or {after = id}.
---@param r armies.rule
---@param where? {before?: string, after?: string}
function M.add_rule(r, where)
  check_rule(r, "add_rule")
  if find_rule(r.id) then error("add_rule: rule '" .. r.id .. "' exists (use replace_rule)", 2) end
  r.source = r.source or core.ruleset
  local at = #M.rules + 1
  if where and (where.before or where.after) then
    local anchor = find_rule(where.before or where.after)
    if not anchor then error("add_rule: no rule '" .. tostring(where.before or where.after) .. "'", 2) end
    at = where.before and anchor or anchor + 1
  end
  table.insert(M.rules, at, r)
end

--- Replaces the rule `id`, keeping its place.
---@param id string
---@param r armies.rule
function M.replace_rule(id, r)
  check_rule(r, "replace_rule")
  local i = find_rule(id)
  if not i then error("replace_rule: no rule '" .. tostring(id) .. "'", 2) end
  M.rules[i] = r
end

--- Removes the rule `id`.
---@param id string
function M.remove_rule(id)
  local i = find_rule(id)
  if not i then error("remove_rule: no rule '" .. tostring(id) .. "'", 2) end
  table.remove(M.rules, i)
end

--- Returns the rule `id`, or nil.
---@param id string
---@return armies.rule|nil
function M.get_rule(id)
  local i = find_rule(id)
  return i and M.rules[i] or nil
end

-- ---------------------------------------------------------------------------------------
-- Reports and helpers
-- ---------------------------------------------------------------------------------------

local function join(list, sep) return table.concat(list, sep or ", ") end

local function plural(n, one, many) return n == 1 and one or (many or one .. "s") end

-- The name of `names` closest to `name` within a third of its length (at least 2), or nil.
local closest = require("registry").nearest

-- " (did you mean 'x'?)" for the closest name, else "".
local function suggest(name, names)
  local best = closest(name, names)
  return best and (" (did you mean '" .. best .. "'?)") or ""
end

local function new_report()
  return { errors = {} }
end

-- Records a violation of rule `rule_id` at file:line.
local function add_error(report, file, line, rule_id, message)
  report.errors[#report.errors + 1] = { file = file or "?", line = line or 0, rule = rule_id, message = message }
end

-- Finishes the errors: rule pages, text lines, sorted by file, line and rule order.
local function finish_errors(report)
  local order = {}
  for i, r in ipairs(M.rules) do order[r.id] = i end
  for i, e in ipairs(report.errors) do
    e.seq = i
    local r = M.get_rule(e.rule)
    e.page = r and r.page or nil
    local ref = e.rule .. (e.page and (", p." .. e.page) or "")
    local where = e.line > 0 and (e.file .. ":" .. e.line) or e.file
    e.text = string.format("%s: %s [%s]", where, e.message, ref)
  end
  table.sort(report.errors, function(a, b)
    if a.file ~= b.file then return a.file < b.file end
    if a.line ~= b.line then return a.line < b.line end
    local ra, rb = order[a.rule] or 0, order[b.rule] or 0
    if ra ~= rb then return ra < rb end
    return a.seq < b.seq
  end)
  for _, e in ipairs(report.errors) do e.seq = nil end
end

-- Field checks: each returns nil when the value is good, else why not.
local function is_enum(values)
  return function(v)
    for _, a in ipairs(values) do
      if v == a then return nil end
    end
    return string.format("%s is not one of %s%s", core.show(v), join(values), suggest(v, values))
  end
end

local function is_int(low, high)
  return function(v)
    if type(v) ~= "number" or v ~= math.floor(v) then return "a whole number expected, got " .. core.show(v) end
    if (low and v < low) or (high and v > high) then
      return string.format("%d is out of range %s..%s", v, tostring(low or ""), tostring(high or ""))
    end
    return nil
  end
end

local function is_bool(v)
  if type(v) ~= "boolean" then return "true or false expected, got " .. core.show(v) end
  return nil
end

local function is_text(v)
  if type(v) ~= "string" or v == "" then return "text expected, got " .. core.show(v) end
  return nil
end

local function is_table(v)
  if type(v) ~= "table" then return "a table expected, got " .. core.show(v) end
  return nil
end

local function is_save(v)
  if v == false then return nil end
  local why = is_int(2, 12)(v)
  if why then return "false or a whole number 2..12 expected, got " .. core.show(v) end
  return nil
end

local function is_any() return nil end

-- A race or keyword name, and an array of them (keywords.lua owns the format).
local function is_name(v) return keywords.name_problem(v) end

local function is_names(v)
  local why, i = keywords.names_problem(v)
  if why and i then return string.format("item %d: %s", i, why) end
  return why
end

-- Checks t's string keys against schema, an ordered list of {name, check, required = bool}.
-- Array items (number keys) are left to the caller when `array` is set. Calls err(message)
-- for every unknown key, missing required field and bad value.
local function check_fields(t, schema, err, array)
  local known, names = {}, {}
  for _, f in ipairs(schema) do
    known[f[1]] = f
    names[#names + 1] = f[1]
  end
  local meant = {}  -- required fields a misspelt key stands for: reported once, as the misspelling
  for k, v in pairs(t) do
    if type(k) == "number" then
      if not array then err(string.format("unexpected %s at position %d (fields are written name = value)", type(v), k)) end
    elseif not known[k] then
      local best = closest(k, names)
      if best then meant[best] = true end
      err(string.format("unknown field '%s'%s (known: %s)", core.cut(tostring(k)), suggest(k, names), join(names)))
    end
  end
  for _, f in ipairs(schema) do
    local v = t[f[1]]
    if v == nil then
      if f.required and not meant[f[1]] then err("missing field '" .. f[1] .. "'") end
    else
      local why = f[2](v)
      if why then err(f[1] .. ": " .. why) end
    end
  end
end

-- ---------------------------------------------------------------------------------------
-- Data files: a vocabulary of constructors that record where they were called
-- ---------------------------------------------------------------------------------------

-- A collector for one file's constructor calls.
local function new_collector(file)
  return { file = file, records = {}, is_record = setmetatable({}, { __mode = "k" }),
           pending = setmetatable({}, { __mode = "k" }) }
end

-- The constructor `kind "arg" { fields }`. The first call records where it was made; the
-- second takes the fields. `kind { fields }` (no arg) is recorded with missing_arg.
local function curried(c, kind)
  return function(arg)
    local file, line = muster.script.get_where(2)
    local rec = { kind = kind, arg = arg, file = file or c.file, line = line or 0 }
    c.records[#c.records + 1] = rec
    c.is_record[rec] = true
    if type(arg) == "table" and not c.is_record[arg] then
      rec.fields, rec.arg, rec.missing_arg = arg, nil, true
      return rec
    end
    local function fill(t)
      rec.fields = t
      return rec
    end
    c.pending[fill] = rec
    return fill
  end
end

-- The constructor `kind { fields }`.
local function direct(c, kind)
  return function(t)
    local file, line = muster.script.get_where(2)
    local rec = { kind = kind, fields = t, file = file or c.file, line = line or 0 }
    c.records[#c.records + 1] = rec
    c.is_record[rec] = true
    return rec
  end
end

-- Splits a Lua error "file:line: message" (LuaJIT may shorten the file to "...tail").
local function split_error(message, file)
  -- A syntax error quotes the token it stopped at ("near '...'"): a whole string, maybe long.
  message = tostring(message):gsub("near '(.*)'$", function(token) return "near '" .. core.cut(token) .. "'" end)
  local f, l, m = message:match("^(.-):(%d+): (.*)$")
  if not f then return { file = file, line = 0, message = message } end
  if f == file or (f:sub(1, 3) == "..." and file:sub(-(#f - 3)) == f:sub(4)) then f = file end
  return { file = f, line = tonumber(l), message = m }
end

-- Runs a data file's text with only `words` as globals. Returns nil, or the first Lua error
-- {file, line, message} (a syntax error, an unknown word, an assignment to a global).
local function run_data(text, file, words, what)
  local names = {}
  for k in pairs(words) do names[#names + 1] = k end
  local env = {}
  for k, v in pairs(words) do env[k] = v end
  setmetatable(env, {
    __index = function(_, name)
      error(string.format("unknown word '%s'%s in %s (known: %s)", core.cut(tostring(name)), suggest(name, names), what,
        join(names)), 2)
    end,
    __newindex = function(_, name)
      error(string.format("%s defines no globals: '%s = ...' (write local %s = ...)", what, core.cut(tostring(name)),
        core.cut(tostring(name))), 2)
    end,
  })
  local chunk, message = load(text, "@" .. file, "t", env)
  if not chunk then return split_error(message, file) end
  local ok, err = pcall(chunk)
  if not ok then return split_error(err, file) end
  return nil
end

-- Reads a source: a path under the Muster root, or {file = name, text = text} from a host.
local function read_source(source)
  if type(source) == "string" then return source, muster.script.get_file(source) end
  if type(source) == "table" and type(source.file) == "string" and type(source.text) == "string" then
    return source.file, source.text
  end
  core.fail("source", "a path under the Muster root or {file = name, text = text} expected, got " .. core.show(source))
end

-- What a record is called in messages: `unit "Tuskers" (orc_infantry)`.
local function label(rec)
  local name = rec.fields and type(rec.fields) == "table" and rec.fields.name
  if rec.kind == "army" or rec.kind == "command" then
    return string.format("%s %s", rec.kind, core.show(rec.arg))
  end
  if rec.kind == "talisman" then return "talisman " .. core.show(rec.arg) end
  local kind = rec.kind:gsub("_", " ")
  if type(name) == "string" then return string.format("%s %s (%s)", kind, core.show(name), core.cut(tostring(rec.arg))) end
  return string.format("%s %s", kind, core.show(rec.arg))
end

-- ---------------------------------------------------------------------------------------
-- Army lists
-- ---------------------------------------------------------------------------------------

local function profile_schema(optional, weapons)
  local function f(name, check) return { name, check, required = not optional[name] } end
  return {
    f("quality", is_enum(units.qualities)), f("type", is_enum(units.types)), f("strength", is_int(-10, 10)),
    f("resilience", is_int(-10, 0)), f("worth", is_int(0, 100)), f("armour", is_enum(units.armours)),
    f("shield", is_bool), f("weapon", is_enum(weapons)), f("movement", is_int(0, 60)), f("save", is_save),
    f("terrible", is_bool), f("bad_light", is_enum(units.lights)),
    { "night_type", is_enum(units.types) },  -- never required: the type at night when it differs (p.14)
  }
end

local function with(schema, extra)
  local out = {}
  for _, f in ipairs(schema) do out[#out + 1] = f end
  for _, f in ipairs(extra) do out[#out + 1] = f end
  return out
end

local machine_weapons = {}
for _, w in ipairs(units.weapons) do machine_weapons[#machine_weapons + 1] = w end
for _, w in ipairs(M.machine_weapons) do machine_weapons[#machine_weapons + 1] = w end

local entry_common = {
  { "name", is_text, required = true }, { "points", is_int(0, 10000), required = true },
  { "provenance", is_enum(M.provenances), required = true }, { "sourced", is_table },
  { "note", is_text }, { "house_rule", is_text }, { "max_per_army", is_int(1, 1000) },
  -- what the figures are: `race` overrides the list's (a list of several races), `keywords`
  -- adds names a house rule can match (units.lua derives the rest from the profile)
  { "race", is_name }, { "keywords", is_names },
}

local mount_schema = with(profile_schema({ armour = true, shield = true, movement = true, save = true,
  terrible = true, bad_light = true }, units.weapons), {})

local entry_schemas = {
  troop = with(with(profile_schema({}, units.weapons), entry_common), {
    { "upgrade", is_table }, { "min", is_int(1, 1000) }, { "max", is_int(1, 1000) }, { "mount", is_table },
    { "self_led", is_bool }, { "crew", is_bool },
  }),
  character = with(with(profile_schema({}, units.weapons), entry_common), {
    { "role", is_enum(units.roles), required = true }, { "mount", is_table },
  }),
  machine = with(with(profile_schema({ quality = true, type = true, bad_light = true }, machine_weapons), entry_common), {
    { "min", is_int(1, 100), required = true }, { "max", is_int(1, 100), required = true },
    { "crew", is_text, required = true }, { "crew_min", is_int(0, 100), required = true },
    { "crew_max", is_int(0, 100), required = true }, { "alternate", is_table },
    { "talisman", is_enum({ "sacred_item" }) },
  }),
}

local alternate_schema = with({ { "label", is_text, required = true } },
  profile_schema({ quality = true, type = true, strength = true, resilience = true, worth = true, armour = true,
    shield = true, weapon = true, movement = true, save = true, terrible = true, bad_light = true }, machine_weapons))

-- `race`: the race of every entry that names none (a list of one race; docs/armies.md).
local list_header_schema = { { "name", is_text, required = true }, { "race", is_name }, { "note", is_text } }

-- The field names an entry of `kind` may carry (what `sourced` may name).
local function entry_field_names(kind)
  local names = {}
  for _, f in ipairs(entry_schemas[kind]) do names[#names + 1] = f[1] end
  return names
end

-- Checks one entry after its fields: upgrades, ranges, provenance, hero worth.
local function check_entry(e, err, rule_err)
  if e.min and e.max and e.min > e.max then err(string.format("min %d is more than max %d", e.min, e.max)) end
  if e.kind == "troop" and not e.crew and (e.min == nil or e.max == nil) then
    err("a troop that is not a crew needs min and max (figures per unit)")
  end
  if e.kind == "troop" and e.crew and (e.min ~= nil or e.max ~= nil) then
    err("a crew troop takes its numbers from its machine's crew_min and crew_max, not min and max")
  end
  if e.kind == "machine" and type(e.crew_min) == "number" and type(e.crew_max) == "number" and e.crew_min > e.crew_max then
    err(string.format("crew_min %d is more than crew_max %d", e.crew_min, e.crew_max))
  end
  if type(e.upgrade) == "table" then
    local steps = data.quality_steps.rows
    for k, v in pairs(e.upgrade) do
      local to, from = steps[k], steps[e.quality]
      if not to then
        err(string.format("upgrade: %s is not a quality of the upgrade ladder (%s)", core.show(k),
          "poor, average, veteran, elite"))
      elseif not from then
        rule_err("quality_upgrade", string.format("upgrade to %s: %s troops have no quality upgrade", k, tostring(e.quality)))
      elseif to.value <= from.value then
        rule_err("quality_upgrade", string.format("upgrade to %s: not above %s", k, e.quality))
      elseif to.value - from.value > limit("upgrade_steps") then
        rule_err("quality_upgrade", string.format("upgrade to %s: %d steps above %s (an upgrade is one step only)", k,
          to.value - from.value, e.quality))
      end
      local why = is_int(0, 1000)(v)
      if why then err("upgrade." .. core.cut(tostring(k)) .. ": " .. why) end
    end
  end
  if type(e.mount) == "table" then
    check_fields(e.mount, mount_schema, function(m) err("mount: " .. m) end)
  end
  if type(e.alternate) == "table" then
    check_fields(e.alternate, alternate_schema, function(m) err("alternate: " .. m) end)
  end
  if type(e.sourced) == "table" then
    local names = entry_field_names(e.kind)
    local allowed = {}
    for _, n in ipairs(names) do allowed[n] = true end
    for k, v in pairs(e.sourced) do
      if not allowed[k] then err(string.format("sourced: '%s' is not a field of a %s%s", core.cut(tostring(k)), e.kind, suggest(k, names)))
      elseif type(v) ~= "string" or v == "" then err("sourced." .. k .. ": where the figure comes from (text) expected") end
    end
  end
  local from_source = type(e.sourced) == "table" and e.sourced.points ~= nil
  if e.provenance == "reconstructed" and from_source then
    err("provenance: \"reconstructed\" but sourced.points says the points come from a source")
  elseif (e.provenance == "book" or e.provenance == "house_rules") and not from_source then
    err("provenance: " .. core.show(e.provenance) .. " needs sourced.points (where the points are printed)")
  end
  if e.house_rule ~= nil and type(e.house_rule) == "string" and not e.house_rule:match("^HR%-%d+$") then
    err("house_rule: " .. core.show(e.house_rule) .. " is not a house rule number (HR-1 ... HR-12)")
  end
  if e.role == "hero" and type(e.worth) == "number" and e.worth < limit("hero_worth") then
    rule_err("hero_worth", string.format("a hero has worth %d at least, this one %d", limit("hero_worth"), e.worth))
  end
end

local list_cache = {}

--- Loads an army list, checks it and returns it: {id, file, name, race, note, entries = {[id] =
--- entry}, order = {ids}, errors}; each entry's `race` is its own, else the list's. `id` is a
--- bundled list's id ("orcs": scripts/armies/fantasy_warriors/orcs.lua) or the path of a list
--- file under the Muster root ("clubs/ours/orcs.lua"). `errors` holds the list's own
--- violations (file:line in the list file); entries with bad fields are still present. Each
--- list is loaded once per runtime.
---@param id string
---@return table list
function M.load_list(id)
  if list_cache[id] then return list_cache[id] end
  local file = id:match("%.lua$") and id or (M.list_folder() .. "/" .. id .. ".lua")
  local report = new_report()
  local list = { id = id, file = file, entries = {}, order = {}, errors = report.errors }
  local c = new_collector(file)
  local words = { list = direct(c, "list"), troop = curried(c, "troop"), character = curried(c, "character"),
    machine = curried(c, "machine") }
  local failure = run_data(muster.script.get_file(file), file, words, "an army list")
  if failure then
    add_error(report, failure.file, failure.line, "format", failure.message)
    list.failed = true
  end
  local headers = 0
  for _, rec in ipairs(c.records) do
    local function err(message) add_error(report, rec.file, rec.line, "format", label(rec) .. ": " .. message) end
    local function rule_err(rule_id, message) add_error(report, rec.file, rec.line, rule_id, label(rec) .. ": " .. message) end
    if rec.kind == "list" then
      headers = headers + 1
      if headers > 1 then
        add_error(report, rec.file, rec.line, "format", "a second list { ... }: one per file")
      elseif type(rec.fields) ~= "table" then
        add_error(report, rec.file, rec.line, "format", "list: write list { name = \"...\" }")
      else
        check_fields(rec.fields, list_header_schema,
          function(m) add_error(report, rec.file, rec.line, "format", "list: " .. m) end)
        list.name, list.note, list.race = rec.fields.name, rec.fields.note, rec.fields.race
      end
    elseif rec.missing_arg then
      err(string.format("an entry needs its id: %s \"id\" { ... }", rec.kind))
    elseif type(rec.arg) ~= "string" or not rec.arg:match("^[a-z][a-z0-9_]*$") then
      err(string.format("entry id %s: lower-case letters, digits and '_', starting with a letter", core.show(rec.arg)))
    elseif type(rec.fields) ~= "table" then
      err(rec.fields == nil and string.format("no { ... } after %s %s", rec.kind, core.show(rec.arg))
        or string.format("%s %s takes a table of fields, got %s", rec.kind, core.show(rec.arg), core.show(rec.fields)))
    elseif list.entries[rec.arg] then
      local first = list.entries[rec.arg]
      err(string.format("id %s is taken (line %d)", core.show(rec.arg), first.line))
    else
      local e = { id = rec.arg, kind = rec.kind, file = rec.file, line = rec.line }
      for k, v in pairs(rec.fields) do e[k] = v end
      check_fields(rec.fields, entry_schemas[rec.kind], err)
      check_entry(e, err, rule_err)
      list.entries[e.id] = e
      list.order[#list.order + 1] = e.id
    end
  end
  if headers == 0 and not list.failed then
    add_error(report, file, 0, "format", "no list { name = \"...\" } in the file")
  end
  -- Machines name their crew troop.
  for _, id2 in ipairs(list.order) do
    local e = list.entries[id2]
    if e.kind == "machine" and type(e.crew) == "string" then
      local crew = list.entries[e.crew]
      if not crew or crew.kind ~= "troop" or not crew.crew then
        add_error(report, e.file, e.line, "format", string.format(
          "%s: crew %s is not a crew troop of this list (troop %s { crew = true, ... })",
          label({ kind = "machine", arg = e.id, fields = e }), core.show(e.crew), core.show(e.crew)))
      end
    end
  end
  list.name = list.name or id
  -- Each entry's race: its own, else the list's (a bad one is reported above and dropped).
  for _, id2 in ipairs(list.order) do
    local e = list.entries[id2]
    if keywords.name_problem(e.race) then e.race = nil end
    if e.race == nil and not keywords.name_problem(list.race) then e.race = list.race end
  end
  finish_errors(report)
  list_cache[id] = list
  return list
end

--- Forgets the loaded lists (the next load_list reads the files again).
---@return nil
function M.clear_lists()
  list_cache = {}
end

--- Where the bundled army lists live, relative to the Muster root.
---@return string folder "scripts/armies/fantasy_warriors"
function M.list_folder()
  return "scripts/armies/" .. core.ruleset
end

--- The points the project's reconstruction costing gives a list entry (see the
--- reconstruction_costing table). Only tests and list authors use it.
---@param entry table a list entry
---@return integer points
function M.reconstructed_points(entry)
  local c = data.reconstruction_costing.rows
  local function v(key) return c[key].value end
  local function body(p, with_armour)
    local s = (p.quality and v("quality")[p.quality] or 0) + (p.type and v("type")[p.type] or 0)
      + v("strength") * (p.strength or 0) + v("resilience") * -(p.resilience or 0) + (v("weapon")[p.weapon] or 0)
    if with_armour then
      local mv = v("movement")
      s = s + v("armour")[p.armour or "none"] + (p.shield and v("shield") or 0)
      if (p.movement or 0) > 0 then s = s + math.floor((p.movement - mv.base) / mv.per) end
      if p.bad_light == "day" or p.bad_light == "night" then s = s + v("bad_light") end
    end
    return s
  end
  local total = body(entry, true) * math.max(entry.worth, 1)
  if entry.save then total = total + v("save")[entry.save] end
  if entry.terrible then total = total + v("terrible") end
  if entry.role then total = total + v("role")[entry.role] end
  if type(entry.mount) == "table" then total = total + body(entry.mount, false) * math.max(entry.mount.worth, 1) end
  return math.max(total, v("minimum"))
end

-- ---------------------------------------------------------------------------------------
-- Armies: loading and resolving against the list
-- ---------------------------------------------------------------------------------------

local count_check = function(v)
  if v == true or v == false then return nil end
  return is_int(0, 100)(v)
end

local army_schemas = {
  army = { { "list", is_text, required = true }, { "points", is_int(1, 100000), required = true },
    { "house_rules", is_table }, { "note", is_text } },
  command = { { "note", is_text } },
  unit = { { "name", is_text }, { "figures", is_int(1, 1000), required = true }, { "leader", is_bool },
    { "champion", count_check }, { "standard", count_check }, { "musicians", is_int(0, 1000) },
    { "quality", is_enum(units.qualities) }, { "beloved", is_enum(M.specials) }, { "note", is_text } },
  machine = { { "name", is_text }, { "pieces", is_int(1, 100), required = true }, { "crew", is_int(0, 100), required = true },
    { "leader", is_bool }, { "champion", count_check }, { "standard", count_check }, { "musicians", is_int(0, 100) },
    { "beloved", is_enum(M.specials) }, { "sacred", is_bool }, { "note", is_text } },
  -- leadership and magic are checked by their rules (leadership, magic_power), not as format
  warchief = { { "name", is_text }, { "leadership", is_any }, { "magic", is_any }, { "beloved", is_bool },
    { "note", is_text } },
  battle_leader = { { "name", is_text }, { "leadership", is_any }, { "magic", is_any }, { "beloved", is_bool },
    { "note", is_text } },
  individual = { { "name", is_text }, { "leadership", is_any }, { "magic", is_any }, { "beloved", is_bool },
    { "note", is_text } },
  talisman = { { "name", is_text }, { "note", is_text } },
}

local army_words = { "army", "command", "warchief", "battle_leader", "individual", "unit", "machine", "talisman" }

-- Which entry kind each army constructor takes from the list.
local entry_kind_of = { unit = "troop", machine = "machine", warchief = "character", battle_leader = "character",
  individual = "character" }

local function as_count(v)
  if v == true then return 1 end
  if v == false or v == nil then return 0 end
  return v
end

-- Resolves the army's records against its list into the model the rules and points read:
-- {name, file, line, rec, list, points_limit, house_rules = {[name] = true}, characters,
--  commands, units, talismans}.
local function resolve(c, report)
  local armies = {}
  for _, rec in ipairs(c.records) do
    if rec.kind == "army" then armies[#armies + 1] = rec end
  end
  if #armies == 0 then
    add_error(report, c.file, 0, "format", "no army: write army \"Name\" { list = \"...\", points = 1000, ... }")
    return nil
  end
  for i = 2, #armies do
    add_error(report, armies[i].file, armies[i].line, "format", "a second army in one file (one army per file)")
  end
  local arec = armies[1]
  local function err(rec, message) add_error(report, rec.file, rec.line, "format", label(rec) .. ": " .. message) end
  if arec.missing_arg or type(arec.arg) ~= "string" then
    err(arec, "an army needs its name: army \"Name\" { ... }")
  end
  if type(arec.fields) ~= "table" then
    err(arec, "no { ... } after the army's name")
    return nil
  end
  check_fields(arec.fields, army_schemas.army, function(m) err(arec, m) end, true)
  local army = { name = type(arec.arg) == "string" and arec.arg or "?", file = arec.file, line = arec.line, rec = arec,
    points_limit = arec.fields.points, house_rules = {}, characters = {}, commands = {}, units = {}, talismans = {},
    elements = {} }
  if type(arec.fields.house_rules) == "table" then
    for i, hr in ipairs(arec.fields.house_rules) do
      if type(hr) ~= "string" or not hr:match("^HR%-%d+$") then
        err(arec, string.format("house_rules[%d]: %s is not a house rule number (HR-1 ... HR-12)", i, core.show(hr)))
      else
        army.house_rules[hr] = true
      end
    end
  end

  -- The list.
  local list_id = arec.fields.list
  if type(list_id) ~= "string" then return army end
  if not list_id:match("^[a-z][a-z0-9_]*$") and not list_id:match("%.lua$") then
    err(arec, "list: " .. core.show(list_id) .. " is neither a list id (lower-case letters, digits and '_') nor a .lua path")
    return army
  end
  local ok, list = pcall(M.load_list, list_id)
  if not ok then
    err(arec, string.format("list: no army list %s%s (%s)", core.show(list_id), suggest(list_id, M.list_ids),
      (tostring(list):gsub("^.-muster%.script%.get_file: ", ""))))
    return army
  end
  army.list = list
  for _, e in ipairs(list.errors) do report.errors[#report.errors + 1] = e end
  if list.failed then return army end

  -- Walks a container's array part, attaching each record to its parent.
  local used = {}
  local function items(container, allowed, where)
    local out = {}
    local n = 0
    for k in pairs(container.fields) do
      if type(k) == "number" then n = math.max(n, k) end
    end
    for i = 1, n do
      local item = container.fields[i]
      if c.is_record[item] then
        used[item] = true
        if allowed[item.kind] then
          out[#out + 1] = item
        else
          err(item, allowed[item.kind] == false and where[item.kind] or string.format("a %s does not go %s",
            (item.kind:gsub("_", " ")), where.inside))
        end
      elseif type(item) == "function" and c.pending[item] then
        local rec = c.pending[item]
        used[rec] = true
        err(rec, string.format("no { ... } after %s %s", rec.kind, core.show(rec.arg)))
      elseif item == nil then
        -- a hole: nothing to check
      else
        err(container, string.format("item %d is a %s, not a constructor (%s)", i, type(item), join(army_words)))
      end
    end
    return out
  end

  -- A character, unit or machine record resolved against the list.
  local function entry_of(rec)
    if rec.missing_arg or type(rec.arg) ~= "string" then
      err(rec, string.format("needs the list entry: %s \"entry_id\" { ... }", rec.kind))
      return nil
    end
    local e = list.entries[rec.arg]
    local want = entry_kind_of[rec.kind]
    if not e then
      local names = {}
      for _, id in ipairs(list.order) do
        if list.entries[id].kind == want then names[#names + 1] = id end
      end
      err(rec, string.format("no %s %s in list %s%s", want, core.show(rec.arg), list.id, suggest(rec.arg, names)))
      return nil
    end
    if e.kind ~= want then
      err(rec, string.format("%s is a %s of list %s, not a %s", core.show(rec.arg), e.kind, list.id, want))
      return nil
    end
    if rec.kind == "warchief" or rec.kind == "battle_leader" then
      if e.role ~= rec.kind then
        add_error(report, rec.file, rec.line, rec.kind == "warchief" and "one_warchief" or "command_leader",
          label(rec) .. string.format(": %s is a %s, not a %s", core.show(rec.arg), (tostring(e.role):gsub("_", " ")),
            (rec.kind:gsub("_", " "))))
        return nil
      end
    elseif rec.kind == "individual" and (e.role == "warchief" or e.role == "battle_leader") then
      err(rec, string.format("%s is a %s: write %s %s { ... }", core.show(rec.arg), (e.role:gsub("_", " ")), e.role,
        core.show(rec.arg)))
      return nil
    end
    return e
  end

  local function fields_ok(rec)
    if type(rec.fields) ~= "table" then
      err(rec, rec.fields == nil and "no { ... }" or ("takes a table of fields, got " .. core.show(rec.fields)))
      return false
    end
    check_fields(rec.fields, army_schemas[rec.kind], function(m) err(rec, m) end)
    return true
  end

  local function add_character(rec, command)
    if not fields_ok(rec) then return end
    local e = entry_of(rec)
    if not e then return end
    local f = rec.fields
    local ch = { rec = rec, entry = e, role = e.role, name = f.name or e.name, leadership = f.leadership,
      magic = f.magic, beloved = f.beloved == true, command = command, file = rec.file, line = rec.line }
    army.characters[#army.characters + 1] = ch
    army.elements[#army.elements + 1] = ch
    return ch
  end

  local function add_unit(rec, command)
    if not fields_ok(rec) then return end
    local e = entry_of(rec)
    if not e then return end
    local f = rec.fields
    local u = { rec = rec, entry = e, machine = rec.kind == "machine", name = f.name or e.name, command = command,
      figures = f.figures, pieces = f.pieces, crew = f.crew, leader = f.leader == true,
      champions = as_count(f.champion), standards = as_count(f.standard), musicians = f.musicians or 0,
      quality = f.quality, beloved = f.beloved, sacred = f.sacred == true, file = rec.file, line = rec.line }
    if u.machine then
      u.crew_entry = list.entries[e.crew]
      u.figures = f.crew  -- the crew are the unit's figures (and its specials)
    elseif e.crew then
      err(rec, string.format("%s crews a machine: take it in machine \"...\" { crew = n }", core.show(rec.arg)))
      return
    end
    if type(u.figures) ~= "number" or type(u.champions) ~= "number" or type(u.standards) ~= "number"
      or type(u.musicians) ~= "number" then
      return  -- reported by the field checks
    end
    army.units[#army.units + 1] = u
    army.elements[#army.elements + 1] = u
    if command then command.units[#command.units + 1] = u end
  end

  local top = items(arec, { warchief = true, individual = true, command = true, talisman = true,
    battle_leader = false, unit = false, machine = false }, {
      inside = "in an army", battle_leader = "a battle leader heads a command: put him inside command \"...\" { ... }",
      unit = "a unit belongs to a command: put it inside command \"...\" { ... }",
      machine = "a machine belongs to a command: put it inside command \"...\" { ... }" })
  for _, rec in ipairs(top) do
    if rec.kind == "warchief" or rec.kind == "individual" then
      add_character(rec, nil)
    elseif rec.kind == "talisman" then
      if fields_ok(rec) then
        if rec.arg == "beloved_personage" then
          err(rec, "a beloved personage is a figure: write beloved = true on it (beloved = \"leader\" for a unit's special)")
        elseif rec.arg ~= "army_standard" and rec.arg ~= "sacred_item" then
          err(rec, string.format("%s is not a talisman (army_standard, sacred_item)%s", core.show(rec.arg),
            suggest(rec.arg, { "army_standard", "sacred_item" })))
        else
          local t = { kind = rec.arg, name = rec.fields.name, rec = rec, file = rec.file, line = rec.line }
          army.talismans[#army.talismans + 1] = t
          army.elements[#army.elements + 1] = t
        end
      end
    elseif rec.kind == "command" then
      if type(rec.arg) ~= "string" then err(rec, "a command needs its name: command \"Name\" { ... }") end
      if type(rec.fields) ~= "table" then
        err(rec, "no { ... } after the command's name")
      else
        check_fields(rec.fields, army_schemas.command, function(m) err(rec, m) end, true)
        local cmd = { name = type(rec.arg) == "string" and rec.arg or "?", rec = rec, file = rec.file, line = rec.line,
          units = {}, characters = {} }
        army.commands[#army.commands + 1] = cmd
        local inner = items(rec, { warchief = true, battle_leader = true, individual = true, unit = true,
          machine = true, command = false, talisman = false }, { inside = "in a command",
            command = "a command does not hold another command", talisman = "talismans belong to the army, not to a command" })
        for _, r in ipairs(inner) do
          if r.kind == "unit" or r.kind == "machine" then
            cmd.written_units = (cmd.written_units or 0) + 1
            add_unit(r, cmd)
          else
            local ch = add_character(r, cmd)
            if ch then cmd.characters[#cmd.characters + 1] = ch end
          end
        end
      end
    end
  end

  -- Records made but never put into the army.
  for _, rec in ipairs(c.records) do
    if rec ~= arec and rec.kind ~= "army" and not used[rec] then
      err(rec, "is not inside the army (write it inside army \"...\" { ... } or a command)")
    end
  end
  return army
end

-- Who each command's commander is, and whom each herald and banner bearer serves.
local function link(army)
  army.warchiefs, army.commanders = {}, {}
  for _, ch in ipairs(army.characters) do
    if ch.role == "warchief" then army.warchiefs[#army.warchiefs + 1] = ch end
  end
  for _, cmd in ipairs(army.commands) do
    cmd.commanders = {}
    for _, ch in ipairs(cmd.characters) do
      if ch.role == "warchief" or ch.role == "battle_leader" then cmd.commanders[#cmd.commanders + 1] = ch end
    end
    army.commanders[#army.commanders + 1] = cmd.commanders[1]
  end
  for _, ch in ipairs(army.characters) do
    if ch.role == "herald" or ch.role == "banner_bearer" then
      if ch.command then ch.serves = ch.command.commanders[1] else ch.serves = army.warchiefs[1] end
    end
  end
end

-- ---------------------------------------------------------------------------------------
-- The composition rules (pp.7, 40-47)
-- ---------------------------------------------------------------------------------------

local function rule_list(defs)
  for _, r in ipairs(defs) do
    r.source = core.ruleset
    M.rules[#M.rules + 1] = r
  end
end

local function special_names(u)
  local names = {}
  if u.leader then names[#names + 1] = "leader" end
  if u.champions > 0 then names[#names + 1] = u.champions == 1 and "champion" or (u.champions .. " champions") end
  if u.musicians > 0 then names[#names + 1] = u.musicians == 1 and "musician" or (u.musicians .. " musicians") end
  if u.standards > 0 then
    names[#names + 1] = u.standards == 1 and "standard bearer" or (u.standards .. " standard bearers")
  end
  return names
end

local function specials_count(u)
  return (u.leader and 1 or 0) + u.champions + u.musicians + u.standards
end

rule_list({
  { id = "format", text = "the army and army-list file formats (docs/armies.md)" },
  { id = "hero_worth", page = 40, text = "every hero has a worth of 5 or more (checked in the lists)" },
  { id = "one_warchief", page = 7, text = "an army has exactly one warchief",
    check = function(army, add)
      if #army.warchiefs == 0 then add(army, "the army has no warchief") end
      for i = limit("warchiefs") + 1, #army.warchiefs do
        add(army.warchiefs[i], string.format("a second warchief (an army has %d)", limit("warchiefs")))
      end
    end },
  { id = "command_leader", page = 7, text = "every command is headed by one battle leader, or by the warchief",
    check = function(army, add)
      for _, cmd in ipairs(army.commands) do
        if #cmd.commanders == 0 then
          add(cmd, "has no battle leader (put battle_leader \"...\" { ... } in it, or the warchief for his own command)")
        end
        for i = 2, #cmd.commanders do
          add(cmd.commanders[i], string.format("command %s already has a commander (%s)", core.show(cmd.name),
            cmd.commanders[1].name))
        end
      end
    end },
  { id = "command_units", page = 7, text = "an army has one or more commands, and a command one or more units",
    check = function(army, add)
      if #army.commands == 0 then add(army, "the army has no command (units fight in commands)") end
      for _, cmd in ipairs(army.commands) do
        if (cmd.written_units or 0) == 0 then add(cmd, "has no units") end
      end
    end },
  { id = "unit_leader", page = 7,
    text = "every unit has a leader at the start of the battle (a large creature alone has it in its profile)",
    check = function(army, add)
      for _, u in ipairs(army.units) do
        if not u.leader and not (u.entry.self_led and u.figures == 1) then
          add(u, "has no leader (leader = true)" .. (u.entry.self_led and ": only a lone creature leads itself" or ""))
        end
      end
    end },
  { id = "one_champion", page = 7, text = "a unit has at most one champion",
    check = function(army, add)
      for _, u in ipairs(army.units) do
        if u.champions > limit("champions_per_unit") then
          add(u, string.format("%d champions: at most %d per unit", u.champions, limit("champions_per_unit")))
        end
      end
    end },
  { id = "one_standard", page = 7, text = "a unit has at most one standard bearer",
    check = function(army, add)
      for _, u in ipairs(army.units) do
        if u.standards > limit("standard_bearers_per_unit") then
          add(u, string.format("%d standard bearers: at most %d per unit", u.standards, limit("standard_bearers_per_unit")))
        end
      end
    end },
  { id = "specials_in_unit", page = 7, text = "specials are members of their unit: no more specials than figures",
    check = function(army, add)
      for _, u in ipairs(army.units) do
        local n = specials_count(u)
        if n > u.figures then
          add(u, string.format("%d specials (%s) but %d %s", n, join(special_names(u)), u.figures,
            u.machine and plural(u.figures, "crew figure") or plural(u.figures, "figure")))
        end
        if u.beloved then
          local have = { leader = u.leader, champion = u.champions > 0, musician = u.musicians > 0,
            standard_bearer = u.standards > 0 }
          if not have[u.beloved] then
            add(u, string.format("beloved = %s but the unit has no %s", core.show(u.beloved), (u.beloved:gsub("_", " "))))
          end
        end
      end
    end },
  { id = "unit_size", page = 47, text = "a unit has between the list's MIN and MAX figures (machines: pieces)",
    check = function(army, add)
      for _, u in ipairs(army.units) do
        local n, what = u.figures, "figures"
        if u.machine then n, what = u.pieces, "pieces" end
        if n < u.entry.min or n > u.entry.max then
          add(u, string.format("%d %s: list %s allows %d..%d", n, what, army.list.id, u.entry.min, u.entry.max))
        end
      end
    end },
  { id = "machine_crew", page = 47, text = "a war machine has between the list's least and most crew per piece",
    check = function(army, add)
      for _, u in ipairs(army.units) do
        local e = u.entry
        if u.machine and (u.crew < e.crew_min * u.pieces or u.crew > e.crew_max * u.pieces) then
          add(u, string.format("%d crew for %d %s: list %s allows %d..%d per piece", u.crew, u.pieces,
            plural(u.pieces, "piece"), army.list.id, e.crew_min, e.crew_max))
        end
      end
    end },
  { id = "quality_upgrade", page = 47, text = "quality is upgraded one step at most, as the army list offers",
    check = function(army, add)
      local steps = data.quality_steps.rows
      for _, u in ipairs(army.units) do
        local e = u.entry
        if u.quality ~= nil and u.quality ~= e.quality then
          local to, from = steps[u.quality], steps[e.quality]
          if not from or not to then
            add(u, string.format("%s troops cannot become %s (no upgrade off the ladder poor, average, veteran, elite)",
              tostring(e.quality), u.quality))
          elseif to.value < from.value then
            add(u, string.format("quality %s is below the list's %s (no downgrades)", u.quality, e.quality))
          elseif to.value - from.value > limit("upgrade_steps") then
            add(u, string.format("%s to %s is %d steps: an upgrade is one step only", e.quality, u.quality,
              to.value - from.value))
          elseif not (type(e.upgrade) == "table" and e.upgrade[u.quality]) then
            add(u, string.format("list %s offers no upgrade of %s to %s", army.list.id, e.id, u.quality))
          end
        end
      end
    end },
  { id = "leadership", page = 47, text = "warchiefs and battle leaders have a leadership of 0 to 5; nobody else has one",
    check = function(army, add)
      local costs = data.leadership_costs.rows
      for _, ch in ipairs(army.characters) do
        local leads = ch.role == "warchief" or ch.role == "battle_leader"
        if leads and ch.leadership == nil then
          add(ch, "needs its leadership (leadership = 0 to 5)")
        elseif leads and (type(ch.leadership) ~= "number" or not costs[ch.leadership]) then
          add(ch, string.format("leadership %s: a whole number 0 to 5", core.show(ch.leadership)))
        elseif not leads and ch.leadership ~= nil then
          add(ch, "only warchiefs and battle leaders have a leadership")
        end
      end
    end },
  { id = "magic_power", page = 47, text = "a wizard starts with 15 magic power points or more; only wizards have magic power",
    check = function(army, add)
      for _, ch in ipairs(army.characters) do
        if ch.role == "wizard" then
          if ch.magic == nil then
            add(ch, string.format("needs its magic power (magic = %d or more)", limit("magic_power_min")))
          elseif type(ch.magic) ~= "number" or ch.magic ~= math.floor(ch.magic) or ch.magic < limit("magic_power_min") then
            add(ch, string.format("magic %s: a wizard starts with %d magic power points or more", core.show(ch.magic),
              limit("magic_power_min")))
          end
        elseif ch.magic ~= nil then
          add(ch, "only wizards have magic power")
        end
      end
    end },
  { id = "heroes", page = 40, text = "at most one hero per 500 points of army",
    check = function(army, add)
      if type(army.points_limit) ~= "number" then return end
      local allowed = math.floor(army.points_limit / limit("points_per_hero"))
      local n = 0
      for _, ch in ipairs(army.characters) do
        if ch.role == "hero" then
          n = n + 1
          if n > allowed then
            add(ch, string.format("hero %d of a %d-point army: at most %d (one per %d points)", n, army.points_limit,
              allowed, limit("points_per_hero")))
          end
        end
      end
    end },
  { id = "soothsayers", page = 41, text = "at most two soothsayers in an army",
    check = function(army, add)
      local n = 0
      for _, ch in ipairs(army.characters) do
        if ch.role == "soothsayer" then
          n = n + 1
          if n > limit("soothsayers") then
            add(ch, string.format("soothsayer %d: at most %d per army", n, limit("soothsayers")))
          end
        end
      end
    end },
  { id = "heralds", page = 41, text = "at most two heralds per warchief or battle leader",
    check = function(army, add)
      local seen = {}
      for _, ch in ipairs(army.characters) do
        if ch.role == "herald" and ch.serves then
          seen[ch.serves] = (seen[ch.serves] or 0) + 1
          if seen[ch.serves] > limit("heralds_per_leader") then
            add(ch, string.format("herald %d of %s: at most %d per warchief or battle leader", seen[ch.serves],
              ch.serves.name, limit("heralds_per_leader")))
          end
        elseif ch.role == "herald" then
          add(ch, "serves nobody: its command has no commander")
        end
      end
    end },
  { id = "banner_bearers", page = 41, text = "at most one banner bearer per warchief or battle leader",
    check = function(army, add)
      local seen = {}
      for _, ch in ipairs(army.characters) do
        if ch.role == "banner_bearer" and ch.serves then
          seen[ch.serves] = (seen[ch.serves] or 0) + 1
          if seen[ch.serves] > limit("banner_bearers_per_leader") then
            add(ch, string.format("banner bearer %d of %s: at most %d per warchief or battle leader", seen[ch.serves],
              ch.serves.name, limit("banner_bearers_per_leader")))
          end
        elseif ch.role == "banner_bearer" then
          add(ch, "serves nobody: its command has no commander")
        end
      end
    end },
  { id = "individuals_placement", page = 40,
    text = "individuals move with the warchief: only heralds and banner bearers belong to a command",
    check = function(army, add)
      for _, ch in ipairs(army.characters) do
        if ch.command and ch.role ~= "herald" and ch.role ~= "banner_bearer" and ch.role ~= "warchief"
          and ch.role ~= "battle_leader" then
          add(ch, string.format("a %s belongs to the army, not to command %s", (ch.role:gsub("_", " ")),
            core.show(ch.command.name)))
        end
      end
    end },
  { id = "talismans", page = 46, text = "at most one talisman of each kind: army standard, beloved personage, sacred item",
    check = function(army, add)
      local seen = {}
      for _, kind in ipairs(M.talismans) do seen[kind] = 0 end
      local function count(kind, what)
        seen[kind] = seen[kind] + 1
        if seen[kind] > limit("talismans_per_kind") then
          add(what, string.format("a second %s: at most %d per army", (kind:gsub("_", " ")), limit("talismans_per_kind")))
        end
      end
      for _, el in ipairs(army.elements) do
        if el.kind == "army_standard" or el.kind == "sacred_item" then count(el.kind, el) end
        if el.beloved then count("beloved_personage", el) end
        if el.machine and (el.sacred or el.entry.talisman == "sacred_item") then count("sacred_item", el) end
      end
    end },
  { id = "list_limit", page = 47, text = "no more of an entry than its list's per-army maximum",
    check = function(army, add)
      local seen = {}
      for _, el in ipairs(army.elements) do
        local e = el.entry
        if e and e.max_per_army then
          seen[e] = (seen[e] or 0) + 1
          if seen[e] == e.max_per_army + 1 then
            add(el, string.format("list %s allows %d %s per army", army.list.id, e.max_per_army, e.name))
          end
        end
      end
    end },
  { id = "house_rule", text = "an entry from a house rule needs the army to play that house rule (house_rules = {...})",
    check = function(army, add)
      for _, el in ipairs(army.elements) do
        local hr = el.entry and el.entry.house_rule
        if hr and not army.house_rules[hr] then
          add(el, string.format("%s comes from house rule %s: add house_rules = {\"%s\"} to the army", el.entry.name, hr, hr))
        end
      end
    end },
  { id = "points_limit", page = 47, text = "the army costs no more than the points agreed",
    check = function(army, add)
      if type(army.points_limit) == "number" and army.total > army.points_limit then
        add(army, string.format("costs %d points, %d over the %d agreed", army.total, army.total - army.points_limit,
          army.points_limit))
      end
    end },
})

-- ---------------------------------------------------------------------------------------
-- Points (p.47)
-- ---------------------------------------------------------------------------------------

-- The points of one element: {points, parts = { {text, points}, ... }}.
local function price(el)
  local parts = {}
  local function part(text, points) parts[#parts + 1] = { text = text, points = points } end
  local e = el.entry
  if el.kind == "army_standard" or el.kind == "sacred_item" then
    part((el.kind:gsub("_", " ")), cost(el.kind))
  elseif el.role then
    part(e.name, e.points)
    if (el.role == "warchief" or el.role == "battle_leader") and type(el.leadership) == "number" then
      local row = data.leadership_costs.rows[el.leadership]
      if row then part("leadership " .. el.leadership, row.value) end
    end
    if el.role == "wizard" and type(el.magic) == "number" and el.magic > 0 then
      part(string.format("%d magic power x %d", el.magic, cost("magic_power")), el.magic * cost("magic_power"))
    end
    if el.beloved then part("beloved personage", cost("beloved_personage")) end
  else
    if el.machine then
      part(string.format("%d %s x %d", el.pieces, e.name, e.points), el.pieces * e.points)
      local crew = el.crew_entry
      if crew and el.crew > 0 then
        part(string.format("%d %s x %d", el.crew, crew.name, crew.points), el.crew * crew.points)
      end
      if el.sacred and e.talisman ~= "sacred_item" then part("sacred item", cost("sacred_item")) end
    else
      part(string.format("%d %s x %d", el.figures, e.name, e.points), el.figures * e.points)
      local up = el.quality and el.quality ~= e.quality and type(e.upgrade) == "table" and e.upgrade[el.quality]
      if up then part(string.format("%s %d x %d", el.quality, el.figures, up), el.figures * up) end
    end
    local n = specials_count(el)
    if n > 0 then
      part(string.format("%d %s x %d (%s)", n, plural(n, "special"), cost("special"), join(special_names(el))),
        n * cost("special"))
    end
    if el.beloved then part("beloved personage", cost("beloved_personage")) end
  end
  local total = 0
  for _, p in ipairs(parts) do total = total + p.points end
  return total, parts
end

-- What a points line calls an element.
local function item_label(el)
  if el.kind == "army_standard" or el.kind == "sacred_item" then
    return "talisman " .. (el.kind:gsub("_", " ")) .. (el.name and (" " .. core.show(el.name)) or "")
  end
  local what = el.role and (el.role:gsub("_", " ")) or (el.machine and "machine" or "unit")
  return string.format("%s %s", what, core.show(el.name))
end

local function compute_points(army)
  local lines, total = {}, 0
  for _, el in ipairs(army.elements) do
    local points, parts = price(el)
    lines[#lines + 1] = { file = el.file, line = el.line, item = item_label(el), entry = el.entry and el.entry.id,
      points = points, parts = parts }
    total = total + points
  end
  table.sort(lines, function(a, b)
    if a.file ~= b.file then return a.file < b.file end
    return a.line < b.line
  end)
  return lines, total
end

-- ---------------------------------------------------------------------------------------
-- Procedures
-- ---------------------------------------------------------------------------------------

-- The report and the resolved army model (nil when the file cannot be read as an army).
local function load_army(source)
  local file, text = read_source(source)
  local report = new_report()
  local c = new_collector(file)
  local words = {}
  for _, w in ipairs(army_words) do words[w] = curried(c, w) end
  local failure = run_data(text, file, words, "an army file")
  local army
  if failure then
    add_error(report, failure.file, failure.line, "format", failure.message)
  else
    army = resolve(c, report)
  end
  local out = { file = file, errors = report.errors, lines = {}, total = 0 }
  if army then
    out.name, out.points_limit = army.name, army.points_limit
    if army.list then
      out.list, out.list_file, out.list_name = army.list.id, army.list.file, army.list.name
      link(army)
      out.lines, army.total = compute_points(army)
      out.total = army.total
      for _, r in ipairs(M.rules) do
        if r.check then
          r.check(army, function(what, message)
            local rec = what.rec or what
            add_error(report, rec.file, rec.line, r.id, label(rec) .. ": " .. message)
          end)
        end
      end
    end
  end
  finish_errors(report)
  out.valid = #out.errors == 0
  local n = #out.errors
  if out.valid then
    out.summary = string.format("%s: valid: %d of %s points (army %s, list %s)", file, out.total,
      tostring(out.points_limit), core.show(out.name), tostring(out.list))
  else
    out.summary = string.format("%s: %d %s", file, n, plural(n, "violation"))
  end
  return out, army
end

--- Loads an army file and checks it against its list and the rules; computes its points.
--- `source` is a path under the Muster root ("examples/armies/orcs_1000.lua") or, from a host,
--- {file = name, text = text}. Returns the report:
--- {file, name, list, list_file, points_limit, total, valid, errors = { {file, line, rule, page,
--- message, text} }, lines = { {file, line, item, entry, points, parts = { {text, points} }} },
--- summary}. A bad source raises "input: source: ...".
---@param source string|table
---@return table report
function M.report(source)
  return (load_army(source))
end

--- Checks an army (see report); the same report, for `muster army check`.
M.check = M.report
--- Computes an army's points (see report); the same report, for `muster army points`.
M.points = M.report

-- One line saying why an army failed its check: the count and the first violation.
local function first_violation(report)
  local e = report.errors[1]
  return string.format("%s (first: %s:%d: %s)", report.summary, e.file, e.line, e.message)
end

--- Distributes ammunition and magic power before the battle (page 15): volley counters for
--- every unit or machine whose weapon shoots (the `supplies` table: 6 each, page 21) and magic
--- power counters for every wizard, as many as were bought (page 47). `source` as report();
--- an army that fails its check raises "input: army: ..." naming its first violation.
---@param source string|table
---@return table result {army, file, volleys = { {unit, file, line, weapon, counters, source} },
---  magic = { {wizard, file, line, counters, source} }, unsupplied? = { {unit, file, line, weapon, reason} },
---  charges? = { {unit, file, line, piece, weapon, pieces, charges_each, counters, source} } (a machine a
---  variant's `artillery_pieces` row lets shoot: its charges per piece, artillery.lua),
---  outcome}
function M.supplies(source)
  local report, army = load_army(source)
  if not report.valid then core.fail("army", first_violation(report)) end
  local missile = shooting.data.missile_weapons.rows
  local table_ = units.data.supplies.rows
  local res = core.result("supplies")
  res.army, res.file = army.name, report.file
  res.volleys, res.magic = {}, {}
  local total, charges = 0, 0
  for _, u in ipairs(army.units) do
    local weapon = u.entry.weapon
    -- A machine a variant taught to shoot (artillery.lua's `artillery_pieces` row): its charges.
    local piece = u.machine and artillery.piece(u.entry.id)
    if piece then
      res.charges = res.charges or {}
      res.charges[#res.charges + 1] = { unit = u.name, file = u.file, line = u.line, piece = piece.key, weapon = weapon,
        pieces = u.pieces, charges_each = piece.charges, counters = piece.charges * u.pieces,
        source = artillery.data.pieces:source(piece.key) }
      charges = charges + piece.charges * u.pieces
    elseif table_[weapon] or missile[weapon] then
      local n = units.starting_volleys(weapon)
      res.volleys[#res.volleys + 1] = { unit = u.name, file = u.file, line = u.line, weapon = weapon,
        counters = n, source = units.data.supplies:source(table_[weapon] and weapon or "volleys") }
      total = total + n
    elseif u.machine then
      -- A machine whose weapon the ruleset cannot shoot (a house rule's cannon): the variant
      -- that adds its shooting adds its supplies row.
      res.unsupplied = res.unsupplied or {}
      res.unsupplied[#res.unsupplied + 1] = { unit = u.name, file = u.file, line = u.line, weapon = weapon,
        reason = "the ruleset has no shooting rules for " .. weapon .. " (a variant adding them sets artillery_pieces." ..
          u.entry.id .. " or supplies." .. weapon .. ")" }
    end
  end
  local power = 0
  for _, ch in ipairs(army.characters) do
    if ch.role == "wizard" then
      res.magic[#res.magic + 1] = { wizard = ch.name, file = ch.file, line = ch.line, counters = ch.magic,
        source = core.source_text({ source = core.ruleset, page = 47 }) }
      power = power + ch.magic
    end
  end
  res.outcome = string.format("%d %s (%d volley counters), %d %s (%d magic power)", #res.volleys,
    plural(#res.volleys, "missile unit"), total, #res.magic, plural(#res.magic, "wizard"), power)
  if res.charges then
    res.outcome = res.outcome .. string.format(", %d %s (%d %s)", #res.charges, plural(#res.charges, "artillery unit"),
      charges, plural(charges, "charge"))
  end
  return res
end

--- The unit-description profile of a list entry: its name, race (its own or the list's),
--- keywords and profile fields; a troop with a `mount` rides a beast (p.31): `mounted`, and
--- the mount line as its `bottom_profile`. Characters keep their own line only (a mounted
--- character's profile is the combined one).
---@param entry table a list entry (load_list(id).entries[...])
---@return table profile fields of a unit description
function M.profile_of(entry)
  local p = { name = entry.name, race = entry.race }
  if type(entry.keywords) == "table" then
    p.keywords = {}
    for i, kw in ipairs(entry.keywords) do p.keywords[i] = kw end
  end
  for _, k in ipairs(units.profile_fields) do p[k] = entry[k] end
  if entry.kind == "troop" and type(entry.mount) == "table" then
    p.mounted = true
    local b = {}
    for _, k in ipairs(units.profile_fields) do b[k] = entry.mount[k] end
    p.bottom_profile = b
  end
  return p
end

-- An individual's description: the entry's profile, the figure's name, role, leadership.
local function individual_of(ch)
  local d = M.profile_of(ch.entry)
  d.name, d.role = ch.name, ch.role
  if ch.role == "warchief" or ch.role == "battle_leader" then d.leadership = ch.leadership end
  return d
end

-- A unit's description; a machine is `pieces` figures of the machine's profile, with its crew's
-- quality, type and bad light (the list's machine lines leave those to the crew).
local function unit_of(u)
  local d = M.profile_of(u.entry)
  d.name = u.name
  if u.machine then
    local crew = M.profile_of(u.crew_entry)
    for _, k in ipairs({ "quality", "type", "night_type", "bad_light" }) do
      if d[k] == nil then d[k] = crew[k] end
    end
    d.figures = u.pieces
    return d
  end
  d.figures = u.figures
  d.quality = u.quality or d.quality
  d.leader = u.leader
  d.champion = u.champions > 0
  d.standard = u.standards > 0
  d.musicians = u.musicians
  return d
end

--- An army file as the procedures' inputs (the sides of scouting, the units of a command,
--- a leader for the Battle Leader's Test, a wizard for `cast`): `source` as report(); an
--- army that fails its check raises "input: army: ..." naming its first violation.
---@param source string|table
---@return table army {name, list, file, points, warchief, individuals, wizards = { {name, power} },
---  talismans = { {type, name} }, commands = { {name, warchief, leader, leadership, units,
---  individuals, machines = { {unit, crew} }} }} (descriptions as docs/resolve.md §9)
function M.describe(source)
  local report, army = load_army(source)
  if not report.valid then core.fail("army", first_violation(report)) end
  local out = { name = army.name, list = army.list.id, file = report.file, points = report.total,
    individuals = {}, wizards = {}, talismans = {}, commands = {} }
  for _, ch in ipairs(army.characters) do
    if ch.role == "warchief" then out.warchief = individual_of(ch)
    elseif not ch.command then out.individuals[#out.individuals + 1] = individual_of(ch) end
    if ch.role == "wizard" then out.wizards[#out.wizards + 1] = { name = ch.name, power = ch.magic } end
    if ch.beloved then out.talismans[#out.talismans + 1] = { type = "beloved_personage", name = ch.name } end
  end
  for _, t in ipairs(army.talismans) do out.talismans[#out.talismans + 1] = { type = t.kind, name = t.name } end
  for _, u in ipairs(army.units) do
    -- A machine made sacred, or one that is a sacred item by nature (the galloper gun, HR-12).
    if u.sacred or (u.machine and u.entry.talisman == "sacred_item") then
      out.talismans[#out.talismans + 1] = { type = "sacred_item", name = u.name }
    end
    if u.beloved then
      out.talismans[#out.talismans + 1] = { type = "beloved_personage",
        name = string.format("the %s of %s", (tostring(u.beloved):gsub("_", " ")), u.name) }
    end
  end
  for _, cmd in ipairs(army.commands) do
    local leader = cmd.commanders[1]
    local c = { name = cmd.name, warchief = leader.role == "warchief", leader = individual_of(leader),
      leadership = leader.leadership, units = {}, individuals = {}, machines = {} }
    for _, ch in ipairs(cmd.characters) do
      if ch ~= leader then c.individuals[#c.individuals + 1] = individual_of(ch) end
    end
    for _, u in ipairs(cmd.units) do
      c.units[#c.units + 1] = unit_of(u)
      if u.machine then c.machines[#c.machines + 1] = { unit = u.name, crew = u.crew } end
    end
    out.commands[#out.commands + 1] = c
  end
  return out
end

M.procedures = {
  supplies = {
    doc = "distributing ammunition and magic power before the battle: volley counters per missile unit, power counters per wizard, from an army file (p.15, 21, 47)",
    fields = { "army" },
    run = function(input)
      if type(input.army) ~= "string" then
        core.fail("army", "the army file's path under the Muster root expected (\"examples/armies/orcs_1000.lua\")")
      end
      return M.supplies(input.army)
    end,
  },
}

--- Renders a report's points as text: a heading, one line per item (points, file:line, what,
--- how the points add up), and the total. Ends with "\n".
---@param report table from report()
---@return string
function M.fmt(report)
  local out = {}
  if report.list then
    out[#out + 1] = string.format("%s: army %s, list %s (%s), %d points agreed", report.file, core.show(report.name),
      report.list, report.list_file, report.points_limit or 0)
  end
  local width = 0
  for _, l in ipairs(report.lines) do width = math.max(width, #(l.file .. ":" .. l.line)) end
  for _, l in ipairs(report.lines) do
    local parts = {}
    for _, p in ipairs(l.parts) do parts[#parts + 1] = string.format("%s = %d", p.text, p.points) end
    local where = l.file .. ":" .. l.line
    out[#out + 1] = string.format("%5d  %s%s  %s: %s", l.points, where, string.rep(" ", width - #where), l.item,
      join(parts, ", "))
  end
  if report.list then
    local limit_text = ""
    if type(report.points_limit) == "number" then
      local spare = report.points_limit - report.total
      limit_text = string.format(" of %d (%s)", report.points_limit,
        spare >= 0 and (spare .. " to spare") or ((-spare) .. " over"))
    end
    out[#out + 1] = string.format("%5d  total%s", report.total, limit_text)
  end
  return join(out, "\n") .. (#out > 0 and "\n" or "")
end


return M
