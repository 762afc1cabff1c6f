--- Fantasy Warriors man-to-man combat (pages 30-31): two individuals in contact with no other
--- figure fight with their full profiles, simultaneously; every kill is saved against and the
--- one with more failed saves dies (table "man_to_man_results"). Groups of individuals fight
--- as pairs the attacker matches. Uses combat.lua's throws and muster.choice; no other
--- randomness, no input changed.
local core = require("core")
local morale = require("morale")
local units = require("units")
local combat = require("combat")
local casualties = require("casualties")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- The results by failed saving throws F1, F2 (page 30). Kills scored but all saved (0-0)
-- is not in the book: read as no one killed, like no kills at all [proposed].
data.man_to_man_results = core.define_table("man_to_man_results", {
  decided = { killed = "loser", free_to_move = false, reason = "more failed saving throws: that individual is killed, the other survives" },
  draw = { killed = "both", free_to_move = false, reason = "equal failed saving throws: both are killed" },
  no_kills = { killed = "none", free_to_move = true, reason = "no kills: both are free to move away next Movement phase" },
  all_saved = { killed = "none", free_to_move = true, reason = "kills scored but every one saved: no one is killed" },
}, 30)

-- The polearm's use, declared before the fight (page 32); a lone fighter has no ranks to
-- gain, so two-handed comes first.
local function weapon_row(res, ind, side)
  if ind.weapon ~= "polearm" then return combat.weapon_row(ind) end
  local answer, by = casualties.choose(res, ind.name, { side = side, question = "polearm_use",
    prompt = ind.name .. ": use the polearm as a spear or a two-handed weapon?", options = { "two_handed", "spear" } })
  return answer, by
end

