// Build-time generator of the MTGP slot-start polynomials compiled into the library.
//
//   gen_mtgp_start_polys <output.inc>
//
// A jumped MTGP generator starts slot u at u * 2^64 steps (src/families/mtgp/mtgp_streams.hpp), built by
// doubling with c_r = x^(2^(64 + r)) mod P, P the characteristic polynomial of the parameter set.
// Finding P (Berlekamp-Massey on 2p outputs) and then squaring x 64 + r times modulo it costs 20 ms
// (p = 11213) to most of a second (p = 110503) at a generator's first call. For the first set of
// every shipped jumped engine (the default --param-set 0) this program computes c_r for
// r < kRounds with the library's own code (mtgp_polynomials.cpp) and writes them as word arrays
// that src/families/mtgp/mtgp_start_polys.cpp includes; a first call then reads them instead.
// Exits non-zero with a message if anything fails.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

#include "families/mtgp/mtgp_param_tables.hpp"
#include "families/mtgp/mtgp_polynomials.hpp"

namespace {

namespace t = gpurng::detail::mtgp_tables;
namespace m = gpurng::detail::mtgp;

constexpr unsigned kFirstExponent = 64;  // mtgp_streams.hpp's kSubstreamLog2
constexpr unsigned kRounds = 12;         // slots up to 2^12 = 4096 (the default 1024 streams and companions: 2048)

template <class W>
void write_table(std::FILE* f, const char* id, const char* table_name, const t::Table<W>& table) {
  const auto c = m::characteristic(table.params[0], table.ids[0].weight);
  const std::uint32_t words = c->words();
  std::fprintf(f, "// %s set 0 (%s): x^(2^e) mod P, e = %u .. %u, %u words each\n", table_name, table.source,
               kFirstExponent, kFirstExponent + kRounds - 1, words);
  std::fprintf(f, "static const std::uint32_t %s[] = {\n", id);
  for (unsigned r = 0; r < kRounds; ++r) {
    const m::PolyWords w = c->power_of_x_pow2(kFirstExponent + r);
    if (w.size() != words) throw std::runtime_error("unexpected polynomial length");
    for (std::uint32_t i = 0; i < words; ++i) std::fprintf(f, "0x%08xu,%s", w[i], (i % 8 == 7) ? "\n" : "");
    std::fprintf(f, "\n");
  }
  std::fprintf(f, "};\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gen_mtgp_start_polys <output.inc>\n");
    return 2;
  }
  const std::string tmp = std::string(argv[1]) + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "w");
  if (f == nullptr) {
    std::fprintf(stderr, "gen_mtgp_start_polys: cannot write %s\n", tmp.c_str());
    return 1;
  }
  try {
    std::fprintf(f, "// GENERATED at build time by tools/mtgp/gen_start_polys.cpp -- do not edit.\n");
    write_table(f, "kStarts32_11213", "k32_fast_11213", t::k32_fast_11213);
    write_table(f, "kStarts32_23209", "k32_fast_23209", t::k32_fast_23209);
    write_table(f, "kStarts32_44497", "k32_fast_44497", t::k32_fast_44497);
    write_table(f, "kStarts64_23209", "k64_fast_23209", t::k64_fast_23209);
    write_table(f, "kStarts64_44497", "k64_fast_44497", t::k64_fast_44497);
    write_table(f, "kStarts64_110503", "k64_fast_110503", t::k64_fast_110503);
    std::fprintf(f, "static constexpr unsigned kStartsFirstExponent = %u;\n", kFirstExponent);
    std::fprintf(f, "static constexpr unsigned kStartsRounds = %u;\n", kRounds);
  } catch (const std::exception& e) {
    std::fclose(f);
    std::remove(tmp.c_str());
    std::fprintf(stderr, "gen_mtgp_start_polys: %s\n", e.what());
    return 1;
  }
  if (std::fclose(f) != 0 || std::rename(tmp.c_str(), argv[1]) != 0) {
    std::fprintf(stderr, "gen_mtgp_start_polys: cannot finish %s\n", argv[1]);
    return 1;
  }
  return 0;
}
