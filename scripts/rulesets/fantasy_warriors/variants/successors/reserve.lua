--- HR-5.2 replacement battle leaders (house-rules booklet page 5): the procedure
--- `reserve_takes_command`. A command without a battle leader: the reserve takes charge when
--- all its units are within his range. A command with one: the ruleset's Battle Leader's Test
--- (carrier "reserve": no courier or warchief bonus), read through this house rule's own
--- result table (M.results); on success the old battle leader becomes the reserve's successor
--- or is killed, as the army is organised or not. Reads the rule areas through rules.modules.
local common = require("common")

local M = {}

--- The take-over test's results (HR-5.2 proposed details), by score as the ruleset's
--- battle_leaders_test_results: `success` he takes command; `disorganise`/`shake` all units
--- of the command; `again` he may try next turn (he cannot be dismissed, p.36: after every
--- failure, 0 and below included). The reserve himself is never harmed.
M.results = {
  page = common.page,
  rows = {
    ["6"] = { result = "takes_command", success = true },
    ["5"] = { result = "takes_command_confusion", success = true, disorganise = true },
    ["4"] = { result = "delay", again = true },
    ["3"] = { result = "delay_and_confusion", again = true, disorganise = true },
    ["2"] = { result = "refused", again = true },
    ["1"] = { result = "refused_and_confused", again = true, disorganise = true },
    ["0"] = { result = "confusion", again = true, disorganise = true },
    below_0 = { result = "panic", again = true, disorganise = true, shake = true },
  },
}

--- The row key of a score: "6" for 6 and more, "below_0" under 0.
function M.key(score)
  if score >= 6 then return "6" end
  if score < 0 then return "below_0" end
  return tostring(score)
end

