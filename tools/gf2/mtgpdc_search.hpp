// MTGPDC, the parameter-set creator for 32-bit MTGP (Saito & Matsumoto, "Variants of Mersenne
// Twister suitable for graphic processors", ACM TOMS 39(2), 2013, section 5), for p = 11213, 23209,
// 44497.
//
// Recursion (Definition 3.3): N = p / 32 + 1 words, r = 32 N - p, mask = the 32 - r top bits,
// sh1 = 13, sh2 = 4, and pos drawn with 2 < pos < N - R (R = the largest power of two <= N - 2, the
// threads of a block). The 4 x 32 matrix R is the recursion table's basis: tbl[8] (its first row)
// carries the ID's 16 most significant bits in its 16 MSBs, tbl[4] the ID's 16 least significant
// bits at bit positions 19..4 (12th to 27th from the MSB), as the reference creator's sets do
// (data/mtgp/mtgp32dc_fast_params_11213.csv: ID = (tbl[8] >> 16) << 16 | (tbl[4] >> 4) & 0xffff).
// The four LSBs of the rows are drawn until the 4 x 4 matrix they form plus the identity is
// invertible (the last line of the recursion must be invertible); all other bits are random. The
// characteristic polynomial comes from Berlekamp-Massey on the output (degree p required), then the
// small-factor sieve and the prime-degree irreducibility test; a new random set is drawn (ID kept)
// until one passes. p is a Mersenne exponent, so the period is then 2^p - 1.
//
// Tempering (Definition 3.4, the paper's search): the rows tmp[0..3] of T start at zero; for each row
// the 23 MSBs are set five at a time (bits j .. e-1 from the MSB, e = min(j + 5, 23)), keeping the
// pattern with the least d(1) + .. + d(e); then the 9 LSBs likewise by the defects d'(v) of the v
// least significant bits.
#pragma once

#include <NTL/GF2X.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gpurng/core/engines/mtgp.hpp"

namespace gpurng::gf2 {

const std::vector<std::uint32_t>& mtgpdc_exponents();

struct MtgpSet {
  std::uint32_t id = 0;
  core::mtgp::Params<std::uint32_t> params{};
  std::vector<int> k;  // k(v), v = 1 .. 32
  long delta = 0;
  long weight = 0;
  std::string sha1;
  long candidates = 0;  // recursion parameter sets drawn
  long full_tests = 0;  // of which took the irreducibility test
  double recursion_seconds = 0;
  double tempering_seconds = 0;
};

class MtgpCreator {
 public:
  explicit MtgpCreator(std::uint32_t p);

  // The set of a 32-bit ID; `seed` drives the random choices.
  MtgpSet create(std::uint32_t id, std::uint64_t seed) const;

  // The paper's tempering search for fixed recursion parameters (tmp_tbl is overwritten).
  void search_tempering(core::mtgp::Params<std::uint32_t>& p) const;

  std::uint32_t state_words() const { return n_; }
  // pos is drawn from [3, max_pos()].
  std::uint32_t max_pos() const { return n_ - round_ - 1; }

 private:
  std::uint32_t p_, n_, round_;
};

// The 16-entry table of a 4 x 32 matrix given by its rows (tbl[1 << i] = rows[i]).
void fill_table(const std::uint32_t rows[4], std::uint32_t table[16]);

// The ID embedded in a recursion table (see above).
std::uint32_t mtgp_id_of(const core::mtgp::Params<std::uint32_t>& p);

// Characteristic polynomial, its SHA-1 and weight, and k(v) of any 32-bit parameter set.
struct MtgpIdentity {
  NTL::GF2X poly;
  std::string sha1;
  long weight = 0;
  bool irreducible = false;
  std::vector<int> k;
  long delta = 0;
};
MtgpIdentity mtgp_identity(const core::mtgp::Params<std::uint32_t>& p);

// Every set of a 32-bit MTGP table file (data/mtgp columns) recomputed and compared with the
// identity the file gives (poly_sha1, weight, delta; a missing or zero value is not compared).
struct MtgpCheck {
  std::uint32_t index = 0, label = 0;
  std::string file_sha1, sha1;
  long file_weight = 0, weight = 0;
  long file_delta = 0, delta = 0;
  bool irreducible = false;
  bool ok = false;
};
// Throws std::invalid_argument for a malformed file (as the engines' parser of these files says:
// src/support/mtgp_param_csv.hpp) and std::runtime_error for one that cannot be read.
// `threads` sets are checked at a time; progress(done, total) is called from the worker threads, one
// at a time.
std::vector<MtgpCheck> verify_mtgp_file(const std::string& path, std::uint32_t mexp, unsigned threads = 1,
                                        const std::function<void(std::size_t, std::size_t)>& progress = {});

}  // namespace gpurng::gf2
