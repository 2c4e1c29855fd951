#include "gf2_rank.hpp"

#include <algorithm>
#include <cmath>

namespace gpurng::cli::quality {

std::size_t gf2_rank(std::uint64_t* rows, std::size_t L) {
  const std::size_t W = gf2_row_words(L);
  std::size_t rank = 0;
  for (std::size_t col = 0; col < L && rank < L; ++col) {
    const std::size_t w = col / 64;
    const std::uint64_t bit = std::uint64_t{1} << (col % 64);
    std::size_t pivot = rank;
    while (pivot < L && (rows[pivot * W + w] & bit) == 0) ++pivot;
    if (pivot == L) continue;  // no row left with this column: rank stays
    std::uint64_t* top = rows + rank * W;
    // Words left of w are zero in every row from `rank` on (their columns are eliminated).
    if (pivot != rank) std::swap_ranges(top + w, top + W, rows + pivot * W + w);
    // Rows between rank and pivot lack the bit (the search passed them), and so does the row
    // swapped into pivot's place: elimination starts after it.
    for (std::size_t r = pivot + 1; r < L; ++r) {
      std::uint64_t* row = rows + r * W;
      if ((row[w] & bit) == 0) continue;
      for (std::size_t k = w; k < W; ++k) row[k] ^= top[k];
    }
    ++rank;
  }
  return rank;
}

double random_rank_probability(std::size_t L, std::size_t r) {
  if (r > L) return 0.0;
  // prod_{i<r} (2^L - 2^i)^2 / (2^r - 2^i) / 2^(L^2) = 2^-((L-r)^2) prod_{i<r} (1 - 2^(i-L))^2 / (1 - 2^(i-r)):
  // every factor stays near 1, so the product is exact to rounding for any L.
  double product = 1.0;
  for (std::size_t i = 0; i < r; ++i) {
    const double a = 1.0 - std::ldexp(1.0, static_cast<int>(i) - static_cast<int>(L));
    const double b = 1.0 - std::ldexp(1.0, static_cast<int>(i) - static_cast<int>(r));
    product *= a * a / b;
  }
  const double d = static_cast<double>(L - r);
  return product * std::exp2(-d * d);  // underflows to 0 from L - r = 33 on
}

}  // namespace gpurng::cli::quality
