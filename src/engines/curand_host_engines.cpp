// The cuRAND host-API engines (issue 22): xorwow-curand, philox4x32-10-curand, mrg32k3a-curand.
// Each reproduces curandGenerate / curandGenerateUniform / curandGenerateUniformDouble of the matching
// CURAND_RNG_PSEUDO_* generator with CURAND_ORDERING_PSEUDO_DEFAULT: a 64-bit seed (cuRAND's
// curandSetPseudoRandomGeneratorSeed), no streams (cuRAND's host generators have none), and the
// offset as the element index in cuRAND's output order. The order, seeding and conversions are
// core/engines/curand_host.hpp; XORWOW and MRG32k3a fill through the many-stream fill
// (stream_dispatch.hpp), Philox through the generic fill (dispatch.hpp); XORWOW's and Philox's
// doubles, which take two words each, through engines of word pairs.
#include <string>

#include "dispatch.hpp"
#include "engines/engine_factories.hpp"
#include "engines/sequence_front.hpp"
#include "gpurng/core/engines/curand_host.hpp"
#include "backend_seam.hpp"
#include "cuda/curand_host_launch.hpp"
#include "stream_dispatch.hpp"

namespace gpurng::detail {
namespace {

namespace ch = core::curand_host;

// What the three share: the seed, the refusal of streams, and the state payload.
class CurandHostFront : public SequenceFront {
 public:
  void seed(std::uint64_t s) override {
    seed_ = s;
    offset_ = 0;
  }

  void seed_array(const std::uint64_t* w, std::size_t count) override {
    if (count != 1) {
      throw Error(Status::invalid_argument, name() + " seed array: expected 1 word (cuRAND's 64-bit seed), got " +
                                                std::to_string(count));
    }
    seed(w[0]);
  }

  void select_stream(std::uint64_t stream, std::uint64_t substream) override {
    if (stream != 0 || substream != 0) {
      throw Error(Status::invalid_argument,
                  name() + ": stream and substream must be 0 (got " + std::to_string(stream) + ", " +
                      std::to_string(substream) +
                      "); cuRAND's host generator has one sequence per seed (use the offset to move in it, or the " +
                      "engine without -curand for streams)");
    }
    offset_ = 0;
  }

  // Payload: seed (u64), offset (u64).
  void write_state(StateWriter& w) const override {
    w.u64(seed_);
    w.u64(offset_);
  }

  void read_state(StateReader& r) override {
    const std::uint64_t seed = r.u64("the seed");
    const std::uint64_t offset = r.u64("the offset");
    r.expect_end();
    seed_ = seed;
    offset_ = offset;
  }

 protected:
  std::string name() const { return engine_info(id()).name; }

  std::uint64_t seed_ = 0;  // cuRAND's default seed
};

class XorwowCurand final : public CurandHostFront {
 public:
  Engine id() const override { return Engine::xorwow_curand; }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    // The CUDA kernels' jump table (the OpenCL launch passes its kept copy with every kernel).
    on_backend(ctx, [] {}, [] { cuda::prepare_xorwow_curand(); }, [] {});
    const core::StreamRange r{offset_, n, ch::kXorwowStreams, 0};
    // Doubles take two outputs of their stream (curand_uniform_double): the pair engine.
    if (req.type == ValueType::f64) {
      stream_fill<ch::XorwowPairStreams>(seed_, r, req, out, ctx, pairs_);
    } else {
      stream_fill<ch::XorwowStreams>(seed_, r, req, out, ctx, words_);
    }
  }

 private:
  StreamStateCache<ch::XorwowStreams> words_;  // never part of the state (a cache of pure functions)
  StreamStateCache<ch::XorwowPairStreams> pairs_;
};

class Mrg32k3aCurand final : public CurandHostFront {
 public:
  Engine id() const override { return Engine::mrg32k3a_curand; }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    stream_fill<ch::Mrg32k3aStreams>(seed_, core::StreamRange{offset_, n, ch::kMrg32k3aStreams, 0}, req, out, ctx,
                                     cache_);
  }

 private:
  StreamStateCache<ch::Mrg32k3aStreams> cache_;
};

class PhiloxCurand final : public CurandHostFront {
 public:
  Engine id() const override { return Engine::philox4x32_10_curand; }

  void fill(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    // Doubles take a pair of words each, in a layout of their own: the double engine.
    if (req.type == ValueType::f64) {
      fill_from_base<ch::PhiloxDoubleTraits>(ch::PhiloxDoubleTraits::start(ch::PhiloxDoubleScheme::stream(seed_)),
                                             offset_, req, out, n, ctx);
    } else {
      fill_from_base<ch::PhiloxTraits>(ch::PhiloxTraits::start(ch::PhiloxScheme::stream(seed_)), offset_, req, out, n,
                                       ctx);
    }
  }
};

}  // namespace

std::unique_ptr<EngineImpl> make_xorwow_curand_engine() { return std::make_unique<XorwowCurand>(); }
std::unique_ptr<EngineImpl> make_philox4x32_10_curand_engine() { return std::make_unique<PhiloxCurand>(); }
std::unique_ptr<EngineImpl> make_mrg32k3a_curand_engine() { return std::make_unique<Mrg32k3aCurand>(); }

}  // namespace gpurng::detail
