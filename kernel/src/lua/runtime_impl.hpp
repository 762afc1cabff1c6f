// Internal to the Lua host: the runtime's state (the lua_State, budgets, sandbox registry,
// loaded modules) shared by runtime.cpp (state, sandbox, calls) and modules.cpp (loader).
// Only kernel/src/lua/ includes this.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "lua/bindings.hpp"
#include "lua/guard.hpp"
#include "lua/host.hpp"
#include "lua/lua.hpp"
#include "lua/metered.hpp"
#include "lua/pattern.hpp"
#include "lua/sandbox.hpp"
#include "lua/stack.hpp"
#include "lua/watchdog.hpp"
#include "muster/error.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace muster {

namespace fs = std::filesystem;

namespace detail {

inline constexpr int hook_interval = 1000;             // instructions between budget checks
inline constexpr std::size_t memory_grace = 4u << 20;  // room to report a memory failure
inline constexpr const char* registry_key = "muster.runtime";

// Globals a sandboxed chunk may see, copied from the host's base library.
inline constexpr const char* safe_globals[] = {
    "assert", "error", "ipairs", "rawequal", "rawget", "rawset", "select", "setmetatable",
    "getmetatable", "tonumber", "type", "unpack", "_VERSION"};
// Library tables copied per environment, minus the entries listed in unsafe_members.
inline constexpr const char* safe_libraries[] = {"string", "table", "math", "bit", "coroutine"};
inline constexpr std::pair<const char*, const char*> unsafe_members[] = {
    {"string", "dump"}, {"math", "random"}, {"math", "randomseed"}};

// The most a script or module file may hold: read before any budget runs (a require, a
// module loaded by path), so a file of gigabytes (or /dev/zero) must not be read whole.
inline constexpr std::size_t max_script_file = 16u << 20;

inline std::string read_file(const fs::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) fail("cannot read '{}'", path.string());
  std::string text;
  char buffer[65536];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) {
    text.append(buffer, n);
    if (text.size() > max_script_file) {
      std::fclose(f);
      fail("'{}' is larger than a script file may be ({} MiB)", path.string(), max_script_file >> 20);
    }
  }
  std::fclose(f);
  return text;
}

// FNV-1a 64: the content hash of a module, and of anything else the log must identify.
struct fnv1a {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void add(std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 0x100000001b3ULL;
    }
  }
  std::string hex() const { return fmt::format("{:016x}", h); }
};

inline bool is_under(const fs::path& file, const fs::path& dir) {
  const auto f = fs::weakly_canonical(file);
  const auto d = fs::weakly_canonical(dir);
  auto [dend, fit] = std::mismatch(d.begin(), d.end(), f.begin(), f.end());
  return dend == d.end();
}

}  // namespace detail

using namespace detail;

struct runtime::impl {
  impl(runtime& self, kernel& k, runtime_options o) : owner(self), services(k), opts(std::move(o)) {}

  runtime& owner;
  kernel& services;
  runtime_options opts;
  lua_State* L = nullptr;

  // Budgets.
  std::size_t used = 0;
  bool memory_exhausted = false;
  std::uint64_t instructions = 0;
  std::uint64_t last_instructions = 0;
  bool instructions_exhausted = false;
  bool time_exhausted = false;
  std::size_t output = 0;  // bytes printed and logged by the running top-level call
  bool output_exhausted = false;
  int depth = 0;
  bool jit_on = false;
  bool counting = false;  // counted mode with an instruction budget: the count hook is set
  // The time budget: this runtime's place in the watchdog, and the lock that keeps the
  // watchdog thread's lua_sethook and the Lua thread's apart (at the deadline a hook on the
  // next instruction replaces the count hook, which it puts back).
  detail::watchdog::slot watch;
  bool watched = false;
  std::mutex hook_lock;
  // runtime::interrupt(): asked (from any thread or a signal handler) and not yet delivered;
  // and whether the running call was stopped by one.
  std::atomic<bool> interrupt_pending{false};
  bool interrupted = false;
  // runtime::start_profile(): the samples by (stack, VM state) while LuaJIT's profiler runs.
  bool profiling = false;
  std::map<std::pair<std::string, char>, std::uint64_t> profile;

  // Where the last error happened (first Lua frame), recorded by the message handler.
  std::string error_source;
  int error_line = 0;
  // Where the count hook last saw the script (chunk name without its '@' or '=').
  char hook_source[512] = {};
  const char* hook_source_seen = nullptr;  // compared only, never read
  int hook_line = 0;

  std::vector<loaded_module> modules;
  int ruleset_ref = LUA_NOREF;   // the loaded ruleset module table
  // Calls prepared by runtime::prepare: the function and its argument array, as registry refs.
  struct prepared_call {
    int function = LUA_NOREF;
    int args = LUA_NOREF;
    int nargs = 0;
  };
  std::map<int, prepared_call> prepared;
  int last_prepared = 0;
  // While a variant of a ruleset with patch functions (variant_api) loads, the environments
  // made for its files hold no `ruleset`: the variant changes the rules only through them.
  bool contain_variant = false;
  std::string ruleset_name;
  std::string ruleset_version;

