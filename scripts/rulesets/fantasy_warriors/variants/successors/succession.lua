--- HR-5.1 nominated successors (house-rules booklet page 5): the procedure `succession` (a
--- warchief or battle leader falls; a living successor takes command with no test, and what
--- still follows under the core rules) and `successor_points` (what a nominated successor or
--- a reserve leader costs, from the army list and the ruleset's leadership costs). Runs the
--- ruleset's own procedures for the core consequences; reads the rule areas only through
--- rules.modules.
local common = require("common")

local M = {}

--- The procedure spec of `succession` for rules.add_procedure.
---@param rules table the variant's rules handle
---@param options table the variant's options (warchief_individuals_rout)
function M.succession(rules, options)
  local core, individuals = rules.modules.core, rules.modules.individuals
  local H = common.helpers(core)
  local roles = rules.copy(individuals.individual_roles)

  local function check_principal(p)
    if type(p) ~= "table" then core.fail("principal", "missing (the warchief or battle leader lost: {name, role, leadership})") end
    core.check_fields(p, { "name", "role", "leadership" }, "principal")
    local role = core.check_enum(p.role, { "warchief", "battle_leader" }, "principal.role")
    local out = H.leader(p, "principal", { "name", "role", "leadership" }, "")
    out.role, out.name = role, H.name(p.name, "principal.name", role)
    return out
  end

  local function check_successor(s, principal)
    if s == nil then return nil end
    local out = H.leader(s, "successor", { "name", "leadership", "alive", "bad_light" }, "his nominated successor")
    if out.leadership >= principal.leadership then
      H.refuse("successor.leadership", string.format("a successor's leadership must be lower than his principal's %d, got %d",
                                                     principal.leadership, out.leadership), "1.2")
    end
    if out.name == principal.name then core.fail("successor.name", "the successor is another figure than his principal") end
    out.alive = core.check_bool(s.alive, "successor.alive", true)
    out.bad_light = core.check_bool(s.bad_light, "successor.bad_light", nil)
    return out
  end

  -- The individuals of a warchief's loss, as the ruleset's warchief_lost takes them, less
  -- what a variant procedure cannot do: cast a wizard's last spell (it needs the ruleset's
  -- options) and rout the successor himself.
  local function check_individuals(list, principal, successor)
    if list == nil then return end
    if principal.role ~= "warchief" then core.fail("individuals", "only the warchief's loss concerns the other individuals") end
    if type(list) ~= "table" then core.fail("individuals", "array of figures expected") end
    for i, f in ipairs(list) do
      local p = "individuals[" .. i .. "]"
      if type(f) == "table" and f.last_spell ~= nil then
        core.fail(p .. ".last_spell", "cast a wizard's last spell with the procedure cast: succession says whether he may")
      end
      if type(f) == "table" and successor and f.name == successor.name then
        core.fail(p, core.show(f.name) .. " is the successor: he takes command and is not one of the individuals")
      end
    end
  end

  local function run(input)
    local principal = check_principal(input.principal)
    local event = core.check_enum(input.event, { "killed", "routed" }, "event")
    local successor = check_successor(input.successor, principal)
    check_individuals(input.individuals, principal, successor)
    local warchief = principal.role == "warchief"
    local key = principal.role .. "_" .. event

    if successor == nil or not successor.alive then
      -- No succession: the core rules, as the ruleset's own procedure gives them.
      local procedures = individuals.procedures
      local base
      if warchief then
        base = procedures.warchief_lost.run({ warchief = principal.name, event = event, individuals = input.individuals,
          testers = input.testers, tested = input.tested, omens = input.omens }, nil)
      else
        base = procedures.individual_lost.run({ figure = { name = principal.name, role = "battle_leader" }, event = event,
          testers = input.testers, tested = input.tested, omens = input.omens }, nil)
      end
      return { procedure = "succession", dice = base.dice, modifiers = {}, succession = false,
               why = successor == nil and "no nominated successor" or (successor.name .. " is dead or gone"),
               core = base, outcome = "no succession: " .. base.outcome }
    end

    local res = core.result("succession")
    res.principal, res.role, res.event, res.succession = principal.name, principal.role, event, true
    res.takes_command, res.leadership = successor.name, successor.leadership
    res.test = "none: he takes command at once, and no unit is disorganised"
    res.new_orders = true
    local timing = individuals.data.command_test_events.rows[key].timing
    res.command_test_markers = { { name = principal.name, role = principal.role, event = event, when = timing } }
    res.removed = { principal.name }
    if warchief then
      res.orders_note = "he acts as warchief: new orders may be issued again (HR-5.1 sets p.35 aside); " ..
                        "give battle_leaders_test warchief_lost = false"
      res.command_test_warchief_lost = true
      res.command_test_note = "the -3 for the lost warchief applies in the Command Tests this loss triggers " ..
                              "(command_test warchief_lost = true)"
      if options.warchief_individuals_rout then
        local w = individuals.procedures.warchief_lost.run({ warchief = principal.name, event = event,
          individuals = input.individuals, omens = input.omens }, nil)
        res.dice = w.dice
        res.removed, res.stays, res.heroes, res.wizards = w.removed, w.stays, w.heroes, w.wizards
        res.vengeance, res.command_test_markers, res.omens_after = w.vengeance, w.command_test_markers, w.omens_after
      else
        res.stays = {}
        for i, f in ipairs(input.individuals or {}) do
          local p = "individuals[" .. i .. "]"
          if type(f) ~= "table" then core.fail(p, "a figure {name, role} expected") end
          core.check_fields(f, { "name", "role", "in_combat", "power", "beloved_personage" }, p)
          core.check_enum(f.role, roles, p .. ".role")
          res.stays[i] = H.name(f.name, p .. ".name", f.role)
        end
        res.individuals_note = "the individuals stay under the successor (option warchief_individuals_rout = false)"
        res.omens_after = input.omens
      end
    else
      res.orders_note = "his command is not leaderless: it keeps its current order and may receive new ones, " ..
                        "and tests with his leadership"
    end
    res.testers, res.counters, res.next_turn_counters = common.counters(rules, input.testers, input.tested, key,
      principal.name, successor)
    res.outcome = string.format("%s takes command in %s's place: no test", successor.name, principal.name)
    return res
  end

  return {
    doc = "HR-5.1: a warchief or battle leader is killed or routs; his living nominated successor takes command with no test; the core consequences that remain (Command Test counters, the warchief's individuals) (successors p.5)",
    fields = { "principal", "event", "successor", "individuals", "testers", "tested", "omens" },
    run = run,
    samples = {
      { principal = { name = "Gorbag", role = "warchief", leadership = 4 }, event = "killed",
        successor = { name = "Ugluk", leadership = 2 },
        individuals = { { name = "Azog", role = "hero" }, { name = "Herald", role = "herald" } },
        testers = { { name = "Gorbag", role = "warchief", leadership = 4, units = { "Orc guard" } },
                    { name = "Grukk", role = "battle_leader", leadership = 3, units = { "Orc spears" } } } },
      { principal = { name = "Grukk", role = "battle_leader", leadership = 3 }, event = "routed",
        successor = { name = "Snaga", leadership = 1 } },
    },
  }
