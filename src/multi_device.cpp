// Several devices in one process: the part generators, the split, the threads (multi_device.hpp).
#include "multi_device.hpp"

#include <cstring>
#include <exception>
#include <string>
#include <thread>

#include "cuda/device_select.hpp"
#include "generator_impl.hpp"
#include "gpurng/partition.hpp"

namespace gpurng::detail {

DeviceSet::DeviceSet(std::vector<int> devices) : devices_(std::move(devices)) {}
DeviceSet::~DeviceSet() = default;

std::uint64_t DeviceSet::positions_of(const GeneratorImpl& primary, std::size_t n) const {
  const EngineImpl& e = *primary.engine_;
  const std::uint32_t d = e.values_per_position();
  if (n % d != 0) {
    throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " values is not a multiple of the " +
                                              std::to_string(d) + " dimensions (" + engine_info(e.id()).name +
                                              " returns whole points, dimension-major)");
  }
  if (n > e.remaining()) {
    throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " values from offset " +
                                              std::to_string(e.offset()) + " pass the end of the addressable " +
                                              engine_info(e.id()).name + " sequence (at most " +
                                              std::to_string(e.remaining()) + " from this offset)");
  }
  return n / d;
}

void DeviceSet::sync(const GeneratorImpl& primary) {
  if (!parts_.empty() && synced_epoch_ == primary.epoch()) return;
  // Release the old part generators first: each frees its workspaces on its own device.
  parts_.clear();
  const std::vector<std::uint8_t> state = primary.state_bytes();
  std::vector<std::unique_ptr<GeneratorImpl>> parts;
  for (int device : devices_) {
    auto g = std::make_unique<GeneratorImpl>(primary.id(), primary.backend());
    if (primary.backend() == Backend::cuda) g->set_cuda_device(device);
    g->restore(state.data(), state.size(), LoadLimits());
    parts.push_back(std::move(g));
  }
  parts_ = std::move(parts);
  synced_epoch_ = primary.epoch();
}

template <class F>
void DeviceSet::run_parts(F&& body) {
  const std::size_t count = parts_.size();
  std::vector<std::exception_ptr> errors(count);
  auto run = [&](std::size_t k) {
    try {
      body(k);
    } catch (...) {
      errors[k] = std::current_exception();
    }
  };
  if (count == 1) {
    run(0);
  } else {
    // Part 0 on the calling thread, each further part on a thread of its own: a device's work (its
    // kernels, its copies to host memory, the host-side jump of its offset) overlaps the others'.
    std::vector<std::thread> threads;
    threads.reserve(count - 1);
    try {
      for (std::size_t k = 1; k < count; ++k) threads.emplace_back(run, k);
    } catch (...) {  // no thread for some part: finish the started ones, then report
      for (std::thread& t : threads) t.join();
      throw Error(Status::internal_error, "devices: cannot start a host thread per device");
    }
    run(0);
    for (std::thread& t : threads) t.join();
  }
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

void DeviceSet::generate(GeneratorImpl& primary, const Request& req, void* out, std::size_t n) {
  if (primary.backend() == Backend::cuda && cuda::memory_kind(out) == cuda::MemoryKind::device) {
    throw Error(Status::invalid_argument,
                "out: points to CUDA device memory, but the generator runs on several devices; give host or managed "
                "memory, or one buffer per device (generate_per_device)");
  }
  const std::uint64_t positions = positions_of(primary, n);
  sync(primary);
  const std::uint64_t base = primary.engine_->offset();
  const std::uint32_t d = primary.engine_->values_per_position();
  const std::size_t size = value_size(req.type);
  auto* bytes = static_cast<unsigned char*>(out);
  run_parts([&](std::size_t k) {
    BlockPart p{};
    GeneratorImpl* const part = ready_part(primary, base, positions, k, p);
    if (part == nullptr) return;
    GeneratorImpl& g = *part;
    if (d == 1) {
      g.generate_here(req, bytes + p.first * size, static_cast<std::size_t>(p.count));
      return;
    }
    // D > 1: the part is its points of every dimension, dimension-major over the part; in the call's
    // output, dimension j of those points is the stretch out[j * positions + first ...].
    std::vector<unsigned char> block(static_cast<std::size_t>(p.count * d) * size);
    g.generate_here(req, block.data(), static_cast<std::size_t>(p.count * d));
    for (std::uint32_t j = 0; j < d; ++j) {
      std::memcpy(bytes + (j * positions + p.first) * size, block.data() + j * p.count * size,
                  static_cast<std::size_t>(p.count) * size);
    }
  });
  primary.engine_->set_offset(base + positions);
}

GeneratorImpl* DeviceSet::ready_part(const GeneratorImpl& primary, std::uint64_t base, std::uint64_t positions,
                                     std::size_t k, BlockPart& p) {
  p = block_part(positions, parts_.size(), k);
  if (p.count == 0) return nullptr;
  GeneratorImpl& g = *parts_[k];
  g.ctx_.cuda_blocks = primary.ctx_.cuda_blocks;
  g.ctx_.cpu_threads = primary.ctx_.cpu_threads;
  g.engine_->set_offset(base + p.first);
  return &g;
}

void DeviceSet::generate_per_device(GeneratorImpl& primary, const Request& req, void* const* outs, std::size_t n) {
  if (outs == nullptr) throw Error(Status::invalid_argument, "outs: null pointer (one buffer per device expected)");
  const std::uint64_t positions = positions_of(primary, n);
  const std::uint32_t d = primary.engine_->values_per_position();
  for (std::size_t k = 0; k < devices_.size(); ++k) {
    const BlockPart p = block_part(positions, devices_.size(), k);
    if (p.count == 0) continue;
    const std::string name = "outs[" + std::to_string(k) + "]";
    if (outs[k] == nullptr) {
      throw Error(Status::invalid_argument, name + ": null pointer for the " + std::to_string(p.count * d) +
                                                " values of part " + std::to_string(k));
    }
    if (primary.backend() != Backend::cuda) continue;
    const cuda::PointerInfo where = cuda::pointer_info(outs[k]);
    if (where.kind == cuda::MemoryKind::device && where.device != devices_[k]) {
      throw Error(Status::invalid_argument, name + ": device memory of CUDA device " + std::to_string(where.device) +
                                                ", but part " + std::to_string(k) + " runs on device " +
                                                std::to_string(devices_[k]) + " (devices()[" + std::to_string(k) + "])");
    }
  }
  if (n == 0) return;
  sync(primary);
  const std::uint64_t base = primary.engine_->offset();
  run_parts([&](std::size_t k) {
    BlockPart p{};
    GeneratorImpl* const g = ready_part(primary, base, positions, k, p);
    if (g == nullptr) return;
    g->generate_here(req, outs[k], static_cast<std::size_t>(p.count * d));
    g->synchronize();
  });
  primary.engine_->set_offset(base + positions);
}

}  // namespace gpurng::detail
