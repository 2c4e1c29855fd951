// MT19937 / MT19937-64: the window of the sequence at any position, computed on the host.
//
// Owned by the engine front (which seeds it) and read by the CUDA backend when the device does not
// hold the window a call starts from (a first call, an offset set by the user, graph capture). It
// keeps the last window it computed, so that the next request at or after that position steps or
// jumps from there rather than from position 0.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "families/mt19937/mt_jump.hpp"
#include "gpurng/core/engines/mt19937.hpp"

namespace gpurng::detail::mt {

template <class P>
class HostWindows {
  using W = typename P::word;
  // Below this distance a window is reached by stepping the recurrence rather than by a jump
  // polynomial (a jump costs about a millisecond; 2^22 steps about as much).
  static constexpr std::uint64_t kStepLimit = std::uint64_t{1} << 22;

 public:
  using Window = std::array<W, P::n>;

  // The window at position 0; forgets the last computed window, which belonged to the old seeding.
  void reseed(const Window& seeded) {
    seeded_ = seeded;
    last_valid_ = false;
  }
  const Window& seeded() const { return seeded_; }

  // The window at absolute position k into `window` (P::n words), from the nearest known window at or
  // before k.
  void window_at(std::uint64_t k, W* window) {
    Window w = seeded_;
    std::uint64_t pos = 0;
    if (last_valid_ && last_pos_ <= k) {
      w = last_;
      pos = last_pos_;
    }
    last_valid_ = false;  // until it holds a known window again (a jump can throw)
    std::uint64_t d = k - pos;
    if (d >= kStepLimit) {
      jump_window<P>(w.data(), d);
    } else {
      for (; d >= static_cast<std::uint64_t>(P::n); d -= P::n) core::mt19937::regenerate<P>(w.data());
      if (d > 0) {  // window at pos + d = old[d .. n-1] followed by the first d new words
        Window next = w;
        core::mt19937::regenerate<P>(next.data());
        std::copy(w.begin() + static_cast<long>(d), w.end(), w.begin());
        std::copy(next.begin(), next.begin() + static_cast<long>(d), w.begin() + static_cast<long>(P::n - d));
      }
    }
    std::copy(w.begin(), w.end(), window);
    last_ = w;
    last_pos_ = k;
    last_valid_ = true;
  }

 private:
  Window seeded_{};
  Window last_{};
  std::uint64_t last_pos_ = 0;
  bool last_valid_ = false;
};

}  // namespace gpurng::detail::mt
