// MT19937 / MT19937-64 on the GPU: the workspace (device window, block states, jump polynomials),
// the plan of a call (blocks, segment length, output groups) and the kernel launches. The kernels
// are mt19937_kernels.cuh; the math is core/engines/mt19937.hpp; the polynomials are jump/mt_jump.cpp.
//
// A call is at most three launches on the caller's stream: window_kernel (only when the device does
// not hold the window at `first`: first call, a user-set offset, graph capture), jump_kernel (only
// with more than one block) and a generation kernel: direct_kernel for bits and uniforms (the
// producers store their own words), gen_kernel for the other outputs (consumer threads transform).
// A steady stream of equal calls needs no host work: the window comes from the previous call and
// the polynomials from the cache.
//
// Speculative jumps: when a call repeats the previous call's length and continues it, it also
// launches, on a low-priority side stream, the jumps the next call of the same length would need
// (from this call's start window, by n + b L), into the second states buffer. They run beside this
// call's generation kernel (jump CTAs of 512 threads fit beside two direct_kernel blocks, of 128
// threads beside two gen_kernel blocks), so the next call starts generating at once. The next call
// always waits for them (they read the window it overwrites) and uses them only if it is that call;
// otherwise the buffer is cleared before its next use.
#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include "cuda/check.cuh"
#include "cuda/launchers.cuh"
#include "cuda/relaxed_capture.cuh"
#include "cuda/mt19937_kernels.cuh"
#include "cuda/mt19937_launch.hpp"
#include "cuda/workspace.cuh"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "families/mt19937/mt_jump.hpp"

namespace gpurng::detail::cuda {

namespace {

// Work per block: below this many positions a jump costs more than it saves (a jump is about as much
// work as generating 10^5 words on one multiprocessor, spread over the whole GPU).
constexpr std::uint64_t kMinPerBlock = std::uint64_t{1} << 16;
// With cuda_blocks set (tuning, tests), blocks may be this short.
constexpr std::uint64_t kMinPerBlockRequested = 1024;
constexpr unsigned kMaxBlocks = 4096;
// Segments are indexed with 32-bit counters inside a block.
constexpr std::uint64_t kMaxPerBlock = std::uint64_t{1} << 30;
// Chains of the recurrence per multiprocessor. Both generation kernels let two blocks share one
// (each hides the other's barrier and shared-memory latency), but every chain costs a jump, so the
// second one is used only for calls long enough to repay it: at least kSecondChainPerBlock
// positions per block (measured on an H200: about even at 2^27 positions, better from 2^28 on;
// docs/PERFORMANCE.md).
constexpr unsigned kGenBlocksPerSm = 2;
constexpr std::uint64_t kSecondChainPerBlock = std::uint64_t{1} << 19;
// MT19937's uniform doubles from direct_kernel are bound by the write ceiling, not by the
// recurrence, and one chain per SM beats two at every size measured (H200: 495 vs 457 GS/s at 2^28
// values, 520 vs 494 at 2^30), so they keep one.
constexpr bool one_chain_only(bool direct, int word_bits, std::size_t value_bytes) {
  return direct && word_bits == 32 && value_bytes == 8;
}
// Speculate only when a block's generation outlasts the speculative jumps beside it. Beside
// gen_kernel (two blocks of 768 threads) the jumps get 128-thread CTAs: measured on an H200
// (docs/PERFORMANCE.md), 2^22 positions per block gain 5% (u32, 2^30 values per call) and 2^20 lose
// 2% (the 263 jumps take longer than the generation beside them). Beside direct_kernel (blocks of
// 227 threads) they keep their 512-thread CTAs, and 2^20 positions per block gain 16% (u32, 2^28
// values: 762 vs 655 GS/s). With cuda_blocks set (tests, tuning) from kMinPerBlockRequested on.
constexpr std::uint64_t kSpeculateMinPerBlock = std::uint64_t{1} << 21;
constexpr std::uint64_t kSpeculateMinPerBlockDirect = std::uint64_t{1} << 19;
// Cached polynomial sets (one per segment length) before old ones are retired.
constexpr std::size_t kMaxPolySets = 32;

// Rounds up to 4 significant bits (at most 1/8 more), so that nearby sizes share one polynomial set.
std::uint64_t quantize_up(std::uint64_t x) {
  int bits = 0;
  while (bits < 64 && (x >> bits) != 0) ++bits;
  if (bits <= 4) return 16;
  const int p = bits - 4;
  const std::uint64_t m = (x + (std::uint64_t{1} << p) - 1) >> p;
  return m << p;
}

}  // namespace

// The shared workspace (workspace.cuh: upload stream, retired buffers, call ordering) plus MT's own:
// the device windows, the block start states, the jump polynomials per segment length, and the
// speculative jumps' side stream.
template <class P>
class MtWorkspace : public DeviceWorkspace {
 public:
  using W = typename P::word;
  using L = mtk::Layout<P>;

