--- Fantasy Warriors combat casualties (page 33): the kills a unit suffered falling on its
--- specials and attached characters (1D per 3 kills, the inflicting side chooses for each 6),
--- the rest on its warriors (other-profile figures by the owner's choice), saving throws, the
--- annihilated unit (option annihilation_saves) and the deaths that set Command Test
--- counters. Works on a roster of the unit built here; changes no input table.
local core = require("core")
require("morale") -- defines the table "command_test_roles" this module reads

local M = {}

-- 1D for every 3 kills or part of 3; a 6 falls on a special or individual (page 33). A
-- saving throw is 2D totalled, and the figure fights on when it beats SAV (page 33).
core.define_table("combat_casualties", {
  specials = { kills_per_die = 3, target = 6 },
  save = { dice = "2d6" },
}, 33)

--- Asks `req.side` (or takes `given` from the input), records {side, question, answer, by,
--- about} in res.choices and returns the answer and who gave it ("input" when given).
---@param res table a result with `choices`
---@param about string the unit or figure the choice is about
---@param req muster.choice.request
---@param given? string the input's answer
---@return string answer
---@return string by
function M.choose(res, about, req, given)
  local answer, by
  if given ~= nil then
    answer, by = given, "input"
  else
    answer, by = muster.choice.get(req)
  end
  res.choices[#res.choices + 1] = { side = req.side, question = req.question, answer = answer, by = by, about = about }
  return answer, by
end

-- ---------------------------------------------------------------------------------------
-- The roster: who can take a kill
-- ---------------------------------------------------------------------------------------

--- A new roster for fighter `f` ({unit, eff, lone, individual}): the warriors (and the
--- other-profile figures) as counted groups, each special and attached character apart.
---@param f table a fighter of combat.lua
---@return table roster
function M.new(f)
  local u, save = f.unit, f.eff.save
  local cas = { name = u.name, kills = 0, losses = 0, saves = {}, specials = {}, special_figs = {}, command_test = {},
                annihilated = false, lone = f.lone,
                dead = { warriors = 0, leader = false, champion = false, standard = false, musicians = 0,
                         profiles = {}, individuals = {} } }
  if f.lone then
    cas.figures = 1
    cas.groups = {}
    cas.figs = { { key = u.name, kind = "lone", name = u.name, role = f.individual.role, save = save, kills = 0 } }
    return cas
  end
  cas.figures = u.figures
  local specials = (u.leader and 1 or 0) + (u.champion and 1 or 0) + u.musicians + (u.standard and 1 or 0)
  local in_profiles = 0
  for _, p in ipairs(u.profiles) do in_profiles = in_profiles + p.figures end
  cas.groups = { { key = "warriors", name = u.name .. " warrior", count = u.figures - specials - in_profiles,
                   save = save, hit = 0 } }
  for i, p in ipairs(u.profiles) do
    cas.groups[#cas.groups + 1] = { key = p.name, name = p.name, count = p.figures, save = p.save, hit = 0, profile = i }
  end
  local figs = {}
  local function add(key, kind, name) figs[#figs + 1] = { key = key, kind = kind, name = name, save = save, kills = 0 } end
  if u.leader then add("leader", "leader", u.name .. " leader") end
  if u.champion then add("champion", "champion", u.name .. " champion") end
  for i = 1, u.musicians do
    add(u.musicians == 1 and "musician" or ("musician " .. i), "musician", u.name .. " musician")
  end
  if u.standard then add("standard_bearer", "standard", u.name .. " standard bearer") end
  local used = { leader = true, champion = true, standard_bearer = true, musician = true, warriors = true }
  for i, ind in ipairs(u.individuals) do
    local key = ind.name
    if used[key] then key = ind.name .. " (" .. i .. ")" end
    used[key] = true
    figs[#figs + 1] = { key = key, kind = "individual", name = ind.name, role = ind.role, save = ind.save,
                        kills = 0, index = i }
  end
  cas.figs = figs
  return cas
end

-- A figure without a save that took a kill is as good as dead.
local function doomed(fig)
  return fig.kills > 0 and not fig.save
end

-- The unit's own figures (not attached characters) still untouched, the standard bearer aside.
local function others_standing(cas)
  local n = 0
  for _, g in ipairs(cas.groups) do n = n + g.count - g.hit end
  for _, fig in ipairs(cas.figs) do
    if fig.kind ~= "individual" and fig.kind ~= "standard" and not doomed(fig) then n = n + 1 end
  end
  return n
end

-- Who a 6 may fall on: specials and attached characters; a standard bearer only when the
-- standard bearers are the only figures left (page 33). A figure with a save may be chosen
-- again (it saves against each kill).
local function six_candidates(cas)
  local opts, by_key = {}, {}
  local standard_open = others_standing(cas) == 0
  for _, fig in ipairs(cas.figs) do
    if not doomed(fig) and (fig.kind ~= "standard" or standard_open) then
      opts[#opts + 1] = fig.key
      by_key[fig.key] = fig
    end
  end
  return opts, by_key
end

-- Kills beyond the warriors fall on the specials still untouched, the standard bearer when
-- every other figure of the unit has taken a kill.
local function overflow_candidates(cas)
  local opts, by_key = {}, {}
  local untouched = 0
  for _, fig in ipairs(cas.figs) do
    if fig.kind ~= "individual" and fig.kind ~= "standard" and fig.kills == 0 then untouched = untouched + 1 end
  end
  local standard_open = untouched == 0
  for _, fig in ipairs(cas.figs) do
    if fig.kind ~= "individual" and fig.kills == 0 and (fig.kind ~= "standard" or standard_open) then
      opts[#opts + 1] = fig.key
      by_key[fig.key] = fig
    end
  end
  return opts, by_key
end

--- Shares out `a.kills` on the roster (steps 4 and 6 of page 30): kills to specials and
--- individuals chosen by the inflicting side `a.side`, the rest on warriors in the order the
--- owner `a.owner` chooses. An annihilated unit is left to save().
---@param res table the result (dice, choices)
---@param cas table a roster from new()
---@param a table {kills, side, owner, options}
function M.allocate(res, cas, a)
  local k = a.kills
  cas.kills = k
  if k == 0 then return end
  if cas.lone then
    cas.figs[1].kills = k
    return
  end
  if k > cas.figures then
    cas.annihilated = true
    return
  end
  local used = 0
  if #six_candidates(cas) > 0 then
    local row = core.get_table("combat_casualties").specials
    cas.specials_dice = math.ceil(k / row.kills_per_die)
    local r = core.count(res, { n = cas.specials_dice, target = row.target, label = "kills to specials, " .. cas.name })
    cas.sixes = r.successes
    for i = 1, r.successes do
      local opts, by_key = six_candidates(cas)
      if #opts == 0 then break end
      local answer, by = M.choose(res, cas.name, { side = a.side, question = "special_killed",
        prompt = string.format("a 6 (%d of %d) on %s: which special or character is killed?", i, r.successes, cas.name),
        options = opts, context = { kills = k, six = i, sixes = r.successes } })
      local fig = by_key[answer]
      fig.kills = fig.kills + 1
      used = used + 1
      cas.specials[#cas.specials + 1] = { six = i, figure = answer, chosen_by = by }
      cas.special_figs[#cas.specials] = fig
    end
  end
  -- The others fall on warriors; the owner says which kind first when there are several.
  local rest = k - used
  local order = {}
  for _, g in ipairs(cas.groups) do if g.count > 0 then order[#order + 1] = g end end
  if #order > 1 and rest > 0 then
    local opts = {}
    for _, g in ipairs(order) do opts[#opts + 1] = g.key end
    local answer, by = M.choose(res, cas.name, { side = a.owner, question = "casualties_first",
      prompt = cas.name .. ": which figures fall first to the ordinary kills?", options = opts })
    cas.casualties_first, cas.casualties_first_chosen_by = answer, by
    for i, g in ipairs(order) do
      if g.key == answer then table.remove(order, i) table.insert(order, 1, g) break end
    end
  end
  for _, g in ipairs(order) do
    local n = math.min(rest, g.count - g.hit)
    g.hit = g.hit + n
    rest = rest - n
  end
  -- More kills than warriors (not annihilated): the rest fall on the specials.
  while rest > 0 do
    local opts, by_key = overflow_candidates(cas)
    if #opts == 0 then break end
    local answer, by = M.choose(res, cas.name, { side = a.side, question = "special_killed",
      prompt = string.format("%d kill(s) beyond the warriors of %s: which special is killed?", rest, cas.name),
      options = opts, context = { kills = k, overflow = rest } })
    by_key[answer].kills = 1
    cas.specials[#cas.specials + 1] = { figure = answer, chosen_by = by, beyond_warriors = true }
    cas.special_figs[#cas.specials] = by_key[answer]
    rest = rest - 1
  end
end

-- ---------------------------------------------------------------------------------------
-- Saving throws and deaths
-- ---------------------------------------------------------------------------------------

--- One saving throw into `res`: 2D, the figure fights on when the total beats `save`.
--- Appends {figure, save, total, saved, against} to `into.saves`; returns whether it saved.
---@param res table the result the dice are recorded into
---@param into table a table with a `saves` array
---@param name string the figure
---@param save integer its SAV
---@param against string what the save is against, for people
---@return boolean saved
function M.saving_throw(res, into, name, save, against)
  local row = core.get_table("combat_casualties").save
  local label = "saving throw, " .. name
  local total
  if core.explaining() then total = core.sum(res, row.dice, label)
  else total = muster.dice.roll_sum(row.dice, label) end
  local saved = total > save
  into.saves[#into.saves + 1] = { figure = name, save = save, total = total, saved = saved, against = against }
  return saved
end
local saving_throw = M.saving_throw

local function die(cas, fig)
  if fig.dead then return end
  fig.dead = true
  local d = cas.dead
  if fig.kind == "musician" then d.musicians = d.musicians + 1
  elseif fig.kind == "individual" then d.individuals[fig.index] = true
  elseif fig.kind ~= "lone" then d[fig.kind] = true end
  if fig.kind ~= "individual" then cas.losses = cas.losses + 1 end
  if fig.role and core.get_table("command_test_roles")[fig.role] then
    cas.command_test[#cas.command_test + 1] = { name = fig.name, role = fig.role }
  end
end

local function group_loss(cas, g, n)
  if n == 0 then return end
  if g.profile then cas.dead.profiles[g.profile] = (cas.dead.profiles[g.profile] or 0) + n
  else cas.dead.warriors = cas.dead.warriors + n end
  cas.losses = cas.losses + n
end

-- Every throw is made, even after a failure (the book's Saving Throw example throws all
-- four); one failure kills the figure.
local function save_figure(res, cas, fig, n, why)
  if n == 0 then return end
  if not fig.save then die(cas, fig) return end
  local failed = false
  for j = 1, n do
    if not saving_throw(res, cas, fig.name, fig.save, n > 1 and (why .. " " .. j .. " of " .. n) or why) then failed = true end
  end
  if failed then die(cas, fig) end
end

-- An annihilated unit (page 33): warriors, then specials and characters, without a save die;
-- the outstanding casualties (kills less the figures killed so far) are saved against by
-- every figure with a save (each against all of them), or shared out one at a time by the
-- inflicting side (option annihilation_saves = "one_save_figure").
local function annihilate(res, cas, a)
  local killed = 0
  for _, g in ipairs(cas.groups) do
    if not g.save then
      group_loss(cas, g, g.count)
      killed = killed + g.count
      g.gone = g.count
    end
  end
  for _, fig in ipairs(cas.figs) do
    if not fig.save then
      die(cas, fig)
      if fig.kind ~= "individual" then killed = killed + 1 end
    end
  end
  local outstanding = cas.kills - killed
  cas.outstanding = outstanding
  -- Attached characters first, then specials, then warriors (the order options are offered in).
  local savers = {}
  for _, fig in ipairs(cas.figs) do
    if fig.save and fig.kind == "individual" then savers[#savers + 1] = fig end
  end
  for _, fig in ipairs(cas.figs) do
    if fig.save and fig.kind ~= "individual" then savers[#savers + 1] = fig end
  end
  for _, g in ipairs(cas.groups) do
    if g.save then
      for i = 1, g.count do
        savers[#savers + 1] = { key = g.key .. " " .. i, kind = "warrior", name = g.name, save = g.save, group = g }
      end
    end
  end
  local function fall(s)
    if s.group then
      if not s.dead then s.dead = true group_loss(cas, s.group, 1) end
    else
      die(cas, s)
    end
  end
  if a.options.annihilation_saves == "one_save_figure" then
    cas.allocations = {}
    for j = 1, outstanding do
      local opts, by_key = {}, {}
      for _, s in ipairs(savers) do
        if not s.dead then opts[#opts + 1] = s.key by_key[s.key] = s end
      end
      if #opts == 0 then break end
      -- Asked only when there is a choice to make.
      local answer, by = opts[1], nil
      if #opts > 1 then
        answer, by = M.choose(res, cas.name, { side = a.side, question = "annihilation_save",
          prompt = string.format("outstanding casualty %d of %d on %s: which figure must save?", j, outstanding, cas.name),
          options = opts, context = { outstanding = outstanding, casualty = j } })
      end
      local s = by_key[answer]
      local saved = saving_throw(res, cas, s.name, s.save, "outstanding casualty " .. j)
      if not saved then fall(s) end
      cas.allocations[#cas.allocations + 1] = { casualty = j, figure = answer, chosen_by = by, killed = not saved }
    end
  else
    for _, s in ipairs(savers) do
      local failed = false
      for j = 1, outstanding do
        if not saving_throw(res, cas, s.name, s.save, "outstanding casualty " .. j) then failed = true end
      end
      if failed then fall(s) end
    end
  end
end

--- The saving throws of the roster's owner (steps 5 and 7 of page 30) and the deaths.
--- a = {side (the inflicting side, which shares out an annihilated unit's casualties), options}.
---@param res table
---@param cas table a roster after allocate()
---@param a table
function M.save(res, cas, a)
  if cas.kills == 0 then return end
  if cas.annihilated then return annihilate(res, cas, a) end
  for _, g in ipairs(cas.groups) do
    if g.hit > 0 then
      if g.save then
        local lost = 0
        for j = 1, g.hit do
          if not saving_throw(res, cas, g.name, g.save, "kill " .. j .. " of " .. g.hit) then lost = lost + 1 end
        end
        group_loss(cas, g, lost)
      else
        group_loss(cas, g, g.hit)
      end
    end
  end
  for _, fig in ipairs(cas.figs) do
    save_figure(res, cas, fig, fig.kills, fig.kind == "lone" and "kill" or ("kill to " .. fig.key))
  end
end

--- Whether the unit's standard bearer is still standing after the saves.
---@param cas table
---@return boolean
function M.standard_alive(cas)
  for _, fig in ipairs(cas.figs) do
    if fig.kind == "standard" then return not fig.dead end
  end
  return false
end

--- The standard bearer's saving throw against a capture (page 31); false without a save.
---@param res table
---@param cas table
---@return boolean saved
function M.standard_save(res, cas)
  for _, fig in ipairs(cas.figs) do
    if fig.kind == "standard" then
      if not fig.save then return false end
      return saving_throw(res, cas, fig.name, fig.save, "standard capture")
    end
  end
  return false
end

--- Copies the roster's outcome into a unit report.
---@param rep table the unit report being built
---@param cas table a roster after save()
function M.report(rep, cas)
  rep.kills_suffered = cas.kills
  rep.annihilated = cas.annihilated
  rep.outstanding = cas.outstanding
  rep.allocations = cas.allocations
  rep.specials_dice = cas.specials_dice
  rep.sixes = cas.sixes
  for i, entry in ipairs(cas.specials) do entry.killed = cas.special_figs[i].dead == true end
  rep.specials = cas.specials
  rep.casualties_first, rep.casualties_first_chosen_by = cas.casualties_first, cas.casualties_first_chosen_by
  rep.saves = cas.saves
  local passed, failed = 0, 0
  for _, s in ipairs(cas.saves) do
    if s.saved then passed = passed + 1 else failed = failed + 1 end
  end
  rep.saves_passed, rep.saves_failed = passed, failed
  local killed, characters = {}, {}
  local d = cas.dead
  if d.leader then killed[#killed + 1] = "leader" end
  if d.champion then killed[#killed + 1] = "champion" end
  for _ = 1, d.musicians do killed[#killed + 1] = "musician" end
  if d.standard then killed[#killed + 1] = "standard_bearer" end
  for _, fig in ipairs(cas.figs) do
    if fig.kind == "individual" and fig.dead then
      killed[#killed + 1] = fig.name
      characters[#characters + 1] = fig.name
    end
  end
  rep.killed = killed
  rep.characters_killed = characters
  rep.warriors_killed = d.warriors
  local profiles = {}
  for _, g in ipairs(cas.groups) do
    if g.profile then profiles[#profiles + 1] = d.profiles[g.profile] or 0 end
  end
  if #profiles > 0 then rep.profiles_killed = profiles end
end

return M
