---@meta
--- muster.log: the battle's event log (rolls, choices, phases and a ruleset's own events),
--- append-only and rendered byte-identically on every machine. Field tables are read with
--- their keys SORTED (pairs order differs between processes), so the same script logs the
--- same bytes. Whole numbers are logged as integers, others as reals. See docs/turn.md.

---@class muster.log
muster.log = {}

---@alias muster.log.value boolean|number|string|integer[]

---@class muster.log.event
---@field seq integer 1, 2, 3... in order of addition
---@field turn integer 0 before the first battle turn
---@field phase string the phase id, "" outside phases
---@field kind string "roll", "choice", "phase_start", or a ruleset's own kind
---@field fields table<string, muster.log.value>

--- Adds an event of the ruleset's own, stamped with the current turn and phase. Does
--- nothing in sample mode (see get_enabled).
---@param kind string an identifier, e.g. "morale"
---@param fields? table<string, muster.log.value> identifier keys; lists hold integers only
function muster.log.add(kind, fields) end

--- Returns the events with seq >= from, oldest first.
---@param from? integer default 1
---@return muster.log.event[]
function muster.log.get(from) end

--- Renders the events with seq >= from, one line each ending in "\n": "text" reads
--- "#12 t2 shooting roll label=volley faces=[3,4]"; "jsonl" is one JSON object per line.
---@param format? "text"|"jsonl" default "text"
---@param from? integer default 1
---@return string
function muster.log.fmt(format, from) end

--- Returns false in sample mode (Monte Carlo): skip building explanation fields then.
---@return boolean
function muster.log.get_enabled() end
