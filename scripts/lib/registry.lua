--- The registry of a ruleset's rule data: every modifier list and result table, declared once
--- with its page, each entry with its owner (the ruleset, or the variant name@version that
--- added, replaced or removed it) and the file:line of every change. Procedures hold the
--- handles `define_list` / `define_table` return; variants patch through a scoped handle
--- (`patcher`) that refuses a change to an entry another variant changed unless the manifest
--- declares the order (`after`) or the entry (`overrides`). Kernel-owned: no rules here.
local M = {}

local Registry = {}
Registry.__index = Registry
local List = {}
List.__index = List
local Table = {}
Table.__index = Table

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  return keys
end

--- The Levenshtein distance of two strings.
---@param a string
---@param b string
---@return integer
function M.distance(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end

--- The closest of `names` to `word` (edit distance at most a third of its length, at least
--- 2), for "did you mean" hints; nil when none is close or `word` is not a string.
---@param word any
---@param names string[]
---@return string|nil
function M.nearest(word, names)
  if type(word) ~= "string" then return nil end
  local best, best_d = nil, math.max(2, math.floor(#word / 3)) + 1
  for _, n in ipairs(names) do
    local d = M.distance(word, tostring(n))
    if d < best_d then best, best_d = tostring(n), d end
  end
  return best
end
local nearest = M.nearest

local function hint(word, names)
  local n = nearest(word, names)
  if n then return " (did you mean '" .. n .. "'?)" end
  local known = {}
  for i, x in ipairs(names) do known[i] = tostring(x) end
  return " (known: " .. table.concat(known, ", ") .. ")"
end

--- A new, empty registry for the ruleset `owner` ("fantasy_warriors@0.1.0"); `source` is the
--- name results print beside a page ("fantasy_warriors").
---@param spec {owner: string, source: string}
function M.new(spec)
  return setmetatable({ owner = spec.owner, source = spec.source, lists = {}, tables = {}, procedures = {},
                        areas = {}, samples = {}, modules = { spec.owner } }, Registry)
end

-- ---------------------------------------------------------------------------------------
-- Declaring (the ruleset's own files)
-- ---------------------------------------------------------------------------------------

-- A variant's entries carry no `source`: the registry writes the variant's name there.
local function check_entry(entry, where, level, from_variant)
  level = (level or 2) + 1
  if type(entry) ~= "table" then error(where .. ": a modifier entry is a table", level) end
  if type(entry.id) ~= "string" or not entry.id:match("^[%w_]+$") then
    error(where .. ": entry.id must be a name (letters, digits, _), got " .. show(entry.id), level)
  end
  if type(entry.value) ~= "number" and type(entry.value) ~= "function" then
    error(where .. ": entry '" .. entry.id .. "': value must be a number or a function", level)
  end
  if entry.when ~= nil and type(entry.when) ~= "function" then
    error(where .. ": entry '" .. entry.id .. "': when must be a function", level)
  end
  if type(entry.reason) ~= "string" then error(where .. ": entry '" .. entry.id .. "': reason must be a string", level) end
  if entry.page ~= nil and type(entry.page) ~= "number" and type(entry.page) ~= "string" then
    error(where .. ": entry '" .. entry.id .. "': page must be a number or a string", level)
  end
  local known = { id = true, value = true, when = true, reason = true, page = true, source = not from_variant }
  for k in pairs(entry) do
    if not known[k] then
      error(where .. ": entry '" .. entry.id .. "': unknown field '" .. tostring(k) .. "' (known: id, value, when, reason, page" ..
            (from_variant and "; the source is the variant's name" or ", source") .. ")", level)
    end
  end
end

local function copy_entry(entry)
  return { id = entry.id, value = entry.value, when = entry.when, reason = entry.reason, page = entry.page,
           source = entry.source }
end

local function where_of(level)
  local file, line = muster.script.get_where(level + 1)
  if not file then return "?" end
  return file .. ":" .. tostring(line)
end

-- After the ruleset has loaded (seal), only variants' patch functions change the registry: a
-- variant reaching a declaring function through rules.modules cannot pose as the ruleset.
local function unsealed(reg, what, level)
  if reg.sealed then
    error(what .. ": the ruleset's rule data is declared while it loads; a variant patches it through its rules handle", level + 1)
  end
end

--- Ends the ruleset's declarations (init.lua calls it last).
function Registry:seal()
  self.sealed = true
end

--- Declares a modifier list and returns its handle. `spec`: {page = 20, doc = "...",
--- context = {field = "type: what it is", ...}} (what a condition may read).
function Registry:define_list(name, entries, spec)
  spec = spec or {}
  unsealed(self, "define_list " .. tostring(name), 2)
  if self.lists[name] or self.tables[name] then error("define_list: '" .. name .. "' is declared twice", 2) end
  local list = setmetatable({ name = name, page = spec.page, doc = spec.doc, context = spec.context or {},
                              entries = {}, index = {}, removed = {}, registry = self }, List)
  local at = where_of(2)
  for _, e in ipairs(entries) do
    check_entry(e, "define_list " .. name)
    if list.index[e.id] then error("define_list " .. name .. ": duplicate id '" .. e.id .. "'", 2) end
    local c = copy_entry(e)
    c.source = c.source or self.source
    c.owner = self.owner
    c.history = { { op = "define", by = self.owner, at = at } }
    list.entries[#list.entries + 1] = c
    list.index[c.id] = c
  end
  self.lists[name] = list
  return list
end

--- Declares a result table (rows keyed by name) and returns its handle; `page` is where the
--- rows come from, `spec` {doc = "..."} is optional.
function Registry:define_table(name, rows, page, spec)
  spec = spec or {}
  unsealed(self, "define_table " .. tostring(name), 2)
  if self.lists[name] or self.tables[name] then error("define_table: '" .. name .. "' is declared twice", 2) end
  local t = setmetatable({ name = name, page = page, doc = spec.doc, rows = rows, sources = {}, removed = {},
                           registry = self }, Table)
  local at = where_of(2)
  for key in pairs(rows) do
    t.sources[key] = { source = self.source, page = page, owner = self.owner,
                       history = { { op = "define", by = self.owner, at = at } } }
  end
  self.tables[name] = t
  return t
end

local procedure_fields = { doc = true, fields = true, run = true, prepare = true, play = true, samples = true,
                          explain = true, odds = true }
local odds_kinds = { category = true, count = true }

local function check_procedure(name, p, where, level)
  level = level + 1
  if type(name) ~= "string" or not name:match("^[%a_][%w_]*$") then
    error(where .. ": a procedure's name is a name (letters, digits, _), got " .. show(name), level)
  end
  if type(p) ~= "table" then error(where .. " " .. name .. ": {doc, fields, run} expected", level) end
  for k in pairs(p) do
    if not procedure_fields[k] then
      error(where .. " " .. name .. ": unknown field '" .. tostring(k) .. "' (known: doc, fields, run, prepare, play, samples, explain, odds)", level)
    end
  end
  if type(p.doc) ~= "string" then error(where .. " " .. name .. ": doc must be a string", level) end
  if type(p.run) ~= "function" then error(where .. " " .. name .. ": run must be a function", level) end
  if (p.prepare ~= nil) ~= (p.play ~= nil) then
    error(where .. " " .. name .. ": prepare and play come together (or neither)", level)
  end
  if p.prepare ~= nil and (type(p.prepare) ~= "function" or type(p.play) ~= "function") then
    error(where .. " " .. name .. ": prepare and play must be functions", level)
  end
  if type(p.fields) ~= "table" then error(where .. " " .. name .. ": fields must be an array of input field names", level) end
  if p.samples ~= nil and type(p.samples) ~= "table" then
    error(where .. " " .. name .. ": samples must be an array of inputs", level)
  end
  if p.explain ~= nil then
    if type(p.explain) ~= "table" then error(where .. " " .. name .. ": explain must be an array of result fields", level) end
    for i, f in ipairs(p.explain) do
      if type(f) ~= "string" then error(where .. " " .. name .. ": explain[" .. i .. "] must be a string", level) end
    end
  end
  for i, f in ipairs(p.fields) do
    if type(f) ~= "string" then error(where .. " " .. name .. ": fields[" .. i .. "] must be a string", level) end
  end
  if p.odds ~= nil then
    local at = where .. " " .. name .. ": odds"
    if type(p.odds) ~= "table" or #p.odds == 0 then error(at .. " must be a non-empty array of {name, path, kind}", level) end
    for i, o in ipairs(p.odds) do
      if type(o) ~= "table" or type(o.name) ~= "string" or not o.name:match("^[%a_][%w_]*$")
         or type(o.path) ~= "string" or not odds_kinds[o.kind] then
        error(at .. "[" .. i .. "] must be {name = a name, path = \"a.b.c\", kind = \"category\"|\"count\"}", level)
      end
    end
  end
end

--- Declares procedure `name` {doc, fields, run(input) -> result}: what `resolve` runs.
function Registry:define_procedure(name, p)
  unsealed(self, "define_procedure " .. tostring(name), 2)
  check_procedure(name, p, "define_procedure", 2)
  if self.procedures[name] then error("procedure '" .. name .. "' defined twice", 2) end
  self.procedures[name] = { doc = p.doc, fields = p.fields, run = p.run, prepare = p.prepare, play = p.play, odds = p.odds,
                            owner = self.owner, source = self.source,
                            history = { { op = "define", by = self.owner, at = where_of(2) } } }
end

--- Names the ruleset's rule areas (module tables) a variant may read through rules.modules,
--- and the ruleset's options it may read through rules.ruleset_options.
function Registry:set_areas(areas, options)
  self.areas = areas
  self.options = options or {}
end

-- ---------------------------------------------------------------------------------------
-- Reading (procedures)
-- ---------------------------------------------------------------------------------------

--- "fantasy_warriors p.22": who granted an entry and where it is written.
function M.source_text(entry)
  if entry.page then return entry.source .. " p." .. entry.page end
  return entry.source
end

-- The value entry `e` of `list` gives in situation ctx, or nil when it does not apply (its
-- `when` is false, or its value nil or 0).
local function value_of(list, e, ctx)
  if e.when ~= nil and not e.when(ctx) then return nil end
  local v = e.value
  if type(v) == "function" then v = v(ctx) end
  if v == nil or v == 0 then return nil end
  if type(v) ~= "number" then
    error(string.format("%s.%s: value gives %s, not a number", list.name, e.id, type(v)), 0)
  end
  return v
end

--- Applies the list to a situation: the applied modifiers ({id, value, reason, source}) in
--- list order, and their total. A value function returning nil or 0 does not apply.
---@return table[] applied
---@return number total
function List:apply(ctx)
  local applied, total = {}, 0
  for _, e in ipairs(self.entries) do
    local v = value_of(self, e, ctx)
    if v then
      applied[#applied + 1] = { id = e.id, value = v, reason = e.reason, source = M.source_text(e) }
      total = total + v
    end
  end
  return applied, total
end

--- The total List:apply gives, and nothing else (an odds trial records no modifiers).
---@return number total
function List:total(ctx)
  local total = 0
  for _, e in ipairs(self.entries) do total = total + (value_of(self, e, ctx) or 0) end
  return total
end

--- The source text of one row: "fantasy_warriors p.20".
function Table:source(key)
  local s = self.sources[key]
  if not s then return self.registry.source end
  return M.source_text(s)
end

--- The ruleset's own page for one row, where a table's rows come from several pages.
function Table:set_page(key, page)
  unsealed(self.registry, "set_page " .. self.name, 2)
  local s = self.sources[key]
  if not s then error("set_page " .. self.name .. ": no row " .. show(key), 2) end
  s.page = page
end

-- ---------------------------------------------------------------------------------------
-- Patching (variants): every change names its owner and file:line.
-- ---------------------------------------------------------------------------------------

local function last_variant_change(history, ruleset_owner)
  for i = #history, 1, -1 do
    if history[i].by ~= ruleset_owner then return history[i] end
  end
  return nil
end

local past = { define = "defined", add = "added", replace = "replaced", patch = "patched", remove = "removed",
               set = "set" }
local present = { add = "adds", replace = "replaces", patch = "patches", remove = "removes", set = "sets" }

-- Raises the one-line conflict between an earlier variant change `prev` of `key` and `op` now,
-- located at the variant's call (`level` counts from the caller of conflict).
local function conflict(key, prev, me, op, at, level)
  local module = me.module
  local name = module:match("^([^@]+)")
  local other = prev.by:match("^([^@]+)")
  error(string.format(
    "variant conflict on %s: %s (%s) %s it and %s (%s) %s it; to build on %s, declare after = {\"%s\"} or overrides = {\"%s\"} in %s's manifest",
    key, prev.by, prev.at, past[prev.op], module, at, present[op], other, other, key, name), level + 1)
end

-- Checks that `me` may change `key` whose history is `history` (nil: no such entry yet).
-- `level`: how far up the variant's call is from may_change's caller.
local function may_change(reg, me, key, history, op, at, level)
  if not history then return end
  local prev = last_variant_change(history, reg.owner)
  if prev and prev.by ~= me.module and not me.after[prev.by:match("^([^@]+)")] and not me.overrides[key] then
    conflict(key, prev, me, op, at, (level or 1) + 2)
  end
end

-- A copy of v and of every table reached from it; a table reached twice (or from itself: a
-- list handle and its registry) is copied once.
local function deep_copy(v, seen)
  if type(v) ~= "table" then return v end
  seen = seen or {}
  if seen[v] then return seen[v] end
  local out = {}
  seen[v] = out
  for k, x in pairs(v) do out[k] = deep_copy(x, seen) end
  return out
end

-- The table behind each read-only view (weak: a view no one holds goes away).
local viewed = setmetatable({}, { __mode = "k" })

-- A read-only view of t and of every table reached from it (functions stay callable).
-- LuaJIT's ipairs and # do not see through it: a variant takes a plain copy (rules.copy).
local function read_only_deep(t, what, seen)
  if viewed[t] then return t end  -- already a view
  seen = seen or {}
  if seen[t] then return seen[t] end
  local proxy = setmetatable({}, {
    __index = function(_, k)
      local v = t[k]
      if type(v) == "table" then return read_only_deep(v, what, seen) end
      return v
    end,
    __newindex = function(_, k)
      error(what .. " is read-only (" .. tostring(k) .. "): a variant changes the rules through its patch functions", 2)
    end,
    __metatable = false,
  })
  seen[t] = proxy
  viewed[proxy] = t
  return proxy
end


--- The names of every list, or of every table, sorted.
function Registry:names(kind)
  return sorted_keys(kind == "list" and self.lists or self.tables)
end

function Registry:get_list(name, level)
  local l = self.lists[name]
  if not l then error("no modifier list " .. show(name) .. hint(name, self:names("list")), (level or 1) + 1) end
  return l
end

function Registry:get_table(name, level)
  local t = self.tables[name]
  if not t then error("no table " .. show(name) .. hint(name, self:names("table")), (level or 1) + 1) end
  return t
end

--- The patch functions one variant gets as `rules` in apply(rules, options, context).
--- `module` {name, version, after = {names}, overrides = {"list.id" | "table.key"}}.
function Registry:patcher(module)
  local reg = self
  local me = { module = module.name .. "@" .. module.version, source = module.name, after = {}, overrides = {} }
  for _, n in ipairs(module.after or {}) do me.after[n] = true end
  for _, k in ipairs(module.overrides or {}) do me.overrides[k] = true end
  local listed = false
  for _, m in ipairs(reg.modules) do listed = listed or m == me.module end
  if not listed then reg.modules[#reg.modules + 1] = me.module end
  local P = {}

  local function entry_of(name, id, verb)
    local list = reg:get_list(name, 3)
    local e = list.index[id]
    if not e then
      local key = name .. "." .. tostring(id)
      local gone = list.removed[id]
      if gone then
        error(string.format("variant conflict on %s: %s (%s) removed it and %s (%s) %s it", key, gone.by, gone.at,
                            me.module, where_of(3), present[verb:match("^(%a+)_")] or verb), 3)
      end
      local ids = {}
      for _, x in ipairs(list.entries) do ids[#ids + 1] = x.id end
      error(string.format("%s %s: no entry %s%s", verb, name, show(id), hint(id, ids)), 3)
    end
    return list, e
  end

  local function stamp(e, op, at)
    e.owner = me.module
    e.history[#e.history + 1] = { op = op, by = me.module, at = at }
  end

  --- Adds a modifier to list `name`, at the end or where = {before = id} | {after = id}.
  function P.add_modifier(name, entry, where)
    local at = where_of(2)
    local list = reg:get_list(name, 2)
    check_entry(entry, "add_modifier " .. name, 2, true)
    local key = name .. "." .. entry.id
    local have = list.index[entry.id]
    if have then
      if last_variant_change(have.history, reg.owner) then may_change(reg, me, key, have.history, "add", at) end
      error("add_modifier " .. name .. ": id '" .. entry.id .. "' exists (owner " .. have.owner ..
            "; use replace_modifier)", 2)
    end
    local pos = #list.entries + 1
    if where and (where.before or where.after) then
      local anchor = where.before or where.after
      local _, a = entry_of(name, anchor, "add_modifier")
      for i, x in ipairs(list.entries) do if x == a then pos = where.before and i or i + 1 end end
    end
    local c = copy_entry(entry)
    c.source = me.source
    c.owner = me.module
    c.history = { { op = "add", by = me.module, at = at } }
    local gone = list.removed[entry.id]
    if gone then may_change(reg, me, key, { gone }, "add", at) end
    list.removed[entry.id] = nil
    table.insert(list.entries, pos, c)
    list.index[c.id] = c
  end

  --- Replaces the modifier `id` of list `name` (keeping its place).
  function P.replace_modifier(name, id, entry)
    local at = where_of(2)
    local list, e = entry_of(name, id, "replace_modifier")
    check_entry(entry, "replace_modifier " .. name, 2, true)
    if entry.id ~= id then error("replace_modifier " .. name .. ": the new entry's id must be '" .. id .. "'", 2) end
    may_change(reg, me, name .. "." .. id, e.history, "replace", at)
    local c = copy_entry(entry)
    c.source = me.source
    c.history = e.history
    stamp(c, "replace", at)
    for i, x in ipairs(list.entries) do if x == e then list.entries[i] = c end end
    list.index[id] = c
  end

  --- Changes some fields of modifier `id` (value, when, reason, page); the rest stay.
  function P.patch_modifier(name, id, fields)
    local at = where_of(2)
    local _, e = entry_of(name, id, "patch_modifier")
    if type(fields) ~= "table" then error("patch_modifier " .. name .. ": fields must be a table", 2) end
    local c = copy_entry(e)
    for k, v in pairs(fields) do
      if k == "id" or k == "source" then error("patch_modifier " .. name .. ": cannot change '" .. k .. "'", 2) end
      c[k] = v
    end
    check_entry(c, "patch_modifier " .. name, 2)
    may_change(reg, me, name .. "." .. id, e.history, "patch", at)
    for k in pairs(fields) do e[k] = c[k] end
    e.source = me.source
    stamp(e, "patch", at)
  end

  --- Removes modifier `id` from list `name`.
  function P.remove_modifier(name, id)
    local at = where_of(2)
    local list, e = entry_of(name, id, "remove_modifier")
    may_change(reg, me, name .. "." .. id, e.history, "remove", at)
    for i, x in ipairs(list.entries) do if x == e then table.remove(list.entries, i) break end end
    list.index[id] = nil
    list.removed[id] = { op = "remove", by = me.module, at = at, entry = e }
  end

  local function row_change(name, key, op, at)
    local t = reg:get_table(name, 3)
    local s = t.sources[key]
    if s then may_change(reg, me, name .. "." .. tostring(key), s.history, op, at, 2)
    elseif t.removed[key] then may_change(reg, me, name .. "." .. tostring(key), { t.removed[key] }, op, at, 2) end
    return t, s
  end

  --- Replaces (or adds) row `key` of table `name`; `page` is where the variant's rule is.
  function P.set_row(name, key, row, page)
    local at = where_of(2)
    local t, s = row_change(name, key, "set", at)
    t.rows[key] = deep_copy(row)
    t.removed[key] = nil
    local history = s and s.history or {}
    history[#history + 1] = { op = "set", by = me.module, at = at }
    t.sources[key] = { source = me.source, page = page, owner = me.module, history = history }
  end

  --- Changes some fields of row `key` of table `name` (a table row); the rest stay.
  function P.patch_row(name, key, fields, page)
    local at = where_of(2)
    local t, s = row_change(name, key, "patch", at)
    if not s or type(t.rows[key]) ~= "table" then
      error("patch_row " .. name .. ": no table row " .. show(key) .. hint(key, sorted_keys(t.rows)), 2)
    end
    for k, v in pairs(fields) do t.rows[key][k] = deep_copy(v) end
    s.history[#s.history + 1] = { op = "patch", by = me.module, at = at }
    s.source, s.page, s.owner = me.source, page or s.page, me.module
  end

  --- Removes row `key` of table `name`.
  function P.remove_row(name, key)
    local at = where_of(2)
    local t, s = row_change(name, key, "remove", at)
    if not s then error("remove_row " .. name .. ": no row " .. show(key) .. hint(key, sorted_keys(t.rows)), 2) end
    t.rows[key] = nil
    t.sources[key] = nil
    t.removed[key] = { op = "remove", by = me.module, at = at }
  end

  --- A copy of table `name`'s rows (changing it changes nothing).
  function P.get_table(name)
    return deep_copy(reg:get_table(name, 2).rows)
  end

  --- The entries of list `name` in force, in order: {id, value, reason, page, owner} each.
  function P.get_list(name)
    local out = {}
    for _, e in ipairs(reg:get_list(name, 2).entries) do
      out[#out + 1] = { id = e.id, value = type(e.value) == "number" and e.value or "function", reason = e.reason,
                        page = e.page, owner = e.owner }
    end
    return out
  end

  --- Adds a procedure that `resolve` and the REPL run by name: {doc, fields, run(input)}.
  --- A variant adds procedures; it cannot replace the ruleset's or another variant's.
  function P.add_procedure(name, spec)
    local at = where_of(2)
    check_procedure(name, spec, "add_procedure", 2)
    local have = reg.procedures[name]
    if have then
      if have.owner == reg.owner then
        error("add_procedure: '" .. name .. "' is the ruleset's procedure; a variant changes it through its lists and tables", 2)
      end
      error(string.format("variant conflict on procedure %s: %s (%s) added it and %s (%s) adds it", name, have.owner,
                          have.history[1].at, me.module, at), 2)
    end
    reg.procedures[name] = { doc = spec.doc, fields = spec.fields, run = spec.run, prepare = spec.prepare, play = spec.play,
                             owner = me.module, source = me.source,
                             samples = spec.samples and deep_copy(spec.samples) or nil,
                             explain = spec.explain and deep_copy(spec.explain) or nil,
                             odds = spec.odds and deep_copy(spec.odds) or nil,
                             history = { { op = "add", by = me.module, at = at } } }
  end

  --- A situation `rules check` runs procedure `name` on, so it reaches the variant's rules
  --- (a sample never changes the rules in force).
  function P.add_sample(name, input)
    if not reg.procedures[name] then
      error("add_sample: no procedure " .. show(name) .. hint(name, sorted_keys(reg.procedures)), 2)
    end
    if type(input) ~= "table" then error("add_sample " .. name .. ": the input is a table", 2) end
    reg.samples[#reg.samples + 1] = { procedure = name, input = deep_copy(input), added = me.module }
  end

  --- A plain copy of a table seen through rules.modules or rules.ruleset_options (one a
  --- variant may walk with ipairs and # and change; the rules stay as they are).
  function P.copy(view)
    local t = viewed[view]
    if t == nil then error("rules.copy: a table from rules.modules or rules.ruleset_options expected", 2) end
    return deep_copy(t)
  end

  --- The ruleset's rule areas, read-only (rules.modules.units.check_unit, ...).
  P.modules = read_only_deep(reg.areas, "rules.modules")
  --- The ruleset's options as loaded, read-only (rules.ruleset_options.handgun_range).
  P.ruleset_options = read_only_deep(reg.options or {}, "rules.ruleset_options")
  P.module = me.module
  return read_only_deep(P, "the variant's rules handle")
end

-- ---------------------------------------------------------------------------------------
-- Checking a variant before a game (`muster rules check`)
-- ---------------------------------------------------------------------------------------

--- Runs every rule the variants added or changed on sample inputs, each with `seeds` seeds:
--- the functions of their modifier entries (value, when) and table rows are counted and
--- their first error kept; procedures the variants added run on their own samples.
--- `samples`: {{procedure, input}}; `resolve(name, input)` runs one. Returns {loaded = true,
--- errors, warnings, findings = {{level, what, message}}}. The rules are as before after.
function Registry:check(samples, resolve, seeds)
  seeds = seeds or 20
  local watched, restore = {}, {}
  -- A list's context as its rules see it during the check: reading a field the list does not
  -- declare is an error naming the list's fields (what a condition may read).
  local function declared_view(list, ctx)
    local names = sorted_keys(list.context)
    if #names == 0 or type(ctx) ~= "table" then return ctx end
    return setmetatable({}, { __index = function(_, k)
      if list.context[k] == nil then
        error(string.format("reads ctx.%s, which %s does not give (it gives: %s)", tostring(k), list.name,
                            table.concat(names, ", ")), 2)
      end
      return ctx[k]
    end })
  end
  local function watch(key, holder, field, list)
    local f = holder[field]
    if type(f) ~= "function" then return end
    local w = { key = key .. " " .. field, calls = 0 }
    watched[#watched + 1] = w
    holder[field] = function(ctx, ...)
      w.calls = w.calls + 1
      if list then ctx = declared_view(list, ctx) end
      local ok, r = pcall(f, ctx, ...)
      if not ok then
        w.error = w.error or tostring(r)
        error(r, 0)
      end
      return r
    end
    restore[#restore + 1] = function() holder[field] = f end
  end
  for _, name in ipairs(self:names("list")) do
    for _, e in ipairs(self.lists[name].entries) do
      if e.owner ~= self.owner then
        watch(name .. "." .. e.id, e, "value", self.lists[name])
        watch(name .. "." .. e.id, e, "when", self.lists[name])
      end
    end
  end
  for _, name in ipairs(self:names("table")) do
    local t = self.tables[name]
    for _, key in ipairs(sorted_keys(t.rows)) do
      local s = t.sources[key]
      if s and s.owner ~= self.owner then
        if type(t.rows[key]) == "function" then watch(name .. "." .. tostring(key), t.rows, key)
        elseif type(t.rows[key]) == "table" then
          for _, field in ipairs(sorted_keys(t.rows[key])) do watch(name .. "." .. tostring(key), t.rows[key], field) end
        end
      end
    end
  end
  local runs = {}
  for _, s in ipairs(samples) do runs[#runs + 1] = s end
  for _, s in ipairs(self.samples) do runs[#runs + 1] = s end
  for _, name in ipairs(sorted_keys(self.procedures)) do
    local p = self.procedures[name]
    if p.owner ~= self.owner then
      for _, input in ipairs(p.samples or {}) do runs[#runs + 1] = { procedure = name, input = input, added = p.owner } end
    end
  end
  local findings, errors, warnings = {}, 0, 0
  local function finding(level, what, message)
    findings[#findings + 1] = { level = level, what = what, message = message }
    if level == "error" then errors = errors + 1 else warnings = warnings + 1 end
  end
  for i, s in ipairs(runs) do
    local failure
    for seed = 1, seeds do
      muster.dice.set_seed(seed)
      local ok, err = pcall(resolve, s.procedure, deep_copy(s.input))
      if not ok and not failure then failure = { message = tostring(err), seed = seed } end
    end
    if failure then
      -- A failure inside a watched rule is reported once, under the rule's name.
      local inside = false
      for _, w in ipairs(watched) do inside = inside or w.error == failure.message end
      if not inside then
        -- A sample the variant's rules refuse as input (out of sight, out of range...) is a
        -- change in play worth a look, not a bug; any other failure is an error.
        local refused = failure.message:match("^input: ") ~= nil
        finding(refused and "warning" or "error", "sample " .. i .. " " .. s.procedure,
                string.format("%s%s (seed %d)", refused and "refused under these rules: " or "", failure.message, failure.seed))
      end
    end
  end
  for _, r in ipairs(restore) do r() end
  for _, name in ipairs(sorted_keys(self.procedures)) do
    local p = self.procedures[name]
    if p.owner ~= self.owner and not p.samples then
      finding("warning", "procedure " .. name, "added by " .. p.owner .. " without samples: nothing ran it")
    end
  end
  for _, w in ipairs(watched) do
    if w.error then finding("error", w.key, w.error)
    elseif w.calls == 0 then finding("warning", w.key, "never reached by the samples: nothing vouches for it")
    else findings[#findings + 1] = { level = "ok", what = w.key, message = w.calls .. " calls" } end
  end
  return { loaded = true, errors = errors, warnings = warnings, findings = findings }
end

-- ---------------------------------------------------------------------------------------
-- Reporting: the rules in force, for `muster rules show` and the REPL's :rules.
-- ---------------------------------------------------------------------------------------

local function value_text(v)
  if type(v) == "function" then return "function" end
  if type(v) == "table" then
    local parts = {}
    local keys = sorted_keys(v)
    local is_array = #v > 0 and #keys == #v
    for _, k in ipairs(keys) do
      parts[#parts + 1] = is_array and value_text(v[k]) or (tostring(k) .. "=" .. value_text(v[k]))
    end
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

-- A value as JSON can hold it: functions as "function"; a table that is not an array
-- without holes keeps its keys as strings.
local function plain(v)
  if type(v) == "function" then return "function" end
  if type(v) ~= "table" then return v end
  local n, count = #v, 0
  for _ in pairs(v) do count = count + 1 end
  local out = {}
  for k, x in pairs(v) do
    if count == n then out[k] = plain(x) else out[tostring(k)] = plain(x) end
  end
  return out
end

--- The rules in force as a plain table: {modules, lists = [{name, page, doc, entries =
--- [{id, value, when, reason, page, owner, changed, history}], removed = [...]}], tables =
--- [{name, page, rows = [{key, value, page, owner, changed, history}], removed}]}.
--- `only_changed` keeps what the variants changed.
function Registry:report(only_changed)
  local out = { modules = deep_copy(self.modules), lists = {}, tables = {}, procedures = {} }
  local function changed(history)
    return last_variant_change(history, self.owner) ~= nil
  end
  for _, name in ipairs(self:names("list")) do
    local l = self.lists[name]
    local r = { name = name, page = l.page, doc = l.doc, entries = {}, removed = {} }
    for _, e in ipairs(l.entries) do
      local c = changed(e.history)
      if c or not only_changed then
        r.entries[#r.entries + 1] = { id = e.id, value = plain(e.value), when = e.when and "function" or nil,
                                      reason = e.reason, page = e.page, owner = e.owner, changed = c,
                                      history = deep_copy(e.history) }
      end
    end
    for _, id in ipairs(sorted_keys(l.removed)) do
      local g = l.removed[id]
      r.removed[#r.removed + 1] = { id = id, by = g.by, at = g.at }
    end
    if not only_changed or #r.entries > 0 or #r.removed > 0 then out.lists[#out.lists + 1] = r end
  end
  for _, name in ipairs(self:names("table")) do
    local t = self.tables[name]
    local r = { name = name, page = t.page, doc = t.doc, rows = {}, removed = {} }
    for _, key in ipairs(sorted_keys(t.rows)) do
      local s = t.sources[key] or { owner = self.owner, history = {} }
      local c = changed(s.history)
      if c or not only_changed then
        r.rows[#r.rows + 1] = { key = tostring(key), value = plain(t.rows[key]), page = s.page, owner = s.owner,
                                changed = c, history = deep_copy(s.history) }
      end
    end
    for _, key in ipairs(sorted_keys(t.removed)) do
      local g = t.removed[key]
      r.removed[#r.removed + 1] = { key = tostring(key), by = g.by, at = g.at }
    end
    if not only_changed or #r.rows > 0 or #r.removed > 0 then out.tables[#out.tables + 1] = r end
  end
  for _, name in ipairs(sorted_keys(self.procedures)) do
    local p = self.procedures[name]
    local c = p.owner ~= self.owner
    if c or not only_changed then
      out.procedures[#out.procedures + 1] = { name = name, doc = p.doc, owner = p.owner, changed = c,
                                              history = deep_copy(p.history) }
    end
  end
  return out
end

--- The report as text, one line per entry: "  long_range  -1  the target is at long range
--- (p.22) [fantasy_warriors@0.1.0]".
function M.format(report)
  local lines = { "modules: " .. table.concat(report.modules, ", ") }
  local function page(p) return p and (" (p." .. p .. ")") or "" end
  for _, l in ipairs(report.lists) do
    lines[#lines + 1] = ""
    lines[#lines + 1] = "list " .. l.name .. page(l.page) .. (l.doc and (": " .. l.doc) or "")
    for _, e in ipairs(l.entries) do
      local v = type(e.value) == "number" and string.format("%+d", e.value) or "f(ctx)"
      if type(e.value) == "number" and e.value ~= math.floor(e.value) then v = string.format("%+g", e.value) end
      lines[#lines + 1] = string.format("  %s %-22s %-6s %s%s [%s]", e.changed and "*" or " ", e.id, v, e.reason,
                                        page(e.page), e.owner)
    end
    for _, g in ipairs(l.removed) do
      lines[#lines + 1] = string.format("  - %-22s removed [%s, %s]", g.id, g.by, g.at)
    end
  end
  if report.procedures and #report.procedures > 0 then
    lines[#lines + 1] = ""
    lines[#lines + 1] = "procedures"
    for _, p in ipairs(report.procedures) do
      lines[#lines + 1] = string.format("  %s %-22s [%s]", p.changed and "*" or " ", p.name, p.owner)
    end
  end
  for _, t in ipairs(report.tables) do
    lines[#lines + 1] = ""
    lines[#lines + 1] = "table " .. t.name .. page(t.page) .. (t.doc and (": " .. t.doc) or "")
    for _, r in ipairs(t.rows) do
      lines[#lines + 1] = string.format("  %s %-22s %s%s [%s]", r.changed and "*" or " ", r.key, value_text(r.value),
                                        page(r.page), r.owner)
    end
    for _, g in ipairs(t.removed) do
      lines[#lines + 1] = string.format("  - %-22s removed [%s, %s]", g.key, g.by, g.at)
    end
  end
  return table.concat(lines, "\n")
end

--- The author's reference: every list with the fields a condition may read (with types),
--- every table with its row keys, as a plain table.
function Registry:schema()
  local out = { lists = {}, tables = {} }
  for _, name in ipairs(self:names("list")) do
    local l = self.lists[name]
    local ids, fields = {}, {}
    for _, e in ipairs(l.entries) do ids[#ids + 1] = e.id end
    for _, f in ipairs(sorted_keys(l.context)) do fields[#fields + 1] = { name = f, doc = l.context[f] } end
    out.lists[#out.lists + 1] = { name = name, page = l.page, doc = l.doc, ids = ids, context = fields }
  end
  for _, name in ipairs(self:names("table")) do
    local t = self.tables[name]
    local keys = {}
    for _, k in ipairs(sorted_keys(t.rows)) do keys[#keys + 1] = tostring(k) end
    out.tables[#out.tables + 1] = { name = name, page = t.page, doc = t.doc, keys = keys }
  end
  return out
end

--- The schema as text.
function M.format_schema(schema)
  local lines = {}
  for _, l in ipairs(schema.lists) do
    lines[#lines + 1] = "list " .. l.name .. (l.page and (" (p." .. l.page .. ")") or "") .. (l.doc and (": " .. l.doc) or "")
    lines[#lines + 1] = "  ids: " .. table.concat(l.ids, ", ")
    for _, f in ipairs(l.context) do lines[#lines + 1] = "  ctx." .. f.name .. ": " .. f.doc end
    lines[#lines + 1] = ""
  end
  for _, t in ipairs(schema.tables) do
    lines[#lines + 1] = "table " .. t.name .. (t.page and (" (p." .. t.page .. ")") or "") .. (t.doc and (": " .. t.doc) or "")
    lines[#lines + 1] = "  rows: " .. table.concat(t.keys, ", ")
    lines[#lines + 1] = ""
  end
  return table.concat(lines, "\n")
end

-- Read-only: every file that requires the registry shares this module, so none may change
-- what it gives the others (a variant patching registry functions would reach every rule).
return setmetatable({}, {
  __index = M,
  __newindex = function(_, k) error("the registry module is read-only (" .. tostring(k) .. ")", 2) end,
  __metatable = false,
})
