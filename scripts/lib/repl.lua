--- The REPL's session helpers (`muster repl`, and `muster run` scripts): units kept in the
--- battle state (muster.state, so undo, :save/:load and :reload are the host's copies of the
--- state), handles that read and write them, the last resolution (for :explain and :odds),
--- output as styled text or JSON. Kernel-owned and rule-free: the ruleset's own vocabulary
--- (unit templates, combat, shoot...) comes from `ruleset.repl`, which install() turns into
--- session globals. Deterministic: randomness only through muster.dice.
local M = {}

local state = muster.state

M.colour = false  -- ANSI colours in the text (the host sets it when stdout is a terminal)
M.json = false    -- results as JSON instead of text
M.rules = nil     -- ruleset.repl, when the loaded ruleset has one
M.env = nil       -- the session environment helpers are installed into
M.last = nil      -- the last resolution: {command, args, report}
M.ruleset = nil   -- the loaded ruleset's module table

-- ---------------------------------------------------------------------------------------
-- Text: styles and JSON
-- ---------------------------------------------------------------------------------------

local codes = { outcome = "1", good = "32", bad = "31", warn = "33", dim = "2", dice = "36", name = "1", head = "1;4" }

--- Wraps text in the ANSI colour of `kind` (outcome, good, bad, warn, dim, dice, name, head)
--- when colour is on; plain text otherwise.
---@param kind string
---@param text string
---@return string
function M.style(kind, text)
  if not M.colour or not codes[kind] then return text end
  return "\27[" .. codes[kind] .. "m" .. text .. "\27[0m"
end

local function is_array(t)
  if next(t) == nil then return true end
  local n = #t
  if n == 0 then return false end
  for k in pairs(t) do
    if type(k) ~= "number" or k < 1 or k > n or k ~= math.floor(k) then return false end
  end
  return true
end

local function json_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    local named = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
    return named[c] or string.format("\\u%04x", c:byte())
  end) .. '"'
end

