// MT19937 / MT19937-64 on the GPU: the workspace (device window, block states, jump polynomials),
// the plan of a call (blocks, segment length, output groups) and the kernel launches. The kernels
// are mt19937_kernels.cuh; the math is core/engines/mt19937.hpp; the polynomials are jump/mt_jump.cpp.
//
// A call is at most three launches, all on the caller's stream: window_kernel (only when the device
// does not hold the window at `first`: first call, a user-set offset, graph capture), jump_kernel
// (only with more than one block) and gen_kernel. A steady stream of equal calls needs no host work:
// the window comes from the previous call and the polynomials from the cache.
#include <algorithm>
#include <map>
#include <vector>

#include "cuda/check.cuh"
#include "cuda/relaxed_capture.cuh"
#include "cuda/mt19937_kernels.cuh"
#include "cuda/mt19937_launch.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "jump/mt_jump.hpp"

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
// Chains of the recurrence per multiprocessor. gen_kernel's launch bound lets two blocks share one
// (each hides the other's barrier and shared-memory latency: about 1.3x the rate of one), but every
// chain costs a jump, so the second one is used only for calls long enough to repay it: at least
// kSecondChainPerBlock positions per block (measured on an H200: about even at 2^27 positions,
// better from 2^28 on; docs/PERFORMANCE.md).
constexpr unsigned kGenBlocksPerSm = 2;
constexpr std::uint64_t kSecondChainPerBlock = std::uint64_t{1} << 19;
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

template <class P>
class MtWorkspace {
 public:
  using W = typename P::word;
  using L = mtk::Layout<P>;

  MtWorkspace() = default;
  MtWorkspace(const MtWorkspace&) = delete;
  MtWorkspace& operator=(const MtWorkspace&) = delete;

  ~MtWorkspace() {
    for (W* w : windows_) cudaFree(w);
    cudaFree(states_);
    for (auto& kv : polys_) cudaFree(kv.second.data);
    for (void* p : retired_) cudaFree(p);
    if (event_ != nullptr) cudaEventDestroy(event_);
    if (upload_ != nullptr) cudaStreamDestroy(upload_);
  }

