---@meta
--- muster.state: the battle state. Sides, commands, units and their figures, individuals,
--- terrain features; props, counters and markers on any of them; secrets held face down by
--- one side, with a commit/reveal audit; save/load as JSON. Every getter returns a copy
--- (changing it changes nothing). Ids share one namespace: 1-64 characters of
--- A-Z a-z 0-9 _ . : - ; leave id out to get "<kind>-<n>". Array positions in error messages
--- are 0-based, like JSON paths ("figures[0]" is the first figure). See docs/state.md.

---@class muster.state
muster.state = {}

--- A prop value: integral numbers are stored as integers, others as numbers.
---@alias muster.state.prop boolean|number|string

---@class muster.state.tags
---@field props? table<string, muster.state.prop> a ruleset's profile fields
---@field counters? table<string, integer> named integers (volleys, magic_points...)
---@field markers? table<string, true|string> flags (true) or short strings (<= 64 bytes)

---@class muster.state.placement
---@field x? number inches (default 0)
---@field y? number inches (default 0)
---@field facing? number degrees, stored as given (default 0)
---@field ranks? integer >= 1 (default 1)
---@field files? integer >= 1 (default 1)
---@field base_width? number inches, >= 0 (default 0: not given)
---@field base_depth? number inches, >= 0 (default 0: not given)

---@class muster.state.side_spec: muster.state.tags
---@field id? string
---@field name? string

---@class muster.state.command_spec: muster.state.tags
---@field id? string
---@field side string
---@field name? string

---@class muster.state.figure_spec: muster.state.tags
---@field id? string
---@field wounds? integer wounds taken, >= 0 (default 0)
---@field equipment? string[] item names, in order

---@class muster.state.unit_spec: muster.state.tags, muster.state.placement
---@field id? string
---@field side string
---@field command? string a command of the same side
---@field name? string
---@field figures? integer|muster.state.figure_spec[] a count of plain figures, or their specs

---@class muster.state.individual_spec: muster.state.tags, muster.state.placement
---@field id? string
---@field side string
---@field command? string a command of the same side
---@field unit? string the unit of the same side it is attached to
---@field name? string
---@field wounds? integer
---@field equipment? string[]

---@class muster.state.point
---@field x number
---@field y number

---@class muster.state.terrain_spec: muster.state.tags
---@field id? string
---@field kind string "wood", "hill", any name a ruleset uses
---@field polygon muster.state.point[] at least 3 points, inches

---@class muster.state.entity
---@field id string
---@field props table<string, muster.state.prop>
---@field counters table<string, integer>
---@field markers table<string, true|string>

---@class muster.state.side: muster.state.entity
---@field name string

---@class muster.state.command: muster.state.entity
---@field side string
---@field name string

---@class muster.state.figure: muster.state.entity
---@field unit string
---@field wounds integer
---@field equipment string[]

---@class muster.state.unit: muster.state.entity
---@field side string
---@field command? string nil when under no command
---@field name string
---@field x number
---@field y number
---@field facing number
---@field ranks integer
---@field files integer
---@field base_width number
---@field base_depth number
---@field figures muster.state.figure[] in the order added

---@class muster.state.individual: muster.state.entity
---@field side string
---@field command? string
---@field unit? string nil when alone
---@field name string
---@field x number
---@field y number
---@field facing number
---@field ranks integer
---@field files integer
---@field base_width number
---@field base_depth number
---@field wounds integer
---@field equipment string[]

---@class muster.state.terrain: muster.state.entity
---@field kind string
---@field polygon muster.state.point[]

---@class muster.state.clock
---@field turn integer
---@field phase string

---@class muster.state.secret
---@field id string
---@field side string the owner
---@field label string public: what the secret is about
---@field value? string absent when hidden
---@field commitment? string 16 hex digits; absent when hidden
---@field hidden? true only when the viewer may not see the value
---@field committed muster.state.clock
---@field revealed? muster.state.clock

