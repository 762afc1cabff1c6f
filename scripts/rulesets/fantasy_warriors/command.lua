--- Fantasy Warriors Phases Five to Seven (pages 35-39, 42): the Battle Leader's Test a new
--- order brings (range with heralds and banner bearer, the modifier list, the result bands,
--- the misunderstood order, the carrier's fate), a leader's influence on a unit in bloodlust
--- or shaken (including "horribly wrong" and its saving throw), and the Command Tests of one
--- Phase Seven in the owning player's order with the chain reaction of routed leaders.
--- Uses muster.dice (through core and casualties.saving_throw). Changes no input table.
local core = require("core")
local units = require("units")
local casualties = require("casualties")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- ---------------------------------------------------------------------------------------
-- Data: every number of these pages, patchable by variants (rules.set_row, add_modifier... in a variant).
-- ---------------------------------------------------------------------------------------

--- Range of a warchief or battle leader (pages 36, 41): base inches, inches per herald and
--- per banner bearer in base contact, and how many of each count (banner bearer max: the
--- sentence is cut off, seed L3000; 1 proposed, docs/rules-assumptions.md).
data.leader_range = core.define_table("leader_range", {
  base = { inches = 8 },
  herald = { inches = 2, max = 2 },
  banner_bearer = { inches = 4, max = 1 },
}, 36)

--- Saving throws of leaders and carriers in these phases (2D, must beat SAV, page 9).
data.command_throws = core.define_table("command_throws", { save = { dice = "2d6" } }, 9)

--- The Battle Leader's Test results (page 37), by score; `below_0` is "less than 0".
--- disorganise/shake: all units of the command; carrier: what happens to the messenger or
--- courier ("dismissed", "stays" to try again next turn, "slaughtered" after a save).
data.battle_leaders_test_results = core.define_table("battle_leaders_test_results", {
  ["6"] = { result = "ok", accepted = true, carrier = "dismissed" },
  ["5"] = { result = "ok_confusion", accepted = true, disorganise = true, carrier = "dismissed" },
  ["4"] = { result = "delay", accepted = false, carrier = "stays", again = true },
  ["3"] = { result = "delay_and_confusion", accepted = false, disorganise = true, carrier = "stays", again = true },
  ["2"] = { result = "ignored", accepted = false, carrier = "dismissed" },
  ["1"] = { result = "ignored_and_confused", accepted = false, disorganise = true, carrier = "dismissed" },
  ["0"] = { result = "confusion_and_misunderstanding", accepted = false, disorganise = true,
            carrier = "dismissed", misunderstood = true },
  below_0 = { result = "utter_confusion_and_panic", accepted = false, disorganise = true, shake = true,
              carrier = "slaughtered" },
}, 37)

--- The order a battle leader implements on a 0 ("confusion and misunderstanding", page 37).
data.misunderstood_order = core.define_table("misunderstood_order", { attack = "hold", hold = "attack", oppose = "hold" }, 37)

--- Influence (page 38): "horribly wrong" when the die is at least `margin` over the effective
--- leadership, or a natural 6 when `natural_six` (a separate bullet; proposed always).
data.influence_rules = core.define_table("influence_rules", { horribly_wrong = { margin = 3, natural_six = true } }, 38)

--- The Command Test results (page 39): the lowest score of each band.
data.command_test_results = core.define_table("command_test_results", {
  unaffected = { from = 7 },
  disorganised = { from = 6 },
  shaken = { from = 5 },
  rout = { from = nil },  -- 4 or less
}, 39)

local function count_units(c, pred)
  local n = 0
  for _, u in ipairs(c.units) do if u.reaction ~= "rout" and pred(u) then n = n + 1 end end
  return n
end

local function is_disorganised(u) return u.disorganised or u.reaction == "shaken" end

data.battle_leaders_test = core.define_list("battle_leaders_test", {
  { id = "fanatic_attack", page = 37, value = 1, reason = "a fanatic battle leader is sent ATTACK",
    when = function(c) return c.leader.type == "fanatic" and c.order == "attack" end },
  { id = "warchief", page = 37, value = 1, reason = "the warchief delivers the order in person",
    when = function(c) return c.carrier == "warchief" end },
  { id = "courier", page = 37, value = 1, reason = "a courier delivers the order",
    when = function(c) return c.carrier == "courier" end },
  { id = "different_race", page = 37, value = -1,
    reason = "the battle leader is of a different race from the warchief (inferred, Example NEW ORDERS)",
    when = function(c) return c.different_race end },
  { id = "bad_light", page = 37, value = -1, reason = "the battle leader is enduring bad light (proposed)",
    when = function(c) return units.bad_light(c.leader, c.time) end },
  { id = "disorganised", page = 37, value = -1, reason = "a unit of his command is disorganised (once)",
    when = function(c) return count_units(c, is_disorganised) > 0 end },
  { id = "shaken_or_bloodlust", page = 37, reason = "each unit of his command shaken or in bloodlust (proposed)",
    value = function(c)
      return -count_units(c, function(u) return u.reaction == "shaken" or u.reaction == "bloodlust" end)
    end },
  { id = "with_unit", page = 37, value = -2, reason = "the battle leader is in base contact with one of his units",
    when = function(c) return c.with_unit end },
}, { page = 37, doc = "the Battle Leader's Test: added to 1D + leadership",
  context = {
    carrier = "\"courier\"|\"warchief\"|...: who carries it",
    different_race = "boolean: the battle leader is of another race than the warchief",
    extra = "table|nil: facts a variant's own procedure passes to its entries (nil in the core test)",
    leader = "individual: the battle leader (name, leadership, bad_light, type...)",
    order = "\"attack\"|\"hold\"|\"oppose\": the order sent",
    time = "\"day\"|\"night\"|nil",
    with_unit = "boolean: the leader is with a unit",
  } })

data.influence_leadership = core.define_list("influence_leadership", {
  { id = "leadership", page = 38, reason = "the leader's leadership", value = function(c) return c.leader.leadership end },
  { id = "banner_bearer", page = 38, value = 1, reason = "a banner bearer is with him",
    when = function(c) return c.banner_bearer end },
  { id = "different_race", page = 38, value = -1, reason = "he is of a different race from the unit",
    when = function(c) return c.different_race end },
}, { page = 38, doc = "a warchief's influence: changes the leadership used",
  context = {
    banner_bearer = "boolean: his banner bearer is with him",
    different_race = "boolean: the unit is of another race",
    leader = "individual: the warchief",
  } })

data.command_test = core.define_list("command_test", {
  { id = "leadership", page = 39, reason = "the tester's warchief or battle leader, alive and not routed",
    value = function(c) return c.tester.role ~= "command" and c.tester.leadership or 0 end },
  { id = "good_omens", page = 39, value = 1, reason = "the omens are good", when = function(c) return c.omens == "good" end },
  { id = "boast_holds", page = 39, value = 1, reason = "the warchief's boast still holds",
    when = function(c) return c.boast == "holds" end },
  { id = "talismans", page = 39, reason = "each talisman still functioning", value = function(c) return c.talismans end },
  { id = "bad_omens", page = 39, value = -1, reason = "the omens are bad (proposed)", when = function(c) return c.omens == "bad" end },
  { id = "boast_broken", page = 39, value = -1, reason = "the boast no longer holds (proposed)",
    when = function(c) return c.boast == "broken" end },
  { id = "lost_commands", page = 39, reason = "each command of the army routed or annihilated (proposed)",
    value = function(c) return -c.lost_commands end },
  { id = "bad_light", page = 39, value = -1, reason = "the tester is enduring bad light (proposed)",
    -- as given, or everyone when table bad_light_rules says so (core.lua; the weather, HR-4)
    when = function(c) return c.tester.bad_light or core.data.bad_light_rules.rows.everyone.enduring end },
  { id = "warchief_lost", page = 39, value = -3, reason = "the warchief is dead or routed (proposed)",
    when = function(c) return c.warchief_lost end },
}, { page = 39, doc = "the Command Test: added to 1D",
  context = {
    boast = "table|nil: the boasts",
    lost_commands = "integer: commands lost",
    omens = "\"good\"|\"bad\"|nil",
    talismans = "integer: talismans still functioning",
    tester = "individual: the warchief or battle leader testing",
    warchief_lost = "boolean: the warchief is lost",
  } })

-- ---------------------------------------------------------------------------------------
-- Input checks
-- ---------------------------------------------------------------------------------------

local function check_command_units(list, path)
  if type(list) ~= "table" then core.fail(path, "array of units expected") end
  local out = {}
  for i, u in ipairs(list) do
    local p = path .. "[" .. i .. "]"
    core.check_fields(u, { "name", "reaction", "disorganised", "distance" }, p)
    local name = u.name or ("unit " .. i)
    if type(name) ~= "string" then core.fail(p .. ".name", "string expected") end
    out[i] = { name = name, reaction = core.check_enum(u.reaction or "ok", units.reactions, p .. ".reaction"),
               disorganised = core.check_bool(u.disorganised, p .. ".disorganised", false),
               distance = u.distance ~= nil and core.check_number(u.distance, p .. ".distance", 0) or nil }
  end
  return out
end

--- A leader's range R (page 36): base + heralds and banner bearers in base contact, each
--- capped. Too many is an input error (the rule forbids them, not merely ignores them).
function M.range(heralds, banner_bearers)
  local t = data.leader_range.rows
  core.check_int(heralds, "heralds", 0, t.herald.max)
  core.check_int(banner_bearers, "banner_bearers", 0, t.banner_bearer.max)
  return t.base.inches + heralds * t.herald.inches + banner_bearers * t.banner_bearer.inches
end

--- Whether two race names differ (both given), input fields `a_path` and `b_path`; a race
--- that is not a name is refused naming its field (the first field first).
---@return boolean
function M.races_differ(a, a_path, b, b_path)
  if a ~= nil and type(a) ~= "string" then core.fail(a_path, "race name expected") end
  if b ~= nil and type(b) ~= "string" then core.fail(b_path, "race name expected") end
  return a ~= nil and b ~= nil and a ~= b
end

-- ---------------------------------------------------------------------------------------
-- Phase Five: the Battle Leader's Test
-- ---------------------------------------------------------------------------------------

--- The result row for a Battle Leader's Test score.
function M.bl_row(score)
  local rows = data.battle_leaders_test_results.rows
  if score >= 6 then return rows["6"], "6" end
  if score < 0 then return rows.below_0, "below_0" end
  return rows[tostring(score)], tostring(score)
end

local function why_no_test(a)
  if a.warchief_lost then return "the warchief is dead or routed: no new orders for the rest of the battle (p.35)" end
  if a.wading then return "a battle leader wading a river cannot accept new orders (p.16)" end
  if a.carrier == "none" then return "no carrier in base contact and no Eldritch Command (p.36)" end
  for _, u in ipairs(a.units) do
    if u.reaction ~= "rout" and u.distance ~= nil and u.distance > a.range then
      return string.format("%s is %gin away, beyond his range of %gin (p.36)", u.name, u.distance, a.range)
    end
  end
  return nil
end

--- A new order for the warchief's own command (page 36): with every unit still on the table
--- within his range (at least one figure of each, `units[i].distance`), the order is accepted
--- at once, without a test; otherwise it does not change. Fills `res` (a battle_leaders_test
--- result): tested false, accepted, order_now, why.
---@param res table
---@param a table the test's arguments (M.battle_leaders_test), own_command set
---@return table res
function M.own_command_order(res, a)
  res.own_command, res.tested, res.carrier = true, false, nil
  local why
  if a.warchief_lost then why = "the warchief is dead or routed: no new orders for the rest of the battle (p.35)" end
  for _, u in ipairs(a.units) do
    if not why and u.reaction ~= "rout" and u.distance > a.range then
      why = string.format("%s is %gin away, beyond his range of %gin: his own command keeps its order (p.36)",
        u.name, u.distance, a.range)
    end
  end
  res.source = core.source_text({ source = core.ruleset, page = 36 })
  if why then
    res.accepted, res.order_now, res.why, res.outcome = false, a.current_order, why, "not_in_range"
    return res
  end
  res.accepted, res.order_now, res.result = true, a.order, "accepted_without_test"
  res.why = "every unit of his own command is within his range: the order is accepted without a test (p.36)"
  res.units_disorganised, res.units_shaken, res.test_again = {}, {}, false
  res.outcome = "accepted_without_test"
  return res
end

--- The Battle Leader's Test. args: {leader (checked individual), order, current_order,
--- carrier, carrier_save, different_race, with_unit, units, range, time, warchief_lost, wading,
--- extra}. `extra` reaches the list's entries untouched (ctx.extra): a variant's procedure
--- that runs this test passes its own facts to the entries it added (nil: the core test).
function M.battle_leaders_test(args)
  local res = core.result("battle_leaders_test")
  -- The leader's type of the light (a Goblin is fanatic at night, p.14), in a copy of args.
  local a, leader = args, units.at_time(args.leader, args.time)
  if leader ~= args.leader then
    a = {}
    for k, v in pairs(args) do a[k] = v end
    a.leader = leader
  end
  res.type_by_light = leader.type_by_light
  res.leader = a.leader.name
  res.order_sent = a.order
  res.carrier = a.carrier
  res.range = a.range
  if a.own_command then return M.own_command_order(res, a) end
  local why = why_no_test(a)
  if why then
    res.tested, res.why, res.outcome, res.order_now = false, why, "no_test", a.current_order
    return res
  end
  res.tested = true
  local die = core.d6(res, "battle leader's test, " .. a.leader.name)
  res.die = die
  local applied, total = data.battle_leaders_test:apply(a)
  table.insert(applied, 1, { id = "leadership", value = a.leader.leadership, reason = "the battle leader's leadership",
                             source = core.source_text({ source = core.ruleset, page = 37 }) })
  core.add_modifiers(res, applied)
  res.score = die + a.leader.leadership + total
  local row, key = M.bl_row(res.score)
  res.result = row.result
  res.result_source = data.battle_leaders_test_results:source(key)
  res.accepted = row.accepted
  res.order_now = row.accepted and a.order or a.current_order
  if row.misunderstood then
    res.order_now = data.misunderstood_order.rows[a.order]
    res.misunderstood_as = res.order_now
  end
  res.test_again = row.again or false
  res.units_disorganised, res.units_shaken = {}, {}
  for _, u in ipairs(a.units) do
    if u.reaction ~= "rout" then
      if row.disorganise then res.units_disorganised[#res.units_disorganised + 1] = u.name end
      if row.shake then res.units_shaken[#res.units_shaken + 1] = u.name end
    end
  end
  -- The carrier (page 36): a warchief in person is never dismissed nor slaughtered, and stays
  -- to try again after any refusal; Eldritch Command has no carrier and no carry-over.
  local fate = row.carrier
  if a.carrier == "eldritch_command" then
    fate, res.test_again = "none", false
  elseif a.carrier == "warchief" then
    fate = row.accepted and "free" or "stays"
    res.test_again = not row.accepted
  elseif fate == "slaughtered" then
    res.saves = {}
    if a.carrier_save then
      local saved = casualties.saving_throw(res, res, a.carrier_name, a.carrier_save, "slaughter by the battle leader",
                                            data.command_throws)
      if saved then fate = "dismissed" end
      res.carrier_saved = saved
    end
  end
  res.carrier_fate = fate
  res.outcome = res.result
  return res
end

-- ---------------------------------------------------------------------------------------
-- Phase Six: influence
-- ---------------------------------------------------------------------------------------

--- One influence attempt. args: {leader, unit {name, reaction}, banner_bearer, different_race,
--- own_command, in_contact}.
function M.influence(a)
  local res = core.result("influence")
  res.leader, res.unit = a.leader.name, a.unit.name
  local why
  if not a.in_contact then why = "the leader must be in base contact with the unit (p.38)"
  elseif not a.own_command then why = "the unit is not of his own command (p.38)"
  elseif a.unit.reaction ~= "bloodlust" and a.unit.reaction ~= "shaken" then
    why = "only a unit in bloodlust or shaken can be influenced (p.38)"
  end
  if why then res.tested, res.why, res.outcome = false, why, "no_test"; return res end
  res.tested = true
  local applied, l = data.influence_leadership:apply(a)
  core.add_modifiers(res, applied)
  res.effective_leadership = l
  local die = core.d6(res, "influence, " .. a.leader.name .. " on " .. a.unit.name)
  res.die = die
  local hw = data.influence_rules.rows.horribly_wrong
  res.command_test_markers = {}
  if die - l >= hw.margin or (hw.natural_six and die == 6) then
    res.result = "horribly_wrong"
    if a.unit.reaction == "bloodlust" then
      res.saves = {}
      local saved = false
      if a.leader.save then
        saved = casualties.saving_throw(res, res, a.leader.name, a.leader.save, "set upon by the unit in bloodlust",
                                        data.command_throws)
      end
      res.leader_fate = saved and "survives" or "killed"
      if not saved then
        res.command_test_markers[1] = { name = a.leader.name, role = a.leader.role, event = "killed" }
      end
      res.unit_reaction = "bloodlust"
    else
      res.leader_fate = "routed"
      res.unit_reaction = "rout"
      res.command_test_markers[1] = { name = a.leader.name, role = a.leader.role, event = "routed" }
    end
  elseif die <= l then
    res.result = "success"
    res.unit_reaction = "ok"
    res.unit_disorganised = a.unit.reaction == "shaken"  -- stays disorganised until it reorganises
    res.leader_fate = "unharmed"
  else
    res.result = "failure"
    res.unit_reaction = a.unit.reaction
    res.leader_fate = "unharmed"
  end
  res.outcome = res.result
  return res
end

-- ---------------------------------------------------------------------------------------
-- Phase Seven: the Command Test
-- ---------------------------------------------------------------------------------------

--- The Command Test band of a score.
function M.command_band(score)
  local rows = data.command_test_results.rows
  for _, key in ipairs({ "unaffected", "disorganised", "shaken" }) do
    if score >= rows[key].from then return key end
  end
  return "rout"
end

--- One Command Test of `tester` with the army state `army` {omens, boast, talismans,
--- lost_commands, warchief_lost}.
function M.one_test(tester, army)
  local res = core.result("command_test")
  res.tester = tester.name
  res.role = tester.role
  local die = core.d6(res, "command test, " .. tester.name)
  res.die = die
  local ctx = { tester = tester, omens = army.omens, boast = army.boast, talismans = army.talismans,
                lost_commands = army.lost_commands, warchief_lost = army.warchief_lost }
  local applied, total = data.command_test:apply(ctx)
  core.add_modifiers(res, applied)
  res.score = die + total
  res.result = M.command_band(res.score)
  res.result_source = data.command_test_results:source(res.result)
  res.outcome = res.tester .. ": " .. res.result
  res.units = tester.units
  return res
end

--- Phase Seven for one army: the testers with a counter test in the given order (the owning
--- player's); a routed warchief or battle leader places counters on all others: those still
--- to test this phase test with the new modifiers, those who tested receive one for next turn.
---@param a table {testers, omens, boast, talismans, lost_commands, warchief_lost, individuals}
function M.command_tests(a)
  local res = { procedure = "command_test", tests = {}, routed = {}, next_turn_counters = {},
                individuals_routed = {} }
  local army = { omens = a.omens, boast = a.boast, talismans = a.talismans, lost_commands = a.lost_commands,
                 warchief_lost = a.warchief_lost }
  local counter, tested = {}, {}
  for i, t in ipairs(a.testers) do counter[i] = t.counter end
  local progress = true
  while progress do
    progress = false
    for i, t in ipairs(a.testers) do
      if counter[i] and not tested[i] then
        counter[i], tested[i], progress = false, true, true
        local r = M.one_test(t, army)
        res.tests[#res.tests + 1] = r
        if r.result == "rout" then
          res.routed[#res.routed + 1] = t.name
          army.lost_commands = army.lost_commands + 1
          if t.role == "warchief" then
            army.warchief_lost = true
            res.warchief_routed = true
            for _, ind in ipairs(a.individuals) do res.individuals_routed[#res.individuals_routed + 1] = ind end
          end
          if t.role ~= "command" then
            -- a routed leader is a new trigger for every other tester (p.39, chain reaction)
            for j, o in ipairs(a.testers) do
              if j ~= i then
                if not tested[j] then
                  counter[j] = true
                elseif not M.routed(res, o.name) then
                  local already = false
                  for _, n in ipairs(res.next_turn_counters) do if n == o.name then already = true end end
                  if not already then res.next_turn_counters[#res.next_turn_counters + 1] = o.name end
                end
              end
            end
          end
          break  -- restart from the first tester still to test, in the player's order
        end
      end
    end
  end
  -- a routed tester needs no further counter
  local keep = {}
  for _, n in ipairs(res.next_turn_counters) do if not M.routed(res, n) then keep[#keep + 1] = n end end
  res.next_turn_counters = keep
  res.lost_commands = army.lost_commands
  res.warchief_lost = army.warchief_lost
  local parts = {}
  for _, r in ipairs(res.tests) do parts[#parts + 1] = r.tester .. ": " .. r.result end
  res.outcome = #parts > 0 and table.concat(parts, ", ") or "no_test"
  return res
end

function M.routed(res, name)
  for _, n in ipairs(res.routed) do if n == name then return true end end
  return false
end

-- ---------------------------------------------------------------------------------------
-- Procedures
-- ---------------------------------------------------------------------------------------

local carriers = { "courier", "messenger", "warchief", "eldritch_command", "none" }

M.procedures = {
  battle_leaders_test = {
    doc = "Phase Five: a battle leader's test of a new order, its carrier, range and result; or, with own_command, the warchief's own command, which takes the order without a test when all its units are in his range (p.35-37)",
    fields = { "leader", "order", "current_order", "carrier", "carrier_name", "carrier_save", "leader_race",
               "warchief_race", "with_unit", "units", "heralds", "banner_bearers", "time", "warchief_lost", "wading",
               "own_command" },
    run = function(input, options)
      local leader = units.check_individual(input.leader, "leader")
      local own = core.check_bool(input.own_command, "own_command", false)
      if own then
        if leader.role ~= "warchief" then
          core.fail("leader.role", string.format("%s: only the warchief changes his own command's order (p.36)", core.show(leader.role)))
        end
        for _, f in ipairs({ "carrier", "carrier_name", "carrier_save", "with_unit", "wading" }) do
          if input[f] ~= nil then core.fail(f, "the warchief's own command takes its new order without a carrier or a test (p.36)") end
        end
        local list = check_command_units(input.units or {}, "units")
        if #list == 0 then core.fail("units", "missing: the units of his command, each with its distance from him") end
        for i, u in ipairs(list) do
          if u.distance == nil then
            core.fail("units[" .. i .. "].distance", "missing: how far the nearest figure of " .. u.name .. " is from the warchief")
          end
        end
      end
      local carrier = own and "warchief" or core.check_enum(input.carrier, carriers, "carrier")
      local save = false
      if input.carrier_save ~= nil and input.carrier_save ~= false then
        save = core.check_int(input.carrier_save, "carrier_save", 2, 12)
      end
      local name = input.carrier_name or carrier
      if type(name) ~= "string" then core.fail("carrier_name", "string expected") end
      return M.battle_leaders_test {
        leader = leader,
        order = core.check_enum(input.order, units.orders, "order"),
        current_order = core.check_enum(input.current_order or "hold", units.orders, "current_order"),
        carrier = carrier, carrier_name = name, carrier_save = save,
        different_race = M.races_differ(input.leader_race, "leader_race", input.warchief_race, "warchief_race"),
        with_unit = core.check_bool(input.with_unit, "with_unit", false),
        units = check_command_units(input.units or {}, "units"),
        range = M.range(input.heralds or 0, input.banner_bearers or 0),
        time = core.check_time(input.time, "time"),
        warchief_lost = core.check_bool(input.warchief_lost, "warchief_lost", false),
        wading = core.check_bool(input.wading, "wading", false),
        own_command = own,
        options = options,
      }
    end,
  },
  influence = {
    doc = "Phase Six: a warchief's or battle leader's influence on a unit in bloodlust or shaken (p.38)",
    fields = { "leader", "unit", "banner_bearer", "leader_race", "unit_race", "own_command", "in_contact" },
    run = function(input, options)
      local leader = units.check_individual(input.leader, "leader")
      if leader.role ~= "warchief" and leader.role ~= "battle_leader" then
        core.fail("leader.role", "only a warchief or battle leader influences units")
      end
      core.check_fields(input.unit, { "name", "reaction" }, "unit")
      return M.influence {
        leader = leader,
        unit = { name = input.unit.name or "unit",
                 reaction = core.check_enum(input.unit.reaction, units.reactions, "unit.reaction") },
        banner_bearer = core.check_bool(input.banner_bearer, "banner_bearer", false),
        different_race = M.races_differ(input.leader_race, "leader_race", input.unit_race, "unit_race"),
        own_command = core.check_bool(input.own_command, "own_command", true),
        in_contact = core.check_bool(input.in_contact, "in_contact", true),
        options = options,
      }
    end,
  },
  command_test = {
    doc = "Phase Seven: the Command Tests of one army in the player's order, with the chain reaction of routed leaders (p.39)",
    fields = { "testers", "omens", "boast", "talismans", "lost_commands", "warchief_lost", "individuals" },
    run = function(input, options)
      if type(input.testers) ~= "table" or #input.testers == 0 then core.fail("testers", "non-empty array expected") end
      local testers, names = {}, {}
      for i, t in ipairs(input.testers) do
        local p = "testers[" .. i .. "]"
        core.check_fields(t, { "name", "role", "leadership", "bad_light", "units", "counter" }, p)
        local role = core.check_enum(t.role, { "warchief", "battle_leader", "command" }, p .. ".role")
        local name = t.name or role
        if type(name) ~= "string" then core.fail(p .. ".name", "string expected") end
        if names[name] then core.fail(p .. ".name", "two testers named " .. core.show(name)) end
        names[name] = true
        if t.units ~= nil and type(t.units) ~= "table" then core.fail(p .. ".units", "array of unit names expected") end
        testers[i] = { name = name, role = role,
                       leadership = role == "command" and 0 or core.check_int(t.leadership, p .. ".leadership", 0, 5),
                       bad_light = core.check_bool(t.bad_light, p .. ".bad_light", false),
                       units = t.units or {}, counter = core.check_bool(t.counter, p .. ".counter", true) }
      end
      local individuals = input.individuals or {}
      if type(individuals) ~= "table" then core.fail("individuals", "array of names expected") end
      return M.command_tests {
        testers = testers,
        -- "neutral" is prebattle.omens_after_deaths' "no longer good": no line, like "none"
        omens = core.check_enum(input.omens or "none", { "none", "good", "bad", "neutral" }, "omens"),
        boast = core.check_enum(input.boast or "none", { "none", "holds", "broken" }, "boast"),
        talismans = core.check_int(input.talismans, "talismans", 0, 3, 0),
        lost_commands = core.check_int(input.lost_commands, "lost_commands", 0, 100, 0),
        warchief_lost = core.check_bool(input.warchief_lost, "warchief_lost", false),
        individuals = individuals,
        options = options,
      }
    end,
  },
}

return M
