--- Fantasy Warriors core: the ruleset's registry of rule data (scripts/lib/registry.lua; each
--- area declares its own lists and tables through define_list / define_table), the time dial
--- and bad-light rules every area reads, the dice helpers that record into a result, and the
--- checking of the plain-table inputs (unit descriptions, situations).
--- No procedure lives here. Deterministic: randomness only through muster.dice.
local registry = require("registry")

local M = {}
--- The rule data this file declares (the time dial, read by every area that takes a time).
local data = {}
M.data = data

--- The ruleset's own name as written into every source ("fantasy_warriors").
M.ruleset = "fantasy_warriors"

-- ---------------------------------------------------------------------------------------
-- Input errors: one line naming the field, raised without a location (the field is the
-- location). `muster resolve` prints them as they are.
-- ---------------------------------------------------------------------------------------

--- The most bytes of an input value a message echoes, as in the kernel's own messages
--- (muster::max_echo, kernel/include/muster/error.hpp): a longer value is cut, so an error
--- about a 100 KB string is still one short line.
M.max_echo = 80

-- The first max_echo bytes of s (never half a UTF-8 sequence), and "…" when s is longer.
local function cut_bytes(s)
  if #s <= M.max_echo then return s, "" end
  local n = M.max_echo
  while n > 0 and s:byte(n + 1) >= 0x80 and s:byte(n + 1) < 0xC0 do n = n - 1 end
  return s:sub(1, n), "…"
end

--- `s` as a message echoes it (muster::cut_echo): whole up to max_echo bytes, else its first
--- bytes (never half a UTF-8 sequence) and "…"; control characters as \xNN, so the message
--- stays one line.
---@param s string
---@return string
function M.cut(s)
  local head, tail = cut_bytes(s)
  return (head:gsub("%c", function(c) return string.format("\\x%02x", c:byte()) end)) .. tail
end

--- Raises an input error "input: <path>: <message>".
---@param path string e.g. "attacker.quality"
---@param message string
function M.fail(path, message)
  error("input: " .. path .. ": " .. message, 0)
end

