// The Dynamic-Creator Mersenne Twister families (dcmt521, dcmt2203) behind the generator front end:
// seed, streams, first stream, parameter file, offset, state payload. The math is
// core/engines/dcmt.hpp, the layout and the per-item body core/dcmt_produce.hpp, the plan
// dcmt_plan.hpp; the backends cpu/dcmt_fill.hpp, cuda/dcmt_generate.cuh and opencl/dcmt_launch.hpp.
#include <memory>
#include <string>

#include "cpu/dcmt_fill.hpp"
#include "cuda/dcmt_launch.hpp"
#include "dispatch.hpp"
#include "families/dcmt/dcmt_family.hpp"
#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "gpurng/core/engines/dcmt_sets.hpp"
#include "opencl/dcmt_launch.hpp"

namespace gpurng::detail {
namespace {

// Default number of streams: the "4096 generators" of the benchmark, and the size of the default MT521
// family (one parameter set per stream; the MT2203 family has 1024 sets, each serving 4 streams).
constexpr std::uint64_t kDefaultStreams = 4096;
// Streams of one generator: every stream's window is kept between calls (N words each, twice).
constexpr std::uint64_t kMaxStreams = std::uint64_t{1} << 20;
// Stream ids: stream s is seeded with base + s mod 2^32, distinct only below 2^32.
constexpr std::uint64_t kStreamIdLimit = std::uint64_t{1} << 32;

template <class S>
dcmt::ShapeInfo shape_info(const char* name) {
  return dcmt::ShapeInfo{name, std::uint32_t(S::N), std::uint32_t(S::M), std::uint32_t(S::R)};
}

template <class S>
std::shared_ptr<const dcmt::Family> default_family(const dcmt::ShapeInfo& shape) {
  // One per process: its polynomials are built once, whoever asks first.
  static const std::shared_ptr<const dcmt::Family> family = [&] {
    std::vector<core::dcmt::Params> params;
    using D = core::dcmt::DefaultFamily<S>;
    for (int i = 0; i < D::count; ++i) params.push_back(dcmt::params_of(shape, D::sets[i]));
    return std::make_shared<const dcmt::Family>(std::move(params), "default");
  }();
  return family;
}

template <class S, Engine Id>
class DcmtEngine final : public SequenceFront {
 public:
  static constexpr const char* kName = Id == Engine::dcmt521 ? "dcmt521" : "dcmt2203";

  DcmtEngine() : shape_(shape_info<S>(kName)), family_(default_family<S>(shape_)) { seed(0); }

  Engine id() const override { return Id; }

  void seed(std::uint64_t s) override {
    base_ = core::dcmt::base_from_seed(s);
    stream0_ = 0;
    offset_ = 0;
    ++epoch_;
  }

  // One word: the 32-bit seed of stream 0 itself (stream s gets word + s mod 2^32), as the reference
  // library's sgenrand_mt takes it.
  void seed_array(const std::uint64_t* words, std::size_t count) override {
    if (count != 1) {
      throw Error(Status::invalid_argument, std::string(kName) + " seed array: exactly one word, the 32-bit seed of stream 0 (got " +
                                                std::to_string(count) + " words)");
    }
    if (words[0] > 0xffffffffu) {
      throw Error(Status::invalid_argument, std::string(kName) + " seed array: the seed of stream 0 must be below 2^32 (got " +
                                                std::to_string(words[0]) + ")");
    }
    base_ = static_cast<std::uint32_t>(words[0]);
    stream0_ = 0;
    offset_ = 0;
    ++epoch_;
  }

  void select_stream(std::uint64_t stream, std::uint64_t substream) override {
    if (substream != 0) {
      throw Error(Status::invalid_argument, std::string(kName) + ": substream must be 0 (got " +
                                                std::to_string(substream) + "); streams have no substreams");
    }
    check_stream_span(stream, 1, "stream");
    stream0_ = stream;
    offset_ = 0;
    ++epoch_;
  }

  void set_streams(std::uint64_t s) override {
    if (s == 0 || s > kMaxStreams) {
      throw Error(Status::invalid_argument, std::string(kName) + " streams: " + std::to_string(s) +
                                                " is out of range [1, " + std::to_string(kMaxStreams) + "]");
    }
    check_stream_span(0, s, "streams");
    streams_ = s;
    offset_ = 0;
    ++epoch_;
  }

  void set_param_file(const std::string& path) override {
    std::vector<core::dcmt::Params> params = dcmt::read_param_file(path, shape_);
    family_ = std::make_shared<const dcmt::Family>(std::move(params), path);
    offset_ = 0;
    ++epoch_;
  }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    check_stream_span(stream0_, streams_, "streams");
    const core::StreamRange range{offset_, n, streams_, stream0_};
    with_transform<core::dcmt::Engine>(req, [&](const auto& tr) {
      using V = typename std::decay_t<decltype(tr)>::value_type;
      V* const values = static_cast<V*>(out);
      on_backend(
          ctx, [&] { dcmt::cpu_fill<S>(*family_, epoch_, base_, range, tr, values, ctx.cpu_threads, cpu_); },
          [&] {
            const cuda::DcmtRequest request{family_.get(), epoch_, base_, range};
            cuda::dcmt_generate<S>(gpu_, request, tr, values, ctx);
          },
          [&] { opencl::dcmt_fill<S>(*family_, epoch_, base_, range, tr, values, ctx, opencl_); });
    });
  }

