// The discrete distribution with user weights (gpurng::DiscreteTable, Generator::generate_discrete):
// value i is the alias lookup (core/dist/alias_table.hpp) of the engine's uniform double at
// position i. The uniforms come from the generator's own uniform call, so every engine, family,
// backend and device split serves the discrete distribution without code of its own, and the
// positions are the uniform's; this file only maps them, with a CPU loop or the CUDA map kernel.
#include <algorithm>
#include <new>
#include <string>
#include <vector>

#include "backend_seam.hpp"
#include "cpu/discrete_map.hpp"
#include "cuda/device_select.hpp"
#include "discrete_table.hpp"
#include "distributions/distribution_checks.hpp"
#include "engine_impl.hpp"
#include "generator_impl.hpp"

namespace gpurng {

// ---- DiscreteTable --------------------------------------------------------------------------------

DiscreteTable::DiscreteTable(const double* weights, std::size_t k) {
  try {
    impl_ = std::make_shared<const detail::DiscreteTableImpl>(detail::dists::build_alias_table(weights, k));
  } catch (const std::bad_alloc&) {
    throw Error(Status::out_of_memory, "weights: the alias table of " + std::to_string(k) +
                                           " categories (12 bytes each, and 4 more while it is built) does not fit in host memory");
  }
}
DiscreteTable::~DiscreteTable() = default;
DiscreteTable::DiscreteTable(const DiscreteTable&) = default;
DiscreteTable& DiscreteTable::operator=(const DiscreteTable&) = default;
DiscreteTable::DiscreteTable(DiscreteTable&&) noexcept = default;
DiscreteTable& DiscreteTable::operator=(DiscreteTable&&) noexcept = default;

const detail::DiscreteTableImpl& DiscreteTable::impl() const {
  if (!impl_) throw Error(Status::invalid_argument, "table: the DiscreteTable was moved from");
  return *impl_;
}
std::size_t DiscreteTable::size() const { return impl().size(); }
const double* DiscreteTable::thresholds() const { return impl().table().threshold.data(); }
const std::uint32_t* DiscreteTable::aliases() const { return impl().table().alias.data(); }

namespace detail {
namespace {

// Uniforms per step for 32-bit values (a scratch buffer of 8 MiB on the host, 32 MiB on a device);
// 64-bit values are made in place and need none.
constexpr std::size_t kHostChunk = std::size_t{1} << 20;
constexpr std::size_t kDeviceChunk = std::size_t{1} << 22;

// A quasi-random engine with D > 1 lays a call out dimension-major over its whole length, so its
// uniforms must come from one call, as the caller's uniform call of n values would.
std::size_t chunk_for(const GeneratorImpl& g, std::size_t n, std::size_t chunk) {
  return g.engine_->values_per_position() > 1 ? n : std::min(n, chunk);
}

// Host (or managed) memory: the uniforms from the generator's ordinary call (any backend, several
// devices included), then the CPU loop.
void fill_on_host(GeneratorImpl& g, const core::dist::AliasTableView& t, ValueType type, void* out, std::size_t n) {
  const Request uniform = dists::make_request(Distribution::uniform, ValueType::f64, nullptr, 0);
  const unsigned threads = g.ctx_.cpu_threads;
  if (value_size(type) == 8) {  // in place: element i's 8 bytes hold its uniform, then its value
    g.generate(uniform, out, n);
    if (type == ValueType::i64) cpu::alias_map<std::int64_t>(t, out, out, n, threads);
    else cpu::alias_map<std::uint64_t>(t, out, out, n, threads);
    return;
  }
  std::vector<double> u(chunk_for(g, n, kHostChunk));
  auto* dst = static_cast<unsigned char*>(out);
  for (std::size_t done = 0; done < n;) {
    const std::size_t count = std::min(u.size(), n - done);
    g.generate(uniform, u.data(), count);
    if (type == ValueType::i32) cpu::alias_map<std::int32_t>(t, u.data(), dst + done * 4, count, threads);
    else cpu::alias_map<std::uint32_t>(t, u.data(), dst + done * 4, count, threads);
    done += count;
  }
}

// CUDA backend, device or managed memory of one device: the uniforms and the map kernel on the
// generator's stream, without synchronising (as every device call).
void fill_on_device(GeneratorImpl& g, const DiscreteTableImpl& table, ValueType type, void* out, std::size_t n,
                    int device) {
  cuda::DeviceGuard guard(device);
  const core::dist::AliasTableView on_device = table.device_view();
  const Request uniform = dists::make_request(Distribution::uniform, ValueType::f64, nullptr, 0);
  // The uniforms go straight to the engine's device generate: the 32-bit path's scratch comes from
  // cudaMallocAsync, which under stream capture is not yet memory that cudaPointerGetAttributes
  // knows, so generate_here's pointer check would send it down the host-memory path.
  cuda::discrete_fill(on_device, type, out, n, chunk_for(g, n, kDeviceChunk), g.ctx_.stream,
                      [&](double* u, std::size_t count) { g.engine_->generate(uniform, u, count, g.ctx_); });
}

void check_value_type(ValueType t) {
  if (t != ValueType::i32 && t != ValueType::i64 && t != ValueType::u32 && t != ValueType::u64) {
    throw Error(Status::invalid_argument, "generate_discrete: value type " + std::to_string(static_cast<int>(t)) +
                                              " is not one of int32, int64, uint32, uint64 (ValueType i32, i64, u32, u64)");
  }
}

}  // namespace

void generate_discrete(GeneratorImpl& g, const DiscreteTableImpl& table, ValueType type, void* out, std::size_t n) {
  check_value_type(type);
  if (n == 0) return;
  if (out == nullptr) throw Error(Status::invalid_argument, "out: null pointer with count " + std::to_string(n));
  const bool several = !g.devices().empty();
  const cuda::PointerInfo where = cuda::pointer_info(out);
  // The uniform call checks its own buffer, but the scratch of 32-bit values hides `out` from it.
  if (where.kind == cuda::MemoryKind::device && (g.backend() != Backend::cuda || several)) {
    throw Error(Status::invalid_argument,
                several ? std::string("out: points to CUDA device memory, but generate_discrete over several devices() "
                                      "writes host or managed memory")
                        : std::string("out: points to CUDA device memory, but the generator's backend is ") +
                              backend_name(g.backend()));
  }
  // 32-bit values come in chunks, each its own uniform call: refuse a call past the end of the
  // sequence before any chunk is written, as one uniform call would. (With D > 1 it is one call.)
  if (g.engine_->values_per_position() == 1 && n > g.engine_->remaining()) {
    throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " values from offset " +
                                              std::to_string(g.engine_->offset()) + " pass the end of the addressable " +
                                              engine_info(g.id()).name + " sequence (at most " +
                                              std::to_string(g.engine_->remaining()) + " from this offset)");
  }
  const std::uint64_t saved_offset = g.engine_->offset();
  try {
    const auto host = [&] { fill_on_host(g, table.host_view(), type, out, n); };
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
                 fill_on_device(g, table, type, out, n, g.cuda_device());
               },
               host);
  } catch (...) {
    g.engine_->set_offset(saved_offset);
    throw;
  }
}

}  // namespace detail

// ---- Generator ------------------------------------------------------------------------------------

void Generator::generate_discrete(const DiscreteTable& table, ValueType t, void* out, std::size_t n) {
  detail::generate_discrete(impl(), table.impl(), t, out, n);
}
void Generator::generate_discrete(const DiscreteTable& table, std::int32_t* out, std::size_t n) {
  generate_discrete(table, ValueType::i32, out, n);
}
void Generator::generate_discrete(const DiscreteTable& table, std::int64_t* out, std::size_t n) {
  generate_discrete(table, ValueType::i64, out, n);
}
void Generator::generate_discrete(const DiscreteTable& table, std::uint32_t* out, std::size_t n) {
  generate_discrete(table, ValueType::u32, out, n);
}
void Generator::generate_discrete(const DiscreteTable& table, std::uint64_t* out, std::size_t n) {
  generate_discrete(table, ValueType::u64, out, n);
}

}  // namespace gpurng
