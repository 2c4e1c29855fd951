// MTGP parameter-set CSV rows (see mtgp_csv.hpp).
#include "mtgp_csv.hpp"

#include <cstdio>
#include <string>
#include "hex_text.hpp"

namespace gpurng::gf2 {
using support::hex32;

void write_mtgp_header(std::ostream& out) {
  out << "index,label_no,delta,weight,mexp,pos,sh1,sh2";
  for (const char* name : {"tbl_", "tmp_tbl_", "flt_tmp_tbl_"}) {
    for (int k = 0; k < 16; ++k) out << ',' << name << k;
  }
  out << ",mask,poly_sha1,candidates,recursion_seconds,tempering_seconds\n";
}

void write_mtgp_row(std::ostream& out, std::uint64_t index, const MtgpSet& s) {
  const core::mtgp::Params<std::uint32_t>& p = s.params;
  out << index << ',' << s.id << ',' << s.delta << ',' << s.weight << ',' << p.mexp << ',' << p.pos << ',' << p.sh1 << ','
      << p.sh2;
  for (std::uint32_t v : p.tbl) out << ',' << hex32(v);
  for (std::uint32_t v : p.tmp_tbl) out << ',' << hex32(v);
  for (std::uint32_t v : p.tmp_tbl) out << ',' << hex32((v >> 9) | 0x3f800000u);  // floats in [1,2), as the reference
  char secs[64];
  std::snprintf(secs, sizeof secs, "%.3f,%.3f", s.recursion_seconds, s.tempering_seconds);
  out << ',' << hex32(p.mask) << ',' << s.sha1 << ',' << s.candidates << ',' << secs << '\n';
}

}  // namespace gpurng::gf2
