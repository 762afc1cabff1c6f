--- FANTASY WARRIORS whole phases at the REPL: threat_phase{...}, shooting_phase{...} and
--- combat_phase{...} (repl.lua adds them to its commands), one line per phase at the table.
--- Each builds the procedure's input from the units named (left to right: the order they first
--- appear in the line), resolves it through ruleset.resolve, then sets every unit as the
--- result says: figures, specials and characters lost, reaction, disorganised, volleys left.
--- No rule is decided here: every number comes from the procedures' results.
local repl_table = require("repl_table")

local M = {}

--- The commands, given repl.lua's shared helpers `h` {unit_arg, throws_text, append}.
---@param h table
---@return table<string, table>
function M.commands(h)
  local commands = {}

  local function fail(name, message) error("input: " .. name .. ": " .. message, 0) end

  -- The phase's units in the order they first appear: {id, name, side, desc} each, and the
  -- entry of a unit handle `u` (added when new).
  local function roster()
    local r = { list = {}, by_id = {} }
    function r.add(lib, u)
      local e = r.by_id[u.id]
      if not e then
        local desc = lib.describe(u)
        e = { id = u.id, name = desc.name, side = lib.side(u), desc = desc }
        r.list[#r.list + 1] = e
        r.by_id[u.id] = e
      end
      return e
    end
    return r
  end

  -- Copies the plain fields of `t` but `skip` (a set) and the array part; handles become ids.
  local function fields(lib, t, skip)
    local out = {}
    for k, v in pairs(t) do
      if type(k) ~= "number" and not skip[k] then
        out[k] = lib.is_handle(v) and lib.describe(v).name or v
      end
    end
    return out
  end

  -- `units = {{unit, ...extras}}` of a line: extras by unit id.
  local function extras_of(lib, name, spec, known)
    local out = {}
    if spec.units == nil then return out end
    if type(spec.units) ~= "table" then fail(name, "units: an array of {unit, field = value} expected") end
    for i, e in ipairs(spec.units) do
      if type(e) ~= "table" or not lib.is_handle(e[1]) then fail(name, string.format("units[%d]: {unit, field = value, ...} expected", i)) end
      local x = fields(lib, e, {})
      local keys = {}
      for k in pairs(x) do keys[#keys + 1] = k end
      table.sort(keys)  -- the first unknown field named is the same every time
      for _, k in ipairs(keys) do
        local ok = false
        for _, f in ipairs(known) do ok = ok or f == k end
        if not ok then fail(name, string.format("units[%d]: unknown field %q (known: %s)", i, k, table.concat(known, ", "))) end
      end
      out[e[1].id] = x
    end
    return out
  end

  -- Sets each unit the result lists (by name, among the phase's units) to its new state.
  local function set_units(lib, r, results)
    for _, u in ipairs(results) do
      for _, e in ipairs(r.list) do
        if e.name == u.name then
          local handle = lib.handle(e.id)
          local d = u.after or lib.describe(handle)
          if not u.after then d.reaction, d.disorganised = u.reaction, u.disorganised end
          lib.set_description(handle, d)
        end
      end
    end
  end

  local function unit_lines(lib, lines, results)
    for _, u in ipairs(results) do
      local parts = {}
      if u.figures_after and u.figures_at_start then
        parts[#parts + 1] = string.format("%d -> %d figures", u.figures_at_start, u.figures_after)
      end
      if u.reaction then parts[#parts + 1] = u.reaction .. (u.disorganised and ", disorganised" or "") end
      if u.volleys_left then parts[#parts + 1] = string.format("%d volleys left", u.volleys_left) end
      if u.removed then parts[#parts + 1] = u.annihilated and "annihilated" or "removed" end
      lines[#lines + 1] = string.format("  %s: %s", lib.style("name", u.name), table.concat(parts, "; "))
    end
  end

  local function end_lines(lib, lines, e)
    for _, m in ipairs(e.command_test_markers or {}) do
      lines[#lines + 1] = string.format("  Command Test counters (%s): %s %s", m.side, m.name, m.event)
    end
  end

  -- The table's view when the phase's units stand on it (tabletop.lua), else nil: facts not
  -- typed in are then measured, and named in the summary.
  local function table_view(lib, r)
    local v = repl_table.view(lib)
    local placed = false
    for _, e in ipairs(r.list) do
      if v.by_id[e.id] then placed = true end
    end
    return placed and v or nil
  end
  local function on(v, e) return v ~= nil and v.by_id[e.id] ~= nil end
  local function fmt_in(d) return muster.measure.fmt(d) end

  -- Fills a phase's `units` entries with the facts measured on the table, where not given.
  local function unit_facts(v, r, units, keys, measured)
    for i, e in ipairs(r.list) do
      if on(v, e) then
        local f = v:unit_facts(e.id)
        local got = {}
        for _, k in ipairs(keys) do
          if units[i][k] == nil and f[k] ~= nil and f[k] ~= false and f[k] ~= "open" then
            units[i][k] = f[k]
            got[#got + 1] = k == "terrible" and "a terrible creature within 6in" or (k == "ground" and "on difficult ground")
              or (k == "in_combat" and "in combat") or k
          end
        end
        if #got > 0 then measured[#measured + 1] = e.name .. ": " .. table.concat(got, ", ") end
      end
    end
  end

  local function sight_text(sight)
    if #sight.between == 0 then return "a clear line" end
    return "the line crosses " .. table.concat(sight.between, ", ")
  end

  -- A phase's run: the procedure on the input, its result carrying what the table measured.
  local function measured_run(name)
    return function(lib, args)
      local res = lib.ruleset.resolve(name, args.input)
      res.measured = args.measured
      return res
    end
  end

  local function measured_lines(lib, lines, measured)
    for _, m in ipairs(measured or {}) do lines[#lines + 1] = "  measured on the table: " .. m end
  end

  -- -------------------------------------------------------------------------------------
  -- threat_phase{...}
  -- -------------------------------------------------------------------------------------

  commands.threat_phase = {
    doc = [[threat_phase{time = ..., {threatener, target, distance = 8}, {threatener2, target}, ...,
units = {{unit, terrible = {...}, in_combat = true, counter_threaten = "no"|threatener}}, armies = {...}}:
Phase One in one line (p.19-21): the declarations (left to right as written), mutual threat by
headcount, every threatened unit's Threat Test, each unit that passed asked whether to
counter-threaten (its side's controller), the threateners' tests. Every unit takes its reaction and
Disorganised counter; a routed unit is left with reaction "rout".]],
    prepare = function(lib, spec)
      if type(spec) ~= "table" then fail("threat_phase", "a table expected: threat_phase{{orcs, dwarves, distance = 8}}") end
      local r = roster()
      local threats = {}
      for i, d in ipairs(spec) do
        if type(d) ~= "table" or not lib.is_handle(d[1]) or not lib.is_handle(d[2]) then
          fail("threat_phase", string.format("[%d]: {threatener, target, distance = ...} expected", i))
        end
        local t, g = r.add(lib, d[1]), r.add(lib, d[2])
        local x = fields(lib, d, {})
        x.threatener, x.target = t.name, g.name
        threats[i] = x
      end
      local extras = extras_of(lib, "threat_phase", spec, { "terrible", "in_combat", "counter_threaten" })
      for _, x in pairs(extras) do
        if x.counter_threaten ~= nil and x.counter_threaten ~= "no" and type(x.counter_threaten) ~= "string" then
          fail("threat_phase", "counter_threaten: \"no\" or a unit")
        end
      end
      local units = {}
      for i, e in ipairs(r.list) do
        units[i] = { unit = e.desc, side = e.side }
        for k, v in pairs(extras[e.id] or {}) do units[i][k] = v end
      end
      local measured = {}
      local v = table_view(lib, r)
      for i, d in ipairs(spec) do
        local t, g = r.by_id[d[1].id], r.by_id[d[2].id]
        local x = threats[i]
        if on(v, t) and on(v, g) and (x.distance == nil or (x.visible == nil and x.sight == nil)) then
          local f = v:threat_facts(t.id, g.id)
          local got = {}
          if x.distance == nil then x.distance = f.distance got[#got + 1] = fmt_in(f.distance) end
          if x.visible == nil and x.sight == nil then x.sight = f.sight got[#got + 1] = sight_text(f.sight) end
          measured[#measured + 1] = string.format("%s to %s: %s", t.name, g.name, table.concat(got, ", "))
        end
      end
      unit_facts(v, r, units, { "in_combat", "terrible" }, measured)
      return { ids = r, measured = measured, input = { time = spec.time, units = units, threats = threats, armies = spec.armies } }
    end,
    run = measured_run("threat_phase"),
    apply = function(lib, args, report) set_units(lib, args.ids, report.units) end,
    title = function() return "threat_phase{...}" end,
    summary = function(lib, report)
      local lines = { lib.style("outcome", "threat phase: " .. report.outcome) }
      for _, m in ipairs(report.mutual) do
        lines[#lines + 1] = string.format("  mutual threat: %s initiates (%s)", m.initiator, m.decided_by)
      end
      for _, t in ipairs(report.tests) do
        lines[#lines + 1] = string.format("  %s%s threatened by %s: %s -> %s", t.step == "counter_threat" and "counter: " or "",
          t.unit, t.threatener, tostring(t.score), t.reaction)
      end
      for _, c in ipairs(report.counter_threats) do
        if c.target then lines[#lines + 1] = string.format("  %s counter-threatens %s (%s)", c.unit, c.target, c.chosen_by) end
      end
      measured_lines(lib, lines, report.measured)
      unit_lines(lib, lines, report.units)
      end_lines(lib, lines, report.end_of_phase)
      return table.concat(lines, "\n")
    end,
  }

  -- -------------------------------------------------------------------------------------
  -- shooting_phase{...}
  -- -------------------------------------------------------------------------------------

  commands.shooting_phase = {
    doc = [[shooting_phase{time = ..., {shooter, target, distance = 12, volleys = 2, cover = "soft"}, ...,
units = {{unit, alone = true, terrible = {...}, in_combat = true, ground = "difficult"}}, armies = {...}}:
Phase Two in one line (p.21-25): every shooter's volleys declared first (its side asked when not
given), each shot thrown left to right, each target's Casualty Test on the losses of every shot
at it, then the casualties removed. Every unit takes its figures, specials and characters lost,
its reaction and Disorganised counter, and the shooters their volley counters left.]],
    prepare = function(lib, spec)
      if type(spec) ~= "table" then fail("shooting_phase", "a table expected: shooting_phase{{archers, dwarves, distance = 12}}") end
      local r = roster()
      local shots = {}
      for i, d in ipairs(spec) do
        if type(d) ~= "table" or not lib.is_handle(d[1]) or not lib.is_handle(d[2]) then
          fail("shooting_phase", string.format("[%d]: {shooter, target, distance = ...} expected", i))
        end
        local s, g = r.add(lib, d[1]), r.add(lib, d[2])
        local x = fields(lib, d, {})
        x.shooter, x.target = s.name, g.name
        shots[i] = x
      end
      local extras = extras_of(lib, "shooting_phase", spec, { "alone", "terrible", "in_combat", "ground" })
      local units = {}
      for i, e in ipairs(r.list) do
        units[i] = { unit = e.desc, side = e.side }
        for k, v in pairs(extras[e.id] or {}) do units[i][k] = v end
      end
      local measured = {}
      local v = table_view(lib, r)
      -- The units that shoot this phase (a wall's or a ditch's cover asks whether the target does).
      local shooting = {}
      for _, d in ipairs(spec) do shooting[d[1].id] = true end
      for i, d in ipairs(spec) do
        local sh, g = r.by_id[d[1].id], r.by_id[d[2].id]
        local x = shots[i]
        if on(v, sh) and on(v, g) and (x.distance == nil or x.sight == nil or x.cover == nil) then
          local f, by = v:shot_facts(sh.id, g.id, { shoots = shooting[g.id] == true })
          local got = {}
          if x.distance == nil then x.distance = f.distance got[#got + 1] = fmt_in(f.distance) end
          if x.sight == nil then x.sight = f.sight got[#got + 1] = sight_text(f.sight) end
          if x.cover == nil and (f.cover.soft > 0 or f.cover.hard > 0) then
            x.cover = f.cover
            got[#got + 1] = string.format("%d figures in soft cover, %d in hard", f.cover.soft, f.cover.hard)
          end
          for _, b in ipairs(x.cover == f.cover and by or {}) do
            got[#got + 1] = string.format("%s: %s cover for %d figure%s (%s)", b.feature, b.cover, b.figures, b.figures == 1 and "" or "s", b.rule)
          end
          measured[#measured + 1] = string.format("%s at %s: %s", sh.name, g.name, table.concat(got, ", "))
        end
      end
      unit_facts(v, r, units, { "in_combat", "terrible", "ground" }, measured)
      return { ids = r, measured = measured, input = { time = spec.time, units = units, shots = shots, armies = spec.armies } }
    end,
    run = measured_run("shooting_phase"),
    apply = function(lib, args, report) set_units(lib, args.ids, report.units) end,
    title = function() return "shooting_phase{...}" end,
    summary = function(lib, report)
      local lines = { lib.style("outcome", "shooting phase: " .. report.outcome) }
      for _, s in ipairs(report.shots) do
        lines[#lines + 1] = string.format("  %s at %s (%d volley%s, %s range): %s", s.shooter, s.target, s.volleys,
          s.volleys == 1 and "" or "s", s.range, s.outcome)
      end
      for _, t in ipairs(report.targets) do
        local test = t.casualty_test
        lines[#lines + 1] = string.format("  %s: casualty test %s", t.unit,
          test.tested and (tostring(test.score) .. ": " .. test.reaction) or ("none (" .. tostring(test.why) .. ")"))
      end
      measured_lines(lib, lines, report.measured)
      unit_lines(lib, lines, report.units)
      end_lines(lib, lines, report.end_of_phase)
      return table.concat(lines, "\n")
    end,
  }

  -- -------------------------------------------------------------------------------------
  -- combat_phase{...}
  -- -------------------------------------------------------------------------------------

  local fighter_options = { "in_contact", "rear_ranks", "profiles_in_contact", "against", "target", "fight_ranks",
                            "polearm", "rider_profile", "capture_standard" }

  -- A side of one combat: a unit or an array of units, and `opts` (one table for one unit,
  -- an array of them for several).
  local function side_of(lib, r, v, opts, where)
    local list = lib.is_handle(v) and { v } or v
    if type(list) ~= "table" or not lib.is_handle(list[1]) then fail("combat_phase", where .. ": a unit or {unit, unit, ...} expected") end
    if opts ~= nil and type(opts) ~= "table" then fail("combat_phase", where .. " options: a table expected") end
    local per = (lib.is_handle(v) and { opts }) or opts or {}
    local out = {}
    for i, u in ipairs(list) do
      if not lib.is_handle(u) then fail("combat_phase", string.format("%s[%d]: a unit expected", where, i)) end
      local e = r.add(lib, u)
      local f = { unit = e.desc }
      local keys = {}
      for k in pairs(per[i] or {}) do keys[#keys + 1] = tostring(k) end
      table.sort(keys)
      for _, k in ipairs(keys) do
        local x = per[i][k]
        local ok = false
        for _, name in ipairs(fighter_options) do ok = ok or name == k end
        if not ok then fail("combat_phase", string.format("%s: unknown option %q (known: %s)", where, tostring(k), table.concat(fighter_options, ", "))) end
        f[k] = lib.is_handle(x) and lib.describe(x).name or x
      end
      out[i] = f
    end
    return out, lib.side(list[1])
  end

  commands.combat_phase = {
    doc = [[combat_phase{time = ..., {attacker, defender, attacker = {in_contact = 5, ...}, defender = {...}},
{{unit1, unit2}, defender, attacker = {{...}, {...}}}, ..., armies = {...}}: Phase Four in one line
(p.30-34): every combat left to right as written, each declared before any die, each round with
several units a side, then every unit's Combat Test, then the casualties removed. Every unit takes
its figures, specials and characters lost, its reaction and Disorganised counter.]],
    prepare = function(lib, spec)
      if type(spec) ~= "table" then fail("combat_phase", "a table expected: combat_phase{{orcs, dwarves}}") end
      local r = roster()
      local combats = {}
      for i, c in ipairs(spec) do
        if type(c) ~= "table" or c[1] == nil or c[2] == nil then
          fail("combat_phase", string.format("[%d]: {attacker(s), defender(s), attacker = {...}?, defender = {...}?} expected", i))
        end
        local a, a_side = side_of(lib, r, c[1], c.attacker, string.format("[%d] attacker", i))
        local d, d_side = side_of(lib, r, c[2], c.defender, string.format("[%d] defender", i))
        combats[i] = { attacker = a, defender = d, attacker_side = a_side, defender_side = d_side, aerial = c.aerial }
      end
      -- On the table: one unit against one, the figures in contact are counted, and a
      -- combat between units apart is refused.
      local measured = {}
      local v = table_view(lib, r)
      for i, c in ipairs(spec) do
        if lib.is_handle(c[1]) and lib.is_handle(c[2]) then
          local a, d = r.by_id[c[1].id], r.by_id[c[2].id]
          if on(v, a) and on(v, d) then
            local n_a, n_d = v:figures_in_contact(a.id, d.id), v:figures_in_contact(d.id, a.id)
            if n_a == 0 and n_d == 0 then
              fail("combat_phase", string.format("[%d]: %s and %s are %s apart on the table: not in contact", i, a.name, d.name,
                fmt_in(v:distance(a.id, d.id))))
            end
            local got = {}
            if combats[i].attacker[1].in_contact == nil then combats[i].attacker[1].in_contact = n_a got[#got + 1] = string.format("%s %d", a.name, n_a) end
            if combats[i].defender[1].in_contact == nil then combats[i].defender[1].in_contact = n_d got[#got + 1] = string.format("%s %d", d.name, n_d) end
            if #got > 0 then measured[#measured + 1] = "figures in contact: " .. table.concat(got, ", ") end
          end
        end
      end
      return { ids = r, measured = measured, input = { time = spec.time, combats = combats, armies = spec.armies } }
    end,
    run = measured_run("combat_phase"),
    apply = function(lib, args, report) set_units(lib, args.ids, report.units) end,
    title = function() return "combat_phase{...}" end,
    summary = function(lib, report)
      local lines = { lib.style("outcome", "combat phase") }
      for i, c in ipairs(report.combats) do lines[#lines + 1] = string.format("  combat %d: %s", i, c.outcome) end
      measured_lines(lib, lines, report.measured)
      for _, t in ipairs(report.tests) do
        lines[#lines + 1] = string.format("  %s: combat test %s", t.unit,
          t.tested and (tostring(t.score) .. ": " .. t.reaction) or ("none (" .. tostring(t.why) .. ")"))
      end
      unit_lines(lib, lines, report.units)
      end_lines(lib, lines, report.end_of_phase)
      return table.concat(lines, "\n")
    end,
  }

  return commands
end

return M
