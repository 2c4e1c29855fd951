// Binary matrix rank over GF(2), the first test of `gpurng test --battery linear`: the rank of an
// L x L bit matrix by Gaussian elimination on 64-bit words, and the exact probability of each rank
// for a uniformly random matrix, which the test compares the observed ranks with.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gpurng::cli::quality {

// Words of 64 bits per row of an L-column matrix.
constexpr std::size_t gf2_row_words(std::size_t L) { return (L + 63) / 64; }

// Rank over GF(2) of the L x L matrix in `rows`: row i is the gf2_row_words(L) words from
// i * gf2_row_words(L), column j is bit j % 64 of its word j / 64 (bits at columns >= L must be 0).
// The elimination works in place: the matrix is destroyed.
std::size_t gf2_rank(std::uint64_t* rows, std::size_t L);

// Probability that a uniformly random L x L matrix over GF(2) has rank r (0 <= r <= L):
// the number of such matrices, prod_{i<r} (2^L - 2^i)^2 / (2^r - 2^i), over 2^(L^2).
double random_rank_probability(std::size_t L, std::size_t r);

}  // namespace gpurng::cli::quality
