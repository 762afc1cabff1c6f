// The Lua host: one sandboxed LuaJIT state over one muster::kernel. Owns the lua_State,
// the sandbox (no io/os/debug/ffi/jit/bytecode, deterministic pairs/next/tostring), the
// instruction and memory budgets, the module loader (rulesets, variants, manifests) and the
// one protected call through which C++ enters Lua. No Lua types in this header.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "muster/error.hpp"

namespace muster {

struct kernel;

/// The kernel API version scripts declare against in their manifests ("kernel = '^1.0'").
inline constexpr std::string_view kernel_api_version = "1.0.0";

/// How the sandbox accounts for a script's work (docs/decisions/0004-budgets-and-the-jit.md).
/// Both modes keep the time budget (a deadline per top-level call, watched from another
/// thread) and the memory budget.
enum class execution {
  /// The interpreter only, every VM instruction counted against the instruction budget: a
  /// runaway script fails at the same instruction on every run, so logs and replays stay
  /// byte for byte. The default.
  counted,
  /// No instruction count: code shipped with Muster is JIT-compiled until untrusted code is
  /// loaded into the state (then the interpreter, for good), and the time budget stops a
  /// runaway loop, compiled or not. For odds trials and benchmarks. A LuaJIT built without
  /// LUAJIT_ENABLE_CHECKHOOK (-DMUSTER_LUAJIT=system) cannot stop compiled code, so the JIT
  /// then stays off.
  fast,
};

struct runtime_options {
  /// The folder that holds scripts/ (bundled rulesets, variants, lib). Default: the
  /// MUSTER_ROOT environment variable, else the source tree Muster was built from.
  std::filesystem::path root = default_root();
  /// Counted mode: VM instructions one top-level call may execute (0: unlimited). Checked
  /// every 1000.
  std::uint64_t instruction_budget = 200'000'000;
  /// Wall-clock time one top-level call may take (0: unlimited): in counted mode a backstop
  /// for work the instruction count does not see, in fast mode the budget.
  std::chrono::milliseconds time_budget{60'000};
  /// Bytes the whole Lua heap may hold, with what the kernel's services hold for scripts
  /// (0: unlimited).
  std::size_t memory_budget = std::size_t{512} << 20;
  /// Bytes one top-level call may print and log (0: unlimited).
  std::size_t output_budget = std::size_t{8} << 20;
  execution mode = execution::counted;
  /// Receives each line a script prints (without the newline). Default: stdout.
  std::function<void(std::string_view)> print;

  static std::filesystem::path default_root();
};

/// A module as loaded: what a log or a saved state records so a replay knows what it needs.
struct loaded_module {
  std::string name;
  std::string kind;     ///< "ruleset" or "variant"
  std::string version;  ///< semantic version from the manifest
  std::string hash;     ///< FNV-1a 64 over the module's files, 16 hex digits
  std::string path;     ///< where it was loaded from, relative to root when bundled
  bool bundled = false; ///< shipped under root/scripts (trusted: may be JIT-compiled)
  std::map<std::string, std::string> options;  ///< every option's resolved value, as text
  std::vector<std::string> after;  ///< variants: the manifest's `after` (applied after those)

  /// The options as one text, "name=value,..." sorted by name ("" when none): what the event
  /// log and a saved state (module_info::options) record.
  std::string options_text() const;
};

/// Bad input to a rules procedure: the field at fault and why, e.g. field() "unit.quality",
/// why() "\"elitee\" is not one of elite, veteran, ..."; what() is "<field>: <why>" (one
/// line). Rulesets raise it from Lua as the error string "input: <field>: <why>".
class input_error : public error {
 public:
  input_error(std::string field, std::string why)
      : error(field + ": " + why), field_(std::move(field)), why_(std::move(why)) {}
  const std::string& field() const noexcept { return field_; }
  const std::string& why() const noexcept { return why_; }

 private:
  std::string field_;
  std::string why_;
};

/// Option overrides as typed on a command line (name -> text); the manifest gives the types.
using option_values = std::map<std::string, std::string>;

class runtime {
 public:
  explicit runtime(kernel& k, runtime_options options = {});
  ~runtime();
  runtime(const runtime&) = delete;
  runtime& operator=(const runtime&) = delete;

  /// Runs source text as untrusted code in the session environment (globals persist from
  /// one call to the next, as in a REPL). Throws script_error.
  void run(std::string_view code, std::string_view chunk_name);
  /// Reads and runs a script file as untrusted code in the session environment. When
  /// `store_as` is given, the script's first result becomes that session global.
  void run_file(const std::filesystem::path& file, std::string_view store_as = {});
  /// Runs code in the session environment and returns its results rendered as text:
  /// "nil", "3", "\"text\"", "{1, 2, name = \"x\"}", joined by ", ". Tables render with
  /// sorted keys, so the text is the same on every run. "return" is implied when the code
  /// is an expression.
  std::string eval(std::string_view code, std::string_view chunk_name = "eval");

