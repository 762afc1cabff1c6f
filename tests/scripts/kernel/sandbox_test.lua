-- Lua-level checks of the sandbox as scripts see it: fixed iteration order, no addresses,
-- no escape hatches. Run by tests/scripts/lua_test_driver.cpp in a fresh runtime per test.
local t = require("testing")
local M = {}

function M.test_pairs_order_is_sorted()
  local keys = {}
  for k in pairs({ troll = 1, orc = 2, elf = 3, [3] = 0, [1] = 0 }) do keys[#keys + 1] = tostring(k) end
  t.eq(table.concat(keys, ","), "1,3,elf,orc,troll")
end

function M.test_globals_are_private_to_the_session()
  t.eq(rawget(_G, "io"), nil)
  t.eq(type(muster), "table")
  t.eq(muster.api_version, "1.0.0")
end

function M.test_failing_assertions_name_what_differs()
  t.fails(function() t.eq(1, 2, "one") end, "one: expected 2, got 1")
end

return M
