// The CPU Store for MTGP: slots in host memory. Slot starts are made when first needed (in
// doubling rounds, see mtgp_streams.hpp), jump polynomials on the calling thread (NTL), and then
// the touched streams are shared among worker threads, whole streams each.
#include <algorithm>
#include <functional>
#include <system_error>
#include <thread>

#include "cpu/mtgp_fill.hpp"
#include "families/mtgp/mtgp_dispatch.hpp"

namespace gpurng::detail::cpu::mtgp {
namespace {

using detail::mtgp::GroupPlan;
using detail::mtgp::PolyWords;
using detail::mtgp::Streams;

// f(i) for i in [0, count), spread over up to `threads` threads in contiguous parts.
void parallel_for(std::uint64_t count, unsigned threads, const std::function<void(std::uint64_t)>& f) {
  if (count == 0) return;
  const unsigned workers =
      static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(resolve_cpu_threads(threads), count)));
  const std::uint64_t per = (count + workers - 1) / workers;
  auto part = [&](std::uint64_t i0, std::uint64_t i1) {
    for (std::uint64_t i = i0; i < i1; ++i) f(i);
  };
  std::vector<std::thread> pool;
  for (std::uint64_t i0 = per; i0 < count; i0 += per) {
    const std::uint64_t i1 = std::min(count, i0 + per);
    try {
      pool.emplace_back(part, i0, i1);
    } catch (const std::system_error&) {
      part(i0, i1);
    }
  }
  part(0, std::min(per, count));
  for (std::thread& t : pool) t.join();
}

template <class W>
class CpuStore final : public detail::mtgp::Store<W> {
 public:
  explicit CpuStore(const Streams<W>& st) : st_(st), slots_(st.slots), live_(st.slots, false) {
    const std::uint64_t ring = m::ceil_pow2(st_.words() + 2);
    for (Slot<W>& s : slots_) s.ring.assign(ring, 0);
  }

  void fill(const CallPlan& plan, const Request& req, void* out, const ExecContext& ctx) override {
    const std::uint64_t S = plan.layout.streams;
    std::vector<Group> groups{prepare(plan, plan.main, 0)};
    if (plan.pair) groups.push_back(prepare(plan, plan.companion, S));

    // Starts needed by this call (a jumped group restarts every touched slot; other slots need
    // their start only if they have not been used yet).
    std::vector<std::uint64_t> need;
    for (const Group& g : groups) {
      for (std::uint64_t i = 0; i < plan.touched.count; ++i) {
        const std::uint64_t slot = g.base + plan.touched.stream(i, S);
        if (g.plan.jump || !live_[slot]) need.push_back(slot);
      }
    }
    make_starts(need, ctx.cpu_threads);

    detail::mtgp::with_mtgp_transform<W>(req, st_.conversions, [&](auto e_tag, const auto& tr) {
      using E = typename decltype(e_tag)::type;
      using V = typename std::decay_t<decltype(tr)>::value_type;
      V* dst = static_cast<V*>(out);
      parallel_for(plan.touched.count, ctx.cpu_threads, [&](std::uint64_t i) {
        const std::uint64_t s = plan.touched.stream(i, S);
        for (const Group& g : groups) bring(g, i, g.base + s);
        run_stream<E>(plan, s, tr, dst);
      });
    });
    for (std::uint64_t i = 0; i < plan.touched.count; ++i) {
      for (const Group& g : groups) live_[g.base + plan.touched.stream(i, S)] = true;
    }
  }

 private:
  struct Group {
    std::uint64_t base = 0;  // first slot of the group
    GroupPlan plan;
    PolyWords jump_poly;     // x^to mod P (jumped: one; per slot: one per touched stream)
  };

  Group prepare(const CallPlan& plan, const GroupPlan& g, std::uint64_t base) {
    Group out;
    out.base = base;
    out.plan = g;
    if (g.jump && g.to != 0) {
      out.jump_poly = st_.jumped ? detail::mtgp::jump_polynomials(st_, 0, 1, g.to) : PolyWords{};
      if (!st_.jumped) {
        for (std::uint64_t i = 0; i < plan.touched.count; ++i) {
          const PolyWords c = detail::mtgp::jump_polynomials(st_, base + plan.touched.stream(i, plan.layout.streams),
                                                             1, g.to);
          out.jump_poly.insert(out.jump_poly.end(), c.begin(), c.end());
        }
      }
    }
    return out;
  }

