---@meta
--- muster.data: work on plain data done in one kernel call, where Lua would walk each table
--- with the sandbox's sorted pairs. Neither can be seen to walk in any order.

---@class muster.data
muster.data = {}

--- A deep copy: tables copied all the way down (keys as they are, metatables left behind),
--- anything else returned as it is. Charged to the budgets like the walk it replaces.
--- Errors: "bad argument #1 (value expected)", "muster.data.copy: tables nested deeper than
--- 100 (a table that holds itself?)".
---@generic T
---@param value T
---@return T
function muster.data.copy(value) end

--- The first key of `t`, in the order pairs walks (numbers, strings, false, true), that
--- `known` does not map to a true value; nil when there is none. For checking a table's
--- fields against the ones a procedure knows.
--- Errors: a key with no reproducible order, as pairs raises it.
---@param t table
---@param known table<any, boolean>
---@return any|nil key
function muster.data.unknown_key(t, known) end
