// Dynamic-Creator parameter files (the CSV `gpurng dc` writes; docs/ENGINES.md, "Parameter files"):
// the one parser of them, used by the dcmt engines (--param-file) and by `gpurng equidist`.
//
// Needed columns: the creator's n, m, r, aaa, wmask, umask, lmask, shift0_u, shift1_l, shiftB_s,
// shiftC_t, maskB_b, maskC_c (decimal or 0x hexadecimal). Optional and checked: w (must be 32) and p
// (must be 32 n - r). Others (id, delta, weight, sha1, ...) are ignored. Every set must have the
// creator's form for w = 32: 2 <= n <= kMaxDcmtWords, 1 <= m < n, r <= 31, wmask = 0xffffffff,
// umask the upper 32 - r bits, lmask the lower r bits, every shift <= 31. Whether a set has full
// period is the caller's check (it needs GF(2) polynomials).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "csv_reader.hpp"
#include "gpurng/core/engines/dcmt.hpp"

namespace gpurng::support {

// The most state words n: p = 44497, the largest exponent `gpurng dc` creates, has n = 1391.
inline constexpr std::uint32_t kMaxDcmtWords = 1391;

// What is wrong with a set's form (the checks above but the w and p columns), or "" when nothing.
std::string dcmt_set_fault(const core::dcmt::Params& p);

// Called with each set and "<file>: line N: " for checks of the caller's own (an engine's shape).
using DcmtSetCheck = std::function<void(const core::dcmt::Params&, const std::string& where)>;

// The sets of the file, at most max_sets. The header is checked before any row is read. Throws
// std::invalid_argument naming the file, the line and the column at fault, and std::system_error if
// the file cannot be read (see CsvReader).
std::vector<core::dcmt::Params> read_dcmt_sets(CsvReader& csv, const DcmtSetCheck& check = {},
                                               std::size_t max_sets = kMaxParamSets);

}  // namespace gpurng::support
