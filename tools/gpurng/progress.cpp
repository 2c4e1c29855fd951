#include "progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace gpurng::cli {

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) != 0; }

namespace {

// GPURNG_PROGRESS_DELAY_MS overrides the one-second delay (the tests set it to 0).
std::chrono::milliseconds delay() {
  const char* env = std::getenv("GPURNG_PROGRESS_DELAY_MS");
  return std::chrono::milliseconds(env != nullptr ? std::strtol(env, nullptr, 10) : 1000);
}

}  // namespace

Progress::Progress(std::uint64_t total, bool enabled, const char* unit)
    : total_(total),
      enabled_(enabled),
      unit_(unit),
      delay_(delay()),
      start_(Clock::now()),
      last_(start_ - std::chrono::seconds(1)) {}

void Progress::update(std::uint64_t done) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - start_ < delay_ || (now - last_ < std::chrono::milliseconds(200) && done != total_)) return;
  last_ = now;
  shown_ = true;
  const double secs = std::max(1e-9, std::chrono::duration<double>(now - start_).count());
  const double rate = static_cast<double>(done) / secs;
  const double pct = total_ == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total_);
  // Nothing finished yet (a search's first set): no estimate, only the elapsed time.
  char eta[32] = "-";
  if (rate > 0) std::snprintf(eta, sizeof eta, "%.0f s", static_cast<double>(total_ - done) / rate);
  std::fprintf(stderr, "\r%6.2f%%  %llu / %llu %s  %.3g %s/s  eta %s  elapsed %.0f s   ", pct,
               static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_), unit_, rate, unit_, eta,
               secs);
  std::fflush(stderr);
}

void Progress::finish() {
  if (shown_) std::fprintf(stderr, "\n");
}

}  // namespace gpurng::cli
