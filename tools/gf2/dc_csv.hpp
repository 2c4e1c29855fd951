// Parameter-set files of the Dynamic Creator: the CSV the dcmt engine reads (--param-file) and
// `gpurng dc` writes. Columns (docs/TOOLS.md): the creator's n, m, r, aaa, wmask, umask, lmask,
// shift0_u, shift1_l, shiftB_s, shiftC_t, maskB_b, maskC_c, and the identity of each set: id, w, p,
// delta, weight, sha1, candidates, seconds. Readers need only the creator's columns.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "dc_search.hpp"

namespace gpurng::gf2 {

void write_dc_header(std::ostream& out);
void write_dc_row(std::ostream& out, const DcSet& s);

// The sets of a file with at least the creator's columns, read by the library's parser of them
// (src/support/dcmt_param_csv.hpp: one CSV dialect, the same checks as the dcmt engines'). Throws
// std::invalid_argument naming the file, the line and the column on any malformed value or limit
// passed, and std::system_error if the file cannot be read.
std::vector<DcParams> read_dc_sets(const std::string& path);

}  // namespace gpurng::gf2