  MtWorkspace() = default;

  ~MtWorkspace() {
    if (side_ != nullptr) cudaStreamSynchronize(side_);  // a speculative jump may still write states_
    for (W* w : windows_) cudaFree(w);
    for (W* s : states_) cudaFree(s);
    for (cudaEvent_t e : {launch_point_, spec_done_}) {
      if (e != nullptr) cudaEventDestroy(e);
    }
    if (side_ != nullptr) cudaStreamDestroy(side_);
  }

  void init() {
    RelaxedCapture relaxed;
    DeviceWorkspace::init();
    int least = 0, greatest = 0;
    check(cudaDeviceGetStreamPriorityRange(&least, &greatest), "cudaDeviceGetStreamPriorityRange");
    check(cudaStreamCreateWithPriority(&side_, cudaStreamNonBlocking, least), "cudaStreamCreateWithPriority");
    for (cudaEvent_t* e : {&launch_point_, &spec_done_}) {
      check(cudaEventCreateWithFlags(e, cudaEventDisableTiming), "cudaEventCreateWithFlags");
    }
    check(mtk::prepare_jump_kernel<P>(), "cudaFuncSetAttribute (mt19937 jump kernel)");
    for (W*& w : windows_) check(cudaMalloc(&w, sizeof(W) * L::kWindowWords), "cudaMalloc (mt19937 window)");
    grow_states(static_cast<unsigned>(sms()) * kGenBlocksPerSm);
  }

  // Block start states for `blocks` blocks in buffer i (0, 1: direct calls; 2: captured calls), all
  // zero between calls except a buffer that holds speculative jumps (dirty_).
  W* states(int i, unsigned blocks) {
    if (blocks > state_capacity_) grow_states(blocks);
    return states_[i];
  }

