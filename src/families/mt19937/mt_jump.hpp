// MT19937 / MT19937-64 jump polynomials on the host (the library's GF(2)[x] code, src/gf2x/).
//
// The characteristic polynomial P(x) of each engine's one-word transition is found once per process
// by Berlekamp-Massey on 2 * 19937 bits of its output (gf2x::minimal_polynomial); a jump by k positions is
// g(x) = x^k mod P(x), handed to core::mt19937::apply_jump() or to the CUDA jump kernel as
// core::mt19937::kPolyWords 32-bit words (bit i = coefficient of x^i).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpurng/core/engines/mt19937.hpp"

namespace gpurng::detail::mt {

using Poly = std::vector<std::uint32_t>;  // core::mt19937::kPolyWords words

// P(x) as kDegree + 1 coefficients (bit i = x^i), padded to whole words.
template <class P>
Poly characteristic_polynomial();

// x^k mod P(x).
template <class P>
Poly jump_polynomial(std::uint64_t k);

// x^k mod P(x) for k given in decimal, of any size (k >= 2^64 works too).
template <class P>
Poly jump_polynomial_decimal(const std::string& k);

// x^(2^e) mod P(x): a jump by 2^e positions, for any e (e squarings).
template <class P>
Poly jump_polynomial_power_of_two(unsigned e);

// x^(shift + b*L) mod P(x) for b = 1 .. count, concatenated (count * kPolyWords words).
template <class P>
Poly block_polynomials(std::uint64_t L, unsigned count, std::uint64_t shift = 0);

// The same, at least `count` of them, from a process-wide cache (the CUDA backend asks for the same
// sets again and again: one per segment length and call length). Thread-safe.
template <class P>
std::shared_ptr<const Poly> cached_block_polynomials(std::uint64_t L, unsigned count, std::uint64_t shift = 0);

// (a * b) mod P(x) for two jump polynomials: a jump by a+b (for tests and for composing jumps).
template <class P>
Poly multiply(const Poly& a, const Poly& b);

// In place: the window at q becomes the window at q + k (host; about a millisecond).
template <class P>
void jump_window(typename P::word* window, std::uint64_t k);

// In place: the window at q becomes the window at q + J, for g = x^J mod P(x).
template <class P>
void apply_polynomial(typename P::word* window, const Poly& g);

}  // namespace gpurng::detail::mt