  void init() {
    RelaxedCapture relaxed;
    check(cudaGetDevice(&device_), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&sms_, cudaDevAttrMultiProcessorCount, device_), "cudaDeviceGetAttribute");
    check(cudaStreamCreateWithFlags(&upload_, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    check(cudaEventCreateWithFlags(&event_, cudaEventDisableTiming), "cudaEventCreateWithFlags");
    for (W*& w : windows_) check(cudaMalloc(&w, sizeof(W) * L::kWindowWords), "cudaMalloc (mt19937 window)");
    grow_states(static_cast<unsigned>(sms_) * kGenBlocksPerSm);
  }

  int sms() const { return sms_; }

  // Block start states for `blocks` blocks, all zero between calls.
  W* states_for(unsigned blocks) {
    if (blocks > state_capacity_) grow_states(blocks);
    return states_;
  }

  // x^(b*per_block) mod P for b = 1 .. count, on the device.
  const std::uint32_t* polys_for(std::uint64_t per_block, unsigned count) {
    auto it = polys_.find(per_block);
    if (it != polys_.end() && it->second.count >= count) {
      it->second.last_use = ++use_clock_;
      return it->second.data;
    }
    const unsigned want = std::max(count, it != polys_.end() ? it->second.count : 0u);
    const std::shared_ptr<const mt::Poly> shared = mt::cached_block_polynomials<P>(per_block, want);
    const mt::Poly& host = *shared;
    const unsigned have = static_cast<unsigned>(host.size() / core::mt19937::kPolyWords);
    RelaxedCapture relaxed;
    std::uint32_t* d = nullptr;
    check(cudaMalloc(&d, host.size() * sizeof(std::uint32_t)), "cudaMalloc (mt19937 jump polynomials)");
    const cudaError_t copied =
        cudaMemcpyAsync(d, host.data(), host.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice, upload_);
    const cudaError_t synced = copied == cudaSuccess ? cudaStreamSynchronize(upload_) : copied;
    if (synced != cudaSuccess) {
      cudaFree(d);
      check(synced, "uploading mt19937 jump polynomials");
    }
    if (it != polys_.end()) {
      retired_.push_back(it->second.data);  // a call in flight may still read it
      polys_.erase(it);
    }
    if (polys_.size() >= kMaxPolySets) {
      auto oldest = std::min_element(polys_.begin(), polys_.end(),
                                     [](const auto& x, const auto& y) { return x.second.last_use < y.second.last_use; });
      retired_.push_back(oldest->second.data);
      polys_.erase(oldest);
    }
    polys_[per_block] = PolySet{d, have, ++use_clock_};
    return d;
  }

  // Orders this call after the previous one when the caller changed streams.
  void follow_previous(cudaStream_t stream, bool capturing) {
    if (!capturing && have_event_ && stream != last_stream_) {
      check(cudaStreamWaitEvent(stream, event_, 0), "cudaStreamWaitEvent");
    }
  }
  void record(cudaStream_t stream) {
    check(cudaEventRecord(event_, stream), "cudaEventRecord");
    have_event_ = true;
    last_stream_ = stream;
  }

  W* windows_[3] = {nullptr, nullptr, nullptr};  // [cur], [1-cur]: direct calls; [2]: captured calls
  int cur_ = 0;
  bool window_valid_ = false;
  std::uint64_t window_pos_ = 0;
  std::uint64_t window_epoch_ = 0;

 private:
  struct PolySet {
    std::uint32_t* data;
    unsigned count;
    std::uint64_t last_use;
  };

  void grow_states(unsigned blocks) {
    RelaxedCapture relaxed;
    const std::size_t bytes = sizeof(W) * L::N * blocks;
    W* s = nullptr;
    check(cudaMalloc(&s, bytes), "cudaMalloc (mt19937 block states)");
    const cudaError_t zeroed = cudaMemsetAsync(s, 0, bytes, upload_);
    const cudaError_t synced = zeroed == cudaSuccess ? cudaStreamSynchronize(upload_) : zeroed;
    if (synced != cudaSuccess) {
      cudaFree(s);
      check(synced, "clearing mt19937 block states");
    }
    if (states_ != nullptr) retired_.push_back(states_);
    states_ = s;
    state_capacity_ = blocks;
  }

  int device_ = 0;
  int sms_ = 1;
  W* states_ = nullptr;
  unsigned state_capacity_ = 0;
  std::map<std::uint64_t, PolySet> polys_;
  std::uint64_t use_clock_ = 0;
  std::vector<void*> retired_;  // freed with the workspace (cudaFree would synchronise)
  cudaStream_t upload_ = nullptr;
  cudaEvent_t event_ = nullptr;
  bool have_event_ = false;
  cudaStream_t last_stream_ = nullptr;
};

template <class P>
void MtWorkspaceDeleter<P>::operator()(MtWorkspace<P>* w) const noexcept {
  delete w;
}

template <class P, class Tr>
void mt_generate(MtWorkspacePtr<P>& workspace, std::uint64_t epoch, std::uint64_t first, std::uint64_t n, const Tr& tr,
                 typename Tr::value_type* out, const ExecContext& ctx, const MtWindowAt<P>& window_at) {
  using W = typename P::word;
  using V = typename Tr::value_type;
  using L = mtk::Layout<P>;
  constexpr unsigned G = 16 / sizeof(V);
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
  const std::uint64_t chains = n >= sms * kGenBlocksPerSm * kSecondChainPerBlock ? kGenBlocksPerSm : 1;
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
  W* start = capturing ? ws.windows_[2] : ws.windows_[ws.cur_];
  if (!kept) {
    mtk::WindowParam<P> param;
    window_at(first, param.w);
    if (!capturing) ws.window_valid_ = false;  // windows_[cur_] is about to change
    mtk::window_kernel<P><<<1, mtk::kThreads, 0, stream>>>(param, start);
    check(cudaGetLastError(), "mt19937 window kernel launch");
  }

  W* states = ws.states_for(blocks);
  if (blocks > 1) {
    const std::uint32_t* polys = ws.polys_for(per_block, blocks - 1);
    const unsigned wanted = (4u * static_cast<unsigned>(ws.sms()) + blocks - 2) / (blocks - 1);
    const unsigned slices = std::clamp<unsigned>(wanted, L::kMinSlices, L::kUnits / L::kGroupsPerJumpCta);
    mtk::jump_kernel<P><<<(blocks - 1) * slices, mtk::kThreads, 0, stream>>>(start, polys, states, slices);
    check(cudaGetLastError(), "mt19937 jump kernel launch");
  }

  mtk::GenArgs<W> args{};
  args.n = n;
  args.per_block = per_block;
  args.phase = ph == 0 ? 0 : static_cast<int>(ph) - static_cast<int>(G);
  args.aligned = aligned ? 1 : 0;
  args.window = start;
  args.states = states;
  args.next_window = capturing ? nullptr : ws.windows_[1 - ws.cur_];
  mtk::gen_kernel<P, Tr><<<blocks, mtk::GenShape<P, V>::kThreads, 0, stream>>>(args, tr, out);
  const cudaError_t launched = cudaGetLastError();
  if (launched != cudaSuccess && blocks > 1) {
    cudaMemsetAsync(states, 0, sizeof(W) * L::N * blocks, stream);  // the jumps' sums must not leak into the next call
  }
  check(launched, "mt19937 generation kernel launch");

  if (!capturing) {
    ws.cur_ = 1 - ws.cur_;
    ws.window_valid_ = true;
    ws.window_pos_ = first + n;
    ws.window_epoch_ = epoch;
    ws.record(stream);
  }
}

// Every distribution's launcher, for both engines (called from plain C++ in mt19937_engine.cpp).
template <class P>
struct MtLaunchers {
  static const void* table(int i) {
    using namespace core::dist;
    using E = core::mt19937::Engine<P>;
    static const void* const launchers[] = {
        reinterpret_cast<const void*>(&mt_generate<P, Bits<E>>),
        reinterpret_cast<const void*>(&mt_generate<P, Uniform<E, float>>),
        reinterpret_cast<const void*>(&mt_generate<P, Uniform<E, double>>),
        reinterpret_cast<const void*>(&mt_generate<P, Normal<E, float>>),
        reinterpret_cast<const void*>(&mt_generate<P, Normal<E, double>>),
        reinterpret_cast<const void*>(&mt_generate<P, Exponential<E, float>>),
        reinterpret_cast<const void*>(&mt_generate<P, Exponential<E, double>>),
        reinterpret_cast<const void*>(&mt_generate<P, LogNormal<E, float>>),
        reinterpret_cast<const void*>(&mt_generate<P, LogNormal<E, double>>),
        reinterpret_cast<const void*>(&mt_generate<P, NormalInverseCdf<CenteredUniforms<E>, float>>),
        reinterpret_cast<const void*>(&mt_generate<P, NormalInverseCdf<CenteredUniforms<E>, double>>),
        reinterpret_cast<const void*>(&mt_generate<P, LogNormalInverseCdf<CenteredUniforms<E>, float>>),
        reinterpret_cast<const void*>(&mt_generate<P, LogNormalInverseCdf<CenteredUniforms<E>, double>>),
    };
    return launchers[i];
  }
};

template struct MtWorkspaceDeleter<core::mt19937::Mt32>;
template struct MtWorkspaceDeleter<core::mt19937::Mt64>;
template struct MtLaunchers<core::mt19937::Mt32>;
template struct MtLaunchers<core::mt19937::Mt64>;

}  // namespace gpurng::detail::cuda
