// MT19937 and MT19937-64 behind the generator front end: reference seeding, offsets, the normal
// method, the state payload, and the two backends (cpu/mt19937_fill.hpp, cuda/mt19937.cu). The math
// is core/engines/mt19937.hpp; jumps are jump/mt_jump.cpp.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "cpu/mt19937_fill.hpp"
#include "cuda/mt19937_launch.hpp"
#include "dispatch.hpp"
#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "gpurng/core/engines/mt19937.hpp"
#include "families/mt19937/mt_jump.hpp"

namespace gpurng::detail {
namespace {

namespace core_mt = core::mt19937;

// Key words accepted by seed_array (the reference accepts any length; this bounds the work).
inline constexpr std::size_t kMaxKeyWords = std::size_t{1} << 20;
// Below this distance the host reaches a window by stepping rather than by a jump polynomial.
inline constexpr std::uint64_t kHostStepLimit = std::uint64_t{1} << 22;

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
      if (ctx.backend == Backend::cpu) {
        generate_cpu(tr, static_cast<V*>(out), n, ctx.cpu_threads);
      } else {
#if GPURNG_WITH_CUDA
        cuda::mt_generate<P>(workspace_, epoch_, offset_, n, tr, static_cast<V*>(out), ctx,
                             [this](std::uint64_t k, W* window) { host_window_at(k, window); });
#else
        throw Error(Status::no_device, "this gpurng was built without CUDA support");
#endif
      }
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
    host_window_valid_ = false;
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

  // The window at absolute position k, from the nearest known window at or before k: stepping for
  // short distances, a jump polynomial for long ones.
  void host_window_at(std::uint64_t k, W* window) {
    std::array<W, P::n> w = seeded_;
    std::uint64_t pos = 0;
    if (host_window_valid_ && host_window_pos_ <= k) {
      w = host_window_;
      pos = host_window_pos_;
    }
    host_window_valid_ = false;
    std::uint64_t d = k - pos;
    if (d >= kHostStepLimit) {
      mt::jump_window<P>(w.data(), d);
    } else {
      for (; d >= static_cast<std::uint64_t>(P::n); d -= P::n) core_mt::regenerate<P>(w.data());
      if (d > 0) {  // window at pos + d = old[d .. n-1] followed by the first d new words
        std::array<W, P::n> next = w;
        core_mt::regenerate<P>(next.data());
        std::copy(w.begin() + static_cast<long>(d), w.end(), w.begin());
        std::copy(next.begin(), next.begin() + static_cast<long>(d), w.begin() + static_cast<long>(P::n - d));
      }
    }
    std::copy(w.begin(), w.end(), window);
    host_window_ = w;
    host_window_pos_ = k;
    host_window_valid_ = true;
  }

  std::array<W, P::n> seeded_{};  // the window at position 0 after seed()/seed_array()
  NormalMethod normal_method_ = NormalMethod::box_muller;

  // CPU backend: the engine at cursor_pos_, so that consecutive calls continue without a jump.
  MersenneTwister<P> cursor_;
  std::uint64_t cursor_pos_ = 0;
  bool cursor_valid_ = false;

  // CUDA backend: the last window the host computed, and the device workspace.
  std::array<W, P::n> host_window_{};
  std::uint64_t host_window_pos_ = 0;
  bool host_window_valid_ = false;
  std::uint64_t epoch_ = 0;  // changes with every seeding
#if GPURNG_WITH_CUDA
  cuda::MtWorkspacePtr<P> workspace_;
#endif
};

}  // namespace

std::unique_ptr<EngineImpl> make_mt19937_engine() { return std::make_unique<MtEngine<core::mt19937::Mt32>>(); }
std::unique_ptr<EngineImpl> make_mt19937_64_engine() { return std::make_unique<MtEngine<core::mt19937::Mt64>>(); }

}  // namespace gpurng::detail
