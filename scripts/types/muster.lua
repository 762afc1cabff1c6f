---@meta
--- The `muster` table and the sandbox globals that differ from standard Lua 5.1 (LuaJIT).
--- Describes only what the sandbox really has (kernel/src/lua/runtime_impl.hpp build_sandbox,
--- kernel/src/lua/sandbox.cpp). Not in the sandbox at all, so not described here: io, os,
--- debug, ffi, jit, package, module, dofile, loadfile, setfenv, getfenv, collectgarbage,
--- gcinfo, newproxy, string.dump, math.random, math.randomseed (roll muster.dice instead).
--- See docs/lua-api.md, section 1.

---@class muster
---@field api_version string the kernel API version, "1.0.0"; manifests require it (kernel = "^1.0")
---@field dice muster.dice
---@field measure muster.measure
---@field geometry muster.geometry
---@field state muster.state
---@field log muster.log
---@field turn muster.turn
---@field choice muster.choice
---@field script muster.script
---@field data muster.data
muster = {}

--- The loaded ruleset's module table (what its init.lua returned). Set in the session and in
--- every file loaded after the ruleset (variants, modules required later); nil in the
--- ruleset's own files while it loads.
---@type table|nil
ruleset = nil

--- Walks the keys of t in one fixed order, the same in every process: numbers ascending,
--- then strings in byte order, then false, true. A key of another type (table, function,
--- coroutine) is an error ("pairs: a key of type 'table' has no reproducible order; ...").
--- The walk is raw and works on a snapshot of the keys: keys removed meanwhile are skipped,
--- keys added are not visited.
---@generic K, V
---@param t table<K, V>
---@return fun(t: table<K, V>, k?: K): K, V iterator
---@return table<K, V> t
---@return nil
function pairs(t) end

--- Returns the key after k (the first key when k is nil) in the order pairs uses, and its
--- value; nil after the last. Sorts the keys on every call (O(n log n)): walk with pairs.
--- An unknown k raises "invalid key to 'next'".
---@generic K, V
---@param t table<K, V>
---@param k? K
---@return K|nil key
---@return V value
function next(t, k) end

--- Converts a value to text: __tostring when the value has one (it must return a string);
--- nil, booleans, numbers and strings as in Lua; tables, functions and coroutines as their
--- type name ("table", "function", "thread"), never an address.
---@param v any
---@return string
function tostring(v) end

--- Converts each argument with tostring (never an address), joins them with tabs and hands
--- the line to the host (standard output for the `muster` command).
---@param ... any
function print(...) end

--- Compiles source text. Only text: a function argument is an error, and so is a mode other
--- than "t" ("load: mode 'b' refused: bytecode is not allowed"); bytecode is refused. A
--- syntax error returns nil and the message. The chunk runs in env when given, else in the
--- environment of the caller. Code made at run time is never JIT-compiled.
---@param text string
---@param chunkname? string default "=(load)"
---@param mode? "t"
---@param env? table
---@return function|nil chunk
---@return string|nil message
function load(text, chunkname, mode, env) end

--- The same function as load.
---@param text string
---@param chunkname? string
---@param mode? "t"
---@param env? table
---@return function|nil chunk
---@return string|nil message
function loadstring(text, chunkname, mode, env) end

--- Loads a module: name is letters, digits, '_' and '.', dots being folders. Looks in the
--- calling file's own folder (<name>.lua, then <name>/init.lua), then in scripts/lib; code
--- the host runs directly (a script, the REPL) finds scripts/lib only. The module runs once,
--- in an environment of its own, receiving its name as `...`; its result (true when it
--- returns nothing) is cached and shared. Errors: "require: no module 'x'",
--- "require: bad module name '../x' (letters, digits, '_' and '.')".
---@param name string
---@return any
function require(name) end

--- Calls f in protected mode, as in Lua, except that an instruction or memory budget error
--- is raised again: a script cannot catch it.
---@param f function
---@param ... any
---@return boolean ok
---@return any ...
function pcall(f, ...) end

--- As xpcall, passing the arguments after the handler to f (Lua 5.2 style); a budget error
--- is raised again, as with pcall.
---@param f function
---@param handler function
---@param ... any
---@return boolean ok
---@return any ...
function xpcall(f, handler, ...) end

--- As coroutine.resume, except that a budget error inside the coroutine is raised again.
---@param co thread
---@param ... any
---@return boolean ok
---@return any ...
function coroutine.resume(co, ...) end

--- As string.format, except that table, function and coroutine arguments are converted with
--- the sandbox's tostring first, so "%s" never prints an address. Method calls on strings
--- (("%s"):format(t)) reach the host's own string library and do not get this conversion:
--- call string.format when an argument may be a table or a function.
---@param fmt string
---@param ... any
---@return string
function string.format(fmt, ...) end
