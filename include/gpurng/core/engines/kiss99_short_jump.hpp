// KISS99 jumps of fewer than 2^27 steps from tables of base-512 digits: the skips of the CUDA fill
// kernels' threads, each a short way from its launch's first position. kiss99::skip walks the bits
// of k (a Montgomery squaring chain per MWC, one 32x32 GF(2) product per set bit for SHR3, an affine
// composition per bit for the LCG): up to 27 dependent steps per component for such a k. With the
// tables the MWCs and the LCG take at most three steps (base-512 digits) and SHR3 five (base-64
// digits: its 128-byte matrices made a base-512 table 196 KiB, and too many products for the
// compiler's constant evaluation), and the table reads do not wait on each other.
//
// Apart from kiss.hpp so that only the users of the tables compile them (src/cuda/kiss99.cu keeps
// the one device copy, 52 KiB; the engines of kiss.hpp do not see them).
#pragma once

#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/jump/short_jump.hpp"

namespace gpurng::core::kiss99 {

inline constexpr int kShortJumpBits = short_jump::kBits;
inline constexpr int kShortJumpDigits = short_jump::kDigits;
inline constexpr int kShortJumpEntries = short_jump::kEntries;
inline constexpr std::uint64_t kShortJumpLimit = short_jump::kLimit;
inline constexpr int kShr3JumpBits = 6;
inline constexpr int kShr3JumpDigits = 5;
inline constexpr int kShr3JumpEntries = (1 << kShr3JumpBits) - 1;
static_assert(kShr3JumpBits * kShr3JumpDigits >= kShortJumpBits * kShortJumpDigits, "SHR3's digits cover the limit");

// Entry [d][g-1] is the jump of g * 512^d steps (SHR3: g * 64^d): the MWC multipliers' powers in
// Montgomery form, the LCG's affine map, the SHR3 matrix's power.
struct ShortJumpTables {
  std::uint32_t z_pow[kShortJumpDigits][kShortJumpEntries];
  std::uint32_t w_pow[kShortJumpDigits][kShortJumpEntries];
  gf2::Matrix32 shr3[kShr3JumpDigits][kShr3JumpEntries];
  Affine32 cong[kShortJumpDigits][kShortJumpEntries];
};

struct Shr3Step {
  GPURNG_HD constexpr std::uint32_t operator()(std::uint32_t v) const { return kiss::xorshift32<17, 13, 5>(v); }
};

GPURNG_HD constexpr ShortJumpTables make_short_jump_tables() {
  constexpr mont32::Modulus kModZ = mont32::make_modulus(kPz);
  constexpr mont32::Modulus kModW = mont32::make_modulus(kPw);
  ShortJumpTables t{};
  // The one-step maps, then for each digit their g-th powers; the next digit's base is the 512th.
  std::uint32_t z1 = mont32::mul(kAz, kModZ.r2, kModZ);  // a_z in Montgomery form
  std::uint32_t w1 = mont32::mul(kAw, kModW.r2, kModW);
  Affine32 c1{kiss::kCongMult, kiss::kCongAdd};
  for (int d = 0; d < kShortJumpDigits; ++d) {
    std::uint32_t z = z1, w = w1;
    Affine32 c = c1;
    for (int g = 0; g < kShortJumpEntries; ++g) {
      t.z_pow[d][g] = z;
      t.w_pow[d][g] = w;
      t.cong[d][g] = c;
      z = mont32::mul(z, z1, kModZ);
      w = mont32::mul(w, w1, kModW);
      c = Affine32{c.mult * c1.mult, c.plus * c1.mult + c1.plus};
    }
    z1 = z;  // the 512th powers: the next digit's bases
    w1 = w;
    c1 = c;
  }
  gf2::Matrix32 s1 = gf2::matrix_of(Shr3Step{});
  for (int d = 0; d < kShr3JumpDigits; ++d) {
    gf2::Matrix32 s = s1;
    for (int g = 0; g < kShr3JumpEntries; ++g) {
      t.shr3[d][g] = s;
      s = gf2::multiply(s, s1);
    }
    s1 = s;
  }
  return t;
}

// The state k < kShortJumpLimit steps ahead: the same state as skip(st, k).
GPURNG_HD inline void skip_short(State& st, std::uint64_t k, const ShortJumpTables& t) {
  constexpr mont32::Modulus kModZ = mont32::make_modulus(kPz);  // constants: no division at run time
  constexpr mont32::Modulus kModW = mont32::make_modulus(kPw);
  std::uint32_t z = mont32::mul(st.z, kModZ.r2, kModZ);  // to Montgomery form
  std::uint32_t w = mont32::mul(st.w, kModW.r2, kModW);
  for (int d = 0, shift = 0; d < kShortJumpDigits; ++d, shift += kShortJumpBits) {
    const unsigned g = static_cast<unsigned>(k >> shift) & kShortJumpEntries;
    if (g != 0) {
      z = mont32::mul(z, t.z_pow[d][g - 1], kModZ);
      w = mont32::mul(w, t.w_pow[d][g - 1], kModW);
      st.jcong = t.cong[d][g - 1](st.jcong);
    }
  }
  for (int d = 0, shift = 0; d < kShr3JumpDigits; ++d, shift += kShr3JumpBits) {
    const unsigned g = static_cast<unsigned>(k >> shift) & kShr3JumpEntries;
    if (g != 0) st.jsr = gf2::apply(t.shr3[d][g - 1], st.jsr);
  }
  st.z = mont32::redc(z, kModZ);  // out of Montgomery form
  st.w = mont32::redc(w, kModW);
}

}  // namespace gpurng::core::kiss99
