---@meta
--- muster.script: what a script may learn about script files without the `debug` library or
--- the file system: where a running function is (file and line), and the text of a Lua data
--- file under the Muster root, read by the kernel as require reads modules. Data files use
--- them to record where each entry was written (scripts/armies/, docs/armies.md).

---@class muster.script
muster.script = {}

--- Returns the file and line a running Lua function is at. Level 1 (the default) is the
--- function that calls get_where, 2 its caller, and so on, as error() counts levels. The file
--- is the chunk name without its '@' or '=' ("scripts/armies/fantasy_warriors/orcs.lua").
--- Returns nil, nil past the top of the stack or at a C function (pcall, for example).
--- A tail call replaces the caller's frame: call it as a statement
--- (`local file, line = muster.script.get_where(2)`), not as `return muster.script.get_where(2)`.
--- Errors: "bad argument #1 (level 1..1000 expected, got 0)".
---@param level? integer 1..1000, default 1
---@return string|nil file
---@return integer|nil line
function muster.script.get_where(level) end

--- Returns the text of a Lua file under the Muster root (the folder that holds scripts/,
--- runtime_options::root). `path` is relative to the root, '/'-separated, of parts made of
--- letters, digits, '_', '-' and '.', and ends in ".lua". Compile it with
--- `load(text, "@" .. path, "t", env)` so that errors and get_where name the file.
--- Errors: "bad argument #1 (bad path '../x.lua' (want a relative path to a .lua file under
--- the Muster root, ...))", "no file 'examples/x.lua'", "'x.lua' leads outside the Muster
--- root" (a symbolic link), "'x.lua' is too large (N bytes, at most 1048576)".
---@param path string e.g. "scripts/armies/fantasy_warriors/orcs.lua"
---@return string text
function muster.script.get_file(path) end