  // Starts of the given slots and of the slots they are made from, round by round.
  void make_starts(std::vector<std::uint64_t> need, unsigned threads) {
    if (!st_.jumped) {  // per-slot seeding: the start is the seeded state
      for (std::uint64_t u : need) {
        const std::uint32_t n = st_.words();
        if (slots_[u].start.empty()) slots_[u].start.assign(&st_.seeded[u * n], &st_.seeded[u * n] + n);
      }
      return;
    }
    // Close the set under "parent of", then make them by increasing round.
    for (std::size_t k = 0; k < need.size(); ++k) {
      const std::uint64_t u = need[k];
      if (u != 0 && slots_[u].start.empty()) need.push_back(detail::mtgp::start_parent(u));
    }
    std::sort(need.begin(), need.end());
    need.erase(std::unique(need.begin(), need.end()), need.end());
    need.erase(std::remove_if(need.begin(), need.end(), [&](std::uint64_t u) { return !slots_[u].start.empty(); }),
               need.end());
    if (!need.empty() && need.front() == 0) {
      slots_[0].start = st_.seeded;
      need.erase(need.begin());
    }
    for (unsigned r = 0; !need.empty(); ++r) {
      std::vector<std::uint64_t> round;
      auto it = std::partition(need.begin(), need.end(),
                               [&](std::uint64_t u) { return detail::mtgp::start_round(u) == r; });
      round.assign(need.begin(), it);
      need.erase(need.begin(), it);
      if (round.empty()) continue;
      const PolyWords c = detail::mtgp::start_polynomial(st_, r);
      parallel_for(round.size(), threads, [&](std::uint64_t i) {
        const std::uint64_t u = round[i];
        const m::Params<W>& p = st_.params_of(u);
        const std::uint32_t n = m::state_words(p);
        const std::vector<W> seq = word_sequence(p, slots_[detail::mtgp::start_parent(u)].start.data());
        std::vector<W> start(n);
        m::jumped_state(c.data(), static_cast<std::uint32_t>(c.size()), seq.data(), n, start.data());
        slots_[u].start = std::move(start);
      });
    }
  }

  // Puts a slot where the group plan wants it before its stream runs.
  void bring(const Group& g, std::uint64_t i, std::uint64_t slot) {
    if (g.plan.jump) {
      const std::uint32_t cw = (st_.mexp() + 31) / 32;
      const std::uint32_t* c = g.jump_poly.empty() ? nullptr : g.jump_poly.data() + (st_.jumped ? 0 : i * cw);
      jump_from_start(slots_[slot], st_.params_of(slot), c, cw, g.plan.to);
    } else if (!live_[slot]) {
      place(slots_[slot], slots_[slot].start.data(), st_.words(), 0);
    }
  }

  template <class E, class Tr>
  void run_stream(const CallPlan& plan, std::uint64_t s, const Tr& tr, typename Tr::value_type* out) {
#if GPURNG_CPU_FMA_CLONE
    if (cpu_has_fma()) {
      run_stream_fma<E>(plan, s, tr, out);
      return;
    }
#endif
    run_stream_body<E>(plan, s, tr, out);
  }

#if GPURNG_CPU_FMA_CLONE
  template <class E, class Tr>
  __attribute__((target("fma"))) void run_stream_fma(const CallPlan& plan, std::uint64_t s, const Tr& tr,
                                                     typename Tr::value_type* out) {
    run_stream_body<E>(plan, s, tr, out);
  }
#endif

  template <class E, class Tr>
  GPURNG_FORCEINLINE void run_stream_body(const CallPlan& plan, std::uint64_t s, const Tr& tr,
                                          typename Tr::value_type* out) {
    const std::uint64_t S = plan.layout.streams;
    Slot<W>* companion = E::kPair ? &slots_[S + s] : nullptr;
    produce_stream<E>(plan, s, slots_[s], companion, st_.params_of(s), st_.params_of(E::kPair ? S + s : s), tr, out);
  }

  Streams<W> st_;
  std::vector<Slot<W>> slots_;
  std::vector<bool> live_;  // the slot's ring holds its current state (else it is at its start)
};

}  // namespace
}  // namespace gpurng::detail::cpu::mtgp

namespace gpurng::detail::mtgp {

template <class W>
std::unique_ptr<Store<W>> make_cpu_store(const Streams<W>& streams) {
  return std::make_unique<cpu::mtgp::CpuStore<W>>(streams);
}
template std::unique_ptr<Store<std::uint32_t>> make_cpu_store(const Streams<std::uint32_t>&);
template std::unique_ptr<Store<std::uint64_t>> make_cpu_store(const Streams<std::uint64_t>&);

}  // namespace gpurng::detail::mtgp
