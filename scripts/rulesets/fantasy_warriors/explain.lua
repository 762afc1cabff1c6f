--- Fantasy Warriors results as readable text (`muster resolve --explain`): the outcome first,
--- then each throw (label, dice, faces, target) with the modifiers that went into it, then the
--- other modifiers "+1 reason (source)", then the numbers, then what is nested in the result
--- (a threat's two tests, a combat's units), indented. Reads the result convention of
--- core.lua only: no rules, no dice, plain text (no colour).
local core = require("core")

local M = {}

-- Result fields that have their own place in the text.
local placed = { procedure = true, outcome = true, dice = true, modifiers = true }

--- The order a referee tells a procedure's fields in; fields not listed follow, sorted.
--- A rule area adds its procedures here (M.order.shoot = {...}).
M.order = {
  threat = { "test", "counter_threat", "counter_threat_chosen_by", "counter_test" },
  threat_test = { "unit", "threatener", "quality_throw", "score", "reaction", "reaction_source",
                  "unit_reaction", "disorganised" },
  combat = { "winner", "strike_first", "sides", "units", "standard_captures", "command_test_markers", "choices" },
}

--- Fields left out of the text (the JSON has them): copies of what the text already says
--- (a throw's modifiers) and inputs prepared for the next procedure (a unit after the round,
--- its Combat Test input). The text ends such a block with "(also in the JSON: ...)".
M.hidden = { hit_modifiers = true, kill_modifiers = true, after = true, combat_test = true }

-- Tables at most this long on one line stay inline ({a = 1, b = 2}); longer ones are blocks.
local inline_width = 100

local function is_result(v)
  return type(v) == "table" and (v.procedure ~= nil or v.outcome ~= nil)
end

