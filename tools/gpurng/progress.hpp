// A progress line on stderr for long runs: shown (with --progress auto) only when stderr is a
// terminal and the run has lasted over a second; redrawn at most five times a second.
#pragma once

#include <chrono>
#include <cstdint>

namespace gpurng::cli {

class Progress {
 public:
  // `unit` names what is counted ("values", "sets").
  Progress(std::uint64_t total, bool enabled, const char* unit = "values");
  void update(std::uint64_t done);
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::uint64_t total_;
  bool enabled_;
  bool shown_ = false;
  const char* unit_;
  std::chrono::milliseconds delay_;
  Clock::time_point start_;
  Clock::time_point last_;
};

bool stderr_is_terminal();

}  // namespace gpurng::cli