--- The procedure spec of `reserve_takes_command` for rules.add_procedure.
---@param rules table the variant's rules handle
---@param options table the variant's options (army)
function M.procedure(rules, options)
  local core, units, command = rules.modules.core, rules.modules.units, rules.modules.command
  local H = common.helpers(core)
  local orders, reactions = rules.copy(units.orders), rules.copy(units.reactions)

  -- His command's units {name, reaction?, disorganised?, distance?}; `need_distance` when the
  -- distances decide whether he takes charge.
  local function check_units(list, need_distance)
    if type(list) ~= "table" then core.fail("units", "missing (the command's units {name, reaction?, disorganised?, distance})") end
    local out = {}
    for i, u in ipairs(list) do
      local p = "units[" .. i .. "]"
      core.check_fields(u, { "name", "reaction", "disorganised", "distance" }, p)
      out[i] = { name = H.name(u.name, p .. ".name", "unit " .. i),
                 reaction = core.check_enum(u.reaction or "ok", reactions, p .. ".reaction"),
                 disorganised = core.check_bool(u.disorganised, p .. ".disorganised", false) }
      if u.distance ~= nil then out[i].distance = core.check_number(u.distance, p .. ".distance", 0)
      elseif need_distance and out[i].reaction ~= "rout" then
        core.fail(p .. ".distance", "missing (inches from the reserve: he takes charge within range of every unit)")
      end
    end
    return out
  end

  local function run(input)
    local reserve = H.leader(input.reserve, "reserve", { "name", "leadership", "bad_light" }, "the reserve leader {name, leadership}")
    reserve.bad_light = core.check_bool(input.reserve.bad_light, "reserve.bad_light", nil)
    if not core.check_bool(input.eligible, "eligible", true) then
      H.refuse("eligible", "the reserve must meet every normal condition for commanding these units (the right race...)", "2.2")
    end
    local current = core.check_enum(input.current_order or "hold", orders, "current_order")
    local choice = core.check_enum(input.choice or "keep", { "keep", "hold", "warchief_order" }, "choice")
    local order = current
    if choice == "hold" then order = "hold" end
    if choice == "warchief_order" then
      order = core.check_enum(input.warchief_order, orders, "warchief_order")
    elseif input.warchief_order ~= nil then
      core.fail("warchief_order", "only with choice = \"warchief_order\" (an order the warchief gave him in base contact)")
    end
    local army = input.army ~= nil and core.check_enum(input.army, { "organised", "unorganised" }, "army") or options.army
    local range = command.range(input.heralds or 0, input.banner_bearers or 0)
    local time = core.check_time(input.time, "time")
    local led = input.battle_leader ~= nil
    local list = check_units(input.units, not led)

    local res = core.result("reserve_takes_command")
    res.reserve, res.range = reserve.name, range
    if not led then
      for _, f in ipairs({ "testers", "tested", "with_unit", "leader_race", "warchief_race", "wading" }) do
        if input[f] ~= nil then core.fail(f, "only when the command has a battle leader (the take-over test)") end
      end
      res.tested = false
      for _, u in ipairs(list) do
        if u.reaction ~= "rout" and u.distance > range and not res.why then
          res.why = string.format("%s is %gin away, beyond his range of %gin (HR-5.2, successors p.%d)", u.name, u.distance,
                                  range, common.page)
        end
      end
      res.took_command = res.why == nil
      res.order_now = res.took_command and order or current
      res.leader = res.took_command and reserve.name or nil
      res.outcome = res.took_command and (reserve.name .. " takes charge: no test") or "not in range"
      return res
    end

    if army == "organised" and (input.testers ~= nil or input.tested ~= nil) then
      core.fail(input.testers ~= nil and "testers" or "tested",
                "in an organised army the old battle leader stays as successor: nobody falls, no Command Test counters")
    end
    if type(input.battle_leader) ~= "table" then core.fail("battle_leader", "an individual expected (his leadership tests)") end
    local given = {}
    for k, v in pairs(input.battle_leader) do given[k] = v end
    given.role = given.role or "battle_leader"
    local old = units.check_individual(given, "battle_leader")
    local t = command.battle_leaders_test {
      leader = old, order = order, current_order = current, carrier = "reserve", carrier_name = reserve.name,
      carrier_save = false, different_race = command.races_differ(input.leader_race, "leader_race", input.warchief_race, "warchief_race"),
      with_unit = core.check_bool(input.with_unit, "with_unit", false),
      units = list, range = range, time = time, warchief_lost = false,
      wading = core.check_bool(input.wading, "wading", false),
    }
    res.battle_leader, res.dice, res.modifiers = old.name, t.dice, t.modifiers
    if not t.tested then
      res.tested, res.why, res.took_command, res.order_now, res.outcome = false, t.why, false, current, "no_test"
      return res
    end
    res.tested, res.die, res.score = true, t.die, t.score
    local row = M.results.rows[M.key(t.score)]
    res.result = row.result
    res.result_source = "successors p." .. M.results.page
    res.took_command = row.success or false
    res.try_again = row.again or false
    res.reserve_fate = "unharmed"
    res.units_disorganised, res.units_shaken = {}, {}
    for _, u in ipairs(list) do
      if u.reaction ~= "rout" then
        if row.disorganise then res.units_disorganised[#res.units_disorganised + 1] = u.name end
        if row.shake then res.units_shaken[#res.units_shaken + 1] = u.name end
      end
    end
    res.army = army
    if res.took_command then
      res.leader, res.order_now = reserve.name, order
      if army == "organised" then
        res.old_leader_fate = "successor"
        res.old_leader_note = old.name .. " becomes " .. reserve.name .. "'s nominated successor (HR-5.1)"
      else
        res.old_leader_fate = "killed"
        res.command_test_markers = { { name = old.name, role = "battle_leader", event = "killed",
          when = rules.modules.individuals.data.command_test_events.rows.battle_leader_killed.timing } }
        res.testers, res.counters, res.next_turn_counters = common.counters(rules, input.testers, input.tested,
          "battle_leader_killed", old.name, reserve)
      end
    else
      res.leader, res.order_now = old.name, current
    end
    res.outcome = res.result
    return res
  end

  return {
    doc = "HR-5.2: a reserve leader takes over a command: at once within range when it has no battle leader, else by a Battle Leader's Test with the current battle leader's leadership (successors p.5, p.37)",
    fields = { "reserve", "battle_leader", "units", "heralds", "banner_bearers", "choice", "warchief_order",
               "current_order", "time", "with_unit", "leader_race", "warchief_race", "eligible", "army", "testers",
               "tested", "wading" },
    run = run,
    samples = {
      { reserve = { name = "Shagrat", leadership = 2 }, units = { { name = "Orc spears", distance = 6 } } },
      { reserve = { name = "Shagrat", leadership = 2 }, army = "unorganised", choice = "hold",
        battle_leader = { name = "Grishnakh", quality = "average", type = "tribal", leadership = 1 },
        units = { { name = "Orc spears", distance = 6 }, { name = "Orc bows", distance = 7 } },
        testers = { { name = "Gorbag", role = "warchief", leadership = 4, units = { "Orc guard" } },
                    { name = "Grishnakh", role = "battle_leader", leadership = 1, units = { "Orc spears", "Orc bows" } } } },
    },
  }
end

return M
