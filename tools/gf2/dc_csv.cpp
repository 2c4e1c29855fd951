// Dynamic Creator CSV files (see dc_csv.hpp).
#include "dc_csv.hpp"

#include <cstdio>

#include "dcmt_param_csv.hpp"
#include "hex_text.hpp"

namespace gpurng::gf2 {
using support::hex32;

void write_dc_header(std::ostream& out) {
  out << "id,w,p,n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b,maskC_c,"
         "delta,weight,sha1,candidates,seconds\n";
}

void write_dc_row(std::ostream& out, const DcSet& s) {
  const DcParams& d = s.params;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", s.recursion_seconds + s.tempering_seconds);
  out << s.id << ",32," << d.exponent() << ',' << d.n << ',' << d.m << ',' << d.r << ',' << hex32(d.aaa) << ','
      << hex32(d.wmask) << ',' << hex32(d.umask) << ',' << hex32(d.lmask) << ',' << d.shift0_u << ',' << d.shift1_l
      << ',' << d.shiftB_s << ',' << d.shiftC_t << ',' << hex32(d.maskB_b) << ',' << hex32(d.maskC_c) << ','
      << s.delta << ',' << s.weight << ',' << s.sha1 << ',' << s.candidates << ',' << seconds << '\n';
}

std::vector<DcParams> read_dc_sets(const std::string& path) {
  support::CsvReader csv(path, "'" + path + "'");
  std::vector<DcParams> out;
  for (const core::dcmt::Params& p : support::read_dcmt_sets(csv)) {
    DcParams d;
    d.n = p.n;
    d.m = p.m;
    d.r = p.r;
    d.aaa = p.aaa;
    d.wmask = p.wmask;
    d.umask = p.umask;
    d.lmask = p.lmask;
    d.shift0_u = p.shift_u;
    d.shift1_l = p.shift_l;
    d.shiftB_s = p.shift_s;
    d.shiftC_t = p.shift_t;
    d.maskB_b = p.mask_b;
    d.maskC_c = p.mask_c;
    out.push_back(d);
  }
  return out;
}

}  // namespace gpurng::gf2
