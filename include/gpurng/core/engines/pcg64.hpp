// PCG64 and PCG64DXSM exactly as NumPy has them (numpy.random.PCG64, numpy.random.PCG64DXSM;
// O'Neill, "PCG: a family of simple fast space-efficient statistically good algorithms for random
// number generation", HMC-CS-2014-0905). Both are a 128-bit LCG, state <- a state + inc (mod 2^128),
// inc odd, with a 64-bit output function:
//  * PCG64 (PCG XSL RR 128/64): a = 0x2360ed051fc65da44385df649fccf645; step, then output
//    rotr64(hi ^ lo, hi >> 58) of the new state.
//  * PCG64DXSM (PCG CM DXSM 128/64): the "cheap" 64-bit multiplier a = 0xda942042e4dd58b5; output of
//    the state before the step: h = hi; h ^= h >> 32; h *= a; h ^= h >> 48; h *= (lo | 1).
//
// Seeding (NumPy's, for integer seeds 0 .. 2^128 - 1): w = SeedSequence(seed).generate_state(4,
// uint64); initstate = w0 * 2^64 + w1, initseq = w2 * 2^64 + w3; inc = 2 initseq + 1; state = 0,
// step, state += initstate, step - both steps with PCG64's multiplier, for PCG64DXSM too (as NumPy).
//
// Canonical sequence (docs/ENGINES.md): element i of stream s is value i of
// numpy.random.PCG64(seed).jumped(s).random_raw(), where jumped(s) advances by s times
// 0x9e3779b97f4a7c15f39cc0605cedc835 ((phi - 1) 2^128, odd) steps modulo 2^128; the same for PCG64DXSM.
// advance(k) is NumPy's advance: k steps (mod 2^128) in O(log k) (jump/lcg128.hpp).
#pragma once

#include "gpurng/core/engines/word_conversions.hpp"
#include "gpurng/core/jump/lcg128.hpp"
#include "gpurng/core/seed_sequence.hpp"

namespace gpurng::core::pcg64 {

inline constexpr U128 kMultiplier{0x4385df649fccf645ull, 0x2360ed051fc65da4ull};
inline constexpr std::uint64_t kCheapMultiplier = 0xda942042e4dd58b5ull;
inline constexpr U128 kJump{0xf39cc0605cedc835ull, 0x9e3779b97f4a7c15ull};

struct State {
  U128 state;
  U128 inc;  // odd
};

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint64_t output_xsl_rr(U128 s) { return rotr64(s.hi ^ s.lo, static_cast<unsigned>(s.hi >> 58)); }

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint64_t output_dxsm(U128 s) {
  std::uint64_t h = s.hi;
  h ^= h >> 32;
  h *= kCheapMultiplier;
  h ^= h >> 48;
  return h * (s.lo | 1u);
}

// The two variants: the LCG multiplier and where the output is taken.
struct XslRr {
  GPURNG_HD static GPURNG_FORCEINLINE U128 step(U128 s, U128 inc) { return s * kMultiplier + inc; }
  GPURNG_HD static constexpr U128 multiplier() { return kMultiplier; }
  GPURNG_HD static GPURNG_FORCEINLINE std::uint64_t next(State& st) {
    st.state = step(st.state, st.inc);
    return output_xsl_rr(st.state);
  }
};

struct Dxsm {
  GPURNG_HD static GPURNG_FORCEINLINE U128 step(U128 s, U128 inc) { return mul_u64(s, kCheapMultiplier) + inc; }
  GPURNG_HD static constexpr U128 multiplier() { return U128{kCheapMultiplier, 0}; }
  GPURNG_HD static GPURNG_FORCEINLINE std::uint64_t next(State& st) {
    const std::uint64_t out = output_dxsm(st.state);
    st.state = step(st.state, st.inc);
    return out;
  }
};

// NumPy's seeding from the four SeedSequence words. Both variants seed with PCG64's full multiplier
// (NumPy's PCG64DXSM shares PCG64's set_seed), so they start from the same state.
GPURNG_HD inline State state_from_words(std::uint64_t w0, std::uint64_t w1, std::uint64_t w2, std::uint64_t w3) {
  const U128 initstate{w1, w0};
  const U128 inc = shl1(U128{w3, w2}) + U128{1, 0};
  U128 s = XslRr::step(U128{0, 0}, inc);
  s = XslRr::step(s + initstate, inc);
  return State{s, inc};
}

GPURNG_HD inline State state_from_seed(U128 seed) {
  seed_sequence::StateWords words(seed_sequence::pool(seed));
  const std::uint64_t w0 = words.next64();
  const std::uint64_t w1 = words.next64();
  const std::uint64_t w2 = words.next64();
  return state_from_words(w0, w1, w2, words.next64());
}

// k steps (mod 2^128), O(log k).
template <class V>
GPURNG_HD State advance(const State& st, U128 k) {
  return State{lcg128_power(V::multiplier(), st.inc, k)(st.state), st.inc};
}

// NumPy's jumped(jumps): advance(jumps * kJump mod 2^128).
template <class V>
GPURNG_HD State jumped(const State& st, U128 jumps) {
  return advance<V>(st, jumps * kJump);
}

template <class V>
GPURNG_HD State stream_state(U128 seed, std::uint64_t s) {
  return jumped<V>(state_from_seed(seed), U128{s, 0});
}

// One stream as a small generator (C++'s UniformRandomBitGenerator shape).
template <class V>
class Engine {
 public:
  using result_type = std::uint64_t;
  GPURNG_HD explicit Engine(const State& st) : st_(st) {}
  GPURNG_HD Engine(U128 seed, std::uint64_t s) : st_(stream_state<V>(seed, s)) {}
  GPURNG_HD static constexpr result_type min() { return 0; }
  GPURNG_HD static constexpr result_type max() { return ~result_type{0}; }
  GPURNG_HD result_type next() { return V::next(st_); }
  GPURNG_HD result_type operator()() { return next(); }
  GPURNG_HD void discard(std::uint64_t k) { st_ = advance<V>(st_, U128{k, 0}); }
  GPURNG_HD const State& state() const { return st_; }

 private:
  State st_;
};

using Pcg64 = Engine<XslRr>;
using Pcg64Dxsm = Engine<Dxsm>;

// A variant as the generic fill (core/produce.hpp) sees it (gpurng::Engine::pcg64, pcg64dxsm): the
// state is the LCG's, a skip is advance().
template <class V>
struct Traits {
  using state_type = State;
  using raw_type = std::uint64_t;
  using bits_type = std::uint64_t;
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(State& st) { return V::next(st); }
  GPURNG_HD static void skip(State& st, std::uint64_t k) { st = advance<V>(st, U128{k, 0}); }
  GPURNG_HD static GPURNG_FORCEINLINE bits_type bits(raw_type r) { return r; }
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) { return word_to_uniform_float(r); }
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) { return word_to_uniform_double(r); }
};

using TraitsPcg64 = Traits<XslRr>;
using TraitsPcg64Dxsm = Traits<Dxsm>;

}  // namespace gpurng::core::pcg64