end

--- The procedure spec of `successor_points`.
function M.points(rules)
  local core, armies = rules.modules.core, rules.modules.armies
  local H = common.helpers(core)
  local list_ids = rules.copy(armies.list_ids)

  local function run(input)
    local kind = core.check_enum(input.kind or "successor", { "successor", "reserve" }, "kind")
    local role, principal
    if kind == "successor" then
      role = core.check_enum(input.role, { "warchief", "battle_leader" }, "role")
      if input.principal_leadership == nil then core.fail("principal_leadership", "missing (his principal's leadership, 0 to 5)") end
      principal = core.check_int(input.principal_leadership, "principal_leadership", 0, 5)
    else
      role = core.check_enum(input.role or "battle_leader", { "battle_leader" }, "role")
      if input.principal_leadership ~= nil then core.fail("principal_leadership", "only a nominated successor has a principal") end
    end
    if input.leadership == nil then core.fail("leadership", "missing (0 to 5)") end
    local leadership = core.check_int(input.leadership, "leadership", 0, 5)
    if principal and leadership >= principal then
      H.refuse("leadership", string.format("a successor's leadership must be lower than his principal's %d, got %d",
                                           principal, leadership), "1.2")
    end
    local id = input.list
    if type(id) ~= "string" then core.fail("list", "missing (an army list: " .. table.concat(list_ids, ", ") .. ")") end
    if not id:match("%.lua$") then core.check_enum(id, list_ids, "list") end
    local list = armies.load_list(id)
    local entry
    if input.entry ~= nil then
      entry = list.entries[H.name(input.entry, "entry")]
      if not entry or entry.kind ~= "character" or (entry.role ~= "warchief" and entry.role ~= "battle_leader") then
        core.fail("entry", core.show(input.entry) .. " is not a warchief or battle leader of the list " .. list.name)
      end
    else
      for _, e in ipairs(list.order) do
        local x = list.entries[e]
        if not entry and x.kind == "character" and x.role == role then entry = x end
      end
      if not entry then core.fail("list", "the list " .. list.name .. " has no " .. role:gsub("_", " ")) end
    end
    local cost = armies.data.leadership_costs.rows[leadership].value
    local res = { procedure = "successor_points", kind = kind, list = list.name, entry = entry.id, leadership = leadership }
    res.parts = { { text = entry.name, points = entry.points },
                  { text = "leadership " .. leadership, points = cost } }
    res.points = entry.points + cost
    res.source = "successors p." .. common.page
    res.outcome = string.format("%d points", res.points)
    return res
  end

  return {
    doc = "HR-5.1, HR-5.2: the points of a nominated successor (a leader of the army at his principal's role, leadership below his principal's) or of a reserve leader (a battle leader), leadership included (successors p.5, p.47)",
    fields = { "kind", "list", "role", "principal_leadership", "leadership", "entry" },
    run = run,
    samples = {
      { kind = "successor", list = "orcs", role = "warchief", principal_leadership = 4, leadership = 2 },
      { kind = "reserve", list = "dwarves", leadership = 3 },
    },
  }
end

return M
