#include "families/mtgp/mtgp_start_polys.hpp"

#include "families/mtgp/mtgp_param_tables.hpp"

namespace gpurng::detail::mtgp {
namespace {

#include "mtgp_start_polys.inc"

struct Entry {
  const void* params;
  std::uint32_t words;
  const std::uint32_t* data;  // kStartsRounds polynomials of `words` words
};

template <class W>
Entry entry(const mtgp_tables::Table<W>& t, const std::uint32_t* data) {
  return Entry{&t.params[0], (t.params[0].mexp + 31) / 32, data};
}

}  // namespace

bool precomputed_power_of_x_pow2(const void* params, unsigned e, PolyWords& out) {
  namespace t = mtgp_tables;
  static const Entry entries[] = {
      entry(t::k32_fast_11213, kStarts32_11213), entry(t::k32_fast_23209, kStarts32_23209),
      entry(t::k32_fast_44497, kStarts32_44497), entry(t::k64_fast_23209, kStarts64_23209),
      entry(t::k64_fast_44497, kStarts64_44497), entry(t::k64_fast_110503, kStarts64_110503),
  };
  if (e < kStartsFirstExponent || e >= kStartsFirstExponent + kStartsRounds) return false;
  for (const Entry& x : entries) {
    if (x.params != params) continue;
    const std::uint32_t* p = x.data + std::size_t{e - kStartsFirstExponent} * x.words;
    out.assign(p, p + x.words);
    return true;
  }
  return false;
}

}  // namespace gpurng::detail::mtgp
