#include "families/mtgp/mtgp_polynomials.hpp"

#include <map>
#include <mutex>

#include "gf2x_polynomial.hpp"
#include "gpurng/gpurng.hpp"

namespace gpurng::detail::mtgp {
namespace {

PolyWords to_words(const gf2x::Words& f, std::uint32_t word_count) {
  PolyWords out(word_count, 0);
  gf2x::to_words32(f.data(), f.size(), out.data(), out.size());
  return out;
}

class Gf2xCharacteristic final : public Characteristic {
 public:
  explicit Gf2xCharacteristic(gf2x::Words p) : weight_(static_cast<std::uint32_t>(gf2x::weight(p))), modulus_(std::move(p)) {}

  std::uint32_t degree() const override { return static_cast<std::uint32_t>(modulus_.degree()); }
  std::uint32_t weight() const override { return weight_; }

  PolyWords power_of_x(std::uint64_t k) const override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const auto& [key, value] : recent_) {
        if (key == k) return value;
      }
    }
    PolyWords w = to_words(modulus_.power_of_x(k), words());
    std::lock_guard<std::mutex> lock(mutex_);
    // A few recent jumps (a CPU and a GPU generator at the same offset, offsets revisited in a loop).
    if (recent_.size() == kRecent) recent_.erase(recent_.begin());
    recent_.emplace_back(k, w);
    return w;
  }

  PolyWords power_of_x_pow2(unsigned e) const override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (squares_.empty()) {
      gf2x::Words x(modulus_.words(), 0);
      x[0] = 1;
      modulus_.mul_x(x.data());
      squares_.push_back(std::move(x));
    }
    while (squares_.size() <= e) {
      gf2x::Words next(modulus_.words());
      modulus_.sqr(squares_.back().data(), next.data());
      squares_.push_back(std::move(next));
    }
    return to_words(squares_[e], words());
  }

  std::string coefficient_string() const override {
    const gf2x::Words& f = modulus_.polynomial();
    const long d = modulus_.degree();
    std::string s;
    s.reserve(static_cast<std::size_t>(d) + 1);
    for (long i = 0; i <= d; ++i) s += ((f[static_cast<std::size_t>(i) / 64] >> (i % 64)) & 1u) ? '1' : '0';
    return s;
  }

 private:
  std::uint32_t weight_;
  gf2x::Modulus modulus_;
  static constexpr std::size_t kRecent = 8;
  mutable std::mutex mutex_;
  mutable std::vector<gf2x::Words> squares_;  // x^(2^e) mod P, e = 0, 1, ...
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
  std::vector<std::uint8_t> seq(2 * static_cast<std::size_t>(p.mexp));
  for (auto& b : seq) b = static_cast<std::uint8_t>(gen.step() & 1);
  gf2x::Words poly = gf2x::minimal_polynomial(seq);
  const long degree = gf2x::degree(poly);
  const long weight = gf2x::weight(poly);
  if (degree != static_cast<long>(p.mexp) || (expected_weight != 0 && weight != static_cast<long>(expected_weight))) {
    throw Error(Status::internal_error, "mtgp: the characteristic polynomial of a parameter set has degree " +
                                            std::to_string(degree) + " and weight " + std::to_string(weight) +
                                            ", expected " + std::to_string(p.mexp) + " and " +
                                            std::to_string(expected_weight));
  }
  auto c = std::make_shared<Gf2xCharacteristic>(std::move(poly));
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
