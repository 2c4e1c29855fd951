// Marsaglia's KISS99 behind the generator front end: one stream, seeded by his four words or by a
// 64-bit seed, with offsets by skip-ahead. The math is core/engines/kiss.hpp; the backends are the
// generic single-sequence fills of dispatch.hpp.
#include <string>

#include "dispatch.hpp"
#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "gpurng/core/engines/kiss.hpp"

namespace gpurng::detail {
namespace {

namespace k99 = core::kiss99;

class Kiss99Engine final : public SequenceFront {
 public:
  Engine id() const override { return Engine::kiss99; }

  void seed(std::uint64_t s) override { reset(k99::state_from_seed(s)); }

  void seed_array(const std::uint64_t* w, std::size_t count) override {
    if (count != 4) {
      throw Error(Status::invalid_argument,
                  "kiss99 seed array: expected 4 words z,w,jsr,jcong, got " + std::to_string(count));
    }
    for (int i = 0; i < 4; ++i) {
      if (w[i] > 0xffffffffu) {
        throw Error(Status::invalid_argument, std::string("kiss99 seed array: ") + kNames[i] + " = " +
                                                  std::to_string(w[i]) + " does not fit in 32 bits");
      }
    }
    const k99::State st{static_cast<std::uint32_t>(w[0]), static_cast<std::uint32_t>(w[1]),
                        static_cast<std::uint32_t>(w[2]), static_cast<std::uint32_t>(w[3])};
    if (!core::mwc16::is_valid(st.z, k99::kAz)) {
      throw Error(Status::invalid_argument, "kiss99 seed array: z = " + std::to_string(w[0]) +
                                                " is out of range [1, 2422800382] (36969*2^16 - 2)");
    }
    if (!core::mwc16::is_valid(st.w, k99::kAw)) {
      throw Error(Status::invalid_argument, "kiss99 seed array: w = " + std::to_string(w[1]) +
                                                " is out of range [1, 1179647998] (18000*2^16 - 2)");
    }
    if (st.jsr == 0) throw Error(Status::invalid_argument, "kiss99 seed array: jsr = 0 (SHR3 would stay zero)");
    reset(st);
  }

  void select_stream(std::uint64_t stream, std::uint64_t substream) override {
    throw Error(Status::unsupported, "kiss99 is a single stream: select_stream(" + std::to_string(stream) + ", " +
                                         std::to_string(substream) + ") is not available; use offsets");
  }

  bool makes_directly(const Request& req, const void* out, const ExecContext& ctx) const override {
    return fills_half_directly(req, out, ctx);
  }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    if (is_half(req.type)) return fill_half_from_base<k99::Engine>(seeded_, offset_, req, out, n, ctx);
    fill_from_base<k99::Engine>(seeded_, offset_, req, out, n, ctx);
  }

  // Payload: z, w, jsr, jcong (u32 each) as seeded, offset (u64).
  void write_state(StateWriter& w) const override {
    w.u32(seeded_.z);
    w.u32(seeded_.w);
    w.u32(seeded_.jsr);
    w.u32(seeded_.jcong);
    w.u64(offset_);
  }

  void read_state(StateReader& r) override {
    k99::State st{};
    st.z = r.u32("z");
    st.w = r.u32("w");
    st.jsr = r.u32("jsr");
    st.jcong = r.u32("jcong");
    const std::uint64_t offset = r.u64("the offset");
    r.expect_end();
    if (!k99::is_valid(st)) throw Error(Status::corrupt_state, "invalid state data: kiss99 seed words out of range");
    reset(st);
    offset_ = offset;
  }

 private:
  static constexpr const char* kNames[4] = {"z", "w", "jsr", "jcong"};

  void reset(const k99::State& st) {
    seeded_ = st;
    offset_ = 0;
  }

  k99::State seeded_ = k99::default_state();
};

}  // namespace

std::unique_ptr<EngineImpl> make_kiss99_engine() { return std::make_unique<Kiss99Engine>(); }

}  // namespace gpurng::detail
