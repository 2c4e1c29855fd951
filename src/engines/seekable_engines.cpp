// The engines of issue 22 behind the generator front end: Philox4x32-10, Philox4x64-10,
// Threefry4x64-20, Threefry2x32-20, PCG64, PCG64DXSM and XORWOW. Each is one stream per (seed,
// stream) with every position a cheap skip away, so they share one front: a seed (up to 32, 64 or 128
// bits), a stream (up to 32 or 64 bits), an offset, and the generic fill (dispatch.hpp) over the
// engine's traits from include/gpurng/core/engines/. The math, the seeding and the canonical sequences
// are those headers'; docs/ENGINES.md documents them.
#include <string>

#include "dispatch.hpp"
#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "gpurng/core/engines/pcg64.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "gpurng/core/engines/threefry.hpp"
#include "gpurng/core/engines/xorwow.hpp"
#include "gpurng/core/engines/xorwow_host.hpp"
#include "cuda/xorwow_launch.hpp"

namespace gpurng::detail {
namespace {

using core::U128;

std::string u128_text(U128 v) {
  if (v.hi == 0) return std::to_string(v.lo);
  static const char digits[] = "0123456789abcdef";
  std::string s;
  for (int i = 31; i >= 0; --i) {
    const std::uint64_t w = i >= 16 ? v.hi : v.lo;
    s += digits[(w >> (4 * (i % 16))) & 15u];
  }
  return "0x" + s.substr(s.find_first_not_of('0'));
}

std::string range_text(int bits) { return "0 .. 2^" + std::to_string(bits) + " - 1"; }

bool fits(U128 v, int bits) {
  if (bits >= 128) return true;
  if (bits >= 64) return v.hi >> (bits - 64) == 0;
  return v.hi == 0 && v.lo >> bits == 0;
}

// ----- the engines: traits, seed and stream widths, the start of a stream ----------------------

// What each engine adds to the shared front:
//   Traits                  the core traits (state_type, next, skip, conversions);
//   kId, kSeedBits, kStreamBits;
//   base(seed, stream)      position 0 of the stream;
//   for_backend(state, ctx) what a backend needs beside the state (XORWOW: its jump table there).
struct NoBackendData {
  template <class S>
  static void for_backend(S&, const ExecContext&) {}
};

struct Philox4x32 : NoBackendData {
  using Traits = core::philox::Traits4x32_10;
  static constexpr Engine kId = Engine::philox4x32_10;
  static constexpr int kSeedBits = 64;
  static constexpr int kStreamBits = 64;
  static Traits::state_type base(U128 seed, std::uint64_t s) {
    return Traits::start(core::philox::Scheme4x32<10>::stream(seed.lo, s));
  }
};

struct Philox4x64 : NoBackendData {
  using Traits = core::philox::Traits4x64_10;
  static constexpr Engine kId = Engine::philox4x64_10;
  static constexpr int kSeedBits = 128;
  static constexpr int kStreamBits = 64;
  static Traits::state_type base(U128 seed, std::uint64_t s) {
    return Traits::start(core::philox::Scheme4x64<10>::stream(seed, s));
  }
};

struct Threefry4x64 : NoBackendData {
  using Traits = core::threefry::Traits4x64_20;
  static constexpr Engine kId = Engine::threefry4x64_20;
  static constexpr int kSeedBits = 64;
  static constexpr int kStreamBits = 64;
  static Traits::state_type base(U128 seed, std::uint64_t s) {
    return Traits::start(core::threefry::Scheme4x64<20>::stream(seed.lo, s));
  }
};

struct Threefry2x32 : NoBackendData {
  using Traits = core::threefry::Traits2x32_20;
  static constexpr Engine kId = Engine::threefry2x32_20;
  static constexpr int kSeedBits = 32;  // the 2-word key holds the seed and the stream
  static constexpr int kStreamBits = 32;
  static Traits::state_type base(U128 seed, std::uint64_t s) {
    return Traits::start(
        core::threefry::Scheme2x32<20>::stream(static_cast<std::uint32_t>(seed.lo), static_cast<std::uint32_t>(s)));
  }
};

template <class V, Engine E>
struct Pcg : NoBackendData {
  using Traits = core::pcg64::Traits<V>;
  static constexpr Engine kId = E;
  static constexpr int kSeedBits = 128;
  static constexpr int kStreamBits = 64;
  static core::pcg64::State base(U128 seed, std::uint64_t s) { return core::pcg64::stream_state<V>(seed, s); }
};

struct Xorwow {
  using Traits = core::xorwow::Traits;
  static constexpr Engine kId = Engine::xorwow;
  static constexpr int kSeedBits = 64;
  static constexpr int kStreamBits = 64;
  static core::xorwow::Position base(U128 seed, std::uint64_t s) {
    const core::xorwow::JumpTable& t = core::xorwow::jump_table_host();
    return core::xorwow::Position{core::xorwow::stream_state(t, seed.lo, s, 0), &t};
  }
  // The fill skips on whichever side runs it: hand it that side's copy of the table (the OpenCL
  // kernels replace the host's pointer by their kept device copy, src/opencl/launch.hpp).
  static void for_backend(core::xorwow::Position& p, const ExecContext& ctx) {
    p.table = on_backend(
        ctx, [] { return &core::xorwow::jump_table_host(); }, [] { return cuda::xorwow_jump_table_on_device(); },
        [] { return &core::xorwow::jump_table_host(); });
  }
};

// ----- the shared front -------------------------------------------------------------------------

template <class P>
class SeekableEngine final : public SequenceFront {
  using Traits = typename P::Traits;
  using State = typename Traits::state_type;
  static constexpr bool kWide = sizeof(typename Traits::bits_type) == 8;

