--- Hedgerow's battle report: renders the event log (muster.log.get) and the state as short
--- lines for people, lengths in inches and centimetres (muster.measure.fmt). Reads only;
--- changes nothing and rolls no dice.
local scenario = require("scenario")

local M = {}

local names = {}
for _, unit in ipairs(scenario.units) do names[unit.id] = unit.name end

local function length(inches)
  return muster.measure.fmt(inches, "in", 1) .. " (" .. muster.measure.fmt(inches, "cm", 1) .. ")"
end

local function plural(n, one) return n .. " " .. one .. (n == 1 and "" or "s") end

-- One event as a line, or nil for events the report leaves out.
local render = {
  order = function(f) return string.format("%s reveal their order: %s (%s)", f.side, f.order, f.secret) end,
  choice = function(f)
    if f.question ~= "target" then return nil end
    return string.format("%s choose %s as target (%s)", f.side, names[f.answer], f.by)
  end,
  no_shot = function(f)
    return string.format("%s cannot shoot at %s: %s", names[f.unit], names[f.target], f.why)
  end,
  shot = function(f)
    return string.format("%s %s %s at %s, %s range: %s need %d+ (%s): %s", names[f.unit],
      f.returning and "return fire on" or "shoot at", names[f.target], length(f.distance), f.band,
      f.dice .. (f.dice == 1 and " die" or " dice"), f.need, f.modifiers, plural(f.hits, "hit"))
  end,
  blast = function(f)
    if f.misfire then return string.format("%s misfires", names[f.unit]) end
    return string.format("%s blasts %s at %s: %d under the template, %d partly: %s", names[f.unit],
      names[f.target], length(f.distance), f.under, f.partly, plural(f.hits, "hit"))
  end,
  wound = function(f) return string.format("  %s: %s wounded (%d)", names[f.unit], f.figure, f.wounds) end,
  casualty = function(f) return string.format("  %s: %s falls", names[f.unit], f.figure) end,
  destroyed = function(f) return string.format("  %s destroyed", names[f.unit]) end,
  no_return_fire = function(f) return string.format("  %s cannot return fire: %s", names[f.unit], f.why) end,
  morale = function(f)
    return string.format("%s morale: 2D6 %d+%d + %d lost = %d against nerve %d: %s", names[f.unit],
      f.faces[1], f.faces[2], f.lost, f.score, f.nerve, f.result)
  end,
  fall_back = function(f) return string.format("  %s fall back %s", names[f.unit], length(f.distance)) end,
  rally = function(f) return string.format("%s rally (%s)", names[f.unit], f.source) end,
}

--- Returns what happened since log event `from` (default 1), one line per event that matters.
---@param from? integer
---@return string[]
function M.get_events(from)
  local lines = {}
  for _, e in ipairs(muster.log.get(from)) do
    local fn = render[e.kind]
    local line = fn and fn(e.fields)
    if line then lines[#lines + 1] = line end
  end
  return lines
end

--- Returns one line per unit deployed: figures standing of the starting ones, wounds
--- carried, markers and position.
---@return string[]
function M.get_units()
  local lines = {}
  for _, spec in ipairs(scenario.units) do
    if muster.state.get_kind(spec.id) ~= "unit" then
      lines[#lines + 1] = names[spec.id] .. ": destroyed"
    else
      local unit = muster.state.get_unit(spec.id)
      local notes = {}
      for _, figure in ipairs(unit.figures) do
        if figure.wounds > 0 then notes[#notes + 1] = figure.id .. " wounded " .. figure.wounds end
      end
      for name in pairs(unit.markers) do notes[#notes + 1] = name end
      lines[#lines + 1] = string.format("%s: %d/%d figures at (%s, %s)%s", unit.name, #unit.figures,
        unit.props.strength, muster.measure.fmt(unit.x, "in", 1), muster.measure.fmt(unit.y, "in", 1),
        #notes > 0 and ", " .. table.concat(notes, ", ") or "")
    end
  end
  return lines
end

--- Returns one line per secret: who committed what when, when it was revealed, and whether
--- the value still matches its commitment.
---@return string[]
function M.get_audit()
  local lines = {}
  for _, a in ipairs(muster.state.get_audit()) do
    lines[#lines + 1] = string.format("%s %s %s: committed t%d %s, revealed %s, %s", a.secret, a.side,
      a.label, a.committed.turn, a.committed.phase,
      a.revealed and ("t" .. a.revealed.turn .. " " .. a.revealed.phase) or "not yet",
      a.match == nil and "unchecked" or (a.match and "matches" or "DOES NOT MATCH"))
  end
  return lines
end

return M
