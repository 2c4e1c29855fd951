// Build-time generator of the public header gpurng/core/engines/dcmt_sets.hpp: the default
// Dynamic-Creator families of the dcmt521 and dcmt2203 engines, from the parameter files that
// `gpurng dc --seed 4172` wrote (data/dcmt/dcmt521_gpurng_dc_seed4172.csv and
// data/dcmt/dcmt2203_gpurng_dc_seed4172.csv; data/PROVENANCE.md has the commands).
//
//   gen_dcmt_sets_header <data/dcmt directory> <output header>
//
// Set k must be the creator's ID k (in the low 16 bits of its twist word): that is the engine's set
// index. Every field is checked; any error names the file and row and exits non-zero.
// tests/test_dcmt_family.cpp checks that the header equals the files and that every set has full period.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "csv_table.hpp"
#include "generator_main.hpp"

namespace {

std::uint64_t number(const gpurng::tools::CsvTable& t, std::size_t row, const std::string& name, const std::string& path,
                     int base) {
  std::string v;
  if (!t.get(row, name, v)) throw std::runtime_error(path + ": no column '" + name + "'");
  std::size_t used = 0;
  std::uint64_t x = 0;
  try {
    x = std::stoull(v, &used, base);
  } catch (const std::exception&) {
    used = 0;
  }
  if (v.empty() || used != v.size() || x > 0xffffffffull) {
    throw std::runtime_error(path + " row " + std::to_string(row) + ": " + name + " = '" + v + "' is not a 32-bit " +
                             (base == 16 ? "hexadecimal" : "decimal") + " number");
  }
  return x;
}

std::string hex_word(std::uint64_t x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08llxu", static_cast<unsigned long long>(x));
  return buf;
}

// The body of one family's array, and its size.
std::string family(const std::string& path, std::size_t& count) {
  gpurng::tools::CsvTable t;
  std::string error;
  if (!t.read(path, error)) throw std::runtime_error(error);
  std::ostringstream out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const std::uint64_t id = number(t, i, "id", path, 10);
    const std::uint64_t aaa = number(t, i, "aaa", path, 16);
    if (id != i || (aaa & 0xffffu) != id) {
      throw std::runtime_error(path + " row " + std::to_string(i) + ": set " + std::to_string(i) +
                               " must have ID " + std::to_string(i) + " (in its twist word's low 16 bits)");
    }
    out << "    {" << hex_word(aaa) << ", " << hex_word(number(t, i, "maskB_b", path, 16)) << ", "
        << hex_word(number(t, i, "maskC_c", path, 16)) << ", " << number(t, i, "shift0_u", path, 10) << "u, "
        << number(t, i, "shiftB_s", path, 10) << "u, " << number(t, i, "shiftC_t", path, 10) << "u, "
        << number(t, i, "shift1_l", path, 10) << "u, 0u},  // id " << id << "\n";
  }
  count = t.size();
  return out.str();
}

std::string generate(const std::string& dir) {
  std::size_t n521 = 0, n2203 = 0;
  const std::string mt521 = family(dir + "/dcmt521_gpurng_dc_seed4172.csv", n521);
  const std::string mt2203 = family(dir + "/dcmt2203_gpurng_dc_seed4172.csv", n2203);
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
