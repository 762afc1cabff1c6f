---@meta
--- muster.choice: player choices. Rules never decide for a player: they ask the side's
--- controller (a person at the table, a named policy, or a script of answers), which
--- answers; the kernel validates the answer, logs it as a "choice" event with who chose,
--- and returns it. Sides with no controller use the policy "first". See docs/turn.md.

---@class muster.choice
muster.choice = {}

---@class muster.choice.request
---@field side string the side whose controller answers
---@field question string a stable identifier, e.g. "which_special_dies", "volleys"
---@field prompt? string for people
---@field options? string[] the answers allowed (unique); or give range
---@field range? integer[] {min, max}: any integer in min..max
---@field context? table<string, boolean|number|string|integer[]> facts for controllers
---@field secret? boolean a hidden answer (a face-down order): the log says the side chose, not what
---@field other? boolean the options only suggest: any one-line text (1..200 bytes) answers too, and the asker checks it

--- Asks the side's controller. Errors (nothing logged) on a malformed request, an answer
--- outside the options, an exhausted script or an interactive side with no one asking.
---@param request muster.choice.request
---@return string|integer answer an option, or an integer of the range
---@return string by "player", "policy:<name>" or "script"
function muster.choice.get(request) end

--- Sets who answers for a side: "interactive" (the person at the REPL; no arg), "policy"
--- (arg: a policy's name, see get_policies) or "script" (arg: the answers, used in order).
---@param side string
---@param kind "interactive"|"policy"|"script"
---@param arg? string|(string|integer)[]
function muster.choice.set_controller(side, kind, arg) end

--- Describes a side's controller: "interactive", "policy:first", "script (2 left)".
---@param side string
---@return string
function muster.choice.get_controller(side) end

--- Registers a named policy. It receives the request (options or range, context) and
--- returns an answer, which is validated like any other. Built-ins: "first", "last",
--- "random" (drawn from the kernel dice, so seeded and logged); names are unique.
---@param name string an identifier
---@param fn fun(request: muster.choice.request): string|integer
---@param doc string what it chooses, for people listing policies
function muster.choice.add_policy(name, fn, doc) end

---@class muster.choice.policy
---@field name string
---@field doc string
---@field builtin boolean

--- Lists every policy, sorted by name.
---@return muster.choice.policy[]
function muster.choice.get_policies() end
