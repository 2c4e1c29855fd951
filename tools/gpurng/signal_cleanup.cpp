#include "signal_cleanup.hpp"

#include <climits>
#include <cstring>
#include <unistd.h>

#include <atomic>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int kSlots = 8;
enum SlotState : int { kFree, kFilling, kArmed };  // the handler only reads armed slots

struct Slot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX];
};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler reads the slots' states");
Slot slots[kSlots];

sigset_t handled_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kSignals) sigaddset(&set, sig);
  return set;
}

extern "C" void remove_temporaries(int sig) {
  for (Slot& s : slots) {
    if (s.state.load() == kArmed) ::unlink(s.path);
  }
  // Held until this handler returns, then ends the process as if the handler had never been there.
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void install_handlers() {
  for (int sig : kSignals) {
    struct sigaction previous {};
    ::sigaction(sig, nullptr, &previous);
    if (previous.sa_handler == SIG_IGN) continue;  // started to ignore it: keep ignoring it
    struct sigaction action {};
    action.sa_handler = remove_temporaries;
    action.sa_mask = handled_signals();
    action.sa_flags = SA_RESTART;
    ::sigaction(sig, &action, nullptr);
  }
}

}  // namespace

SignalsHeld::SignalsHeld() {
  const sigset_t set = handled_signals();
  ::pthread_sigmask(SIG_BLOCK, &set, &previous_);
}

SignalsHeld::~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

RemovedOnSignal::RemovedOnSignal(const std::string& path) : slot_(-1) {
  static const bool installed = (install_handlers(), true);
  static_cast<void>(installed);
  if (path.size() >= sizeof slots[0].path) {
    throw Error(Status::io_error, "'" + path + "': the name is longer than PATH_MAX");
  }
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (slots[i].state.compare_exchange_strong(expected, kFilling)) {
      std::memcpy(slots[i].path, path.c_str(), path.size() + 1);
      slots[i].state.store(kArmed);
      slot_ = i;
      return;
    }
  }
  throw Error(Status::io_error, "'" + path + "': more than " + std::to_string(kSlots) + " files written at once");
}

RemovedOnSignal::~RemovedOnSignal() { slots[slot_].state.store(kFree); }

}  // namespace gpurng::cli
