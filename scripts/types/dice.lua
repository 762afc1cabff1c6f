---@meta
--- muster.dice: the kernel's dice (seeded, scripted or typed in by a player). Every roll
--- goes through these functions, so one resolution runs in three modes: sample (roll),
--- explain (roll and record every die) and enumerate (exact odds, inside roll_exact).
--- Expressions: "NdX", "NdX+M", "NdX-M", "dX" (case-insensitive, no spaces), with
--- 0 <= N <= 1000, 2 <= X <= 1000, |M| <= 1000000. See docs/dice.md.

---@class muster.dice
muster.dice = {}

--- Rolls an expression. In enumerate mode the faces are one sorted multiset, highest first
--- (the order of dice is not an outcome), so doubles and trebles can be read from them.
---@param expr string e.g. "2D6", "d100", "3D6-1"
---@param label? string names the roll in explanations and errors (default: expr)
---@return integer total faces plus modifier
---@return integer[] faces one per die, 1-based
function muster.dice.roll(expr, label) end

--- Rolls an expression and returns faces plus modifier. In enumerate mode it branches over
--- the distinct totals only (cheaper than roll).
---@param expr string
---@param label? string default: expr
---@return integer
function muster.dice.roll_sum(expr, label) end

--- A saving throw: rolls `expr` (as roll_sum, the same dice) and tests total > threshold.
--- Enumerate mode branches only on the test and gives no total.
---@param expr string
---@param threshold integer
---@param label? string
---@return boolean passed
---@return integer|nil total
function muster.dice.roll_above(expr, threshold, label) end

--- `times` saving throws at once: how many totals of `expr` beat `threshold`. The same dice
--- as `times` calls of roll_above (each recorded as a sum); enumerate mode branches once,
--- over the number passed.
---@param times integer 0..1000
---@param expr string
---@param threshold integer
---@param label? string default: expr
---@return integer passed
function muster.dice.count_above(times, expr, threshold, label) end

--- The successes of a pool, as roll_count counts them, without building tables: `n` dice of
--- `sides` (default 6), a success when face + modifier >= target; with `naturals` the max
--- face always succeeds and a 1 always fails. The same dice and records as roll_count;
--- enumerate mode branches on the successes alone (n + 1 outcomes).
---@param n integer 0..1000
---@param target integer
---@param modifier? integer default 0
---@param naturals? boolean default false
---@param label? string default "tally"
---@param sides? integer default 6
---@return integer successes
function muster.dice.tally(n, target, modifier, naturals, label, sides) end

--- How many dice operations the kernel has made so far (every mode): two readings tell
--- whether some work threw dice.
---@return integer
function muster.dice.operations() end

--- A merge point (docs/dice.md): the rest of the run depends only on `key` and the dice to
--- come; exact odds explore what follows each key once. Does nothing outside roll_exact.
---@param key string 1..4096 bytes
function muster.dice.merge(key) end

--- Whether the merge point reached is one the enumerated run replays (then passed: no key
--- needed). False outside roll_exact.
---@return boolean
function muster.dice.merge_replayed() end

--- Returns the highest face of the dice plus the modifier ("3D6" -> best of three).
---@param expr string at least one die
---@param label? string default: expr
---@return integer
function muster.dice.roll_highest(expr, label) end

--- Returns the lowest face of the dice plus the modifier.
---@param expr string at least one die
---@param label? string default: expr
---@return integer
function muster.dice.roll_lowest(expr, label) end

---@class muster.dice.count_spec
---@field n integer number of dice, 0..1000
---@field sides? integer default 6
---@field target integer a die succeeds when face + modifier >= target (<= when under)
---@field modifier? integer added to every face, default 0
---@field under? boolean roll-under test, default false
---@field natural_max? boolean the max face is automatic (success high, failure under) and counted apart
---@field natural_min? boolean a 1 is automatic (failure high, success under) and counted apart
---@field label string names the roll in explanations and errors

---@class muster.dice.count_result
---@field successes integer
---@field natural_max? integer dice showing the max face; present only when spec.natural_max
---@field natural_min? integer dice showing 1; present only when spec.natural_min
---@field faces? integer[] the faces rolled; absent in enumerate mode

--- Counts the dice of a pool that meet a target. Unknown fields are an error. In enumerate
--- mode it branches over (successes, natural_max, natural_min), not over every face.
---@param spec muster.dice.count_spec
---@return muster.dice.count_result
function muster.dice.roll_count(spec) end

---@class muster.dice.odds
---@field outcome string|number|boolean what the function returned
---@field p number probability (roll_exact) or frequency (roll_many)

--- Returns the exact odds of fn's outcome: runs fn once per combination of dice outcomes in
--- enumerate mode (each dice call branches), weighting runs by their probability. fn must
--- depend only on its dice and return a string, number or boolean. Outcomes come sorted:
--- numbers ascending, then strings, then false, true. Records nothing; errors inside fn
--- keep their file:line. Fails when more than opts.max_runs (default 1000000) runs are
--- needed, or when called inside roll_exact/roll_many.
---@param fn fun(): string|number|boolean
---@param opts? {max_runs?: integer}
---@return muster.dice.odds[]
function muster.dice.roll_exact(fn, opts) end

--- Runs fn `runs` times in sample mode with the kernel's dice and returns each outcome's
--- frequency, sorted like roll_exact. Deterministic given the seed. Records nothing.
---@param fn fun(): string|number|boolean
---@param runs integer at least 1
---@return muster.dice.odds[]
function muster.dice.roll_many(fn, runs) end

--- Parses an expression without rolling it.
---@param expr string
---@return {count: integer, sides: integer, modifier: integer}
function muster.dice.parse(expr) end

--- Returns the current mode.
---@return "sample"|"explain"|"enumerate"
function muster.dice.get_mode() end

--- From now on dice come from `faces`, in order (a rulebook example replayed, or real dice
--- typed in). Running out is an error naming the roll that needed the dice; a face too
--- large for the die rolled is an error too. Refused inside roll_exact/roll_many.
---@param faces integer[]
function muster.dice.set_faces(faces) end

--- Seeded dice again, from `seed` (0 <= seed < 2^53). Refused inside roll_exact/roll_many.
---@param seed integer
function muster.dice.set_seed(seed) end
