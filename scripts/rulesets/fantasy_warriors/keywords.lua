--- Fantasy Warriors race and keywords: what a unit or individual is ("dwarf", "missile",
--- "mounted"), for house rules and procedures that ask. Owns the name format (one check for
--- unit descriptions and army lists), the keywords derived from a checked profile and their
--- listing. A keyword set only answers membership: it is listed sorted, never iterated to
--- decide anything. No dice, no rules of the book.
local core = require("core")

local M = {}

--- Why `v` is not a race or keyword name (lowercase letters, digits and '_', starting with a
--- letter), or nil when it is one.
---@param v any
---@return string|nil why
function M.name_problem(v)
  if type(v) == "string" and v:match("^[a-z][a-z0-9_]*$") then return nil end
  if type(v) ~= "string" then return "a lowercase name (a string) expected, got " .. core.show(v) end
  local lower = v:lower():gsub("[^a-z0-9_]+", "_")
  if lower:match("^[a-z][a-z0-9_]*$") then
    return string.format("%s is not a lowercase name: write %s", core.show(v), core.show(lower))
  end
  return core.show(v) .. " is not a lowercase name (a-z, 0-9 and '_', starting with a letter)"
end

--- Why `list` is not an array of race or keyword names, and the index of the bad item when
--- one is; nil when it is such an array.
---@param list any
---@return string|nil why
---@return integer|nil index
function M.names_problem(list)
  local want = "an array of lowercase names expected ({\"guard\"}), got "
  if type(list) ~= "table" then return want .. core.show(list) end
  local n = #list
  for k in pairs(list) do
    if type(k) ~= "number" or k < 1 or k > n or k ~= math.floor(k) then return want .. "the key " .. core.show(k) end
  end
  for i = 1, n do
    local why = M.name_problem(list[i])
    if why then return why, i end
  end
  return nil
end

-- Whether `weapon` shoots: a row of the shooting area's table missile_weapons, read live so a
-- variant's rows count. The module is required on first use (shooting.lua requires units.lua,
-- which requires this file) and kept: require reaches the file system on every call.
local shooting
local function is_missile(weapon)
  shooting = shooting or require("shooting")
  return shooting.data.missile_weapons.rows[weapon] ~= nil
end

--- Checks the `race` and `keywords` of input `u` into `out`, a checked profile (with
--- `mounted` and `flying` on a unit): out.race, and out.keywords, the set of the given names,
--- the race and the derived ones: the type, the quality, the weapon, the armour class
--- ("unarmoured" for none), `missile` when the weapon shoots, `mounted` (else `foot` unless
--- flying), `flying`, `terrible`, `shield` when it carries one. Errors name `path`.
---@param u table the input description
---@param out table the checked copy being built
---@param path string
---@return table out
function M.check(u, out, path)
  if u.race ~= nil then
    local why = M.name_problem(u.race)
    if why then core.fail(path .. ".race", why) end
    out.race = u.race
  end
  local set = {}
  if u.keywords ~= nil then
    local why, i = M.names_problem(u.keywords)
    if why then core.fail(path .. ".keywords" .. (i and ("[" .. i .. "]") or ""), why) end
    for _, kw in ipairs(u.keywords) do set[kw] = true end
  end
  if out.race then set[out.race] = true end
  set[out.type], set[out.quality], set[out.weapon] = true, true, true
  set[out.armour == "none" and "unarmoured" or out.armour] = true  -- "none" would name nothing
  if is_missile(out.weapon) then set.missile = true end
  if out.shield then set.shield = true end
  if out.terrible then set.terrible = true end
  if out.mounted then set.mounted = true elseif not out.flying then set.foot = true end
  if out.flying then set.flying = true end
  out.keywords = set
  return out
end

--- A copy of keyword set `set` with the type keyword `from` replaced by `to` (the type of the
--- light: units.at_time).
---@param set table
---@param from string
---@param to string
---@return table
function M.retyped(set, from, to)
  local out = {}
  for k, v in pairs(set) do out[k] = v end
  out[from], out[to] = nil, true
  return out
end

--- Whether a checked unit or individual has keyword `kw` (given or derived).
---@param u table a checked unit or individual
---@param kw string
---@return boolean
function M.has(u, kw)
  return u.keywords ~= nil and u.keywords[kw] == true
end

--- The rows of a table keyed by keyword (a registry table handle: combat's fighting_abilities,
--- shooting's shooting_targets) whose keyword `u` has, in keyword order: {key, row} each.
---@param u table a checked unit or individual
---@param t table a registry table handle
---@return table[]
function M.rows_for(u, t)
  local out = {}
  for _, k in ipairs(core.sorted_keys(t.rows)) do
    if M.has(u, k) then out[#out + 1] = { key = k, row = t.rows[k] } end
  end
  return out
end

--- The keywords of a checked unit or individual, sorted: the one way to list them.
---@param u table a checked unit or individual
---@return string[]
function M.list(u)
  local out = {}
  for k in pairs(u.keywords or {}) do out[#out + 1] = k end
  table.sort(out)
  return out
end

return M
