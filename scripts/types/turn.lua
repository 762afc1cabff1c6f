---@meta
--- muster.turn: the turn sequencer. A ruleset declares its pre-battle steps, phases, sides,
--- time dial and interrupt windows as one table; the host runs turns (REPL, simulations, or
--- a driver script through run_pre_battle and run, never a step), the kernel keeps the turn
--- number and time and logs every transition. Variants add, replace or remove hooks and
--- steps by id. See docs/turn.md and docs/lua-api.md.

---@class muster.turn
muster.turn = {}

---@class muster.turn.context
---@field turn integer 0 in pre-battle
---@field phase? string the phase id; nil in pre-battle and outside phases
---@field side? string the side acting; nil when the sides act simultaneously
---@field at string the step or phase id ("turn", "pre_battle" for those hooks)

---@class muster.turn.step
---@field id string unique across the structure (phases and steps share one namespace)
---@field fn? fun(ctx: muster.turn.context) nil until set_step fills it
---@field source? string "ruleset" (default) or a variant's name

---@class muster.turn.phase
---@field id string an identifier, not "turn" or "pre_battle"
---@field name? string for people, e.g. "Phase Two: Shooting"
---@field per_side? "simultaneous"|"each" default "simultaneous"; "each": once per side
---@field order? fun(ctx: muster.turn.context): string[] sides' order for this phase
---@field steps? (string|muster.turn.step)[]

---@class muster.turn.turn
---@field mode? "phases_then_sides"|"sides_then_phases" default "phases_then_sides"
---@field order? fun(ctx: muster.turn.context): string[] sides' order: per turn (sides_then_phases), default for per-side phases
---@field phases muster.turn.phase[]

---@class muster.turn.time
---@field steps string[] the dial, cyclic: {"day 1", ..., "night 6"}
---@field start? integer 1-based, default 1

---@class muster.turn.structure
---@field sides string[] the fixed order
---@field pre_battle? (string|muster.turn.step)[]
---@field turn muster.turn.turn
---@field time? muster.turn.time
---@field windows? string[] interrupt windows check_window accepts
---@field max_window_depth? integer 1..64, default 8

--- Declares the sequence of play; resets the turn to 0 and the time to its start. Unknown
--- keys are errors. Existing hooks and handlers must still find their points.
---@param t muster.turn.structure
function muster.turn.set_structure(t) end

--- Replaces a step's function (a variant's version of it).
---@param id string
---@param fn fun(ctx: muster.turn.context)
---@param source? string default "ruleset"
function muster.turn.set_step(id, fn, source) end

---@class muster.turn.step_opts
---@field before? string put the step before this step of the same list
---@field after? string or after it; neither: last
---@field source? string default "ruleset"

--- Adds a step to a phase (or "pre_battle"). Not while a turn runs.
---@param phase string a phase id or "pre_battle"
---@param id string
---@param fn fun(ctx: muster.turn.context)
---@param opts? muster.turn.step_opts
function muster.turn.add_step(phase, id, fn, opts) end

--- Removes a step and the hooks attached to it. Not while a turn runs.
---@param id string
function muster.turn.del_step(id) end

---@class muster.turn.hook_opts
---@field id? string default "<source>.<when>.<at>" (+ "#2"... when taken)
---@field source? string default "ruleset"
---@field priority? integer lower runs first, default 0; ties in registration order

--- Adds a hook before or after a phase, a step, "turn" (the whole turn, before the time
--- advances) or "pre_battle".
---@param when "before"|"after"
---@param at string
---@param fn fun(ctx: muster.turn.context)
---@param opts? muster.turn.hook_opts
---@return string id
function muster.turn.add_hook(when, at, fn, opts) end

--- Replaces a hook's function, keeping its place in the order.
---@param id string
---@param fn fun(ctx: muster.turn.context)
---@param source? string default "ruleset"
function muster.turn.set_hook(id, fn, source) end

--- Removes a hook.
---@param id string
function muster.turn.del_hook(id) end

---@class muster.turn.hook_info
---@field id string
---@field when "before"|"after"
---@field at string
---@field source string
---@field priority integer