--- One man-to-man fight between checked individuals `a` (the attacker) and `b`, recorded
--- into `res`. Returns the bout: each side's throws, saves and failed saves, the result row
--- and who is killed.
---@param res table the result the dice, modifiers and choices are recorded into
---@param c table {first, second, first_side, second_side}
---@return table bout
function M.bout(res, c)
  local fighters = { { ind = c.first, side = c.first_side }, { ind = c.second, side = c.second_side } }
  for _, x in ipairs(fighters) do
    x.report = { name = x.ind.name, role = x.ind.role, side = x.side, saves = {} }
    x.row, x.report.polearm_chosen_by = weapon_row(res, x.ind, x.side)
    if x.ind.weapon == "polearm" then x.report.polearm = x.row end
  end
  -- The attacker works out his kills, then the defender (page 30).
  for i, x in ipairs(fighters) do
    local y = fighters[3 - i]
    local r = x.report
    r.dice_from = { worth = x.ind.worth }
    local hits = combat.hit_throw(res, r, { unit = x.ind, enemy = y.ind, disorganised = false, ranks = 1,
                                            dice = x.ind.worth, label = "hit throw, " .. x.ind.name .. " v " .. y.ind.name })
    x.kills = combat.kill_throw(res, r, { unit = x.ind, enemy = y.ind, row = x.row, hits = hits,
                                          bloodlust = false, defending_standard = false,
                                          label = "kill throw, " .. x.ind.name .. " v " .. y.ind.name })
  end
  -- Every kill needs a saving throw: the defender's first (page 30, steps 5 and 7). A figure
  -- with no saving throw fails each one.
  for _, i in ipairs({ 2, 1 }) do
    local x, y = fighters[i], fighters[3 - i]
    local failed = 0
    for j = 1, y.kills do
      if not x.ind.save then
        failed = failed + 1
      elseif not casualties.saving_throw(res, x.report, x.ind.name, x.ind.save, "kill " .. j .. " of " .. y.kills,
                                          combat.casualty_phase.throws) then
        failed = failed + 1
      end
    end
    x.report.kills_suffered = y.kills
    x.report.failed_saves = failed
  end
  local f1, f2 = fighters[1].report.failed_saves, fighters[2].report.failed_saves
  local key
  if fighters[1].kills + fighters[2].kills == 0 then key = "no_kills"
  elseif f1 == 0 and f2 == 0 then key = "all_saved"
  elseif f1 == f2 then key = "draw"
  else key = "decided" end
  local row = data.man_to_man_results.rows[key]
  local bout = { first = fighters[1].report, second = fighters[2].report, result = key, reason = row.reason,
                 result_source = data.man_to_man_results:source(key), free_to_move = row.free_to_move,
                 killed = {} }
  local dead = {}
  if row.killed == "both" then dead = { fighters[1], fighters[2] }
  elseif row.killed == "loser" then dead = { f1 > f2 and fighters[1] or fighters[2] } end
  bout.command_test_markers = {}
  local roles = morale.data.command_test_roles.rows
  for _, x in ipairs(dead) do
    bout.killed[#bout.killed + 1] = x.ind.name
    x.report.killed = true
    if roles[x.ind.role] then
      bout.command_test_markers[#bout.command_test_markers + 1] = { side = x.side, name = x.ind.name,
                                                                    role = x.ind.role, event = "killed" }
    end
  end
  fighters[1].report.killed = fighters[1].report.killed or false
  fighters[2].report.killed = fighters[2].report.killed or false
  if #dead == 2 then bout.outcome = "both killed"
  elseif #dead == 1 then bout.outcome = dead[1].ind.name .. " killed"
  elseif row.free_to_move then bout.outcome = "both survive, free to move away"
  else bout.outcome = "both survive" end
  return bout
end

-- Pairs from the input ({{attacker name, defender name}, ...}), or matched by the attacker:
-- each individual of the smaller group in turn, the attacker names its opponent (page 31).
local function pair_off(res, attackers, defenders, pairs, side)
  local by_name = {}
  for _, x in ipairs(attackers) do by_name[x.name] = { ind = x, group = "attackers" } end
  for _, x in ipairs(defenders) do
    if by_name[x.name] then core.fail("defenders", string.format("%s names two individuals", core.show(x.name))) end
    by_name[x.name] = { ind = x, group = "defenders" }
  end
  local want = math.min(#attackers, #defenders)
  local out = {}
  if pairs ~= nil then
    if type(pairs) ~= "table" then core.fail("pairs", "array of {attacker, defender} names expected") end
    if #pairs ~= want then
      core.fail("pairs", string.format("%d pairs given; %d individuals of each side can be paired (page 31)", #pairs, want))
    end
    local taken = {}
    for i, p in ipairs(pairs) do
      local pp = "pairs[" .. i .. "]"
      if type(p) ~= "table" or #p ~= 2 then core.fail(pp, "{attacker name, defender name} expected") end
      local a, d = by_name[p[1]], by_name[p[2]]
      if not a or a.group ~= "attackers" then core.fail(pp .. "[1]", core.show(p[1]) .. " is not an attacking individual") end
      if not d or d.group ~= "defenders" then core.fail(pp .. "[2]", core.show(p[2]) .. " is not a defending individual") end
      for _, x in ipairs({ a, d }) do
        if taken[x.ind] then
          core.fail(pp, core.show(x.ind.name) .. " is in two pairs: two individuals may not fight one (page 31)")
        end
        taken[x.ind] = true
      end
      out[i] = { a.ind, d.ind, by = "input" }
    end
    return out
  end
  local small, large, small_is_attacker
  if #attackers < #defenders then small, large, small_is_attacker = attackers, defenders, true
  else small, large, small_is_attacker = defenders, attackers, false end
  local free = {}
  for i, x in ipairs(large) do free[i] = x end
  for _, s in ipairs(small) do
    local opts, idx = {}, {}
    for i, x in ipairs(free) do opts[#opts + 1] = x.name idx[x.name] = i end
    local prompt = small_is_attacker and (s.name .. " fights which defender?")
      or ("which of your individuals fights " .. s.name .. "?")
    local answer, by = casualties.choose(res, s.name, { side = side, question = "pair_individuals", prompt = prompt, options = opts })
    local partner = table.remove(free, idx[answer])
    if small_is_attacker then out[#out + 1] = { s, partner, by = by }
    else out[#out + 1] = { partner, s, by = by } end
  end
  return out
end

local function check_group(list, path)
  if type(list) ~= "table" then core.fail(path, "an individual or an array of them expected") end
  if list[1] == nil then list = { list } end
  local out = {}
  for i, x in ipairs(list) do out[i] = units.check_individual(x, path .. "[" .. i .. "]") end
  return out
end

M.procedures = {
  man_to_man = {
    doc = "two individuals alone in contact fight with full profiles; the one with more failed saving throws is killed (p.30)",
    fields = { "first", "second", "first_side", "second_side" },
    run = function(input)
      if input.first == nil then core.fail("first", "missing (an individual: the one that moved into contact)") end
      if input.second == nil then core.fail("second", "missing (an individual)") end
      local res = core.result("man_to_man")
      res.choices = {}
      local bout = M.bout(res, {
        first = units.check_individual(input.first, "first"),
        second = units.check_individual(input.second, "second"),
        first_side = core.check_side(input.first_side, "first_side", "attacker"),
        second_side = core.check_side(input.second_side, "second_side", "defender"),
      })
      for k, v in pairs(bout) do res[k] = v end
      return res
    end,
  },
  man_to_man_groups = {
    doc = "two groups of individuals meet: the attacker pairs them off, each pair fights man to man, the surplus stand aside (p.31)",
    fields = { "attackers", "defenders", "pairs", "attacker_side", "defender_side" },
    run = function(input)
      if input.attackers == nil then core.fail("attackers", "missing (the individuals that moved into contact)") end
      if input.defenders == nil then core.fail("defenders", "missing") end
      local attackers = check_group(input.attackers, "attackers")
      local defenders = check_group(input.defenders, "defenders")
      local a_side = core.check_side(input.attacker_side, "attacker_side", "attacker")
      local d_side = core.check_side(input.defender_side, "defender_side", "defender")
      local res = core.result("man_to_man_groups")
      res.choices = {}
      local pairs_ = pair_off(res, attackers, defenders, input.pairs, a_side)
      res.bouts, res.killed, res.command_test_markers, res.surplus = {}, {}, {}, {}
      local paired = {}
      for _, p in ipairs(pairs_) do
        paired[p[1]], paired[p[2]] = true, true
        local bout = M.bout(res, { first = p[1], second = p[2], first_side = a_side, second_side = d_side })
        bout.paired_by = p.by
        res.bouts[#res.bouts + 1] = bout
        for _, n in ipairs(bout.killed) do res.killed[#res.killed + 1] = n end
        for _, m in ipairs(bout.command_test_markers) do res.command_test_markers[#res.command_test_markers + 1] = m end
      end
      for _, group in ipairs({ attackers, defenders }) do
        for _, x in ipairs(group) do
          if not paired[x] then res.surplus[#res.surplus + 1] = x.name end
        end
      end
      local parts = {}
      for _, b in ipairs(res.bouts) do parts[#parts + 1] = b.first.name .. " v " .. b.second.name .. ": " .. b.outcome end
      if #res.surplus > 0 then parts[#parts + 1] = table.concat(res.surplus, ", ") .. " free to move away" end
      res.outcome = table.concat(parts, "; ")
      return res
    end,
  },
}

return M
