// The digits of the tables of short jumps (core/engines/*_short_jump.hpp): jumps below 2^27 as at
// most three base-512 digits, one table entry per non-zero digit. A larger radix means fewer,
// independent products for a larger table; 2^27 covers a CUDA fill thread's distance from its call's
// start for every call of up to 2^27 values (src/cuda/table_thread_skip.cuh).
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core::short_jump {

inline constexpr int kBits = 9;
inline constexpr int kDigits = 3;
inline constexpr int kEntries = (1 << kBits) - 1;  // digits 1 .. 511 of each position
inline constexpr std::uint64_t kLimit = std::uint64_t{1} << (kBits * kDigits);

}  // namespace gpurng::core::short_jump
