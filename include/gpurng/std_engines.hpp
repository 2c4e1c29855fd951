// <random>-style engines (UniformRandomBitGenerator) on the CPU, with the library's jump-ahead:
//
//   gpurng::Mt19937 g;            // == std::mt19937, default seed 5489
//   g.discard(1'000'000'000'000); // a real jump (GF(2) polynomial), not 10^12 steps
//   std::uniform_real_distribution<double> u;  double x = u(g);
//
// gpurng::Mt19937 and gpurng::Mt19937_64 produce exactly the sequences of std::mt19937 and
// std::mt19937_64 for the same seed (and of the reference init_by_array for seed_array). They are
// faster than the standard ones: the 624-word block is regenerated and tempered with vectorised loops,
// and generate() writes whole blocks straight into the caller's buffer. discard(k) steps for small k
// and jumps (about a millisecond) for k >= kJumpThreshold. Needs libgpurng (the jump polynomials).
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpurng/core/engines/mt19937.hpp"

namespace gpurng {

namespace detail {
// Defined in libgpurng (src/families/mt19937/mt_jump.cpp): the window at q becomes the window at q + k, using x^k mod P(x).
void mt_jump_window(std::uint32_t* window, std::uint64_t k);
void mt_jump_window(std::uint64_t* window, std::uint64_t k);
// Throws gpurng::Error(invalid_argument) for an empty key (init_by_array needs at least one word).
void mt_reject_empty_key(const char* engine);
}  // namespace detail

template <class P>
class MersenneTwister {
 public:
  using result_type = typename P::word;
  using params_type = P;
  static constexpr std::size_t state_size = P::n;
  static constexpr result_type default_seed = P::default_seed;
  // discard(k) jumps instead of stepping from this many positions on (a jump costs about as much as
  // stepping 10^7 words).
  static constexpr unsigned long long kJumpThreshold = 1ull << 24;

  MersenneTwister() : MersenneTwister(default_seed) {}
  explicit MersenneTwister(result_type s) { seed(s); }
  MersenneTwister(const result_type* key, std::size_t len) { seed_array(key, len); }

  // init_genrand(s): std::mt19937(s) / std::mt19937_64(s).
  void seed(result_type s = default_seed) {
    core::mt19937::init_genrand<P>(state_, s);
    index_ = P::n;
  }
  // init_by_array(key, len) of the reference code; len >= 1.
  void seed_array(const result_type* key, std::size_t len) {
    if (len == 0) detail::mt_reject_empty_key(P::w == 32 ? "mt19937" : "mt19937_64");
    core::mt19937::init_by_array<P>(state_, key, len);
    index_ = P::n;
  }
  // Positions the engine so that its next output is temper(X_{q+n}), window = X_q .. X_{q+n-1}.
  void set_window(const result_type* window) {
    for (int i = 0; i < P::n; ++i) state_[i] = window[i];
    index_ = P::n;
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return static_cast<result_type>(~result_type(0)); }

  result_type operator()() {
    if (index_ == P::n) refill();
    return out_[index_++];
  }

  // The next output, without consuming it.
  result_type peek() {
    if (index_ == P::n) refill();
    return out_[index_];
  }

  // The output just before the next one (valid once the engine has been seeded: for a fresh seed it
  // is temper(X_{n-1}), a value no reference generator returns).
  result_type previous() const { return P::temper(state_[index_ - 1]); }

  // count outputs into out, as count calls of operator() would; whole blocks go straight to out.
  void generate(result_type* out, std::size_t count) {
    std::size_t done = 0;
    while (done < count && index_ < P::n) out[done++] = out_[index_++];
    while (count - done >= static_cast<std::size_t>(P::n)) {
      core::mt19937::regenerate<P>(state_);
      temper_block(state_, out + done);
      done += P::n;
    }  // index_ stays n: state_ is the window at the next position
    while (done < count) out[done++] = (*this)();
  }

  void discard(unsigned long long k) {
    const unsigned long long left = static_cast<unsigned long long>(P::n - index_);
    if (k <= left) {
      index_ += static_cast<int>(k);
      return;
    }
    k -= left;  // state_ is the window at the next position once the current block is used up
    index_ = P::n;
    if (k >= kJumpThreshold) {
      detail::mt_jump_window(state_, k);
      return;
    }
    for (; k >= static_cast<unsigned long long>(P::n); k -= P::n) core::mt19937::regenerate<P>(state_);
    if (k > 0) {
      refill();
      index_ = static_cast<int>(k);
    }
  }

  // Equal when both will produce the same outputs from here on: the same position in the block and the
  // same 19937 state bits (the low bits of the oldest word never influence an output).
  friend bool operator==(const MersenneTwister& a, const MersenneTwister& b) {
    if (a.index_ != b.index_) return false;
    if (((a.state_[0] ^ b.state_[0]) & P::upper_mask) != 0) return false;
    for (int i = 1; i < P::n; ++i) {
      if (a.state_[i] != b.state_[i]) return false;
    }
    return true;
  }
  friend bool operator!=(const MersenneTwister& a, const MersenneTwister& b) { return !(a == b); }

 private:
  static void temper_block(const result_type* s, result_type* out) {
    for (int i = 0; i < P::n; ++i) out[i] = P::temper(s[i]);
  }
  void refill() {
    core::mt19937::regenerate<P>(state_);
    temper_block(state_, out_);
    index_ = 0;
  }

  // state_ is the window at position c; out_[i] = temper(state_[i]) is output c - n + i; the next
  // output is out_[index_] (index_ == n: regenerate first).
  result_type state_[P::n];
  result_type out_[P::n];
  int index_ = P::n;
};

using Mt19937 = MersenneTwister<core::mt19937::Mt32>;
using Mt19937_64 = MersenneTwister<core::mt19937::Mt64>;

}  // namespace gpurng