 public:
  SeekableEngine() : base_(P::base(seed_, 0)) {}

  Engine id() const override { return P::kId; }

  void seed(std::uint64_t s) override { set_seed(U128{s, 0}, "seed"); }

  // One word, the seed; engines with 128-bit seeds also take two, seed = w0 + w1 * 2^64.
  void seed_array(const std::uint64_t* w, std::size_t count) override {
    if (count == 1 || (count == 2 && P::kSeedBits > 64)) {
      set_seed(U128{w[0], count == 2 ? w[1] : 0}, "seed array");
      return;
    }
    throw Error(Status::invalid_argument, name() + " seed array: expected " +
                                              (P::kSeedBits > 64 ? "1 or 2 words (seed = w0 + w1 * 2^64)" : "1 word (the seed)") +
                                              ", got " + std::to_string(count));
  }

  void select_stream(std::uint64_t stream, std::uint64_t substream) override {
    check_stream(stream, substream);
    stream_ = stream;
    offset_ = 0;
    base_ = P::base(seed_, stream_);
  }

  std::string sequence_end_hint() const override { return "stream; use select_stream for another stream"; }

  bool makes_directly(const Request& req, const void* out, const ExecContext& ctx) const override {
    return fills_half_directly(req, out, ctx);
  }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    State base = base_;
    P::for_backend(base, ctx);
    if (is_half(req.type)) return fill_half_from_base<Traits>(base, offset_, req, out, n, ctx);
    fill_from_base<Traits>(base, offset_, req, out, n, ctx);
  }

  // Payload: seed (u64 low word, u64 high word), stream (u64), offset (u64).
  void write_state(StateWriter& w) const override {
    w.u64(seed_.lo);
    w.u64(seed_.hi);
    w.u64(stream_);
    w.u64(offset_);
  }

  void read_state(StateReader& r) override {
    const std::uint64_t lo = r.u64("the seed's low word");
    const std::uint64_t hi = r.u64("the seed's high word");
    const std::uint64_t stream = r.u64("the stream index");
    const std::uint64_t offset = r.u64("the offset");
    r.expect_end();
    const U128 seed{lo, hi};
    if (!fits(seed, P::kSeedBits)) {
      throw Error(Status::corrupt_state, "invalid state data: " + name() + " seed " + u128_text(seed) +
                                             " is outside " + range_text(P::kSeedBits));
    }
    if (!fits(U128{stream, 0}, P::kStreamBits)) {
      throw Error(Status::corrupt_state, "invalid state data: " + name() + " stream " + std::to_string(stream) +
                                             " is outside " + range_text(P::kStreamBits));
    }
    seed_ = seed;
    stream_ = stream;
    base_ = P::base(seed_, stream_);
    offset_ = offset;
  }

 private:
  static std::string name() { return engine_info(P::kId).name; }

  void set_seed(U128 s, const char* what) {
    if (!fits(s, P::kSeedBits)) {
      throw Error(Status::invalid_argument, name() + " " + what + ": " + u128_text(s) + " is out of range; seeds are " +
                                                range_text(P::kSeedBits) +
                                                (P::kSeedBits == 32 ? " (the 2-word key holds the seed and the stream)" : ""));
    }
    seed_ = s;
    stream_ = 0;
    offset_ = 0;
    base_ = P::base(seed_, 0);
  }

  static void check_stream(std::uint64_t stream, std::uint64_t substream) {
    if (substream != 0) {
      throw Error(Status::invalid_argument, name() + ": substream must be 0 (got " + std::to_string(substream) +
                                                "); streams have no substreams");
    }
    if (!fits(U128{stream, 0}, P::kStreamBits)) {
      throw Error(Status::invalid_argument, name() + ": stream " + std::to_string(stream) + " is out of range; streams are " +
                                                range_text(P::kStreamBits) + " (the 2-word key holds the seed and the stream)");
    }
  }

  U128 seed_{0, 0};  // default seed 0, as cuRAND's host API
  std::uint64_t stream_ = 0;
  State base_;  // position 0 of the selected stream
};

}  // namespace

std::unique_ptr<EngineImpl> make_philox4x32_10_engine() { return std::make_unique<SeekableEngine<Philox4x32>>(); }
std::unique_ptr<EngineImpl> make_philox4x64_10_engine() { return std::make_unique<SeekableEngine<Philox4x64>>(); }
std::unique_ptr<EngineImpl> make_threefry4x64_20_engine() { return std::make_unique<SeekableEngine<Threefry4x64>>(); }
std::unique_ptr<EngineImpl> make_threefry2x32_20_engine() { return std::make_unique<SeekableEngine<Threefry2x32>>(); }
std::unique_ptr<EngineImpl> make_pcg64_engine() {
  return std::make_unique<SeekableEngine<Pcg<core::pcg64::XslRr, Engine::pcg64>>>();
}
std::unique_ptr<EngineImpl> make_pcg64dxsm_engine() {
  return std::make_unique<SeekableEngine<Pcg<core::pcg64::Dxsm, Engine::pcg64dxsm>>>();
}
std::unique_ptr<EngineImpl> make_xorwow_engine() { return std::make_unique<SeekableEngine<Xorwow>>(); }

}  // namespace gpurng::detail
