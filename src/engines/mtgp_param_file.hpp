// MTGP parameter tables read from a CSV file (the MTGP engines' --param-file / param_file()): the
// columns of data/mtgp/*.csv, which `gpurng mtgpdc` writes (docs/TOOLS.md).
//
// Needed per row: mexp, pos, sh1, sh2, mask, and the recursion and tempering tables either in the
// fast form (tbl_0 .. tbl_15, tmp_tbl_0 .. tmp_tbl_15) or the reference form (the four basis words
// tbl_0 .. tbl_3, tmp_tbl_0 .. tmp_tbl_3, when there is no tbl_4 column). Optional: label_no, delta,
// weight (checked against the characteristic polynomial when the set is used) and poly_sha1. Other
// columns (flt_tmp_tbl_*, dbl_tmp_tbl_*, index, timings) are ignored; lines starting with '#' too.
// Every row is checked: the exponent of the engine, the mask of that exponent, 2 < pos with at least
// one thread round (the largest power of two <= N - 2) between pos and N, shifts < 32, and tables
// that are linear (entry k = XOR of the basis words picked by the bits of k).
#pragma once

#include <cstdint>
#include <string>

#include "engines/mtgp_param_tables.hpp"

namespace gpurng::detail::mtgp_tables {

// The table of a file. Tables stay loaded for the life of the process: the characteristic
// polynomials (engines/mtgp_polynomials.hpp) are cached by the address of a set. Reading the same
// content again returns the same table. Throws Error(io_error) if the file cannot be read and
// Error(invalid_argument) naming the file, line and column for anything malformed.
template <class W>
const Table<W>& load_param_file(const std::string& path, std::uint32_t mexp);

// A table of one set (for a state file that carries the set it was made with).
template <class W>
const Table<W>& single_set_table(const core::mtgp::Params<W>& p, std::uint32_t weight);

// True when the table was loaded by the two functions above (not one of the shipped ones).
template <class W>
bool is_loaded_table(const Table<W>* t);

}  // namespace gpurng::detail::mtgp_tables
