--- Fantasy Warriors results as readable text (`muster resolve --explain`): the outcome first,
--- then each throw (label, dice, faces, target), then each modifier "+1 reason (source)",
--- then the numbers, then the results nested in it (a threat's two tests), indented. Reads
--- the result convention of core.lua only: no rules, no dice, plain text (no colour).
local M = {}

-- Result fields that have their own place in the text.
local placed = { procedure = true, outcome = true, dice = true, modifiers = true }

--- The order a referee tells a procedure's fields in; fields not listed follow, sorted.
--- A rule area adds its procedures here (M.order.shoot = {...}).
M.order = {
  threat = { "test", "counter_threat", "counter_threat_chosen_by", "counter_test" },
  threat_test = { "unit", "threatener", "quality_throw", "score", "reaction", "reaction_source",
                  "unit_reaction", "disorganised" },
}

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
--- "hit throw: 6D6 rolled 6 5 3 3 2 1, 4+ to succeed (-1 each) = 2 (natural 6s: 1)".
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

local function add(lines, depth, text)
  lines[#lines + 1] = string.rep("  ", depth) .. text
end

local function explain_result(res, title, depth, lines)
  local head = title
  if res.procedure and res.procedure ~= title then head = head .. " (" .. res.procedure .. ")" end
  add(lines, depth, head .. ": " .. (res.outcome ~= nil and inline(res.outcome) or "no outcome"))
  if type(res.dice) == "table" then
    for _, d in ipairs(res.dice) do add(lines, depth + 1, throw_text(d)) end
  end
  if type(res.modifiers) == "table" then
    for _, m in ipairs(res.modifiers) do add(lines, depth + 1, modifier_text(m)) end
  end
  local keys, listed = {}, {}
  for _, k in ipairs(M.order[res.procedure] or {}) do
    if res[k] ~= nil then keys[#keys + 1] = k; listed[k] = true end
  end
  for k in pairs(res) do
    if not listed[k] and not placed[k] then keys[#keys + 1] = k end
  end
  for _, k in ipairs(keys) do
    local v = res[k]
    if is_result(v) then
      explain_result(v, tostring(k), depth + 1, lines)
    elseif is_array(v) and #v > 0 and is_result(v[1]) then
      for i, item in ipairs(v) do explain_result(item, tostring(k) .. "[" .. i .. "]", depth + 1, lines) end
    else
      add(lines, depth + 1, tostring(k) .. ": " .. inline(v))
    end
  end
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
