// Linear complexity of bit sequences, the second test of `gpurng test --battery linear`: the length
// of the shortest linear feedback shift register that produces the sequence (Berlekamp-Massey over
// GF(2), on 64-bit words), and its exact distribution for uniformly random sequences, which the test
// compares the observed complexities with.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpurng::cli::quality {

// Linear complexity of the bits s_0 .. s_{n-1}; s_i is bit i % 64 of bits[i / 64]
// (bits.size() >= ceil(n / 64)).
std::size_t linear_complexity(const std::vector<std::uint64_t>& bits, std::size_t n);

// Probability that a uniformly random sequence of n bits has linear complexity c (0 <= c <= n):
// 2^-n for c = 0, else 2^(min(2n - 2c, 2c - 1) - n). The number of such sequences,
// 2^min(2n - 2c, 2c - 1), is the classical count (Rueppel, Analysis and Design of Stream Ciphers,
// 1986, ch. 4); tests/test_quality_tools.cpp checks it by enumerating every sequence of 14 bits.
double random_complexity_probability(std::size_t n, std::size_t c);

}  // namespace gpurng::cli::quality
