// NVML through dlopen: only the handful of entry points the benchmark reads, declared from NVML's
// documented C API (nvmlReturn_t is an int-sized enum, 0 = success; nvmlDevice_t is a pointer).
#include "nvml_power.hpp"

#include <dlfcn.h>

#include <chrono>

namespace gpurng::cli::bench {

struct Nvml::Api {
  using Ret = int;
  Ret (*init)() = nullptr;
  Ret (*shutdown)() = nullptr;
  Ret (*by_pci)(const char*, void**) = nullptr;
  Ret (*power)(void*, unsigned*) = nullptr;
  Ret (*energy)(void*, unsigned long long*) = nullptr;
  Ret (*limit)(void*, unsigned*) = nullptr;
  Ret (*driver)(char*, unsigned) = nullptr;
  const char* (*error_string)(Ret) = nullptr;
};

namespace {
template <class F>
bool load(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  return f != nullptr;
}
}  // namespace

Nvml::Nvml(const std::string& pci_bus_id) {
  lib_ = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib_ == nullptr) {
    note_ = "NVML unavailable (libnvidia-ml.so.1 not found): no energy figures";
    return;
  }
  api_ = new Api;
  Api& a = *api_;
  if (!load(lib_, "nvmlInit_v2", a.init) || !load(lib_, "nvmlShutdown", a.shutdown) ||
      !load(lib_, "nvmlDeviceGetHandleByPciBusId_v2", a.by_pci) || !load(lib_, "nvmlDeviceGetPowerUsage", a.power)) {
    note_ = "NVML library lacks the power entry points: no energy figures";
    return;
  }
  load(lib_, "nvmlDeviceGetTotalEnergyConsumption", a.energy);
  load(lib_, "nvmlDeviceGetEnforcedPowerLimit", a.limit);
  load(lib_, "nvmlSystemGetDriverVersion", a.driver);
  load(lib_, "nvmlErrorString", a.error_string);
  auto why = [&](int r) { return a.error_string != nullptr ? std::string(a.error_string(r)) : "status " + std::to_string(r); };
  if (const int r = a.init(); r != 0) {
    note_ = "NVML initialisation failed (" + why(r) + "): no energy figures";
    a.init = nullptr;
    return;
  }
  void* dev = nullptr;
  if (const int r = a.by_pci(pci_bus_id.c_str(), &dev); r != 0) {
    note_ = "NVML does not know device " + pci_bus_id + " (" + why(r) + "): no energy figures";
    return;
  }
  unsigned mw = 0;
  if (const int r = a.power(dev, &mw); r != 0) {
    note_ = "NVML cannot read this board's power (" + why(r) + "): no energy figures";
    return;
  }
  device_ = dev;
  unsigned long long mj = 0;
  note_ = energy_mj(&mj) ? "board energy counter (nvmlDeviceGetTotalEnergyConsumption) over each window; "
                           "mean of 5 ms power samples (nvmlDeviceGetPowerUsage) reported beside it"
                         : "mean of 5 ms power samples (nvmlDeviceGetPowerUsage) x window length";
}

Nvml::~Nvml() {
  if (api_ != nullptr && api_->init != nullptr && api_->shutdown != nullptr) api_->shutdown();
  delete api_;
  if (lib_ != nullptr) dlclose(lib_);
}

std::string Nvml::driver_version() const {
  if (api_ == nullptr || api_->driver == nullptr || api_->init == nullptr) return "";
  char buf[96] = {};
  return api_->driver(buf, sizeof buf) == 0 ? std::string(buf) : "";
}

double Nvml::power_limit_w() const {
  unsigned mw = 0;
  if (!available() || api_->limit == nullptr || api_->limit(device_, &mw) != 0) return 0.0;
  return mw / 1000.0;
}

bool Nvml::power_mw(unsigned* mw) const { return available() && api_->power(device_, mw) == 0; }

bool Nvml::energy_mj(unsigned long long* mj) const {
  return device_ != nullptr && api_->energy != nullptr && api_->energy(device_, mj) == 0;
}

PowerSampler::PowerSampler(const Nvml& nvml) : nvml_(nvml) {
  thread_ = std::thread([this] {
    while (running_.load()) {
      unsigned mw = 0;
      if (nvml_.power_mw(&mw)) {
        sum_w_ += mw / 1000.0;
        ++samples_;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  });
}

PowerSampler::~PowerSampler() { stop(); }

double PowerSampler::stop() {
  running_.store(false);
  if (thread_.joinable()) thread_.join();
  return samples_ > 0 ? sum_w_ / static_cast<double>(samples_) : 0.0;
}

}  // namespace gpurng::cli::bench
