--- HR-9.3 adventurer abilities (house-rules booklet pages 9-10): the procedures resolvable on
--- typed-in facts (heal, enthuse, control, steal_item, practiced_combat, killing_blow), the
--- rows the core's hooks read (combat table fighting_abilities: Strike First, Killing Blow,
--- Unarmed; shooting table shooting_targets: Hide; the role in individual_roles), the
--- threat_test modifier `adventurer_presence`, and
--- `status`: what each ability does now or what it waits for. An ability works through the
--- keyword of the same name, which `adventurer` gives the figure. Dice only through
--- muster.dice; reads the rule areas only through rules.modules.
local M = {}

local SOURCE = "adventurers p.10"

--- Ability id -> how it is resolved now ("procedure NAME", "modifier ...", or "waits: ...").
M.status = {
  heal = "procedure heal",
  enthuse = "procedure enthuse",
  control = "procedure control",
  steal_item = "procedure steal_item (the 1D table; which items a figure carries is D7)",
  practiced_combat = "procedure practiced_combat (+2 worth, re-roll natural 1s once)",
  killing_blow = "combat: its worth dice thrown apart, passed saves against their kills forced again once (table fighting_abilities); procedure killing_blow on typed-in saves",
  strike_first = "combat: its worth dice thrown apart before everybody else's, its casualties removed before they strike back, cancelled by one on the other side (table fighting_abilities)",
  presence = "modifier threat_test.adventurer_presence (-2) when the threatener, or an individual with it, has the keyword presence",
  dodge = "waits: movement (3in away from combat at the start of the Combat phase, then no part in it)",
  hide = "shooting and artillery: not shot at in cover or difficult ground, in the open only from short range (table shooting_targets)",
  speed = "waits: movement (MOV x 1.5)",
  sabotage = "waits: movement and equipment in contact (damaged at the end of the Combat phase: standard wrecked, shrine defiled)",
  read_maps = "waits: scouting (force one re-roll of one scouting roll, chosen by its owner)",
  provide_countermeasure = "waits: D7 and a points allowance during the battle (purchases cannot be undone)",
  unarmed = "combat: throws no dice, no 6 falls on it, killed only when no figure but the standard bearer is left (table fighting_abilities)",
  antidotes = "waits: poison (D7); 1D antidotes before the game, each cancels one poisoned casualty",
  enthrall = "waits: speeches (D7); speech rolls +2, starts in contact with the warchief",
}

