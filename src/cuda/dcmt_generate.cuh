// The Dynamic-Creator family on the GPU (the template; dcmt_mt521.cu and dcmt_mt2203.cu instantiate one
// shape each, so that the two largest kernels of the library compile in parallel): one thread per (stream, chunk) item of core/dcmt_produce.hpp,
// each with its generator's window in registers (the regeneration of N words is unrolled, so the
// window never leaves them). The 32 lanes of a warp are 32 consecutive streams: every store of the
// interleaved layout is coalesced, and the kept windows (word-major) load and store coalesced too.
//
// A call is one launch. The workspace keeps every stream's window at the end of a call, so a steady
// stream of calls needs no host work (and, with equal counts, the jump polynomials of the chunks come
// from the cache); a call anywhere else starts the lanes from their seeding and jumps each to its
// window with polynomials made on the host (src/families/dcmt/dcmt_jump.cpp). A call captured in a CUDA graph
// always starts from the seeding and keeps nothing, so that replays repeat the same values.
#pragma once

#include <algorithm>
#include <vector>

#include "cuda/check.cuh"
#include "cuda/dcmt_launch.hpp"
#include "cuda/grid.cuh"
#include "cuda/launchers.cuh"
#include "cuda/staged_words.cuh"
#include "cuda/workspace.cuh"
#include "families/dcmt/dcmt_plan.hpp"
#include "gpurng/core/dcmt_produce.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/produce.hpp"

namespace gpurng::detail::cuda {

namespace {

constexpr int kDcmtThreads = 128;
// Polynomial tables kept on the device (one per chunk plan) before the oldest is retired.
constexpr std::size_t kMaxPolyTables = 16;
// Chunks per lane at most: the table grows with them (classes x chunks x N x min(S, K) words; the plan
// also keeps it under dcmt::kMaxPolyTableBytes).
constexpr std::uint64_t kMaxChunks = 64;
// The shortest chunk a cuda_blocks setting may ask for.
constexpr std::uint64_t kMinTunedChunk = 1024;

template <class S, class Tr>
__device__ __forceinline__ void dcmt_items(const core::dcmt::Call& call, const Tr& tr, typename Tr::value_type* out) {
  const std::uint64_t lanes = call.range.streams;
  const std::uint64_t items = lanes * call.chunks;
  const std::uint64_t stride = std::uint64_t{gridDim.x} * kDcmtThreads;
  for (std::uint64_t t = std::uint64_t{blockIdx.x} * kDcmtThreads + threadIdx.x; t < items; t += stride) {
    const std::uint64_t c = t / lanes;
    core::dcmt::produce_item<S>(call, t - c * lanes, c, tr, out);
  }
}

template <class S, class Tr>
__global__ void __launch_bounds__(kDcmtThreads)
    dcmt_kernel(core::dcmt::Call call, Tr tr, typename Tr::value_type* __restrict__ out) {
  dcmt_items<S>(call, tr, out);
}

// The kernel of a transform that stages itself (Poisson's and binomial's sums: core/produce.hpp): the
// block stages them in dynamic shared memory (tr.staged_bytes(), launch below), read through
// core::StagedTransform, which points at the parameter itself (__grid_constant__: no copy).
template <class S, class Tr>
__global__ void __launch_bounds__(kDcmtThreads)
    dcmt_staged_kernel(core::dcmt::Call call, const __grid_constant__ Tr tr, typename Tr::value_type* __restrict__ out) {
  extern __shared__ __align__(16) unsigned char dcmt_dynamic_smem[];
  double* const staged = reinterpret_cast<double*>(dcmt_dynamic_smem);
  stage_in_block(tr, staged, kDcmtThreads);
  dcmt_items<S>(call, core::StagedTransform<Tr>{&tr, staged}, out);
}

}  // namespace

// The shared workspace (workspace.cuh: upload stream, retired buffers, call ordering) plus DCMT's
// own: the family's sets, every stream's window, the jump polynomial tables per chunk plan.
template <class S>
class DcmtWorkspace : public DeviceWorkspace {
 public:
  DcmtWorkspace() = default;

  ~DcmtWorkspace() {
    cudaFree(sets_);
    for (std::uint32_t* w : windows_) cudaFree(w);
  }

  // The family's sets on the device.
  const core::dcmt::Set* sets_for(const dcmt::Family& f) {
    if (sets_ != nullptr && sets_family_ == f.id()) return sets_;
    core::dcmt::Set* d = static_cast<core::dcmt::Set*>(
        upload_.upload(f.sets().data(), f.size() * sizeof(core::dcmt::Set), "dcmt parameter sets"));
    retired_.retire(sets_);  // a call in flight may still read it
    sets_ = d;
    sets_family_ = f.id();
    return sets_;
  }

  // The polynomial table of a plan on the device.
  const std::uint32_t* polys_for(const dcmt::Family& f, const dcmt::Plan& p) {
    const dcmt::PolyKey key = dcmt::poly_key(f, p);
    if (auto* cached = polys_.find(key)) return polys_.use(*cached);
    const std::shared_ptr<const std::vector<std::uint32_t>> host = host_polys_.get(f, p, 0);
    auto* d = static_cast<std::uint32_t*>(
        upload_.upload(host->data(), host->size() * sizeof(std::uint32_t), "dcmt jump polynomials"));
    return polys_.put(key, d);
  }

