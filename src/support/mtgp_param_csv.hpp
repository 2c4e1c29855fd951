// MTGP parameter files (the columns of data/mtgp/*.csv, which `gpurng mtgpdc` writes; docs/TOOLS.md):
// the one parser of them, used by the MTGP engines (--param-file) and by `gpurng equidist` and
// `gpurng mtgpdc --verify`, and the one check of a set, also applied to a state file's set.
//
// Needed per row: mexp, pos, sh1, sh2, mask, and the recursion and tempering tables either in the
// fast form (tbl_0 .. tbl_15, tmp_tbl_0 .. tmp_tbl_15) or the reference form (the four basis words
// tbl_0 .. tbl_3, tmp_tbl_0 .. tmp_tbl_3, when there is no tbl_4 column). Optional (empty: not
// given): label_no, delta, weight and poly_sha1. Other columns (flt_tmp_tbl_*, index, timings) are
// ignored. Whether a set has full period is the caller's check (it needs GF(2) polynomials).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "csv_reader.hpp"
#include "gpurng/core/engines/mtgp.hpp"

namespace gpurng::support {

template <class W>
struct MtgpFileSet {
  core::mtgp::Params<W> params;
  std::uint32_t label;   // label_no, or the row's index when not given
  std::uint32_t delta;   // 0: not given
  std::uint32_t weight;  // 0: not given
  std::string poly_sha1;  // 40 lower-case hexadecimal digits, or "" when not given
};

// What is wrong with a set for the engine of Mersenne exponent mexp, or "" when nothing: the
// exponent, the mask of the exponent, 3 <= pos with at least one thread round (the largest power
// of two <= N - 2) between pos and N, shifts < 32, and tables that are linear (entry k = XOR of the
// entries 1, 2, 4, 8 its bits pick).
template <class W>
std::string mtgp_set_fault(const core::mtgp::Params<W>& p, std::uint32_t mexp);

// The sets of a file for the engine of Mersenne exponent mexp, at most max_sets. The header is
// checked before any row is read. Throws std::invalid_argument naming the file, the line and the
// column at fault, and std::system_error if the file cannot be read (see CsvReader).
template <class W>
std::vector<MtgpFileSet<W>> read_mtgp_sets(CsvReader& csv, std::uint32_t mexp, std::size_t max_sets = kMaxParamSets);

}  // namespace gpurng::support
