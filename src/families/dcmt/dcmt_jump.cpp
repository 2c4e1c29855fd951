// Characteristic and jump polynomials of Dynamic-Creator sets, with the library's GF(2)[x] code
// (src/gf2x/; gf2x::Modulus picks the folding or the Barrett reduction for each set's polynomial).
#include "families/dcmt/dcmt_jump.hpp"

#include <algorithm>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>

#include "gf2x_polynomial.hpp"
#include "gpurng/gpurng.hpp"
#include "hex_text.hpp"

namespace gpurng::detail::dcmt {

struct FamilyPolys::Impl {
  std::vector<core::dcmt::Params> sets;
  int words = 0;
  // Built per set on first use (Berlekamp-Massey), only for the sets a call needs: a family of
  // thousands of sets costs nothing until its streams jump, and then only for the streams' sets.
  // Entries are written under `mutex` before `ready[k]` is set and never change after; a reader
  // looks at entry k only after ensure() has returned for a range containing k.
  mutable std::mutex mutex;
  mutable std::vector<unsigned char> ready;  // 1: moduli[k] built
  mutable std::vector<std::unique_ptr<const gf2x::Modulus>> moduli;

  // Builds sets first, first + 1, ... (count of them, mod K) that are not built yet, with up to
  // `threads` workers. Throws Error(invalid_argument) naming the first of them that is not full period
  // (and leaves it unbuilt, so that every later call needing it throws too).
  void ensure(std::size_t first, std::size_t count, unsigned threads) const;
  const gf2x::Modulus& modulus(std::size_t k, unsigned threads) const {
    ensure(k, 1, threads);
    return *moduli[k];
  }
};

namespace {

// Bit 31 of X_t, t = n .. n + 2p - 1, from a seeded serial reference: a sequence whose minimal
// polynomial is the characteristic polynomial when that has degree p.
gf2x::Words minimal_polynomial(const core::dcmt::Params& p) {
  const std::size_t deg = p.exponent();
  std::vector<std::uint32_t> st(p.n);
  core::dcmt::seed_words(p, 4357u, st.data());
  std::vector<std::uint8_t> seq(2 * deg);
  std::size_t t = 0;
  while (t < 2 * deg) {
    core::dcmt::twist(p, st.data());
    for (std::uint32_t i = 0; i < p.n && t < 2 * deg; ++i, ++t) seq[t] = static_cast<std::uint8_t>(st[i] >> 31);
  }
  return gf2x::minimal_polynomial(seq);
}

// `words` 32-bit words of g, word i at out[i * stride].
void to_words(const gf2x::Words& g, std::uint32_t* out, int words, std::size_t stride) {
  for (int i = 0; i < words; ++i) {
    const std::size_t w = static_cast<std::size_t>(i) / 2;
    out[static_cast<std::size_t>(i) * stride] = w < g.size() ? static_cast<std::uint32_t>(g[w] >> (32 * (i % 2))) : 0u;
  }
}

template <class F>
void parallel_for(std::size_t count, unsigned threads, const F& f) {
  const std::size_t workers = std::max<std::size_t>(1, std::min<std::size_t>(threads, count));
  const std::size_t per = (count + workers - 1) / workers;
  std::vector<std::thread> pool;
  for (std::size_t b = per; b < count; b += per) {
    const std::size_t e = std::min(count, b + per);
    try {
      pool.emplace_back([&f, b, e] {
        for (std::size_t k = b; k < e; ++k) f(k);
      });
    } catch (const std::system_error&) {
      for (std::size_t k = b; k < e; ++k) f(k);
    }
  }
  for (std::size_t k = 0; k < std::min(per, count); ++k) f(k);
  for (std::thread& t : pool) t.join();
}

}  // namespace

std::optional<ShortPeriod> first_short_period(const std::vector<core::dcmt::Params>& sets, unsigned threads) {
  std::vector<long> degree(sets.size());
  parallel_for(sets.size(), std::max(1u, threads), [&](std::size_t k) { degree[k] = gf2x::degree(minimal_polynomial(sets[k])); });
  for (std::size_t k = 0; k < sets.size(); ++k) {
    if (degree[k] != static_cast<long>(sets[k].exponent())) return ShortPeriod{k, degree[k]};
  }
  return std::nullopt;
}

std::string short_period_message(const std::vector<core::dcmt::Params>& sets, const ShortPeriod& s) {
  return "parameter set " + std::to_string(s.set) + " (aaa = " + support::hex32(sets[s.set].aaa) +
         "): its characteristic polynomial has degree " + std::to_string(s.degree) + ", not " +
         std::to_string(sets[s.set].exponent()) + ": not a full-period Dynamic-Creator set";
}

void FamilyPolys::Impl::ensure(std::size_t first, std::size_t count, unsigned threads) const {
  const std::size_t K = sets.size();
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::size_t> missing;
  for (std::size_t j = 0; j < std::min(count, K); ++j) {
    const std::size_t k = (first + j) % K;
    if (!ready[k]) missing.push_back(k);
  }
  if (missing.empty()) return;
  std::vector<gf2x::Words> found(missing.size());
  parallel_for(missing.size(), threads, [&](std::size_t i) { found[i] = minimal_polynomial(sets[missing[i]]); });
  for (std::size_t i = 0; i < missing.size(); ++i) {
    const std::size_t k = missing[i];
    const long d = gf2x::degree(found[i]);
    if (d != static_cast<long>(sets[k].exponent())) {
      throw Error(Status::invalid_argument, short_period_message(sets, ShortPeriod{k, d}));
    }
    moduli[k] = std::make_unique<const gf2x::Modulus>(std::move(found[i]));
    ready[k] = 1;
  }
}

FamilyPolys::FamilyPolys(const std::vector<core::dcmt::Params>& sets, int words) : impl_(std::make_unique<Impl>()) {
  impl_->sets = sets;
  impl_->words = words;
  impl_->ready.assign(sets.size(), 0);
  impl_->moduli.resize(sets.size());
}

FamilyPolys::~FamilyPolys() = default;

std::size_t FamilyPolys::sets() const { return impl_->sets.size(); }
int FamilyPolys::words() const { return impl_->words; }

std::vector<std::uint32_t> FamilyPolys::characteristic(std::size_t k) const {
  const gf2x::Words& f = impl_->modulus(k, std::max(1u, std::thread::hardware_concurrency())).polynomial();
  std::vector<std::uint32_t> out(static_cast<std::size_t>(gf2x::degree(f)) / 32 + 1);
  to_words(f, out.data(), static_cast<int>(out.size()), 1);
  return out;
}

std::vector<std::uint32_t> FamilyPolys::power(std::size_t k, std::uint64_t e) const {
  std::vector<std::uint32_t> out(static_cast<std::size_t>(impl_->words));
  to_words(impl_->modulus(k, std::max(1u, std::thread::hardware_concurrency())).power_of_x(e), out.data(),
           impl_->words, 1);
  return out;
}

std::vector<std::uint32_t> FamilyPolys::table(const std::uint64_t base[2], int classes, std::uint64_t chunk,
                                              std::uint64_t chunks, std::size_t first_set, std::size_t count,
                                              unsigned threads) const {
  const std::size_t K = impl_->sets.size();
  const std::size_t words = static_cast<std::size_t>(impl_->words);
  const std::size_t row = words * count;
  std::vector<std::uint32_t> out(static_cast<std::size_t>(classes) * chunks * row);
  if (count == 0) return out;
  const unsigned workers = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
  impl_->ensure(first_set, count, workers);  // the call's sets only (or throws)
  parallel_for(count, workers, [&](std::size_t j) {
    const gf2x::Modulus& m = *impl_->moduli[(first_set + j) % K];
    const gf2x::Words step = m.power_of_x(chunk);
    for (int cls = 0; cls < classes; ++cls) {
      gf2x::Words g = m.power_of_x(base[cls]);
      for (std::uint64_t c = 0; c < chunks; ++c) {
        if (c != 0) m.mul(g.data(), step.data(), g.data());
        to_words(g, out.data() + (cls * chunks + c) * row + j, impl_->words, count);
      }
    }
  });
  return out;
}

}  // namespace gpurng::detail::dcmt
