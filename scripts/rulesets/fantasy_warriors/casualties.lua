--- Fantasy Warriors casualties, one implementation for shooting (page 24) and combat (page 33):
--- the kills a unit suffered falling on its specials and attached characters (1D per 3 kills,
--- the inflicting side chooses for each 6), the rest on its warriors, the saving throws, the
--- annihilated unit (option annihilation_saves), a lone figure, and the deaths that set Command
--- Test counters. What the two pages print differently comes in as a phase table (M.new).
--- Works on a roster built here; changes no input table. Randomness only through muster.dice.
local core = require("core")
local morale = require("morale")  -- owns the table command_test_roles read here

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- Readings of points the book leaves open, one row each (a house rule sets a row:
-- docs/variants.md, HR-8). `casualties_first`: who says which kind of figure falls first to
-- the ordinary kills, `chosen_by` = "owner" (page 33 is silent; the owner removes his own
-- figures) or "inflicting" (the side that inflicted the kills).
data.casualty_readings = core.define_table("casualty_readings", {
  casualties_first = { chosen_by = "owner" },
}, 33, { doc = "readings the book leaves open: who chooses which figures fall to the ordinary kills" })

-- A phase table says what its page prints differently: `throws`, the table whose rows it reads
-- (`specials` {kills_per_die, target}, `save` {dice}, `single_figure` {target});
-- `single_figure`, a lone figure's kills are thrown again 1D each and only the 6s count
-- (shooting, p.24), otherwise it saves against every kill (combat, p.33); `profiles`, figures
-- of another profile fall apart with their own save, the owner saying which kind falls first
-- (combat, p.30), otherwise they fall as warriors (shooting shoots a unit as its main profile).
---@class fw.casualty_phase
---@field throws string
---@field single_figure boolean
---@field profiles boolean

