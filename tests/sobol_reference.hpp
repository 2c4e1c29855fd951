// An independent, slow Sobol' implementation for the tests: it reads Joe and Kuo's file itself,
// builds the direction integers m_k by the integer recurrence of Bratley and Fox / Joe and Kuo
//   m_k = 2 a_1 m_(k-1) ^ 4 a_2 m_(k-2) ^ ... ^ 2^s m_(k-s) ^ m_(k-s)
// (the library uses the shifted-word form v_k = m_k 2^(W-k) instead), and computes each point
// directly: the Gray-code point n is the XOR of m_k 2^(W-k) over the bits k-1 of n ^ (n >> 1).
// Also the generator matrices' rows, for the t-values of 2-D projections.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace gpurng::test {

class SlowSobol {
 public:
  // Dimensions 0 .. dims-1 (0 = van der Corput, j >= 1 = row j of the file).
  explicit SlowSobol(std::uint32_t dims) : m_(dims) {
    m_[0].assign(65, 1);  // van der Corput: every m_k = 1
    if (dims == 1) return;
    std::ifstream f(data_path("../../data/sobol/new-joe-kuo-6.21201"));
    if (!f) throw std::runtime_error("cannot open data/sobol/new-joe-kuo-6.21201");
    std::string line;
    std::getline(f, line);  // header
    for (std::uint32_t j = 1; j < dims; ++j) {
      if (!std::getline(f, line)) throw std::runtime_error("Joe-Kuo file too short");
      std::istringstream in(line);
      unsigned d = 0, s = 0;
      std::uint64_t a = 0;
      in >> d >> s >> a;
      if (d != j + 1) throw std::runtime_error("Joe-Kuo file: unexpected row " + line);
      std::vector<std::uint64_t>& m = m_[j];
      m.assign(65, 0);
      for (unsigned k = 1; k <= s; ++k) in >> m[k];
      for (unsigned k = s + 1; k <= 64; ++k) {
        std::uint64_t x = (m[k - s] << s) ^ m[k - s];
        for (unsigned i = 1; i < s; ++i) {
          const std::uint64_t a_i = (a >> (s - 1 - i)) & 1u;
          if (a_i) x ^= m[k - i] << i;
        }
        m[k] = x;
      }
    }
  }

  // Direction integer m_k, k = 1..64, of dimension d.
  std::uint64_t m(std::uint32_t d, unsigned k) const { return m_[d][k]; }

  // The W-bit Gray-code point n of dimension d (W = 32 or 64; n < 2^W).
  std::uint64_t point(std::uint32_t d, std::uint64_t n, unsigned W) const {
    const std::uint64_t g = n ^ (n >> 1);
    std::uint64_t x = 0;
    for (unsigned k = 1; k <= W; ++k) {
      if ((g >> (k - 1)) & 1u) x ^= m_[d][k] << (W - k);
    }
    return x;
  }

  // Row r (0 = most significant bit) of dimension d's generator matrix restricted to its first
  // `cols` columns, as a bit mask over the columns: bit k is bit W-1-r of m_(k+1) 2^(W-k-1), W = 64.
  std::uint64_t matrix_row(std::uint32_t d, unsigned r, unsigned cols) const {
    std::uint64_t row = 0;
    for (unsigned k = 0; k < cols; ++k) {
      const std::uint64_t v = m_[d][k + 1] << (63 - k);
      row |= ((v >> (63 - r)) & 1u) << k;
    }
    return row;
  }

 private:
  std::vector<std::vector<std::uint64_t>> m_;
};

// Rank over GF(2) of a set of row vectors (bit masks).
inline unsigned gf2_rank(std::vector<std::uint64_t> rows) {
  unsigned rank = 0;
  for (unsigned bit = 0; bit < 64 && !rows.empty(); ++bit) {
    const std::uint64_t mask = std::uint64_t{1} << bit;
    std::size_t pivot = rows.size();
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (rows[i] & mask) {
        pivot = i;
        break;
      }
    }
    if (pivot == rows.size()) continue;
    const std::uint64_t p = rows[pivot];
    rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(pivot));
    for (std::uint64_t& r : rows) {
      if (r & mask) r ^= p;
    }
    ++rank;
  }
  return rank;
}

// The t-value of the first 2^m points of the 2-D projection (d1, d2): t = m - rho, where rho is the
// largest k such that for every k1 + k2 = k the first k1 rows of C_d1 and the first k2 rows of C_d2
// (m columns) are linearly independent. Then every elementary box of volume 2^(t-m) holds exactly
// 2^t of the points.
inline unsigned t_value_2d(const SlowSobol& s, std::uint32_t d1, std::uint32_t d2, unsigned m) {
  unsigned rho = 0;
  for (unsigned k = 1; k <= m; ++k) {
    bool all = true;
    for (unsigned k1 = 0; k1 <= k && all; ++k1) {
      std::vector<std::uint64_t> rows;
      for (unsigned r = 0; r < k1; ++r) rows.push_back(s.matrix_row(d1, r, m));
      for (unsigned r = 0; r < k - k1; ++r) rows.push_back(s.matrix_row(d2, r, m));
      all = gf2_rank(rows) == k;
    }
    if (!all) break;
    rho = k;
  }
  return m - rho;
}

}  // namespace gpurng::test
