--- Assertions for Lua-level tests run by tests/scripts (the GoogleTest driver). Each fails
--- with "expected X, got Y" at the caller's file:line. Kernel-owned helper: no rules here.
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

---@param actual any
---@param expected any
---@param what? string
function M.eq(actual, expected, what)
  if not deep_equal(actual, expected) then
    error(string.format("%sexpected %s, got %s", what and (what .. ": ") or "", show(expected), show(actual)), 2)
  end
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

return M
