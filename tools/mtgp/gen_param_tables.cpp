// Build-time generator of the MTGP parameter tables compiled into the library.
//
//   gen_mtgp_param_tables <data/mtgp directory> <output .cpp>
//
// Each CSV row of data/mtgp is one published parameter set (data/mtgp/PROVENANCE.md says where they
// come from), read by the library's own parser of MTGP parameter files (src/support/mtgp_param_csv.hpp,
// which checks every field and every set) and printed as the library keeps it: what the recursion and
// the tempering need (pos, sh1, sh2, mask, the 16-entry tbl and tmp_tbl) and each set's identity
// (label, total dimension defect, weight and the SHA-1 of its characteristic polynomial, which every
// shipped set must give). The float/double tempering tables of the CSVs are not kept: they equal
// (tmp_tbl >> 9) | 0x3f800000 and (tmp_tbl >> 12) | 0x3ff0000000000000, which
// tests/test_mtgp_params.cpp checks for every set. Any error names the file and line and exits
// non-zero.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>

#include "generator_main.hpp"
#include "mtgp_param_csv.hpp"

namespace {

struct TableSpec {
  const char* name;  // the C++ name in families/mtgp/mtgp_param_tables.hpp
  const char* file;  // in data/mtgp
  int bits;
  std::uint32_t mexp;
};

constexpr TableSpec kTables[] = {
    {"k32_fast_11213", "mtgp32_fast_params_11213.csv", 32, 11213},
    {"k32_fast_23209", "mtgp32_fast_params_23209.csv", 32, 23209},
    {"k32_fast_44497", "mtgp32_fast_params_44497.csv", 32, 44497},
    {"k64_fast_23209", "mtgp64_fast_params_23209.csv", 64, 23209},
    {"k64_fast_44497", "mtgp64_fast_params_44497.csv", 64, 44497},
    {"k64_fast_110503", "mtgp64_fast_params_110503.csv", 64, 110503},
    {"k32dc_fast_11213", "mtgp32dc_fast_params_11213.csv", 32, 11213},
};

// A word as a literal with all its hexadecimal digits.
std::string literal(std::uint64_t v, int bits) {
  char buf[32];
  if (bits == 32) std::snprintf(buf, sizeof buf, "0x%08" PRIx32 "u", static_cast<std::uint32_t>(v));
  else std::snprintf(buf, sizeof buf, "0x%016" PRIx64 "ull", v);
  return buf;
}

template <class W>
void print_table(std::ostringstream& out, const TableSpec& spec, const std::string& path) {
  gpurng::support::CsvReader csv(path, path);
  const auto sets = gpurng::support::read_mtgp_sets<W>(csv, spec.mexp);
  const char* wt = spec.bits == 32 ? "std::uint32_t" : "std::uint64_t";
  out << "// " << spec.file << ": " << sets.size() << " sets\n";
  out << "const core::mtgp::Params<" << wt << "> " << spec.name << "_params[] = {\n";
  for (const auto& s : sets) {
    const auto& p = s.params;
    out << "    {" << p.mexp << ", " << p.pos << ", " << p.sh1 << ", " << p.sh2 << ", " << literal(p.mask, spec.bits) << ",\n";
    for (const W* table : {p.tbl, p.tmp_tbl}) {
      out << "     {";
      for (int k = 0; k < 16; ++k) out << (k ? ", " : "") << literal(table[k], spec.bits);
      out << (table == p.tbl ? "},\n" : "}},\n");
    }
  }
  out << "};\n";
  out << "const Identity " << spec.name << "_ids[] = {\n";
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (sets[i].poly_sha1.empty()) throw std::runtime_error(path + ": set " + std::to_string(i) + " has no poly_sha1");
    out << "    {" << sets[i].label << ", " << sets[i].delta << ", " << sets[i].weight << ", \"" << sets[i].poly_sha1
        << "\"},\n";
  }
  out << "};\n\n";
}

std::string generate(const std::string& dir) {
  std::ostringstream out;
  out << "// GENERATED at build time by tools/mtgp/gen_param_tables.cpp from data/mtgp/*.csv -- do not edit.\n"
         "// The published MTGP parameter sets (provenance: data/mtgp/PROVENANCE.md).\n"
         "#include \"families/mtgp/mtgp_param_tables.hpp\"\n\n"
         "namespace gpurng::detail::mtgp_tables {\nnamespace {\n\n";
  for (const TableSpec& spec : kTables) {
    const std::string path = dir + "/" + spec.file;
    if (spec.bits == 32) print_table<std::uint32_t>(out, spec, path);
    else print_table<std::uint64_t>(out, spec, path);
  }
  out << "}  // namespace\n\n";
  for (const TableSpec& spec : kTables) {
    const char* wt = spec.bits == 32 ? "std::uint32_t" : "std::uint64_t";
    const std::string n = spec.name;
    out << "const Table<" << wt << "> " << n << " = {\"" << spec.file << "\", sizeof " << n << "_ids / sizeof " << n
        << "_ids[0], " << n << "_params, " << n << "_ids};\n";
  }
  out << "\n}  // namespace gpurng::detail::mtgp_tables\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  return gpurng::tools::generator_main(argc, argv, "gen_mtgp_param_tables", "<data/mtgp directory> <output.cpp>", generate);
}
