--- Fantasy Warriors core: the rule data every procedure reads (modifier lists and result
--- tables, kept as patchable data with a source per entry), the dice helpers that record into
--- a result, and the checking of the plain-table inputs (unit descriptions, situations).
--- No procedure lives here. Deterministic: randomness only through muster.dice.
local M = {}

--- The ruleset's own name as written into every source ("fantasy_warriors").
M.ruleset = "fantasy_warriors"

-- ---------------------------------------------------------------------------------------
-- Input errors: one line naming the field, raised without a location (the field is the
-- location). `muster resolve` prints them as they are.
-- ---------------------------------------------------------------------------------------

--- Raises an input error "input: <path>: <message>".
---@param path string e.g. "attacker.quality"
---@param message string
function M.fail(path, message)
  error("input: " .. path .. ": " .. message, 0)
end

local function join(list)
  return table.concat(list, ", ")
end

--- Checks that value is one of `allowed`; returns it.
---@param value any
---@param allowed string[]
---@param path string
function M.check_enum(value, allowed, path)
  for _, a in ipairs(allowed) do
    if value == a then return value end
  end
  if value == nil then M.fail(path, "missing (one of " .. join(allowed) .. ")") end
  M.fail(path, string.format("%s is not one of %s", M.show(value), join(allowed)))
end

--- Checks an integer within bounds; nil gives `default` when there is one.
function M.check_int(value, path, low, high, default)
  if value == nil and default ~= nil then return default end
  if type(value) ~= "number" or value ~= math.floor(value) then
    M.fail(path, string.format("integer expected, got %s", M.show(value)))
  end
  if (low and value < low) or (high and value > high) then
    M.fail(path, string.format("%d is out of range %s..%s", value, tostring(low or ""), tostring(high or "")))
  end
  return value
end

--- Checks a number within bounds; nil gives `default` when there is one.
function M.check_number(value, path, low, high, default)
  if value == nil and default ~= nil then return default end
  if type(value) ~= "number" then M.fail(path, string.format("number expected, got %s", M.show(value))) end
  if (low and value < low) or (high and value > high) then
    M.fail(path, string.format("%g is out of range %s..%s", value, tostring(low or ""), tostring(high or "")))
  end
  return value
end

--- Checks a boolean; nil gives `default`.
function M.check_bool(value, path, default)
  if value == nil then return default end
  if type(value) ~= "boolean" then M.fail(path, string.format("true or false expected, got %s", M.show(value))) end
  return value
end

--- Checks that a table has only the listed fields (a misspelt field is an error, not a
--- silently ignored rule).
function M.check_fields(t, known, path)
  if type(t) ~= "table" then M.fail(path, "table expected, got " .. type(t)) end
  local set = {}
  for _, k in ipairs(known) do set[k] = true end
  for k in pairs(t) do
    if not set[k] then
      M.fail(path .. "." .. tostring(k), "unknown field (known: " .. join(known) .. ")")
    end
  end
end

--- The index 1..2N of a step of the time dial (page 14), given as "day 1".."day N",
--- "night 1".."night N" or the index itself (N: the `time_dial` table's steps per half,
--- prebattle.lua); nil for anything else.
---@param v any
---@return integer|nil index
function M.dial_step(v)
  local n = M.get_table("time_dial").steps.per_half
  if type(v) == "number" then
    if v == math.floor(v) and v >= 1 and v <= 2 * n then return v end
    return nil
  end
  if type(v) ~= "string" then return nil end
  local half, step = string.match(v, "^(%a+) (%d+)$")
  step = tonumber(step)
  if (half == "day" or half == "night") and step and step >= 1 and step <= n then
    return (half == "night" and n or 0) + step
  end
  return nil
end

