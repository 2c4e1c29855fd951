// Build-time generator of the MTGP parameter tables compiled into the library.
//
//   gen_mtgp_param_tables <data/mtgp directory> <output .cpp>
//
// Each CSV row of data/mtgp is one published parameter set (data/mtgp/PROVENANCE.md says where they
// come from). The library keeps what the recursion and the tempering need (pos, sh1, sh2, mask, the
// 16-entry tbl and tmp_tbl) and each set's identity (label, total dimension defect, weight and the
// SHA-1 of its characteristic polynomial). The float/double tempering tables of the CSVs are not
// kept: they equal (tmp_tbl >> 9) | 0x3f800000 and (tmp_tbl >> 12) | 0x3ff0000000000000, which
// tests/test_mtgp_params.cpp checks for every set. Every field is checked (row indices in order,
// decimal and hexadecimal syntax, word range, SHA-1 length); any error names the file and row and
// exits non-zero.
#include <cctype>
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

struct TableSpec {
  const char* name;  // the C++ name in engines/mtgp_param_tables.hpp
  const char* file;  // in data/mtgp
  int bits;
};

constexpr TableSpec kTables[] = {
    {"k32_fast_11213", "mtgp32_fast_params_11213.csv", 32},   {"k32_fast_23209", "mtgp32_fast_params_23209.csv", 32},
    {"k32_fast_44497", "mtgp32_fast_params_44497.csv", 32},   {"k64_fast_23209", "mtgp64_fast_params_23209.csv", 64},
    {"k64_fast_44497", "mtgp64_fast_params_44497.csv", 64},   {"k64_fast_110503", "mtgp64_fast_params_110503.csv", 64},
    {"k32dc_fast_11213", "mtgp32dc_fast_params_11213.csv", 32},
};

class Rows {
 public:
  Rows(const gpurng::tools::CsvTable& t, std::string file) : t_(t), file_(std::move(file)) {}
  std::string field(std::size_t row, const std::string& name) const {
    std::string v;
    if (!t_.get(row, name, v)) throw std::runtime_error(file_ + ": no column '" + name + "'");
    return v;
  }
  std::string decimal(std::size_t row, const std::string& name) const {
    const std::string v = field(row, name);
    if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos) {
      throw std::runtime_error(file_ + " row " + std::to_string(row) + ": " + name + " = '" + v + "' is not a decimal number");
    }
    return v;
  }
  // A hexadecimal word of `bits` bits, printed with all its digits and the literal's suffix.
  std::string word(std::size_t row, const std::string& name, int bits) const {
    const std::string v = field(row, name);
    const std::size_t digits = static_cast<std::size_t>(bits / 4);
    std::string h = v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X') ? v.substr(2) : "";
    const std::size_t first = h.find_first_not_of('0');
    const std::string significant = first == std::string::npos ? "0" : h.substr(first);
    if (h.empty() || h.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos || significant.size() > digits) {
      throw std::runtime_error(file_ + " row " + std::to_string(row) + ": " + name + " = '" + v + "' is not a " +
                               std::to_string(bits) + "-bit hexadecimal word");
    }
    for (char& c : h) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string lower = h.substr(h.size() > digits ? h.size() - digits : 0);
    return "0x" + std::string(digits - lower.size(), '0') + lower + (bits == 32 ? "u" : "ull");
  }

 private:
  const gpurng::tools::CsvTable& t_;
  std::string file_;
};

std::string generate(const std::string& dir) {
  std::ostringstream out;
  out << "// GENERATED at build time by tools/mtgp/gen_param_tables.cpp from data/mtgp/*.csv -- do not edit.\n"
         "// The published MTGP parameter sets (provenance: data/mtgp/PROVENANCE.md).\n"
         "#include \"engines/mtgp_param_tables.hpp\"\n\n"
         "namespace gpurng::detail::mtgp_tables {\nnamespace {\n\n";
  for (const TableSpec& spec : kTables) {
    const std::string path = dir + "/" + spec.file;
    gpurng::tools::CsvTable table;
    std::string error;
    if (!table.read(path, error)) throw std::runtime_error(error);
    const Rows r(table, path);
    const char* wt = spec.bits == 32 ? "std::uint32_t" : "std::uint64_t";
    out << "// " << spec.file << ": " << table.size() << " sets\n";
    out << "const core::mtgp::Params<" << wt << "> " << spec.name << "_params[] = {\n";
    for (std::size_t i = 0; i < table.size(); ++i) {
      if (r.decimal(i, "index") != std::to_string(i)) throw std::runtime_error(path + ": row " + std::to_string(i) + " has index " + r.field(i, "index"));
      out << "    {" << r.decimal(i, "mexp") << ", " << r.decimal(i, "pos") << ", " << r.decimal(i, "sh1") << ", "
          << r.decimal(i, "sh2") << ", " << r.word(i, "mask", spec.bits) << ",\n";
      for (const char* prefix : {"tbl_", "tmp_tbl_"}) {
        out << "     {";
        for (int k = 0; k < 16; ++k) out << (k ? ", " : "") << r.word(i, prefix + std::to_string(k), spec.bits);
        out << (prefix[1] == 'b' ? "},\n" : "}},\n");
      }
    }
    out << "};\n";
    out << "const Identity " << spec.name << "_ids[] = {\n";
    for (std::size_t i = 0; i < table.size(); ++i) {
      const std::string sha = r.field(i, "poly_sha1");
      if (sha.size() != 40 || sha.find_first_not_of("0123456789abcdef") != std::string::npos) {
        throw std::runtime_error(path + " row " + std::to_string(i) + ": poly_sha1 '" + sha + "' is not 40 lowercase hex digits");
      }
      out << "    {" << r.decimal(i, "label_no") << ", " << r.decimal(i, "delta") << ", " << r.decimal(i, "weight") << ", \""
          << sha << "\"},\n";
    }
    out << "};\n\n";
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