  static impl& of(lua_State* L) {
    void* ud = nullptr;
    lua_getallocf(L, &ud);
    return *static_cast<impl*>(ud);
  }

  // --- allocation and the budgets -------------------------------------------------------
  // Blocks come from LuaJIT's own allocator (faster than the C library's for the many small
  // blocks a Lua heap holds), or from the C library in sanitizer builds, where
  // AddressSanitizer must see them; every byte is counted against the memory budget here.
  lua_Alloc inner_alloc = nullptr;
  void* inner_ud = nullptr;

  void* raw_realloc(void* ptr, std::size_t osize, std::size_t nsize) {
    if (inner_alloc) return inner_alloc(inner_ud, ptr, osize, nsize);
    if (nsize == 0) {
      std::free(ptr);
      return nullptr;
    }
    return std::realloc(ptr, nsize);
  }

  // Makes the state: LuaJIT's own, its allocator then wrapped by `allocate`.
  lua_State* new_state() {
#ifdef MUSTER_LUA_SYSTEM_ALLOC
    return lua_newstate(&allocate, this);
#else
    lua_State* S = luaL_newstate();
    if (!S) return nullptr;
    inner_alloc = lua_getallocf(S, &inner_ud);
    used = static_cast<std::size_t>(lua_gc(S, LUA_GCCOUNT, 0)) * 1024 +
           static_cast<std::size_t>(lua_gc(S, LUA_GCCOUNTB, 0));
    lua_setallocf(S, &allocate, this);
    return S;
#endif
  }

