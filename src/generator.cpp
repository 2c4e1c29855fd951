// The generator front end: argument checks, backend resolution, memory kinds, state files.
// Engine specifics live behind detail::EngineImpl.
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <system_error>

#include "atomic_file.hpp"
#include "cuda/cuda_support.hpp"
#include "distributions/distribution_checks.hpp"
#include "engine_impl.hpp"
#include "state_codec.hpp"

namespace gpurng {
namespace detail {

void EngineImpl::generate_via_device(const Request& req, void* host_out, std::size_t n, const ExecContext& ctx) {
  cuda::generate_to_host(host_out, n, value_size(req.type), ctx.stream,
                         [&](void* chunk, std::size_t count) { generate(req, chunk, count, ctx); });
}

class GeneratorImpl {
 public:
  GeneratorImpl(Engine e, Backend requested) : engine_(make_engine(e)) {
    ctx_.backend = resolve(requested);
    ctx_.stream = nullptr;
    ctx_.cuda_blocks = 0;
    ctx_.cpu_threads = 0;
  }

  static Backend resolve(Backend b) {
    switch (b) {
      case Backend::automatic: return cuda::device_present() ? Backend::cuda : Backend::cpu;
      case Backend::cpu: return Backend::cpu;
      case Backend::cuda:
        if (!built_with_cuda()) throw Error(Status::no_device, "backend cuda: this gpurng was built without CUDA support");
        if (!cuda::device_present()) throw Error(Status::no_device, "backend cuda: no CUDA device is available");
        return Backend::cuda;
    }
    throw Error(Status::invalid_argument, "backend: unknown value " + std::to_string(static_cast<int>(b)) +
                                              "; valid: automatic (0), cpu (1), cuda (2)");
  }

  void generate(const Request& req, void* out, std::size_t n) {
    if (n == 0) return;
    if (req.dist == Distribution::bits) check_bits_width(req.type);
    if (out == nullptr) throw Error(Status::invalid_argument, "out: null pointer with count " + std::to_string(n));
    const std::uint64_t saved_offset = engine_->offset();
    try {
      if (ctx_.backend == Backend::cpu) {
        if (built_with_cuda() && cuda::memory_kind(out) == cuda::MemoryKind::device) {
          throw Error(Status::invalid_argument, "out: points to CUDA device memory, but the generator's backend is cpu");
        }
        engine_->generate(req, out, n, ctx_);
      } else if (cuda::memory_kind(out) == cuda::MemoryKind::host) {
        engine_->generate_via_device(req, out, n, ctx_);
      } else {
        engine_->generate(req, out, n, ctx_);
      }
    } catch (...) {
      engine_->set_offset(saved_offset);
      throw;
    }
  }

  // bits come in the engine's own width (EngineInfo::bits_width), checked here for every engine.
  void check_bits_width(ValueType t) const {
    const EngineInfo& e = engine_info(engine_->id());
    const unsigned width = static_cast<unsigned>(8 * value_size(t));
    if (width != e.bits_width) {
      const std::string w = std::to_string(e.bits_width);
      throw Error(Status::unsupported,
                  std::string(e.name) + " produces " + w + "-bit integers: generate_bits needs a uint" + w + "_t buffer");
    }
  }

  std::vector<std::uint8_t> state_bytes() const {
    StateWriter w;
    engine_->write_state(w);
    return encode_state(engine_->id(), w.bytes());
  }

  void restore(const std::uint8_t* data, std::size_t size, const LoadLimits& limits) {
    const DecodedState decoded = decode_state(data, size);
    if (decoded.engine != engine_->id()) {
      throw Error(Status::corrupt_state, std::string("state is for engine ") + engine_info(decoded.engine).name +
                                             ", but this generator's engine is " + engine_info(engine_->id()).name);
    }
    std::unique_ptr<EngineImpl> fresh = make_engine(engine_->id());
    StateReader r(decoded.payload.data(), decoded.payload.size(), limits);
    fresh->read_state(r);
    engine_ = std::move(fresh);
  }