  // Asks once per device for the most shared memory beside gen_kernel, so that jump CTAs fit there.
  void prepare_generation_kernel(const void* kernel) {
    if (std::find(prepared_.begin(), prepared_.end(), kernel) != prepared_.end()) return;
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared),
          "cudaFuncSetAttribute (mt19937 generation kernel)");
    prepared_.push_back(kernel);
  }

  // Called by every direct call before it launches anything: waits for the previous call's
  // speculative jumps, and says whether they are this call's (the buffer is then spec_buf_).
  bool settle_speculation(cudaStream_t stream, std::uint64_t epoch, std::uint64_t first, std::uint64_t per_block,
                          unsigned blocks, bool kept) {
    if (spec_buf_ < 0) return false;
    check(cudaStreamWaitEvent(stream, spec_done_, 0), "cudaStreamWaitEvent (mt19937 speculative jumps)");
    const bool hit = kept && spec_epoch_ == epoch && spec_first_ == first && spec_per_block_ == per_block &&
                     spec_blocks_ == blocks;
    if (!hit) spec_buf_ = -1;  // stays dirty until it is cleared
    return hit;
  }

  // A direct call's buffer: the speculative one (hit), else a clean one.
  int direct_buffer(bool hit) {
    if (hit) {
      const int i = spec_buf_;
      spec_buf_ = -1;
      dirty_[i] = false;  // the generation kernel zeroes what it reads
      return i;
    }
    return dirty_[0] ? 1 : 0;
  }

  // Launches on the side stream the jumps for the call at first + n of the same length, from `start`
  // (this call's window), into the buffer this call does not use; ordered after everything the
  // caller's stream has before the point recorded by mark_launch_point.
  void speculate(const W* start, int used, std::uint64_t epoch, std::uint64_t first, std::uint64_t n,
                 std::uint64_t per_block, unsigned blocks, unsigned jump_threads) {
    const int target = 1 - used;
    check(cudaStreamWaitEvent(side_, launch_point_, 0), "cudaStreamWaitEvent (mt19937 speculation)");
    if (dirty_[target]) {
      check(cudaMemsetAsync(states_[target], 0, sizeof(W) * L::N * state_capacity_, side_), "cudaMemsetAsync");
    }
    dirty_[target] = true;  // from here on, until a call uses or clears it
    const std::uint32_t* polys = polys_for(per_block, blocks - 1, n);
    mtk::launch_jumps<P>(start, polys, states_[target], blocks - 1, jump_threads, side_);
    check(cudaGetLastError(), "mt19937 speculative jump kernel launch");
    check(cudaEventRecord(spec_done_, side_), "cudaEventRecord");
    spec_buf_ = target;
    spec_epoch_ = epoch;
    spec_first_ = first + n;
    spec_per_block_ = per_block;
    spec_blocks_ = blocks;
  }
  void mark_launch_point(cudaStream_t stream) { check(cudaEventRecord(launch_point_, stream), "cudaEventRecord"); }

  // x^(shift + b*per_block) mod P for b = 1 .. count, on the device.
  // A set made for fewer blocks is replaced by one for at least as many as either asked for.
  const std::uint32_t* polys_for(std::uint64_t per_block, unsigned count, std::uint64_t shift = 0) {
    const auto key = std::make_pair(per_block, shift);
    auto* cached = polys_.find(key);
    if (cached != nullptr && cached->count >= count) return polys_.use(*cached);
    const unsigned want = std::max(count, cached != nullptr ? cached->count : 0u);
    const std::shared_ptr<const mt::Poly> shared = mt::cached_block_polynomials<P>(per_block, want, shift);
    const mt::Poly& host = *shared;
    const unsigned have = static_cast<unsigned>(host.size() / core::mt19937::kPolyWords);
    auto* d = static_cast<std::uint32_t*>(upload_.upload(host.data(), host.size() * sizeof(std::uint32_t),
                                                         "cudaMalloc (mt19937 jump polynomials)",
                                                         "uploading mt19937 jump polynomials"));
    return polys_.put(key, d, have);
  }

  W* windows_[3] = {nullptr, nullptr, nullptr};  // [cur], [1-cur]: direct calls; [2]: captured calls
  int cur_ = 0;
  bool window_valid_ = false;
  std::uint64_t window_pos_ = 0;
  std::uint64_t window_epoch_ = 0;
  // The last direct call, to recognise a steady stream of equal calls.
  std::uint64_t last_epoch_ = 0, last_end_ = 0, last_n_ = 0;
  bool have_last_ = false;

 private:
  // Zeroed buffers for `blocks` blocks replace the three (the old ones are retired).
  void grow_states(unsigned blocks) {
    W* fresh[3] = {nullptr, nullptr, nullptr};
    upload_.allocate(fresh, sizeof(W) * L::N * blocks, true, "allocating mt19937 block states");
    replace(states_, fresh);
    for (bool& d : dirty_) d = false;
    spec_buf_ = -1;  // a speculation in flight writes a retired buffer
    state_capacity_ = blocks;
  }

  W* states_[3] = {nullptr, nullptr, nullptr};
  bool dirty_[3] = {false, false, false};
  unsigned state_capacity_ = 0;
  int spec_buf_ = -1;  // the buffer holding speculative jumps for the call described below, or -1
  std::uint64_t spec_epoch_ = 0, spec_first_ = 0, spec_per_block_ = 0;
  unsigned spec_blocks_ = 0;
  std::vector<const void*> prepared_;
  cudaStream_t side_ = nullptr;
  cudaEvent_t launch_point_ = nullptr;
  cudaEvent_t spec_done_ = nullptr;
  DeviceTableCache<std::pair<std::uint64_t, std::uint64_t>, std::uint32_t> polys_{kMaxPolySets, retired_};
};

template <class P>
void MtWorkspaceDeleter<P>::operator()(MtWorkspace<P>* w) const noexcept {
  delete w;
}

