// Sobol' (32- and 64-bit) behind the generator front end: dimensions, scrambling, the point offset,
// the request layout and the state payload. The math is core/engines/sobol.hpp; the backends are
// cpu/sobol_fill.hpp and cuda/sobol.cu.
//
// A request for n values is n / D whole points (n must be a multiple of D), laid out
// dimension-major (sobol/sobol_layout.hpp). The offset counts points: a call at offset P for N
// points returns points P .. P+N-1 of every dimension and moves the offset to P + N (cuRAND's
// semantics). So successive calls give successive blocks of points, each block dimension-major;
// coordinate d of point i is the same however the points were asked for.
#include <string>

#include "backend_seam.hpp"
#include "cpu/sobol_fill.hpp"
#include "cuda/cuda_support.hpp"
#include "cuda/sobol_launch.hpp"
#include "engines/engine_factories.hpp"
#include "gpurng/core/engines/sobol.hpp"
#include "families/sobol/sobol_layout.hpp"
#include "families/sobol/sobol_transforms.hpp"

namespace gpurng::detail {
namespace {

namespace cs = core::sobol;

template <class U>
class SobolEngine final : public EngineImpl {
  using E = cs::Engine<U>;
  static constexpr bool k32 = sizeof(U) == 4;
  // The offset after the last point: 2^32 (32-bit), 2^64 - 1 (64-bit).
  static constexpr std::uint64_t kEnd = cs::kLastIndex<U> + 1;

 public:
  Engine id() const override { return k32 ? Engine::sobol32 : Engine::sobol64; }

  // The seed only keys the scrambles (docs/ENGINES.md); unscrambled points do not depend on it.
  void seed(std::uint64_t s) override {
    seed_ = s;
    offset_ = 0;
  }

  void seed_array(const std::uint64_t*, std::size_t count) override {
    throw Error(Status::unsupported, std::string(name()) + " has no raw state words (got " + std::to_string(count) +
                                         "); seed() sets the scramble seed");
  }

  void select_stream(std::uint64_t stream, std::uint64_t) override { unsupported("streams", stream); }

  std::uint64_t offset() const override { return offset_; }
  void set_offset(std::uint64_t k) override {
    if (k > kEnd) {
      throw Error(Status::invalid_argument, "offset: " + std::to_string(k) + " points is past the end of the " + name() +
                                                " sequence; valid offsets are 0 .. " + end_text() + " (in points)");
    }
    offset_ = k;
  }
  // Values left: points left times dimensions, saturated at the largest multiple of D in 64 bits.
  std::uint64_t remaining() const override {
    const std::uint64_t points = kEnd - offset_;
    const std::uint64_t cap = ~0ull / dims_;
    return (points > cap ? cap : points) * dims_;
  }

  std::uint32_t values_per_position() const override { return dims_; }

  void set_dimensions(std::uint32_t d) override {
    if (d == 0 || d > cs::kMaxDimensions) {
      throw Error(Status::invalid_argument, "dimensions: " + std::to_string(d) + " is out of range [1, 21201] for " + name());
    }
    dims_ = d;
    offset_ = 0;
  }

  void set_scramble(Scramble s) override {
    if (s != Scramble::none && s != Scramble::digital_shift && s != Scramble::owen) {
      throw Error(Status::invalid_argument, "scramble: unknown value " + std::to_string(static_cast<int>(s)) +
                                                "; valid: none (0), digital_shift (1), owen (2)");
    }
    scramble_ = s;
    offset_ = 0;
  }

  void set_normal_method(NormalMethod m) override {
    if (m == NormalMethod::inverse_cdf) {
      offset_ = 0;
      return;
    }
    if (m == NormalMethod::box_muller) {
      throw Error(Status::unsupported, std::string(name()) +
                                           " makes normals by the inverse CDF only: Box-Muller would pair consecutive "
                                           "points of one dimension and spoil the point set");
    }
    throw Error(Status::invalid_argument, "normal method: unknown value " + std::to_string(static_cast<int>(m)) +
                                              "; valid: box_muller (0), inverse_cdf (1)");
  }

  void generate(const Request& req, void* out, std::size_t n, const ExecContext& ctx) override {
    const std::uint64_t points = points_of(n);
    const sobol::Rect rect{offset_, points, 0, dims_};
    fill(rect, req, out, ctx);
    offset_ += points;
  }

