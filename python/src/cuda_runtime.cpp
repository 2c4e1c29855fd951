// See cuda_runtime.hpp. GPURNG_PYTHON_CUDA (0 or 1) says whether the CUDA runtime is linked.
#include "cuda_runtime.hpp"

#include <cstdint>
#include <string>

#include "gpurng/gpurng.hpp"

#if GPURNG_PYTHON_CUDA
#include <cuda_runtime_api.h>
#endif

namespace gpurng_py::cuda {

CUstream_st* stream_from_int(unsigned long long s) noexcept {
  if (s == 0 || s == 1) return nullptr;
  return reinterpret_cast<CUstream_st*>(static_cast<std::uintptr_t>(s));
}

unsigned long long stream_to_int(CUstream_st* s) noexcept {
  return s == nullptr ? 1ull : static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(s));
}

#if GPURNG_PYTHON_CUDA

namespace {

void check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  (void)cudaGetLastError();  // clear a sticky status
  const std::string text = std::string(what) + ": " + cudaGetErrorString(e);
  if (e == cudaErrorMemoryAllocation) throw gpurng::Error(gpurng::Status::out_of_memory, text);
  if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver) throw gpurng::Error(gpurng::Status::no_device, text);
  throw gpurng::Error(gpurng::Status::cuda_error, text);
}

// Makes `device` current for a scope (none for -1 or the device already current) and restores the
// caller's device after, so that a call on another device leaves the thread as it found it.
class DeviceScope {
 public:
  explicit DeviceScope(int device) {
    if (device < 0) return;
    check(cudaGetDevice(&previous_), "cudaGetDevice");
    if (previous_ == device) return;
    check(cudaSetDevice(device), "cudaSetDevice");
    switched_ = true;
  }
  ~DeviceScope() {
    if (switched_ && cudaSetDevice(previous_) != cudaSuccess) (void)cudaGetLastError();
  }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int previous_ = -1;
  bool switched_ = false;
};

}  // namespace

bool linked() noexcept { return true; }

int current_device() {
  int d = 0;
  check(cudaGetDevice(&d), "cudaGetDevice");
  return d;
}

void* allocate(std::size_t bytes, int device) {
  void* p = nullptr;
  if (bytes == 0) return nullptr;
  const DeviceScope scope(device);
  check(cudaMalloc(&p, bytes), "cudaMalloc");
  return p;
}

// cudaFree waits for the device: a consumer's kernels still reading the memory finish first.
// Errors (e.g. at interpreter exit, after the runtime has shut down) are ignored: nothing to do.
void release(void* p, int device) noexcept {
  if (p == nullptr) return;
  try {
    const DeviceScope scope(device);
    if (cudaFree(p) != cudaSuccess) (void)cudaGetLastError();
  } catch (...) {  // the device could not be made current: nothing more can be done here
  }
}

void order_after(CUstream_st* consumer, CUstream_st* producer, int device) {
  if (consumer == producer) return;
  const DeviceScope scope(device);
  cudaEvent_t ev = nullptr;
  check(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  cudaError_t e = cudaEventRecord(ev, producer);
  if (e == cudaSuccess) e = cudaStreamWaitEvent(consumer, ev, 0);
  (void)cudaEventDestroy(ev);  // released once the wait is done
  check(e, "ordering one CUDA stream after another (cudaEventRecord, cudaStreamWaitEvent)");
}

void synchronize(CUstream_st* stream, int device) {
  const DeviceScope scope(device);
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
}

void copy_to_host(void* host, const void* src, std::size_t bytes, CUstream_st* stream, int device) {
  if (bytes == 0) return;
  const DeviceScope scope(device);
  check(cudaMemcpyAsync(host, src, bytes, cudaMemcpyDeviceToHost, stream), "cudaMemcpyAsync (device to host)");
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
}

#else  // GPURNG_PYTHON_CUDA

namespace {

[[noreturn]] void absent() {
  throw gpurng::Error(gpurng::Status::no_device,
                      "gpurng's Python module was built without the CUDA runtime (no CUDA toolkit at build time)");
}

}  // namespace

bool linked() noexcept { return false; }
int current_device() { absent(); }
void* allocate(std::size_t, int) { absent(); }
void release(void*, int) noexcept {}
void order_after(CUstream_st*, CUstream_st*, int) { absent(); }
void synchronize(CUstream_st*, int) { absent(); }
void copy_to_host(void*, const void*, std::size_t, CUstream_st*, int) { absent(); }

#endif  // GPURNG_PYTHON_CUDA

}  // namespace gpurng_py::cuda