// The generation kernel of row mode `mode` (0 .. Tr::kRowModes - 1; the last for any other).
template <class P, class Tr, int M = 0>
auto gen_kernel_of_mode(int mode) {
  if constexpr (M + 1 < core::produce_detail::row_modes<Tr>::value) {
    if (mode != M) return gen_kernel_of_mode<P, Tr, M + 1>(mode);
  }
  return &mtk::gen_kernel<P, Tr, M>;
}

template <class P, class Tr>
void mt_generate(MtWorkspacePtr<P>& workspace, std::uint64_t epoch, std::uint64_t first, std::uint64_t n, const Tr& tr,
                 typename Tr::value_type* out, const ExecContext& ctx, mt::HostWindows<P>& windows) {
  using W = typename P::word;
  using V = typename Tr::value_type;
  using L = mtk::Layout<P>;
  constexpr unsigned G = 16 / sizeof(V);
  // Bits and uniforms, one word per value and a cheap transform, are stored by the producers
  // themselves (direct_kernel); the other outputs keep consumer threads (gen_kernel), which take the
  // transforms' work off the recurrence's path.
  constexpr bool kDirect = std::is_same_v<Tr, core::dist::Bits<core::mt19937::Engine<P>>> ||
                           std::is_same_v<Tr, core::dist::Uniform<core::mt19937::Engine<P>, float>> ||
                           std::is_same_v<Tr, core::dist::Uniform<core::mt19937::Engine<P>, double>>;
  if (n == 0) return;
  if (!workspace) {
    MtWorkspacePtr<P> w(new MtWorkspace<P>());
    w->init();
    workspace = std::move(w);
  }
  MtWorkspace<P>& ws = *workspace;
  cudaStream_t stream = ctx.stream;
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  check(cudaStreamIsCapturing(stream, &capture), "cudaStreamIsCapturing");
  const bool capturing = capture != cudaStreamCaptureStatusNone;

  // Blocks and segment length.
  const std::uint64_t sms = static_cast<std::uint64_t>(ws.sms());
  const bool second_chain =
      !one_chain_only(kDirect, P::w, sizeof(V)) && n >= sms * kGenBlocksPerSm * kSecondChainPerBlock;
  const std::uint64_t chains = second_chain ? kGenBlocksPerSm : 1;
  const std::uint64_t max_blocks =
      ctx.cuda_blocks != 0 ? std::min<std::uint64_t>(ctx.cuda_blocks, kMaxBlocks) : sms * chains;
  if (n > kMaxPerBlock * kMaxBlocks) {
    throw Error(Status::invalid_argument, "count " + std::to_string(n) + " is more than one mt19937 CUDA call can produce (2^42)");
  }
  const std::uint64_t min_per_block = ctx.cuda_blocks != 0 ? kMinPerBlockRequested : kMinPerBlock;
  std::uint64_t per_block = quantize_up(std::max(min_per_block, (n + max_blocks - 1) / max_blocks));
  if (per_block > kMaxPerBlock) per_block = quantize_up(std::max(kMaxPerBlock / 2, (n + kMaxBlocks - 1) / kMaxBlocks));
  const unsigned blocks = static_cast<unsigned>((n - 1) / per_block + 1);

  // Output groups of G positions start where the output is 16-byte aligned, and at even absolute
  // positions for Box-Muller pairs (else unaligned, with scalar stores).
  const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(out);
  unsigned ph = static_cast<unsigned>((G - (addr / sizeof(V)) % G) % G);
  bool aligned = addr % sizeof(V) == 0;
  if (Tr::arity == 2 && (first + ph) % 2 == 1) {
    ph = (ph + G - 1) % G;
    aligned = false;
  }

  ws.follow_previous(stream, capturing);

  // Block 0's window: the one the device kept, or the host's, extended by window_kernel.
  const bool kept = !capturing && ws.window_valid_ && ws.window_epoch_ == epoch && ws.window_pos_ == first;
  const bool hit = !capturing && ws.settle_speculation(stream, epoch, first, per_block, blocks, kept);
  W* start = capturing ? ws.windows_[2] : ws.windows_[ws.cur_];
  if (!kept) {
    mtk::WindowParam<P> param;
    windows.window_at(first, param.w);
    if (!capturing) ws.window_valid_ = false;  // windows_[cur_] is about to change
    mtk::window_kernel<P><<<1, mtk::kThreads, 0, stream>>>(param, start);
    check(cudaGetLastError(), "mt19937 window kernel launch");
  }

  const int buffer = capturing ? 2 : ws.direct_buffer(hit);
  W* states = ws.states(buffer, blocks);
  if (blocks > 1 && !hit) {
    const std::uint32_t* polys = ws.polys_for(per_block, blocks - 1);
    mtk::launch_jumps<P>(start, polys, states, blocks - 1, mtk::kJumpThreadsAlone, stream);
    check(cudaGetLastError(), "mt19937 jump kernel launch");
  }
  const std::uint64_t speculate_from = ctx.cuda_blocks != 0 ? kMinPerBlockRequested
                                      : kDirect             ? kSpeculateMinPerBlockDirect
                                                            : kSpeculateMinPerBlock;
  const bool steady = !capturing && blocks > 1 && per_block >= speculate_from && ws.have_last_ &&
                      ws.last_epoch_ == epoch && ws.last_end_ == first && ws.last_n_ == n;
  const auto kernel = [&] {
    if constexpr (kDirect) {
      return &mtk::direct_kernel<P, Tr>;
    } else if constexpr (core::produce_detail::row_modes<Tr>::value > 0) {
      return gen_kernel_of_mode<P, Tr>(tr.row_mode());
    } else {
      return &mtk::gen_kernel<P, Tr>;
    }
  }();
  const unsigned threads = kDirect ? mtk::kDirectThreads<P> : mtk::GenShape<P, V>::kThreads;
  if (steady) {
    ws.prepare_generation_kernel(reinterpret_cast<const void*>(kernel));
    ws.mark_launch_point(stream);
  }

  mtk::GenArgs<W> args{};
  args.n = n;
  args.per_block = per_block;
  args.phase = ph == 0 ? 0 : static_cast<int>(ph) - static_cast<int>(G);
  args.aligned = aligned ? 1 : 0;
  args.window = start;
  args.states = states;
  args.next_window = capturing ? nullptr : ws.windows_[1 - ws.cur_];
  // Poisson's and binomial's sums, staged by the block (gen_kernel): at most 27 KB beside the window.
  kernel<<<blocks, threads, kDirect ? 0 : staged_bytes_of(tr), stream>>>(args, tr, out);
  const cudaError_t launched = cudaGetLastError();
  if (launched != cudaSuccess && blocks > 1) {
    cudaMemsetAsync(states, 0, sizeof(W) * L::N * blocks, stream);  // the jumps' sums must not leak into the next call
  }
  check(launched, "mt19937 generation kernel launch");
  if (steady) {
    ws.speculate(start, buffer, epoch, first, n, per_block, blocks,
                 kDirect ? mtk::kJumpThreadsAlone : mtk::kJumpThreadsBeside);
  }

  if (!capturing) {
    ws.have_last_ = true;
    ws.last_epoch_ = epoch;
    ws.last_end_ = first + n;
    ws.last_n_ = n;
    ws.cur_ = 1 - ws.cur_;
    ws.window_valid_ = true;
    ws.window_pos_ = first + n;
    ws.window_epoch_ = epoch;
    ws.record(stream);
  }
}

// Every distribution's launcher, for both engines (called from plain C++ in mt19937_engine.cpp;
// launchers.cuh).
template <class P>
struct MtLaunchers {
  template <class Tr>
  static const void* address() {
    return reinterpret_cast<const void*>(&mt_generate<P, Tr>);
  }
  static const void* table(int i) {
    using E = core::mt19937::Engine<P>;
    return launcher_table<MtLaunchers>(i, Concat<StandardTransforms<E>, StandardTransforms<E, dists::NormalForm::inverse_cdf_centered>>{});
  }
};

template struct MtWorkspaceDeleter<core::mt19937::Mt32>;
template struct MtWorkspaceDeleter<core::mt19937::Mt64>;
template struct MtLaunchers<core::mt19937::Mt32>;
template struct MtLaunchers<core::mt19937::Mt64>;

}  // namespace gpurng::detail::cuda
