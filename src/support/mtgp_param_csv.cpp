// MTGP parameter files (see mtgp_param_csv.hpp).
#include "mtgp_param_csv.hpp"

#include <stdexcept>

namespace gpurng::support {
namespace {

namespace m = core::mtgp;

// The threads of a block: the largest power of two <= x.
std::uint32_t floor_pow2(std::uint32_t x) {
  std::uint32_t r = 1;
  while (r <= x / 2) r *= 2;
  return r;
}

}  // namespace

template <class W>
std::string mtgp_set_fault(const m::Params<W>& p, std::uint32_t mexp) {
  constexpr int kBits = m::kWordBits<W>;
  if (p.mexp != mexp) {
    return "mexp " + std::to_string(p.mexp) + ", but this engine's Mersenne exponent is " + std::to_string(mexp);
  }
  const std::uint32_t n = m::state_words(mexp, kBits);
  const std::uint32_t r_bits = static_cast<std::uint32_t>(kBits) * n - mexp;
  const std::uint32_t round = floor_pow2(n - 2);
  if (p.pos < 3 || p.pos > n - round) {
    return "pos " + std::to_string(p.pos) + " is out of range [3, " + std::to_string(n - round) + "]";
  }
  if (p.sh1 > 31 || p.sh2 > 31) return "sh1 " + std::to_string(p.sh1) + " and sh2 " + std::to_string(p.sh2) + " must be < 32";
  if (p.mask != static_cast<W>(~W{0} << r_bits)) {
    return "mask must be the top " + std::to_string(kBits - static_cast<int>(r_bits)) + " bits";
  }
  for (int k = 0; k < 16; ++k) {
    W lt = 0, lm = 0;
    for (int b = 0; b < 4; ++b) {
      if ((k >> b) & 1) {
        lt ^= p.tbl[1 << b];
        lm ^= p.tmp_tbl[1 << b];
      }
    }
    if (p.tbl[k] != lt || p.tmp_tbl[k] != lm) {
      return "tbl/tmp_tbl entry " + std::to_string(k) +
             " is not the XOR of entries 1, 2, 4, 8 its index picks (the tables must be linear)";
    }
  }
  return "";
}

template <class W>
std::vector<MtgpFileSet<W>> read_mtgp_sets(CsvReader& csv, std::uint32_t mexp, std::size_t max_sets) {
  constexpr int kBits = m::kWordBits<W>;
  const bool fast = csv.column("tbl_4") != CsvReader::npos;
  std::vector<std::string> need = {"mexp", "pos", "sh1", "sh2", "mask"};
  for (int k = 0; k < (fast ? 16 : 4); ++k) {
    need.push_back("tbl_" + std::to_string(k));
    need.push_back("tmp_tbl_" + std::to_string(k));
  }
  for (const std::string& c : need) {
    if (csv.column(c) == CsvReader::npos) {
      throw std::invalid_argument(csv.where() + "the header has no column '" + c + "' (see docs/TOOLS.md)");
    }
  }
  std::vector<MtgpFileSet<W>> out;
  std::vector<std::string> f;
  while (csv.next_row(f)) {
    const std::string where = csv.where();
    auto fail = [&](const std::string& what) { throw std::invalid_argument(where + what); };
    if (out.size() == max_sets) fail("more than " + std::to_string(max_sets) + " parameter sets");
    auto given = [&](const char* c) { return csv.column(c) != CsvReader::npos && !f[csv.column(c)].empty(); };
    auto word = [&](const std::string& c, int bits) {
      const std::string& text = f[csv.column(c)];
      std::uint64_t v = 0;
      if (!parse_unsigned_field(text, bits, v)) {
        fail("column '" + c + "': '" + text + "' is not a " + std::to_string(bits) + "-bit unsigned integer");
      }
      return v;
    };
    MtgpFileSet<W> s{};
    m::Params<W>& p = s.params;
    p.mexp = static_cast<std::uint32_t>(word("mexp", 32));
    p.pos = static_cast<std::uint32_t>(word("pos", 32));
    p.sh1 = static_cast<std::uint32_t>(word("sh1", 32));
    p.sh2 = static_cast<std::uint32_t>(word("sh2", 32));
    p.mask = static_cast<W>(word("mask", kBits));
    for (int k = 0; k < 16; ++k) {
      if (fast) {
        p.tbl[k] = static_cast<W>(word("tbl_" + std::to_string(k), kBits));
        p.tmp_tbl[k] = static_cast<W>(word("tmp_tbl_" + std::to_string(k), kBits));
        continue;
      }
      p.tbl[k] = p.tmp_tbl[k] = 0;
      for (int b = 0; b < 4; ++b) {
        if ((k >> b) & 1) {
          p.tbl[k] ^= static_cast<W>(word("tbl_" + std::to_string(b), kBits));
          p.tmp_tbl[k] ^= static_cast<W>(word("tmp_tbl_" + std::to_string(b), kBits));
        }
      }
    }
    const std::string fault = mtgp_set_fault(p, mexp);
    if (!fault.empty()) fail(fault);
    s.label = given("label_no") ? static_cast<std::uint32_t>(word("label_no", 32)) : static_cast<std::uint32_t>(out.size());
    s.delta = given("delta") ? static_cast<std::uint32_t>(word("delta", 32)) : 0;
    s.weight = given("weight") ? static_cast<std::uint32_t>(word("weight", 32)) : 0;
    if (given("poly_sha1")) {
      s.poly_sha1 = f[csv.column("poly_sha1")];
      if (s.poly_sha1.size() != 40 || s.poly_sha1.find_first_not_of("0123456789abcdef") != std::string::npos) {
        fail("poly_sha1 '" + s.poly_sha1 + "' is not 40 lower-case hexadecimal digits");
      }
    }
    out.push_back(std::move(s));
  }
  if (out.empty()) throw std::invalid_argument(csv.name() + ": has a header but no parameter sets");
  return out;
}

template std::string mtgp_set_fault<std::uint32_t>(const m::Params<std::uint32_t>&, std::uint32_t);
template std::string mtgp_set_fault<std::uint64_t>(const m::Params<std::uint64_t>&, std::uint32_t);
template std::vector<MtgpFileSet<std::uint32_t>> read_mtgp_sets<std::uint32_t>(CsvReader&, std::uint32_t, std::size_t);
template std::vector<MtgpFileSet<std::uint64_t>> read_mtgp_sets<std::uint64_t>(CsvReader&, std::uint32_t, std::size_t);

}  // namespace gpurng::support
