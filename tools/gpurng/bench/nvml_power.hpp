// Board power and energy from NVML, loaded at run time with dlopen: libnvidia-ml.so.1 ships with
// the NVIDIA driver, not the toolkit, so linking it would stop `gpurng` from starting on a machine
// without the driver (CI builds the CUDA code on such machines). When the library, the device or
// a reading is unavailable, available() is false and note() says why; nothing fails.
#pragma once

#include <atomic>
#include <string>
#include <thread>

namespace gpurng::cli::bench {

class Nvml {
 public:
  // pci_bus_id: the CUDA device's PCI bus id (cudaDeviceGetPCIBusId), so that NVML reads the same
  // board whatever CUDA_VISIBLE_DEVICES does to device numbering.
  explicit Nvml(const std::string& pci_bus_id);
  ~Nvml();
  Nvml(const Nvml&) = delete;
  Nvml& operator=(const Nvml&) = delete;

  bool available() const { return device_ != nullptr; }
  const std::string& note() const { return note_; }
  std::string driver_version() const;  // empty when unknown
  double power_limit_w() const;        // 0 when unknown
  bool power_mw(unsigned* mw) const;
  bool energy_mj(unsigned long long* mj) const;  // total since the driver loaded (Volta and later)

 private:
  void* lib_ = nullptr;
  void* device_ = nullptr;  // nvmlDevice_t
  std::string note_;
  struct Api;
  Api* api_ = nullptr;
};

// Polls the board power every 5 ms on a thread between construction and stop().
class PowerSampler {
 public:
  explicit PowerSampler(const Nvml& nvml);
  ~PowerSampler();
  double stop();  // mean watts over the samples (0 if none)

 private:
  const Nvml& nvml_;
  std::atomic<bool> running_{true};
  double sum_w_ = 0;
  long samples_ = 0;
  std::thread thread_;
};

}  // namespace gpurng::cli::bench