  // Payload: stream 0's 32-bit seed (u32), streams (u64), first stream (u64), offset (u64), number of
  // sets K (u64), then per set aaa, maskB, maskC, shift0, shiftB, shiftC, shift1 (u32 each). The sets
  // travel with the state, so that a state file restores the same streams whatever the default family
  // of the library that reads it; on reading, each is checked as a parameter file's set is, its
  // period included (unless the sets are the default family).
  void write_state(StateWriter& w) const override {
    w.u32(base_);
    w.u64(streams_);
    w.u64(stream0_);
    w.u64(offset_);
    w.u64(family_->size());
    for (const core::dcmt::Set& s : family_->sets()) {
      for (std::uint32_t v : {s.aaa, s.mask_b, s.mask_c, s.shift_u, s.shift_s, s.shift_t, s.shift_l}) w.u32(v);
    }
  }

  void read_state(StateReader& r) override {
    const std::uint32_t base = r.u32("the seed of stream 0");
    const std::uint64_t streams = r.u64("the number of streams");
    const std::uint64_t stream0 = r.u64("the first stream");
    const std::uint64_t offset = r.u64("the offset");
    const std::uint64_t count = r.u64("the number of parameter sets");
    if (streams == 0 || streams > kMaxStreams || stream0 > kStreamIdLimit - streams) {
      throw Error(Status::corrupt_state, std::string("invalid state data: ") + kName + " streams " +
                                             std::to_string(stream0) + " + " + std::to_string(streams) + " out of range");
    }
    if (count == 0 || count > dcmt::kMaxSets) {
      throw Error(Status::corrupt_state, std::string("invalid state data: ") + kName + " has " + std::to_string(count) +
                                             " parameter sets (valid: 1 .. " + std::to_string(dcmt::kMaxSets) + ")");
    }
    r.limit_streams(streams);
    r.limit_param_sets(count);
    std::vector<core::dcmt::Params> params;
    params.reserve(count);
    for (std::uint64_t k = 0; k < count; ++k) {
      core::dcmt::Set s{};
      s.aaa = r.u32("a parameter set");
      s.mask_b = r.u32("a parameter set");
      s.mask_c = r.u32("a parameter set");
      s.shift_u = r.u32("a parameter set");
      s.shift_s = r.u32("a parameter set");
      s.shift_t = r.u32("a parameter set");
      s.shift_l = r.u32("a parameter set");
      const core::dcmt::Params p = dcmt::params_of(shape_, s);
      try {
        dcmt::check_set(p, shape_, "parameter set " + std::to_string(k) + ": ");
      } catch (const Error& e) {
        throw Error(Status::corrupt_state, std::string("invalid state data: ") + e.what());
      }
      params.push_back(p);
    }
    r.expect_end();
    const bool is_default = same_as_default(params);
    if (!is_default) {  // the default sets are proved in tests; others must show full period here
      try {
        dcmt::check_full_period(params, "");
      } catch (const Error& e) {
        throw Error(Status::corrupt_state, std::string("invalid state data: ") + kName + " " + e.what());
      }
    }
    base_ = base;
    streams_ = streams;
    stream0_ = stream0;
    offset_ = offset;
    family_ = is_default ? default_family<S>(shape_) : std::make_shared<const dcmt::Family>(std::move(params), "state");
    ++epoch_;
  }

 private:
  void check_stream_span(std::uint64_t first, std::uint64_t count, const char* what) const {
    if (count > kStreamIdLimit || first > kStreamIdLimit - count) {
      throw Error(Status::invalid_argument, std::string(kName) + " " + what + ": stream ids " + std::to_string(first) +
                                                " .. " + std::to_string(first) + " + " + std::to_string(count) +
                                                " - 1 (first stream + streams - 1) must be < 2^32");
    }
  }

  bool same_as_default(const std::vector<core::dcmt::Params>& params) const {
    const auto& d = default_family<S>(shape_)->params();
    if (d.size() != params.size()) return false;
    for (std::size_t i = 0; i < d.size(); ++i) {
      const core::dcmt::Params &a = d[i], &b = params[i];
      if (a.aaa != b.aaa || a.mask_b != b.mask_b || a.mask_c != b.mask_c || a.shift_u != b.shift_u ||
          a.shift_s != b.shift_s || a.shift_t != b.shift_t || a.shift_l != b.shift_l) {
        return false;
      }
    }
    return true;
  }

  dcmt::ShapeInfo shape_;
  std::shared_ptr<const dcmt::Family> family_;
  std::uint32_t base_ = 0;
  std::uint64_t streams_ = kDefaultStreams;
  std::uint64_t stream0_ = 0;
  // Names everything but the offset; what the backends keep is only used within one epoch.
  std::uint64_t epoch_ = 0;
  dcmt::HostWindows cpu_;
  cuda::DcmtWorkspacePtr<S> gpu_;
  dcmt::HostWindows opencl_;
};

}  // namespace

std::unique_ptr<EngineImpl> make_dcmt521_engine() {
  return std::make_unique<DcmtEngine<core::dcmt::Mt521, Engine::dcmt521>>();
}
std::unique_ptr<EngineImpl> make_dcmt2203_engine() {
  return std::make_unique<DcmtEngine<core::dcmt::Mt2203, Engine::dcmt2203>>();
}

}  // namespace gpurng::detail
