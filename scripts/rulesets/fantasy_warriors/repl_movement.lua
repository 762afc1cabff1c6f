--- FANTASY WARRIORS Phase Three at the REPL: the helpers move, wade, expand, contract,
--- reorganise and movement_phase (repl.lua adds them to its commands). Each builds a
--- procedure's input from the units and the REPL's notes on them (a flyer on the ground, a unit
--- stuck in a river, moved or expanded this phase, a wizard's magic power), resolves it through
--- ruleset.resolve, then sets what the result says: disorganised, figures lost wading, the notes.
--- No rule is decided here: every number comes from the procedures' results.
local repl_table = require("repl_table")
local tabletop_move = require("tabletop_move")
local movement = require("movement")

local M = {}

-- The notes a move leaves on a unit (lib.set_note): moved and expanded last until new_phase();
-- in_the_air and the river a unit is stuck in last until a move changes them.
M.phase_notes = { "moved", "expanded" }

--- The commands, given repl.lua's shared helpers `h` {unit_arg, check_opts, after_losses,
--- throws_text, append}.
---@param h table
---@return table<string, table>
function M.commands(h)
  local commands = {}

  -- The unit's move input from the notes: a flyer's state, a river it is stuck in.
  local function noted(lib, u, input)
    if input.in_the_air == nil and lib.get_note(u, "in_the_air") ~= nil and input.take_off == nil then
      input.in_the_air = lib.get_note(u, "in_the_air")
    end
    local river = lib.get_note(u, "stuck_in_river")
    if river and input.stuck_in_river == nil then
      input.stuck_in_river = true
      input.river_strength = input.river_strength or river
    end
    return input
  end

  -- A copy of opts with unit handles turned into descriptions; the handles' ids by path.
  local function describe(lib, v, ids, path)
    if lib.is_handle(v) then ids[path] = v.id return lib.describe(v) end
    if type(v) ~= "table" then return v end
    local out = {}
    for k, x in pairs(v) do out[k] = describe(lib, x, ids, path == "" and tostring(k) or (path .. "." .. tostring(k))) end
    return out
  end

  -- Sets a unit's state after its move's result `m` (a `move` result).
  local function apply_move(lib, u, m, input)
    local d = lib.describe(u)
    if m.wade and ((m.wade.losses or 0) > 0 or #(m.wade.killed or {}) > 0) then
      d = h.after_losses(d, m.wade.losses or 0, m.wade.killed)
    end
    if m.disorganised ~= nil then d.disorganised = m.disorganised end
    lib.set_description(u, d)
    if (m.moved or 0) > 0 or m.halted then lib.set_note(u, "moved", true) end
    if m.in_the_air ~= nil then lib.set_note(u, "in_the_air", m.in_the_air) end
    if m.wade then
      lib.set_note(u, "stuck_in_river", m.wade.stuck and input.river_strength or nil)
    end
  end

  local function friend_disorganised(lib, id)
    local f = lib.handle(id)
    local d = lib.describe(f)
    d.disorganised = true
    lib.set_description(f, d)
  end

  -- On the table (repl_table.lua): the facts of unit `id`'s move measured now from its plan
  -- (a plan table or text; left out: a charge for ATTACK and bloodlust, else standing), or nil
  -- when the unit is not on the table. Returns the facts and {view, path} to apply it by.
  local function table_facts(lib, id, desc, plan, where)
    local v = repl_table.view(lib)
    if not v.by_id[id] then
      if plan ~= nil then error("input: " .. where .. ".plan: " .. desc.name .. " is not on the table (place it first)", 0) end
      return nil
    end
    local mode = movement.mode_of(desc)
    if plan == nil then plan = (mode == "attack" or mode == "bloodlust") and { charge = true } or { stand = true } end
    local checked = tabletop_move.check_plan(plan, where .. ".plan")
    local facts, path = tabletop_move.facts(v, id, checked, mode)
    return facts, { view = v, path = path }
  end

  -- Facts a plan replaces: typed with a plan, they are refused.
  local geometric = { "distance", "enemy_distance", "nearest_enemy_in_combat", "unengaged_enemy_distance", "direction",
    "angle", "turn", "wheel", "terrain", "collision", "contact", "in_combat", "base_width", "features" }
  -- The first fact of the move's geometry the input types in, or nil.
  local function typed_geometry(input)
    for _, k in ipairs(geometric) do
      if input[k] ~= nil then return k end
    end
    return nil
  end
  local function no_typed_geometry(input, where)
    local k = typed_geometry(input)
    if k then
      error(string.format("input: %s.%s: measured on the table from the plan; give a plan or the facts, not both", where, k), 0)
    end
  end

  commands.move = {
    doc = [[move(unit, opts?): the unit's move in Phase Three (p.26-29): its allowance (half in a swamp, marsh,
ford or river, a wheel's travel), its orders (ATTACK and bloodlust advance on the nearest enemy, HOLD
stays, OPPOSE short of contact), terrain, wading, collision, flying. The unit ends disorganised or not,
loses any figures wading, and is noted as moved (reorganise() then refuses). opts: the move's fields
(docs/resolve.md `move`): distance, enemy_distance, direction, angle, turn, wheel = {angle, travel},
terrain = {"wood", ...}, base_width, river_strength, river_at, collision = {friend = unit, at},
interpenetrate = {friend = unit, in_contact = true}, take_off, land, slow, halt, ...]],
    prepare = function(lib, u, opts)
      h.unit_arg(lib, u, "move")
      if type(opts) == "string" then opts = { plan = opts } end
      if opts ~= nil and type(opts) ~= "table" then error("input: move: options must be a table or a plan (\"advance 4\")", 0) end
      local ids = {}
      local input = describe(lib, opts or {}, ids, "")
      local plan = input.plan
      input.plan = nil
      input.unit, input.side = lib.describe(u), lib.side(u)
      if plan ~= nil then no_typed_geometry(input, "move") end
      -- Nothing of the move's geometry typed in: measured on the table, when the unit is on it.
      local on_table
      if not typed_geometry(input) then
        local facts, where = table_facts(lib, u.id, input.unit, plan, "move")
        if facts then
          for k, v in pairs(facts) do input[k] = v end
          on_table = where
          if where.path.collision then ids["collision.friend"] = where.path.collision.id end
        end
      end
      return { id = u.id, ids = ids, input = noted(lib, u, input), table = on_table }
    end,
    run = function(lib, args) return lib.ruleset.resolve("move", args.input) end,
    apply = function(lib, args, report)
      if args.table then report.table = tabletop_move.apply(args.table.view, args.table.path, report) end
      apply_move(lib, lib.handle(args.id), report, args.input)
      if report.collision and report.collision.collides and args.ids["collision.friend"] then
        friend_disorganised(lib, args.ids["collision.friend"])
      end
      local through = args.ids["interpenetrate.friend"]
      if through and report.interpenetration and not report.interpenetration.flies_over then
        lib.set_note(lib.handle(through), "moved", true)
      end
    end,
    odds = function(args) return "move", args.input end,
    title = function(args) return string.format("move(%s)", args.input.unit.name) end,
    summary = function(lib, report)
      local lines = { lib.style("outcome", "move: " .. report.outcome) }
      lines[#lines + 1] = string.format("  %s: MOV %sin, allowance %sin, moved %sin", lib.style("name", report.unit),
        tostring(report.movement or 0), tostring(report.allowance or 0), tostring(report.moved or 0))
      if report.table then lines[#lines + 1] = "  on the table: " .. report.table end
      -- The features with rules of their own it reached (a house rule's wall, field, road).
      for _, f in ipairs(report.features or {}) do
        if f.reached and f.rule then
          local stop = report.stopped and report.stopped.name == f.name and report.stopped.at == f.at
          lines[#lines + 1] = string.format("  %s (%s, %sin on): %s%s%s", f.name, (f.kind:gsub("_", " ")), tostring(f.at),
            stop and "stops: " or "", stop and report.stopped.rule or f.rule, f.rule_source and lib.style("dim", " (" .. f.rule_source .. ")") or "")
        end
      end
      for _, d in ipairs(report.disorganised_by or {}) do
        lines[#lines + 1] = "  disorganised: " .. d.reason .. lib.style("dim", " (" .. d.source .. ")")
      end
      for _, m in ipairs(report.modifiers or {}) do
        lines[#lines + 1] = string.format("  %s %s%s", lib.style("bad", string.format("%+gin", m.value)), m.reason,
          lib.style("dim", " (" .. m.source .. ")"))
      end
      if report.wade then h.append(lines, h.throws_text(lib, report.wade, "wade")) end
      return table.concat(lines, "\n")
    end,
  }

  commands.wade = {
    doc = [[wade(unit, opts): the wading throw on its own (p.27): 1D + STR - the river's strength. The unit
loses its figures (kills to specials, saves) and is disorganised; stuck in the middle, it is noted so
its next move() tests again. opts: {river_strength = 1..10 (required), stuck = true}.]],
    prepare = function(lib, u, opts)
      h.unit_arg(lib, u, "wade")
      opts = h.check_opts(opts, { "river_strength", "stuck" }, "wade")
      local input = { unit = lib.describe(u), river_strength = opts.river_strength, stuck = opts.stuck }
      if input.stuck == nil and lib.get_note(u, "stuck_in_river") then input.stuck = true end
      return { id = u.id, input = input }
    end,
    run = function(lib, args) return lib.ruleset.resolve("wade", args.input) end,
    apply = function(lib, args, report)
      local u = lib.handle(args.id)
      local d = lib.describe(u)
      if (report.losses or 0) > 0 or #(report.killed or {}) > 0 then d = h.after_losses(d, report.losses or 0, report.killed) end
      d.disorganised = true
      lib.set_description(u, d)
      lib.set_note(u, "stuck_in_river", report.stuck and args.input.river_strength or nil)
    end,
    odds = function(args) return "wade", args.input end,
    title = function(args) return string.format("wade(%s)", args.input.unit.name) end,
    summary = function(lib, report)
      local lines = { lib.style("outcome", "wade: " .. report.outcome) }
      lines[#lines + 1] = string.format("  %s: score %d (row %s)%s", lib.style("name", report.unit), report.score, report.row,
        report.wading and ("; while wading: " .. table.concat(report.while_wading, ", ")) or "")
      h.append(lines, h.throws_text(lib, report, "wade"))
      return table.concat(lines, "\n")
    end,
  }

  local expand_options = { "figures", "flank", "when", "in_combat", "combat_round", "wrap_round", "front_rank", "enemy_front_rank" }

  local function formation_command(action)
    return {
      doc = string.format([[%s(unit, opts?): the unit %ss (p.29): 1D + its quality modifier (unpredictable
+3/-3), at least 0, is how many figures it may %s by; before or after a move, never during, once a
phase (a second one is refused until new_phase()). opts: {figures, flank = "left"|"right", when =
"before_move"|"after_move", in_combat, combat_round, wrap_round, front_rank, enemy_front_rank}.]], action, action, action),
      prepare = function(lib, u, opts)
        h.unit_arg(lib, u, action)
        opts = h.check_opts(opts, expand_options, action)
        local input = { unit = lib.describe(u), action = action, done_this_phase = lib.get_note(u, "expanded") == true }
        for k, v in pairs(opts) do input[k] = v end
        -- On the table: its front rank, combat and the enemy's front rank measured, unless typed.
        local v = repl_table.view(lib)
        local on_table = v.by_id[u.id] ~= nil
        if on_table then
          for k, x in pairs(tabletop_move.expand_facts(v, u.id)) do
            if input[k] == nil then input[k] = x end
          end
        end
        return { id = u.id, input = input, on_table = on_table }
      end,
      run = function(lib, args) return lib.ruleset.resolve("expand_contract", args.input) end,
      apply = function(lib, args, report)
        lib.set_note(lib.handle(args.id), "expanded", true)
        if args.on_table then
          report.table = tabletop_move.apply_expand(repl_table.view(lib), args.id, report)
          lib.rules.reform(lib, args.id)
        end
      end,
      odds = function(args) return "expand_contract", args.input end,
      title = function(args) return string.format("%s(%s)", action, args.input.unit.name) end,
      summary = function(lib, report)
        local lines = { lib.style("outcome", action .. ": " .. report.outcome) }
        if report.table then lines[#lines + 1] = "  on the table: " .. report.table end
        h.append(lines, h.throws_text(lib, report, "expand_contract"))
        return table.concat(lines, "\n")
      end,
    }
  end
  commands.expand = formation_command("expand")
  commands.contract = formation_command("contract")

  commands.reorganise = {
    doc = [[reorganise(unit, opts?): the unit, not moving this phase, removes its Disorganised counter (p.29):
OK status only, not in combat, never in bloodlust, a flyer only in the air. opts: {in_combat = true}.]],
    prepare = function(lib, u, opts)
      h.unit_arg(lib, u, "reorganise")
      opts = h.check_opts(opts, { "in_combat" }, "reorganise")
      local input = { unit = lib.describe(u), moved = lib.get_note(u, "moved") == true, in_combat = opts.in_combat }
      if lib.get_note(u, "in_the_air") ~= nil then input.in_the_air = lib.get_note(u, "in_the_air") end
      return { id = u.id, input = input }
    end,
    run = function(lib, args) return lib.ruleset.resolve("reorganise", args.input) end,
    apply = function(lib, args, report)
      local u = lib.handle(args.id)
      local d = lib.describe(u)
      d.disorganised = false
      lib.set_description(u, d)
    end,
    title = function(args) return string.format("reorganise(%s)", args.input.unit.name) end,
    summary = function(lib, report) return lib.style("outcome", "reorganise: " .. report.outcome) end,
  }

  -- movement_phase{...}: sides by name (sorted, so that the order never depends on a table's
  -- walk), each {warchief?, warchief_lost?, commands?, wizards?, [1..n] = unit entries}; an
  -- entry is a unit or {unit, ...move fields, reorganise?, expand?}. A side without commands
  -- is one command of its own name.
  local function phase_input(lib, spec)
    if type(spec) ~= "table" then error("input: movement_phase: a table expected: movement_phase{orcs = {...}, dwarves = {...}}", 0) end
    local input = { method = spec.method, time = spec.time, sides = {} }
    local refs = { units = {}, wizards = {} }
    local names = {}
    for k in pairs(spec) do
      if k ~= "method" and k ~= "time" then
        if type(k) ~= "string" then error("input: movement_phase: sides by name: movement_phase{orcs = {...}}", 0) end
        names[#names + 1] = k
      end
    end
    table.sort(names)
    local function entry(e, path)
      if lib.is_handle(e) then e = { e } end
      if type(e) ~= "table" or not lib.is_handle(e[1]) then
        error("input: movement_phase: " .. path .. ": a unit, or {unit, distance = ..., ...}", 0)
      end
      local ids = {}
      local out = describe(lib, e, ids, "")
      out[1] = nil
      local plan = out.plan
      out.plan = nil
      out.unit = lib.describe(e[1])
      if plan ~= nil then no_typed_geometry(out, "movement_phase: " .. path) end
      refs.units[#refs.units + 1] = { id = e[1].id, ids = ids, path = path, plan = plan }
      return noted(lib, e[1], out)
    end
    local function wizard(w, side, path)
      if type(w) ~= "table" then error("input: movement_phase: " .. path .. ": {unit = carrier, name = wizard, power?, rest?, method?}", 0) end
      local carrier = w.unit
      local power = w.power
      if lib.is_handle(carrier) and power == nil then
        local powers = lib.get_note(carrier, "power")
        power = powers and powers[w.name]
      end
      refs.wizards[#refs.wizards + 1] = { id = lib.is_handle(carrier) and carrier.id or nil, name = w.name }
      return { wizard = { name = w.name, power = power, bad_light = w.bad_light }, rest = w.rest, method = w.method, moved = w.moved }
    end
    for i, name in ipairs(names) do
      local s = spec[name]
      if type(s) ~= "table" then error("input: movement_phase: " .. name .. ": a table expected", 0) end
      local side = { name = name, warchief = s.warchief, warchief_lost = s.warchief_lost, commands = {} }
      local commands = s.commands
      if commands == nil then
        commands = { { name = name, leader = s.warchief, units = {}, wizards = s.wizards } }
        for k, e in ipairs(s) do commands[1].units[k] = e end
      end
      for j, c in ipairs(commands) do
        local out = { name = c.name, leader = c.leader, leader_lost = c.leader_lost, units = {}, wizards = {} }
        for k, e in ipairs(c.units or {}) do out.units[k] = entry(e, string.format("%s.commands[%d].units[%d]", name, j, k)) end
        for k, w in ipairs(c.wizards or {}) do out.wizards[k] = wizard(w, name, string.format("%s.wizards[%d]", name, k)) end
        side.commands[j] = out
      end
      input.sides[i] = side
    end
    return input, refs
  end

  commands.movement_phase = {
    doc = [[movement_phase{method = "armies"|"commands", time = ..., SIDE = {warchief = {name, leadership, bad_light?},
unit, {unit, distance = 3, ...}, ..., wizards = {{unit = carrier, name = "Shaman", power = 4}}}, ...}:
Phase Three in one line (p.26-29): the Initiative Test, then each army (or command: give
commands = {{name, leader, units = {...}}}) in turn, every unit's move, the units that stand
reorganising, wizards resting, wading, expanding. Every unit takes its outcome (disorganised,
figures lost wading); a wizard's power is kept on his unit for the next phase.]],
    prepare = function(lib, spec)
      local input, refs = phase_input(lib, spec)
      return { input = input, refs = refs }
    end,
    run = function(lib, args)
      -- Units on the table move there: each one's facts measured at its moment in the order
      -- of play, from its plan, and its formation moved before the next one goes.
      local v = repl_table.view(lib)
      local refs, any, k = {}, false, 0
      for _, s in ipairs(args.input.sides) do
        for _, c in ipairs(s.commands) do
          for _, e in ipairs(c.units) do
            k = k + 1
            local ref = args.refs.units[k]
            refs[s.name .. "\0" .. c.name .. "\0" .. e.unit.name] = ref
            if v.by_id[ref.id] then any = true end
          end
        end
      end
      if not any then return lib.ruleset.resolve("movement_phase", args.input) end
      local hooks = {}
      function hooks.before_unit(raw, side, command)
        local ref = refs[side .. "\0" .. command .. "\0" .. raw.unit.name]
        if not ref or typed_geometry(raw) then return nil end
        local facts, where = table_facts(lib, ref.id, raw.unit, ref.plan, "movement_phase: " .. ref.path)
        ref.table = where
        if where and where.path.collision then ref.ids["collision.friend"] = where.path.collision.id end
        return facts
      end
      function hooks.after_unit(out, raw, side, command)
        local ref = refs[side .. "\0" .. command .. "\0" .. raw.unit.name]
        if not (ref and ref.table) then return nil end
        if ref.table.path.collision then out.collision_friend = ref.table.path.collision.id end
        return tabletop_move.apply(ref.table.view, ref.table.path, out.move)
      end
      function hooks.after_expand(expansion, raw, side, command)
        local ref = refs[side .. "\0" .. command .. "\0" .. raw.unit.name]
        if not ref or not repl_table.view(lib).by_id[ref.id] then return nil end
        return tabletop_move.apply_expand(repl_table.view(lib), ref.id, expansion)
      end
      local ruleset = lib.ruleset
      return ruleset.modules.movement_phase.phase(args.input, ruleset.options, hooks)
    end,
    apply = function(lib, args, report)
      local k = 0
      for _, s in ipairs(args.input.sides) do
        for _, c in ipairs(s.commands) do
          for _, e in ipairs(c.units) do
            k = k + 1
            local ref = args.refs.units[k]
            -- The outcome of this entry: the report lists units in the order they moved.
            for _, out in ipairs(report.units) do
              if out.unit == e.unit.name and out.side == s.name and out.command == c.name and not out.applied then
                out.applied = true
                local u = lib.handle(ref.id)
                apply_move(lib, u, out.move, e)
                if out.reorganise then
                  local d = lib.describe(u)
                  d.disorganised = false
                  lib.set_description(u, d)
                end
                if out.expand then lib.set_note(u, "expanded", true) end
                local friend = out.collision_friend or ref.ids["collision.friend"]
                if out.move.collision and out.move.collision.collides and friend then friend_disorganised(lib, friend) end
                break
              end
            end
          end
        end
      end
      for _, out in ipairs(report.units) do out.applied, out.collision_friend = nil, nil end
      for i, w in ipairs(report.wizards) do
        local ref = args.refs.wizards[i]
        if w.rest and ref and ref.id then
          local u = lib.handle(ref.id)
          local powers = lib.get_note(u, "power") or {}
          powers[ref.name] = w.rest.power_after
          lib.set_note(u, "power", powers)
        end
      end
    end,
    odds = function(args) return "movement_phase", args.input end,
    title = function() return "movement_phase{...}" end,
    summary = function(lib, report)
      local lines = { lib.style("outcome", "movement phase: " .. report.initiative.outcome) }
      for _, turn in ipairs(report.turns) do
        lines[#lines + 1] = string.format("  %d. %s", turn.position, lib.style("name", turn.command and (turn.command .. " (" .. turn.side .. ")") or turn.side))
        for _, u in ipairs(report.units) do
          if u.turn == turn.position then lines[#lines + 1] = "    " .. u.unit .. ": " .. u.outcome end
        end
        for _, w in ipairs(report.wizards) do
          if w.turn == turn.position then lines[#lines + 1] = "    " .. w.wizard .. ": " .. w.outcome end
        end
      end
      h.append(lines, h.throws_text(lib, report.initiative, "initiative"))
      return table.concat(lines, "\n")
    end,
  }

  return commands
end

return M
