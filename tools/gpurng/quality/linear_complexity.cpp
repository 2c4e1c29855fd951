#include "linear_complexity.hpp"

#include <algorithm>
#include <cmath>

namespace gpurng::cli::quality {
namespace {

// A polynomial over GF(2) as bits of 64-bit words, with the number of words that may be non-zero
// (its degree bound / 64 + 1), so that copies and shifted sums touch only those.
struct Poly {
  std::vector<std::uint64_t> w;
  std::size_t used = 0;
};

}  // namespace

std::size_t linear_complexity(const std::vector<std::uint64_t>& bits, std::size_t n) {
  // Berlekamp-Massey. The discrepancy at step i is sum_{j=0..L} c_j s_{i-j}: with the sequence
  // reversed (r_t = s_{n-1-t}), s_{i-j} = r_{n-1-i+j}, so it is the parity of C AND the bits of r
  // from n-1-i on, 64 coefficients per word.
  const std::size_t words = n / 64 + 3;  // C's degree <= n, plus room for unaligned and shifted access
  std::vector<std::uint64_t> r(words, 0);
  for (std::size_t t = 0; t < n; ++t) {
    const std::size_t i = n - 1 - t;
    r[t / 64] |= ((bits[i / 64] >> (i % 64)) & 1u) << (t % 64);
  }
  auto window = [&](std::size_t pos) {  // bits pos .. pos+63 of r
    const std::size_t w = pos / 64, b = pos % 64;
    return b == 0 ? r[w] : (r[w] >> b) | (r[w + 1] << (64 - b));
  };

  Poly c{std::vector<std::uint64_t>(words, 0), 1};  // connection polynomial C(x), C(0) = 1
  Poly b = c;                                       // C before the last length change
  Poly spare{std::vector<std::uint64_t>(words, 0), 0};
  c.w[0] = b.w[0] = 1;
  std::size_t L = 0, shift = 1;  // shift: steps since the last length change
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t pos = n - 1 - i;
    std::uint64_t acc = 0;
    for (std::size_t k = 0; k <= L / 64; ++k) acc ^= c.w[k] & window(pos + 64 * k);
    if ((__builtin_popcountll(acc) & 1) == 0) {
      ++shift;
      continue;
    }
    const bool grows = 2 * L <= i;
    if (grows) {  // keep C for B before it changes
      std::fill(spare.w.begin(), spare.w.begin() + static_cast<std::ptrdiff_t>(spare.used), 0);
      std::copy(c.w.begin(), c.w.begin() + static_cast<std::ptrdiff_t>(c.used), spare.w.begin());
      spare.used = c.used;
    }
    // C += x^shift B(x)
    const std::size_t ws = shift / 64, bs = shift % 64;
    for (std::size_t k = 0; k < b.used; ++k) {
      c.w[k + ws] ^= b.w[k] << bs;
      if (bs != 0) c.w[k + ws + 1] ^= b.w[k] >> (64 - bs);
    }
    if (grows) {
      L = i + 1 - L;
      std::swap(b, spare);
      shift = 1;
    } else {
      ++shift;
    }
    c.used = L / 64 + 1;  // BM keeps deg C <= L, so the words above are zero
  }
  return L;
}

double random_complexity_probability(std::size_t n, std::size_t c) {
  if (c > n) return 0.0;
  if (c == 0) return std::exp2(-static_cast<double>(n));
  const double e = std::min(2.0 * static_cast<double>(n - c), 2.0 * static_cast<double>(c) - 1.0);
  return std::exp2(e - static_cast<double>(n));
}

}  // namespace gpurng::cli::quality
