// MRG32k3a behind the generator front end: seeding, RngStreams-style stream selection, offset,
// state payload. The math is core/engines/mrg32k3a.hpp; the backends are dispatch.hpp's.
#include <string>

#include "dispatch.hpp"
#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"

namespace gpurng::detail {
namespace {

namespace mrg = core::mrg32k3a;

class Mrg32k3aEngine final : public SequenceFront {
 public:
  Engine id() const override { return Engine::mrg32k3a; }

  void seed(std::uint64_t s) override { reset(mrg::state_from_seed(s)); }

  void seed_array(const std::uint64_t* w, std::size_t count) override {
    if (count != 6) {
      throw Error(Status::invalid_argument, "mrg32k3a seed array: expected 6 words s0..s5, got " + std::to_string(count));
    }
    mrg::State st{};
    for (int i = 0; i < 6; ++i) {
      const std::uint64_t limit = i < 3 ? mrg::m1 : mrg::m2;
      if (w[i] >= limit) {
        throw Error(Status::invalid_argument, "mrg32k3a seed array: s" + std::to_string(i) + " = " + std::to_string(w[i]) +
                                                  " is out of range; s0..s2 must be < m1 = 4294967087, s3..s5 < m2 = 4294944443");
      }
      st.s[i] = static_cast<std::uint32_t>(w[i]);
    }
    if ((st.s[0] | st.s[1] | st.s[2]) == 0) {
      throw Error(Status::invalid_argument, "mrg32k3a seed array: s0, s1, s2 are all zero (component 1 would stay zero)");
    }
    if ((st.s[3] | st.s[4] | st.s[5]) == 0) {
      throw Error(Status::invalid_argument, "mrg32k3a seed array: s3, s4, s5 are all zero (component 2 would stay zero)");
    }
    reset(st);
  }

  void select_stream(std::uint64_t stream, std::uint64_t substream) override {
    stream_ = stream;
    substream_ = substream;
    base_ = seeded_;
    mrg::skip_streams(base_, stream_);
    mrg::skip_substreams(base_, substream_);
    offset_ = 0;
  }

  std::string sequence_end_hint() const override { return "sequence; use select_stream for positions beyond it"; }

  bool makes_directly(const Request& req, const void* out, const ExecContext& ctx) const override {
    return fills_half_directly(req, out, ctx);
  }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    if (is_half(req.type)) return fill_half_from_base<mrg::Engine>(base_, offset_, req, out, n, ctx);
    fill_from_base<mrg::Engine>(base_, offset_, req, out, n, ctx);
  }

  // Payload: seeded state s0..s5 (u32 each), stream (u64), substream (u64), offset (u64).
  void write_state(StateWriter& w) const override {
    for (std::uint32_t v : seeded_.s) w.u32(v);
    w.u64(stream_);
    w.u64(substream_);
    w.u64(offset_);
  }

  void read_state(StateReader& r) override {
    mrg::State st{};
    for (int i = 0; i < 6; ++i) st.s[i] = r.u32("a seed word");
    const std::uint64_t stream = r.u64("the stream index");
    const std::uint64_t substream = r.u64("the substream index");
    const std::uint64_t offset = r.u64("the offset");
    r.expect_end();
    if (!mrg::is_valid(st)) throw Error(Status::corrupt_state, "invalid state data: mrg32k3a seed words out of range or zero");
    reset(st);
    select_stream(stream, substream);
    offset_ = offset;
  }

 private:
  void reset(const mrg::State& st) {
    seeded_ = st;
    base_ = st;
    stream_ = substream_ = offset_ = 0;
  }

  mrg::State seeded_ = mrg::default_state();  // after seed()/seed_array()
  mrg::State base_ = mrg::default_state();    // seeded_ moved to the selected stream/substream
  std::uint64_t stream_ = 0;
  std::uint64_t substream_ = 0;
};

}  // namespace

std::unique_ptr<EngineImpl> make_mrg32k3a_engine() { return std::make_unique<Mrg32k3aEngine>(); }

}  // namespace gpurng::detail
