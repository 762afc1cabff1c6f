---@meta
--- muster.measure: lengths on the tabletop. Every length is a number in inches
--- (1 in = 2.54 cm exactly); units are written "in" (or "inch", "inches", '"'), "cm", "mm".
--- Comparisons use a tolerance of 1e-9 in unless given one. Pure functions, no state.
--- Band names and maxima come from the ruleset. See docs/geometry.md.

---@class muster.measure
---@field tolerance number the default tolerance, 1e-9 (inches)
---@field cm_per_inch number 2.54
muster.measure = {}

---@alias muster.measure.unit "in"|"inch"|"inches"|'"'|"cm"|"mm"

--- Parses a length written as a decimal number and a unit: "12in", '12"', "30cm", "2.5 in".
--- Errors: "bad length '12 ft' (unknown unit 'ft': want in, \", cm, mm)",
--- "bad length '12' (missing unit: want in, \", cm, mm)", "bad length '' (empty)".
---@param text string
---@param default_unit? muster.measure.unit the unit of a bare number ("12"); without it a unit is required
---@return number inches
function muster.measure.parse(text, default_unit) end

--- Formats a length: the number in `unit` with at most `decimals` decimals (trailing zeros
--- dropped) and the unit suffix: fmt(12) == "12in", fmt(12, "cm") == "30.48cm".
---@param inches number
---@param unit? muster.measure.unit default "in"
---@param decimals? integer 0..9, default 2
---@return string
function muster.measure.fmt(inches, unit, decimals) end

--- Converts a length between units: get_length(30, "cm") is 11.811... (inches).
---@param value number the length in `from`
---@param from muster.measure.unit
---@param to? muster.measure.unit default "in"
---@return number
function muster.measure.get_length(value, from, to) end

--- Returns true when |a - b| <= tolerance.
---@param a number inches
---@param b number inches
---@param tolerance? number default 1e-9
---@return boolean
function muster.measure.check_equal(a, b, tolerance) end

--- Returns true when d <= limit + tolerance ("within 12 inches" includes exactly 12).
---@param d number inches
---@param limit number inches
---@param tolerance? number default 1e-9
---@return boolean
function muster.measure.check_within(d, limit, tolerance) end

--- Returns -1, 0 or 1 as a is shorter than, equal to (within tolerance) or longer than b.
---@param a number inches
---@param b number inches
---@param tolerance? number default 1e-9
---@return integer
function muster.measure.check_compare(a, b, tolerance) end

---@class muster.measure.band
---@field name string unique, non-empty
---@field max number inches; strictly increasing along the list

--- Returns the band distance d falls in: the first band with d <= max + 1e-9, so a distance
--- exactly on a boundary belongs to the nearer band. Returns nil beyond the last band (out
--- of range). Errors name the band: "band 2 'b': max 6 not greater than the previous max 12".
---@param d number inches, >= 0
---@param bands muster.measure.band[] e.g. { {name = "short", max = 12}, {name = "long", max = 24} }
---@return string|nil name
---@return integer|nil index 1-based
function muster.measure.check_band(d, bands) end
