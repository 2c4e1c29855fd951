// The CLI's temporaries (support::AtomicFile) removed when SIGINT, SIGTERM or SIGHUP ends the
// process: Ctrl-C during `gpurng generate --out f` leaves neither f nor a partial file. The handler
// is async-signal-safe (a fixed-size table of paths, unlink(), then the signal again with its default
// action, so that the exit status shows it); it is installed with the first registration, and not
// for a signal the CLI was started with ignored (nohup, background jobs). The library never does this.
#pragma once

#include <signal.h>

#include <string>

namespace gpurng::cli {

// Holds SIGINT, SIGTERM and SIGHUP back in this thread while it lives, so that a temporary can be
// created and registered with no signal in between; a held signal arrives at the destructor.
class SignalsHeld {
 public:
  SignalsHeld();
  ~SignalsHeld();
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;

 private:
  sigset_t previous_;
};

// Registers path for removal on those signals while it lives. Throws gpurng::Error(io_error) when
// the table (a few files at once; the CLI writes one or two) is full.
class RemovedOnSignal {
 public:
  explicit RemovedOnSignal(const std::string& path);
  ~RemovedOnSignal();
  RemovedOnSignal(const RemovedOnSignal&) = delete;
  RemovedOnSignal& operator=(const RemovedOnSignal&) = delete;

 private:
  int slot_;
};

}  // namespace gpurng::cli
