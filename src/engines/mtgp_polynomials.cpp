#include "engines/mtgp_polynomials.hpp"

#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>
#include <NTL/ZZ.h>
#include <NTL/vec_GF2.h>

#include <map>
#include <mutex>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail::mtgp {
namespace {

PolyWords to_words(const NTL::GF2X& f, std::uint32_t word_count) {
  PolyWords out(word_count, 0);
  const long d = NTL::deg(f);
  for (long i = 0; i <= d; ++i) {
    if (NTL::IsOne(NTL::coeff(f, i))) out[static_cast<std::size_t>(i) / 32] |= 1u << (i % 32);
  }
  return out;
}

class NtlCharacteristic final : public Characteristic {
 public:
  explicit NtlCharacteristic(const NTL::GF2X& p) : poly_(p), modulus_(p) {}

  std::uint32_t degree() const override { return static_cast<std::uint32_t>(NTL::deg(poly_)); }
  std::uint32_t weight() const override { return static_cast<std::uint32_t>(NTL::weight(poly_)); }

  PolyWords power_of_x(std::uint64_t k) const override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const auto& [key, value] : recent_) {
        if (key == k) return value;
      }
    }
    NTL::GF2X r;
    if (k == 0) {
      NTL::set(r);
    } else {
      NTL::PowerXMod(r, NTL::conv<NTL::ZZ>(static_cast<unsigned long>(k)), modulus_);
    }
    PolyWords w = to_words(r, words());
    std::lock_guard<std::mutex> lock(mutex_);
    // A few recent jumps (a CPU and a GPU generator at the same offset, offsets revisited in a loop).
    if (recent_.size() == kRecent) recent_.erase(recent_.begin());
    recent_.emplace_back(k, w);
    return w;
  }

  PolyWords power_of_x_pow2(unsigned e) const override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (squares_.empty()) {
      NTL::GF2X x;
      NTL::SetX(x);
      NTL::rem(x, x, modulus_);
      squares_.push_back(x);
    }
    while (squares_.size() <= e) {
      NTL::GF2X next;
      NTL::SqrMod(next, squares_.back(), modulus_);
      squares_.push_back(next);
    }
    return to_words(squares_[e], words());
  }

  std::string coefficient_string() const override {
    std::string s;
    const long d = NTL::deg(poly_);
    s.reserve(static_cast<std::size_t>(d) + 1);
    for (long i = 0; i <= d; ++i) s += NTL::IsOne(NTL::coeff(poly_, i)) ? '1' : '0';
    return s;
  }

 private:
  NTL::GF2X poly_;
  NTL::GF2XModulus modulus_;
  static constexpr std::size_t kRecent = 8;
  mutable std::mutex mutex_;
  mutable std::vector<NTL::GF2X> squares_;  // x^(2^e) mod P, e = 0, 1, ...
  mutable std::vector<std::pair<std::uint64_t, PolyWords>> recent_;
};

// Berlekamp-Massey on the lowest bit of 2p outputs of the reference generator (any non-zero
// start state: P is irreducible, so the minimal polynomial of any non-zero sequence is P).
template <class W>
std::shared_ptr<const Characteristic> compute(const core::mtgp::Params<W>& p, std::uint32_t expected_weight) {
  namespace m = core::mtgp;
  const std::uint32_t n = m::state_words(p);
  const std::uint64_t ring_size = m::ceil_pow2(n + 1);
  std::vector<W> ring(ring_size);
  m::seed_state<W>(p, 1, ring.data());
  m::Serial<W> gen{&p, ring.data(), ring_size - 1, n};
  const long len = 2 * static_cast<long>(p.mexp);
  NTL::vec_GF2 seq;
  seq.SetLength(len);
  for (long i = 0; i < len; ++i) seq[i] = static_cast<long>(gen.step() & 1);
  NTL::GF2X poly;
  NTL::MinPolySeq(poly, seq, static_cast<long>(p.mexp));
  auto c = std::make_shared<NtlCharacteristic>(poly);
  if (c->degree() != p.mexp || (expected_weight != 0 && c->weight() != expected_weight)) {
    throw Error(Status::internal_error, "mtgp: the characteristic polynomial of a parameter set has degree " +
                                            std::to_string(c->degree()) + " and weight " + std::to_string(c->weight()) +
                                            ", expected " + std::to_string(p.mexp) + " and " +
                                            std::to_string(expected_weight));
  }
  return c;
}

std::mutex g_mutex;
std::map<const void*, std::shared_ptr<const Characteristic>> g_cache;

template <class W>
std::shared_ptr<const Characteristic> cached(const core::mtgp::Params<W>& p, std::uint32_t expected_weight) {
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_cache.find(&p);
    if (it != g_cache.end()) return it->second;
  }
  // Computed outside the lock (up to ~0.1 s for p = 110503); a racing thread computes the same.
  std::shared_ptr<const Characteristic> c = compute(p, expected_weight);
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_cache.emplace(&p, std::move(c)).first->second;
}

}  // namespace

std::shared_ptr<const Characteristic> characteristic(const core::mtgp::Params<std::uint32_t>& p,
                                                     std::uint32_t expected_weight) {
  return cached(p, expected_weight);
}
std::shared_ptr<const Characteristic> characteristic(const core::mtgp::Params<std::uint64_t>& p,
                                                     std::uint32_t expected_weight) {
  return cached(p, expected_weight);
}

}  // namespace gpurng::detail::mtgp
