// The device-side workspace of the families that keep state between calls (mt19937.cu, dcmt_generate.cuh;
// sobol.cu uses its pieces for its direction-number table): a private upload stream, device tables
// cached per key with the least recently used one retired, a list of retired buffers, buffers that
// grow by replacement, and the event that orders a call after the previous one when the caller
// changed streams. Each family's workspace derives from DeviceWorkspace and keeps only what is its
// own (windows, block states, speculation, parameter sets, ...).
//
// Why it is built this way:
// - Set-up work (a table, polynomials, fresh buffers) is made eagerly on the private stream and
//   synchronised there, under RelaxedCapture (relaxed_capture.cuh): it is not part of the caller's
//   (possibly captured) work, and the caller's stream never waits for the host.
// - Memory that a call in flight may still read (a replaced buffer, an evicted table) is retired,
//   not freed: cudaFree would synchronise the device. Retired memory is freed with the workspace.
// - A workspace's buffers are reused by every call, on whichever stream it comes, so a call on
//   another stream than the previous one first waits for the previous call's event. A call being
//   captured neither waits nor records: it keeps nothing for the next call.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "cuda/check.cuh"
#include "cuda/relaxed_capture.cuh"

namespace gpurng::detail::cuda {

// Device memory that a call in flight may still read: freed with its owner (cudaFree would
// synchronise).
class RetiredBuffers {
 public:
  RetiredBuffers() = default;
  RetiredBuffers(const RetiredBuffers&) = delete;
  RetiredBuffers& operator=(const RetiredBuffers&) = delete;
  ~RetiredBuffers() {
    for (void* p : retired_) cudaFree(p);
  }

  void retire(void* p) {
    if (p != nullptr) retired_.push_back(p);
  }

 private:
  std::vector<void*> retired_;
};

// A private non-blocking stream for the owner's set-up work, synchronised before its results are used.
class PrivateStream {
 public:
  PrivateStream() = default;
  PrivateStream(const PrivateStream&) = delete;
  PrivateStream& operator=(const PrivateStream&) = delete;
  ~PrivateStream() {
    if (stream_ != nullptr) cudaStreamDestroy(stream_);
  }

  // Creates the stream unless it exists.
  void create() {
    if (stream_ == nullptr) check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  }
  cudaStream_t get() const { return stream_; }

  // A fresh device allocation (at least 4 bytes) holding `bytes` of host memory, complete before
  // this returns. alloc_what names a failed allocation, copy_what a failed copy.
  void* upload(const void* host, std::size_t bytes, const char* alloc_what, const char* copy_what) {
    RelaxedCapture relaxed;
    void* d = nullptr;
    check(cudaMalloc(&d, std::max<std::size_t>(bytes, 4)), alloc_what);
    const cudaError_t copied = cudaMemcpyAsync(d, host, bytes, cudaMemcpyHostToDevice, stream_);
    const cudaError_t synced = copied == cudaSuccess ? cudaStreamSynchronize(stream_) : copied;
    if (synced != cudaSuccess) {
      cudaFree(d);
      check(synced, copy_what);
    }
    return d;
  }
  void* upload(const void* host, std::size_t bytes, const char* what) { return upload(host, bytes, what, what); }

  // K fresh buffers of `bytes` each, all or none (a failure frees those made and throws, naming
  // `what`). With `zero`, they are zeroed on this stream, complete before this returns.
  template <class T, std::size_t K>
  void allocate(T* (&fresh)[K], std::size_t bytes, bool zero, const char* what) {
    RelaxedCapture relaxed;
    cudaError_t made = cudaSuccess;
    for (T*& p : fresh) {
      if (made == cudaSuccess) made = cudaMalloc(&p, bytes);
      if (zero && made == cudaSuccess) made = cudaMemsetAsync(p, 0, bytes, stream_);
    }
    if (zero && made == cudaSuccess) made = cudaStreamSynchronize(stream_);
    if (made != cudaSuccess) {
      for (T* p : fresh) cudaFree(p);
      check(made, what);
    }
  }

