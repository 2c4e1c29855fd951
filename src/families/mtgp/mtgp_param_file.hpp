// MTGP parameter tables read from a CSV file (the MTGP engines' --param-file / param_file()): the
// columns of data/mtgp/*.csv, which `gpurng mtgpdc` writes (docs/TOOLS.md), read and checked row by
// row by the one parser of them (src/support/mtgp_param_csv.hpp). A set's period is checked when an
// engine selects it (its characteristic polynomial must have degree p and the file's weight).
#pragma once

#include <cstdint>
#include <string>

#include "families/mtgp/mtgp_param_tables.hpp"

namespace gpurng::detail::mtgp_tables {

// The table of a file. Tables stay loaded for the life of the process: the characteristic
// polynomials (engines/mtgp_polynomials.hpp) are cached by the address of a set. Reading the same
// sets again returns the same table. Throws Error(io_error) if the file cannot be read and
// Error(invalid_argument) naming the file, line and column for anything malformed or a limit passed.
template <class W>
const Table<W>& load_param_file(const std::string& path, std::uint32_t mexp);

// A table of one set (for a state file that carries the set it was made with).
template <class W>
const Table<W>& single_set_table(const core::mtgp::Params<W>& p, std::uint32_t weight);

// True when the table was loaded by the two functions above (not one of the shipped ones).
template <class W>
bool is_loaded_table(const Table<W>* t);

}  // namespace gpurng::detail::mtgp_tables
