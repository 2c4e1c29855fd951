// The sequential-search inversion of Poisson and binomial (poisson.hpp, binomial.hpp), tabulated once
// per call on the host, so that a value costs a binary search instead of a chain of divisions.
//
// The search those samplers define walks k = 0, 1, 2, ... with a running sum cdf_k of the pmf and
// returns the first k with u <= cdf_k; it also stops at k, whatever u is, where a bound is reached
// (k = n for the binomial, k = 1000) or where adding the next term leaves the sum unchanged. The
// sums and the stops depend on the parameters alone, never on u. So the table records cdf_0, cdf_1,
// ... up to the state K where the walk stops unconditionally, and puts a sentinel above every u at
// K: the first k with u <= table[k] is then the search's answer for every u, NaN included (no
// comparison with NaN is true: 0, as the walk returns). Same sums, same operations, computed by the
// same code on every machine: the values do not change, only the cost (Poisson lambda = 9.99 walks
// up to 47 states; the table answers in kLog2Size comparisons).
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpurng/core/config.hpp"

namespace gpurng::core::dist {

class InversionTable {
 public:
  static constexpr int kLog2Size = 6;
  static constexpr int kSize = 1 << kLog2Size;  // Poisson below 10 needs at most 48 states

  // Building, in the walk's order: each state either compares (u <= cdf stops there) or is the last
  // one, where the walk stops whatever u is.
  GPURNG_HD void clear() {
    states_ = 0;
    complete_ = false;
    overflow_ = false;
  }
  // False when no room is left (the last state needs a slot too): the table stays incomplete, and
  // the caller keeps its own search.
  GPURNG_HD bool compare_state(double cdf) {
    if (states_ >= kSize - 1) {
      overflow_ = true;
      return false;
    }
    cdf_[states_++] = cdf;
    return true;
  }
  // After a walk that stopped by itself (or ran out of room): its last state, unless out of room.
  GPURNG_HD void finish_walk() {
    if (!overflow_) last_state();
  }
  GPURNG_HD void last_state() {
    for (int i = states_; i < kSize; ++i) cdf_[i] = kAboveEveryUniform;
    complete_ = true;
  }

  // Whether last_state() was reached: only then does search() answer for every u.
  GPURNG_HD bool complete() const { return complete_; }

  // The first state k with u <= cdf_k, or the last state: a binary search with a fixed number of
  // steps over the kSize entries (non-decreasing, the last state's and those after it above every u).
  GPURNG_HD GPURNG_FORCEINLINE int search(double u) const { return search(cdf_, u); }
  // The same over a copy of the entries (a kernel's shared-memory stage: core::produce_row).
  GPURNG_HD GPURNG_FORCEINLINE static int search(const double* cdf, double u) {
    int k = 0;
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int step = kSize / 2; step > 0; step >>= 1) {
      if (cdf[k + step - 1] < u) k += step;
    }
    return k;
  }
  // The table as a GPU block stages it (core/produce.hpp: kStagesItself): the kSize entries (phase 0;
  // phase 1 has nothing to do), searched by search(words, u). (A guide table over them,
  // guided_search.hpp, was slower: an H100 at Poisson lambda = 4, 434 against 476 G values/s,
  // scripts/exp/guide-search-probe.cu.)
  static constexpr std::size_t kStagedBytes = sizeof(double) * kSize;
  GPURNG_HD void stage(double* words, int phase, int thread, int threads) const {
    if (phase != 0) return;
    for (int i = thread; i < kSize; i += threads) words[i] = cdf_[i];
  }

  // The kSize entries, and entry i (for copying).
  GPURNG_HD const double* data() const { return cdf_; }
  GPURNG_HD double entry(int i) const { return cdf_[i]; }

 private:
  // The samplers' first uniforms lie in (0, 1]; NaN compares false with it, as with any sum.
  static constexpr double kAboveEveryUniform = 2.0;

  double cdf_[kSize];
  int states_;
  bool complete_;
  bool overflow_;
};

// The visitor of a walk (poisson_walk, binomial_walk) that records its sums in a table: it stops the
// walk where the table is full. Then finish_walk().
struct InversionTableFiller {
  InversionTable* table;
  GPURNG_HD bool operator()(double cdf) const { return !table->compare_state(cdf); }
};

}  // namespace gpurng::core::dist
