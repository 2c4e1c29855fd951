// See cuda_runtime.hpp. GPURNG_PYTHON_CUDA (0 or 1) says whether the CUDA runtime is linked.
#include "cuda_runtime.hpp"

#include <cstdint>
#include <map>
#include <mutex>
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

namespace {

// The extension's pool on `device` (made current by the caller), made at first use and kept: a
// release threshold of "everything" keeps freed blocks for reuse instead of returning them to the
// driver at each synchronisation (the default pool's threshold is 0).
cudaMemPool_t pool_of(int device) {
  static std::mutex mutex;
  static std::map<int, cudaMemPool_t> pools;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto it = pools.find(device);
  if (it != pools.end()) return it->second;
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  cudaMemPool_t pool = nullptr;
  check(cudaMemPoolCreate(&pool, &props), "cudaMemPoolCreate");
  std::uint64_t keep_all = ~std::uint64_t{0};
  const cudaError_t e = cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep_all);
  if (e != cudaSuccess) {
    (void)cudaMemPoolDestroy(pool);
    check(e, "cudaMemPoolSetAttribute (release threshold)");
  }
  pools.emplace(device, pool);
  return pool;
}

}  // namespace

void* allocate(std::size_t bytes, int device, CUstream_st* stream) {
  void* p = nullptr;
  if (bytes == 0) return nullptr;
  const DeviceScope scope(device);
  const int on = device < 0 ? current_device() : device;
  check(cudaMallocFromPoolAsync(&p, bytes, pool_of(on), stream), "cudaMallocFromPoolAsync");
  return p;
}

// Errors (e.g. at interpreter exit, after the runtime has shut down) are ignored: nothing to do.
void release(void* p, int device, CUstream_st* stream, const std::vector<CUstream_st*>& users) noexcept {
  if (p == nullptr) return;
  try {
    const DeviceScope scope(device);
    for (CUstream_st* u : users) {
      if (u != stream) order_after(stream, u, -1);
    }
    if (cudaFreeAsync(p, stream) != cudaSuccess) (void)cudaGetLastError();
  } catch (...) {  // the device could not be made current or an event failed: the block stays allocated
    (void)cudaGetLastError();
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
void* allocate(std::size_t, int, CUstream_st*) { absent(); }
void release(void*, int, CUstream_st*, const std::vector<CUstream_st*>&) noexcept {}
void order_after(CUstream_st*, CUstream_st*, int) { absent(); }
void synchronize(CUstream_st*, int) { absent(); }
void copy_to_host(void*, const void*, std::size_t, CUstream_st*, int) { absent(); }

#endif  // GPURNG_PYTHON_CUDA

}  // namespace gpurng_py::cuda