 private:
  cudaStream_t stream_ = nullptr;
};

// Device tables (polynomials, ...) kept per key, at most `capacity` of them: adding one beyond that
// retires the least recently used. An entry's `count` is the caller's (how many items it holds).
template <class Key, class T>
class DeviceTableCache {
 public:
  struct Entry {
    T* data;
    unsigned count;
    std::uint64_t last_use;
  };

  DeviceTableCache(std::size_t capacity, RetiredBuffers& retired) : capacity_(capacity), retired_(retired) {}
  DeviceTableCache(const DeviceTableCache&) = delete;
  DeviceTableCache& operator=(const DeviceTableCache&) = delete;
  ~DeviceTableCache() {
    for (auto& kv : tables_) cudaFree(kv.second.data);
  }

  // The entry of key, or nullptr; looking does not count as a use.
  Entry* find(const Key& key) {
    const auto it = tables_.find(key);
    return it == tables_.end() ? nullptr : &it->second;
  }

  // Marks the entry as just used.
  T* use(Entry& e) {
    e.last_use = ++clock_;
    return e.data;
  }

  // Keeps `data` as key's table, replacing (and retiring) the key's previous one if any.
  T* put(const Key& key, T* data, unsigned count = 0) {
    const auto it = tables_.find(key);
    if (it != tables_.end()) {
      retired_.retire(it->second.data);  // a call in flight may still read it
      tables_.erase(it);
    }
    if (tables_.size() >= capacity_) {
      const auto oldest = std::min_element(tables_.begin(), tables_.end(), [](const auto& x, const auto& y) {
        return x.second.last_use < y.second.last_use;
      });
      retired_.retire(oldest->second.data);
      tables_.erase(oldest);
    }
    tables_[key] = Entry{data, count, ++clock_};
    return data;
  }

 private:
  std::size_t capacity_;
  RetiredBuffers& retired_;
  std::map<Key, Entry> tables_;
  std::uint64_t clock_ = 0;
};

// What every stateful family's workspace holds: its device and that device's multiprocessors, the
// upload stream, the retired buffers and the ordering of calls. It belongs to the device that was
// current when init() ran.
class DeviceWorkspace {
 public:
  DeviceWorkspace() = default;
  DeviceWorkspace(const DeviceWorkspace&) = delete;
  DeviceWorkspace& operator=(const DeviceWorkspace&) = delete;
  ~DeviceWorkspace() {
    if (event_ != nullptr) cudaEventDestroy(event_);
  }

  void init() {
    RelaxedCapture relaxed;
    check(cudaGetDevice(&device_), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&sms_, cudaDevAttrMultiProcessorCount, device_), "cudaDeviceGetAttribute");
    upload_.create();
    check(cudaEventCreateWithFlags(&event_, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  }

  int device() const { return device_; }
  int sms() const { return sms_; }

  // Orders this call after the previous one when the caller changed streams.
  void follow_previous(cudaStream_t stream, bool capturing) {
    if (!capturing && have_event_ && stream != last_stream_) {
      check(cudaStreamWaitEvent(stream, event_, 0), "cudaStreamWaitEvent");
    }
  }
  // Called at the end of every call that is not being captured.
  void record(cudaStream_t stream) {
    check(cudaEventRecord(event_, stream), "cudaEventRecord");
    have_event_ = true;
    last_stream_ = stream;
  }

 protected:
  // Puts fresh buffers in place of the current ones, retiring those (a kernel in flight may still
  // use them).
  template <class T, std::size_t K>
  void replace(T* (&current)[K], T* const (&fresh)[K]) {
    for (std::size_t i = 0; i < K; ++i) {
      retired_.retire(current[i]);
      current[i] = fresh[i];
    }
  }

  // Declared first: the tables and buffers below may retire into it until the workspace goes.
  RetiredBuffers retired_;
  PrivateStream upload_;

 private:
  int device_ = 0;
  int sms_ = 1;
  cudaEvent_t event_ = nullptr;
  bool have_event_ = false;
  cudaStream_t last_stream_ = nullptr;
};

}  // namespace gpurng::detail::cuda