  /// Loads scripts/rulesets/<name>/ (manifest.lua + init.lua), or a ruleset folder given by
  /// path (untrusted), checks the manifest against this kernel and resolves its options; the
  /// module becomes the session global `ruleset`. init.lua receives (options, context).
  const loaded_module& load_ruleset(std::string_view name, const option_values& options = {});
  /// Loads a variant onto the loaded ruleset: a bundled variant's name
  /// (scripts/rulesets/<ruleset>/variants/<name>[.lua]) or the path of a variant file or
  /// folder. Checks its manifest (ruleset and kernel versions, options), then calls its
  /// apply(ruleset, options, context).
  const loaded_module& load_variant(std::string_view name_or_path,
                                  const option_values& options = {});
  /// The order in which variants `names_or_paths` (as load_variant takes them) are applied:
  /// each after the variants its manifest names in `after`, and otherwise by manifest name,
  /// so the rules in force never depend on the order a command line names them. Reads the
  /// manifests only. Throws muster::error for a missing variant, a name given twice or a
  /// cycle of `after`, script_error for a broken manifest.
  std::vector<std::string> variant_order(const std::vector<std::string>& names_or_paths);
  /// Calls the loaded ruleset's function `function` with the JSON array `args_json`, one
  /// argument per element (converted as resolve() converts its input), and returns its first
  /// result as JSON text (null when it returns nothing; keys sorted, indented by 2, an array
  /// of plain values on one line). Throws
  /// muster::error when no ruleset is loaded or it has no such function, input_error for
  /// arguments that are not a JSON array or cannot cross into Lua and for an error the
  /// ruleset raises as "input: <field>: <why>", script_error for any other failure, and
  /// muster::error "result...: <why>" for a result JSON cannot hold.
  std::string call_ruleset(std::string_view function, std::string_view args_json);
  /// Resolves one rules procedure: ruleset.resolve(procedure, input) with `input_json` (a
  /// JSON object; see docs/resolve.md for the conversion) and returns the result table as
  /// JSON text as call_ruleset writes it. The input's member "choices", when present, is
  /// taken out before the ruleset sees it: {side: [answers...]} scripts that side's answers
  /// (consumed in order, attributed "script"), {side: "policy"} sets its policy. Dice come
  /// from the kernel's roller as the caller set it up (seeded, scripted, explain/sample).
  /// Throws as call_ruleset; input_error::field() is "input" for input that is not a JSON
  /// object, "choices.<side>" for a bad choices entry.
  std::string resolve(std::string_view procedure, std::string_view input_json);

  /// Prepares a call of the loaded ruleset's function `function` on the JSON array
  /// `args_json` (as call_ruleset takes it): the arguments are converted to Lua once and kept,
  /// so run_prepared can call it many times cheaply (odds, benchmarks). The function must not
  /// change its arguments: every run shares them. Returns the call's id. Throws as
  /// call_ruleset does for a missing function or arguments that cannot cross.
  int prepare(std::string_view function, std::string_view args_json);
  /// Runs a prepared call: one top-level call, under the budgets like any other. Its first
  /// result must be a string, which is returned. Throws input_error for an error the ruleset
  /// raises as "input: <field>: <why>", script_error otherwise, muster::error for an unknown
  /// id or a result that is not a string.
  std::string run_prepared(int id);

  /// The modules loaded so far, in load order.
  const std::vector<loaded_module>& modules() const;
  /// Every ruleset and variant under root/scripts/rulesets, read from their manifests.
  static std::vector<loaded_module> available_modules(const std::filesystem::path& root);

  kernel& services() noexcept;
  const runtime_options& options() const noexcept;
  /// VM instructions (to the nearest 1000) the last top-level call executed.
  std::uint64_t last_instructions() const noexcept;
  /// Bytes counted against the memory budget now: the Lua heap, and what the kernel holds
  /// for the scripts (the battle state, the event log, a service's work in progress).
  std::size_t memory_in_use() const noexcept;
  /// Whether LuaJIT may still compile code in this state.
  bool jit_enabled() const noexcept;

  /// One line of a sampled profile: a Lua stack, outermost call first, as "file:line;..."
  /// (each frame where it stood), what the VM was doing ('N' compiled code, 'I'
  /// interpreted, 'C' a C function or kernel service, 'G' collecting garbage, 'J' compiling)
  /// and how many samples found it there.
  struct profile_line {
    std::string stack;
    char vm = 'I';
    std::uint64_t samples = 0;
  };
  /// Starts LuaJIT's sampling profiler on this runtime's state, a sample every
  /// `interval_ms`. For benchmarks (bench/battle_bench.cpp): one profiler per process, so
  /// a second runtime may not profile at the same time (throws muster::error).
  void start_profile(int interval_ms = 1);
  /// Stops the profiler and returns what it sampled, sorted by stack then VM state.
  std::vector<profile_line> stop_profile();

  /// Stops the running call as soon as it reaches its next VM instruction (compiled code
  /// included) or the next charge of a kernel service: it fails with script_error kind
  /// script_failure::interrupted, "interrupted", which a script's pcall cannot catch. Asked
  /// while no call runs, it stops the next call before it starts. Safe from any thread and
  /// from a signal handler (an atomic store and lua_sethook, as lua.c does for Ctrl-C).
  void interrupt() noexcept;
  /// Forgets an interrupt() not yet delivered (the REPL calls it before each command).
  void clear_interrupt() noexcept;
  /// While the host waits for a person inside a call (the REPL's dice and choice prompts),
  /// the time budget must not count: pause it before asking and resume it after. Pauses nest;
  /// the outermost resume gives the call back the time it had left. The instruction budget is
  /// not touched (a person's thinking runs no instructions). Call from the thread running the
  /// call; outside a call both do nothing. A deadline already passed stays passed.
  void pause_time_budget() noexcept;
  void resume_time_budget() noexcept;
  /// Whether this build's LuaJIT lets the time budget stop compiled code
  /// (LUAJIT_ENABLE_CHECKHOOK): fast mode compiles only then.
  static bool jit_stoppable() noexcept;

  struct impl;  ///< internal (kernel/src/lua/runtime.cpp)
  impl& internals() noexcept { return *impl_; }

 private:
  std::unique_ptr<impl> impl_;
};

}  // namespace muster
