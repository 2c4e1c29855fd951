// The generator front end behind gpurng::Generator: backend resolution, argument checks, memory
// kinds, the device a CUDA generator runs on, and the hand-over to the multi-device layer
// (multi_device.hpp). Declared here rather than inside generator.cpp because the multi-device layer
// holds one GeneratorImpl per device, and the tests drive that layer with CPU generators standing in
// for devices (a CPU build has none).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "cuda/device_select.hpp"
#include "engine_impl.hpp"

namespace gpurng::detail {

class DeviceSet;

class GeneratorImpl {
 public:
  GeneratorImpl(Engine e, Backend requested);
  ~GeneratorImpl();  // releases the engine's device workspaces on the generator's device
  GeneratorImpl(const GeneratorImpl&) = delete;
  GeneratorImpl& operator=(const GeneratorImpl&) = delete;

  static Backend resolve(Backend b);

  Engine id() const { return engine_->id(); }
  Backend backend() const { return ctx_.backend; }

  // Anything that changes what the sequence is (seeding, stream selection, engine options): f(engine)
  // runs on the generator's device, since an engine releases its device workspaces when reseeded,
  // and the part generators of later multi-device calls are made again from the new state.
  template <class F>
  void configure(F&& f) {
    cuda::DeviceGuard guard(active_device());
    f(*engine_);
    ++epoch_;
  }
  // Counts the changes made through configure() and restore(); a multi-device call compares it with
  // the count its part generators were made at.
  std::uint64_t epoch() const { return epoch_; }

  // n values at the offset into out, on this generator's device, or split over devices() when a
  // list is set. Moves the offset by n; a failed call leaves it unchanged.
  void generate(const Request& req, void* out, std::size_t n);
  // Part k of n values into outs[k] (devices() must be set); see Generator::generate_per_device.
  void generate_per_device(const Request& req, void* const* outs, std::size_t n);
  // One device (or the CPU): no split, whatever devices() says. The multi-device layer calls it on
  // each part generator.
  void generate_here(const Request& req, void* out, std::size_t n);
  // OpenCL backend: n values into an OpenCL buffer (Generator::generate with an OpenclBuffer).
  void generate_opencl(const Request& req, OpenclBuffer out, std::size_t n);
  // CUDA backend: waits for the work of this generator's stream on its device.
  void synchronize();

  // The CUDA device (-1 until chosen or first needed); moving to another one keeps the state and
  // releases the workspaces on the old device. Callers check the index (Generator::cuda_device).
  void set_cuda_device(int device);
  int cuda_device() const { return device_; }
  // Several devices; callers check the list (Generator::devices), the tests pass CPU "devices".
  void set_devices(const std::vector<int>& list);
  std::vector<int> devices() const;

  std::vector<std::uint8_t> state_bytes() const;
  void restore(const std::uint8_t* data, std::size_t size, const LoadLimits& limits);

  std::unique_ptr<EngineImpl> engine_;
  ExecContext ctx_{};

 private:
  void check_bits_width(ValueType t) const;
  // The device to make current for engine calls: this generator's, if it runs on CUDA and has one.
  int active_device() const { return ctx_.backend == Backend::cuda ? device_ : -1; }
  // CUDA backend: the generator's device, taken from the caller's current device the first time.
  int bind_device();

  int device_ = -1;
  std::uint64_t epoch_ = 0;
  std::unique_ptr<DeviceSet> multi_;  // set while devices() is not empty
};

}  // namespace gpurng::detail