---@class muster.state.audit_entry
---@field secret string
---@field side string
---@field label string
---@field commitment string
---@field committed muster.state.clock
---@field revealed? muster.state.clock
---@field match? boolean once revealed: does the value hash to the commitment?

-- creation --------------------------------------------------------------------------------

--- Adds a side.
---@param spec muster.state.side_spec
---@return string id
function muster.state.add_side(spec) end

--- Adds a command of a side.
---@param spec muster.state.command_spec
---@return string id
function muster.state.add_command(spec) end

--- Adds a unit with its figures. Nothing is added when anything is wrong.
---@param spec muster.state.unit_spec
---@return string id
function muster.state.add_unit(spec) end

--- Appends a figure to a unit (a summoned figure, a returning casualty).
---@param unit string
---@param spec? muster.state.figure_spec
---@return string id
function muster.state.add_figure(unit, spec) end

--- Adds an individual, alone or attached to a unit of its side.
---@param spec muster.state.individual_spec
---@return string id
function muster.state.add_individual(spec) end

--- Adds a terrain feature.
---@param spec muster.state.terrain_spec
---@return string id
function muster.state.add_terrain(spec) end

-- lookup ----------------------------------------------------------------------------------

---@param id string
---@return muster.state.side
function muster.state.get_side(id) end

---@param id string
---@return muster.state.command
function muster.state.get_command(id) end

--- The unit; with opts = {figures = "count"} its `figures` is their number, not the list;
--- with opts = {tags = false} it comes without props, counters and markers.
---@param id string
---@param opts? {figures?: "count", tags?: boolean}
---@return muster.state.unit
function muster.state.get_unit(id, opts) end

---@param id string
---@return muster.state.figure
function muster.state.get_figure(id) end

---@param id string
---@return muster.state.individual
function muster.state.get_individual(id) end

---@param id string
---@return muster.state.terrain
function muster.state.get_terrain(id) end

--- Returns what an id names, or nil when unused.
---@param id string
---@return "side"|"command"|"unit"|"figure"|"individual"|"terrain"|"secret"|nil
function muster.state.get_kind(id) end

--- A number that changes whenever the entity changes (a unit's also when one of its figures
--- does) and never stands for other content in this process, across undo and load: key a
--- cache of what you derive from an entity by (id, revision). Without an id, the same for the
--- whole state (any change, removals too). Not saved, not hashed.
--- Errors: "no entity 'x'".
---@param id? string
---@return number revision
function muster.state.get_revision(id) end

--- Every side, sorted by id.
---@return muster.state.side[]
function muster.state.get_sides() end

--- Commands, sorted by id.
---@param filter? {side?: string}
---@return muster.state.command[]
function muster.state.get_commands(filter) end

--- Units, sorted by id.
---@param filter? {side?: string, command?: string}
---@param opts? {figures?: "count", tags?: boolean}
---@return muster.state.unit[]
function muster.state.get_units(filter, opts) end

--- Individuals, sorted by id.
---@param filter? {side?: string, unit?: string}
---@return muster.state.individual[]
function muster.state.get_individuals(filter) end

--- Terrain features, sorted by id.
---@return muster.state.terrain[]
function muster.state.get_terrains() end

-- changes ---------------------------------------------------------------------------------

--- Renames a side, command, unit or individual.
---@param id string
---@param name string
function muster.state.set_name(id, name) end

--- Moves or reforms a unit or individual; fields left out keep their value.
---@param id string
---@param fields muster.state.placement
function muster.state.set_placement(id, fields) end

--- Control transfer: gives a unit or individual to another side (and command of that side,
--- or none). Refused while an individual is attached to the unit or the individual is
--- attached to one: the ruleset decides who follows whom, then detaches.
---@param id string
---@param side string
---@param command? string
function muster.state.set_side(id, side, command) end

--- Attaches an individual to a unit of its side; nil detaches it.
---@param individual string
---@param unit? string
function muster.state.set_attached(individual, unit) end

