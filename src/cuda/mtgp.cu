// The CUDA Store for MTGP: every slot's state stays in device memory between calls.
//
// Buffers: the slots' start states; two copies of the current states and positions (a call reads
// one and writes the other, copying untouched slots across, so each kernel is a function of its
// inputs: a call replayed from a CUDA graph repeats its values as long as the generator made no
// call in between); scratch for jumps; the parameter sets. Start states are made when the store is
// created, on the device (doubling rounds of jump_kernel). Calls never synchronise the device;
// polynomials go up from pinned host buffers that live as long as the store.
#include <algorithm>
#include <cstring>
#include <vector>

#include "cuda/check.cuh"
#include "cuda/mtgp_kernels.cuh"
#include "cuda/scratch_pool.cuh"
#include "families/mtgp/mtgp_dispatch.hpp"

namespace gpurng::detail::cuda::mtgp {
namespace {

using detail::mtgp::CallPlan;
using detail::mtgp::GroupPlan;
using detail::mtgp::PolyWords;
using detail::mtgp::Streams;

constexpr std::size_t kScratchBytes = std::size_t{64} << 20;  // jump scratch cap

// A device allocation freed with its owner.
struct DeviceBuffer {
  void* p = nullptr;
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (p != nullptr) (void)cudaFree(p);
  }
  void allocate(std::size_t bytes, const char* what) {
    check(cudaMalloc(&p, std::max<std::size_t>(bytes, 1)), what);
  }
  template <class T>
  T* as() const {
    return static_cast<T*>(p);
  }
};

// Pinned host buffers for uploads, reused once the copy that read them has run (an event says so),
// so that an upload never blocks the host and never frees memory a pending copy still reads.
class HostStaging {
 public:
  HostStaging() = default;
  HostStaging(const HostStaging&) = delete;
  HostStaging& operator=(const HostStaging&) = delete;
  ~HostStaging() {
    for (Entry& e : entries_) {
      (void)cudaEventSynchronize(e.done);
      (void)cudaEventDestroy(e.done);
      (void)cudaFreeHost(e.p);
    }
  }
  // Copies `bytes` from src to device memory dst, ordered on `stream`.
  void upload(void* dst, const void* src, std::size_t bytes, cudaStream_t stream) {
    Entry* e = nullptr;
    for (Entry& c : entries_) {
      if (c.size >= bytes && cudaEventQuery(c.done) == cudaSuccess) {
        e = &c;
        break;
      }
    }
    (void)cudaGetLastError();  // a not-ready query leaves no error behind, but be sure
    if (e == nullptr) {
      Entry fresh;
      fresh.size = std::max<std::size_t>(bytes, 4096);
      check(cudaMallocHost(&fresh.p, fresh.size), "cudaMallocHost (mtgp upload staging)");
      const cudaError_t rc = cudaEventCreateWithFlags(&fresh.done, cudaEventDisableTiming);
      if (rc != cudaSuccess) {
        (void)cudaFreeHost(fresh.p);
        check(rc, "cudaEventCreate");
      }
      entries_.push_back(fresh);
      e = &entries_.back();
    }
    std::memcpy(e->p, src, bytes);
    check(cudaMemcpyAsync(dst, e->p, bytes, cudaMemcpyHostToDevice, stream), "cudaMemcpyAsync (mtgp upload)");
    check(cudaEventRecord(e->done, stream), "cudaEventRecord (mtgp upload)");
  }

 private:
  struct Entry {
    void* p = nullptr;
    std::size_t size = 0;
    cudaEvent_t done = nullptr;
  };
  std::vector<Entry> entries_;
};

std::uint32_t ring_words(std::uint32_t n, std::uint32_t chunk) {
  return static_cast<std::uint32_t>(m::ceil_pow2(std::uint64_t{n} + chunk + 1));
}

template <class W>
class CudaStore final : public detail::mtgp::Store<W> {
 public:
  explicit CudaStore(const Streams<W>& st) : st_(st), n_(st.words()), rec_(n_ + 1) {}

  void fill(const CallPlan& plan, const Request& req, void* out, const ExecContext& ctx) override {
    stream_ = ctx.stream;
    if (!ready_) create(ctx.cuda_blocks);
    const std::uint64_t S = plan.layout.streams;
    const bool all = plan.touched.count == S;
    // Jumped groups: the touched slots restart from their starts, jumped by `to`.
    jump_group(plan, plan.main, 0, ctx.cuda_blocks);
    if (plan.pair) jump_group(plan, plan.companion, S, ctx.cuda_blocks);
    // Untouched slots (and a group that does not run) keep their state: copy them across.
    if (!all) {
      copy_states(0, st_.slots);
    } else if (!plan.pair && st_.slots > S) {
      copy_states(S, st_.slots - S);
    }
    detail::mtgp::with_mtgp_transform<W>(req, st_.conversions, [&](auto e_tag, const auto& tr) {
      using E = typename decltype(e_tag)::type;
      launch_fill<E>(plan, tr, static_cast<typename std::decay_t<decltype(tr)>::value_type*>(out), ctx.cuda_blocks);
    });
    flip();
  }

