// mapped_generate (mapped_generate.hpp): where the source values go and which map runs.
#include "mapped_generate.hpp"

#include <algorithm>
#include <new>
#include <string>
#include <vector>

#include "backend_seam.hpp"
#include "cuda/device_select.hpp"
#include "cuda/mapped_fill_launch.hpp"
#include "engine_impl.hpp"
#include "generator_impl.hpp"

namespace gpurng::detail {
namespace {

// Source bytes per step when outputs are narrower than their sources: 8 MiB of host scratch, 32 MiB
// on a device (2^22 doubles, 2^23 floats: few enough steps that a call's fixed costs stay small).
constexpr std::size_t kHostChunkBytes = std::size_t{8} << 20;
constexpr std::size_t kDeviceChunkBytes = std::size_t{32} << 20;

// A quasi-random engine with D > 1 lays a call out dimension-major over its whole length, so its
// source values must come from one call, as the caller's call of n values would. Otherwise whole
// units of the map, at least one.
std::size_t chunk_for(const GeneratorImpl& g, const ValueMap& m, std::size_t n, std::size_t bytes) {
  if (g.engine_->values_per_position() > 1) return n;
  const std::size_t units = std::max<std::size_t>(1, bytes / value_size(m.source.type) / m.granule);
  return std::min(n, units * m.granule);
}

// Host (or managed) memory: the source values from the generator's ordinary call (any backend,
// several devices included), then the CPU map.
void fill_on_host(GeneratorImpl& g, const ValueMap& m, void* out, std::size_t n) {
  const std::size_t source_size = value_size(m.source.type);
  const unsigned threads = g.ctx_.cpu_threads;
  if (m.out_size == source_size) {  // in place: element i holds its source value, then its output
    g.generate(m.source, out, n);
    m.host_map(out, out, n, threads);
    return;
  }
  // Doubles keep the scratch aligned for any source type.
  const std::size_t chunk = chunk_for(g, m, n, kHostChunkBytes);
  std::vector<double> scratch((chunk * source_size + 7) / 8);
  auto* dst = static_cast<unsigned char*>(out);
  for (std::size_t done = 0; done < n;) {
    const std::size_t count = std::min(chunk, n - done);
    g.generate(m.source, scratch.data(), count);
    m.host_map(scratch.data(), dst + done * m.out_size, count, threads);
    done += count;
  }
}

// CUDA backend, device or managed memory of one device: the source values and the map on the
// generator's stream, without synchronising (as every device call).
void fill_on_device(GeneratorImpl& g, const ValueMap& m, void* out, std::size_t n) {
  cuda::DeviceGuard guard(g.cuda_device());
  if (m.direct != nullptr && g.engine_->makes_directly(*m.direct, out, g.ctx_)) {
    g.engine_->generate(*m.direct, out, n, g.ctx_);
    return;
  }
  const std::size_t source_size = value_size(m.source.type);
  // The source values go straight to the engine's device generate: the scratch is stream-ordered
  // memory (cuda/scratch_pool.cuh), which under stream capture is not yet memory that
  // cudaPointerGetAttributes knows, so generate_here's pointer check would send it down the
  // host-memory path.
  cuda::mapped_fill(
      out, n, m.out_size, source_size, chunk_for(g, m, n, kDeviceChunkBytes), g.ctx_.stream,
      [&](void* src, std::size_t count) { g.engine_->generate(m.source, src, count, g.ctx_); },
      [&](void* src, void* dst, std::size_t count) { m.device_map(src, dst, count, g.ctx_.stream); });
}

}  // namespace

void mapped_generate(GeneratorImpl& g, const ValueMap& m, void* out, std::size_t n) {
  if (m.out_size > value_size(m.source.type) || m.granule == 0 || n % m.granule != 0) {
    throw Error(Status::internal_error, "mapped output: wider than its source, or not whole units");
  }
  if (n == 0) return;
  if (out == nullptr) throw Error(Status::invalid_argument, "out: null pointer with count " + std::to_string(n));
  const bool several = !g.devices().empty();
  const cuda::PointerInfo where = cuda::pointer_info(out);
  // The source call checks its own buffer, but a scratch buffer hides `out` from it.
  if (where.kind == cuda::MemoryKind::device && (g.backend() != Backend::cuda || several)) {
    throw Error(Status::invalid_argument,
                several ? std::string("out: points to CUDA device memory, but ") + m.what +
                              " over several devices() write host or managed memory"
                        : std::string("out: points to CUDA device memory, but the generator's backend is ") +
                              backend_name(g.backend()));
  }
  // Narrow outputs come in chunks, each its own source call: refuse a call past the end of the
  // sequence before any chunk is written, as one call would. (With D > 1 it is one call.)
  if (g.engine_->values_per_position() == 1 && n > g.engine_->remaining()) {
    throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " values from offset " +
                                              std::to_string(g.engine_->offset()) + " pass the end of the addressable " +
                                              engine_info(g.id()).name + " sequence (at most " +
                                              std::to_string(g.engine_->remaining()) + " from this offset)");
  }
  const std::uint64_t saved_offset = g.engine_->offset();
  try {
    const auto host = [&] { fill_on_host(g, m, out, n); };
    on_backend(g.ctx_, host,
               [&] {
                 if (where.kind == cuda::MemoryKind::host || several) return host();
                 // The generator's device, chosen here as its first call would choose it.
                 if (g.cuda_device() < 0) g.set_cuda_device(cuda::calling_thread_device());
                 if (where.kind == cuda::MemoryKind::device && where.device != g.cuda_device()) {
                   throw Error(Status::invalid_argument, "out: device memory of CUDA device " + std::to_string(where.device) +
                                                             ", but the generator runs on device " +
                                                             std::to_string(g.cuda_device()) + " (Generator::cuda_device)");
                 }
                 fill_on_device(g, m, out, n);
               },
               host);
  } catch (const std::bad_alloc&) {
    g.engine_->set_offset(saved_offset);
    throw Error(Status::out_of_memory, std::string(m.what) + ": the scratch buffer does not fit in host memory");
  } catch (...) {
    g.engine_->set_offset(saved_offset);
    throw;
  }
}

}  // namespace gpurng::detail