--- Sets the wounds taken by a figure or individual (carried over between turns).
---@param id string
---@param wounds integer >= 0
function muster.state.set_wounds(id, wounds) end

--- Replaces the equipment of a figure or individual.
---@param id string
---@param items string[]
function muster.state.set_equipment(id, items) end

--- Removes a unit and its figures; attached individuals become alone.
---@param id string
function muster.state.del_unit(id) end

---@param id string
function muster.state.del_figure(id) end

---@param id string
function muster.state.del_individual(id) end

---@param id string
function muster.state.del_terrain(id) end

-- props, counters, markers (any entity) ---------------------------------------------------

---@param id string
---@param name string
---@param value muster.state.prop
function muster.state.set_prop(id, name, value) end

---@param id string
---@param name string
---@return muster.state.prop|nil
function muster.state.get_prop(id, name) end

--- Removes a prop (no-op when absent).
---@param id string
---@param name string
function muster.state.del_prop(id, name) end

---@param id string
---@param name string
---@param value integer
function muster.state.set_counter(id, name, value) end

--- Returns a counter; an absent counter reads as 0.
---@param id string
---@param name string
---@return integer
function muster.state.get_counter(id, name) end

--- Adds delta (may be negative) and returns the new value.
---@param id string
---@param name string
---@param delta integer
---@return integer
function muster.state.add_counter(id, name, delta) end

--- Removes a counter (no-op when absent).
---@param id string
---@param name string
function muster.state.del_counter(id, name) end

--- Sets a marker: a flag without value, else a string of at most 64 bytes.
---@param id string
---@param name string
---@param value? string
function muster.state.set_marker(id, name, value) end

--- Returns true for a flag, the string for a valued marker, nil when absent.
---@param id string
---@param name string
---@return true|string|nil
function muster.state.get_marker(id, name) end

--- Removes a marker (no-op when absent).
---@param id string
---@param name string
function muster.state.del_marker(id, name) end

-- hidden information ----------------------------------------------------------------------

--- Commits a value face down for a side at the current clock; returns "secret-<n>".
--- Structured values are yours to encode ("wheel_right+fire").
---@param side string
---@param label string public, 1-64 printable bytes
---@param value string at most 4096 bytes
---@return string id
function muster.state.add_secret(side, label, value) end

--- Returns the secret as viewer sees it; an error while it is another side's and unrevealed.
---@param id string
---@param viewer string a side
---@return muster.state.secret
function muster.state.get_secret(id, viewer) end

--- Every secret in creation order, as viewer sees it (hidden ones: hidden = true).
---@param viewer string
---@return muster.state.secret[]
function muster.state.get_secrets(viewer) end

--- Reveals a secret at the current clock (once).
---@param id string
function muster.state.set_revealed(id) end

--- The audit trail, one entry per secret in creation order.
---@return muster.state.audit_entry[]
function muster.state.get_audit() end

--- The turn and phase the sequencer last reported.
---@return muster.state.clock
function muster.state.get_clock() end

-- save / load -----------------------------------------------------------------------------

--- The state as JSON (schema "muster.state/1"), byte-identical for identical states. With a
--- viewer: that side's view, other sides' unrevealed secrets without value or commitment
--- (a view cannot be parsed back).
---@param viewer? string
---@return string
function muster.state.fmt(viewer) end

--- A hash of everything fmt() writes, as 16 lowercase hex digits (FNV-1a 64 over the state's
--- fields, taken without building the JSON: cheap enough after every phase). States that
--- fmt() to the same text have the same hash; any change to a saved field changes it. The
--- same on every machine. A string: a Lua number cannot hold 64 bits.
---@return string hash
function muster.state.get_hash() end

--- Replaces the whole state with a saved one; on any error nothing changes and the message
--- names the JSON path: "state: units[2].figures[0].wounds: integer expected, got \"two\"".
---@param json string
function muster.state.parse(json) end