local function json_value(v, out, depth)
  local t = type(v)
  if t == "table" then
    if depth > 64 then error("to_json: nested too deep", 0) end
    if is_array(v) then
      out[#out + 1] = "["
      for i, item in ipairs(v) do
        if i > 1 then out[#out + 1] = "," end
        json_value(item, out, depth + 1)
      end
      out[#out + 1] = "]"
    else
      out[#out + 1] = "{"
      local first = true
      for k, item in pairs(v) do
        if not first then out[#out + 1] = "," end
        first = false
        out[#out + 1] = json_string(tostring(k)) .. ":"
        json_value(item, out, depth + 1)
      end
      out[#out + 1] = "}"
    end
  elseif t == "string" then
    out[#out + 1] = json_string(v)
  elseif t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then out[#out + 1] = "null"
    elseif v == math.floor(v) and math.abs(v) < 2 ^ 53 then out[#out + 1] = string.format("%d", v)
    else out[#out + 1] = string.format("%.17g", v) end
  elseif t == "boolean" then
    out[#out + 1] = tostring(v)
  else
    out[#out + 1] = "null"
  end
end

--- Returns v as one line of JSON: keys sorted, an empty table as [], functions as null.
---@param v any
---@return string
function M.to_json(v)
  local out = {}
  json_value(v, out, 0)
  return table.concat(out)
end

-- ---------------------------------------------------------------------------------------
-- Units in the battle state. A unit's description (the ruleset's fields) is kept as its
-- props, nested tables flattened with dots ("individuals.1.name"); its figures are figure
-- entities; what the REPL itself keeps is under "repl." (the session name, the phase's
-- bookkeeping).
-- ---------------------------------------------------------------------------------------

local handles = setmetatable({}, { __mode = "k" })  -- handle -> true
local handle_of = setmetatable({}, { __mode = "v" })  -- id -> its handle while one is held
local handle_mt = {}

local function flatten(value, prefix, out)
  if type(value) == "table" then
    for k, v in pairs(value) do flatten(v, prefix .. "." .. tostring(k), out) end
  else
    out[prefix] = value
  end
  return out
end

-- Rebuilds the tables flattened under `prefix` ("" for the description).
local function unflatten(props, prefix)
  local out = {}
  for name, v in pairs(props) do
    local path
    if prefix == "" then
      if name:sub(1, 5) ~= "repl." then path = name end
    elseif name:sub(1, #prefix + 1) == prefix .. "." then
      path = name:sub(#prefix + 2)
    end
    if path then
      local parts = {}
      for seg in path:gmatch("[^.]+") do parts[#parts + 1] = tonumber(seg) or seg end
      local t = out
      for i = 1, #parts - 1 do
        if type(t[parts[i]]) ~= "table" then t[parts[i]] = {} end
        t = t[parts[i]]
      end
      t[parts[#parts]] = v
    end
  end
  return out
end

-- A deep copy (metatables left behind), made by the kernel in one call.
local copy = muster.data.copy
M.copy = copy

--- Whether v is a unit handle.
---@param v any
---@return boolean
function M.is_handle(v)
  return handles[v] == true
end

--- The handle of the unit with id `id` (the unit need not exist yet).
---@param id string
---@return table handle
function M.handle(id)
  local h = handle_of[id]
  if h then return h end
  h = setmetatable({ id = id }, handle_mt)
  handles[h] = true
  handle_of[id] = h
  return h
end

-- get_unit's option for a unit read for its own fields: the figures as their number.
local COUNTED = { figures = "count" }
-- ... and for a unit read for its id and place only: no props either.
local IDS = { figures = "count", tags = false }

local function unit_id(h)
  if not M.is_handle(h) then
    error(string.format("input: a unit expected (made with unit{...}), got %s", type(h)), 0)
  end
  return rawget(h, "id")
end

-- What was read of each unit, kept under its revision (muster.state.get_revision, which
-- changes whenever the unit does and never comes back for other content, undo and load
-- included): a unit is read from the state and unflattened again only after it changed.
-- id -> { rev, unit (get_unit's table), desc (the description), notes (key -> note) }.
local readings = {}
local note_names

local function reading(id)
  local ok, rev = pcall(state.get_revision, id)
  local r = readings[id]
  if ok and r and r.rev == rev then return r end
  local u = state.get_unit(id, COUNTED)  -- raises "no unit 'x'" when there is none
  r = { rev = rev, unit = u, notes = {} }
  readings[id] = r
  return r
end

-- The reading's props under "repl.", by note key: key -> names (made once a reading).
note_names = function(r)
  if not r.note_names then
    local names = {}
    for name in pairs(r.unit.props) do
      if name:sub(1, 5) == "repl." then
        local key = name:match("^repl%.([^.]+)")
        if key then
          names[key] = names[key] or {}
          names[key][#names[key] + 1] = name
        end
      end
    end
    r.note_names = names
  end
  return r.note_names
end

--- The unit's description as the ruleset reads it: a fresh plain table with its name, its
--- figures (the count) and every other field. Errors when the unit no longer exists.
---@param h table handle
---@return table description
function M.describe(h)
  local r = reading(unit_id(h))
  if not r.desc then
    r.desc = unflatten(r.unit.props, "")
    r.desc.name = r.unit.name
    r.desc.figures = r.unit.figures
  end
  return copy(r.desc)
end

--- The unit's side id.
---@param h table handle
---@return string side
function M.side(h)
  return reading(unit_id(h)).unit.side
end

local function check(desc)
  if M.rules and M.rules.check then M.rules.check(desc) end
end

--- Replaces a unit's description (checked by the ruleset first: a bad field changes nothing):
--- its name, its figures (figures removed from the end, or added) and its fields.
---@param h table handle
---@param desc table
function M.set_description(h, desc)
  local id = unit_id(h)
  check(desc)
  local u = reading(id).unit
  local flat = {}
  for k, v in pairs(desc) do
    if k ~= "name" and k ~= "figures" then flatten(v, k, flat) end
  end
  if type(desc.figures) ~= "number" or desc.figures < 0 or desc.figures ~= math.floor(desc.figures) then
    error("input: figures: a whole number >= 0 expected", 0)
  end
  if desc.figures < u.figures then
    local figures = state.get_unit(id).figures
    for i = #figures, desc.figures + 1, -1 do state.del_figure(figures[i].id) end
  end
  for _ = u.figures + 1, desc.figures do state.add_figure(id) end
  if desc.name ~= nil and desc.name ~= u.name then state.set_name(id, desc.name) end
  for name in pairs(u.props) do
    if name:sub(1, 5) ~= "repl." and flat[name] == nil then state.del_prop(id, name) end
  end
  for name, v in pairs(flat) do
    if u.props[name] ~= v then state.set_prop(id, name, v) end
  end
  -- The ruleset's table follows (a unit on it keeps its files and takes the ranks its
  -- figures fill); it calls back here only when something changed.
  if M.rules and M.rules.reform then M.rules.reform(M, id) end
end

local function id_from(name)
  local base = tostring(name):lower():gsub("[^%w]+", "_"):gsub("^_+", ""):gsub("_+$", "")
  if base == "" or base:match("^%d") then base = "unit_" .. base end
  base = base:sub(1, 60)
  local id, n = base, 1
  while state.get_kind(id) ~= nil do
    n = n + 1
    id = base .. "_" .. n
  end
  return id
end

--- Adds a unit to the battle state from a description (checked by the ruleset) on `side`
--- (made when new) and returns its handle.
---@param desc table {name, figures, ...fields}
---@param side string
---@return table handle
function M.add_unit(desc, side)
  if type(desc) ~= "table" or type(desc.name) ~= "string" then error("input: unit: a description with a name expected", 0) end
  if type(side) ~= "string" or side == "" then error("input: unit: a side expected", 0) end
  check(desc)
  if state.get_kind(side) == nil then state.add_side { id = side, name = side } end
  local id = id_from(desc.name)
  state.add_unit { id = id, side = side, name = desc.name }
  local h = M.handle(id)
  M.set_description(h, desc)
  return h
end

--- The REPL's own record of a unit (e.g. the phase's losses): a plain table kept under
--- "repl.<key>", or nil.
---@param h table handle
---@param key string
---@return any|nil
local function check_note_key(key)
  if type(key) ~= "string" or not key:match("^[%w_]+$") then
    error("input: note key " .. tostring(key) .. ": letters, digits and _ expected", 0)
  end
end

function M.get_note(h, key)
  check_note_key(key)
  local r = reading(unit_id(h))
  local prefix = "repl." .. key
  local plain = r.unit.props[prefix]
  if plain ~= nil then return plain end
  local t = r.notes[key]
  if t == nil then
    local mine = {}
    for _, name in ipairs(note_names(r)[key] or {}) do mine[name] = r.unit.props[name] end
    t = unflatten(mine, prefix)
    r.notes[key] = t
  end
  if next(t) == nil then return nil end
  return copy(t)
end

--- Replaces (nil: removes) the record `key` of a unit.
---@param h table handle
---@param key string
---@param value any|nil a plain value or table
function M.set_note(h, key, value)
  check_note_key(key)
  local id = unit_id(h)
  local r = reading(id)
  local props = r.unit.props
  local names = note_names(r)
  local prefix = "repl." .. key
  local flat = value ~= nil and flatten(value, prefix, {}) or {}
  -- Only what differs is written (a note set again as it was leaves the unit's revision
  -- be), and the reading follows the writes, so the unit is not read again for them.
  local changed = false
  for _, name in ipairs(names[key] or {}) do
    if flat[name] == nil then
      state.del_prop(id, name)
      props[name] = nil
      changed = true
    end
  end
  local now = {}
  for name, v in pairs(flat) do
    if props[name] ~= v then
      state.set_prop(id, name, v)
      props[name] = v
      changed = true
    end
    now[#now + 1] = name
  end
  if changed then
    names[key] = now
    r.notes[key] = nil
    r.rev = state.get_revision(id)
  end
end

--- Every unit's handle, sorted by id.
---@return table[] handles
function M.units()
  local out = {}
  for _, u in ipairs(state.get_units(nil, IDS)) do out[#out + 1] = M.handle(u.id) end
  return out
end

handle_mt.__index = function(h, key)
  if key == "side" then return M.side(h) end
  local desc = M.describe(h)
  if desc[key] == nil and M.rules and M.rules.complete then return M.rules.complete(desc)[key] end
  return desc[key]
end
handle_mt.__newindex = function(h, key, value)
  local desc = M.describe(h)
  desc[key] = value
  M.set_description(h, desc)
end
handle_mt.__tostring = function(h)
  local ok, text = pcall(function()
    if M.rules and M.rules.show then return M.rules.show(M, h) end
    return M.to_json(M.describe(h))
  end)
  if ok then return text end
  return "unit '" .. tostring(rawget(h, "id")) .. "' (" .. tostring(text) .. ")"
end
handle_mt.__metatable = "unit"

--- unit{"template", field = value, ...}: a unit from a template of the ruleset (its army
--- lists) with fields changed, or from a full description; `side` names its side.
---@param spec table
---@return table handle
function M.unit(spec)
  if type(spec) ~= "table" then error("input: unit: a table expected, e.g. unit{\"orc infantry\", figures = 10}", 0) end
  if M.rules and M.rules.make_unit then
    local desc, side = M.rules.make_unit(M, spec)
    return M.add_unit(desc, side)
  end
  local desc = copy(spec)
  local side = desc.side or "units"
  desc.side = nil
  return M.add_unit(desc, side)
end

-- ---------------------------------------------------------------------------------------
-- Session names: which global holds which unit, kept in the state so :reload, :load and a
-- saved file bring the names back
-- ---------------------------------------------------------------------------------------

local function identifier(s)
  return type(s) == "string" and s:match("^[%a_][%w_]*$") ~= nil
end

--- Records, for each unit held by a global of `env` that has no name yet, that name; a
--- name whose global now holds another unit is taken from the unit that had it.
---@param env table the session environment
function M.remember_names(env)
  for _, u in ipairs(state.get_units(nil, COUNTED)) do
    local name = u.props["repl.name"]
    if name ~= nil then
      local v = env[name]
      if M.is_handle(v) and rawget(v, "id") ~= u.id then state.del_prop(u.id, "repl.name") end
    end
  end
  for k, v in pairs(env) do
    if identifier(k) and M.is_handle(v) then
      local ok, u = pcall(state.get_unit, rawget(v, "id"), COUNTED)
      if ok and u.props["repl.name"] == nil then state.set_prop(u.id, "repl.name", k) end
    end
  end
end

--- Sets a global of `env` for every unit that has a remembered name.
---@param env table the session environment
function M.bind_names(env)
  for _, u in ipairs(state.get_units(nil, COUNTED)) do
    local name = u.props["repl.name"]
    if identifier(name) then env[name] = M.handle(u.id) end
  end
end

--- Words for the host's tab completion, one per line: the session's globals, the ruleset's
--- procedures, the helpers' own words (templates...).
---@param env table the session environment
---@return string words one per line
function M.words(env)
  local out = {}
  for k in pairs(env) do
    if identifier(k) then out[#out + 1] = k end
  end
  if ruleset and type(ruleset.procedures) == "table" then
    for name in pairs(ruleset.procedures) do out[#out + 1] = name end
  end
  if M.rules and M.rules.words then
    for _, w in ipairs(M.rules.words(M)) do out[#out + 1] = w end
  end
  return table.concat(out, "\n")
end

-- ---------------------------------------------------------------------------------------
-- Resolutions
-- ---------------------------------------------------------------------------------------

local report_mt = {}
local reports = setmetatable({}, { __mode = "k" })  -- report -> command name

local function present(name, report)
  reports[report] = name
  return setmetatable(report, report_mt)
end

report_mt.__tostring = function(report)
  local ok, text = pcall(function()
    if M.json then return M.to_json(report) end
    local cmd = M.rules and M.rules.commands[reports[report]]
    if cmd and cmd.summary then return cmd.summary(M, report) end
    return tostring(report.outcome)
  end)
  if ok then return text end
  return "(cannot show the result: " .. tostring(text) .. ")"
end

--- Runs the ruleset's REPL command `name`: prepare its input from the units, resolve (pure),
--- then change the units as the result says. Returns the result, which prints as its summary.
---@param name string a command of ruleset.repl.commands
---@param ... any its arguments (units, options)
---@return table result
function M.run_command(name, ...)
  local cmd = M.rules.commands[name]
  local args = cmd.prepare(M, ...)
  local report = cmd.run(M, copy(args))
  cmd.apply(M, args, report)
  M.last = { command = name, args = args, report = report }
  return present(name, report)
end

--- The last resolution in full: the ruleset's explanation, or JSON.
---@return string
function M.explain()
  if not M.last then return "no resolution yet: combat(...), shoot(...), threat(...) or test(...) first" end
  if M.json then return M.to_json(M.last.report) end
  local cmd = M.rules.commands[M.last.command]
  if cmd.explain then return cmd.explain(M, M.last.report) end
  return ruleset.explain(M.last.report)
end

--- What :odds computes for the last resolution, as one line of JSON: {procedure, input,
--- title}: the procedure and input the command's `odds` gives (from the input the command
--- resolved, before the units changed), and the title the report carries. The host runs it
--- through the odds engine (repl/odds.hpp) with the session's ruleset, variants and options.
---@return string json
function M.odds_request()
  if not M.last then error("input: :odds: no resolution yet: combat(...), shoot(...), threat(...) or test(...) first", 0) end
  local last = M.last
  local cmd = M.rules.commands[last.command]
  if not cmd.odds then error(string.format("input: :odds: %s(...) has no odds", last.command), 0) end
  local procedure, input = cmd.odds(copy(last.args))
  local title = cmd.title and cmd.title(last.args) or last.command
  -- An empty input is an object to the engine (to_json writes an empty table as []).
  local input_json = next(input) == nil and "{}" or M.to_json(input)
  return string.format('{"procedure":%s,"title":%s,"input":%s}', json_string(procedure), json_string(title), input_json)
end

-- Lua source for a plain value (strings, numbers, booleans, tables).
local function source(v, out)
  local t = type(v)
  if t == "string" then out[#out + 1] = string.format("%q", v)
  elseif t == "number" then out[#out + 1] = string.format("%.17g", v)
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif t == "table" then
    out[#out + 1] = "{"
    for k, x in pairs(v) do
      out[#out + 1] = "["
      source(k, out)
      out[#out + 1] = "]="
      source(x, out)
      out[#out + 1] = ","
    end
    out[#out + 1] = "}"
  else
    out[#out + 1] = "nil"
  end
end

--- The last resolution as Lua source, for the host to carry over a :reload ("nil": none).
---@return string source
function M.export_last()
  local out = {}
  source(M.last, out)
  return table.concat(out)
end

--- Takes back what export_last gave (in a new runtime after :reload).
---@param text string what export_last returned
function M.import_last(text)
  local chunk = assert(load("return " .. text, "=last resolution", "t", {}))
  local last = chunk()
  if last and M.rules and M.rules.commands[last.command] then
    M.last = last
    present(last.command, last.report)
  end
end

-- ---------------------------------------------------------------------------------------
-- The session: helpers as globals, help, the unit list, the samples
-- ---------------------------------------------------------------------------------------

--- The unit list for :units, grouped by side.
---@return string
function M.units_text()
  local lines = {}
  for _, side in ipairs(state.get_sides()) do
    local list = state.get_units { side = side.id }
    if #list > 0 then
      lines[#lines + 1] = M.style("head", side.name)
      for _, u in ipairs(list) do
        local h = M.handle(u.id)
        local name = u.props["repl.name"] or u.id
        lines[#lines + 1] = string.format("  %s = %s", M.style("name", name), tostring(h))
      end
    end
  end
  if #lines == 0 then return "no units yet: unit{...} makes one (:help)" end
  return table.concat(lines, "\n")
end

--- The table as SVG text (:svg FILE), when the ruleset draws one.
---@return string
function M.svg()
  if not (M.rules and M.rules.svg) then error("input: :svg: the ruleset " .. tostring(ruleset and ruleset.name) .. " draws no table", 0) end
  return M.rules.svg(M)
end

--- Lays out a scenario file (repl --scenario FILE): the ruleset's scenario() with its summary.
---@param path string
function M.scenario(path)
  if not (M.rules and M.rules.scenario) then error("input: --scenario: the ruleset " .. tostring(ruleset and ruleset.name) .. " has no scenarios", 0) end
  print(M.rules.scenario(M, path))
end

-- ---------------------------------------------------------------------------------------
-- A whole battle (muster battle): the ruleset's battle(lib, opts), turn by turn, so that each
-- turn is one call from the host (its own budgets), and the host writes the pictures
-- ---------------------------------------------------------------------------------------

M.battle = nil      -- the battle being played
local said = 0      -- how many of its lines the host has been given
local drawn = 0     -- how many of its pictures

local function battle_lines()
  local b = M.battle
  local out = {}
  for i = said + 1, #b.lines do out[#out + 1] = b.lines[i] end
  said = #b.lines
  return table.concat(out, "\n")
end

--- Sets a battle up (opts as the ruleset's battle takes them); returns its first lines.
---@param opts table
---@return string
function M.battle_start(opts)
  if not (M.rules and M.rules.battle) then error("input: battle: the ruleset " .. tostring(ruleset and ruleset.name) .. " plays no battles", 0) end
  M.battle, said, drawn = M.rules.battle(M, opts), 0, 0
  return battle_lines()
end

--- Plays one turn of the battle; returns its lines.
---@return string
function M.battle_turn()
  if not M.battle then error("input: battle: no battle set up", 0) end
  M.battle:play_turn()
  return battle_lines()
end

--- Plays the next phase of the battle only; returns its lines.
---@return string
function M.battle_phase()
  if not M.battle then error("input: battle: no battle set up", 0) end
  M.battle:play_phase()
  return battle_lines()
end

--- Forgets the battle set up in the session (a battle's save that did not play again).
function M.battle_forget()
  M.battle, said, drawn = nil, 0, 0
end

--- Hands the battle's sides to `controllers` (as battle{...} takes them): a battle resumed
--- from its log, once the log's phases are played again.
---@param controllers table|nil
function M.battle_handover(controllers)
  if not M.battle then error("input: battle: no battle set up", 0) end
  M.battle:set_controllers(controllers)
end

--- Where the battle stands (:phase): the turn and the phase that comes next.
---@return string
function M.battle_position()
  if not M.battle then error("input: :phase: no battle: battle{scenario = \"examples/scenarios/greystones.lua\"} first", 0) end
  return M.battle:position()
end

--- What the turn that just failed said before it failed (it is not part of the battle).
---@return string
function M.battle_said()
  if not (M.battle and M.battle.failed_lines) then return "" end
  return table.concat(M.battle.failed_lines, "\n")
end

--- Plays the next turn (or with `phase` true the next phase only) and returns its lines, and
--- the outcome when the battle ended (the REPL's :turn and next_turn(), :next and next_phase()).
---@param phase? boolean
---@return string
function M.battle_turn_text(phase)
  if not M.battle then
    error(string.format("input: %s: no battle: battle{scenario = \"examples/scenarios/greystones.lua\"} first", phase and ":next" or ":turn"), 0)
  end
  if muster.turn.get_over() then return "the battle is over: " .. M.battle_outcome() end
  local text = phase and M.battle_phase() or M.battle_turn()
  if M.battle.echo then text = "" end  -- printed as they happened
  local outcome = M.battle_outcome()
  if outcome ~= "" then text = text .. (text ~= "" and "\n" or "") .. outcome end
  return text
end

--- How the battle ended, or "" while it goes on.
---@return string
function M.battle_outcome()
  if not muster.turn.get_over() then return "" end
  return (M.battle and M.battle.result and M.battle.result.outcome) or select(2, muster.turn.get_over())
end

--- The battle's result for a sweep, one line: "WINNER SCORE_A SCORE_B TURNS" (WINNER "-" for
--- none; the scores are the sides' victory differences, in the battle's side order).
---@return string
function M.battle_result()
  local r = M.battle and M.battle.result
  if not r then error("input: battle: not over", 0) end
  local a, b = M.battle.sides[1], M.battle.sides[2]
  return string.format("%s %d %d %d", r.winner or "-", r.scores and r.scores[a] or 0, r.scores and r.scores[b] or 0, r.turn)
end

--- The next picture not yet given to the host, as its file name ("turn-03-3-movement.svg"), a
--- newline and its text; "" when there is none. every = "turn": only the pictures at the end
--- of a turn (of a battle that keeps one every phase for the viewer).
---@param every? string "phase" (default) or "turn"
---@return string
function M.battle_frame(every)
  local frames = M.battle and M.battle.frames or {}
  local f
  repeat
    f = frames[drawn + 1]
    if not f then return "" end
    drawn = drawn + 1
  until every ~= "turn" or f.turn_end
  return string.format("turn-%02d-%d-%s.svg\n", f.turn, f.index or 0, f.phase) .. f.svg
end

--- The replay viewer of the battle (scripts/lib/viewer.lua), one HTML page holding every
--- picture it kept (opts.frames = "phase"), each with the lines said since the one before,
--- its title, the lines said before the first turn and its outcome. (The host takes a text
--- this long in slices: an evaluation's rendering is cut past 64 KiB.)
---@return string
function M.battle_html()
  local b = M.battle
  if not (b and #b.frames > 0) then error("input: --html: the battle kept no pictures (frames = \"phase\")", 0) end
  local opening = {}
  for k = 1, b.opening do opening[k] = b.lines[k] end
  return require("viewer").page(M, { title = b.title, opening = opening, frames = b.frames, outcome = M.battle_outcome() })
end

--- Where a unit stands, or every piece on the table (:where [unit]).
---@param name string|nil a session name or a unit's name; "" for all
---@return string
function M.where(name)
  if not (M.rules and M.rules.where) then error("input: :where: the ruleset has no table", 0) end
  local h = name
  if type(name) == "string" and name ~= "" and M.is_handle(M.env[name]) then h = M.env[name] end
  return M.rules.where(M, h)
end

--- Help on a helper, a procedure or a template.
---@param topic string
---@return string
function M.help(topic)
  if M.rules and M.rules.commands[topic] then return M.rules.commands[topic].doc end
  if M.rules and M.rules.help then
    local text = M.rules.help(M, topic)
    if text then return text end
  end
  if ruleset and ruleset.procedures and ruleset.procedures[topic] then
    return topic .. ": " .. ruleset.procedures[topic].doc
  end
  local names = {}
  if M.rules then
    for name in pairs(M.rules.commands) do names[#names + 1] = name end
  end
  return string.format("no help on %q; topics: unit, %s, templates, or a procedure's name", topic, table.concat(names, ", "))
end

--- Creates the ruleset's sample units as session globals (the REPL without a script).
function M.samples()
  if not (M.rules and M.rules.samples) then return end
  for _, s in ipairs(M.rules.samples) do
    M.env[s[1]] = M.unit(s[2])
  end
  M.remember_names(M.env)
end

--- Installs the helpers into the session environment `env`: unit{...} and the ruleset's
--- commands (combat, shoot, threat, test...) as globals. opts = {colour?, json?}.
---@param env table the session environment
---@param opts? {colour?: boolean, json?: boolean}
function M.install(env, opts)
  opts = opts or {}
  M.colour = opts.colour == true
  M.json = opts.json == true
  M.env = env
  M.ruleset = ruleset
  M.rules = ruleset and ruleset.repl or nil
  env.unit = M.unit
  if M.rules then
    for name in pairs(M.rules.commands) do
      env[name] = function(...) return M.run_command(name, ...) end
    end
    for name, fn in pairs(M.rules.functions or {}) do
      env[name] = function(...) return fn(M, ...) end
    end
  end
end

return M
