--- FANTASY WARRIORS (Grenadier, 1990) ruleset: assembles the rule areas and exposes
--- (1) the procedures, each taking a plain table and returning a result table with every
--- die, every modifier {value, reason, source} and the outcome, through resolve(); and
--- (2) the patch points variants use: variant_api, the registry's patch functions
--- (scripts/lib/registry.lua), and rules_report / rules_schema / rules_check for `muster rules`.
local options, context = ...
local core = require("core")
core.init(context)

local units = require("units")
local quality = require("quality")
local reactions = require("reactions")
local threat = require("threat")
local casualties = require("casualties")
local shooting = require("shooting")
local artillery = require("artillery")
local morale = require("morale")
local combat = require("combat")
local man_to_man = require("man_to_man")
local armies = require("armies")
local prebattle = require("prebattle")
local command = require("command")
local victory = require("victory")
local magic = require("magic")
local priests = require("priests")
local talismans = require("talismans")
local individuals = require("individuals")
local light = require("light")
local terrain_items = require("terrain_items")
local rivers = require("rivers")
local formation = require("formation")
local movement = require("movement")
local initiative = require("initiative")
local movement_phase = require("movement_phase")
local sight = require("sight")
local end_of_phase = require("end_of_phase")
local threat_phase = require("threat_phase")
local shooting_phase = require("shooting_phase")
local combat_phase = require("combat_phase")

local M = {}
M.options = options
M.source = context.source

-- The rule data (scripts/lib/registry.lua): every modifier list and table with its owner.
-- A variant gets the patch functions of variant_api(module) as `rules` in its apply
-- (docs/variants.md); rules_report / rules_schema serve `muster rules show`.
local registry = require("registry")
M.registry = core.registry
function M.variant_api(module) return core.registry:patcher(module) end
function M.rules_report(args)
  args = args or {}
  local report = core.registry:report(args.only_changed)
  if args.text then return registry.format(report) end
  return report
end
--- `muster rules check`: every rule the loaded variants add, run on the samples (samples.lua).
function M.rules_check(args)
  return core.registry:check(require("samples"), M.resolve, args and args.seeds)
end
function M.rules_schema(args)
  local schema = core.registry:schema()
  if args and args.text then return registry.format_schema(schema) end
  return schema
end
M.check_unit = units.check_unit
M.explain = require("explain").text  -- a result as readable text (muster resolve --explain)
M.repl = require("repl")  -- the REPL's helpers: unit templates, combat, shoot, threat, test (scripts/lib/repl.lua)
-- The rule areas themselves, for tests and for variants that need more than a patch.
M.modules = { core = core, units = units, quality = quality, reactions = reactions, threat = threat, morale = morale,
  casualties = casualties, shooting = shooting, artillery = artillery, combat = combat, man_to_man = man_to_man,
  armies = armies, magic = magic, priests = priests, prebattle = prebattle, command = command, victory = victory, talismans = talismans,
  individuals = individuals, light = light, troops = require("troops"), terrain = require("terrain"),
  terrain_items = terrain_items, rivers = rivers, formation = formation, movement = movement, initiative = initiative,
  movement_phase = movement_phase, sight = sight, end_of_phase = end_of_phase, threat_phase = threat_phase,
  shooting_phase = shooting_phase, combat_phase = combat_phase, tabletop = require("tabletop"), scenario = require("scenario"),
  tabletop_move = require("tabletop_move"), battle = require("battle"), features = require("features") }

--- Armies and points (armies.lua), for `muster army check|points FILE`: each takes a path
--- under the Muster root or {file = name, text = text} and returns the army's report;
--- army_fmt renders a report's points as text.
M.army_check = armies.check
M.army_points = armies.points
M.army_fmt = armies.fmt

--- The procedures `muster resolve` and scripts call by name, gathered from the rule areas:
--- each area module exports `procedures = { name = {doc, fields, run(input, options)} }`.
--- They live in the registry, with their owners, so a variant can add its own (add_procedure).
M.procedures = core.registry.procedures
-- Each ruleset procedure's module table by name: an odds trial lets its merge points count
-- (a variant cannot replace a ruleset procedure, only add its own, which has none).
local own = {}
for _, area in ipairs({ threat, morale, shooting, artillery, combat, man_to_man, magic, priests, prebattle, command, victory, armies,
                        talismans, individuals, light, quality, terrain_items, rivers, formation, movement,
                        initiative, movement_phase, sight, end_of_phase, threat_phase, shooting_phase,
                        combat_phase, require("features") }) do
  for name, p in pairs(area.procedures) do
    local run = p.run
    own[name] = p
    local prepare = p.prepare
    core.registry:define_procedure(name, { doc = p.doc, fields = p.fields, odds = p.odds,
                                           run = function(input) return run(input, options) end,
                                           prepare = prepare and function(input) return prepare(input, options) end,
                                           play = p.play })
  end
end
core.registry:set_areas(M.modules, options)
core.registry:seal()

--- Runs procedure `name` on a plain input table and returns its result table. Bad input
--- raises "input: <field>: <why>".
function M.resolve(name, input)
  local p = M.procedures[name]
  if not p then
    local names = {}
    for n in pairs(M.procedures) do names[#names + 1] = n end
    local near = type(name) == "string" and registry.nearest(name, names)
    if near then core.fail("procedure", string.format("unknown procedure %s (did you mean %s?)", core.show(name), core.show(near))) end
    -- The names, as many as fit one short line (docs/resolve.md section 10 lists them all).
    table.sort(names)
    local shown, length = {}, 0
    for i, n in ipairs(names) do
      if length + #n > 500 then
        shown[#shown + 1] = string.format("and %d more (docs/resolve.md, section 10)", #names - i + 1)
        break
      end
      shown[#shown + 1] = n
      length = length + #n + 2
    end
    core.fail("procedure", string.format("unknown procedure %s (known: %s)", core.show(name), table.concat(shown, ", ")))
  end
  core.check_fields(input or {}, p.fields, "input")
  return p.run(input or {})
end

--- `muster odds` and the REPL's :odds (scripts/lib/odds.lua): one trial of procedure `name`
--- on `input`, its outcome as one key; and the outcome fields a key holds, in order.
--- A procedure with prepare and play is prepared once for a run of trials on the same input
--- table (the odds engine passes the same one each time) and played without a result per
--- trial; a plan whose preparing threw dice (a "random" policy declaring) is made anew each
--- trial, so that the trial still draws them.
local odds = require("odds")
local kept = {}  -- the last plan: {name, input, plan}
local function trial(name, input)
  local p = M.procedures[name]
  if not (p and p.play) then return odds.key(p, M.resolve(name, input)) end
  local plan
  if kept.input == input and kept.name == name then
    plan = kept.plan
  else
    input = input or {}
    core.check_fields(input, p.fields, "input")
    local before = muster.dice.operations()
    plan = p.prepare(input)
    if muster.dice.operations() == before then kept.name, kept.input, kept.plan = name, input, plan end
  end
  return odds.key(p, p.play(plan, false))
end
function M.odds_trial(name, input)
  core.merge_scope(own[name])  -- its merge points count (exact odds), this trial only
  local ok, key = pcall(trial, name, input)
  core.merge_scope(nil)
  if not ok then error(key, 0) end
  return key
end
function M.odds_fields(name)
  if not M.procedures[name] then M.resolve(name, {}) end  -- the unknown-procedure error
  return odds.fields(M.procedures[name])
end

return M
