--- A whole battle of FANTASY WARRIORS on the table: the scenario laid out, the seven-phase turn
--- (pages 19-39) declared to the kernel's sequencer (muster.turn), and each phase played from
--- the positions by the REPL's phase helpers (repl_phases.lua, repl_movement.lua, with
--- tabletop.lua measuring), every decision a side takes asked of its controller through
--- muster.choice: a person, a script, or the bot policy `fw_bot` (docs/bot.md). The end: Bitter
--- End when a side has no unit left on the table, else Restricted Turns scored by `victory`
--- (p.11). Helpers take the REPL library (scripts/lib/repl.lua) first, as the REPL's do.
local core = require("core")
local tabletop = require("tabletop")
local tabletop_move = require("tabletop_move")
local scenario = require("scenario")
local repl_table = require("repl_table")
local units = require("units")
local threat = require("threat")
local shooting = require("shooting")
local sight = require("sight")
local light = require("light")
local svg = require("svg")

local M = {}

--- The questions a battle asks each side, besides those the procedures ask.
M.questions = {
  orders = "the written orders of a command the scenario gave none (options: attack, hold, oppose)",
  threat = "which enemy a tribal or fanatic unit threatens (options: no, then the enemies in range and sight, nearest first)",
  shoot = "which enemy a missile unit shoots at (options: no, then the enemies in range and sight, nearest first)",
  move = "the move of a unit the orders leave free (OPPOSE): a plan (options: stand, advance 1..2, backwards 1..2)",
  new_orders = "the order a battle leader is sent (options: keep, then attack, hold, oppose)",
}

-- ---------------------------------------------------------------------------------------
-- The bot
-- ---------------------------------------------------------------------------------------

--- The bot's answer to a request (policy fw_bot): the compulsions first, then simple rules.
--- Threats and shots: the nearest enemy offered; a move the orders leave free: stand; new
--- orders: keep them; a counter-threat: yes; volleys: as many as may be shot; everything
--- else: the first option, or the top of a range.
function M.bot(r)
  local q = r.question
  if (q == "threat" or q == "shoot") and r.options and #r.options > 1 then return r.options[2] end
  if q == "counter_threaten" and r.options and #r.options > 1 then return r.options[#r.options] end
  if r.range then return (q == "volleys") and r.range[2] or r.range[1] end
  return r.options[1]
end

local bot_registered = false
local function register_bot()
  if bot_registered then return end
  local known = false
  for _, p in ipairs(muster.choice.get_policies()) do known = known or p.name == "fw_bot" end
  if not known then
    muster.choice.add_policy("fw_bot", M.bot,
      "FANTASY WARRIORS bot: threatens and shoots at the nearest enemy offered, counter-threatens, shoots every volley it may, keeps its orders, stands when free to (docs/bot.md)")
  end
  bot_registered = true
end
M.register_bot = register_bot

-- ---------------------------------------------------------------------------------------
-- The armies as the phases' end-of-phase checks and Phase Seven need them
-- ---------------------------------------------------------------------------------------

local function in_bad_light(figure, time)
  return units.bad_light({ bad_light = figure.bad_light }, time:match("^%a+"))
end

