--- What `muster odds` counts (kernel-owned; no rules): a procedure's outcome as one key, from
--- the procedure's `odds` spec, an array of {name, path, kind}: `path` a dotted field of the
--- result ("sides.attacker.losses"), `kind` "category" (each value counted apart: a reaction,
--- the winner) or "count" (a whole number: its mean and tails are reported too). A procedure
--- without a spec is counted by its `outcome` text. The key holds the values in the spec's
--- order, separated by "|"; a missing value is "-". Nothing here iterates a table by pairs.
local M = {}

--- The spec every procedure without its own is counted by.
M.default = { { name = "outcome", path = "outcome", kind = "category" } }

local function spec_of(procedure)
  return procedure and procedure.odds or M.default
end

--- The outcome fields of `procedure` (a registry procedure), in key order: "name:kind" each.
---@param procedure table
---@return string[]
function M.fields(procedure)
  local out = {}
  for i, f in ipairs(spec_of(procedure)) do out[i] = f.name .. ":" .. f.kind end
  return out
end

-- A path's parts ("sides.attacker.losses" -> {"sides", "attacker", "losses"}; numbers index
-- arrays), split once per path.
local split = {}
local function parts_of(path)
  local parts = split[path]
  if not parts then
    parts = {}
    for part in path:gmatch("[^.]+") do parts[#parts + 1] = tonumber(part) or part end
    split[path] = parts
  end
  return parts
end

local function at(result, path)
  local v = result
  for _, part in ipairs(parts_of(path)) do
    if type(v) ~= "table" then return nil end
    v = v[part]
  end
  return v
end

local function text(v, f)
  if v == nil then return "-" end
  local kind = type(v)
  if f.kind == "count" then
    if kind == "boolean" then return v and "1" or "0" end
    if kind ~= "number" or v ~= math.floor(v) then
      error(string.format("odds field %s (%s): a whole number expected, got %s", f.name, f.path, tostring(v)), 0)
    end
    return string.format("%d", v)
  end
  if kind == "string" then
    if v:find("|", 1, true) then v = v:gsub("|", "/") end
    return v
  end
  if kind == "number" then
    if v == math.floor(v) then return string.format("%d", v) end
    return string.format("%.17g", v)
  end
  if kind == "boolean" then return v and "true" or "false" end
  error(string.format("odds field %s (%s): a string, number or boolean expected, got a %s", f.name, f.path, kind), 0)
end

--- The key of one result: its outcome fields' values, in spec order, joined by "|".
---@param procedure table a registry procedure (its `odds` spec, or none)
---@param result table the procedure's result
---@return string key
local parts = {}  -- one key's values, used again by the next (no key is built inside another)
function M.key(procedure, result)
  local spec = spec_of(procedure)
  for i = #parts, #spec + 1, -1 do parts[i] = nil end
  for i, f in ipairs(spec) do parts[i] = text(at(result, f.path), f) end
  return table.concat(parts, "|")
end

return M
