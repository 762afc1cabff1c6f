// muster::runtime: owns the lua_State, builds the sandbox, enforces the instruction and
// memory budgets, loads rulesets/variants with their manifests, and is the only code that
// calls lua_pcall. Services are opened through bindings.cpp; no rules live here.
#include "lua/runtime_impl.hpp"

#ifndef MUSTER_SOURCE_DIR
#define MUSTER_SOURCE_DIR "."
#endif

namespace muster {

fs::path runtime_options::default_root() {
  if (const char* env = std::getenv("MUSTER_ROOT"); env && *env) return env;
  return MUSTER_SOURCE_DIR;
}

// ---- host.hpp ----------------------------------------------------------------------------

namespace lua {

runtime& owner(lua_State* L) { return runtime::impl::of(L).owner; }

void call(lua_State* L, int nargs, int nresults) { runtime::impl::of(L).call_on(L, nargs, nresults); }

void charge(lua_State* L, std::uint64_t units) { runtime::impl::of(L).charge(units); }

void count_output(lua_State* L, std::size_t bytes) { runtime::impl::of(L).count_output(bytes); }

c_nesting::c_nesting(lua_State* L) : L_(L) {
  auto& self = runtime::impl::of(L);
  if (self.depth >= max_nested_calls)
    luaL_error(L, "too many nested calls between Lua and C functions (more than %d)", max_nested_calls);
  ++self.depth;
}

c_nesting::~c_nesting() { --runtime::impl::of(L_).depth; }

held_bytes::~held_bytes() {
  if (held_ > 0) runtime::impl::of(L_).hold(-static_cast<std::int64_t>(held_));
}

void held_bytes::update(std::size_t bytes) {
  if (bytes == held_) return;
  runtime::impl::of(L_).hold(static_cast<std::int64_t>(bytes) - static_cast<std::int64_t>(held_));
  held_ = bytes;
}

ref::ref(lua_State* L, int index) : L_(L) {
  lua_pushvalue(L, index);
  id_ = luaL_ref(L, LUA_REGISTRYINDEX);
}
ref::ref(ref&& other) noexcept : L_(other.L_), id_(other.id_) {
  other.L_ = nullptr;
  other.id_ = LUA_NOREF;
}
ref& ref::operator=(ref&& other) noexcept {
  if (this != &other) {
    release();
    L_ = other.L_;
    id_ = other.id_;
    other.L_ = nullptr;
    other.id_ = LUA_NOREF;
  }
  return *this;
}
ref::~ref() { release(); }
void ref::push() const { lua_rawgeti(L_, LUA_REGISTRYINDEX, id_); }
void ref::release() noexcept {
  if (L_ && id_ != LUA_NOREF) luaL_unref(L_, LUA_REGISTRYINDEX, id_);
  L_ = nullptr;
  id_ = LUA_NOREF;
}

}  // namespace lua

// ---- runtime -----------------------------------------------------------------------------

runtime::runtime(kernel& k, runtime_options options)
    : impl_(std::make_unique<impl>(*this, k, std::move(options))) {
  impl& self = *impl_;
  self.L = self.new_state();
  if (!self.L) fail("cannot create a Lua state (out of memory)");
  const bool fast = self.opts.mode == execution::fast;
  self.jit_on = fast && jit_stoppable();
  luaJIT_setmode(self.L, 0, LUAJIT_MODE_ENGINE | (self.jit_on ? LUAJIT_MODE_ON : LUAJIT_MODE_OFF));
  self.counting = !fast && self.opts.instruction_budget != 0;
  if (self.counting) lua_sethook(self.L, &impl::count_hook, LUA_MASKCOUNT, hook_interval);
  try {
    k.set_meter(&self.meter);  // the services charge this runtime's budgets
  } catch (...) {  // the battle state or log already holds more than the memory budget
    lua_close(self.L);
    self.L = nullptr;
    throw;
  }
  if (self.opts.time_budget.count() > 0) {
    self.watch.budget = self.opts.time_budget;
    self.watch.expire = [&self](std::uint64_t call) { self.on_expired(call); };
    detail::watchdog::instance().enroll(self.watch);
    self.watched = true;
  }
  // Build the sandbox under the protected call, so a failure is an error, not an abort.
  lua_pushcfunction(self.L, [](lua_State* L) -> int {
    std::string message;
    try {
      impl::of(L).build_sandbox();
      return 0;
    } catch (const std::exception& e) {
      message = e.what();
    }
    lua::push_string(L, message);
    std::string().swap(message);
    return lua_error(L);
  });
  try {
    self.call(0, 0);
  } catch (...) {
    if (self.watched) detail::watchdog::instance().withdraw(self.watch);
    k.set_meter(nullptr);
    lua_close(self.L);
    self.L = nullptr;
    throw;
  }
}

runtime::~runtime() {
  if (!impl_ || !impl_->L) return;
  if (impl_->watched) detail::watchdog::instance().withdraw(impl_->watch);
  if (impl_->profiling) stop_profile();
  if (impl_->services.meter() == &impl_->meter) impl_->services.set_meter(nullptr);
  lua::close_all(impl_->services);  // drop the kernel's references into this state first
  lua_close(impl_->L);
}

namespace {
std::atomic<bool> profiler_taken{false};  // LuaJIT's profiler is one per process

void on_profile_sample(void* data, lua_State* L, int samples, int vmstate) {
  auto& profile = *static_cast<std::map<std::pair<std::string, char>, std::uint64_t>*>(data);
  std::size_t length = 0;
  // Outermost first (a negative depth), each frame "file:line" where it stands, joined by ';'.
  const char* stack = luaJIT_profile_dumpstack(L, "l;", -64, &length);
  std::string_view text(stack, length);
  while (!text.empty() && text.back() == ';') text.remove_suffix(1);
  profile[{std::string(text), static_cast<char>(vmstate)}] += static_cast<std::uint64_t>(samples);
}
}  // namespace

void runtime::start_profile(int interval_ms) {
  if (interval_ms < 1) fail("start_profile: the interval must be at least 1 ms");
  if (impl_->profiling) fail("start_profile: this runtime is already profiling");
  if (profiler_taken.exchange(true)) fail("start_profile: another runtime is profiling (one per process)");
  impl_->profile.clear();
  impl_->profiling = true;
  const std::string mode = "li" + std::to_string(interval_ms);
  luaJIT_profile_start(impl_->L, mode.c_str(), &on_profile_sample, &impl_->profile);
}

std::vector<runtime::profile_line> runtime::stop_profile() {
  std::vector<profile_line> lines;
  if (!impl_->profiling) return lines;
  luaJIT_profile_stop(impl_->L);
  impl_->profiling = false;
  profiler_taken.store(false);
  lines.reserve(impl_->profile.size());
  for (const auto& [key, samples] : impl_->profile) lines.push_back({key.first, key.second, samples});
  impl_->profile.clear();
  return lines;
}

bool runtime::jit_stoppable() noexcept {
#ifdef MUSTER_LUAJIT_CHECKHOOK
  return true;
#else
  return false;
#endif
}

void runtime::run(std::string_view code, std::string_view chunk_name) {
  impl& self = *impl_;
  const int top = lua_gettop(self.L);
  self.run_in_session(code, "=" + std::string(chunk_name), 0);
  lua_settop(self.L, top);
}

void runtime::run_file(const fs::path& file, std::string_view store_as) {
  impl& self = *impl_;
  const std::string code = read_file(file);
  const int top = lua_gettop(self.L);
  const int n = self.run_in_session(code, self.chunk_name_for(file), store_as.empty() ? 0 : 1);
  if (n > 0) {
    self.push_registry_field("session");  // stack: result, session
    lua_insert(self.L, -2);
    lua_setfield(self.L, -2, std::string(store_as).c_str());
  }
  lua_settop(self.L, top);
}

std::string runtime::eval(std::string_view code, std::string_view chunk_name) {
  impl& self = *impl_;
  lua_State* L = self.L;
  const int top = lua_gettop(L);
  const std::string name = "=" + std::string(chunk_name);
  // An expression first ("1 + 2" prints 3); statements when that does not compile. The
  // expression is passed through a function so that a call in it is not a tail call: a
  // tail call would drop the "eval:1:" location from a binding's error.
  const std::string as_expression =
      "local function results(...) return ... end return results(" + std::string(code) + "\n)";
  self.distrust();
  int n = 0;
  if (luaL_loadbufferx(L, as_expression.data(), as_expression.size(), name.c_str(), "t") == 0) {
    self.push_registry_field("session");
    lua_setfenv(L, -2);
    self.call(0, LUA_MULTRET);
    n = lua_gettop(L) - top;
  } else {
    lua_pop(L, 1);
    n = self.run_in_session(code, name, LUA_MULTRET);
  }
  // Render inside the protected call too: a __tostring metamethod is script code, and may
  // fail or loop like any other.
  std::string out;
  lua_pushlightuserdata(L, &out);
  lua_pushcclosure(L, [](lua_State* S) -> int {
    auto* text = static_cast<std::string*>(lua_touserdata(S, lua_upvalueindex(1)));
    const int count = lua_gettop(S);
    for (int i = 1; i <= count; ++i) {
      if (i > 1) *text += ", ";
      *text += lua::render(S, i);
    }
    return 0;
  }, 1);
  lua_insert(L, top + 1);
  try {
    self.call(n, 0);
  } catch (...) {
    lua_settop(L, top);
    throw;
  }
  lua_settop(L, top);
  return out;
}

std::string loaded_module::options_text() const {
  std::string out;
  for (const auto& [key, value] : options) out += (out.empty() ? "" : ",") + key + "=" + value;
  return out;
}

void runtime::impl::on_module_loaded(const loaded_module& info) {
  const std::string options = info.options_text();
  services.state.set_module(muster::module_info{info.name, info.version, info.hash, options});
  if (options.empty())
    services.log.add_fields("module", "name", info.name, "kind", info.kind, "version", info.version,
                            "hash", info.hash, "path", info.path);
  else
    services.log.add_fields("module", "name", info.name, "kind", info.kind, "version", info.version,
                            "hash", info.hash, "path", info.path, "options", options);
}

const std::vector<loaded_module>& runtime::modules() const { return impl_->modules; }
kernel& runtime::services() noexcept { return impl_->services; }
const runtime_options& runtime::options() const noexcept { return impl_->opts; }
std::uint64_t runtime::last_instructions() const noexcept { return impl_->last_instructions; }
std::size_t runtime::memory_in_use() const noexcept { return impl_->used; }
bool runtime::jit_enabled() const noexcept { return impl_->jit_on; }

void runtime::interrupt() noexcept { impl_->interrupt(); }
void runtime::clear_interrupt() noexcept { impl_->interrupt_pending.store(false); }

void runtime::pause_time_budget() noexcept {
  if (impl_->watched) impl_->watch.pause();
}

void runtime::resume_time_budget() noexcept {
  if (impl_->watched) impl_->watch.resume();
}

}  // namespace muster