-- Each army's individuals and testers (the warchief and each battle leader with his units).
local function army_input(army, side, time)
  local out = { name = side, individuals = {}, testers = { { name = army.warchief.name, role = "warchief",
    leadership = army.warchief.leadership, bad_light = in_bad_light(army.warchief, time), units = {} } } }
  for _, ind in ipairs(army.individuals) do
    out.individuals[#out.individuals + 1] = { name = ind.name, role = ind.role, power = ind.role == "wizard" and ind.power or nil }
  end
  for _, c in ipairs(army.commands) do
    for _, ind in ipairs(c.individuals) do out.individuals[#out.individuals + 1] = { name = ind.name, role = ind.role } end
    local names = {}
    for _, desc in ipairs(c.units) do names[#names + 1] = desc.name end
    if not c.warchief then
      out.testers[#out.testers + 1] = { name = c.leader.name, role = "battle_leader", leadership = c.leadership,
        bad_light = in_bad_light(c.leader, time), units = names }
    else
      for _, n in ipairs(names) do table.insert(out.testers[1].units, n) end
    end
  end
  return out
end

-- ---------------------------------------------------------------------------------------
-- A battle
-- ---------------------------------------------------------------------------------------

local Battle = {}
Battle.__index = Battle

local function ask(side, question, prompt, options, context, other)
  return muster.choice.get { side = side, question = question, prompt = prompt, options = options, context = context,
                             other = other }
end


--- Sets up a battle: the scenario laid out (what was on the table goes), each side's
--- controller (opts.controllers[side]: "bot" (default), "first", "player", or a policy name),
--- the turn declared. opts = {scenario | armies = {A, B}, turns? (Restricted Turns, default 8),
--- controllers?, frames? ("phase", "turn" or nil: the SVG pictures kept, each with the lines
--- said since the one before), echo? (print each line as it happens)}.
---@param lib table the REPL library
---@param opts table
---@return table battle
function M.new(lib, opts)
  if type(opts) ~= "table" or (opts.scenario == nil and type(opts.armies) ~= "table") then
    core.fail("battle", "{scenario = \"examples/scenarios/greystones.lua\", turns = 8} or {armies = {A, B}} expected")
  end
  register_bot()
  local b = setmetatable({ lib = lib, turns = core.check_int(opts.turns, "battle.turns", 1, 100, 8), frames = {}, actions = {},
                           frame_every = opts.frames, lines = {}, gone = {}, echo = opts.echo == true }, Battle)
  if b.frame_every ~= nil and b.frame_every ~= "phase" and b.frame_every ~= "turn" then
    core.fail("battle.frames", "phase or turn expected, got " .. core.show(b.frame_every))
  end
  local source = opts.scenario
  if opts.armies then
    if #opts.armies ~= 2 then core.fail("battle.armies", "two army files expected") end
    source = scenario.open_field(opts.armies[1], opts.armies[2], opts.scenario and scenario.load(opts.scenario))
  end
  local _, placed, sc = repl_table.scenario(lib, source)
  b.scenario, b.placed = sc, placed
  b.sides = { sc.sides[1].id, sc.sides[2].id }
  b.start_time = sc.time or "day 1"
  b.armies, b.bad_of = {}, {}
  b:set_controllers(opts.controllers)
  for _, side in ipairs(b.sides) do
    b.armies[side] = army_input(placed.armies[side], side, b.start_time)
    local army = placed.armies[side]
    b.bad_of[army.warchief.name] = army.warchief.bad_light
    for _, c in ipairs(army.commands) do b.bad_of[c.leader.name] = c.leader.bad_light end
  end
  local n = 0
  for _ in pairs(placed.units) do n = n + 1 end
  b:say(string.format("%s (%s): %s against %s, %d units on a %gin x %gin table, %s, %d turns at most", sc.title, sc.file,
    placed.armies[b.sides[1]].name, placed.armies[b.sides[2]].name, n, sc.width, sc.depth, b.start_time, b.turns))
  -- What a replay needs to set the same battle up (muster replay): the scenario or the armies,
  -- the turns; the modules, every roll and every choice are in the log already. Logged before
  -- the first question, so a battle's log (a REPL's :save) holds every answer it was given.
  -- The seed, when the host gives it (muster battle), lets a battle resumed from its log throw
  -- on with the same dice.
  muster.log.add("battle", { scenario = type(opts.scenario) == "table" and opts.scenario.file or opts.scenario or "", army_a = opts.armies and opts.armies[1] or "",
                             army_b = opts.armies and opts.armies[2] or "", turns = b.turns, side_a = b.sides[1], side_b = b.sides[2],
                             seed = opts.seed })
  -- Written orders (p.16) for every command the scenario gave none: each side's choice.
  for _, side in ipairs(b.sides) do
    for _, c in ipairs(placed.armies[side].commands) do
      local missing = false
      for _, desc in ipairs(c.units) do
        local id = placed.units[desc.name]
        if id and lib.describe(lib.handle(id)).orders == nil then missing = true end
      end
      if missing then
        local answer = ask(side, "orders", c.name .. ": its written orders?", { "attack", "hold", "oppose" }, { command = c.name })
        for _, desc in ipairs(c.units) do
          local id = placed.units[desc.name]
          if id then lib.handle(id).orders = answer end
        end
        b:say(string.format("%s: %s writes %s", side, c.name, string.upper(answer)))
      end
    end
  end
  b.pre = b:counts()
  -- The battle's name for the viewer, and how many lines were said before the first turn.
  b.title = string.format("%s: %s against %s", sc.title, placed.armies[b.sides[1]].name, placed.armies[b.sides[2]].name)
  b.opening = #b.lines
  b:declare()
  return b
end

function Battle:say(line)
  self.lines[#self.lines + 1] = line
  -- At the REPL (opts.echo) each line is printed as it happens, so a person asked in the next
  -- phase has seen how the last one went.
  if self.echo then print(line) end
end

--- The time now, as the procedures take it ("day 3").
function Battle:time()
  local _, name = muster.turn.get_time()
  return name or self.start_time
end

function Battle:view()
  return repl_table.view(self.lib)
end

-- The armies' inputs for the phases' end-of-phase checks, as the phases left them, each
-- tester's bad light as the hourglass stands now (his profile's BAD, p.14).
function Battle:armies_now()
  local time = self:time()
  for _, side in ipairs(self.sides) do
    for _, t in ipairs(self.armies[side].testers) do
      local profile = self.bad_of[t.name]
      if profile ~= nil then t.bad_light = in_bad_light({ bad_light = profile }, time) end
    end
  end
  return { self.armies[self.sides[1]], self.armies[self.sides[2]] }
end

-- Carries a phase's end-of-phase result into the armies: testers' counters, the characters gone.
function Battle:carry(e)
  if not e then return end
  for _, s in ipairs(e.sides or {}) do
    if s.testers and self.armies[s.name] then self.armies[s.name].testers = s.testers end
  end
  for _, name in ipairs(e.removed or {}) do self.gone[name] = true end
end

-- The handle of a piece of the view (a unit), or nil for an individual.
function Battle:handle(p)
  if p.kind ~= "unit" then return nil end
  return self.lib.handle(p.id)
end

-- The units of `side` on the table, in state order, each {piece, handle, desc}.
function Battle:units_of(side, v)
  local out = {}
  for _, p in ipairs(v.pieces) do
    if p.kind == "unit" and p.side == side then
      local d = v:desc(p)
      if d.reaction ~= "rout" and p.figures > 0 then out[#out + 1] = { piece = p, handle = self:handle(p), desc = d } end
    end
  end
  return out
end

-- The enemy units `p` may act on: on the table, within `range` inches, in sight; nearest first
-- (ties by id), each {piece, distance}.
function Battle:targets(v, p, range)
  local out = {}
  for _, q in ipairs(v:enemies(p)) do
    if q.kind == "unit" and (v:desc(q).reaction ~= "rout") then
      local d = v:distance(p, q)
      if d <= range + 1e-9 then
        local seen = sight.sees(sight.check((v:sight(p, q)), ""))
        if seen.visible then out[#out + 1] = { piece = q, distance = d } end
      end
    end
  end
  table.sort(out, function(a, b)
    if a.distance ~= b.distance then return a.distance < b.distance end
    return a.piece.id < b.piece.id
  end)
  return out
end


-- Asks `side` which of `targets` (nearest first) unit `u` acts on (question `question`:
-- "no" or an enemy's name) and adds the declaration {unit, target} to `spec`.
function Battle:offer(spec, side, u, targets, question, prompt)
  if #targets == 0 then return end
  local options = { "no" }
  for _, t in ipairs(targets) do options[#options + 1] = t.piece.name end
  local answer = ask(side, question, u.piece.name .. ": " .. prompt, options, { unit = u.piece.name })
  for _, t in ipairs(targets) do
    if t.piece.name == answer then
      spec[#spec + 1] = { u.handle, self:handle(t.piece) }
      self.actions[#self.actions + 1] = { kind = question, from = u.piece.id, to = t.piece.id }
    end
  end
end

-- Resolves a whole phase through the REPL's helper `name` when anything was declared, and
-- carries its end-of-phase result into the armies. Returns the phase's outcome and result, or
-- `none` when nothing was declared.
function Battle:resolve_phase(name, spec, none)
  if #spec == 0 then return none end
  local r = self.lib.run_command(name, spec)
  self:carry(r.end_of_phase)
  return r.outcome, r
end

-- Phase One: every tribal or fanatic unit that may threaten is asked whom (p.19).
function Battle:threat_phase()
  local v, time = self:view(), self:time()
  local spec = { time = time, armies = self:armies_now() }
  for _, side in ipairs(self.sides) do
    for _, u in ipairs(self:units_of(side, v)) do
      local checked = units.at_time(self.lib.ruleset.check_unit(u.desc, "unit"), time)
      if threat.why_not_initiate(checked, 0, true, v:engaged(u.piece)) == nil then
        self:offer(spec, side, u, self:targets(v, u.piece, threat.range), "threat", "threaten which enemy?")
      end
    end
  end
  return (self:resolve_phase("threat_phase", spec, "no threat"))
end

-- Phase Two: every missile unit with volleys left, not in combat, is asked at whom it shoots
-- among the enemies in range and sight not in combat (p.21).
function Battle:shooting_phase()
  local v, time = self:view(), self:time()
  local spec = { time = time, armies = self:armies_now() }
  for _, side in ipairs(self.sides) do
    for _, u in ipairs(self:units_of(side, v)) do
      local row = shooting.data.missile_weapons.rows[u.desc.weapon]
      local volleys = u.desc.volleys or units.starting_volleys(u.desc.weapon)
      if row and volleys and volleys > 0 and not v:engaged(u.piece) then
        local long = shooting.ranges(u.desc.weapon, self.lib.ruleset.options).long
        local targets = {}
        for _, t in ipairs(self:targets(v, u.piece, long)) do
          if not v:engaged(t.piece) then targets[#targets + 1] = t end
        end
        self:offer(spec, side, u, targets, "shoot", "shoot at which enemy?")
      end
    end
  end
  return (self:resolve_phase("shooting_phase", spec, "no shooting"))
end

local free_moves = { "stand", "advance 1", "advance 2", "backwards 1", "backwards 2" }

-- A free unit's move: one of free_moves, or the side's own plan ("wheel left 30, advance 3",
-- tabletop_move.check_plan); a plan that does not read, or that the table refuses as the units
-- stand now (into another unit, off the table), is said and asked again.
function Battle:ask_move(side, v, piece)
  local name = piece.name
  for _ = 1, 20 do
    local plan = ask(side, "move", name .. " (OPPOSE): its move?", free_moves, { unit = name }, true)
    local ok, err = pcall(function() tabletop_move.facts(v, piece, tabletop_move.check_plan(plan, "move"), "oppose") end)
    if ok then return plan end
    self:say(string.format("%s: %s: %s; asked again", side, name, (tostring(err):gsub("^input: ", ""))))
  end
  core.fail("move", name .. ": twenty plans that do not read; the phase stops")
end

-- Phase Three: every unit on the table moves by its orders; a unit OPPOSE leaves free is asked
-- its plan. Units that made contact are noted as the attackers of their combat.
function Battle:movement_phase()
  local v, time = self:view(), self:time()
  local spec = { time = time }
  for _, side in ipairs(self.sides) do
    local army = self.placed.armies[side]
    local entries = { warchief = { name = army.warchief.name, leadership = army.warchief.leadership,
                                   bad_light = army.warchief.bad_light } }
    if self.gone[army.warchief.name] then entries.warchief, entries.warchief_lost = nil, true end
    for _, u in ipairs(self:units_of(side, v)) do
      local mode = u.desc.reaction == "bloodlust" and "bloodlust" or u.desc.orders
      local e = { u.handle }
      if mode == "oppose" and not v:engaged(u.piece) then
        e.plan = self:ask_move(side, v, u.piece)
      end
      entries[#entries + 1] = e
    end
    spec[side] = entries
  end
  local r = self.lib.run_command("movement_phase", spec)
  local turn = muster.turn.get_turn()
  for _, out in ipairs(r.units) do
    if out.move and out.move.contact then
      for _, p in ipairs(self:view().pieces) do
        if p.name == out.unit and p.side == out.side and p.kind == "unit" then self.lib.set_note(self.lib.handle(p.id), "charged", turn) end
      end
    end
  end
  return r.outcome
end

-- Phase Four: every pair in contact fights; the unit that charged is the attacker (else the
-- one that charged last, else the first in state order). Units touching the same enemy fight in
-- one combat, on the side of the unit they stand with (p.30: several units a side).
function Battle:combat_phase()
  local v, time = self:view(), self:time()
  local combats, at = {}, {}  -- at[id] = {combat, "attackers"|"defenders"}
  local function charged(p)
    local h = self:handle(p)
    return h and self.lib.get_note(h, "charged") or -1
  end
  local function join(c, role, p)
    table.insert(c[role], p)
    at[p.id] = { c = c, role = role }
  end
  for _, pair in ipairs(v:combats()) do
    local a, d = pair.a, pair.b
    if a.kind == "unit" and d.kind == "unit" then
      if charged(d) > charged(a) then a, d = d, a end
      local ia, id_ = at[a.id], at[d.id]
      if not ia and not id_ then
        local c = { attackers = {}, defenders = {} }
        combats[#combats + 1] = c
        join(c, "attackers", a)
        join(c, "defenders", d)
      elseif ia and not id_ then
        join(ia.c, ia.role == "attackers" and "defenders" or "attackers", d)
      elseif id_ and not ia then
        join(id_.c, id_.role == "attackers" and "defenders" or "attackers", a)
      end
    end
  end
  local spec = { time = time, armies = self:armies_now() }
  for i, c in ipairs(combats) do
    local function handles(list)
      local out = {}
      for k, p in ipairs(list) do out[k] = self:handle(p) end
      return #out == 1 and out[1] or out
    end
    spec[i] = { handles(c.attackers), handles(c.defenders) }
  end
  local outcome, r = self:resolve_phase("combat_phase", spec, "no combat")
  if not r then return outcome end
  local parts = {}
  for i, c in ipairs(r.combats) do parts[i] = c.outcome end
  return table.concat(parts, " | ")
end

-- Phase Five: each battle leader still on the table may be sent a new order (kept by default).
function Battle:new_orders_phase()
  local lines = {}
  for _, side in ipairs(self.sides) do
    for _, c in ipairs(self.placed.armies[side].commands) do
      if not c.warchief and not self.gone[c.leader.name] then
        local current
        for _, desc in ipairs(c.units) do
          local id = self.placed.units[desc.name]
          if id and muster.state.get_kind(id) == "unit" then current = current or self.lib.describe(self.lib.handle(id)).orders end
        end
        if current then
          local answer = ask(side, "new_orders", string.format("%s (%s): a new order?", c.name, string.upper(current)),
            { "keep", "attack", "hold", "oppose" }, { command = c.name })
          if answer ~= "keep" and answer ~= current then
            lines[#lines + 1] = self:send_order(side, c, current, answer)
          end
        end
      end
    end
  end
  return #lines > 0 and table.concat(lines, "; ") or "orders kept"
end

-- A new order carried by a messenger to a command's battle leader (p.35-37), the distances to
-- his units measured from the unit he stands with.
function Battle:send_order(side, c, current, order)
  local v = self:view()
  local leader_unit
  local ulist = {}
  for _, desc in ipairs(c.units) do
    local id = self.placed.units[desc.name]
    if id and v.by_id[id] then
      local d = v:desc(id)
      for _, ind in ipairs(d.individuals or {}) do
        if ind.name == c.leader.name then leader_unit = id end
      end
    end
  end
  for _, desc in ipairs(c.units) do
    local id = self.placed.units[desc.name]
    if id and v.by_id[id] then
      local d = v:desc(id)
      ulist[#ulist + 1] = { name = d.name, reaction = d.reaction, disorganised = d.disorganised,
                            distance = leader_unit and v:distance(leader_unit, id) or 0 }
    end
  end
  local r = self.lib.ruleset.resolve("battle_leaders_test", { leader = c.leader, order = order, current_order = current,
    carrier = "messenger", units = ulist, with_unit = leader_unit ~= nil, time = self:time() })
  if r.tested and r.order_now then
    for _, desc in ipairs(c.units) do
      local id = self.placed.units[desc.name]
      if id and muster.state.get_kind(id) == "unit" then
        local h = self.lib.handle(id)
        h.orders = r.order_now
      end
    end
  end
  for _, name in ipairs(r.units_disorganised or {}) do
    local id = self.placed.units[name]
    if id then self.lib.handle(id).disorganised = true end
  end
  for _, name in ipairs(r.units_shaken or {}) do
    local id = self.placed.units[name]
    if id then
      local h = self.lib.handle(id)
      h.reaction, h.disorganised = "shaken", true
    end
  end
  return string.format("%s sent %s: %s", c.name, string.upper(order), r.outcome)
end

-- Phase Six: a unit in bloodlust or shaken with its battle leader among its characters (p.38).
function Battle:influence_phase()
  local v = self:view()
  local lines = {}
  for _, side in ipairs(self.sides) do
    for _, u in ipairs(self:units_of(side, v)) do
      if u.desc.reaction == "bloodlust" or u.desc.reaction == "shaken" then
        for _, ind in ipairs(u.desc.individuals or {}) do
          if ind.role == "battle_leader" and not self.gone[ind.name] then
            local r = self.lib.ruleset.resolve("influence", { leader = ind, unit = { name = u.desc.name, reaction = u.desc.reaction } })
            if r.tested then
              u.handle.reaction = r.unit_reaction
              if r.unit_disorganised then u.handle.disorganised = true end
            end
            lines[#lines + 1] = u.desc.name .. ": " .. r.outcome
            break
          end
        end
      end
    end
  end
  return #lines > 0 and table.concat(lines, "; ") or "nobody to influence"
end

-- Phase Seven: every tester with a Command Test counter (p.39).
function Battle:command_test_phase()
  local lines = {}
  self:armies_now()  -- the testers' bad light as the hourglass stands
  for _, side in ipairs(self.sides) do
    local testers = {}
    for _, t in ipairs(self.armies[side].testers) do
      if t.counter and not self.gone[t.name] then
        testers[#testers + 1] = { name = t.name, role = t.role, leadership = t.leadership, bad_light = t.bad_light, units = t.units }
      end
    end
    if #testers > 0 then
      local r = self.lib.ruleset.resolve("command_test", { testers = testers })
      for _, test in ipairs(r.tests) do
        for _, name in ipairs(test.units or {}) do
          local id = self.placed.units[name]
          if id and muster.state.get_kind(id) == "unit" and muster.state.get_unit(id, { figures = "count", tags = false }).figures > 0 then
            local h = self.lib.handle(id)
            if h.reaction ~= "rout" then
              if test.result == "rout" then
                h.reaction = "rout"
                muster.state.set_placement(id, { base_width = 0, base_depth = 0 })
              elseif test.result == "shaken" then h.reaction, h.disorganised = "shaken", true
              elseif test.result == "disorganised" then h.disorganised = true end
            end
          end
        end
      end
      for _, t in ipairs(self.armies[side].testers) do t.counter = nil end
      lines[#lines + 1] = side .. ": " .. r.outcome
    end
  end
  return #lines > 0 and table.concat(lines, "; ") or "no Command Test"
end

--- What each side still has: units on the table, its warchief, battle leaders, individuals
--- (the victory procedure's items).
function Battle:counts()
  local v = self:view()
  local out = {}
  for _, side in ipairs(self.sides) do
    local army = self.placed.armies[side]
    local c = { unit = 0, warchief = 0, battle_leader = 0, individual = 0 }
    for _, u in ipairs(self:units_of(side, v)) do c.unit = c.unit + 1 end
    if not self.gone[army.warchief.name] then c.warchief = 1 end
    for _, cmd in ipairs(army.commands) do
      if not cmd.warchief and not self.gone[cmd.leader.name] then c.battle_leader = c.battle_leader + 1 end
      for _, ind in ipairs(cmd.individuals) do if not self.gone[ind.name] then c.individual = c.individual + 1 end end
    end
    for _, ind in ipairs(army.individuals) do if not self.gone[ind.name] then c.individual = c.individual + 1 end end
    out[side] = c
  end
  return out
end

-- Each side's victory score (p.11) from what it had before the battle, what it kept and what
-- it took from the enemy, scored as Restricted Turns score them at turn `turn`.
function Battle:scores(turn)
  local now = self:counts()
  local a, b = self.sides[1], self.sides[2]
  local res = {}
  for _, side in ipairs(self.sides) do
    local enemy = side == a and b or a
    local lost = {}
    for _, k in ipairs(core.sorted_keys(self.pre[enemy])) do lost[k] = self.pre[enemy][k] - (now[enemy][k] or 0) end
    res[side] = self.lib.ruleset.resolve("victory", { game = "restricted_turns", turns = turn, turn = turn,
      pre = self.pre[side], post = now[side], enemy_lost = lost })
  end
  return res, now
end

-- The end of the turn: the hourglass (light changes), then Bitter End or Restricted Turns.
function Battle:end_of_turn(ctx)
  local dial = self.lib.ruleset.resolve("time_dial", { time = self:time() })
  local a, b = self.sides[1], self.sides[2]
  local now = self:counts()
  local bitter = now[a].unit == 0 or now[b].unit == 0
  if bitter or ctx.turn >= self.turns then
    local res = self:scores(ctx.turn)
    local da, db = res[a].difference, res[b].difference
    if bitter then
      -- Bitter End is won on the field (p.11); the scores are kept for the record (sweeps).
      local winner = now[a].unit > 0 and a or (now[b].unit > 0 and b or nil)
      self.result = { game = "bitter_end", winner = winner, turn = ctx.turn, scores = { [a] = da, [b] = db },
        outcome = winner and (winner .. " wins: the enemy has no unit left on the table") or "neither side has a unit left" }
      muster.turn.set_over("bitter end: " .. self.result.outcome)
    else
      local winner = da > db and a or (db > da and b or nil)
      self.result = { game = "restricted_turns", winner = winner, turn = ctx.turn, scores = { [a] = da, [b] = db },
        result = winner and res[winner].result or "stalemate",
        outcome = string.format("after %d turns: %s %+d, %s %+d: %s", ctx.turn, a, da, b, db,
          winner and (winner .. ", " .. tostring(res[winner].result):gsub("_", " ")) or "a stalemate") }
      muster.turn.set_over("restricted turns: " .. self.result.outcome)
    end
  end
  return dial.outcome
end

-- Keeps the table's picture (opts.frames) with the lines said since the picture before (or
-- since the first turn began); `turn_end` marks the end of the turn's. The phase's threats and
-- shots are drawn as the lines of sight between the units (those still on the table).
function Battle:frame(ctx, index, phase)
  local v = self:view()
  local overlay = {}
  for _, a in ipairs(self.actions) do
    if v.by_id[a.from] and v.by_id[a.to] then
      local l = v:sight_line(a.from, a.to)
      l.label = string.format("%s %s %s (%s)", v:get(a.from).name, a.kind == "threat" and "threatens" or "shoots at",
        v:get(a.to).name, l.kind == "blocked" and "no clear line now" or "a clear line")
      l.kind = a.kind
      overlay[#overlay + 1] = l
    end
  end
  local before = self.frames[#self.frames]
  local lines = {}
  for i = (before and before.said or self.opening) + 1, #self.lines do lines[#lines + 1] = self.lines[i] end
  self.frames[#self.frames + 1] = { turn = ctx.turn, phase = phase, index = index, turn_end = phase == "end_of_turn",
    hash = muster.state.get_hash(), lines = lines, said = #self.lines,
    svg = svg.render(v:picture({ title = string.format("%s: turn %d, %s", self.scenario.title, ctx.turn, phase),
                                 lines = overlay })) }
end

--- The phases, in the order of play (pages 19-39), and the end of the turn.
M.phases = {
  { id = "threat", name = "Phase One: Threat", run = "threat_phase" },
  { id = "shooting", name = "Phase Two: Shooting", run = "shooting_phase" },
  { id = "movement", name = "Phase Three: Movement", run = "movement_phase" },
  { id = "combat", name = "Phase Four: Combat", run = "combat_phase" },
  { id = "new_orders", name = "Phase Five: New Orders", run = "new_orders_phase" },
  { id = "influence", name = "Phase Six: Influence", run = "influence_phase" },
  { id = "command_test", name = "Phase Seven: Command Test", run = "command_test_phase" },
  { id = "end_of_turn", name = "End of the turn", run = "end_of_turn" },
}

--- Declares the turn to the sequencer: seven phases and the end of the turn, the time dial.
function Battle:declare()
  local phases = {}
  for i, ph in ipairs(M.phases) do
    phases[i] = { id = ph.id, name = ph.name, steps = { { id = ph.id .. "_step", source = "fantasy_warriors", fn = function(ctx)
      self.actions = {}  -- what the phase declares (threats, shots), for its picture
      local outcome = self[ph.run](self, ctx)
      self.lib.rules.functions.new_phase(self.lib)
      self:say(string.format("turn %d, %s: %s", ctx.turn, ph.id, outcome))
      -- The state as the phase leaves it, for a replay to check (muster replay); not taken when
      -- nothing is logged (a sweep's battles).
      if muster.log.get_enabled() then muster.log.add("state_hash", { hash = muster.state.get_hash() }) end
      if self.frame_every == "phase" or (self.frame_every == "turn" and ph.id == "end_of_turn") then self:frame(ctx, i, ph.id) end
    end } } }
  end
  local steps = {}
  for i = 1, 2 * core.data.time_dial.rows.steps.per_half do steps[i] = light.step_name(i) end
  muster.turn.set_structure { sides = self.sides, turn = { phases = phases },
    time = { steps = steps, start = light.check_step(self.start_time, "time") } }
end

local deep_copy = core.deep_copy

--- Who plays each side from now on: controllers[side] is "bot" (the default), "player", a
--- policy's name, {kind = "policy", name = NAME} or {kind = "script", answers = {...}}. A battle
--- resumed from its log hands its sides to these once the log's phases are played again.
---@param controllers table|nil
function Battle:set_controllers(controllers)
  for _, name in ipairs(core.sorted_keys(controllers or {})) do
    if name ~= self.sides[1] and name ~= self.sides[2] then
      core.fail("side", string.format("%s is not a side of this battle (%s, %s)", core.show(name), self.sides[1], self.sides[2]))
    end
  end
  for _, side in ipairs(self.sides) do
    local c = (controllers or {})[side] or "bot"
    if type(c) == "table" and c.kind == "script" then muster.choice.set_controller(side, "script", c.answers)
    elseif type(c) == "table" then muster.choice.set_controller(side, "policy", c.name)
    elseif c == "bot" then muster.choice.set_controller(side, "policy", "fw_bot")
    elseif c == "player" then muster.choice.set_controller(side, "interactive")
    else muster.choice.set_controller(side, "policy", c) end
  end
end

--- Plays one turn; returns true when the battle is over. A turn that fails (a person's cancel
--- at a prompt, a script's error) leaves the battle as it was before it: the sequencer and the
--- host put back their own state, and the battle its record of the armies (Command Test
--- counters carried, characters gone).
function Battle:play_turn()
  return self:play_guarded(muster.turn.run, 1)
end

--- Plays the next phase only (a person stepping with :next, a battle saved between phases);
--- returns true when the battle is over. A failure leaves the battle as it was before it.
function Battle:play_phase()
  return self:play_guarded(muster.turn.run_phase)
end

--- Where the battle stands: the turn and the phase that comes next ("turn 2, next: Phase
--- Three: Movement"); "the battle is over" once it is.
function Battle:position()
  if muster.turn.get_over() then return "the battle is over" end
  local next_id, in_turn = muster.turn.get_next_phase()
  local name = next_id
  for _, ph in ipairs(M.phases) do if ph.id == next_id then name = ph.name end end
  local turn = muster.turn.get_turn()
  return string.format("turn %d, next: %s", in_turn and turn or turn + 1, name)
end

-- Runs the sequencer (a turn, or a phase) and puts the battle's own records back when it
-- fails: the sequencer and the host put back theirs.
function Battle:play_guarded(run, ...)
  local saved = { armies = deep_copy(self.armies), gone = deep_copy(self.gone), lines = #self.lines, frames = #self.frames }
  local ok, err = pcall(run, ...)
  if not ok then
    self.armies, self.gone = saved.armies, saved.gone
    -- What the failed turn said, for a host to show before the error (muster battle).
    self.failed_lines = {}
    for i = saved.lines + 1, #self.lines do self.failed_lines[#self.failed_lines + 1] = self.lines[i] end
    for i = #self.lines, saved.lines + 1, -1 do self.lines[i] = nil end
    for i = #self.frames, saved.frames + 1, -1 do self.frames[i] = nil end
    error(err, 0)
  end
  return (muster.turn.get_over())
end

--- Plays to the end (at most the turns set), returns the result.
function Battle:play()
  while not self:play_turn() do end
  return self.result
end

return M