local function is_array(t)
  return type(t) == "table" and (#t > 0 or next(t) == nil)
end

local function number_text(v)
  if v == math.floor(v) and math.abs(v) < 2 ^ 53 then return string.format("%d", v) end
  return string.format("%g", v)
end

local function signed(v)
  if v == math.floor(v) then return string.format("%+d", v) end
  return string.format("%+g", v)
end

--- A value on one line: numbers without ".0", tables as {k = v, ...} or [a, b].
local function inline(v)
  local kind = type(v)
  if kind == "number" then return number_text(v) end
  if kind ~= "table" then return tostring(v) end
  local parts = {}
  if is_array(v) then
    for i, item in ipairs(v) do parts[i] = inline(item) end
    return "[" .. table.concat(parts, ", ") .. "]"
  end
  for k, item in pairs(v) do parts[#parts + 1] = tostring(k) .. " = " .. inline(item) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

--- One throw as a referee says it: "threat test, Dwarves: 1D6 rolled 4 = 4", or for a pool
--- "hit throw: 6D6 rolled 6 5 3 3 2 1, 4+ to succeed (-1 each) = 2 (natural maximum 1)".
local function throw_text(d)
  local faces = type(d.faces) == "table" and #d.faces > 0 and table.concat(d.faces, " ") or "?"
  local text = string.format("%s: %s rolled %s", d.label or "throw", d.dice or "dice", faces)
  if d.target ~= nil then
    text = text .. string.format(", %s+ to succeed", number_text(d.target))
    if d.modifier ~= nil and d.modifier ~= 0 then text = text .. " (" .. signed(d.modifier) .. " each)" end
  end
  text = text .. " = " .. inline(d.result)
  local naturals = {}
  if d.natural_max ~= nil and d.natural_max ~= 0 then naturals[#naturals + 1] = "natural maximum " .. d.natural_max end
  if d.natural_min ~= nil and d.natural_min ~= 0 then naturals[#naturals + 1] = "natural 1s " .. d.natural_min end
  if #naturals > 0 then text = text .. " (" .. table.concat(naturals, ", ") .. ")" end
  return text
end

local function modifier_text(m)
  local text = signed(m.value or 0) .. " " .. (m.reason or m.id or "modifier")
  if m.source then text = text .. " (" .. m.source .. ")" end
  return text
end

-- Whether modifier m went into throw d: its `throw` tag is the throw's label, or the label's
-- first word ("hit" for "hit throw, Orc archers").
local function belongs(m, d)
  if type(m.throw) ~= "string" or type(d.label) ~= "string" then return false end
  return m.throw == d.label or d.label:sub(1, #m.throw + 6) == m.throw .. " throw"
end

local function add(lines, depth, text)
  lines[#lines + 1] = string.rep("  ", depth) .. text
end

local explain_result

--- One field: a line when it fits, else a block of its own fields.
local function explain_field(name, v, depth, lines)
  if is_result(v) then
    explain_result(v, name, depth, lines)
  elseif type(v) ~= "table" then
    add(lines, depth, name .. ": " .. inline(v))
  elseif is_array(v) then
    local plain = true
    for _, item in ipairs(v) do plain = plain and type(item) ~= "table" end
    if plain or #v == 0 then
      add(lines, depth, name .. ": " .. (#v == 0 and "none" or inline(v)))
    else
      for i, item in ipairs(v) do explain_field(name .. "[" .. i .. "]", item, depth, lines) end
    end
  else
    local one_line, hides = name .. ": " .. inline(v), false
    for k in pairs(v) do hides = hides or M.hidden[k] == true end
    if not hides and #one_line + 2 * depth <= inline_width then
      add(lines, depth, one_line)
    else
      add(lines, depth, name .. ":")
      local hidden = {}
      for k, item in pairs(v) do
        if M.hidden[k] then hidden[#hidden + 1] = tostring(k)
        else explain_field(tostring(k), item, depth + 1, lines) end
      end
      if #hidden > 0 then add(lines, depth + 1, "(also in the JSON: " .. table.concat(hidden, ", ") .. ")") end
    end
  end
end

explain_result = function(res, title, depth, lines)
  local head = title
  if res.procedure and res.procedure ~= title then head = head .. " (" .. res.procedure .. ")" end
  add(lines, depth, head .. ": " .. (res.outcome ~= nil and inline(res.outcome) or "no outcome"))
  local used = {}
  local modifiers = type(res.modifiers) == "table" and res.modifiers or {}
  if type(res.dice) == "table" then
    for _, d in ipairs(res.dice) do
      add(lines, depth + 1, throw_text(d))
      for i, m in ipairs(modifiers) do
        if not used[i] and belongs(m, d) then
          used[i] = true
          add(lines, depth + 2, modifier_text(m))
        end
      end
    end
  end
  for i, m in ipairs(modifiers) do
    if not used[i] then add(lines, depth + 1, modifier_text(m)) end
  end
  local keys, listed = {}, {}
  local added = core.registry and core.registry.procedures[res.procedure]
  for _, k in ipairs(M.order[res.procedure] or (added and added.explain) or {}) do
    if res[k] ~= nil then keys[#keys + 1] = k; listed[k] = true end
  end
  for k in pairs(res) do
    if not listed[k] and not placed[k] then keys[#keys + 1] = k end
  end
  local hidden = {}
  for _, k in ipairs(keys) do
    if M.hidden[k] then hidden[#hidden + 1] = tostring(k)
    else explain_field(tostring(k), res[k], depth + 1, lines) end
  end
  if #hidden > 0 then add(lines, depth + 1, "(also in the JSON: " .. table.concat(hidden, ", ") .. ")") end
end

--- Renders a result table (as a procedure returns it) as text, one fact per line, ending in
--- a newline.
---@param res table
---@return string
function M.text(res)
  if type(res) ~= "table" then return inline(res) .. "\n" end
  local lines = {}
  explain_result(res, res.procedure or "result", 0, lines)
  return table.concat(lines, "\n") .. "\n"
end

return M
