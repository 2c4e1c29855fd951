// Build-time generator of the public header gpurng/core/engines/dcmt_sets.hpp: the default
// Dynamic-Creator families of the dcmt521 and dcmt2203 engines, from the parameter files that
// `gpurng dc --seed 4172` wrote (data/dcmt/dcmt521_gpurng_dc_seed4172.csv and
// data/dcmt/dcmt2203_gpurng_dc_seed4172.csv; data/PROVENANCE.md has the commands).
//
//   gen_dcmt_sets_header <data/dcmt directory> <output header>
//
// Set k must be the creator's ID k (in the low 16 bits of its twist word): that is the engine's set
// index. The files are read by the library's own parser of parameter files
// (src/support/dcmt_param_csv.hpp), which checks every field; any error names the file and line and
// exits non-zero. tests/test_dcmt_family.cpp checks that the header equals the files and that every
// set has full period.
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>

#include "dcmt_param_csv.hpp"
#include "generator_main.hpp"

namespace {

std::string hex_word(std::uint32_t x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08xu", x);
  return buf;
}

// The body of one family's array, and its size; every set of the shape (n, m, r).
std::string family(const std::string& path, std::uint32_t n, std::uint32_t m, std::uint32_t r, std::size_t& count) {
  gpurng::support::CsvReader csv(path, path);
  const auto sets = gpurng::support::read_dcmt_sets(csv, [&](const gpurng::core::dcmt::Params& p, const std::string& where) {
    if (p.n != n || p.m != m || p.r != r) throw std::runtime_error(where + "not of the family's shape (n, m, r)");
  });
  std::ostringstream out;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const gpurng::core::dcmt::Params& p = sets[i];
    if ((p.aaa & 0xffffu) != i) {
      throw std::runtime_error(path + ": set " + std::to_string(i) + " must have ID " + std::to_string(i) +
                               " (in its twist word's low 16 bits)");
    }
    out << "    {" << hex_word(p.aaa) << ", " << hex_word(p.mask_b) << ", " << hex_word(p.mask_c) << ", " << p.shift_u
        << "u, " << p.shift_s << "u, " << p.shift_t << "u, " << p.shift_l << "u, 0u},  // id " << i << "\n";
  }
  count = sets.size();
  return out.str();
}

std::string generate(const std::string& dir) {
  std::size_t n521 = 0, n2203 = 0;
  const std::string mt521 = family(dir + "/dcmt521_gpurng_dc_seed4172.csv", 17, 8, 23, n521);
  const std::string mt2203 = family(dir + "/dcmt2203_gpurng_dc_seed4172.csv", 69, 34, 5, n2203);
  std::ostringstream out;
  out << R"(// GENERATED at build time by tools/dcmt/gen_sets_header.cpp from
// data/dcmt/dcmt521_gpurng_dc_seed4172.csv and data/dcmt/dcmt2203_gpurng_dc_seed4172.csv: do not
// edit. tests/test_dcmt_family.cpp checks that it equals those files and that every set has full
// period (irreducible characteristic polynomial of degree p, a Mersenne exponent, so the period is
// 2^p - 1).
//
// The default families of the dcmt521 and dcmt2203 engines: Dynamic-Creator parameter sets made by
// this repository's creator, `gpurng dc --seed 4172` (data/PROVENANCE.md), set k with ID k, as
// core::dcmt::Set {aaa, maskB, maskC, shift0 (u), shiftB (s), shiftC (t), shift1 (l), 0}. Stream s of
// a generator uses set s mod (number of sets) (docs/ENGINES.md).
#pragma once

#include "gpurng/core/engines/dcmt.hpp"

namespace gpurng::core::dcmt {

)";
  out << "inline constexpr int kMt521DefaultSetCount = " << n521 << ";\n";
  out << "inline constexpr Set kMt521DefaultSets[kMt521DefaultSetCount] = {\n" << mt521 << "};\n\n";
  out << "inline constexpr int kMt2203DefaultSetCount = " << n2203 << ";\n";
  out << "inline constexpr Set kMt2203DefaultSets[kMt2203DefaultSetCount] = {\n" << mt2203 << "};\n\n";
  out << R"(// The default family of a shape, as (pointer, count).
template <class S>
struct DefaultFamily;
template <>
struct DefaultFamily<Mt521> {
  static constexpr const Set* sets = kMt521DefaultSets;
  static constexpr int count = kMt521DefaultSetCount;
};
template <>
struct DefaultFamily<Mt2203> {
  static constexpr const Set* sets = kMt2203DefaultSets;
  static constexpr int count = kMt2203DefaultSetCount;
};

}  // namespace gpurng::core::dcmt
)";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  return gpurng::tools::generator_main(argc, argv, "gen_dcmt_sets_header", "<data/dcmt directory> <output header>", generate);
}
