// An independent, slow reference for the GF(2) toolkit's tests: k(v) by Gaussian elimination on the
// output functionals of a small generator (the definition, not a lattice), feasible for states of a
// few hundred bits.
#pragma once

#include <cstdint>
#include <vector>

namespace gpurng::test {

// A vector over GF(2) of fixed length, as 64-bit words.
struct BitVec {
  std::vector<std::uint64_t> w;
  explicit BitVec(int bits = 0) : w(static_cast<std::size_t>((bits + 63) / 64), 0) {}
  bool get(int i) const { return (w[static_cast<std::size_t>(i / 64)] >> (i % 64)) & 1u; }
  void flip(int i) { w[static_cast<std::size_t>(i / 64)] ^= std::uint64_t{1} << (i % 64); }
  void add(const BitVec& o) {
    for (std::size_t i = 0; i < w.size(); ++i) w[i] ^= o.w[i];
  }
  int lowest() const {
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (w[i] != 0) return static_cast<int>(i * 64) + __builtin_ctzll(w[i]);
    }
    return -1;
  }
};

// Incremental row echelon form: add() returns false when the vector is dependent on those before.
class Echelon {
 public:
  explicit Echelon(int bits) : pivots_(static_cast<std::size_t>(bits), -1) {}
  bool add(BitVec v) {
    for (int p = v.lowest(); p >= 0; p = v.lowest()) {
      const int r = pivots_[static_cast<std::size_t>(p)];
      if (r < 0) {
        pivots_[static_cast<std::size_t>(p)] = static_cast<int>(rows_.size());
        rows_.push_back(v);
        return true;
      }
      v.add(rows_[static_cast<std::size_t>(r)]);
    }
    return false;
  }

 private:
  std::vector<int> pivots_;
  std::vector<BitVec> rows_;
};

// k(v) for v = 1 .. w by the definition. state_bits(i) writes the unit state e_i into a window
// (i < p); run(window, count) returns `count` outputs from a window. Output bit b (from the most
// significant, b = 0 .. w-1) of output t is the functional column (t, b); k(v) is the largest k for
// which the columns (t < k, b < v) are linearly independent.
template <class Word, class UnitState, class Run>
std::vector<int> equidistribution_by_elimination(int p, int w, int max_k, UnitState unit_state, Run run) {
  // functional[t][b] as a vector over the p state bits.
  std::vector<std::vector<BitVec>> functional(static_cast<std::size_t>(max_k),
                                              std::vector<BitVec>(static_cast<std::size_t>(w), BitVec(p)));
  for (int i = 0; i < p; ++i) {
    const std::vector<Word> out = run(unit_state(i), max_k);
    for (int t = 0; t < max_k; ++t) {
      for (int b = 0; b < w; ++b) {
        if ((out[static_cast<std::size_t>(t)] >> (w - 1 - b)) & 1u) {
          functional[static_cast<std::size_t>(t)][static_cast<std::size_t>(b)].flip(i);
        }
      }
    }
  }
  std::vector<int> k(static_cast<std::size_t>(w), 0);
  for (int v = 1; v <= w; ++v) {
    Echelon e(p);
    int t = 0;
    for (; t < max_k; ++t) {
      bool independent = true;
      for (int b = 0; b < v && independent; ++b) {
        independent = e.add(functional[static_cast<std::size_t>(t)][static_cast<std::size_t>(b)]);
      }
      if (!independent) break;
    }
    k[static_cast<std::size_t>(v - 1)] = t;
  }
  return k;
}

}  // namespace gpurng::test
