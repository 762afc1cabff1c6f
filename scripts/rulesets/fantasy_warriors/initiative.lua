--- Fantasy Warriors Initiative Test (page 26): who moves when in Phase Three. By armies: each
--- side throws 1D + its warchief's leadership (list `initiative`), and in descending order each
--- chooses when its army moves. By commands: a numbered counter for each warchief, battle
--- leader and leaderless command, taken in descending order by their owners; commands move in
--- counter order. Ties as the book says, then a roll-off. Randomness only through muster.dice.
local core = require("core")
local explain = require("explain")
local units = require("units")
local casualties = require("casualties")  -- choose: a player's decision, recorded

local M = {}

-- The order --explain tells the result in.
explain.order.initiative = { "method", "order", "throws", "choices" }
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- The Initiative Test's modifiers (page 26): the leadership of the warchief (by armies) or of
-- the warchief or battle leader (by commands), 0 for a dead warchief or a leaderless command;
-- -1 while he endures bad light (light.lua's bad-light report reads this entry).
data.initiative = core.define_list("initiative", {
  { id = "leadership", page = 26, reason = "the leader's leadership",
    value = function(c) return c.leadership end },
  { id = "bad_light", page = 26, value = -1, reason = "the leader is enduring bad light",
    when = function(c) return c.bad_light end },
}, { page = 26, doc = "the Initiative Test: added to 1D",
  context = {
    leadership = "integer: the leader's leadership (0 for a dead warchief or a leaderless command)",
    bad_light = "boolean: the leader endures bad light now",
    leader = "{name, role, leadership, bad_light}|nil: the warchief or battle leader (nil: none on the field)",
    side = "string: the side throwing",
    time = "\"day\"|\"night\"|nil: the half of the time dial",
  } })

M.methods = { "armies", "commands" }

--- "1st", "2nd", "3rd", "4th"... "11th", "21st".
---@param n integer
---@return string
function M.ordinal(n)
  local tens = n % 100
  local suffix = "th"
  if tens < 11 or tens > 13 then
    local last = n % 10
    if last == 1 then suffix = "st" elseif last == 2 then suffix = "nd" elseif last == 3 then suffix = "rd" end
  end
  return n .. suffix
end

-- One throw: 1D + the list's modifiers, into the entry and the result.
local function throw(res, e, time)
  local label = "initiative, " .. e.name
  e.die = core.d6(res, label)
  local ctx = { leadership = e.leadership, bad_light = e.bad_light, leader = e.leader, side = e.side, time = time }
  local applied, total = data.initiative:apply(ctx)
  for _, m in ipairs(applied) do m.throw = label end
  e.modifiers = applied
  core.add_modifiers(res, applied)
  e.score = e.die + total
end

-- Orders `group` (entries tied on score, leadership and light) by roll-offs: 1D each, higher
-- first, the still tied again. Appends the ordered entries to `out`.
local function roll_off(res, group, out, round)
  if #group == 1 then out[#out + 1] = group[1] return end
  for _, e in ipairs(group) do
    local d = core.d6(res, string.format("initiative tie %d, %s", round, e.name))
    e.tie_rolls = e.tie_rolls or {}
    e.tie_rolls[#e.tie_rolls + 1] = d
    e.tie_die = d
  end
  local sorted = {}
  for i, e in ipairs(group) do sorted[i] = { e = e, i = i } end
  table.sort(sorted, function(x, y)
    if x.e.tie_die ~= y.e.tie_die then return x.e.tie_die > y.e.tie_die end
    return x.i < y.i
  end)
  local i = 1
  while i <= #sorted do
    local j = i
    while j < #sorted and sorted[j + 1].e.tie_die == sorted[i].e.tie_die do j = j + 1 end
    local sub = {}
    for k = i, j do sub[#sub + 1] = sorted[k].e end
    roll_off(res, sub, out, round + 1)
    i = j + 1
  end
end

-- The entries in descending order: score, then the higher leadership, then not in bad light,
-- then roll-offs (page 26). Sets each entry's `rank` and `tie_break`.
local function rank(res, entries)
  local keyed = {}
  for i, e in ipairs(entries) do keyed[i] = { e = e, i = i } end
  local function better(x, y)
    if x.score ~= y.score then return x.score > y.score end
    if x.leadership ~= y.leadership then return x.leadership > y.leadership end
    if x.bad_light ~= y.bad_light then return not x.bad_light end
    return false
  end
  table.sort(keyed, function(x, y)
    if better(x.e, y.e) then return true end
    if better(y.e, x.e) then return false end
    return x.i < y.i
  end)
  local out, i = {}, 1
  while i <= #keyed do
    local j = i
    while j < #keyed and not better(keyed[i].e, keyed[j + 1].e) and not better(keyed[j + 1].e, keyed[i].e) do j = j + 1 end
    local group = {}
    for k = i, j do group[#group + 1] = keyed[k].e end
    if #group > 1 then
      for _, e in ipairs(group) do e.tie_break = "roll-off" end
    end
    roll_off(res, group, out, 1)
    i = j + 1
  end
  -- Ties the book's own tie-breaks settled, named on the entry placed first.
  for k = 2, #out do
    local a, b = out[k - 1], out[k]
    if a.score == b.score and not a.tie_break then
      a.tie_break = a.leadership ~= b.leadership and "higher leadership" or "not in bad light"
    end
  end
  for k, e in ipairs(out) do e.rank = k end
  return out
end

-- A leader {name, role?, leadership, bad_light?} at `path`.
local function check_leader(v, path)
  core.check_fields(v, { "name", "role", "leadership", "bad_light" }, path)
  if v.name ~= nil and type(v.name) ~= "string" then core.fail(path .. ".name", "a string expected") end
  return { name = v.name, role = v.role and core.check_enum(v.role, { "warchief", "battle_leader" }, path .. ".role") or nil,
           leadership = core.check_int(v.leadership, path .. ".leadership", 0, 5),
           bad_light = core.check_enum(v.bad_light or "none", units.lights, path .. ".bad_light") }
end

local function entry(side, name, leader, lost, time)
  local e = { side = side, name = name, leadership = 0, bad_light = false }
  if leader and not lost then
    e.leader = leader.name
    e.leadership = leader.leadership
    e.bad_light = units.bad_light({ bad_light = leader.bad_light }, time)
  end
  return e
end

-- The public view of an entry.
local function view(e)
  return { side = e.side, command = e.command, leader = e.leader, leaderless = e.leaderless, die = e.die, score = e.score, leadership = e.leadership, bad_light = e.bad_light,
           rank = e.rank, tie_break = e.tie_break, tie_rolls = e.tie_rolls }
end

--- The Initiative Test (page 26). args = {method, sides, time}, checked by M.check.
---@return table res
function M.test(args)
  local res = core.result("initiative")
  res.method, res.choices = args.method, {}
  local entries = {}
  for _, s in ipairs(args.sides) do
    if args.method == "armies" then
      local e = entry(s.name, s.name, s.warchief, s.warchief_lost, args.time)
      e.warchief_lost = s.warchief_lost or s.warchief == nil or nil
      entries[#entries + 1] = e
    else
      for _, c in ipairs(s.commands) do
        local e = entry(s.name, c.name, c.leader, c.leader_lost, args.time)
        e.command = c.name
        e.leaderless = (c.leader == nil or c.leader_lost) or nil
        entries[#entries + 1] = e
      end
    end
  end
  for _, e in ipairs(entries) do throw(res, e, args.time) end
  local ordered = rank(res, entries)
  res.throws = {}
  for _, e in ipairs(ordered) do res.throws[#res.throws + 1] = view(e) end
  -- In descending order each owner takes a place (by armies) or a numbered counter (by
  -- commands) among those left; the last takes what is left, without a question.
  local left = {}
  for i = 1, #ordered do left[i] = i end
  local taken = {}
  for k, e in ipairs(ordered) do
    local slot, by
    if #left == 1 then
      slot, by = left[1], "rule"
    else
      local opts = {}
      for i, n in ipairs(left) do opts[i] = M.ordinal(n) end
      local question = args.method == "armies" and "move_order" or "initiative_counter"
      local prompt = args.method == "armies"
        and string.format("%s scored %d: when does your army move?", e.side, e.score)
        or string.format("%s: %s scored %d: which numbered counter do you place next to it?", e.side, e.name, e.score)
      local answer
      answer, by = casualties.choose(res, e.name, { side = e.side, question = question, prompt = prompt, options = opts })
      for i, o in ipairs(opts) do
        if o == answer then slot = left[i] end
      end
    end
    for i, n in ipairs(left) do
      if n == slot then table.remove(left, i) break end
    end
    res.throws[k].took = M.ordinal(slot)
    res.throws[k].chosen_by = by
    taken[slot] = e
  end
  res.order = {}
  for n = 1, #ordered do
    local e = taken[n]
    res.order[n] = { position = n, counter = args.method == "commands" and n or nil, side = e.side,
                     command = e.command, leader = e.leader, score = e.score }
  end
  local parts = {}
  for _, o in ipairs(res.order) do parts[#parts + 1] = o.command and (o.command .. " (" .. o.side .. ")") or o.side end
  res.outcome = "moves: " .. table.concat(parts, ", ")
  return res
end

--- Checks an initiative input's method, sides and time (`path` prefixes the fields).
---@return table args {method, sides, time}
function M.check(input, path)
  local p = path ~= "" and (path .. ".") or ""
  local method = core.check_enum(input.method or "armies", M.methods, p .. "method")
  local time = core.check_time(input.time, p .. "time")
  if type(input.sides) ~= "table" or #input.sides < 1 then
    core.fail(p .. "sides", "missing (each side {name, warchief?, warchief_lost?, commands?})")
  end
  local sides, names = {}, {}
  for i, s in ipairs(input.sides) do
    local sp = p .. "sides[" .. i .. "]"
    if type(s) ~= "table" then core.fail(sp, "a side {name, warchief?, warchief_lost?, commands?} expected") end
    if type(s.name) ~= "string" or s.name == "" then core.fail(sp .. ".name", "a side's name expected") end
    if names[s.name] then core.fail(sp .. ".name", core.show(s.name) .. " is named twice") end
    names[s.name] = true
    local out = { name = s.name, commands = {}, warchief_lost = core.check_bool(s.warchief_lost, sp .. ".warchief_lost", false) }
    if s.warchief ~= nil then out.warchief = check_leader(s.warchief, sp .. ".warchief") end
    if s.commands ~= nil then
      if type(s.commands) ~= "table" then core.fail(sp .. ".commands", "an array of commands expected") end
      for j, c in ipairs(s.commands) do
        local cp = sp .. ".commands[" .. j .. "]"
        if type(c) ~= "table" then core.fail(cp, "a command {name, leader?, leader_lost?} expected") end
        if type(c.name) ~= "string" then core.fail(cp .. ".name", "a command's name expected") end
        out.commands[j] = { name = c.name, leader = c.leader ~= nil and check_leader(c.leader, cp .. ".leader") or nil,
                            leader_lost = core.check_bool(c.leader_lost, cp .. ".leader_lost", false), input = c }
      end
    end
    if method == "commands" and #out.commands == 0 then
      core.fail(sp .. ".commands", "missing: moving by commands, each side lists its commands (one counter each)")
    end
    sides[i] = out
  end
  return { method = method, sides = sides, time = time }
end

M.procedures = {
  initiative = {
    doc = "the Initiative Test: by armies (1D + warchief's leadership, -1 bad light; the highest chooses when his army moves) or by commands (a counter per warchief, battle leader and leaderless command, taken in descending order; commands move in counter order); ties: higher leadership, not in bad light, roll again (p.26)",
    fields = { "method", "sides", "time" },
    run = function(input)
      local sides = input.sides
      if type(sides) == "table" then
        for i, s in ipairs(sides) do
          if type(s) == "table" then core.check_fields(s, { "name", "warchief", "warchief_lost", "commands" }, "sides[" .. i .. "]") end
          if type(s) == "table" and type(s.commands) == "table" then
            for j, c in ipairs(s.commands) do
              if type(c) == "table" then
                core.check_fields(c, { "name", "leader", "leader_lost" }, "sides[" .. i .. "].commands[" .. j .. "]")
              end
            end
          end
        end
      end
      return M.test(M.check(input, ""))
    end,
  },
}

return M
