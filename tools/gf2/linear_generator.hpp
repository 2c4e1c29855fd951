// What the GF(2) tools need to know about an F2-linear generator, and the state buffer they run it in.
//
// A "linear generator" G is a word recurrence over a window of N words x[0..N-1] (x[0] oldest):
//
//   using word = std::uint32_t or std::uint64_t;
//   int word_bits() const;          // w: bits of one output (32 or 64)
//   int state_words() const;        // N
//   int degree() const;             // p: the state's bits (N w minus the unused low bits of x[0])
//   word first_word_mask() const;   // the bits of x[0] that belong to the state
//   word next(const word* x) const;   // x[N] from x[0..N-1]
//   word output(const word* x) const; // the output of the step that made x[N], from x[0..N]
//   void seed(word* x) const;         // some state with at least one state bit set
//
// next() and output() must be linear over GF(2) in the window (the tools XOR windows together and
// rely on next(a ^ b) == next(a) ^ next(b)). The adapters in engine_adapters.hpp wrap the library's
// core step functions (include/gpurng/core/engines/...) in this shape; the tools never restate an
// engine's math.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpurng::gf2 {

// One state of G in a buffer with room to step forward: the window x[0..N-1] is followed by its
// successor x[N] (the "lookahead"), so that the output of the next step and the state one step on
// are both available without computing anything. Stepping slides the window; the buffer is
// compacted when the slack runs out.
template <class G>
class StateWindow {
 public:
  using word = typename G::word;

  StateWindow() = default;
  explicit StateWindow(const G& g) : n_(static_cast<std::size_t>(g.state_words())) {
    buf_.assign(n_ + 1 + slack(), word{0});
  }

  word* window() { return buf_.data() + start_; }
  const word* window() const { return buf_.data() + start_; }

  // Recomputes the lookahead from the window (after the window was changed in place).
  void refresh(const G& g) { window()[n_] = g.next(window()); }

  // The output of the step from this state.
  word output(const G& g) const { return g.output(window()); }

  // One step: the window moves on by a word and the new lookahead is computed.
  void step(const G& g) {
    if (start_ + n_ + 2 > buf_.size()) {
      std::copy(buf_.begin() + static_cast<std::ptrdiff_t>(start_),
                buf_.begin() + static_cast<std::ptrdiff_t>(start_ + n_ + 1), buf_.begin());
      start_ = 0;
    }
    ++start_;
    window()[n_] = g.next(window());
  }

  // this ^= other, window and lookahead (both must be current).
  void add(const StateWindow& other) { xor_words(window(), other.window(), n_ + 1); }

  // this ^= (other stepped once), then the lookahead is recomputed.
  void add_stepped(const G& g, const StateWindow& other) {
    xor_words(window(), other.window() + 1, n_);
    refresh(g);
  }

  bool is_zero(const G& g) const {
    const word* x = window();
    if ((x[0] & g.first_word_mask()) != 0) return false;
    for (std::size_t i = 1; i < n_; ++i) {
      if (x[i] != 0) return false;
    }
    return true;
  }

 private:
  std::size_t slack() const { return std::max<std::size_t>(4 * n_, 256); }

  static void xor_words(word* a, const word* b, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) a[i] ^= b[i];
  }

  std::vector<word> buf_;
  std::size_t start_ = 0;
  std::size_t n_ = 0;
};

// Top `v` bits of a w-bit output as an integer (v = 1..w).
template <class W>
inline std::uint64_t top_bits(W out, int w, int v) {
  return static_cast<std::uint64_t>(out) >> (w - v);
}

}  // namespace gpurng::gf2