--- The procedure specs, by name, for rules.add_procedure.
---@param rules table the variant's rules handle
function M.procedures(rules)
  local core, reactions = rules.modules.core, rules.modules.reactions
  local types = rules.copy(rules.modules.units.types)
  local tests = { "combat", "casualty", "threat" }
  local P = {}

  -- Heal: casualties within 6in, in the healer's order; a 1 ends his healing this turn.
  P.heal = {
    doc = "HR-9.3 Heal: figures chosen as casualties within 6in (figures = {name or {name, poisoned}}, in the healer's order) after saves, before the Casualty/Combat Test; 1D each: 1 dies and the healer heals no more this turn, 2-3 dies, 4-5 saved at worth 1, 6 saved; poisoned figures cannot be healed (adventurers p.10)",
    fields = { "figures", "stopped" },
    samples = { { figures = { "Aldo", "Bern", "Cato" } } },
    run = function(input)
      if type(input.figures) ~= "table" or #input.figures == 0 then core.fail("figures", "missing (the casualties within 6in, in the healer's order)") end
      local stopped = core.check_bool(input.stopped, "stopped", false)
      local res = { procedure = "heal", dice = {}, modifiers = {}, figures = {}, saved = {}, dead = {}, source = SOURCE }
      for i, f in ipairs(input.figures) do
        local name, poisoned = f, false
        if type(f) == "table" then
          core.check_fields(f, { "name", "poisoned" }, "figures[" .. i .. "]")
          name, poisoned = f.name, core.check_bool(f.poisoned, "figures[" .. i .. "].poisoned", false)
        end
        if type(name) ~= "string" then core.fail("figures[" .. i .. "]", "a figure's name expected") end
        local r = { name = name }
        if stopped then
          r.result, r.why = "dies", "no roll: the healer can heal no one else this turn"
        elseif poisoned then
          r.result, r.why = "dies", "no roll: a poisoned figure cannot be healed"
        else
          local d = core.d6(res, "heal, " .. name)
          r.die = d
          if d == 1 then r.result, r.why, stopped = "dies", "1: dies, and the healer can heal no one else this turn", true
          elseif d <= 3 then r.result, r.why = "dies", d .. ": dies"
          elseif d <= 5 then r.result, r.why, r.worth = "saved", d .. ": saved, worth 1 for the rest of the battle", 1
          else r.result, r.why = "saved", "6: saved" end
        end
        res.figures[i] = r
        local into = r.result == "saved" and res.saved or res.dead
        into[#into + 1] = name
      end
      res.stopped = stopped
      res.outcome = string.format("saved: %s; dead: %s%s", #res.saved > 0 and table.concat(res.saved, ", ") or "none",
        #res.dead > 0 and table.concat(res.dead, ", ") or "none", stopped and "; no more healing this turn" or "")
      return res
    end,
  }

  -- The test, unit type and score of Enthuse's and Control's input (resolve has checked
  -- the field names against the procedure's `fields`).
  local function test_input(input)
    local test = core.check_enum(input.test, tests, "test")
    local utype = core.check_enum(input.unit_type, types, "unit_type")
    if input.score == nil then core.fail("score", "missing (the test's final score before the extra die)") end
    local score = core.check_int(input.score, "score")
    if core.check_bool(input.extra_die_used, "extra_die_used", false) then
      core.fail("extra_die_used", "this test already had its one extra die (Enthuse or Control) (adventurers p.10, proposed)")
    end
    return test, utype, score
  end

  -- Enthuse: declared before the test is rolled; one die added.
  P.enthuse = {
    doc = "HR-9.3 Enthuse: a unit within 6in adds 1D to a Combat, Casualty or Threat Test (test, unit_type, score = the test's final score without the extra die); declared before the test is rolled; one extra die per test (adventurers p.10)",
    fields = { "test", "unit_type", "score", "extra_die_used" },
    samples = { { test = "combat", unit_type = "tribal", score = 3 } },
    run = function(input)
      local test, utype, score = test_input(input)
      local res = { procedure = "enthuse", test = test, dice = {}, modifiers = {}, without = score,
                    reaction_without = reactions.read(score, utype), extra_die_used = true, source = SOURCE }
      local d = core.d6(res, "Enthuse die")
      res.score = score + d
      res.reaction = reactions.read(res.score, utype)
      res.outcome = string.format("%d + Enthuse die %d = %d: %s", score, d, res.score, res.reaction:upper())
      return res
    end,
  }

  -- Control: after a ROUT or BLOODLUST; the player picks + or - after seeing the die.
  P.control = {
    doc = "HR-9.3 Control: after a friendly unit's Combat, Casualty or Threat Test within 6in gives ROUT or BLOODLUST, roll 1D and add it to or subtract it from the score (sign: \"+\" or \"-\", the player's choice after seeing the die; or side: that side's controller is asked through muster.choice, question control_sign; with neither the result lists both); one extra die per test (adventurers p.10)",
    fields = { "test", "unit_type", "score", "extra_die_used", "sign", "side" },
    samples = { { test = "threat", unit_type = "tribal", score = 1, sign = "+" } },
    run = function(input)
      local test, utype, score = test_input(input)
      local sign = input.sign ~= nil and core.check_enum(input.sign, { "+", "-" }, "sign") or nil
      if input.side ~= nil then core.check_side(input.side, "side") end
      if sign and input.side ~= nil then core.fail("side", "give sign or side, not both") end
      local before = reactions.read(score, utype)
      if before ~= "rout" and before ~= "bloodlust" then
        core.fail("score", string.format("%d gives %s: Control applies only to ROUT or BLOODLUST (adventurers p.10)", score, before:upper()))
      end
      local res = { procedure = "control", test = test, dice = {}, modifiers = {}, without = score,
        reaction_without = before, extra_die_used = true, source = SOURCE }
      local d = core.d6(res, "Control die")
      local plus, minus = score + d, score - d
      res.options = { ["+"] = { score = plus, reaction = reactions.read(plus, utype) },
                      ["-"] = { score = minus, reaction = reactions.read(minus, utype) } }
      if not sign and input.side then
        local by
        sign, by = muster.choice.get { side = input.side, question = "control_sign", options = { "+", "-" },
          prompt = string.format("Control die %d: add it (%d, %s) or subtract it (%d, %s)?", d, plus,
            reactions.read(plus, utype):upper(), minus, reactions.read(minus, utype):upper()) }
        res.sign_by = by
      end
      if sign then
        res.sign = sign
        res.score = sign == "+" and plus or minus
        res.reaction = reactions.read(res.score, utype)
        res.outcome = string.format("%d %s Control die %d = %d: %s", score, sign, d, res.score, res.reaction:upper())
      else
        res.choice = "sign"
        res.outcome = string.format("Control die %d: + gives %d (%s), - gives %d (%s); the player chooses", d,
          plus, res.options["+"].reaction:upper(), minus, res.options["-"].reaction:upper())
      end
      return res
    end,
  }

  P.steal_item = {
    doc = "HR-9.3 Steal Item: in contact with a figure and back in one move; 1D: 1 caught and killed (unless the target is unarmed: merely unsuccessful), 2-3 unsuccessful and detained in contact, 4-5 one item stolen, 6 stolen and a chance at a second; a target with a save may roll it per item (target_unarmed) (adventurers p.10)",
    fields = { "target_unarmed" },
    samples = { { target_unarmed = false } },
    run = function(input)
      local unarmed = core.check_bool(input.target_unarmed, "target_unarmed", false)
      local res = { procedure = "steal_item", dice = {}, modifiers = {}, stolen = 0, source = SOURCE }
      local d = core.d6(res, "steal item")
      if d == 1 then
        if unarmed then res.result, res.outcome = "unsuccessful", "1: unsuccessful (the target is unarmed, so not caught)"
        else res.result, res.killed, res.outcome = "caught", true, "1: caught and killed" end
      elseif d <= 3 then res.result, res.detained, res.outcome = "detained", true, d .. ": unsuccessful, detained in contact"
      elseif d <= 5 then res.result, res.stolen, res.outcome = "stolen", 1, d .. ": item stolen; it completes its move"
      else res.result, res.stolen, res.second_chance = "stolen", 1, true
        res.outcome = "6: item stolen, and a chance to steal a second; it completes its move" end
      res.saves_note = res.stolen > 0 and "a target with a save may roll it to keep each item" or nil
      return res
    end,
  }

  P.practiced_combat = {
    doc = "HR-9.3 Practiced Combat: +2 worth; natural 1s on its hit dice are re-rolled once (worth: the base worth; hits: the faces already rolled, optional) (adventurers p.10)",
    fields = { "worth", "hits" },
    samples = { { worth = 1, hits = { 1, 4, 6 } } },
    run = function(input)
      local worth = core.check_int(input.worth, "worth", 0)
      local res = { procedure = "practiced_combat", dice = {}, modifiers = { { id = "practiced_combat", value = 2, source = SOURCE } },
        worth = worth + 2, source = SOURCE }
      if input.hits ~= nil then
        if type(input.hits) ~= "table" then core.fail("hits", "array of faces expected") end
        res.hits, res.rerolled = {}, {}
        for i, h in ipairs(input.hits) do
          local v = core.check_int(h, "hits[" .. i .. "]", 1, 6)
          if v == 1 then v = core.d6(res, "re-roll of hit die " .. i); res.rerolled[#res.rerolled + 1] = i end
          res.hits[i] = v
        end
      end
      res.outcome = string.format("worth %d%s", res.worth,
        res.rerolled and string.format("; %d natural 1s re-rolled once", #res.rerolled) or "")
      return res
    end,
  }

  P.killing_blow = {
    doc = "HR-9.3 Killing Blow: its hits on figures with a save force a re-roll of each passed save, once (saves = {{name, save, roll}}: the save target and the face rolled; passed means roll >= save) (adventurers p.10; needs its dice as a separate batch in combat)",
    fields = { "saves" },
    samples = { { saves = { { name = "Dwarf 1", save = 5, roll = 6 }, { name = "Dwarf 2", save = 5, roll = 2 } } } },
    run = function(input)
      if type(input.saves) ~= "table" then core.fail("saves", "missing (the saves against its hits: {name, save, roll})") end
      local res = { procedure = "killing_blow", dice = {}, modifiers = {}, figures = {}, killed = {}, source = SOURCE }
      for i, s in ipairs(input.saves) do
        local p = "saves[" .. i .. "]"
        core.check_fields(s, { "name", "save", "roll" }, p)
        local save = core.check_int(s.save, p .. ".save", 1, 12)
        local roll = core.check_int(s.roll, p .. ".roll", 1, 12)
        local r = { name = s.name or ("figure " .. i), first = roll }
        if roll >= save then
          local again = core.d6(res, "forced re-roll of " .. r.name .. "'s save")
          r.reroll, r.saved = again, again >= save
        else
          r.saved = false
        end
        if not r.saved then res.killed[#res.killed + 1] = r.name end
        res.figures[i] = r
      end
      res.outcome = #res.killed .. " killed: " .. (#res.killed > 0 and table.concat(res.killed, ", ") or "none")
      return res
    end,
  }

  return P
end

--- The rows of the core's hooks: Strike First, Killing Blow and Unarmed in combat (table
--- fighting_abilities), Hide against shooting and artillery (table shooting_targets).
function M.add_rows(rules)
  rules.set_row("individual_roles", "adventurer", {
    reason = "an adventurer: an individual of the warchief's command whose death sets no Command Test" }, 9)
  rules.set_row("fighting_abilities", "strike_first", { strikes_first = true,
    reason = "Strike First: it strikes first, its casualties removed before they strike back" }, 10)
  rules.set_row("fighting_abilities", "killing_blow", { reroll_passed_saves = true,
    reason = "Killing Blow: a save passed against its kills is thrown again, once" }, 10)
  rules.set_row("fighting_abilities", "unarmed", { unarmed = true,
    reason = "Unarmed: no attacks; at the back, not a special kill, killed only when no other figure is left before the standard bearer" }, 10)
  rules.set_row("shooting_targets", "hide", { in_cover = false, open_band = "short",
    reason = "Hide: an adventurer with Hide" }, 10)
end

--- Adds the threat_test modifier for Presence.
function M.add_presence(rules)
  local units = rules.modules.units
  local function has(u)
    if type(u) ~= "table" then return false end
    if units.has_keyword(u, "presence") then return true end
    for _, ind in ipairs(u.individuals or {}) do
      if units.has_keyword(ind, "presence") then return true end
    end
    return false
  end
  rules.add_modifier("threat_test", { id = "adventurer_presence", value = -2, page = 10,
    reason = "an adventurer with Presence accompanies the threatening unit (keyword presence)",
    when = function(c) return has(c.threatener) end })
end

return M