 private:
  // Buffers, parameter sets, and the start states (rounds of doubling jumps).
  void create(unsigned blocks) {
    const std::uint64_t U = st_.slots;
    params_.allocate(st_.params.size() * sizeof(m::Params<W>), "cudaMalloc (mtgp parameter sets)");
    {
      std::vector<m::Params<W>> host;
      for (const auto* p : st_.params) host.push_back(*p);
      upload(params_.p, host.data(), host.size() * sizeof(m::Params<W>));
    }
    starts_.allocate(U * rec_ * sizeof(W), "cudaMalloc (mtgp start states)");
    for (auto& b : states_) b.allocate(U * rec_ * sizeof(W), "cudaMalloc (mtgp states)");
    for (auto& b : positions_) b.allocate(U * sizeof(std::uint64_t), "cudaMalloc (mtgp positions)");
    const std::uint64_t seq_words = st_.mexp() + n_ - 1;
    scratch_blocks_ = std::max<std::uint64_t>(1, std::min<std::uint64_t>(U, kScratchBytes / (seq_words * sizeof(W))));
    scratch_.allocate(scratch_blocks_ * seq_words * sizeof(W), "cudaMalloc (mtgp jump scratch)");

    // Seeded states into start records (word 0 of a record, x_{-1}, is never read at position 0).
    const std::uint64_t seeded = st_.jumped ? 1 : U;
    std::vector<W> recs(seeded * rec_, 0);
    for (std::uint64_t u = 0; u < seeded; ++u) std::memcpy(&recs[u * rec_ + 1], &st_.seeded[u * n_], n_ * sizeof(W));
    upload(starts_.p, recs.data(), recs.size() * sizeof(W));
    if (st_.jumped) {
      for (unsigned r = 0; (std::uint64_t{1} << r) < U; ++r) {
        const std::uint64_t lo = std::uint64_t{1} << r;
        const std::uint64_t hi = std::min<std::uint64_t>(U, lo << 1);
        const PolyWords c = detail::mtgp::start_polynomial(st_, r);
        launch_jump(starts_.as<W>(), starts_.as<W>(), 0, lo, ~std::uint64_t{0}, hi - lo, lo, c, 0, nullptr, 0, blocks);
      }
    }
    check(cudaMemcpyAsync(states_[cur_].p, starts_.p, U * rec_ * sizeof(W), cudaMemcpyDeviceToDevice, stream_),
          "cudaMemcpyAsync (mtgp states)");
    check(cudaMemsetAsync(positions_[cur_].p, 0, U * sizeof(std::uint64_t), stream_), "cudaMemsetAsync");
    ready_ = true;
  }

  void upload(void* dst, const void* src, std::size_t bytes) { staging_.upload(dst, src, bytes, stream_); }

  // Jobs: slot base + (first + b) mod modulus, b < count, from slot - src_delta of src into dst.
  void launch_jump(const W* src, W* dst, std::uint64_t base, std::uint64_t first, std::uint64_t modulus,
                   std::uint64_t count, std::uint64_t src_delta, const PolyWords& poly, std::uint32_t poly_stride,
                   std::uint64_t* pos_out, std::uint64_t pos_value, unsigned blocks) {
    // The polynomial lives in stream-ordered memory, freed after the kernel that reads it.
    void* dev = scratch_alloc(poly.size() * sizeof(std::uint32_t), stream_, "cudaMallocFromPoolAsync (mtgp jump polynomial)");
    try {
      upload(dev, poly.data(), poly.size() * sizeof(std::uint32_t));
    } catch (...) {
      (void)cudaFreeAsync(dev, stream_);
      throw;
    }
    JumpArgs<W> a{};
    a.params = params_.as<m::Params<W>>();
    a.params_stride = st_.jumped ? 0 : 1;
    a.n = n_;
    a.src = src;
    a.dst = dst;
    a.job_count = count;
    a.base = base;
    a.first = first;
    a.modulus = modulus;
    a.src_delta = src_delta;
    a.poly = static_cast<const std::uint32_t*>(dev);
    a.poly_words = (st_.mexp() + 31) / 32;
    a.poly_stride = poly_stride;
    a.scratch = scratch_.as<W>();
    a.pos_out = pos_out;
    a.pos_value = pos_value;
    std::uint64_t grid = std::min<std::uint64_t>(count, scratch_blocks_);
    if (blocks != 0) grid = std::min<std::uint64_t>(grid, blocks);
    jump_kernel<W><<<static_cast<unsigned>(std::max<std::uint64_t>(grid, 1)), kThreads, 0, stream_>>>(a);
    const cudaError_t launched = cudaGetLastError();
    (void)cudaFreeAsync(dev, stream_);
    check(launched, "mtgp jump kernel launch");
  }

