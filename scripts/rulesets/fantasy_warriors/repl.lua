--- FANTASY WARRIORS at the REPL (scripts/lib/repl.lua turns this into session globals): unit
--- templates from the army lists, and the helpers combat, shoot, threat and test (Phase Three's
--- from repl_movement.lua, the whole phases' from repl_phases.lua). Each builds a procedure's
--- input from the units, resolves it through ruleset.resolve (pure; :odds reuses it), then
--- changes the units as the result says. No rule is decided here: every number comes from the
--- procedures' results. Text reuses explain.lua.
local morale = require("morale")
local units = require("units")

local M = {}

-- ---------------------------------------------------------------------------------------
-- Templates
-- ---------------------------------------------------------------------------------------

local armies = require("armies")

local templates  -- name (lower case) or id -> {id, name, side, profile, min, max}

local function add_template(t, by_key)
  by_key[t.id] = t
  by_key[t.profile.name:lower()] = t
end

local function load_templates()
  if templates then return templates end
  local by_key, order = {}, {}
  for _, list_id in ipairs(armies.list_ids) do
    local list = armies.load_list(list_id)
    for _, id in ipairs(list.order) do
      local e = list.entries[id]
      if e.kind == "troop" and type(e.name) == "string" then
        local t = { id = id, side = list_id, profile = armies.profile_of(e), min = e.min, max = e.max, source = list.file }
        add_template(t, by_key)
        order[#order + 1] = t
      end
    end
  end
  templates = { by_key = by_key, order = order }
  return templates
end

--- The template called `name` ("orc infantry", "Orc infantry" or "orc_infantry"), or nil.
---@param name string
---@return table|nil template {id, side, profile, min?, max?, source}
function M.template(name)
  local key = tostring(name):lower()
  local by_key = load_templates().by_key
  return by_key[key] or by_key[(key:gsub("[%s-]+", "_"))]
end

-- Templates sharing a word with `name`, for "did you mean".
local function near(name)
  local out, best = {}, 1
  for _, t in ipairs(load_templates().order) do
    local score = 0
    for word in tostring(name):lower():gmatch("%a+") do
      if #word > 2 and t.id:find(word:sub(1, 5), 1, true) then score = score + 1 end
    end
    if score > best then out, best = {}, score end
    if score == best then out[#out + 1] = t.id end
  end
  return out
end

local function template_names()
  local out = {}
  for _, t in ipairs(load_templates().order) do out[#out + 1] = t.profile.name:lower() end
  return out
end

-- ---------------------------------------------------------------------------------------
-- Units
-- ---------------------------------------------------------------------------------------

--- Checks a unit description as the procedures will (errors "input: unit.<field>: ...").
---@param desc table a unit description
function M.check(desc)
  units.check_unit(desc, "unit")
end

--- The description with every default filled in (what `unit.reaction` reads when unset).
---@param desc table a unit description
---@return table unit checked, defaults filled
function M.complete(desc)
  return units.check_unit(desc, "unit")
end

--- unit{"orc infantry", figures = 10, leader = true, side = "orcs", ...}: the template's
--- profile with the fields given; returns the description and the side (the army list's id,
--- unless `side` is given).
---@param lib table scripts/lib/repl.lua
---@param spec table {[1]? template, side?, ...fields}
---@return table description
---@return string side
function M.make_unit(lib, spec)
  local desc, side = {}, spec.side
  local name = spec[1]
  local t
  if name ~= nil then
    t = M.template(name)
    if not t then
      local maybe = near(name)
      error(string.format("input: unit: no template %q (%stemplates() lists them)", tostring(name),
        #maybe > 0 and ("did you mean " .. table.concat(maybe, ", ") .. "? ") or ""), 0)
    end
    for k, v in pairs(lib.copy(t.profile)) do desc[k] = v end
    side = side or t.side
  end
  for k, v in pairs(spec) do
    if k ~= 1 and k ~= "side" then desc[k] = v end
  end
  if desc.figures == nil then
    local n = 10
    if t and t.min and n < t.min then n = t.min end
    if t and t.max and n > t.max then n = t.max end
    desc.figures = n
  end
  if desc.name == nil then error("input: unit: give a template (unit{\"orc infantry\"}) or a name", 0) end
  return desc, side or "player"
end

local function count(n, word)
  return string.format("%d %s%s", n, word, n == 1 and "" or "s")
end

local reaction_style = { ok = "good", bloodlust = "good", shaken = "warn", rout = "bad" }

--- One line about a unit: figures, profile, specials, orders and reaction.
---@param lib table scripts/lib/repl.lua
---@param h table a unit handle
---@return string
function M.show(lib, h)
  local u = lib.describe(h)
  local parts = { count(u.figures, "figure") }
  local profile = string.format("%s %s", u.quality or "?", u.type or "?")
  if (u.strength or 0) ~= 0 then profile = profile .. string.format(" STR %+d", u.strength) end
  profile = profile .. ", " .. (u.armour or "no") .. " armour" .. (u.shield and " + shield" or "") .. ", " .. (u.weapon or "hand")
  if u.mounted then profile = profile .. ", mounted" end
  if u.flying then profile = profile .. ", flying" end
  -- Volley counters once some are spent (or set): a full quiver is the default and not shown.
  if u.volleys ~= nil and u.volleys ~= units.starting_volleys(u.weapon) then
    profile = profile .. string.format(" (%s left)", count(u.volleys, "volley"))
  end
  parts[#parts + 1] = profile
  local specials = {}
  if u.leader then specials[#specials + 1] = "leader" end
  if u.standard then specials[#specials + 1] = "standard" end
  if u.champion then specials[#specials + 1] = "champion" end
  if (u.musicians or 0) > 0 then specials[#specials + 1] = count(u.musicians, "musician") end
  for _, ind in ipairs(u.individuals or {}) do specials[#specials + 1] = ind.name end
  if #specials > 0 then parts[#parts + 1] = table.concat(specials, ", ") end
  parts[#parts + 1] = (u.orders or "hold") .. " orders"
  local reaction = u.reaction or "ok"
  local state = lib.style(reaction_style[reaction] or "name", reaction) .. (u.disorganised and ", disorganised" or "")
  local phase = lib.get_note(h, "phase")
  if phase and (phase.losses or 0) > 0 then
    state = state .. string.format(", lost %d of %d this phase", phase.losses, phase.figures_at_start)
  end
  parts[#parts + 1] = state
  return string.format("%s (%s): %s", lib.style("name", u.name), lib.side(h), table.concat(parts, "; "))
end

-- ---------------------------------------------------------------------------------------
-- Text: the result first, then the dice and modifiers (explain.lua's lines)
-- ---------------------------------------------------------------------------------------

-- explain.lua's text of a result's throws and modifiers only, without its head line.
local function throws_text(lib, res, procedure)
  if type(res.dice) ~= "table" or (#res.dice == 0 and #(res.modifiers or {}) == 0) then return {} end
  local modifiers = res.modifiers
  if #res.dice == 1 then
    -- One throw: every modifier went into it (a test's quality throw), so it goes under it.
    modifiers = {}
    for i, m in ipairs(res.modifiers or {}) do
      modifiers[i] = lib.copy(m)
      modifiers[i].throw = modifiers[i].throw or res.dice[1].label
    end
  end
  local text = lib.ruleset.explain({ procedure = procedure, outcome = "", dice = res.dice, modifiers = modifiers })
  local lines = {}
  local first = true
  for line in text:gmatch("[^\n]+") do
    if not first then
      local lead, value, rest = line:match("^(%s*)([+-]%d+)( .*)$")
      if lead then
        local reason, source = rest:match("^(.-)( %([^()]*%))$")
        line = lead .. lib.style(value:sub(1, 1) == "+" and "good" or "bad", value)
          .. (reason and (reason .. lib.style("dim", source)) or rest)
      else
        line = line:gsub("rolled ([%d ]+)", function(faces) return "rolled " .. lib.style("dice", faces) end)
      end
      lines[#lines + 1] = line
    end
    first = false
  end
  return lines
end

local function append(lines, more)
  for _, l in ipairs(more) do lines[#lines + 1] = l end
end

local function reaction_text(lib, r)
  return lib.style(reaction_style[r] or "name", r)
end

-- ---------------------------------------------------------------------------------------
-- Helpers shared by the commands
-- ---------------------------------------------------------------------------------------

local function unit_arg(lib, h, what)
  if not lib.is_handle(h) then
    error(string.format("input: %s: a unit expected (made with unit{...}), got %s", what, type(h)), 0)
  end
  return h
end

local function check_opts(opts, known, what)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error("input: " .. what .. ": options must be a table", 0) end
  local set = {}
  for _, k in ipairs(known) do set[k] = true end
  for k in pairs(opts) do
    if not set[k] then
      error(string.format("input: %s: unknown option %q (known: %s)", what, tostring(k), table.concat(known, ", ")), 0)
    end
  end
  return opts
end

-- The description after losses: figures removed, killed specials and characters gone.
local function after_losses(desc, losses, killed)
  local a = desc
  a.figures = math.max(0, a.figures - losses)
  for _, k in ipairs(killed or {}) do
    if k == "leader" then a.leader = false
    elseif k == "standard_bearer" then a.standard = false
    elseif k == "champion" then a.champion = false
    elseif k == "musician" then a.musicians = math.max(0, (a.musicians or 0) - 1)
    elseif k == "hero" then a.hero = false
    elseif a.individuals then
      for i, ind in ipairs(a.individuals) do
        if ind.name == k then table.remove(a.individuals, i) break end
      end
    end
  end
  return a
end

-- Adds this phase's losses to a unit's record (for a later Casualty Test).
local function note_losses(lib, h, before, losses, killed)
  local phase = lib.get_note(h, "phase") or { figures_at_start = before.figures, losses = 0, killed = {}, unit = before }
  phase.losses = (phase.losses or 0) + losses
  phase.killed = phase.killed or {}
  for _, k in ipairs(killed or {}) do phase.killed[#phase.killed + 1] = k end
  lib.set_note(h, "phase", phase)
end

local function set_reaction(lib, h, test)
  if test == nil or test.tested == false or test.unit_reaction == nil then return end
  local d = lib.describe(h)
  d.reaction, d.disorganised = test.unit_reaction, test.disorganised
  lib.set_description(h, d)
end

M.commands = {}

-- ---------------------------------------------------------------------------------------
-- combat(a, b, opts?)
-- ---------------------------------------------------------------------------------------

M.commands.combat = {
  doc = [[combat(attacker, defender, opts?): one combat round (p.30-33): both sides' hit and kill throws,
kills to specials, saves, standard captures, then each unit's Combat Test (p.34). The units
lose their casualties and take their new reaction. opts: {time = "day"|"night", aerial = true,
attacker = {...}, defender = {...}} where attacker/defender hold a fighter's declarations
(in_contact, rear_ranks, fight_ranks, polearm, rider_profile, capture_standard, target).]],
  prepare = function(lib, a, b, opts)
    unit_arg(lib, a, "combat: attacker")
    unit_arg(lib, b, "combat: defender")
    opts = check_opts(opts, { "time", "aerial", "attacker", "defender" }, "combat")
    local function fighter(h, extra)
      local f = { unit = lib.describe(h) }
      for k, v in pairs(extra or {}) do f[k] = v end
      return f
    end
    return {
      ids = { attacker = a.id, defender = b.id },
      input = { attacker = fighter(a, opts.attacker), defender = fighter(b, opts.defender),
                attacker_side = lib.side(a), defender_side = lib.side(b), time = opts.time, aerial = opts.aerial },
    }
  end,
  run = function(lib, args)
    local round = lib.ruleset.resolve("combat", args.input)
    local tests = {}
    local reactions = {}
    for _, u in ipairs(round.units) do
      if u.takes_combat_test then
        local t = lib.ruleset.resolve("combat_test", u.combat_test)
        tests[#tests + 1] = t
        reactions[#reactions + 1] = u.name .. " " .. t.outcome
      end
    end
    local outcome = round.outcome
    if #reactions > 0 then outcome = outcome .. "; " .. table.concat(reactions, ", ") end
    return { procedure = "combat_phase", outcome = outcome, round = round, tests = tests }
  end,
  apply = function(lib, args, report)
    for _, u in ipairs(report.round.units) do
      if u.after then
        local h = lib.handle(args.ids[u.side])
        local d = u.after
        for _, t in ipairs(report.tests) do
          if t.unit == u.name and t.tested ~= false then d.reaction, d.disorganised = t.unit_reaction, t.disorganised end
        end
        lib.set_description(h, d)
      end
    end
  end,
  -- :odds: the round with each unit's Combat Test, as this command runs it.
  odds = function(args)
    args.input.combat_tests = true
    return "combat", args.input
  end,
  title = function(args)
    return string.format("combat(%s, %s)", args.input.attacker.unit.name, args.input.defender.unit.name)
  end,
  summary = function(lib, report)
    local r = report.round
    local lines = { lib.style("outcome", "combat: " .. report.outcome) }
    for _, u in ipairs(r.units) do
      local line = string.format("  %s: %d -> %d figures", lib.style("name", u.name), u.figures_at_start,
        u.after and u.after.figures or (u.alive and 1 or 0))
      if u.losses > 0 then
        line = line .. string.format(" (lost %d%s)", u.losses, #u.killed > 0 and (": " .. table.concat(u.killed, ", ")) or "")
      end
      for _, t in ipairs(report.tests) do
        if t.unit == u.name then
          line = line .. string.format("; combat test %s: %s", tostring(t.score), reaction_text(lib, t.outcome))
        end
      end
      lines[#lines + 1] = line
    end
    append(lines, throws_text(lib, r, "combat"))
    for _, t in ipairs(report.tests) do append(lines, throws_text(lib, t, "combat_test")) end
    return table.concat(lines, "\n")
  end,
}

-- ---------------------------------------------------------------------------------------
-- shoot(shooter, target, opts?)
-- ---------------------------------------------------------------------------------------

local shoot_options = { "volleys", "range", "distance", "cover", "figures_shooting", "time", "target_alone",
                        "target_in_combat" }

M.commands.shoot = {
  doc = [[shoot(shooter, target, opts?): one unit shoots at another (p.21-24): range, volleys, hit and
kill throws, kills to specials and characters, saves. The shooter spends its volleys (6 at the
start); the target loses its casualties; the losses add up over the phase for test("casualty", target). opts: {volleys = n, range =
"short"|"long", distance = inches, cover = "soft"|"hard", figures_shooting = n, time = ...,
target_in_combat = true|false}.]],
  prepare = function(lib, s, t, opts)
    unit_arg(lib, s, "shoot: shooter")
    unit_arg(lib, t, "shoot: target")
    opts = check_opts(opts, shoot_options, "shoot")
    local input = { shooter = lib.describe(s), target = lib.describe(t), shooter_side = lib.side(s) }
    for k, v in pairs(opts) do input[k] = v end
    return { ids = { shooter = s.id, target = t.id }, input = input }
  end,
  run = function(lib, args)
    return lib.ruleset.resolve("shoot", args.input)
  end,
  apply = function(lib, args, report)
    -- The volleys shot are spent (p.21): the shooter keeps the counters the result leaves.
    if report.volleys_left then
      local shooter = lib.handle(args.ids.shooter)
      local desc = lib.describe(shooter)
      desc.volleys = report.volleys_left
      lib.set_description(shooter, desc)
    end
    local h = lib.handle(args.ids.target)
    local before = lib.describe(h)
    if (report.losses or 0) > 0 or #(report.killed or {}) > 0 then
      note_losses(lib, h, lib.copy(before), report.losses or 0, report.killed)
      lib.set_description(h, after_losses(before, report.losses or 0, report.killed))
    end
  end,
  odds = function(args) return "shoot", args.input end,
  title = function(args)
    return string.format("shoot(%s, %s)", args.input.shooter.name, args.input.target.name)
  end,
  summary = function(lib, report)
    local lines = { lib.style("outcome", "shoot: " .. report.outcome) }
    local t = report.target
    lines[#lines + 1] = string.format("  %s: %d -> %d figures%s", lib.style("name", t), report.figures_at_start or 0,
      (report.figures_at_start or 0) - (report.losses or 0),
      (report.losses or 0) > 0 and "; a Casualty Test may follow: test(\"casualty\", ...)" or "")
    if report.volleys_left then
      lines[#lines + 1] = string.format("  %s: %d %s shot, %d left", lib.style("name", report.shooter),
        report.volleys, report.volleys == 1 and "volley" or "volleys", report.volleys_left)
    end
    append(lines, throws_text(lib, report, "shoot"))
    return table.concat(lines, "\n")
  end,
}

-- ---------------------------------------------------------------------------------------
-- threat(threatener, target, opts?)
-- ---------------------------------------------------------------------------------------

local threat_options = { "time", "distance", "visible", "in_combat", "target_in_combat", "terrible_near_target",
                         "terrible_near_threatener" }

M.commands.threat = {
  doc = [[threat(threatener, target, opts?): a threat (p.19-21): the target's Threat Test, its side's
choice to counter-threaten, the threatener's test. Both units take their reactions.
opts: {time, distance, visible, in_combat, target_in_combat, terrible_near_target, terrible_near_threatener}.]],
  prepare = function(lib, a, b, opts)
    unit_arg(lib, a, "threat: threatener")
    unit_arg(lib, b, "threat: target")
    opts = check_opts(opts, threat_options, "threat")
    local input = { threatener = lib.describe(a), target = lib.describe(b), target_side = lib.side(b) }
    for k, v in pairs(opts) do input[k] = v end
    return { ids = { threatener = a.id, target = b.id }, input = input }
  end,
  run = function(lib, args)
    return lib.ruleset.resolve("threat", args.input)
  end,
  apply = function(lib, args, report)
    set_reaction(lib, lib.handle(args.ids.target), report.test)
    set_reaction(lib, lib.handle(args.ids.threatener), report.counter_test)
  end,
  odds = function(args) return "threat", args.input end,
  title = function(args)
    return string.format("threat(%s, %s)", args.input.threatener.name, args.input.target.name)
  end,
  summary = function(lib, report)
    local lines = { lib.style("outcome", "threat: " .. report.outcome) }
    local function test_line(t)
      lines[#lines + 1] = string.format("  %s: threat test %s: %s", lib.style("name", t.unit), tostring(t.score),
        reaction_text(lib, t.reaction))
    end
    test_line(report.test)
    if report.counter_test then test_line(report.counter_test) end
    append(lines, throws_text(lib, report.test, "threat_test"))
    if report.counter_test then append(lines, throws_text(lib, report.counter_test, "threat_test")) end
    return table.concat(lines, "\n")
  end,
}

-- ---------------------------------------------------------------------------------------
-- test(kind, unit, opts?)
-- ---------------------------------------------------------------------------------------

M.commands.test = {
  doc = [[test(kind, unit, opts?): a reaction test (p.20, 25, 34), kind "casualty", "combat" or "threat".
A Casualty Test reads the losses shoot() recorded this phase (opts.losses and the rest override);
a threat test needs opts.threatener (a unit). The unit takes its new reaction. opts: the test's
fields (losses, figures_at_start, killed, magic_losses, time, terrible, threatener, ...).]],
  prepare = function(lib, kind, h, opts)
    unit_arg(lib, h, "test")
    if opts ~= nil and type(opts) ~= "table" then error("input: test: options must be a table", 0) end
    local input = { test = kind }
    local phase = kind == "casualty" and lib.get_note(h, "phase") or nil
    if phase then
      input.unit, input.figures_at_start, input.losses = phase.unit, phase.figures_at_start, phase.losses
      if phase.killed and #phase.killed > 0 then input.killed = phase.killed end
    else
      input.unit = lib.describe(h)
    end
    for k, v in pairs(opts or {}) do
      input[k] = lib.is_handle(v) and lib.describe(v) or v
    end
    return { id = h.id, kind = kind, input = input, used_phase = phase ~= nil }
  end,
  run = function(lib, args)
    return lib.ruleset.resolve("test", args.input)
  end,
  apply = function(lib, args, report)
    local h = lib.handle(args.id)
    set_reaction(lib, h, report)
    if args.used_phase then lib.set_note(h, "phase", nil) end
  end,
  -- :odds: the test itself (the test dispatch has no outcome fields of its own).
  odds = function(args)
    local rest = {}
    for k, v in pairs(args.input) do
      if k ~= "test" then rest[k] = v end
    end
    return morale.tests[args.kind], rest
  end,
  title = function(args)
    return string.format("test(%q, %s)", args.kind, args.input.unit.name)
  end,
  summary = function(lib, report)
    local head = string.format("%s: %s", report.procedure:gsub("_", " "), reaction_text(lib, tostring(report.outcome)))
    local lines = { lib.style("outcome", head) }
    if report.trigger then lines[#lines + 1] = "  " .. report.trigger end
    if report.why and report.why ~= report.trigger then lines[#lines + 1] = "  " .. report.why end
    if report.tested ~= false and report.score then
      lines[#lines + 1] = string.format("  %s: score %s, now %s%s", lib.style("name", report.unit), tostring(report.score),
        reaction_text(lib, report.unit_reaction), report.disorganised and ", disorganised" or "")
    end
    append(lines, throws_text(lib, report, report.procedure))
    return table.concat(lines, "\n")
  end,
}

-- ---------------------------------------------------------------------------------------
-- Phase Three: move, wade, expand, contract, reorganise, movement_phase (repl_movement.lua)
-- ---------------------------------------------------------------------------------------

local repl_movement = require("repl_movement")
local repl_table = require("repl_table")
for name, cmd in pairs(repl_movement.commands({ unit_arg = unit_arg, check_opts = check_opts, after_losses = after_losses,
                                               throws_text = throws_text, append = append })) do
  M.commands[name] = cmd
end

-- ---------------------------------------------------------------------------------------
-- Whole phases: threat_phase, shooting_phase, combat_phase (repl_phases.lua)
-- ---------------------------------------------------------------------------------------

for name, cmd in pairs(require("repl_phases").commands({ unit_arg = unit_arg, throws_text = throws_text, append = append })) do
  M.commands[name] = cmd
end

-- ---------------------------------------------------------------------------------------
-- resolve(name, input): any procedure
-- ---------------------------------------------------------------------------------------

-- A copy of `v` with every unit handle in it replaced by the unit's description.
local function describe_handles(lib, v)
  if lib.is_handle(v) then return lib.describe(v) end
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = describe_handles(lib, x) end
  return out
end

M.commands.resolve = {
  doc = [[resolve(name, input): any procedure of the ruleset by name, for everything the other helpers do not
cover: command_test, battle_leaders_test, influence, cast, omens, scouting, time_dial, talisman,
warchief_lost... (:help NAME gives its fields; docs/resolve.md its input). A unit given anywhere in
the input stands for its description; no unit changes. :explain, :odds and :dice work as for combat.]],
  prepare = function(lib, name, input)
    if type(name) ~= "string" then
      error("input: resolve: the procedure's name first: resolve(\"command_test\", {...})", 0)
    end
    if input ~= nil and type(input) ~= "table" then error("input: resolve: the input must be a table", 0) end
    return { name = name, input = describe_handles(lib, input or {}) }
  end,
  run = function(lib, args)
    return lib.ruleset.resolve(args.name, args.input)
  end,
  apply = function() end,
  odds = function(args) return args.name, args.input end,
  title = function(args)
    return string.format("resolve(%q)", args.name)
  end,
  summary = function(lib, report)
    local text = lib.ruleset.explain(report):gsub("\n$", "")
    local head, rest = text:match("^([^\n]*)(.*)$")
    return lib.style("outcome", head) .. rest
  end,
}

-- ---------------------------------------------------------------------------------------
-- Plain functions, help, completion, samples
-- ---------------------------------------------------------------------------------------

M.functions = {
  --- templates(): the unit templates unit{...} knows, with their side.
  templates = function(lib)
    local lines = {}
    for _, t in ipairs(load_templates().order) do
      lines[#lines + 1] = string.format("%-24s %-10s %s", t.profile.name:lower(), t.side, t.source)
    end
    print(table.concat(lines, "\n"))
  end,
  --- scenario(path): lays out a scenario file (the table, its features, both armies placed).
  scenario = function(lib, path) print((repl_table.scenario(lib, path))) end,
  --- place(unit, {x, y, facing?, files?}): stands a unit on the table.
  place = function(lib, h, at) print(repl_table.place(lib, h, at)) end,
  --- where(unit?): where a unit stands, or every piece on the table.
  where = function(lib, h) print(repl_table.where(lib, h)) end,
  --- sight(seer, target): the line_of_sight procedure on what the line between them crosses.
  sight = function(lib, a, b) return lib.run_command("resolve", "line_of_sight", repl_table.view(lib):sight(
    repl_table.id(lib, a, "seer"), repl_table.id(lib, b, "target"))) end,
  --- distance(a, b): the distance between two pieces on the table, edge to edge, inches.
  distance = function(lib, a, b) return repl_table.distance(lib, a, b) end,
  --- battle{scenario = FILE | armies = {A, B}, turns?, controllers = {SIDE = "player"|"bot"|POLICY}}:
  --- sets a whole battle up in the session (docs/battle.md); next_turn() or :turn plays it,
  --- next_phase() or :next a phase at a time.
  battle = function(lib, opts)
    if type(opts) ~= "table" then error("input: battle: a table expected: battle{scenario = \"examples/scenarios/greystones.lua\"}", 0) end
    local given = {}
    for k, v in pairs(opts) do given[k] = v end
    given.echo = true
    lib.battle_start(given)
  end,
  --- next_turn(): plays the battle's next turn; a side played by "player" is asked every choice.
  next_turn = function(lib)
    local text = lib.battle_turn_text()
    if text ~= "" then print(text) end
  end,
  --- next_phase(): plays the battle's next phase only (:next); :phase says which comes next.
  next_phase = function(lib)
    local text = lib.battle_turn_text(true)
    if text ~= "" then print(text) end
  end,
  --- new_phase(): forgets this phase's losses (the Casualty Test's count starts again) and
  --- which units moved or expanded (Phase Three's once-a-phase rules).
  new_phase = function(lib)
    for _, h in ipairs(lib.units()) do
      lib.set_note(h, "phase", nil)
      for _, note in ipairs(repl_movement.phase_notes) do lib.set_note(h, note, nil) end
    end
  end,
}

---@param lib table scripts/lib/repl.lua
---@param topic string
---@return string|nil
function M.help(lib, topic)
  if topic == "templates" then
    return "unit{\"NAME\", ...} templates: " .. table.concat(template_names(), ", ")
  end
  if topic == "unit" then
    return [[unit{"template", field = value, ..., side = "name"}: a unit from a template (templates())
with any unit field changed: figures, quality, type, strength, armour, shield, weapon, leader,
champion, musicians, standard, orders, reaction, disorganised, individuals, ... (docs/resolve.md,
"The unit description"). unit.figures, unit.orders = "hold" read and change it.]]
  end
  local t = M.template(topic)
  if t then return string.format("%s (%s, %s): %s", topic, t.side, t.source, lib.to_json(t.profile)) end
  return nil
end

---@param lib table scripts/lib/repl.lua
---@return string[]
function M.words(lib)
  local out = template_names()
  out[#out + 1] = "templates"
  out[#out + 1] = "new_phase"
  for _, w in ipairs({ "scenario", "place", "where", "sight", "distance", "battle", "next_turn", "next_phase" }) do out[#out + 1] = w end
  return out
end

--- The table as SVG text (:svg FILE), and where a unit stands (:where [unit]).
function M.svg(lib) return repl_table.svg(lib) end
function M.where(lib, h) return repl_table.where(lib, h) end
function M.scenario(lib, path) return (repl_table.scenario(lib, path)) end
function M.reform(lib, id) return repl_table.reform(lib, id) end
--- A whole battle (battle.lua) played by the session library `lib`.
function M.battle(lib, opts) return require("battle").new(lib, opts) end

--- The units the REPL opens with (no script given).
M.samples = {
  { "orcs", { "orc infantry", figures = 10, leader = true, musicians = 1, standard = true, orders = "attack" } },
  { "dwarves", { "dwarf infantry", figures = 10, leader = true, standard = true, orders = "hold" } },
  { "archers", { "orc archers", figures = 10 } },
}

return M