  // Host memory on the CUDA backend: consecutive chunks of the output through device scratch
  // memory; each chunk is at most three Rects of the request's block.
  void generate_via_device(const Request& req, void* host_out, std::size_t n, const ExecContext& ctx) override {
    const std::uint64_t points = points_of(n);
    const sobol::SobolBlock block{offset_, points, dims_};
    const std::size_t size = value_size(req.type);
    std::uint64_t done = 0;
    cuda::generate_to_host(host_out, n, size, ctx.stream, [&](void* chunk, std::size_t count) {
      const sobol::SobolBlock::Pieces pieces = block.split(done, count);
      for (int i = 0; i < pieces.count; ++i) {
        fill(pieces.piece[i].rect, req, static_cast<unsigned char*>(chunk) + pieces.piece[i].out_index * size, ctx);
      }
      done += count;
    });
    offset_ += points;
  }

  // Payload: dimensions (u32), scramble (u32), seed (u64), offset in points (u64).
  void write_state(StateWriter& w) const override {
    w.u32(dims_);
    w.u32(static_cast<std::uint32_t>(scramble_));
    w.u64(seed_);
    w.u64(offset_);
  }

  void read_state(StateReader& r) override {
    const std::uint32_t dims = r.u32("the dimensions");
    const std::uint32_t scramble = r.u32("the scramble");
    const std::uint64_t seed = r.u64("the seed");
    const std::uint64_t offset = r.u64("the offset");
    r.expect_end();
    if (dims == 0 || dims > cs::kMaxDimensions) throw Error(Status::corrupt_state, "invalid state data: dimensions out of range");
    if (scramble > 2) throw Error(Status::corrupt_state, "invalid state data: unknown scramble");
    if (offset > kEnd) throw Error(Status::corrupt_state, "invalid state data: offset past the end of the sequence");
    dims_ = dims;
    scramble_ = static_cast<Scramble>(scramble);
    seed_ = seed;
    offset_ = offset;
  }

 private:
  const char* name() const { return k32 ? "sobol32" : "sobol64"; }
  static std::string end_text() { return k32 ? "2^32" : "2^64 - 1"; }

  // Checks a request of n values and returns its number of points.
  std::uint64_t points_of(std::size_t n) const {
    if (n % dims_ != 0) {
      throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " values is not a multiple of the " +
                                                std::to_string(dims_) + " dimensions (" + name() +
                                                " returns whole points, dimension-major)");
    }
    const std::uint64_t points = n / dims_;
    if (points > kEnd - offset_) {
      throw Error(Status::invalid_argument, "count: " + std::to_string(points) + " points from point offset " +
                                                std::to_string(offset_) + " pass " + end_text() + ", the end of the " +
                                                name() + " sequence");
    }
    return points;
  }

  void fill(const sobol::Rect& rect, const Request& req, void* out, const ExecContext& ctx) const {
    const sobol::ScrambleConfig sc{static_cast<cs::ScrambleKind>(scramble_), seed_};
    sobol::with_sobol_transform<E>(req, [&](const auto& tr) {
      using V = typename std::decay_t<decltype(tr)>::value_type;
      V* const values = static_cast<V*>(out);
      on_backend(
          ctx, [&] { cpu::fill_sobol<E>(rect, sc, tr, values, ctx.cpu_threads); },
          [&] { cuda::launch_sobol<E>(directions_, rect, sc, tr, values, ctx); });
    });
  }

  std::uint32_t dims_ = 1;
  Scramble scramble_ = Scramble::none;
  std::uint64_t seed_ = 0;
  std::uint64_t offset_ = 0;
  // The CUDA backend's expanded direction numbers (a cache: it does not change what a call returns).
  mutable cuda::SobolDirectionsPtr<U> directions_;
};

}  // namespace

std::unique_ptr<EngineImpl> make_sobol32_engine() { return std::make_unique<SobolEngine<std::uint32_t>>(); }
std::unique_ptr<EngineImpl> make_sobol64_engine() { return std::make_unique<SobolEngine<std::uint64_t>>(); }

}  // namespace gpurng::detail
