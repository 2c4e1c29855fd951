// The library's F2-linear engines in the shape the GF(2) tools run (linear_generator.hpp). Each
// adapter calls the engine's core step function (include/gpurng/core/engines/...) and nothing else:
// the recurrence and the tempering are the engine's own.
#pragma once

#include <algorithm>
#include <cstdint>

#include "gpurng/core/engines/mt19937.hpp"
#include "gpurng/core/engines/mtgp.hpp"
#include "gpurng/core/engines/xorshift256.hpp"

namespace gpurng::gf2 {

// MT19937 (P = core::mt19937::Mt32) and MT19937-64 (Mt64): x[N] = recur(x[0], x[1], x[m]), output
// temper(x[N]).
template <class P>
struct MtAdapter {
  using word = typename P::word;
  int word_bits() const { return P::w; }
  int state_words() const { return P::n; }
  int degree() const { return core::mt19937::kDegree; }
  word first_word_mask() const { return P::upper_mask; }
  word next(const word* x) const { return core::mt19937::recur<P>(x[0], x[1], x[P::m]); }
  word output(const word* x) const { return P::temper(x[P::n]); }
  void seed(word* x) const { core::mt19937::init_genrand<P>(x, P::default_seed); }
};

using Mt19937Adapter = MtAdapter<core::mt19937::Mt32>;
using Mt19937_64Adapter = MtAdapter<core::mt19937::Mt64>;

// xorshift256: the eight-word state is the window; the new word is the output.
struct Xorshift256Adapter {
  using word = std::uint32_t;
  int word_bits() const { return 32; }
  int state_words() const { return 8; }
  int degree() const { return 256; }
  word first_word_mask() const { return ~word{0}; }
  word next(const word* x) const {
    core::xorshift256::State st{};
    std::copy(x, x + 8, st.x);
    return core::xorshift256::next(st);
  }
  word output(const word* x) const { return x[8]; }
  void seed(word* x) const {
    const core::xorshift256::State st = core::xorshift256::stream_state(0, 0);
    std::copy(st.x, st.x + 8, x);
  }
};

// MTGP (32- or 64-bit words) with one parameter set: x[N] = recursion(x[0], x[1], x[pos]), output
// temper(x[N], x[pos - 1]) (Definitions 3.3 and 3.4 of the MTGP paper, core/engines/mtgp.hpp).
template <class W>
struct MtgpAdapter {
  using word = W;
  core::mtgp::Params<W> p;
  int word_bits() const { return core::mtgp::kWordBits<W>; }
  int state_words() const { return static_cast<int>(core::mtgp::state_words(p)); }
  int degree() const { return static_cast<int>(p.mexp); }
  word first_word_mask() const { return p.mask; }
  word next(const word* x) const { return core::mtgp::recursion(x[0], x[1], x[p.pos], p.mask, p.sh1, p.sh2, p.tbl); }
  word output(const word* x) const { return core::mtgp::temper(x[state_words()], x[p.pos - 1], p.tmp_tbl); }
  void seed(word* x) const { core::mtgp::seed_state<W>(p, W{1}, x); }
};

// Any generator with its output bits reversed: k(v) of this is the dimension of equidistribution of
// the v least significant bits (MTGPDC's k'(v)).
template <class G>
struct LsbFirst {
  using word = typename G::word;
  G g;
  int word_bits() const { return g.word_bits(); }
  int state_words() const { return g.state_words(); }
  int degree() const { return g.degree(); }
  word first_word_mask() const { return g.first_word_mask(); }
  word next(const word* x) const { return g.next(x); }
  word output(const word* x) const { return reverse(g.output(x), g.word_bits()); }
  void seed(word* x) const { g.seed(x); }

  static word reverse(word v, int bits) {
    word r = 0;
    for (int i = 0; i < bits; ++i) r |= ((v >> i) & word{1}) << (bits - 1 - i);
    return r;
  }
};

}  // namespace gpurng::gf2