  // Room for the windows of `streams` streams in both buffers (the contents are lost when they grow).
  void reserve_windows(std::uint64_t streams) {
    const std::size_t words = static_cast<std::size_t>(S::N) * streams;
    if (words <= window_words_) return;
    std::uint32_t* fresh[2] = {nullptr, nullptr};
    upload_.allocate(fresh, words * sizeof(std::uint32_t), false, "cudaMalloc (dcmt stream windows)");
    replace(windows_, fresh);
    window_words_ = words;
    valid_ = false;
  }

  std::uint32_t* windows_[2] = {nullptr, nullptr};
  int cur_ = 0;
  bool valid_ = false;
  std::uint64_t epoch_ = 0;
  std::uint64_t position_ = 0;

 private:
  core::dcmt::Set* sets_ = nullptr;
  std::uint64_t sets_family_ = 0;
  std::size_t window_words_ = 0;
  DeviceTableCache<dcmt::PolyKey, std::uint32_t> polys_{kMaxPolyTables, retired_};
  dcmt::HostPolyCache host_polys_;
};

template <class S>
void DcmtWorkspaceDeleter<S>::operator()(DcmtWorkspace<S>* w) const noexcept {
  delete w;
}

template <class S, class Tr>
void dcmt_generate(DcmtWorkspacePtr<S>& workspace, const DcmtRequest& request, const Tr& tr,
                   typename Tr::value_type* out, const ExecContext& ctx) {
  const core::StreamRange& r = request.range;
  if (r.n == 0) return;
  if (!workspace) {
    DcmtWorkspacePtr<S> w(new DcmtWorkspace<S>());
    w->init();
    workspace = std::move(w);
  }
  DcmtWorkspace<S>& ws = *workspace;
  cudaStream_t stream = ctx.stream;
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  check(cudaStreamIsCapturing(stream, &capture), "cudaStreamIsCapturing");
  const bool capturing = capture != cudaStreamCaptureStatusNone;

  // Chunks: as many items as one wave of resident threads holds, chunks no shorter than a jump is worth.
  // With cuda_blocks set (tuning, as for the per-thread engines) the chunks fill those blocks instead,
  // down to kMinTunedChunk, so a benchmark can measure where the jump stops paying.
  const auto kernel = [] {
    if constexpr (kStagesItself<Tr>) {
      return &dcmt_staged_kernel<S, Tr>;
    } else {
      return &dcmt_kernel<S, Tr>;
    }
  }();
  const std::size_t dynamic_smem = staged_bytes_of(tr);
  std::uint64_t wave = 0;
  std::uint64_t min_chunk = dcmt::kMinChunk<S>;
  if (ctx.cuda_blocks != 0) {
    wave = std::uint64_t(ctx.cuda_blocks) * kDcmtThreads;
    min_chunk = kMinTunedChunk;
  } else {
    wave = wave_blocks(kernel, kDcmtThreads, ws.sms(), dynamic_smem) * kDcmtThreads;
  }
  const std::uint64_t chunks_wanted = std::min<std::uint64_t>(kMaxChunks, std::max<std::uint64_t>(1, wave / r.streams));

  const bool kept = !capturing && ws.valid_ && ws.epoch_ == request.epoch && ws.position_ == r.first;
  const dcmt::Plan plan = dcmt::make_plan<S>(r, request.family->size(), kept, chunks_wanted, min_chunk);

  // Everything that can fail on the host comes before the kept windows change.
  const core::dcmt::Set* sets = ws.sets_for(*request.family);
  const std::uint32_t* polys = plan.need_polys ? ws.polys_for(*request.family, plan) : nullptr;
  if (!capturing) ws.reserve_windows(r.streams);
  ws.follow_previous(stream, capturing);

  core::dcmt::Call call = dcmt::make_call(r, plan, request.seed_base, request.family->size());
  call.sets = sets;
  call.polys = polys;
  call.windows = kept ? ws.windows_[ws.cur_] : nullptr;
  call.next_windows = capturing ? nullptr : ws.windows_[1 - ws.cur_];

  const std::uint64_t items = r.streams * plan.chunks;
  const std::uint64_t blocks =
      clamp_grid(ctx.cuda_blocks != 0 ? ctx.cuda_blocks : (items + kDcmtThreads - 1) / kDcmtThreads);
  if (!capturing) ws.valid_ = false;  // windows_[1 - cur] is about to change
  kernel<<<static_cast<unsigned>(blocks), kDcmtThreads, dynamic_smem, stream>>>(call, tr, out);
  check(cudaGetLastError(), "dcmt generation kernel launch");

  if (!capturing) {
    ws.cur_ = 1 - ws.cur_;
    ws.valid_ = true;
    ws.epoch_ = request.epoch;
    ws.position_ = r.first + r.n;
    ws.record(stream);
  }
}

// Every distribution's generator for both shapes (called from plain C++ in dcmt_engine.cpp;
// launchers.cuh).
template <class S>
struct DcmtLaunchers {
  template <class Tr>
  static const void* address() {
    return reinterpret_cast<const void*>(&dcmt_generate<S, Tr>);
  }
  static const void* table(int i) { return launcher_table<DcmtLaunchers>(i, StandardTransforms<core::dcmt::Engine>{}); }
};

}  // namespace gpurng::detail::cuda
