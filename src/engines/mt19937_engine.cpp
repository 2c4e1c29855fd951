// MT19937 and MT19937-64 behind the generator front end: reference seeding, offsets, the normal
// method, the state payload, and the backends (cpu/mt19937_fill.hpp, cuda/mt19937.cu, opencl/mt_launch.hpp). The math
// is core/engines/mt19937.hpp; jumps and host windows are families/mt19937/.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "cpu/mt19937_fill.hpp"
#include "cuda/mt19937_launch.hpp"
#include "dispatch.hpp"
#include "families/mt19937/mt_host_windows.hpp"
#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "gpurng/core/engines/mt19937.hpp"
#include "families/mt19937/mt_jump.hpp"
#include "opencl/mt_launch.hpp"

namespace gpurng::detail {
namespace {

namespace core_mt = core::mt19937;

// Key words accepted by seed_array (the reference accepts any length; this bounds the work).
inline constexpr std::size_t kMaxKeyWords = std::size_t{1} << 20;

template <class P>
class MtEngine final : public SequenceFront {
  using W = typename P::word;
  using E = core_mt::Engine<P>;
  static constexpr bool kWide = P::w == 64;

 public:
  MtEngine() {
    core_mt::init_genrand<P>(seeded_.data(), P::default_seed);
    reset();
  }

  Engine id() const override { return kWide ? Engine::mt19937_64 : Engine::mt19937; }

  void seed(std::uint64_t s) override {
    if (!kWide && s > 0xffffffffu) {
      throw Error(Status::invalid_argument, "mt19937 seed: " + std::to_string(s) +
                                                " is out of range [0, 2^32-1] (init_genrand takes a 32-bit seed, "
                                                "as std::mt19937 does; use mt19937-64 for 64-bit seeds)");
    }
    core_mt::init_genrand<P>(seeded_.data(), static_cast<W>(s));
    reset();
  }

  void seed_array(const std::uint64_t* words, std::size_t count) override {
    if (count == 0 || count > kMaxKeyWords) {
      throw Error(Status::invalid_argument, name() + " seed array: expected 1 to " + std::to_string(kMaxKeyWords) +
                                                " key words for init_by_array, got " + std::to_string(count));
    }
    std::vector<W> key(count);
    for (std::size_t i = 0; i < count; ++i) {
      if (!kWide && words[i] > 0xffffffffu) {
        throw Error(Status::invalid_argument, "mt19937 seed array: word " + std::to_string(i) + " = " +
                                                  std::to_string(words[i]) + " is out of range [0, 2^32-1]");
      }
      key[i] = static_cast<W>(words[i]);
    }
    core_mt::init_by_array<P>(seeded_.data(), key.data(), count);
    reset();
  }

  void select_stream(std::uint64_t stream, std::uint64_t substream) override {
    throw Error(Status::unsupported, name() + " has no streams (got stream " + std::to_string(stream) + ", substream " +
                                         std::to_string(substream) + "); use offset() to take disjoint ranges");
  }

  // Box-Muller (the default) or the inverse normal CDF of the centred uniform at the same position.
  void set_normal_method(NormalMethod m) override {
    if (m != NormalMethod::box_muller && m != NormalMethod::inverse_cdf) {
      throw Error(Status::invalid_argument, name() + " normal method: unknown value " +
                                                std::to_string(static_cast<int>(m)) + "; valid: box-muller (0), icdf (1)");
    }
    normal_method_ = m;
    offset_ = 0;
  }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    with_transform<E>(req, normal_method_, [&](const auto& tr) {
      using V = typename std::decay_t<decltype(tr)>::value_type;
      V* const values = static_cast<V*>(out);
      on_backend(
          ctx, [&] { generate_cpu(tr, values, n, ctx.cpu_threads); },
          [&] { cuda::mt_generate<P>(workspace_, epoch_, offset_, n, tr, values, ctx, windows_); },
          [&] { opencl::mt_fill<P>(windows_, offset_, n, tr, values, ctx); });
    });
  }

  // Payload: the seeded window X_0 .. X_{n-1} (n words of w bits), the offset (u64), the normal
  // method (u32).
  void write_state(StateWriter& w) const override {
    for (W v : seeded_) {
      if constexpr (kWide) {
        w.u64(v);
      } else {
        w.u32(v);
      }
    }
    w.u64(offset_);
    w.u32(static_cast<std::uint32_t>(normal_method_));
  }

  void read_state(StateReader& r) override {
    std::array<W, P::n> s{};
    for (W& v : s) {
      if constexpr (kWide) {
        v = r.u64("a state word");
      } else {
        v = r.u32("a state word");
      }
    }
    const std::uint64_t offset = r.u64("the offset");
    const std::uint32_t method = r.u32("the normal method");
    r.expect_end();
    if (core_mt::is_zero_state<P>(s.data())) {
      throw Error(Status::corrupt_state, "invalid state data: " + name() + " state is all zero");
    }
    if (method > static_cast<std::uint32_t>(NormalMethod::inverse_cdf)) {
      throw Error(Status::corrupt_state, "invalid state data: " + name() + " normal method " + std::to_string(method) +
                                             " (valid: 0 box-muller, 1 icdf)");
    }
    seeded_ = s;
    reset();
    offset_ = offset;
    normal_method_ = static_cast<NormalMethod>(method);
  }

 private:
  std::string name() const { return engine_info(id()).name; }

  void reset() {
    offset_ = 0;
    normal_method_ = NormalMethod::box_muller;
    cursor_valid_ = false;
    windows_.reseed(seeded_);
    ++epoch_;  // the device's window belongs to the previous seed (its polynomials stay valid)
  }

  template <class Tr>
  void generate_cpu(const Tr& tr, typename Tr::value_type* out, std::size_t n, unsigned threads) {
    if (!cursor_valid_ || cursor_pos_ > offset_) {
      cursor_.set_window(seeded_.data());
      cursor_pos_ = 0;
    }
    cursor_valid_ = false;  // until it sits at a known position again
    cursor_.discard(offset_ - cursor_pos_);
    cursor_pos_ = offset_;
    cursor_valid_ = true;
    cpu::mt_fill<P>(cursor_, offset_, n, tr, out, threads);
    cursor_pos_ = offset_ + n;
  }

  std::array<W, P::n> seeded_{};  // the window at position 0 after seed()/seed_array()
  NormalMethod normal_method_ = NormalMethod::box_muller;

  // CPU backend: the engine at cursor_pos_, so that consecutive calls continue without a jump.
  MersenneTwister<P> cursor_;
  std::uint64_t cursor_pos_ = 0;
  bool cursor_valid_ = false;

  // CUDA and OpenCL backends: windows at any position computed on the host (from seeded_), and the
  // CUDA device workspace.
  mt::HostWindows<P> windows_;
  std::uint64_t epoch_ = 0;  // changes with every seeding
  cuda::MtWorkspacePtr<P> workspace_;
};

}  // namespace

std::unique_ptr<EngineImpl> make_mt19937_engine() { return std::make_unique<MtEngine<core::mt19937::Mt32>>(); }
std::unique_ptr<EngineImpl> make_mt19937_64_engine() { return std::make_unique<MtEngine<core::mt19937::Mt64>>(); }

}  // namespace gpurng::detail