--- Asks `req.side` (or takes `given` from the input), records {side, question, answer, by,
--- about} in res.choices when the result keeps choices, and returns the answer and who gave it
--- ("input" when given).
---@param res table a result
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
  if res and res.choices then
    res.choices[#res.choices + 1] = { side = req.side, question = req.question, answer = answer, by = by, about = about }
  end
  return answer, by
end

-- Asks only when there is a choice to make: a single option is taken without a question.
local function pick(res, about, req)
  if #req.options == 1 then return req.options[1], nil end
  return M.choose(res, about, req)
end

--- One saving throw into `res`: 2D (the `save` row of table `throws`), the figure fights on
--- when the total beats `save`. Appends {figure, save, total, saved, against} to `into.saves`
--- (no total when exact odds enumerate the throw).
---@param res table the result the dice are recorded into
---@param into table a table with a `saves` array
---@param name string the figure
---@param save integer its SAV
---@param against string what the save is against, for people
---@param throws table the phase's table (shooting.data.shooting_throws, combat.data.combat_casualties, ...)
---@return boolean saved
function M.saving_throw(res, into, name, save, against, throws)
  local row = throws.rows.save
  local label = "saving throw, " .. name
  local total, saved
  if core.explaining() then
    total = core.sum(res, row.dice, label)
    saved = total > save
  else  -- the same dice; exact odds branch on the test alone, and give no total
    saved, total = muster.dice.roll_above(row.dice, save, label)
  end
  into.saves[#into.saves + 1] = { figure = name, save = save, total = total, saved = saved, against = against }
  return saved
end

-- ---------------------------------------------------------------------------------------
-- The roster: who can take a kill
-- ---------------------------------------------------------------------------------------

--- A new roster for `unit` (a checked unit): the warriors as counted groups, each special and
--- attached character apart. opts = {profile?, alone?, individual?, sheltered?}: `profile` the
--- profile struck this phase, whose save the warriors and specials have (default the unit;
--- combat passes the rider-and-mount line when chosen); `alone` the unit is one lone figure;
--- `individual` the unit is this lone individual fighting as a unit of one (combat.lua);
--- `sheltered` a set of attached characters' indexes that no 6 may fall on and that fall only
--- when every other figure but the standard bearer has (HR-9 Unarmed, combat.lua's table
--- fighting_abilities).
--- A roster takes its kills in one wave or several (allocate then save, again): a figure
--- killed in one wave is not offered in the next.
---@param unit table
---@param phase fw.casualty_phase
---@param opts? table
---@return table roster
function M.new(unit, phase, opts)
  opts = opts or {}
  local u = unit
  local save = (opts.profile or u).save
  local figs, groups = {}, {}
  local cas = { name = u.name, phase = phase, figures = u.figures, kills = 0, losses = 0, saves = {},
                specials = {}, strikes = {}, strike_why = {}, strike_entry = {}, killed = {}, command_test = {},
                annihilated = false, wave_table = {},
                alone = opts.alone == true or opts.individual ~= nil, figs = figs, groups = groups,
                dead = { warriors = 0, leader = false, champion = false, standard = false, musicians = 0,
                         profiles = {}, individuals = {} } }
  cas.specials_label = "kills to specials, " .. u.name
  if opts.individual then
    cas.figures = 1
    figs[1] = { key = u.name, kind = "lone", name = u.name, role = opts.individual.role, save = save, kills = 0,
                save_label = "saving throw, " .. u.name }
    return cas
  end
  -- `killed_as` is the word the morale area's `killed` lists use.
  local function add(key, kind, name, killed_as)
    local full = u.name .. " " .. name
    figs[#figs + 1] = { key = key, kind = kind, name = full, save = save, kills = 0, killed_as = killed_as,
                        save_label = "saving throw, " .. full }
  end
  if u.leader then add("leader", "leader", "leader", "leader") end
  if u.champion then add("champion", "champion", "champion", "champion") end
  for i = 1, u.musicians do
    add(u.musicians == 1 and "musician" or ("musician " .. i), "musician", "musician", "musician")
  end
  if u.standard then add("standard_bearer", "standard", "standard bearer", "standard_bearer") end
  local warriors = u.figures - #figs
  if phase.profiles then
    for _, p in ipairs(u.profiles) do warriors = warriors - p.figures end
  end
  if cas.alone and warriors == 1 then
    -- The lone figure is a warrior: it takes its kills as one figure.
    figs[#figs + 1] = { key = "warriors", kind = "warrior", name = u.name .. " warrior", save = save, kills = 0,
                        save_label = "saving throw, " .. u.name .. " warrior" }
  else
    groups[1] = { key = "warriors", name = u.name .. " warrior", count = warriors, save = save, hit = 0,
                  save_label = "saving throw, " .. u.name .. " warrior" }
  end
  if phase.profiles then
    for i, p in ipairs(u.profiles) do
      groups[#groups + 1] = { key = p.name, name = p.name, count = p.figures, save = p.save, hit = 0, profile = i,
                              save_label = "saving throw, " .. p.name }
    end
  end
  local used = { leader = true, champion = true, standard_bearer = true, musician = true, warriors = true }
  for i, ind in ipairs(u.individuals) do
    local key = ind.name
    if used[key] then key = ind.name .. " (" .. i .. ")" end
    used[key] = true
    figs[#figs + 1] = { key = key, kind = "individual", name = ind.name, role = ind.role, save = ind.save,
                        kills = 0, index = i, killed_as = ind.name,
                        sheltered = opts.sheltered ~= nil and opts.sheltered[i] == true or nil,
                        save_label = "saving throw, " .. ind.name }
  end
  return cas
end

local function clear(list)
  for i = #list, 1, -1 do list[i] = nil end
end

--- Makes roster `cas` (from M.new) as M.new made it, so that it can take another phase's
--- kills without being built again (an odds trial plays the same round many times).
--- Returns it.
---@param cas table
---@return table cas
function M.reset(cas)
  cas.kills, cas.losses, cas.annihilated = 0, 0, false
  cas.wave, cas.specials_dice, cas.sixes, cas.single_figure_sixes = nil, nil, nil, nil
  cas.casualties_first, cas.casualties_first_chosen_by, cas.outstanding, cas.allocations = nil, nil, nil, nil
  cas.saved, cas.last = nil, nil
  clear(cas.saves)
  clear(cas.specials)
  clear(cas.strikes)
  clear(cas.strike_why)
  clear(cas.strike_entry)
  clear(cas.killed)
  clear(cas.command_test)
  local d = cas.dead
  d.warriors, d.leader, d.champion, d.standard, d.musicians = 0, false, false, false, 0
  for _, fig in ipairs(cas.figs) do
    fig.kills, fig.dead = 0, nil
    if fig.index then d.individuals[fig.index] = nil end
  end
  for _, g in ipairs(cas.groups) do
    g.hit, g.lost = 0, nil
    if g.profile then d.profiles[g.profile] = nil end
  end
  return cas
end

-- One kill allocated to `target` (a figure, or a group of warriors: each kill a different
-- figure), saved against later in the order allocated (cas.strikes); with a result `res`, why
-- (for the saving throw's record) and `entry`, the kills-to-specials record told whether this
-- kill killed (cas.strike_why, cas.strike_entry).
local function strike(res, cas, target, why, entry)
  if target.count then target.hit = target.hit + 1 else target.kills = target.kills + 1 end
  local i = #cas.strikes + 1
  cas.strikes[i] = target
  if res then cas.strike_why[i], cas.strike_entry[i] = why, entry or false end
end

-- A figure without a save that took a kill is as good as dead.
local function doomed(fig)
  return fig.kills > 0 and not fig.save
end

-- The keys of the figures in `list` that `keep` accepts, in order, and the figures by key.
local function offer(list, keep)
  local opts, by_key = {}, {}
  for _, x in ipairs(list) do
    if keep(x) then
      opts[#opts + 1] = x.key
      by_key[x.key] = x
    end
  end
  return opts, by_key
end

-- The figures still standing when a wave of kills comes (figures the roster counts).
local function standing(cas)
  return cas.figures - cas.losses
end

-- Who a 6 may fall on: specials and attached characters not sheltered; a standard bearer only
-- when the kills would leave no other figure of the unit standing (pages 24 and 33 print the
-- same restriction; read before the saves, since the choice comes first). A figure with a save
-- may be chosen again (it saves against each kill).
local function six_candidate(fig, standard_open)
  return not fig.dead and not fig.sheltered and not doomed(fig) and (fig.kind ~= "standard" or standard_open)
end

local function six_candidates(cas, k)
  local standard_open = k >= standing(cas) - 1
  local opts, by_key = {}, {}
  for _, fig in ipairs(cas.figs) do
    if six_candidate(fig, standard_open) then
      opts[#opts + 1] = fig.key
      by_key[fig.key] = fig
    end
  end
  return opts, by_key
end

-- Whether a 6 may fall on any figure (six_candidates, nothing built).
local function any_six_candidate(cas, k)
  local standard_open = k >= standing(cas) - 1
  for _, fig in ipairs(cas.figs) do
    if six_candidate(fig, standard_open) then return true end
  end
  return false
end

-- Kills beyond the warriors fall on the specials still untouched, then on the sheltered
-- characters, the standard bearer when no other figure is left to choose.
local function overflow_candidates(cas)
  local untouched, sheltered = 0, 0
  for _, fig in ipairs(cas.figs) do
    if fig.kills == 0 and not fig.dead then
      if fig.sheltered then sheltered = sheltered + 1
      elseif fig.kind ~= "individual" and fig.kind ~= "standard" then untouched = untouched + 1 end
    end
  end
  return offer(cas.figs, function(fig)
    if fig.kills > 0 or fig.dead then return false end
    if fig.sheltered then return untouched == 0 end
    return fig.kind ~= "individual" and (fig.kind ~= "standard" or untouched + sheltered == 0)
  end)
end

-- Warriors of group `g` still standing and not yet struck in this wave.
local function open_in(g)
  return g.count - g.lost - g.hit
end

-- A lone figure: every kill on it; with the single-figure rule (page 24) 1D per kill first,
-- and only the 6s are real kills.
local function allocate_alone(res, cas, k)
  local fig, n, why = cas.figs[1], k, "kill"
  if fig.dead then return end
  if cas.phase.single_figure then
    local row = cas.phase.throws.rows.single_figure
    local r = core.count(res, { n = k, target = row.target, label = "single figure, " .. cas.name })  -- rare
    cas.single_figure_sixes, n, why = r.successes, r.successes, "six"
  end
  for _ = 1, n do strike(res, cas, fig, why) end
end

--- Shares out `a.kills`, one wave, on the roster (the book's "kills to specials", before any
--- save): a lone figure takes them all; a wave of more kills than figures standing annihilates
--- the unit, left to save(); otherwise 1D per 3 kills
--- (or part) when a special or character can be chosen, each 6 on one the inflicting side
--- `a.side` chooses (question "special_killed"), the rest on the warriors (the owner `a.owner`,
--- or `a.side` under table casualty_readings, says which kind first, question
--- "casualties_first"), any beyond them on the untouched specials.
---@param res table the result (dice, choices)
---@param cas table a roster from new()
---@param a table {kills, side, owner?}
function M.allocate(res, cas, a)
  local k = a.kills
  cas.kills = cas.kills + k
  local wave = cas.wave_table  -- the roster's, one wave at a time
  wave.kills, wave.from, wave.annihilated = k, #cas.strikes + 1, nil
  cas.wave = wave
  for _, g in ipairs(cas.groups) do g.lost, g.hit = g.lost or 0, 0 end
  if k == 0 then return end
  if cas.alone then return allocate_alone(res, cas, k) end
  if k > standing(cas) then
    cas.annihilated, cas.wave.annihilated = true, true
    return
  end
  local used = 0
  if any_six_candidate(cas, k) then
    local row = cas.phase.throws.rows.specials
    local n = math.ceil(k / row.kills_per_die)
    cas.specials_dice = (cas.specials_dice or 0) + n
    local sixes
    if res then
      sixes = core.count(res, { n = n, target = row.target, label = cas.specials_label }).successes
    else
      sixes = muster.dice.tally(n, row.target, 0, false, cas.specials_label)
    end
    cas.sixes = (cas.sixes or 0) + sixes
    for i = 1, sixes do
      local opts, by_key = six_candidates(cas, k)
      if #opts == 0 then break end
      local answer, by = M.choose(res, cas.name, { side = a.side, question = "special_killed",
        prompt = string.format("a 6 (%d of %d) on %s: which special or character is killed?", i, sixes, cas.name),
        options = opts, context = { kills = k, six = i, sixes = sixes } })
      local entry
      if res then
        entry = { six = i, figure = answer, chosen_by = by }
        cas.specials[#cas.specials + 1] = entry
      end
      strike(res, cas, by_key[answer], res and "kill to " .. answer, entry)
      used = used + 1
    end
  end
  -- The others fall on warriors; the owner (or the inflicting side, casualty_readings) says
  -- which kind first when there are several.
  local rest = k - used
  local order = {}
  for _, g in ipairs(cas.groups) do if open_in(g) > 0 then order[#order + 1] = g end end
  if #order > 1 and rest > 0 then
    local opts = {}
    for _, g in ipairs(order) do opts[#opts + 1] = g.key end
    local chooser = data.casualty_readings.rows.casualties_first.chosen_by
    if chooser ~= "owner" and chooser ~= "inflicting" then
      error("casualty_readings.casualties_first: chosen_by is " .. core.show(chooser)
            .. " (want \"owner\" or \"inflicting\")", 0)
    end
    local answer, by = M.choose(res, cas.name, { side = chooser == "inflicting" and a.side or a.owner,
      question = "casualties_first", prompt = cas.name .. ": which figures fall first to the ordinary kills?",
      options = opts })
    cas.casualties_first, cas.casualties_first_chosen_by = answer, by
    for i, g in ipairs(order) do
      if g.key == answer then table.remove(order, i) table.insert(order, 1, g) break end
    end
  end
  for _, g in ipairs(order) do
    local n = math.min(rest, open_in(g))
    for _ = 1, n do strike(res, cas, g, "kill") end
    rest = rest - n
  end
  -- More kills than warriors (not annihilated): the rest fall on the specials.
  while rest > 0 do
    local opts, by_key = overflow_candidates(cas)
    if #opts == 0 then break end
    local answer, by = pick(res, cas.name, { side = a.side, question = "special_killed",
      prompt = string.format("%d kill(s) beyond the warriors of %s: which special is killed?", rest, cas.name),
      options = opts, context = { kills = k, overflow = rest } })
    local entry
    if res then
      entry = { figure = answer, chosen_by = by, beyond_warriors = true }
      cas.specials[#cas.specials + 1] = entry
    end
    strike(res, cas, by_key[answer], res and "kill to " .. answer, entry)
    rest = rest - 1
  end
end

-- ---------------------------------------------------------------------------------------
-- Saving throws and deaths
-- ---------------------------------------------------------------------------------------

-- Records the death of figure `fig`; returns false when it was dead already. Attached
-- characters are not among the unit's losses; whose death sets Command Test counters is
-- morale's table "command_test_roles", read at run time.
local function die(cas, fig)
  if fig.dead then return false end
  fig.dead = true
  local d = cas.dead
  if fig.kind == "musician" then d.musicians = d.musicians + 1
  elseif fig.kind == "individual" then d.individuals[fig.index] = true
  elseif fig.kind == "warrior" then d.warriors = d.warriors + 1
  elseif fig.kind ~= "lone" then d[fig.kind] = true end
  if fig.kind ~= "individual" then cas.losses = cas.losses + 1 end
  if fig.killed_as then cas.killed[#cas.killed + 1] = fig.killed_as end
  if fig.role and morale.data.command_test_roles.rows[fig.role] then
    cas.command_test[#cas.command_test + 1] = { name = fig.name, role = fig.role, event = "killed" }
  end
  return true
end

local function group_loss(cas, g, n)
  if n == 0 then return end
  g.lost = (g.lost or 0) + n
  if g.profile then cas.dead.profiles[g.profile] = (cas.dead.profiles[g.profile] or 0) + n
  else cas.dead.warriors = cas.dead.warriors + n end
  cas.losses = cas.losses + n
end

-- A saving throw of `who` (a figure or group, or an annihilated unit's saver): with a result
-- `res`, recorded (M.saving_throw); without one, only whether it is saved.
local function throw(res, cas, who, why)
  if not res then
    return (muster.dice.roll_above(cas.phase.throws.rows.save.dice, who.save, who.save_label or ("saving throw, " .. who.name)))
  end
  return M.saving_throw(res, cas, who.name, who.save, why, cas.phase.throws)
end

-- An annihilated unit (pages 24 and 33): warriors, then specials and characters, without a
-- save die; the outstanding casualties (kills less the unit's figures killed so far) are
-- shared out one at a time by the inflicting side (option annihilation_saves =
-- "one_save_figure", question "annihilation_save"), or saved against by every figure with a
-- save, each against all of them ("every_save_figure"; one failure kills).
local function annihilate(res, cas, a)
  local killed = 0
  for _, g in ipairs(cas.groups) do
    if not g.save then
      local n = g.count - g.lost
      group_loss(cas, g, n)
      killed = killed + n
    end
  end
  for _, fig in ipairs(cas.figs) do
    if not fig.save and not fig.dead then
      die(cas, fig)
      if fig.kind ~= "individual" then killed = killed + 1 end
    end
  end
  local outstanding = cas.wave.kills - killed
  cas.outstanding = outstanding
  -- Attached characters first, then specials, then warriors (the order options are offered in).
  local savers = {}
  for _, fig in ipairs(cas.figs) do
    if fig.save and not fig.dead and fig.kind == "individual" then savers[#savers + 1] = fig end
  end
  for _, fig in ipairs(cas.figs) do
    if fig.save and not fig.dead and fig.kind ~= "individual" then savers[#savers + 1] = fig end
  end
  for _, g in ipairs(cas.groups) do
    if g.save then
      for i = 1, g.count - g.lost do
        savers[#savers + 1] = { key = g.key .. " " .. i, name = g.name, save = g.save, group = g }
      end
    end
  end
  local function fall(s)
    if not s.group then return die(cas, s) end
    if not s.dead then s.dead = true group_loss(cas, s.group, 1) end
  end
  if a.options.annihilation_saves == "one_save_figure" then
    cas.allocations = {}
    for j = 1, outstanding do
      local opts, by_key = offer(savers, function(s) return not s.dead end)
      if #opts == 0 then break end
      local answer, by = pick(res, cas.name, { side = a.side, question = "annihilation_save",
        prompt = string.format("outstanding casualty %d of %d on %s: which figure must save?", j, outstanding, cas.name),
        options = opts, context = { outstanding = outstanding, casualty = j } })
      local s = by_key[answer]
      local saved = throw(res, cas, s, "outstanding casualty " .. j)
      if not saved then fall(s) end
      cas.allocations[#cas.allocations + 1] = { casualty = j, figure = answer, chosen_by = by, killed = not saved }
    end
  else
    for _, s in ipairs(savers) do
      local failed = false
      for j = 1, outstanding do
        if not throw(res, cas, s, "outstanding casualty " .. j) then failed = true end
      end
      if failed then fall(s) end
    end
  end
end

-- Whether the inflicting side forces the re-roll of a passed save (HR-9 Killing Blow): asked
-- only when the re-rolls left are fewer than the saves still to come (otherwise every passed
-- save is forced: nothing is gained by keeping one).
local function force(res, cas, a, left, to_come, who)
  if left >= to_come then return true, nil end
  local answer, by = M.choose(res, cas.name, { side = a.side, question = "killing_blow",
    prompt = string.format("%s passed the save: force a re-roll (%d left for %d saves to come)?", who, left, to_come),
    options = { "force", "keep" }, context = { left = left, to_come = to_come } })
  return answer == "force", by
end

--- The roster as text, for merge points (core.merge): everything about it that later steps
--- read, nothing kept only for the report: the losses, each figure's death and each group's
--- losses, the killed list in order, the Command Test markers, the strikes still to save
--- against (from strike `next`; none when nil), and, unless `last` says the roster takes
--- no more kills after this wave (so what was struck no longer matters), each figure's kills
--- and each group's hits; the kills suffered when `kills` says they are read.
---@param cas table
---@param next? integer
---@param last? boolean
---@param kills? boolean
---@return string
function M.key(cas, next, last, kills)
  local parts = { (not last or kills) and cas.kills or "", cas.losses, cas.annihilated and "A" or "-" }
  for _, fig in ipairs(cas.figs) do parts[#parts + 1] = (last and "" or fig.kills) .. (fig.dead and "d" or "") end
  for _, g in ipairs(cas.groups) do parts[#parts + 1] = (g.lost or 0) .. (last and "" or "/" .. g.hit) end
  parts[#parts + 1] = ":"
  if next then
    for i = next, #cas.strikes do parts[#parts + 1] = cas.strikes[i].key end
  end
  -- Who was killed, as a set: only a result reports the order, and exact odds have none.
  local killed = {}
  for i, k in ipairs(cas.killed) do killed[i] = k end
  table.sort(killed)
  parts[#parts + 1] = table.concat(killed, ",")
  parts[#parts + 1] = #cas.command_test
  return table.concat(parts, " ")
end

--- The saving throws against the wave's kills (in the order they were allocated) and the
--- deaths, or an annihilated unit's. A saved kill is cancelled, not passed on; every throw is
--- made, even after a figure's first failure, and one failure kills it. `a.forced` passed
--- saves may be forced to be thrown again, once each, by the inflicting side (HR-9 Killing
--- Blow through combat.lua's table fighting_abilities; `a.forced_by` names the figure); the
--- second throw stands. The first throw's record then says `forced = true`.
---@param res table
---@param cas table a roster after allocate()
--- `a.merge`, when given, is called after each kill's throws with (the kill's index, the
--- forced re-rolls left): a merge point of the caller (combat.lua).
---@param a table {side (the inflicting side, which shares out an annihilated unit's casualties), options, forced?, forced_by?, merge?}
function M.save(res, cas, a)
  if cas.wave.kills == 0 then return end
  if cas.wave.annihilated then return annihilate(res, cas, a) end
  local seen = res and {}
  local left = a.forced or 0
  local with_save = 0
  if left > 0 then
    for i = cas.wave.from, #cas.strikes do
      if cas.strikes[i].save then with_save = with_save + 1 end
    end
  end
  local i, last = cas.wave.from, #cas.strikes
  while i <= last do
    local t = cas.strikes[i]
    -- Without a result (an odds trial) and no re-roll to force, a run of kills on the same
    -- group of warriors is saved in one batch: the same dice, one branch for exact odds.
    local j = i
    if not res and t.count and left == 0 then
      while j < last and cas.strikes[j + 1] == t do j = j + 1 end
    end
    if j > i then
      local n = j - i + 1
      local passed = t.save and muster.dice.count_above(n, cas.phase.throws.rows.save.dice, t.save, t.save_label) or 0
      group_loss(cas, t, n - passed)
    else
      local why
      if res then
        local n = t.count and t.hit or t.kills
        seen[t] = (seen[t] or 0) + 1
        why = cas.strike_why[i]
        if n > 1 then why = string.format("%s %d of %d", why, seen[t], n) end
      end
      local died = false
      local saved = t.save and throw(res, cas, t, why)
      if t.save then with_save = with_save - 1 end
      if saved and left > 0 then
        local forced, by = force(res, cas, a, left, with_save + 1, t.name)
        if forced then
          left = left - 1
          if res then
            local first = cas.saves[#cas.saves]
            first.forced, first.forced_chosen_by = true, by
          end
          saved = throw(res, cas, t, res and why .. ", forced again by " .. (a.forced_by or "Killing Blow"))
        end
      end
      if not saved then
        if t.count then
          group_loss(cas, t, 1)
          died = true
        else
          died = die(cas, t)
        end
      end
      local entry = res and cas.strike_entry[i]
      if entry then entry.killed = died end
    end
    if a.merge then a.merge(j, left) end
    i = j + 1
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
      return throw(res, cas, fig, "standard capture")
    end
  end
  return false
end

--- The unit description `raw` (as the input gave it) after roster `cas`'s losses: a new table,
--- the figures lost removed, the specials killed gone, the attached characters killed left out,
--- each extra profile's losses taken off.
---@param raw table a unit description
---@param cas table a roster after save()
---@return table description
function M.after(raw, cas)
  local a = core.deep_copy(raw)
  local d = cas.dead
  a.figures = cas.figures - cas.losses
  if d.leader then a.leader = false end
  if d.champion then a.champion = false end
  if d.standard then a.standard = false end
  if (a.musicians or 0) > 0 then a.musicians = a.musicians - d.musicians end
  if a.profiles then
    for i, p in ipairs(a.profiles) do p.figures = p.figures - (d.profiles[i] or 0) end
  end
  if a.individuals then
    local kept = {}
    for i, ind in ipairs(a.individuals) do
      if not d.individuals[i] then kept[#kept + 1] = ind end
    end
    a.individuals = kept
  end
  return a
end

--- Copies the roster's outcome into a result: `specials_dice`, `sixes`, `specials` (each
--- {six?, figure, chosen_by, beyond_warriors?, killed}: whether that kill killed),
--- `single_figure_sixes`, `casualties_first(_chosen_by)`, `annihilated`, `outstanding`,
--- `allocations`, `saves`, `losses` (the unit's figures lost), `killed` (in the order they
--- fell, the morale area's words and characters by name), `warriors_killed`, `profiles_killed`.
---@param into table
---@param cas table a roster after save()
function M.report(into, cas)
  into.specials_dice, into.sixes, into.specials = cas.specials_dice, cas.sixes, cas.specials
  into.single_figure_sixes = cas.single_figure_sixes
  into.casualties_first, into.casualties_first_chosen_by = cas.casualties_first, cas.casualties_first_chosen_by
  into.annihilated, into.outstanding, into.allocations = cas.annihilated, cas.outstanding, cas.allocations
  into.saves = cas.saves
  into.losses = cas.losses
  local killed = {}
  for i, k in ipairs(cas.killed) do killed[i] = k end
  into.killed = killed
  into.warriors_killed = cas.dead.warriors
  local profiles = {}
  for _, g in ipairs(cas.groups) do
    if g.profile then profiles[#profiles + 1] = cas.dead.profiles[g.profile] or 0 end
  end
  if #profiles > 0 then into.profiles_killed = profiles end
end

return M