--- Checks the time and returns its half, "day" or "night" (which decides bad light); nil
--- stays nil (nobody endures bad light). Accepts the half itself or a step of the time dial
--- (M.dial_step: "night 2", or its index; 1-6 day, 7-12 night on the book's dial).
function M.check_time(v, path)
  if v == nil then return nil end
  if v == "day" or v == "night" then return v end
  local index = M.dial_step(v)
  local n = M.get_table("time_dial").steps.per_half
  if index then return index <= n and "day" or "night" end
  M.fail(path, string.format("%s is not a time (day, night, a dial step such as \"night 2\", or 1..%d)", M.show(v), 2 * n))
end

--- Checks a terrible-creature situation {enemy = {worth, strength}?, ally = {...}?}: the
--- terrible creatures within 6in of a unit.
function M.check_terrible(t, path)
  if t == nil then return nil end
  M.check_fields(t, { "enemy", "ally" }, path)
  local out = {}
  for _, side in ipairs({ "enemy", "ally" }) do
    if t[side] ~= nil then
      M.check_fields(t[side], { "worth", "strength" }, path .. "." .. side)
      out[side] = { worth = M.check_int(t[side].worth, path .. "." .. side .. ".worth", 0, 100, 1),
                    strength = M.check_int(t[side].strength, path .. "." .. side .. ".strength", -10, 10, 0) }
    end
  end
  return out
end

--- Renders a value for messages (strings quoted).
function M.show(v)
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

-- ---------------------------------------------------------------------------------------
-- Modifier lists: ordered entries with unique ids. Each entry:
--   { id = "long_range", value = -1 | function(ctx) -> number|nil, when = function(ctx) -> bool,
--     reason = "the target is at long range", page = 22, source = "fantasy_warriors" }
-- A value function returning nil or 0 means the entry does not apply.
-- ---------------------------------------------------------------------------------------

M.lists = {}

local function check_entry(entry, where)
  if type(entry) ~= "table" then error(where .. ": a modifier entry is a table", 3) end
  if type(entry.id) ~= "string" then error(where .. ": entry.id must be a string", 3) end
  if type(entry.value) ~= "number" and type(entry.value) ~= "function" then
    error(where .. ": entry '" .. entry.id .. "': value must be a number or a function", 3)
  end
  if entry.when ~= nil and type(entry.when) ~= "function" then
    error(where .. ": entry '" .. entry.id .. "': when must be a function", 3)
  end
  if type(entry.reason) ~= "string" then error(where .. ": entry '" .. entry.id .. "': reason must be a string", 3) end
  if type(entry.source) ~= "string" then error(where .. ": entry '" .. entry.id .. "': source must be a string", 3) end
end

local function find(list, id)
  for i, e in ipairs(list.entries) do
    if e.id == id then return i end
  end
  return nil
end

local function get_list(name, where)
  local list = M.lists[name]
  if not list then
    local names = {}
    for n in pairs(M.lists) do names[#names + 1] = n end
    error(string.format("%s: no modifier list '%s' (lists: %s)", where, tostring(name), join(names)), 3)
  end
  return list
end

--- Declares a modifier list (the ruleset's own, source filled in).
---@param name string
---@param entries table[]
function M.define_list(name, entries)
  local list = { name = name, entries = {} }
  M.lists[name] = list
  for _, e in ipairs(entries) do
    e.source = e.source or M.ruleset
    check_entry(e, "define_list " .. name)
    if find(list, e.id) then error("define_list " .. name .. ": duplicate id '" .. e.id .. "'", 2) end
    list.entries[#list.entries + 1] = e
  end
  return list
end

--- Adds an entry to a list, at the end or next to another: where = {before = id} or
--- {after = id}. The entry names its source (a variant passes its context.source).
function M.add_modifier(name, entry, where)
  local list = get_list(name, "add_modifier")
  check_entry(entry, "add_modifier " .. name)
  if find(list, entry.id) then error("add_modifier " .. name .. ": id '" .. entry.id .. "' exists (use replace_modifier)", 2) end
  local at = #list.entries + 1
  if where and (where.before or where.after) then
    local anchor = find(list, where.before or where.after)
    if not anchor then error("add_modifier " .. name .. ": no entry '" .. (where.before or where.after) .. "'", 2) end
    at = where.before and anchor or anchor + 1
  end
  table.insert(list.entries, at, entry)
end

--- Replaces the entry with `id` (keeping its place).
function M.replace_modifier(name, id, entry)
  local list = get_list(name, "replace_modifier")
  check_entry(entry, "replace_modifier " .. name)
  local i = find(list, id)
  if not i then error("replace_modifier " .. name .. ": no entry '" .. tostring(id) .. "'", 2) end
  list.entries[i] = entry
end

--- Removes the entry with `id`.
function M.remove_modifier(name, id)
  local list = get_list(name, "remove_modifier")
  local i = find(list, id)
  if not i then error("remove_modifier " .. name .. ": no entry '" .. tostring(id) .. "'", 2) end
  table.remove(list.entries, i)
end

--- The source text a result shows for an entry: "fantasy_warriors p.22".
function M.source_text(entry)
  if entry.page then return entry.source .. " p." .. entry.page end
  return entry.source
end

--- Applies a list to a situation. Returns the applied modifiers ({id, value, reason,
--- source}) in list order, and their total.
---@return table[] applied
---@return number total
function M.apply(name, ctx)
  local list = get_list(name, "apply")
  local applied, total = {}, 0
  for _, e in ipairs(list.entries) do
    if e.when == nil or e.when(ctx) then
      local v = e.value
      if type(v) == "function" then v = v(ctx) end
      if v ~= nil and v ~= 0 then
        applied[#applied + 1] = { id = e.id, value = v, reason = e.reason, source = M.source_text(e) }
        total = total + v
      end
    end
  end
  return applied, total
end

-- ---------------------------------------------------------------------------------------
-- Result tables (reaction table, weapon v armour...): named data with a source per row.
-- ---------------------------------------------------------------------------------------

M.tables = {}

--- Declares a table: rows keyed by name, with the page it comes from.
function M.define_table(name, rows, page)
  local t = { name = name, rows = rows, sources = {} }
  for key in pairs(rows) do t.sources[key] = { source = M.ruleset, page = page } end
  M.tables[name] = t
  return t
end

--- Returns a table's rows.
function M.get_table(name)
  local t = M.tables[name]
  if not t then error("no table '" .. tostring(name) .. "'", 2) end
  return t.rows
end

--- Replaces (or adds) one row of a table; `source` names who changed it.
function M.set_row(name, key, row, source, page)
  local t = M.tables[name]
  if not t then error("set_row: no table '" .. tostring(name) .. "'", 2) end
  if type(source) ~= "string" then error("set_row " .. name .. ": source must be a string", 2) end
  t.rows[key] = row
  t.sources[key] = { source = source, page = page }
end

--- The source text of one row: "fantasy_warriors p.20".
function M.row_source(name, key)
  local s = M.tables[name].sources[key]
  if not s then return M.ruleset end
  return M.source_text(s)
end

-- ---------------------------------------------------------------------------------------
-- Results and dice. A result records each throw ({label, dice, faces?, result}) when the
-- kernel is explaining; in sample mode only the numbers are kept.
-- ---------------------------------------------------------------------------------------

--- A new result table for `procedure`.
function M.result(procedure)
  return { procedure = procedure, dice = {}, modifiers = {} }
end

--- Whether dice faces should be copied into results (explain mode).
function M.explaining()
  return muster.dice.get_mode() == "explain"
end

--- Throws one D6 for `label`; records it.
---@return integer face
function M.d6(res, label)
  local total, faces = muster.dice.roll("1d6", label)
  if M.explaining() then
    res.dice[#res.dice + 1] = { label = label, dice = "1D6", faces = faces, result = total }
  end
  return total
end

--- Throws NdX and totals it; records it.
function M.sum(res, expr, label)
  local total, faces = muster.dice.roll(expr, label)
  if M.explaining() then
    res.dice[#res.dice + 1] = { label = label, dice = string.upper(expr), faces = faces, result = total }
  end
  return total, faces
end

--- Counts successes in a pool (muster.dice.roll_count); records it.
---@param spec table {n, target, modifier, natural_max, natural_min, label}
function M.count(res, spec)
  local r = muster.dice.roll_count(spec)
  if M.explaining() then
    res.dice[#res.dice + 1] = {
      label = spec.label, dice = spec.n .. "D" .. (spec.sides or 6), faces = r.faces,
      target = spec.target, modifier = spec.modifier or 0, result = r.successes,
      natural_max = r.natural_max, natural_min = r.natural_min,
    }
  end
  return r
end

--- Adds applied modifiers to a result (keeping the order they were applied in).
function M.add_modifiers(res, applied)
  for _, m in ipairs(applied) do res.modifiers[#res.modifiers + 1] = m end
end

return M