  std::unique_ptr<EngineImpl> engine_;
  ExecContext ctx_{};
};

}  // namespace detail

namespace {

detail::Request request(Distribution d, detail::ValueType t, std::initializer_list<double> params = {}) {
  return detail::dists::make_request(d, t, params.begin(), params.size());
}

}  // namespace

Generator::Generator(Engine engine, Backend backend)
    : impl_(std::make_unique<detail::GeneratorImpl>(engine, backend)) {}
Generator::~Generator() = default;
Generator::Generator(Generator&&) noexcept = default;
Generator& Generator::operator=(Generator&&) noexcept = default;

detail::GeneratorImpl& Generator::impl() const {
  if (!impl_) {
    throw Error(Status::invalid_argument,
                "generator: the generator was moved from; move-assign a new Generator to it before using it");
  }
  return *impl_;
}

Engine Generator::engine() const { return impl().engine_->id(); }
Backend Generator::backend() const { return impl().ctx_.backend; }

void Generator::seed(std::uint64_t s) { impl().engine_->seed(s); }
void Generator::seed_array(const std::uint64_t* words, std::size_t count) {
  if (words == nullptr && count != 0) throw Error(Status::invalid_argument, "seed_array: null pointer with count " + std::to_string(count));
  impl().engine_->seed_array(words, count);
}
void Generator::select_stream(std::uint64_t stream, std::uint64_t substream) {
  impl().engine_->select_stream(stream, substream);
}
void Generator::dimensions(std::uint32_t d) { impl().engine_->set_dimensions(d); }
void Generator::scramble(Scramble s) { impl().engine_->set_scramble(s); }
void Generator::streams(std::uint64_t s) { impl().engine_->set_streams(s); }
void Generator::normal_method(NormalMethod m) { impl().engine_->set_normal_method(m); }
void Generator::param_set(std::uint32_t index) { impl().engine_->set_param_set(index); }
void Generator::param_file(const std::string& path) { impl().engine_->set_param_file(path); }
void Generator::offset(std::uint64_t k) { impl().engine_->set_offset(k); }
std::uint64_t Generator::offset() const { return impl().engine_->offset(); }
std::uint64_t Generator::remaining() const { return impl().engine_->remaining(); }

void Generator::cuda_stream(CUstream_st* stream) { impl().ctx_.stream = stream; }
CUstream_st* Generator::cuda_stream() const { return impl().ctx_.stream; }
void Generator::cuda_blocks(unsigned blocks) { impl().ctx_.cuda_blocks = blocks; }
void Generator::cpu_threads(unsigned threads) { impl().ctx_.cpu_threads = threads; }


void Generator::generate_bits(std::uint32_t* out, std::size_t n) {
  impl().generate(request(Distribution::bits, ValueType::u32), out, n);
}
void Generator::generate_bits(std::uint64_t* out, std::size_t n) {
  impl().generate(request(Distribution::bits, ValueType::u64), out, n);
}
void Generator::generate_uniform(float* out, std::size_t n) {
  impl().generate(request(Distribution::uniform, ValueType::f32), out, n);
}
void Generator::generate_uniform(double* out, std::size_t n) {
  impl().generate(request(Distribution::uniform, ValueType::f64), out, n);
}
void Generator::generate_normal(float* out, std::size_t n, float mean, float stddev) {
  impl().generate(request(Distribution::normal, ValueType::f32, {mean, stddev}), out, n);
}
void Generator::generate_normal(double* out, std::size_t n, double mean, double stddev) {
  impl().generate(request(Distribution::normal, ValueType::f64, {mean, stddev}), out, n);
}
void Generator::generate_exponential(float* out, std::size_t n, float lambda) {
  impl().generate(request(Distribution::exponential, ValueType::f32, {lambda}), out, n);
}
void Generator::generate_exponential(double* out, std::size_t n, double lambda) {
  impl().generate(request(Distribution::exponential, ValueType::f64, {lambda}), out, n);
}
void Generator::generate_lognormal(float* out, std::size_t n, float mean, float stddev) {
  impl().generate(request(Distribution::lognormal, ValueType::f32, {mean, stddev}), out, n);
}
void Generator::generate_lognormal(double* out, std::size_t n, double mean, double stddev) {
  impl().generate(request(Distribution::lognormal, ValueType::f64, {mean, stddev}), out, n);
}

void Generator::generate(Distribution d, const double* params, std::size_t nparams, std::uint32_t* out, std::size_t n) {
  impl().generate(detail::dists::make_request(d, ValueType::u32, params, nparams), out, n);
}
void Generator::generate(Distribution d, const double* params, std::size_t nparams, std::uint64_t* out, std::size_t n) {
  impl().generate(detail::dists::make_request(d, ValueType::u64, params, nparams), out, n);
}
void Generator::generate(Distribution d, const double* params, std::size_t nparams, float* out, std::size_t n) {
  impl().generate(detail::dists::make_request(d, ValueType::f32, params, nparams), out, n);
}
void Generator::generate(Distribution d, const double* params, std::size_t nparams, double* out, std::size_t n) {
  impl().generate(detail::dists::make_request(d, ValueType::f64, params, nparams), out, n);
}
void Generator::generate(Distribution d, const double* params, std::size_t nparams, std::int32_t* out, std::size_t n) {
  impl().generate(detail::dists::make_request(d, ValueType::i32, params, nparams), out, n);
}
void Generator::generate(Distribution d, const double* params, std::size_t nparams, std::int64_t* out, std::size_t n) {
  impl().generate(detail::dists::make_request(d, ValueType::i64, params, nparams), out, n);
}
void Generator::generate(Distribution d, ValueType t, const double* params, std::size_t nparams, void* out,
                         std::size_t n) {
  if (static_cast<unsigned>(t) > static_cast<unsigned>(ValueType::i64)) {
    throw Error(Status::invalid_argument, "value type: unknown value " + std::to_string(static_cast<int>(t)) +
                                              "; valid: 0 (uint32) .. 5 (int64)");
  }
  impl().generate(detail::dists::make_request(d, t, params, nparams), out, n);
}

void Generator::generate_integers(std::int32_t* out, std::size_t n, std::int32_t lo, std::int32_t hi) {
  impl().generate(detail::dists::make_integer_request(ValueType::i32, static_cast<std::uint64_t>(static_cast<std::int64_t>(lo)),
                                                      static_cast<std::uint64_t>(static_cast<std::int64_t>(hi))),
                  out, n);
}
void Generator::generate_integers(std::int64_t* out, std::size_t n, std::int64_t lo, std::int64_t hi) {
  impl().generate(
      detail::dists::make_integer_request(ValueType::i64, static_cast<std::uint64_t>(lo), static_cast<std::uint64_t>(hi)),
      out, n);
}
void Generator::generate_integers(std::uint32_t* out, std::size_t n, std::uint32_t lo, std::uint32_t hi) {
  impl().generate(detail::dists::make_integer_request(ValueType::u32, lo, hi), out, n);
}
void Generator::generate_integers(std::uint64_t* out, std::size_t n, std::uint64_t lo, std::uint64_t hi) {
  impl().generate(detail::dists::make_integer_request(ValueType::u64, lo, hi), out, n);
}

std::vector<std::uint8_t> Generator::state_bytes() const { return impl().state_bytes(); }

void Generator::restore_state_bytes(const std::uint8_t* data, std::size_t size, const LoadLimits& limits) {
  impl().restore(data, size, limits);
}

void Generator::save_state(const std::string& path) const {
  const std::vector<std::uint8_t> bytes = impl().state_bytes();
  // A new file appears under its name only when complete, never through anything planted beside it
  // (support::AtomicFile); a device or pipe (e.g. /dev/null) is written in place.
  try {
    support::AtomicFile file(path);
    file.write(bytes.data(), bytes.size());
    file.commit();
  } catch (const std::system_error& e) {
    throw Error(Status::io_error, std::string("save_state: ") + e.what());
  }
}

void Generator::load_state(const std::string& path, const LoadLimits& limits) {
  constexpr std::size_t kMaxStateFile = std::size_t{64} << 20;
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error(Status::io_error, "load_state: cannot open '" + path + "' for reading");
  std::vector<std::uint8_t> bytes;
  char buf[4096];
  while (f.read(buf, sizeof buf) || f.gcount() > 0) {
    bytes.insert(bytes.end(), buf, buf + f.gcount());
    if (bytes.size() > kMaxStateFile) throw Error(Status::corrupt_state, "load_state: '" + path + "' is larger than any state file");
  }
  if (f.bad()) throw Error(Status::io_error, "load_state: reading '" + path + "' failed");
  try {
    impl().restore(bytes.data(), bytes.size(), limits);
  } catch (const Error& e) {
    throw Error(e.status(), "load_state '" + path + "': " + e.what());
  }
}

}  // namespace gpurng
