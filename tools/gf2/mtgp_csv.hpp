// MTGP parameter-set files as `gpurng mtgpdc` writes them: the columns of the library's tables
// (data/mtgp/*.csv, read by the MTGP engines' --param-file), then the search's own figures.
#pragma once

#include <ostream>

#include "mtgpdc_search.hpp"

namespace gpurng::gf2 {

void write_mtgp_header(std::ostream& out);
// `index` is the row's position in the file (the engines' --param-set); label_no is the set's ID.
void write_mtgp_row(std::ostream& out, std::uint64_t index, const MtgpSet& s);

}  // namespace gpurng::gf2
