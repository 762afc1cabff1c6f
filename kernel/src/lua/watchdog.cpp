// The time budget's watchdog thread (watchdog.hpp, docs/decisions/0004).
#include "lua/watchdog.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace muster::detail {

struct watchdog::state {
  std::mutex m;
  std::condition_variable wake;
  std::vector<slot*> slots;
  std::thread thread;

  // Looks at every armed slot; expires those past their deadline. Returns when to look next:
  // the earliest armed deadline, or one budget from now (a call armed after this look cannot
  // run out sooner).
  clock::time_point look() {
    const clock::time_point now = clock::now();
    clock::time_point next = clock::time_point::max();
    for (slot* s : slots) {
      next = std::min(next, now + s->budget);
      const clock::rep d = s->deadline.load();
      if (d == 0) continue;
      const clock::time_point deadline{clock::duration(d)};
      if (deadline > now) {
        next = std::min(next, deadline);
        continue;
      }
      const std::uint64_t call = s->call.load();
      // The same call still armed (a new call has a later deadline): it has run out.
      if (s->deadline.load() == d && s->expired.load() != call) {
        s->expired.store(call);
        s->expire(call);
      }
    }
    return next;
  }

  void run() {
    std::unique_lock lock(m);
    for (;;) {
      if (slots.empty()) {
        wake.wait(lock);
        continue;
      }
      const clock::time_point next = look();
      wake.wait_until(lock, next);
    }
  }
};

watchdog::watchdog() : state_(new state) {}

watchdog& watchdog::instance() {
  // Never destroyed: a runtime may outlive static destruction's order, and the thread only
  // ever waits (the process's exit ends it).
  static watchdog* w = new watchdog;
  return *w;
}

void watchdog::enroll(slot& s) {
  std::lock_guard lock(state_->m);
  if (!state_->thread.joinable()) state_->thread = std::thread([st = state_] { st->run(); });
  state_->slots.push_back(&s);
  state_->wake.notify_all();
}

void watchdog::withdraw(slot& s) noexcept {
  std::lock_guard lock(state_->m);
  std::erase(state_->slots, &s);
}

}  // namespace muster::detail
