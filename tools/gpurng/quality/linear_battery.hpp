// `gpurng test --battery linear`: the two tests that see GF(2)-linear structure in a bit stream.
// A generator whose output bits are XORs of k state bits (xorshift, MT, MTGP, dcmt) gives matrices
// of rank <= k and bit sequences of linear complexity <= k; a random stream does neither. Each test
// runs stages of doubling size, each stage on fresh words of the stream, and stops after its first
// FAILED stage or before a stage that would take it past its word budget:
//
//  * rank: 40 matrices of L x L bits per stage, L = 32, 64, 128, ...; row i of a matrix is the
//    L / 32 words that follow row i-1 (bit j of the row is bit j % 32 of word j / 32). The ranks are
//    counted in the classes L, L-1 and <= L-2 and compared with the exact probabilities of a random
//    matrix by a chi-square (2 degrees of freedom). Every rank is <= k, so from L > k on no matrix
//    has full rank; at L = k the ranks are typically all equal (all full when the rows are whole
//    states, as for xorshift256), which the chi-square rejects as surely.
//  * complexity: 120 sequences of n bits per stage, n = 64, 128, 256, ...; bit t of a sequence is
//    the top bit (bit 31) of its word t (TestU01's LinearComp with r = 0, s = 1). Their deviations
//    D = complexity - n/2 are counted in the classes <= -2, -1, 0, 1, >= 2 and compared with the
//    exact law of a random sequence by a chi-square (4 degrees of freedom). Every bit of one
//    position satisfies the generator's characteristic polynomial, so the complexity is <= k, and
//    once n >= 2k no deviation can be positive. (A 64-bit engine's words alternate between bits 31
//    and 63 of its values: two positions interleaved, complexity <= 2k.)
//
// The sample counts keep every expected class count at 5 or more. Each p-value is the chi-square's
// upper tail, assessed FAILED below 10^-6 and WEAK below 10^-3 (one-sided: only too few full-rank
// matrices or too low complexities are the defect these tests look for).
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli::quality {

// The stream tested: fills out[0 .. n) with its next n 32-bit words.
using WordSource = std::function<void(std::uint32_t* out, std::size_t n)>;

// A generator's integers from its current position as 32-bit words: 32-bit engines value by value,
// 64-bit engines low half first (as dieharder reads them).
WordSource generator_words(Generator& g);

constexpr std::uint64_t kRankMatrices = 40;
constexpr std::uint64_t kComplexitySequences = 120;
constexpr std::uint64_t kFirstRankSize = 32;         // L of the first rank stage
constexpr std::uint64_t kFirstComplexitySize = 64;   // n of the first complexity stage

// Words one stage reads: kRankMatrices * L * L / 32, kComplexitySequences * n.
constexpr std::uint64_t rank_stage_words(std::uint64_t L) { return kRankMatrices * L * L / 32; }
constexpr std::uint64_t complexity_stage_words(std::uint64_t n) { return kComplexitySequences * n; }

struct LinearStage {
  std::string test;                   // "rank" or "complexity"
  std::uint64_t size = 0;             // rank: L (L x L matrices); complexity: n (bits per sequence)
  std::uint64_t samples = 0;          // matrices or sequences
  std::uint64_t words_end = 0;        // 32-bit words the test has read, this stage included
  std::vector<std::string> classes;   // rank: L, L-1, <=L-2; complexity: D <=-2, -1, 0, 1, >=2
  std::vector<std::uint64_t> observed;
  std::vector<double> expected;
  double statistic = 0;
  double dof = 0;
  double p_value = 1;
  std::string assessment;             // PASSED, WEAK, FAILED
  std::uint64_t low = 0, high = 0;    // smallest and largest rank (complexity) seen
};

// FAILED below 10^-6, WEAK below 10^-3, else PASSED.
std::string assess_upper_tail(double p);

// One stage: kRankMatrices matrices of L x L bits (L a multiple of 32), or kComplexitySequences
// sequences of n bits (n even), from the next words of `next`. words_end is left 0.
LinearStage rank_stage(const WordSource& next, std::uint64_t L);
LinearStage complexity_stage(const WordSource& next, std::uint64_t n);

// Each reads words from `next` until its first FAILED stage, or while the next stage fits in
// max_words words in all; one line per stage on `progress` (may be null).
std::vector<LinearStage> run_rank_test(const WordSource& next, std::uint64_t max_words, std::FILE* progress);
std::vector<LinearStage> run_complexity_test(const WordSource& next, std::uint64_t max_words, std::FILE* progress);

}  // namespace gpurng::cli::quality