  static void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
    auto* self = static_cast<impl*>(ud);
    const std::size_t old = ptr ? osize : 0;
    if (nsize == 0) {
      self->raw_realloc(ptr, osize, 0);
      self->used -= std::min(old, self->used);
      return nullptr;
    }
    const std::size_t limit = self->opts.memory_budget;
    if (limit != 0 && nsize > old) {
      const std::size_t after = self->used - old + nsize;
      const std::size_t ceiling = limit + (self->memory_exhausted ? memory_grace : 0);
      if (after > ceiling) {
        self->memory_exhausted = true;
        self->locate_refusal();
        return nullptr;
      }
    }
    void* p = self->raw_realloc(ptr, osize, nsize);
    if (!p) return nullptr;
    self->used = self->used - std::min(old, self->used) + nsize;
    return p;
  }

  // An allocation was refused: LuaJIT reports it with no location and runs no message
  // handler, so note here the first line of a script on the stack (the one whose call
  // allocated). Reading the stack allocates nothing; the state is consistent at any
  // allocation, since the collector may run there.
  void locate_refusal() {
    if (depth == 0 || !error_source.empty()) return;
    lua_Debug ar;
    for (int level = 0; level < 64 && lua_getstack(L, level, &ar); ++level) {
      if (!lua_getinfo(L, "Sl", &ar)) break;
      if (ar.currentline > 0 && ar.source && (ar.source[0] == '@' || ar.source[0] == '=')) {
        error_source = ar.source + 1;
        error_line = ar.currentline;
        return;
      }
    }
  }

  // Every hook_interval instructions: charge the budget, and note where the script is, for
  // the failures LuaJIT reports without a location (memory, stack overflow).
  static void count_hook(lua_State* L, lua_Debug* ar) {
    impl& self = of(L);
    self.instructions += hook_interval;
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0 && ar->source &&
        (ar->source[0] == '@' || ar->source[0] == '=')) {
      if (ar->source != self.hook_source_seen) {  // copy only when the chunk changes
        std::snprintf(self.hook_source, sizeof self.hook_source, "%s", ar->source + 1);
        self.hook_source_seen = ar->source;
      }
      self.hook_line = ar->currentline;
    }
    if (self.depth > 0 && self.watched && self.watch.ran_out()) self.time_out(L);
    if (self.depth > 0 && self.interrupt_pending.load(std::memory_order_relaxed)) self.interrupt_now(L);
    const std::uint64_t budget = self.opts.instruction_budget;
    if (budget != 0 && self.instructions > budget) {
      self.instructions_exhausted = true;
      char message[96];
      std::snprintf(message, sizeof message, "instruction budget exhausted (%llu instructions)",
                    static_cast<unsigned long long>(budget));
      raise_here(L, message);
    }
  }

  // Raises `message` from a hook as "chunk:line: message", at the line the script is running
  // (luaL_error would name the line of its caller: in a modifier's `when`, the registry's).
  [[noreturn]] static void raise_here(lua_State* S, const char* message) {
    lua_Debug ar;
    if (lua_getstack(S, 0, &ar) && lua_getinfo(S, "Sl", &ar) && ar.currentline > 0)
      lua_pushfstring(S, "%s:%d: %s", ar.short_src, ar.currentline, message);
    else
      lua_pushstring(S, message);
    lua_error(S);
    std::abort();  // lua_error does not return
  }

  // The time budget ran out: raises its error at the script's current line.
  [[noreturn]] void time_out(lua_State* S) {
    time_exhausted = true;
    const auto ms = opts.time_budget.count();
    char message[64];
    if (ms % 1000 == 0) std::snprintf(message, sizeof message, "time budget exhausted (%lld s)", static_cast<long long>(ms / 1000));
    else std::snprintf(message, sizeof message, "time budget exhausted (%lld ms)", static_cast<long long>(ms));
    raise_here(S, message);
  }

  // runtime::interrupt() was asked: raises "interrupted" at the script's current line.
  [[noreturn]] void interrupt_now(lua_State* S) {
    interrupt_pending.store(false);
    interrupted = true;
    raise_here(S, interrupted_message);
  }
  static constexpr const char* interrupted_message = "interrupted";

  // runtime::interrupt(): on any thread, or in a signal handler on the Lua thread (so no
  // lock: lua_sethook is the one call lua.c makes from its SIGINT handler). The count hook
  // looks at the flag every hook_interval instructions; without it, a hook is set to look at
  // the next instruction (a stale one removes itself, as the deadline's does).
  void interrupt() noexcept {
    interrupt_pending.store(true);
    if (!counting) lua_sethook(L, &deadline_hook, LUA_MASKCOUNT, 1);
  }

  // Fast mode: set by the watchdog thread (on_expired) when a call ran out; runs on the Lua
  // thread at its next instruction, compiled code included (LUAJIT_ENABLE_CHECKHOOK). A
  // stale setting (the call it was meant for has ended) is removed and ignored.
  static void deadline_hook(lua_State* L, lua_Debug*) {
    impl& self = of(L);
    {
      std::lock_guard lock(self.hook_lock);
      self.restore_hook();
    }
    if (self.depth > 0 && self.watched && self.watch.ran_out()) self.time_out(L);
    if (self.depth > 0 && self.interrupt_pending.load()) self.interrupt_now(L);
  }

  // The hook a runtime runs with between deadlines: the count hook in counted mode, none in
  // fast mode. Called with hook_lock held.
  void restore_hook() {
    if (counting) lua_sethook(L, &count_hook, LUA_MASKCOUNT, hook_interval);
    else lua_sethook(L, nullptr, 0, 0);
  }

  // On the watchdog thread: call `call` has passed its deadline. The next instruction looks
  // (in counted mode too: a thousand instructions may each call a slow C function).
  void on_expired(std::uint64_t) {
    std::lock_guard lock(hook_lock);
    lua_sethook(L, &deadline_hook, LUA_MASKCOUNT, 1);
  }

  // A top-level call starts (arms the deadline) and ends (disarms it, and takes back a hook
  // the watchdog set for it too late to matter).
  void start_call() {
    if (watched) watch.arm();
  }
  void end_call() {
    if (!watched) return;
    watch.disarm();
    if (watch.ran_out()) {
      std::lock_guard lock(hook_lock);
      restore_hook();
    }
  }

  // --- work done outside the VM for the script (lua/host.hpp, muster/budget.hpp) --------
  std::string instruction_message() const {
    return fmt::format("instruction budget exhausted ({} instructions)", opts.instruction_budget);
  }
  std::string time_message() const {
    const auto ms = opts.time_budget.count();
    return ms % 1000 == 0 ? fmt::format("time budget exhausted ({} s)", ms / 1000)
                          : fmt::format("time budget exhausted ({} ms)", ms);
  }
  std::string memory_message() const {
    return fmt::format("memory budget exhausted ({} MiB)", opts.memory_budget >> 20);
  }
  std::string output_message() const {
    return fmt::format("output budget exhausted ({} bytes printed or logged)", opts.output_budget);
  }

  // Counts `bytes` printed or logged by the running call (and the work of copying them).
  void count_output(std::size_t bytes) {
    charge(1 + bytes / 16);
    output += bytes;
    if (opts.output_budget != 0 && output > opts.output_budget && depth > 0) {
      output_exhausted = true;
      throw budget_error(output_message());
    }
  }

  // Charges `units` of work (about one VM instruction each) done in C for the running call:
  // against the instruction count in counted mode, and in both modes checks the deadline.
  // Throws budget_error, the budget marked exhausted. Nothing is charged between calls.
  void charge(std::uint64_t units) {
    if (depth == 0) return;
    if (counting) {
      instructions += units;
      if (opts.instruction_budget != 0 && instructions > opts.instruction_budget) {
        instructions_exhausted = true;
        throw budget_error(instruction_message());
      }
    }
    if (watched && watch.ran_out()) {
      time_exhausted = true;
      throw budget_error(time_message());
    }
    if (interrupt_pending.load(std::memory_order_relaxed)) {
      interrupt_pending.store(false);
      interrupted = true;
      throw budget_error(interrupted_message);
    }
  }

  // Counts `bytes` more (or fewer) held outside the Lua heap for the scripts (kernel work,
  // a sandbox function's buffer) with the Lua heap's bytes against the memory budget.
  void hold(std::int64_t bytes) {
    if (bytes <= 0) {
      used -= std::min(used, static_cast<std::size_t>(-bytes));
      return;
    }
    const auto more = static_cast<std::size_t>(bytes);
    const std::size_t limit = opts.memory_budget;
    if (limit != 0 && used + more > limit + (memory_exhausted ? memory_grace : 0)) {
      memory_exhausted = true;
      throw budget_error(memory_message());
    }
    used += more;
  }

  // The kernel's services charge here (kernel::meter()).
  struct services_meter final : work_meter {
    impl& self;
    explicit services_meter(impl& s) : self(s) {}
    void charge(std::uint64_t units) override { self.charge(units); }
    void hold(std::int64_t bytes) override { self.hold(bytes); }
  };
  services_meter meter{*this};

  // Records a loaded module where replays look for it: the event log and the saved state.
  void on_module_loaded(const loaded_module& info);

  // A budget ran out, or an interrupt stopped the call: nothing the script does may go on.
  bool budget_exhausted() const {
    return instructions_exhausted || memory_exhausted || time_exhausted || output_exhausted || interrupted;
  }

  // Turns the JIT off for good (flushing compiled code) before untrusted code is loaded.
  void distrust() {
    if (!jit_on) return;
    luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_FLUSH);
    luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
    jit_on = false;
  }

  // --- the protected call ---------------------------------------------------------------
  static int message_handler(lua_State* L) {
    if (lua::is_merge_stop(L, 1)) return 1;  // the end of an exact-odds run: nothing to locate
    impl& self = of(L);
    self.error_source.clear();
    self.error_line = 0;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
      lua_getinfo(L, "Sl", &ar);
      if (ar.currentline > 0 && ar.source && (ar.source[0] == '@' || ar.source[0] == '=')) {
        self.error_source = ar.source + 1;
        self.error_line = ar.currentline;
        break;
      }
    }
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
      lua_pushvalue(L, 1);
    } else if (!self.budget_exhausted() && luaL_callmeta(L, 1, "__tostring") && lua_isstring(L, -1)) {
      // (a script's __tostring runs only while the budgets hold: a handler runs unhooked)
      // use the metamethod's text
    } else {
      lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    // The message keeps every byte (a NUL included); the traceback follows it.
    luaL_traceback(L, L, nullptr, 1);
    lua_pushliteral(L, "\n");
    lua_insert(L, -2);
    lua_concat(L, 3);
    return 1;
  }

  // Splits "file:line: message" when the prefix names a chunk; file resolves to the full
  // chunk name recorded by the handler when LuaJIT shortened it.
  script_error make_error(script_failure kind, std::string text, std::string traceback) const {
    std::string file;
    int line = 0;
    std::string message = text;
    for (std::size_t colon = text.find(':'); colon != std::string::npos;
         colon = text.find(':', colon + 1)) {
      std::size_t digits = colon + 1;
      while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
      if (digits > colon + 1 && digits + 1 < text.size() && text[digits] == ':' &&
          text[digits + 1] == ' ') {
        file = text.substr(0, colon);
        line = std::atoi(text.c_str() + colon + 1);
        message = text.substr(digits + 2);
        break;
      }
    }
    if (file.empty()) {
      file = error_source;
      line = error_line;
    } else if (!error_source.empty() && file != error_source) {
      // LuaJIT shortens long chunk names to "...tail"; restore the full name.
      const std::string_view tail = std::string_view(file).substr(file.rfind("...") == 0 ? 3 : 0);
      if (error_source.size() >= tail.size() &&
          error_source.compare(error_source.size() - tail.size(), tail.size(), tail) == 0)
        file = error_source;
    }
    // One line, whatever the script raised: no newlines or terminal escapes, no megabytes.
    return script_error(kind, one_line(file, 200), line, one_line(message), std::move(traceback));
  }

  // [-(nargs+1), +nresults] The one lua_pcall of the kernel, on thread S (the main state
  // or a coroutine of it). Throws script_error.
  void call(int nargs, int nresults) { call_on(L, nargs, nresults); }
  void call_on(lua_State* S, int nargs, int nresults) {
    const int base = lua_gettop(S) - nargs;  // the function's slot
    if (depth == 0) {
      hook_source[0] = '\0';
      hook_source_seen = nullptr;
      hook_line = 0;
      error_source.clear();
      error_line = 0;
      instructions = 0;
      instructions_exhausted = false;
      memory_exhausted = false;
      time_exhausted = false;
      output = 0;
      output_exhausted = false;
      interrupted = false;
      if (interrupt_pending.exchange(false)) {  // asked between calls: this one does not start
        lua_settop(S, base - 1);
        throw script_error(script_failure::interrupted, {}, 0, interrupted_message, {});
      }
      start_call();
    }
    if (depth >= lua::max_nested_calls) {
      lua_settop(S, base - 1);
      fail("too many nested calls between Lua and C functions (more than {})", lua::max_nested_calls);
    }
    lua_pushcfunction(S, message_handler);
    lua_insert(S, base);
    ++depth;
    const int status = lua_pcall(S, nargs, nresults, base);
    --depth;
    lua_remove(S, base);
    if (depth == 0) {
      last_instructions = instructions;
      end_call();
    }
    if (status == 0) return;
    if (lua::is_merge_stop(S, -1)) {
      lua_pop(S, 1);
      if (depth == 0) settle();
      throw merge_stop();
    }

    std::string text;
    std::size_t text_length = 0;
    if (const char* s = lua_tolstring(S, -1, &text_length)) text.assign(s, text_length);
    lua_pop(S, 1);
    std::string traceback;
    if (const auto cut = text.find("\nstack traceback:"); cut != std::string::npos) {
      traceback = text.substr(cut + 1);
      text.resize(cut);
    }
    if (error_source.empty() && hook_source[0]) {  // the handler did not run: the hook's note
      error_source = hook_source;
      error_line = hook_line;
    }
    script_failure kind = script_failure::runtime;
    // A budget failure reads as the budget's message, whatever the script's error handling
    // made of it on the way ("error in error handling", a message from __tostring...).
    const auto budget_text = [&](const std::string& message) {
      if (text.find(message) != std::string::npos) return;
      const std::string where = error_source.empty() ? std::string()
                                                     : fmt::format("{}:{}: ", error_source, error_line);
      text = where + message;
    };
    if (interrupted) {
      kind = script_failure::interrupted;
      budget_text(interrupted_message);
    } else if (instructions_exhausted) {
      kind = script_failure::instruction_budget;
      budget_text(instruction_message());
    } else if (time_exhausted) {
      kind = script_failure::time_budget;
      budget_text(time_message());
    } else if (output_exhausted) {
      kind = script_failure::output_budget;
      budget_text(output_message());
    } else if (memory_exhausted || status == LUA_ERRMEM) {
      kind = script_failure::memory_budget;
      text.clear();
      budget_text(memory_message());
    }
    script_error err = make_error(kind, std::move(text), std::move(traceback));
    if (depth == 0) settle();
    throw err;
  }

  // After a failed top-level call: reset the budgets, and reclaim the garbage when the memory
  // budget ran out (a full collection costs milliseconds: not after every failed call, since
  // exact odds stop many runs by an error).
  void settle() {
    if (memory_exhausted) lua_gc(L, LUA_GCCOLLECT, 0);
    memory_exhausted = false;
    instructions_exhausted = false;
    time_exhausted = false;
    output_exhausted = false;
    interrupted = false;
  }

  // [-0, +1] Compiles text as a function (text only: bytecode is refused).
  void load(std::string_view code, const std::string& chunk_name) {
    const int status = luaL_loadbufferx(L, code.data(), code.size(), chunk_name.c_str(), "t");
    if (status == 0) return;
    std::string text = lua_tostring(L, -1) ? lua_tostring(L, -1) : "cannot load chunk";
    lua_pop(L, 1);
    error_source = chunk_name.substr(chunk_name[0] == '@' || chunk_name[0] == '=' ? 1 : 0);
    error_line = 0;
    const auto kind = status == LUA_ERRMEM ? script_failure::memory_budget : script_failure::syntax;
    throw make_error(kind, std::move(text), {});
  }

  // The chunk name `load` gives text it is handed under `name`: the name as given, unless it
  // names a file the loader could read (under the root, or a path) whose text is not this
  // text: then "(load NAME)", so that loaded code cannot claim another file's file:line.
  std::string chunk_name_for_load(std::string_view name, std::string_view text) const {
    std::string bare(name);
    while (!bare.empty() && (bare.front() == '@' || bare.front() == '=')) bare.erase(0, 1);
    if (bare.empty()) return "=(load)";
    const char mark = name.front() == '=' ? '=' : '@';
    std::error_code ec;
    for (const fs::path& candidate : {fs::path(bare), opts.root / bare}) {
      if (!fs::is_regular_file(candidate, ec)) continue;
      const auto size = fs::file_size(candidate, ec);
      bool same = !ec && size == text.size();
      if (same) {
        try {
          same = read_file(candidate) == text;
        } catch (const std::exception&) {
          same = false;
        }
      }
      if (!same) return "=(load " + one_line(bare, 120) + ")";
    }
    return mark + bare;
  }

  std::string chunk_name_for(const fs::path& file) const {
    std::error_code ec;
    const fs::path rel = fs::relative(file, opts.root, ec);
    if (!ec && !rel.empty() && *rel.begin() != "..") return "@" + rel.generic_string();
    return "@" + file.generic_string();
  }

  // --- the sandbox --------------------------------------------------------------------
  // Registry layout: registry[registry_key] = { base = <safe globals>, muster = <bindings>,
  // loaded = { [absolute path] = module value }, session = <REPL/script env> }.
  void push_registry_table() { lua_getfield(L, LUA_REGISTRYINDEX, registry_key); }

  void push_registry_field(const char* name) {
    push_registry_table();
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
  }

  // sandbox pcall: a budget failure is not the script's to catch.
  // Whether an error value at index must pass through the sandbox's pcall, xpcall and
  // coroutine.resume: a budget failure, or the end of an exact-odds run.
  static bool uncatchable(lua_State* L, int index) {
    return of(L).budget_exhausted() || lua::is_merge_stop(L, index);
  }

  // sandbox pcall: a budget failure is not the script's to catch.
  static int l_pcall(lua_State* L) {
    luaL_checkany(L, 1);
    int status = 0;
    {
      const lua::c_nesting nested(L);
      status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    }
    if (status != 0 && uncatchable(L, -1)) return lua_error(L);
    lua_pushboolean(L, status == 0);
    lua_insert(L, 1);
    return lua_gettop(L);
  }

  // sandbox xpcall(f, handler, args...): the handler runs after the failed call has unwound
  // (no script sees the stack, so nothing observes the difference), and never for a budget
  // failure: a handler run at the point of a budget error would run unbudgeted.
  static int l_xpcall(lua_State* L) {
    luaL_checkany(L, 2);
    // stack: f, handler, args... -> handler, f, args...
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_replace(L, 1);
    lua_replace(L, 2);
    int status = 0;
    {
      const lua::c_nesting nested(L);
      status = lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 0);
    }
    if (status == 0) {
      lua_pushboolean(L, 1);
      lua_replace(L, 1);
      return lua_gettop(L);
    }
    if (uncatchable(L, -1)) return lua_error(L);
    // stack: handler, error -> false, handler(error)
    {
      const lua::c_nesting nested(L);
      status = lua_pcall(L, 1, 1, 0);
    }
    if (status != 0 && uncatchable(L, -1)) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_insert(L, 1);
    return 2;
  }

  // coroutine.resume that re-raises budget failures. Upvalue 1: the original resume.
  static int l_resume(lua_State* L) {
    const int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    {
      const lua::c_nesting nested(L);
      lua_call(L, n, LUA_MULTRET);
    }
    if (lua_toboolean(L, 1) == 0 && uncatchable(L, 2)) {
      lua_pushvalue(L, 2);
      return lua_error(L);
    }
    return lua_gettop(L);
  }

  // The function coroutine.wrap returns: resumes its coroutine as the sandbox's resume does
  // (counted as a nested call, budget failures re-raised) and raises the coroutine's error.
  // Upvalues: the original resume, the coroutine.
  static int l_wrapped(lua_State* L) {
    const int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_insert(L, 1);  // stack: resume, co, args...
    {
      const lua::c_nesting nested(L);
      lua_call(L, n + 1, LUA_MULTRET);
    }
    if (lua_toboolean(L, 1) == 0) {
      lua_pushvalue(L, 2);
      return lua_error(L);
    }
    lua_remove(L, 1);
    return lua_gettop(L);
  }

  // coroutine.wrap(f). Upvalues: the original create, the original resume.
  static int l_wrap(lua_State* L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);  // stack: f, co
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, -2);  // stack: f, resume, co
    lua_pushcclosure(L, l_wrapped, 2);
    return 1;
  }

  static int l_print(lua_State* L) {
    const int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; ++i) {
      if (i > 1) luaL_addchar(&b, '\t');
      lua::push_safe_tostring(L, i);
      luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    impl& self = of(L);
    self.count_output(len + 1);
    const std::string shown = terminal_text({s, len});  // no title, cursor or bell sequences
    if (self.opts.print) {
      self.opts.print(shown);  // must not throw (documented)
    } else {
      std::fwrite(shown.data(), 1, shown.size(), stdout);
      std::fputc('\n', stdout);
    }
    return 0;
  }

  // load(text [, chunkname [, mode [, env]]]): source text only; the function runs in env,
  // or in the caller's environment. Code made at run time is never JIT-compiled.
  static int l_load(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING)
      return luaL_error(L, "load: only source text is accepted (got %s)", luaL_typename(L, 1));
    const char* mode = luaL_optstring(L, 3, "t");
    if (std::strcmp(mode, "t") != 0)
      return luaL_error(L, "load: mode '%s' refused: bytecode is not allowed", mode);
    std::size_t len = 0;
    const char* code = lua_tolstring(L, 1, &len);
    impl& self = of(L);
    const std::string chunk = lua_type(L, 2) == LUA_TSTRING
                                  ? self.chunk_name_for_load(lua_tostring(L, 2), std::string_view(code, len))
                                  : std::string("=(load)");
    self.charge(1 + len / 4);  // compiling the text
    self.distrust();
    if (luaL_loadbufferx(L, code, len, chunk.c_str(), "t") != 0) {
      lua_pushnil(L);
      lua_insert(L, -2);
      return 2;  // nil, message (as Lua's load)
    }
    if (!lua_isnoneornil(L, 4)) {
      luaL_checktype(L, 4, LUA_TTABLE);
      lua_pushvalue(L, 4);
    } else {
      lua_Debug ar;
      if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "f", &ar)) {
        lua_getfenv(L, -1);
        lua_remove(L, -2);
      } else {
        self.push_registry_field("session");
      }
    }
    lua_setfenv(L, -2);
    return 1;
  }

  // require(name): a module of the calling module's own folder, or of scripts/lib. The
  // kernel reads the file; the script never touches the file system. Upvalue 1: the folder.
  static int l_require(lua_State* L) {
    std::size_t name_length = 0;
    const char* name = luaL_checklstring(L, 1, &name_length);
    if (std::strlen(name) != name_length) return luaL_error(L, "require: a NUL byte in the module name");
    impl& self = of(L);
    std::string error;
    fs::path found;
    {
      const std::string_view n(name);
      const bool ok = !n.empty() && std::all_of(n.begin(), n.end(), [](char c) {
        return c == '_' || c == '.' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
               (c >= '0' && c <= '9');
      }) && n.find("..") == std::string_view::npos && n.front() != '.' && n.back() != '.';
      if (!ok) {
        error = fmt::format("require: bad module name '{}' (letters, digits, '_' and '.')", n);
      } else {
        std::string rel(n);
        std::replace(rel.begin(), rel.end(), '.', '/');
        // Each candidate with the folder it must stay inside once symbolic links are followed.
        std::vector<std::pair<fs::path, fs::path>> candidates;
        if (lua_type(L, lua_upvalueindex(1)) == LUA_TSTRING) {
          const fs::path dir = lua_tostring(L, lua_upvalueindex(1));
          candidates.emplace_back(dir / (rel + ".lua"), dir);
          candidates.emplace_back(dir / rel / "init.lua", dir);
        }
        const fs::path lib = self.opts.root / "scripts" / "lib";
        candidates.emplace_back(lib / (rel + ".lua"), lib);
        for (const auto& [c, inside] : candidates) {
          std::error_code ec;
          if (!fs::is_regular_file(c, ec)) continue;
          if (!is_under(c, inside)) {
            error = fmt::format("require: '{}' leads outside {} (a symbolic link?)", n,
                                inside == lib ? std::string("scripts/lib") : std::string("its module's folder"));
            break;
          }
          found = fs::weakly_canonical(c);
          break;
        }
        if (found.empty() && error.empty()) error = fmt::format("require: no module '{}'", n);
      }
    }
    if (!error.empty()) {
      lua_pushlstring(L, error.data(), error.size());
      error = {};
      return lua_error(L);
    }
    // A module under scripts/lib is loaded once for the modules shipped with Muster and the
    // session; a club's module (outside scripts/) gets its own instance, per folder, so that
    // nothing it changes in one reaches the rules or another club's module.
    std::string key = found.string();
    if (lua_type(L, lua_upvalueindex(1)) == LUA_TSTRING) {
      const fs::path dir = lua_tostring(L, lua_upvalueindex(1));
      if (is_under(found, self.opts.root / "scripts" / "lib") && !is_under(dir, self.opts.root / "scripts"))
        key += "|for " + dir.string();
    }
    self.push_registry_field("loaded");  // stack: name, loaded
    lua_getfield(L, -1, key.c_str());
    if (lua::is_loading(L, -1)) return luaL_error(L, "require: '%s' requires itself (a cycle of requires)", name);
    if (!lua_isnil(L, -1)) return 1;
    lua_pop(L, 1);
    std::string code;
    try {
      code = read_file(found);
    } catch (const std::exception& e) {
      error = e.what();
    }
    if (!error.empty()) {
      lua_pushlstring(L, error.data(), error.size());
      error = {};
      return lua_error(L);
    }
    const bool bundled = is_under(found, self.opts.root / "scripts");
    if (!bundled) self.distrust();
    const std::string chunk = self.chunk_name_for(found);
    if (luaL_loadbufferx(L, code.data(), code.size(), chunk.c_str(), "t") != 0) {
      code = {};
      return lua_error(L);
    }
    code = {};
    // The module runs in its own environment, with require bound to its own folder.
    self.push_new_env(found.parent_path().string());
    lua_setfenv(L, -2);
    lua::push_loading(L);  // marks the module as loading, so a cycle is an error
    lua_setfield(L, -3, key.c_str());
    lua_pushvalue(L, 1);
    int status = 0;
    {
      const lua::c_nesting nested(L);  // modules requiring modules nest through C
      status = lua_pcall(L, 1, 1, 0);  // stack: name, loaded, result | error
    }
    if (status != 0) {  // not loaded: forget the mark, pass the error on
      lua_pushnil(L);
      lua_setfield(L, -3, key.c_str());
      return lua_error(L);
    }
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, key.c_str());
    return 1;
  }

  // [-0, +1] A fresh environment: the safe globals, private copies of the libraries and of
  // the muster tables (so no script can change what another script sees), and a require
  // bound to `folder` (empty: scripts/lib only).
  void push_new_env(const std::string& folder) {
    lua_newtable(L);
    const int env = lua_gettop(L);
    push_registry_field("base");
    const int base = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, base) != 0) {  // stack: env, base, key, value
      if (lua_type(L, -1) == LUA_TTABLE) {
        copy_table(-1, 1);  // stack: ..., key, value, copy
        lua_replace(L, -2);
      }
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, env);
    }
    lua_pop(L, 1);  // base
    if (folder.empty()) lua_pushnil(L);
    else lua::push_string(L, folder);
    lua_pushcclosure(L, l_require, 1);
    lua_setfield(L, env, "require");
    lua_pushvalue(L, env);
    lua_setfield(L, env, "_G");
    if (ruleset_ref != LUA_NOREF && !contain_variant) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, ruleset_ref);
      lua_setfield(L, env, "ruleset");
    }
  }

  // [-0, +1] Pushes a copy of the table at index; nested tables copied down to `levels`.
  void copy_table(int index, int levels) {
    index = lua::abs_index(L, index);
    lua_newtable(L);
    const int copy = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
      if (levels > 0 && lua_type(L, -1) == LUA_TTABLE) {
        copy_table(-1, levels - 1);
        lua_replace(L, -2);
      }
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, copy);
    }
    if (lua_getmetatable(L, index)) lua_setmetatable(L, copy);
  }

  void build_sandbox() {
    // The host's own libraries, opened into the real globals (never seen by scripts).
    // luaopen_jit also initialises the JIT compiler (CPU features, parameters): without it
    // LuaJIT never compiles anything.
    static constexpr lua_CFunction openers[] = {luaopen_base, luaopen_table, luaopen_string,
                                                luaopen_math, luaopen_bit, luaopen_jit};
    for (lua_CFunction open : openers) {
      lua_pushcfunction(L, open);
      lua_call(L, 0, 0);
    }

    // Now apply the execution policy (opening the jit library switched the engine on).
    luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | (jit_on ? LUAJIT_MODE_ON : LUAJIT_MODE_OFF));

    lua_newtable(L);  // the registry table
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, registry_key);
    const int reg = lua_gettop(L);

    lua_newtable(L);  // base
    const int base = lua_gettop(L);
    for (const char* name : safe_globals) {
      lua_getglobal(L, name);
      lua_setfield(L, base, name);
    }
    for (const char* lib : safe_libraries) {
      lua_getglobal(L, lib);
      copy_table(-1, 0);
      lua_remove(L, -2);
      for (const auto& [owner_lib, member] : unsafe_members)
        if (std::strcmp(owner_lib, lib) == 0) {
          lua_pushnil(L);
          lua_setfield(L, -2, member);
        }
      lua_setfield(L, base, lib);
    }
    lua_getfield(L, base, "coroutine");
    lua_getfield(L, -1, "create");
    lua_getfield(L, -2, "resume");  // stack: coroutine, create, resume
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, l_resume, 1);
    lua_setfield(L, -4, "resume");
    lua_pushcclosure(L, l_wrap, 2);
    lua_setfield(L, -2, "wrap");
    lua_pop(L, 1);
    static constexpr std::pair<const char*, lua_CFunction> own[] = {
        {"pcall", l_pcall}, {"xpcall", l_xpcall}, {"print", lua::guard<l_print>},
        {"load", lua::guard<l_load>}, {"loadstring", lua::guard<l_load>}};
    for (const auto& [name, fn] : own) {
      lua_pushcfunction(L, fn);
      lua_setfield(L, base, name);
    }
    lua::open_deterministic(L, base);
    lua::open_metered(L, base);  // string.rep, table.concat, ...: their work charged
    lua_getfield(L, base, "string");
    lua::open_patterns(L, -1);  // find, match, gmatch, gsub: every step charged
    lua_pop(L, 1);

    // String methods ("%s"):format(t) use the sandbox's string table (no dump, the safe
    // format), and the shared string metatable is locked: getmetatable("") returns false.
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {  // stack: "", mt
      lua_getfield(L, base, "string");
      lua_setfield(L, -2, "__index");
      lua_pushboolean(L, 0);
      lua_setfield(L, -2, "__metatable");
      lua_pop(L, 1);
    }
    lua_pop(L, 1);

    // The kernel's services.
    lua_newtable(L);
    const int muster_table = lua_gettop(L);
    lua::push_string(L, kernel_api_version);
    lua_setfield(L, muster_table, "api_version");
    lua::open_all(L, muster_table, services);
    lua_setfield(L, base, "muster");
    lua_setfield(L, reg, "base");

    lua_newtable(L);
    lua_setfield(L, reg, "loaded");
    push_new_env({});
    lua_setfield(L, reg, "session");
    lua_pop(L, 1);  // registry table
  }

  // --- running code -------------------------------------------------------------------
  // [-0, +n] Runs code in the session environment; returns how many results it left.
  int run_in_session(std::string_view code, const std::string& chunk_name, int nresults) {
    distrust();
    const int top = lua_gettop(L);
    load(code, chunk_name);
    push_registry_field("session");
    lua_setfenv(L, -2);
    call(0, nresults);
    return lua_gettop(L) - top;
  }
};

}  // namespace muster
