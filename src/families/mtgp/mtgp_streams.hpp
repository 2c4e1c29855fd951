// The MTGP stream states behind a generator, as the backends see them.
//
// A generator's streams are `slots` independent MTGP sequences:
//  * jumped (the reference engines): every slot uses one parameter set; slot u starts u * 2^64
//    steps after the seeded state (x^(u 2^64) mod P applied to it), so slots never overlap. Slots
//    0 .. S-1 are the layout's streams; for 32-bit doubles, slots S .. 2S-1 are their companions.
//  * seeded per slot (cuRAND compatibility): slot u uses its own parameter set and its own seeded
//    state, as curandMakeMTGP32KernelState does.
//
// A Store keeps the current state of every slot in the backend's memory (host memory, or the
// device's between calls) and carries out CallPlans. Stored state per slot: N + 1 words, x_{p-1}
// .. x_{p+N-1} for a slot at position p (the extra older word lets a stream restart one step back).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "exec.hpp"
#include "families/mtgp/mtgp_plan.hpp"
#include "families/mtgp/mtgp_polynomials.hpp"
#include "families/mtgp/mtgp_start_polys.hpp"
#include "gpurng/core/engines/mtgp.hpp"

namespace gpurng::detail::mtgp {

enum class Conversions { reference, curand };

template <class W>
struct Streams {
  std::uint64_t slots = 0;
  bool jumped = true;
  Conversions conversions = Conversions::reference;
  // jumped: one entry; per slot: `slots` entries.
  std::vector<const core::mtgp::Params<W>*> params;
  std::vector<std::uint32_t> weights;  // published weights of the characteristic polynomials (identity check)
  // jumped: N words; per slot: slots * N words.
  std::vector<W> seeded;

  const core::mtgp::Params<W>& params_of(std::uint64_t slot) const { return *params[jumped ? 0 : slot]; }
  std::uint32_t weight_of(std::uint64_t slot) const { return weights[jumped ? 0 : slot]; }
  std::uint32_t words() const { return core::mtgp::state_words(*params[0]); }
  std::uint32_t mexp() const { return params[0]->mexp; }
  std::shared_ptr<const Characteristic> characteristic_of(std::uint64_t slot) const {
    return characteristic(params_of(slot), weight_of(slot));
  }
};

template <class W>
class Store {
 public:
  virtual ~Store() = default;
  // Fills out[0 .. plan.n) with request `req` as the plan says (out is memory the backend writes).
  virtual void fill(const CallPlan& plan, const Request& req, void* out, const ExecContext& ctx) = 0;
};

template <class W>
std::unique_ptr<Store<W>> make_cpu_store(const Streams<W>& streams);
// Throws Error(no_device) when the library was built without CUDA.
template <class W>
std::unique_ptr<Store<W>> make_cuda_store(const Streams<W>& streams);

// Slot starts (jumped streams): slot u starts u * 2^64 steps after the seeded state. They are built
// by doubling, so that only a few distinct polynomials are needed: with 2^r the highest power of
// two <= u, start_u = start_{u - 2^r} jumped by 2^r * 2^64 steps (c = x^(2^(64 + r)) mod P).
inline constexpr unsigned kSubstreamLog2 = 64;
inline unsigned start_round(std::uint64_t u) { return 63u - static_cast<unsigned>(__builtin_clzll(u)); }
inline std::uint64_t start_parent(std::uint64_t u) { return u - (std::uint64_t{1} << start_round(u)); }

// The default sets' polynomials come from the build (mtgp_start_polys.hpp): no Berlekamp-Massey and
// no squarings at a first call; other sets compute them once per process.
template <class W>
PolyWords start_polynomial(const Streams<W>& st, unsigned round) {
  PolyWords w;
  if (precomputed_power_of_x_pow2(st.params[0], kSubstreamLog2 + round, w)) return w;
  return st.characteristic_of(0)->power_of_x_pow2(kSubstreamLog2 + round);
}

// x^J mod P_u for slots [first, first + count): one polynomial when jumped (all slots share P).
// J = 0 (a slot restarting at its start, as every slot does in a generator's first call) is the
// polynomial 1 whatever P is: no characteristic polynomial is computed for it.
template <class W>
PolyWords jump_polynomials(const Streams<W>& st, std::uint64_t first, std::uint64_t count, std::uint64_t J) {
  if (J == 0) {
    const std::uint32_t words = (st.mexp() + 31) / 32;
    PolyWords one(std::size_t{words} * (st.jumped ? 1 : count), 0);
    for (std::size_t i = 0; i < one.size(); i += words) one[i] = 1;
    return one;
  }
  if (st.jumped) return st.characteristic_of(0)->power_of_x(J);
  PolyWords out;
  for (std::uint64_t i = 0; i < count; ++i) {
    const PolyWords w = st.characteristic_of(first + i)->power_of_x(J);
    out.insert(out.end(), w.begin(), w.end());
  }
  return out;
}

}  // namespace gpurng::detail::mtgp