--- Lists the hooks at a point in the order they run (before hooks first).
---@param at string
---@return muster.turn.hook_info[]
function muster.turn.get_hooks(at) end

---@class muster.turn.window
---@field window string the window's name
---@field side? string the side that may respond; nil: any side
---@field depth integer 1 for a window checked by a step, 2 inside a handler...
---@field turn integer
---@field phase? string
---@field payload table<string, boolean|number|string|integer[]> shared by the handlers; edit it (or replace it) to answer

--- Adds a handler to a declared interrupt window ("dispel", "charge_reaction").
---@param window string
---@param fn fun(w: muster.turn.window)
---@param opts? muster.turn.hook_opts id defaults to "<source>.<window>"
---@return string id
function muster.turn.add_window_handler(window, fn, opts) end

--- Replaces a window handler's function, keeping its place.
---@param id string
---@param fn fun(w: muster.turn.window)
---@param source? string default "ruleset"
function muster.turn.set_window_handler(id, fn, source) end

--- Removes a window handler.
---@param id string
function muster.turn.del_window_handler(id) end

--- Checks an interrupt window: every handler of it runs in order, told which side may
--- respond; handlers may check windows in turn, up to max_window_depth. Returns the
--- payload as the handlers left it.
---@param window string
---@param side? string nil: any side
---@param payload? table<string, boolean|number|string|integer[]>
---@return table<string, boolean|number|string|integer[]> payload
function muster.turn.check_window(window, side, payload) end

--- Returns the turn (0 before the first), and the phase and side running now (nil outside).
---@return integer turn
---@return string|nil phase
---@return string|nil side
function muster.turn.get_turn() end

--- Returns the time dial's position (1-based) and name; nil, nil without a dial.
---@return integer|nil index
---@return string|nil name
function muster.turn.get_time() end

--- Moves the time dial (a pre-battle step establishing the time).
---@param index integer 1-based
function muster.turn.set_time(index) end

--- Runs the declared pre-battle steps once (before turn 1). Refused without a structure,
--- while a turn runs, when it has already run, once the battle has started or is over.
function muster.turn.run_pre_battle() end

--- Runs up to `turns` battle turns (default 1); stops early once the battle is over (0 when
--- it already is). Refused while a turn runs (a step cannot start another turn). A failing
--- step, hook or handler aborts its turn (turn, time, over flag and deferred queues are
--- restored) and its error reaches the caller: "step 'volleys' (turn 1, shooting): ...".
---@param turns? integer 1..100000
---@return integer played
function muster.turn.run(turns) end

--- Runs the next phase only (one side's run of a phase played per side), beginning a turn
--- first when none is under way and ending it after its last phase: phase after phase logs
--- what run() logs. Returns false once the battle is over. A failure puts the sequencer back
--- as it was before this phase. run() in the middle of a turn plays the rest of it.
---@return boolean going_on
function muster.turn.run_phase() end

--- The id of the phase run_phase() plays next (nil when the battle is over or there is no
--- structure), and whether a turn is under way.
---@return string|nil phase
---@return boolean in_turn
function muster.turn.get_next_phase() end

--- Ends the battle: the running step finishes, nothing after it runs, the time does not
--- advance, and the host's run stops. The first reason given is kept.
---@param reason string
function muster.turn.set_over(reason) end

--- Returns whether the battle is over, and why.
---@return boolean over
---@return string|nil reason
function muster.turn.get_over() end

--- Queues an item for the next turn (a compulsory move carried from the last phase to the
--- first). Logged as a "deferred" event; the field name "item" is reserved.
---@param kind string an identifier, e.g. "rout"
---@param fields? table<string, boolean|number|string|integer[]>
function muster.turn.add_deferred(kind, fields) end

---@class muster.turn.deferred
---@field kind string
---@field fields table<string, boolean|number|string|integer[]>

--- Returns the items queued during the previous turn, for this one, in order. Empty
--- between turns (they are dropped when the turn ends).
---@return muster.turn.deferred[]
function muster.turn.get_deferred() end