  // A jumped group: its touched slots of the current buffer become their starts jumped by `to`.
  void jump_group(const CallPlan& plan, const GroupPlan& g, std::uint64_t base, unsigned blocks) {
    if (!g.jump) return;
    const std::uint64_t S = plan.layout.streams;
    PolyWords c;  // one polynomial (one characteristic polynomial), or one per job in touched order
    if (st_.jumped) {
      c = detail::mtgp::jump_polynomials(st_, 0, 1, g.to);
    } else {
      for (std::uint64_t i = 0; i < plan.touched.count; ++i) {
        const PolyWords one = detail::mtgp::jump_polynomials(st_, base + plan.touched.stream(i, S), 1, g.to);
        c.insert(c.end(), one.begin(), one.end());
      }
    }
    const std::uint32_t stride = st_.jumped ? 0 : (st_.mexp() + 31) / 32;
    launch_jump(starts_.as<W>(), states_[cur_].as<W>(), base, plan.touched.s0, S, plan.touched.count, 0, c, stride,
                positions_[cur_].as<std::uint64_t>(), g.to, blocks);
  }

  // Slots [first, first + count) keep their state across the call.
  void copy_states(std::uint64_t first, std::uint64_t count) {
    const int nxt = 1 - cur_;
    check(cudaMemcpyAsync(states_[nxt].as<W>() + first * rec_, states_[cur_].as<W>() + first * rec_,
                          count * rec_ * sizeof(W), cudaMemcpyDeviceToDevice, stream_),
          "cudaMemcpyAsync (mtgp states)");
    check(cudaMemcpyAsync(positions_[nxt].as<std::uint64_t>() + first, positions_[cur_].as<std::uint64_t>() + first,
                          count * sizeof(std::uint64_t), cudaMemcpyDeviceToDevice, stream_),
          "cudaMemcpyAsync (mtgp positions)");
  }

  void flip() { cur_ = 1 - cur_; }

  template <class E, class Tr>
  void launch_fill(const CallPlan& plan, const Tr& tr, typename Tr::value_type* out, unsigned blocks) {
    FillArgs<W> a{};
    a.params = params_.as<m::Params<W>>();
    a.params_stride = st_.jumped ? 0 : 1;
    a.param0 = *st_.params[0];
    a.n = n_;
    a.ring_mask = ring_words(n_, plan.layout.chunk) - 1;
    a.layout = plan.layout;
    a.chunk_shift = static_cast<std::uint32_t>(__builtin_ctz(plan.layout.chunk));
    a.first = plan.first;
    a.count = plan.n;
    a.s0 = plan.touched.s0;
    a.touched = plan.touched.count;
    a.companion_base = plan.layout.streams;
    a.in = states_[cur_].as<W>();
    a.out = states_[1 - cur_].as<W>();
    a.pos_in = positions_[cur_].as<std::uint64_t>();
    a.pos_out = positions_[1 - cur_].as<std::uint64_t>();
    const std::size_t rings = (E::kPair ? 2 : 1) * std::size_t{a.ring_mask + 1} * sizeof(W);
    // Poisson's and binomial's sums (at most 27 KB) after the rings, 16-byte aligned.
    a.staged_offset = static_cast<std::uint32_t>((rings + 15) / 16 * 16);
    const std::size_t smem = kStagesItself<Tr> ? a.staged_offset + staged_bytes_of(tr) : rings;
    auto kernel = fill_kernel<E, Tr, Tables::shared>;
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)),
          "cudaFuncSetAttribute (mtgp fill)");
    // Many small blocks per SM: ask for the largest shared-memory carveout so that shared memory
    // never limits how many are resident (the kernel reads nothing through L1).
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared),
          "cudaFuncSetAttribute (mtgp fill carveout)");
    std::uint64_t grid = plan.touched.count;
    if (blocks != 0) grid = std::min<std::uint64_t>(grid, blocks);
    const unsigned threads = fill_threads(plan.layout.chunk);
    kernel<<<static_cast<unsigned>(std::max<std::uint64_t>(grid, 1)), threads, smem, stream_>>>(a, tr, out);
    check(cudaGetLastError(), "mtgp fill kernel launch");
  }

  Streams<W> st_;
  std::uint32_t n_;
  std::uint64_t rec_;  // words per state record
  bool ready_ = false;
  CUstream_st* stream_ = nullptr;
  DeviceBuffer params_, starts_, scratch_;
  DeviceBuffer states_[2], positions_[2];
  int cur_ = 0;
  std::uint64_t scratch_blocks_ = 1;
  HostStaging staging_;
};

}  // namespace
}  // namespace gpurng::detail::cuda::mtgp

namespace gpurng::detail::mtgp {

template <class W>
std::unique_ptr<Store<W>> make_cuda_store(const Streams<W>& streams) {
  return std::make_unique<cuda::mtgp::CudaStore<W>>(streams);
}
template std::unique_ptr<Store<std::uint32_t>> make_cuda_store(const Streams<std::uint32_t>&);
template std::unique_ptr<Store<std::uint64_t>> make_cuda_store(const Streams<std::uint64_t>&);

}  // namespace gpurng::detail::mtgp
