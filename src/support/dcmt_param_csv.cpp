// Dynamic-Creator parameter files (see dcmt_param_csv.hpp).
#include "dcmt_param_csv.hpp"

#include <cstdio>
#include <stdexcept>

#include "hex_text.hpp"

namespace gpurng::support {
namespace {

const char* const kNeeded[] = {"n",        "m",        "r",        "aaa",      "wmask",   "umask",  "lmask",
                               "shift0_u", "shift1_l", "shiftB_s", "shiftC_t", "maskB_b", "maskC_c"};

}  // namespace

std::string dcmt_set_fault(const core::dcmt::Params& p) {
  if (p.n < 2 || p.n > kMaxDcmtWords) return "n " + std::to_string(p.n) + " is out of range [2, " + std::to_string(kMaxDcmtWords) + "]";
  if (p.m < 1 || p.m >= p.n) return "m " + std::to_string(p.m) + " is out of range [1, n - 1 = " + std::to_string(p.n - 1) + "]";
  if (p.r > 31) return "r " + std::to_string(p.r) + " is out of range [0, 31]";
  const std::uint32_t upper = 0xffffffffu << p.r;
  if (p.wmask != 0xffffffffu) return "wmask " + hex32(p.wmask) + " must be 0xffffffff (w = 32)";
  if (p.umask != upper) return "umask " + hex32(p.umask) + " must be " + hex32(upper) + " (the upper 32 - r bits)";
  if (p.lmask != ~upper) return "lmask " + hex32(p.lmask) + " must be " + hex32(~upper) + " (the lower r bits)";
  const std::pair<const char*, std::uint32_t> shifts[] = {
      {"shift0_u", p.shift_u}, {"shift1_l", p.shift_l}, {"shiftB_s", p.shift_s}, {"shiftC_t", p.shift_t}};
  for (const auto& [name, v] : shifts) {
    if (v > 31) return std::string(name) + " " + std::to_string(v) + " is out of range [0, 31]";
  }
  return "";
}

std::vector<core::dcmt::Params> read_dcmt_sets(CsvReader& csv, const DcmtSetCheck& check, std::size_t max_sets) {
  for (const char* name : kNeeded) {
    if (csv.column(name) == CsvReader::npos) {
      throw std::invalid_argument(csv.where() + "the header has no column '" + name +
                                  "' (needed: n, m, r, aaa, wmask, umask, lmask, shift0_u, shift1_l, shiftB_s, "
                                  "shiftC_t, maskB_b, maskC_c; others are ignored)");
    }
  }
  const std::size_t w_col = csv.column("w"), p_col = csv.column("p");
  std::vector<core::dcmt::Params> out;
  std::vector<std::string> f;
  while (csv.next_row(f)) {
    const std::string where = csv.where();
    auto fail = [&](const std::string& what) { throw std::invalid_argument(where + what); };
    if (out.size() == max_sets) fail("more than " + std::to_string(max_sets) + " parameter sets");
    auto value = [&](std::size_t col, const std::string& name) {
      std::uint64_t v = 0;
      if (!parse_unsigned_field(f[col], 32, v)) {
        fail("column '" + name + "': '" + f[col] + "' is not a 32-bit unsigned integer (decimal or 0x hexadecimal)");
      }
      return static_cast<std::uint32_t>(v);
    };
    auto field = [&](const char* name) { return value(csv.column(name), name); };
    core::dcmt::Params p{};
    p.n = field("n");
    p.m = field("m");
    p.r = field("r");
    p.aaa = field("aaa");
    p.wmask = field("wmask");
    p.umask = field("umask");
    p.lmask = field("lmask");
    p.shift_u = field("shift0_u");
    p.shift_l = field("shift1_l");
    p.shift_s = field("shiftB_s");
    p.shift_t = field("shiftC_t");
    p.mask_b = field("maskB_b");
    p.mask_c = field("maskC_c");
    if (w_col != CsvReader::npos && value(w_col, "w") != 32) fail("column 'w': " + f[w_col] + ", but only w = 32 is supported");
    if (p_col != CsvReader::npos && value(p_col, "p") != p.exponent()) {
      fail("column 'p': " + f[p_col] + " is not 32 n - r = " + std::to_string(p.exponent()));
    }
    const std::string fault = dcmt_set_fault(p);
    if (!fault.empty()) fail(fault);
    if (check) check(p, where);
    out.push_back(p);
  }
  if (out.empty()) throw std::invalid_argument(csv.name() + ": has a header but no parameter sets");
  return out;
}

}  // namespace gpurng::support
