// The generator front end: argument checks, backend resolution, memory kinds, the device a CUDA
// generator runs on, state files. Engine specifics live behind detail::EngineImpl; several devices
// behind detail::DeviceSet (multi_device.hpp).
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <system_error>

#include "atomic_file.hpp"
#include "cuda/cuda_support.hpp"
#include "cuda/device_select.hpp"
#include "distributions/distribution_checks.hpp"
#include "engine_impl.hpp"
#include "generator_impl.hpp"
#include "half_outputs.hpp"
#include "multi_device.hpp"
#include "opencl/engines.hpp"
#include "opencl/runtime.hpp"
#include "state_codec.hpp"

namespace gpurng {
namespace detail {

void EngineImpl::generate_via_device(const Request& req, void* host_out, std::size_t n, const ExecContext& ctx) {
  cuda::generate_to_host(host_out, n, value_size(req.type), ctx.stream,
                         [&](void* chunk, std::size_t count) { generate(req, chunk, count, ctx); });
}

GeneratorImpl::GeneratorImpl(Engine e, Backend requested) : engine_(make_engine(e)) {
  ctx_.backend = resolve(requested);
  ctx_.stream = nullptr;
  ctx_.cuda_blocks = 0;
  ctx_.cpu_threads = 0;
  ctx_.opencl_device = -1;
  if (ctx_.backend == Backend::opencl) {
    if (!opencl::serves(e)) {
      throw Error(Status::unsupported, std::string("backend opencl: engine ") + engine_info(e).name +
                                           " does not run on the opencl backend yet; it runs " +
                                           opencl::served_names());
    }
    ctx_.opencl_device = opencl::default_device();
    if (!opencl::device_present(ctx_.opencl_device)) {
      const std::vector<OpenclDeviceInfo> all = opencl::devices();
      throw Error(Status::no_device,
                  all.empty() ? std::string("backend opencl: no OpenCL platform with a device was found")
                              : "backend opencl: device " + std::to_string(ctx_.opencl_device) +
                                    " (GPURNG_OPENCL_DEVICE) does not exist; devices are 0 .. " +
                                    std::to_string(all.size() - 1));
    }
  }
}

GeneratorImpl::~GeneratorImpl() {
  multi_.reset();  // each part generator releases its own device's workspaces
  try {
    cuda::DeviceGuard guard(active_device());
    engine_.reset();
  } catch (...) {
    // The device could not be made current (a failed context): release the host side anyway.
    engine_.reset();
  }
}

Backend GeneratorImpl::resolve(Backend b) {
  switch (b) {
    case Backend::automatic: return cuda::device_present() ? Backend::cuda : Backend::cpu;
    case Backend::cpu: return Backend::cpu;
    case Backend::cuda:
      if (!built_with_cuda()) throw Error(Status::no_device, "backend cuda: this gpurng was built without CUDA support");
      if (!cuda::device_present()) throw Error(Status::no_device, "backend cuda: no CUDA device is available");
      return Backend::cuda;
    case Backend::opencl:
      if (!built_with_opencl()) {
        throw Error(Status::no_device, "backend opencl: this gpurng was built without the OpenCL kernels");
      }
      return Backend::opencl;
  }
  throw Error(Status::invalid_argument, "backend: unknown value " + std::to_string(static_cast<int>(b)) +
                                            "; valid: automatic (0), cpu (1), cuda (2), opencl (3)");
}

int GeneratorImpl::bind_device() {
  if (device_ < 0) device_ = cuda::calling_thread_device();
  return device_;
}

void GeneratorImpl::generate(const Request& req, void* out, std::size_t n) {
  if (is_half(req.type)) return generate_half(*this, req, out, n);
  if (n == 0) return;
  if (req.dist == Distribution::bits) check_bits_width(req.type);
  if (out == nullptr) throw Error(Status::invalid_argument, "out: null pointer with count " + std::to_string(n));
  if (multi_) {
    multi_->generate(*this, req, out, n);
  } else {
    generate_here(req, out, n);
  }
}

void GeneratorImpl::generate_opencl(const Request& req, OpenclBuffer out, std::size_t n) {
  if (ctx_.backend != Backend::opencl) {
    throw Error(Status::invalid_argument, std::string("out: an OpenCL buffer, but the generator's backend is ") +
                                              backend_name(ctx_.backend) + " (construct it with Backend::opencl)");
  }
  if (is_half(req.type)) {
    throw Error(Status::unsupported, "float16 and bfloat16 values are not made into OpenCL buffers; generate "
                                     "float values, or half values into host memory");
  }
  if (n == 0) return;
  if (req.dist == Distribution::bits) check_bits_width(req.type);
  const std::uint64_t size = value_size(req.type);
  const std::uint64_t max_values = ~std::uint64_t{0} / size;
  if (out.offset > max_values || n > max_values - out.offset) {
    throw Error(Status::invalid_argument, "out: offset " + std::to_string(out.offset) + " + count " +
                                              std::to_string(n) + " values overflow a byte count");
  }
  opencl::check_output_buffer(ctx_.opencl_device, out.buffer, out.offset * size, n * size, "out");
  ExecContext ctx = ctx_;
  ctx.opencl_buffer = out.buffer;
  ctx.opencl_buffer_offset = out.offset * size;
  const std::uint64_t saved_offset = engine_->offset();
  try {
    engine_->generate(req, nullptr, n, ctx);
  } catch (...) {
    engine_->set_offset(saved_offset);
    throw;
  }
}

void GeneratorImpl::generate_per_device(const Request& req, void* const* outs, std::size_t n) {
  if (!multi_) {
    throw Error(Status::invalid_argument,
                "generate_per_device: the generator has no list of devices; set one with devices({...})");
  }
  if (req.dist == Distribution::bits) check_bits_width(req.type);
  if (is_half(req.type)) {
    throw Error(Status::unsupported, "generate_per_device: float16 and bfloat16 values are made only by generate "
                                     "(over several devices into host or managed memory)");
  }
  multi_->generate_per_device(*this, req, outs, n);
}

void GeneratorImpl::generate_here(const Request& req, void* out, std::size_t n) {
  const std::uint64_t saved_offset = engine_->offset();
  try {
    if (ctx_.backend != Backend::cuda) {  // cpu and opencl write host memory
      if (built_with_cuda() && cuda::memory_kind(out) == cuda::MemoryKind::device) {
        throw Error(Status::invalid_argument, std::string("out: points to CUDA device memory, but the generator's backend is ") +
                                                  backend_name(ctx_.backend));
      }
      engine_->generate(req, out, n, ctx_);
    } else {
      const int device = bind_device();
      const cuda::PointerInfo where = cuda::pointer_info(out);
      if (where.kind == cuda::MemoryKind::device && where.device != device) {
        throw Error(Status::invalid_argument, "out: device memory of CUDA device " + std::to_string(where.device) +
                                                  ", but the generator runs on device " + std::to_string(device) +
                                                  " (Generator::cuda_device)");
      }
      cuda::DeviceGuard guard(device);
      if (where.kind == cuda::MemoryKind::host) {
        engine_->generate_via_device(req, out, n, ctx_);
      } else {
        engine_->generate(req, out, n, ctx_);
      }
    }
  } catch (...) {
    engine_->set_offset(saved_offset);
    throw;
  }
}

void GeneratorImpl::synchronize() {
  if (ctx_.backend != Backend::cuda || device_ < 0) return;
  cuda::DeviceGuard guard(device_);
  cuda::synchronize(ctx_.stream);
}

void GeneratorImpl::set_cuda_device(int device) {
  if (device == device_) return;
  if (device_ >= 0) {
    // The engine may hold workspaces on the old device: remake it from its state (restore releases
    // them on the old device), which keeps the sequence and the position; the new device makes its
    // own at the next call.
    const std::vector<std::uint8_t> bytes = state_bytes();
    restore(bytes.data(), bytes.size(), LoadLimits());
  }
  device_ = device;
}

void GeneratorImpl::set_devices(const std::vector<int>& list) {
  multi_.reset();
  if (!list.empty()) multi_ = std::make_unique<DeviceSet>(list);
}

std::vector<int> GeneratorImpl::devices() const { return multi_ ? multi_->devices() : std::vector<int>{}; }

// bits come in the engine's own width (EngineInfo::bits_width), checked here for every engine.
void GeneratorImpl::check_bits_width(ValueType t) const {
  const EngineInfo& e = engine_info(engine_->id());
  const unsigned width = static_cast<unsigned>(8 * value_size(t));
  if (width != e.bits_width) {
    const std::string w = std::to_string(e.bits_width);
    throw Error(Status::unsupported,
                std::string(e.name) + " produces " + w + "-bit integers: generate_bits needs a uint" + w + "_t buffer");
  }
}

std::vector<std::uint8_t> GeneratorImpl::state_bytes() const {
  StateWriter w;
  engine_->write_state(w);
  return encode_state(engine_->id(), w.bytes());
}

void GeneratorImpl::restore(const std::uint8_t* data, std::size_t size, const LoadLimits& limits) {
  const DecodedState decoded = decode_state(data, size);
  if (decoded.engine != engine_->id()) {
    throw Error(Status::corrupt_state, std::string("state is for engine ") + engine_info(decoded.engine).name +
                                           ", but this generator's engine is " + engine_info(engine_->id()).name);
  }
  std::unique_ptr<EngineImpl> fresh = make_engine(engine_->id());
  StateReader r(decoded.payload.data(), decoded.payload.size(), limits);
  fresh->read_state(r);
  cuda::DeviceGuard guard(active_device());  // the old engine releases its workspaces on its device
  engine_ = std::move(fresh);
  ++epoch_;
}

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

void Generator::seed(std::uint64_t s) {
  impl().configure([&](detail::EngineImpl& e) { e.seed(s); });
}
void Generator::seed_array(const std::uint64_t* words, std::size_t count) {
  if (words == nullptr && count != 0) throw Error(Status::invalid_argument, "seed_array: null pointer with count " + std::to_string(count));
  impl().configure([&](detail::EngineImpl& e) { e.seed_array(words, count); });
}
void Generator::select_stream(std::uint64_t stream, std::uint64_t substream) {
  impl().configure([&](detail::EngineImpl& e) { e.select_stream(stream, substream); });
}
void Generator::dimensions(std::uint32_t d) {
  impl().configure([&](detail::EngineImpl& e) { e.set_dimensions(d); });
}
std::uint32_t Generator::dimensions() const { return impl().engine_->values_per_position(); }
void Generator::scramble(Scramble s) {
  impl().configure([&](detail::EngineImpl& e) { e.set_scramble(s); });
}
void Generator::streams(std::uint64_t s) {
  impl().configure([&](detail::EngineImpl& e) { e.set_streams(s); });
}
void Generator::normal_method(NormalMethod m) {
  impl().configure([&](detail::EngineImpl& e) { e.set_normal_method(m); });
}
void Generator::param_set(std::uint32_t index) {
  impl().configure([&](detail::EngineImpl& e) { e.set_param_set(index); });
}
void Generator::param_file(const std::string& path) {
  impl().configure([&](detail::EngineImpl& e) { e.set_param_file(path); });
}
void Generator::offset(std::uint64_t k) { impl().engine_->set_offset(k); }
std::uint64_t Generator::offset() const { return impl().engine_->offset(); }
std::uint64_t Generator::remaining() const { return impl().engine_->remaining(); }

void Generator::cuda_stream(CUstream_st* stream) { impl().ctx_.stream = stream; }
CUstream_st* Generator::cuda_stream() const { return impl().ctx_.stream; }
void Generator::cuda_blocks(unsigned blocks) { impl().ctx_.cuda_blocks = blocks; }
void Generator::cpu_threads(unsigned threads) { impl().ctx_.cpu_threads = threads; }

namespace {

// A device index of this process, or Error(invalid_argument) naming `what` and the valid range.
void check_device_index(const char* what, int device) {
  const int count = detail::cuda::device_count();
  if (device < 0 || device >= count) {
    throw Error(Status::invalid_argument, std::string(what) + ": device " + std::to_string(device) +
                                              " is out of range " +
                                              (count == 0 ? std::string("(this process has no CUDA device)")
                                                          : "[0, " + std::to_string(count - 1) + "]") +
                                              " (the CUDA devices of this process)");
  }
}

void require_cuda_backend(const detail::GeneratorImpl& g, const char* what) {
  if (g.backend() != Backend::cuda) {
    throw Error(Status::unsupported,
                std::string(what) + ": the generator's backend is " + backend_name(g.backend()) + ", not cuda");
  }
}

}  // namespace

void Generator::cuda_device(int device) {
  detail::GeneratorImpl& g = impl();
  require_cuda_backend(g, "cuda_device");
  check_device_index("cuda_device", device);
  g.set_cuda_device(device);
}
int Generator::cuda_device() const { return impl().cuda_device(); }

void Generator::devices(const std::vector<int>& list) {
  detail::GeneratorImpl& g = impl();
  require_cuda_backend(g, "devices");
  for (std::size_t i = 0; i < list.size(); ++i) {
    check_device_index("devices", list[i]);
    for (std::size_t j = 0; j < i; ++j) {
      if (list[j] == list[i]) {
        throw Error(Status::invalid_argument, "devices: device " + std::to_string(list[i]) +
                                                  " is listed twice (each device computes one part)");
      }
    }
  }
  g.set_devices(list);
}
std::vector<int> Generator::devices() const { return impl().devices(); }

namespace {
void check_value_type(ValueType t) {
  if (static_cast<unsigned>(t) > static_cast<unsigned>(ValueType::bf16)) {
    throw Error(Status::invalid_argument, "value type: unknown value " + std::to_string(static_cast<int>(t)) +
                                              "; valid: 0 (uint32) .. 7 (bfloat16)");
  }
}
}  // namespace

void Generator::generate_per_device(Distribution d, ValueType t, const double* params, std::size_t nparams,
                                    void* const* outs, std::size_t n) {
  check_value_type(t);
  impl().generate_per_device(detail::dists::make_request(d, t, params, nparams), outs, n);
}

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
  check_value_type(t);
  impl().generate(detail::dists::make_request(d, t, params, nparams), out, n);
}

void Generator::generate(Distribution d, ValueType t, const double* params, std::size_t nparams, OpenclBuffer out,
                         std::size_t n) {
  check_value_type(t);
  impl().generate_opencl(detail::dists::make_request(d, t, params, nparams), out, n);
}

namespace {

// The OpenCL device of an opencl generator; Error(unsupported) naming `what` on other backends.
int opencl_device_of(const detail::GeneratorImpl& g, const char* what) {
  if (g.ctx_.backend != Backend::opencl) {
    throw Error(Status::unsupported,
                std::string(what) + ": the generator's backend is " + backend_name(g.ctx_.backend) + ", not opencl");
  }
  return g.ctx_.opencl_device;
}

}  // namespace

_cl_context* Generator::opencl_context() const {
  return detail::opencl::context_of(opencl_device_of(impl(), "opencl_context"));
}

_cl_command_queue* Generator::opencl_queue() const {
  return detail::opencl::queue_of(opencl_device_of(impl(), "opencl_queue"));
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
