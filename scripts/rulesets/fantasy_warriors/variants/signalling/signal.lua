--- The procedure `signal` of HR-7 (house-rules booklet page 7): checks a signal's situation,
--- refusing what the house rule forbids with one line naming the field, then runs the
--- ruleset's Battle Leader's Test with carrier "signal" (so neither the courier nor the
--- warchief-in-person bonus) and the signal's facts in ctx.extra.signal, which the house
--- modifiers init.lua adds read. Reads the result as a signal: there is no carrier, so nobody
--- stays, is dismissed or slaughtered. Reads the rule areas only through rules.modules.
local M = {}

--- The results after which the warchief may signal that battle leader again next turn
--- (HR-7.2 item 8: "the sending away of a messenger"; proposed: delay and ignored, with or
--- without confusion). The others end the signal: accepted, or gone wrong for good.
M.again = {
  results = { delay = true, delay_and_confusion = true, ignored = true, ignored_and_confused = true },
}

local function contains(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

--- The procedure spec {doc, fields, run, samples} for rules.add_procedure.
---@param rules table the variant's rules handle
---@param page integer the booklet page
function M.procedure(rules, page)
  local core = rules.modules.core
  local units = rules.modules.units
  local command = rules.modules.command
  local orders, types, qualities = rules.copy(units.orders), rules.copy(units.types), rules.copy(units.qualities)
  local reactions = rules.copy(units.reactions)

  -- A refusal: the field, why, and the house rule's item ("2.5" is HR-7.2 item 5).
  local function refuse(path, why, item)
    core.fail(path, string.format("%s (HR-7.%s, signalling p.%d)", why, item, page))
  end
  -- A fact the caller must state (true or false), never assumed.
  local function fact(v, path, meaning)
    if v == nil then core.fail(path, "missing (true when " .. meaning .. ")") end
    return core.check_bool(v, path)
  end
  local function name_of(v, path, default)
    if v == nil then return default end
    if type(v) ~= "string" then core.fail(path, "string expected, got " .. core.show(v)) end
    return v
  end

  local function check_signaller(s)
    if s == nil then core.fail("signaller", "missing (the warchief's herald or banner bearer {role, name?, with_warchief, type?, quality?})") end
    core.check_fields(s, { "name", "role", "with_warchief", "type", "quality" }, "signaller")
    local role = core.check_enum(s.role, { "herald", "banner_bearer" }, "signaller.role")
    local out = { role = role, name = name_of(s.name, "signaller.name", role) }
    if not fact(s.with_warchief, "signaller.with_warchief", "he is in base contact with the warchief") then
      refuse("signaller.with_warchief", "the signaller must be in base contact with the warchief", "2.2")
    end
    if s.type ~= nil and core.check_enum(s.type, types, "signaller.type") == "stupid" then
      refuse("signaller.type", "a stupid signaller cannot signal", "2.5")
    end
    if s.quality ~= nil and core.check_enum(s.quality, qualities, "signaller.quality") == "unpredictable" then
      refuse("signaller.quality", "an unpredictable signaller cannot signal", "2.5")
    end
    return out
  end

  local function check_leader(l, time)
    if type(l) ~= "table" then core.fail("leader", "missing (the battle leader signalled: an individual with leadership)") end
    local given = {}
    for k, v in pairs(l) do given[k] = v end
    given.role = given.role or "battle_leader"
    local leader = units.check_individual(given, "leader")
    if leader.role ~= "battle_leader" then
      core.fail("leader.role", "only a battle leader is signalled (the warchief's own command takes his orders at once, p.36)")
    end
    if units.type_at(leader, time) == "stupid" then refuse("leader.type", "a stupid battle leader cannot be signalled", "2.5") end
    if leader.quality == "unpredictable" then
      refuse("leader.quality", "an unpredictable battle leader cannot be signalled", "2.5")
    end
    return leader
  end

  -- His command's units {name, type, night_type?, quality?, reaction?, disorganised?}: the
  -- core test reads reaction and disorganised; type and quality decide the refusals.
  local function check_units(list, time)
    if list == nil then return {}, {} end
    if type(list) ~= "table" then core.fail("units", "array of his command's units expected") end
    local checked, for_test = {}, {}
    for i, u in ipairs(list) do
      local p = "units[" .. i .. "]"
      core.check_fields(u, { "name", "type", "night_type", "quality", "reaction", "disorganised" }, p)
      local c = { name = name_of(u.name, p .. ".name", "unit " .. i), path = p,
                  type = core.check_enum(u.type, types, p .. ".type"),
                  quality = u.quality ~= nil and core.check_enum(u.quality, qualities, p .. ".quality") or nil,
                  reaction = core.check_enum(u.reaction or "ok", reactions, p .. ".reaction"),
                  disorganised = core.check_bool(u.disorganised, p .. ".disorganised", false) }
      if u.night_type ~= nil and core.check_enum(u.night_type, types, p .. ".night_type") and time == "night" then
        c.type = u.night_type
      end
      if c.reaction ~= "rout" then  -- a routed unit has left the command
        if c.type == "stupid" then refuse(p .. ".type", c.name .. " is stupid: its battle leader cannot be signalled", "2.5") end
        if c.quality == "unpredictable" then
          refuse(p .. ".quality", c.name .. " is unpredictable: its battle leader cannot be signalled", "2.5")
        end
      end
      checked[i] = c
      for_test[i] = { name = c.name, reaction = c.reaction, disorganised = c.disorganised }
    end
    return checked, for_test
  end

  local function run(input)
    local row = command.data.leader_range.rows.signal
    if core.check_bool(input.outmanoeuvred, "outmanoeuvred", false) then
      refuse("outmanoeuvred", "an army outmanoeuvred in scouting may not signal", "1.2")
    end
    if core.check_bool(input.signalled_this_turn, "signalled_this_turn", false) then
      refuse("signalled_this_turn", "one battle leader a turn may be signalled, and one was already", "2.1")
    end
    local time = core.check_time(input.time, "time")
    local signaller = check_signaller(input.signaller)
    local banner = signaller.role == "banner_bearer"
    local leader = check_leader(input.leader, time)
    local command_units, test_units = check_units(input.units, time)

    if type(input.signals) ~= "table" or #input.signals == 0 then
      core.fail("signals", "missing (the orders on his signal list, written before the battle, e.g. [\"attack\", \"hold\"])")
    end
    local signals = {}
    for i, o in ipairs(input.signals) do signals[i] = core.check_enum(o, orders, "signals[" .. i .. "]") end
    if banner and #signals ~= row.banner_entries then
      refuse("signals", string.format("a banner signal list has exactly %d entry, this one has %d", row.banner_entries,
                                      #signals), "1.1")
    end
    local order = core.check_enum(input.order, orders, "order")
    if not contains(signals, order) then
      refuse("order", string.format("%s is not on his signal list (%s)", core.show(order), table.concat(signals, ", ")), "2.4")
    end
    for _, u in ipairs(command_units) do
      if u.reaction ~= "rout" and u.type == "tribal" and order ~= "attack" then
        refuse("order", u.name .. " is tribal: a command with tribal units may only be signalled ATTACK", "2.5")
      end
    end

    if input.distance == nil then
      core.fail("distance", "missing (inches from the battle leader to the " .. (banner and "banner" or "herald") .. ")")
    end
    local distance = core.check_number(input.distance, "distance", 0)
    local heralds = 0
    if banner then
      if not fact(input.line_of_sight, "line_of_sight", "the battle leader can see the banner") then
        refuse("line_of_sight", "the battle leader must see the banner (foot units do not block it when either is mounted)", "2.3")
      end
      if input.heralds ~= nil then core.fail("heralds", "only a herald signal counts the heralds playing") end
    else
      if input.line_of_sight ~= nil then core.fail("line_of_sight", "only a banner signal needs line of sight") end
      if distance > row.herald_reach then
        refuse("distance", string.format("%gin from the herald: the music carries %gin", distance, row.herald_reach), "2.3")
      end
      heralds = core.check_int(input.heralds, "heralds", 1, command.data.leader_range.rows.herald.max, 1)
    end
    if not fact(input.in_range, "in_range", "every unit of his command is within his range, p.36") then
      refuse("in_range", "the battle leader must be within range of all his units to adopt a signalled order", "2.6")
    end

    local res = command.battle_leaders_test {
      leader = leader, order = order,
      current_order = core.check_enum(input.current_order or "hold", orders, "current_order"),
      carrier = "signal", carrier_name = signaller.name, carrier_save = false,
      different_race = command.races_differ(input.leader_race, "leader_race", input.warchief_race, "warchief_race"),
      with_unit = core.check_bool(input.with_unit, "with_unit", false),
      units = test_units, time = time, warchief_lost = false,
      wading = core.check_bool(input.wading, "wading", false),
      extra = { signal = { by = signaller.role, distance = distance, entries = #signals, heralds = heralds } },
    }
    res.procedure = "signal"
    res.signal = signaller.role
    res.signaller = signaller.name
    res.signals = signals
    res.carrier, res.carrier_fate, res.saves, res.carrier_saved, res.range = nil, nil, nil, nil, nil
    local bonus = command.data.leader_range.rows[signaller.role].inches
    res.range_note = string.format("the %s signalled: he gives the warchief no %din of range this turn",
                                   banner and "banner bearer" or "herald", bonus)
    if not res.tested then return res end
    -- No carrier waits with him: a delay ends like a refusal, and the warchief may signal again.
    res.test_again = false
    res.signal_again = M.again.results[res.result] or false
    res.outcome = res.result
    return res
  end

  return {
    doc = "HR-7: the warchief's herald or banner bearer signals a battle leader an order from his signal list; the Battle Leader's Test with the signal's modifiers (signalling p.7, p.37)",
    fields = { "signaller", "leader", "units", "signals", "order", "current_order", "distance", "line_of_sight",
               "heralds", "time", "with_unit", "leader_race", "warchief_race", "outmanoeuvred",
               "signalled_this_turn", "in_range", "wading" },
    run = run,
    samples = {
      { signaller = { role = "herald", with_warchief = true }, heralds = 2, distance = 16, signals = { "attack", "hold" },
        order = "attack", in_range = true,
        leader = { name = "Grukk", quality = "veteran", type = "disciplined", leadership = 3, bad_light = "night" },
        time = "night", units = { { name = "Spears", type = "disciplined" }, { name = "Bows", type = "disciplined" } } },
      { signaller = { role = "banner_bearer", with_warchief = true }, line_of_sight = true, distance = 14,
        signals = { "hold" }, order = "hold", in_range = true, time = "day",
        leader = { name = "Snaga", quality = "average", type = "fanatic", leadership = 2, bad_light = "day" },
        units = { { name = "Goblins", type = "fanatic" } } },
    },
  }
end

return M
