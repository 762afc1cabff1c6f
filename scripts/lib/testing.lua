--- Assertions and shared helpers for Lua-level tests run by tests/scripts (the GoogleTest
--- driver). Each assertion fails with "expected X, got Y" at the caller's file:line. The
--- helpers copy inputs, list modifiers, and load or patch variants through the loaded ruleset's
--- variant_api as the loader does. Kernel-owned helper: no rules here.
local M = {}

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  local parts = {}
  for k, x in pairs(v) do parts[#parts + 1] = tostring(k) .. "=" .. show(x) end
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.show = show

local function deep_equal(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not deep_equal(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- The failure text of eq, or nil when actual deep-equals expected.
local function differs(actual, expected, what)
  if deep_equal(actual, expected) then return nil end
  return string.format("%sexpected %s, got %s", what and (what .. ": ") or "", show(expected), show(actual))
end

---@param actual any
---@param expected any
---@param what? string
function M.eq(actual, expected, what)
  local message = differs(actual, expected, what)
  if message then error(message, 2) end
end

---@param actual number
---@param expected number
---@param tolerance number
function M.near(actual, expected, tolerance, what)
  if type(actual) ~= "number" or math.abs(actual - expected) > tolerance then
    error(string.format("%sexpected %s within %s, got %s", what and (what .. ": ") or "",
      tostring(expected), tostring(tolerance), show(actual)), 2)
  end
end

--- Calls fn and checks it fails with a message containing `fragment`.
function M.fails(fn, fragment)
  local ok, message = pcall(fn)
  if ok then error("expected an error containing " .. show(fragment) .. ", got none", 2) end
  if not string.find(tostring(message), fragment, 1, true) then
    error("expected an error containing " .. show(fragment) .. ", got " .. show(message), 2)
  end
end

--- Calls fn and checks it fails with exactly `message` (an input error, no file:line).
---@param fn fun()
---@param message string
function M.fails_exactly(fn, message)
  local ok, err = pcall(fn)
  local wrong = differs(ok, false, "expected a failure: " .. message) or differs(err, message)
  if wrong then error(wrong, 2) end
end

--- Returns a shallow copy of `base` with the fields of `changes` set over it.
---@param base table
---@param changes? table
---@return table
function M.copy(base, changes)
  local out = {}
  for k, v in pairs(base) do out[k] = v end
  for k, v in pairs(changes or {}) do out[k] = v end
  return out
end

--- Returns copy(base, changes), except that a field `changes` sets to false is left out.
---@param base table
---@param changes? table
---@return table
function M.copy_omit_false(base, changes)
  local out = {}
  for k, v in pairs(base) do out[k] = v end
  for k, v in pairs(changes or {}) do out[k] = v or nil end
  return out
end

--- Returns a copy of `v` with every nested table copied too (a non-table as it is).
---@param v any
---@return any
M.deep_copy = muster.data.copy

--- The value that, given to with_paths, leaves a field out.
M.NONE = {}

--- Returns deep_copy(base) with the fields of `changes` set; a key "outer.inner" reaches inside.
---@param base table
---@param changes? table a value NONE leaves the field out
---@return table
function M.with_paths(base, changes)
  local input = M.deep_copy(base)
  for k, v in pairs(changes or {}) do
    if v == M.NONE then v = nil end
    local outer, inner = k:match("^([%w_]+)%.([%w_]+)$")
    if outer then input[outer][inner] = v else input[k] = v end
  end
  return input
end

--- Returns the unit named `name` of a result's `units`, and fails when there is none.
---@param r {units: table[]}
---@param name string
---@return table
function M.unit_named(r, name)
  for _, u in ipairs(r.units) do
    if u.name == name then return u end
  end
  error("no unit " .. name .. " in the result", 2)
end

--- Returns "id=value" of each entry of `list` (modifiers), in order, joined by spaces.
---@param list {id: string, value: number|string}[]
---@return string
function M.ids(list)
  local out = {}
  for _, m in ipairs(list) do out[#out + 1] = m.id .. "=" .. m.value end
  return table.concat(out, " ")
end

--- Returns ids(res.modifiers), only the modifiers of `throw` when it is given.
---@param res {modifiers: table[]}
---@param throw? string
---@return string
function M.modifier_ids(res, throw)
  local out = {}
  for _, m in ipairs(res.modifiers) do
    if throw == nil or m.throw == throw then out[#out + 1] = m.id .. "=" .. m.value end
  end
  return table.concat(out, " ")
end

--- Returns the binomial probability of `k` successes in `n` trials of probability `p`.
---@param n integer
---@param k integer
---@param p number
---@return number
function M.binomial(n, k, p)
  local c = 1
  for i = 1, k do c = c * (n - k + i) / i end
  return c * p ^ k * (1 - p) ^ (n - k)
end

--- Returns the patch functions of variant `name` 1.0.0, as the loader hands them to apply.
---@param name string the owner of each change
---@param after? string[] the variants this one comes after
---@return table
function M.rules(name, after)
  return ruleset.variant_api({ name = name, version = "1.0.0", after = after })
end

--- Runs file `name` of the variant folder `dir` in `env` as the loader does (text only).
---@param dir string a folder relative to the repo, ending in "/"
---@param name string
---@param env table
---@return any
function M.run_variant_file(dir, name, env)
  local path = dir .. name
  local chunk, err = load(muster.script.get_file(path), "@" .. path, "t", env)
  if not chunk then error(err, 2) end
  return chunk()
end

--- Applies the variant of folder `dir` with `options` as the loader does; returns the options.
--- The manifest's defaults fill the rest, each value is checked against its list, the files
--- see no `ruleset` global, and require finds the folder's own files first.
---@param dir string a folder relative to the repo, ending in "/"
---@param options? table<string, any>
---@return table<string, any>
function M.load_variant(dir, options)
  local m = M.run_variant_file(dir, "manifest.lua", {})
  local opts = {}
  for name, spec in pairs(m.options) do opts[name] = spec.default end
  for name, v in pairs(options or {}) do
    local spec = m.options[name]
    if not spec then error("no option " .. name, 2) end
    local lua_type = ({ integer = "number", enum = "string" })[spec.type] or spec.type
    if lua_type and type(v) ~= lua_type then error("option " .. name .. ": " .. tostring(v) .. " is not a " .. spec.type, 2) end
    if spec.values then
      local ok = false
      for _, allowed in ipairs(spec.values) do ok = ok or allowed == v end
      if not ok then error("option " .. name .. ": " .. tostring(v) .. " is not allowed", 2) end
    end
    opts[name] = v
  end
  local loaded, env = {}, nil
  env = setmetatable({
    require = function(name)
      if loaded[name] == nil then
        local found = pcall(muster.script.get_file, dir .. name .. ".lua")
        loaded[name] = found and M.run_variant_file(dir, name .. ".lua", env) or require(name)
      end
      return loaded[name]
    end,
  }, { __index = function(_, k) if k ~= "ruleset" then return _G[k] end end })
  local variant = M.run_variant_file(dir, "init.lua", env)
  variant.apply(ruleset.variant_api({ name = m.name, version = m.version }), opts,
                { name = m.name, version = m.version, kind = m.kind, source = m.name .. " " .. m.version })
  return opts
end

return M