--- Checks a name given in the input (a unit's, a character's): a string of at most 200 bytes
--- with no control characters, since results and explanations print it as it is. Returns it.
---@param v any
---@param path string
---@return string
function M.check_label(v, path)
  if type(v) ~= "string" then M.fail(path, "string expected, got " .. type(v)) end
  if #v > 200 then M.fail(path, string.format("%d bytes, at most 200", #v)) end
  local at = v:find("[%z\1-\31\127]")
  if at then
    M.fail(path, string.format("a control character (byte %d, \\x%02x) is not allowed in a name", at, v:byte(at)))
  end
  return v
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
local field_sets = setmetatable({}, { __mode = "k" })  -- known list -> its set (a cache)
function M.check_fields(t, known, path)
  if type(t) ~= "table" then M.fail(path, "table expected, got " .. type(t)) end
  local set = field_sets[known]
  if not set or set[0] ~= #known then  -- new, or the list has grown since
    set = { [0] = #known }
    for _, k in ipairs(known) do set[k] = true end
    field_sets[known] = set
  end
  local k = muster.data.unknown_key(t, set)  -- the first in pairs order, in one call
  if k ~= nil then
    M.fail(path .. "." .. M.cut(tostring(k)), "unknown field (known: " .. join(known) .. ")")
  end
end

--- The index 1..2N of a step of the time dial (page 14), given as "day 1".."day N",
--- "night 1".."night N" or the index itself (N: the `time_dial` table's steps per half,
--- prebattle.lua); nil for anything else.
---@param v any
---@return integer|nil index
function M.dial_step(v)
  local n = data.time_dial.rows.steps.per_half
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
  local n = data.time_dial.rows.steps.per_half
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

--- Renders a value for messages: a string quoted, cut (M.cut) and on one line.
function M.show(v)
  if type(v) ~= "string" then return tostring(v) end
  local head, tail = cut_bytes(v)
  -- %q writes a newline as a backslash and the newline itself: a message stays one line.
  return (string.format("%q", head):gsub("\\\n", "\\n"):sub(1, -2)) .. tail .. '"'
end

-- ---------------------------------------------------------------------------------------
-- Rule data: modifier lists and result tables, declared once in the registry
-- (scripts/lib/registry.lua) by the file that owns them. Each area keeps the handles in its
-- `data` table; a procedure reads the handle it required, never a table found by name.
-- A modifier entry: { id = "long_range", value = -1 | function(ctx) -> number|nil,
--   when = function(ctx) -> bool, reason = "the target is at long range", page = 22 }
-- ---------------------------------------------------------------------------------------


--- Makes the registry for the ruleset `context` ({name, version}) and declares core's own
--- data. init.lua calls it before requiring any area.
function M.init(context)
  if M.registry then error("core.init: the ruleset is initialised once", 2) end
  M.ruleset = context.name
  M.registry = registry.new({ owner = context.name .. "@" .. context.version, source = context.name })
  -- The time dial (page 14): 12 steps, day 1-6 then night 1-6; the light die's halves.
  data.time_dial = M.registry:define_table("time_dial", {
    light = { day_to = 3 },   -- 1D: 1..day_to is DAY, the rest NIGHT
    steps = { per_half = 6 },
  }, 14, { doc = "the time dial: steps per half (day, night) and the light die's day faces" })
  -- Who endures bad light (page 14): a figure whose BAD is the half the hourglass stands in,
  -- and nobody else. The book has no exception; these rows let a variant (the weather, HR-4)
  -- make everyone endure it (`everyone.enduring`), or spare the figures whose BAD is one half
  -- while the dial is in that half (`day.exempt`, `night.exempt`). A row may carry `reason`,
  -- which results show. Read by units.bad_light and the Command Test's bad-light line.
  data.bad_light_rules = M.registry:define_table("bad_light_rules", {
    everyone = { enduring = false },
    day = { exempt = false },
    night = { exempt = false },
  }, 14, { doc = "who endures bad light besides the book's rule (BAD = the half of the dial): everyone.enduring, or day/night.exempt sparing that BAD in its own half (none in the book)" })
end

--- Declares a modifier list (see registry.define_list) and returns its handle.
---@param name string
---@param entries table[]
---@param spec? table {page, doc, context = {field = "type: what"}}
function M.define_list(name, entries, spec)
  return M.registry:define_list(name, entries, spec)
end

--- Declares a result table and returns its handle (rows in handle.rows).
function M.define_table(name, rows, page, spec)
  return M.registry:define_table(name, rows, page, spec)
end

--- A side's name from input field `path` (the side whose controller answers the choices):
--- `v`, or `default` when it is nil.
---@param v any
---@param path string
---@param default string
---@return string
function M.check_side(v, path, default)
  if v == nil then return default end
  if type(v) ~= "string" or v == "" then M.fail(path, "a side name expected") end
  return v
end

--- A deep copy of a plain value (tables copied all the way down; no metatables, no cycles),
--- made by the kernel in one call (muster.data.copy).
---@param v any
---@return any
M.deep_copy = muster.data.copy

--- Runs fn(...) and gives an input error it raises the path `path`: "input: distance: ..."
--- becomes "input: shots[2].distance: ..." (an entry of a whole phase's input). Returns what
--- fn returns; any other error passes unchanged.
---@param path string
---@param fn function
---@return any
function M.at(path, fn, ...)
  local r = { pcall(fn, ...) }
  if r[1] then return unpack(r, 2) end
  local err = r[2]
  if type(err) == "string" and err:sub(1, 7) == "input: " and err:sub(8, 7 + #path) ~= path then
    error("input: " .. path .. "." .. err:sub(8), 0)
  end
  error(err, 0)
end

--- The keys of table `t`, sorted: the one way a rule area lists or walks a table's rows
--- (pairs order must never decide anything).
---@param t table
---@return string[]
function M.sorted_keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out)
  return out
end

--- The source text a result shows for an entry: "fantasy_warriors p.22".
M.source_text = registry.source_text

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
  if res and M.explaining() then
    res.dice[#res.dice + 1] = { label = label, dice = "1D6", faces = faces, result = total }
  end
  return total
end

--- Throws NdX and totals it; records it.
function M.sum(res, expr, label)
  local total, faces = muster.dice.roll(expr, label)
  if res and M.explaining() then
    res.dice[#res.dice + 1] = { label = label, dice = string.upper(expr), faces = faces, result = total }
  end
  return total, faces
end

--- Counts successes in a pool (muster.dice.roll_count); records it.
---@param spec table {n, target, modifier, natural_max, natural_min, label}
function M.count(res, spec)
  local r = muster.dice.roll_count(spec)
  if res and M.explaining() then
    res.dice[#res.dice + 1] = {
      label = spec.label, dice = spec.n .. "D" .. (spec.sides or 6), faces = r.faces,
      target = spec.target, modifier = spec.modifier or 0, result = r.successes,
      natural_max = r.natural_max, natural_min = r.natural_min,
    }
  end
  return r
end

-- ---------------------------------------------------------------------------------------
-- Merge points (exact odds by merging equal states: muster.dice.merge, docs/odds.md). A
-- procedure's keys describe its own state and what its `odds` spec reads, so they count only
-- while that procedure is the one an odds trial enumerates (M.merge_scope), and not when it is
-- nested in itself or called from another procedure (a variant's, whose state they miss).
-- ---------------------------------------------------------------------------------------

local scope = { own = nil, depth = 0, enumerating = false }

--- Merge points of procedure `own` (a module's procedure table; nil: none) count from now
--- on, when the dice are being enumerated.
function M.merge_scope(own)
  scope.own, scope.depth = own, 0
  scope.enumerating = own ~= nil and muster.dice.get_mode() == "enumerate"
end

--- Runs `fn(...)` as the body of procedure `own` (its module table), so that its merge points
--- know whether they count. Returns what fn returns.
function M.as_procedure(own, fn, ...)
  if scope.own ~= own then return fn(...) end
  scope.depth = scope.depth + 1
  local r = fn(...)
  scope.depth = scope.depth - 1
  return r
end

--- Whether the merge points of procedure `own` (the module's procedure table) count now:
--- cheap, so that a procedure builds nothing for them otherwise.
---@param own table
---@return boolean
function M.merging(own)
  return scope.enumerating and scope.own == own and scope.depth == 1
end

--- A merge point (call only when M.merging): the rest of the run depends only on the text
--- `key(...)` returns (built only when the enumeration needs it), which must therefore name
--- the point and hold everything that what follows reads, the odds spec's fields included.
---@param key fun(...): string
function M.merge(key, ...)
  if muster.dice.merge_replayed() then return end
  muster.dice.merge(key(...))
end

--- Adds applied modifiers to a result (keeping the order they were applied in).
function M.add_modifiers(res, applied)
  for _, m in ipairs(applied) do res.modifiers[#res.modifiers + 1] = m end
end

return M
