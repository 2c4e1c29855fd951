// Shared by the extension's source files: the locked gpurng::Generator that Python objects hold,
// and the one dispatch from (distribution, element type) to the library's generate_* calls, used by
// every kind of output (NumPy buffers, CUDA array interface, DLPack, gpurng's own device arrays).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>

#include "gpurng/gpurng.hpp"

namespace gpurng_py {

namespace py = pybind11;

// The element types an output may have; anything else is refused before the library sees it.
enum class ValueType { u32, u64, f32, f64 };

// "<u4", "<u8", "<f4", "<f8" (NumPy typestr, as __cuda_array_interface__ gives it); throws
// TypeError naming `what` for any other.
ValueType value_type_from_typestr(const std::string& typestr, const std::string& what);
const char* value_type_name(ValueType t) noexcept;  // "uint32", ... "float64"
std::size_t value_size(ValueType t) noexcept;

gpurng::Backend parse_backend(const std::string& s);

// gpurng::Generator with a lock: a Python object may be shared between threads, and fills run
// without the GIL.
class PyGenerator {
 public:
  PyGenerator(const std::string& engine, const std::string& backend);

  std::string engine() const { return gpurng::engine_info(g_.engine()).name; }
  unsigned bits_width() const { return gpurng::engine_info(g_.engine()).bits_width; }
  std::string backend() const { return gpurng::backend_name(g_.backend()); }
  const std::string& requested_backend() const { return requested_backend_; }

  template <class F>
  auto locked(F&& f) {
    std::lock_guard<std::mutex> lock(mutex_);
    return f(g_);
  }
  // A long call: the GIL is released while the library works (the array stays referenced by the
  // caller's frame).
  template <class F>
  void unlocked_gil(F&& f) {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    f(g_);
  }

 private:
  std::string requested_backend_;
  std::mutex mutex_;
  gpurng::Generator g_;
};

// Writes n values of `dist` (bits, uniform, normal, exponential, lognormal) with parameters p0, p1
// (converted to float for float32 output, as the CLI's --precision float does) at `ptr`, which is
// host memory or, on the CUDA backend, device memory. Throws TypeError for a type that cannot hold
// the distribution (bits into floats, uniforms into integers, a width the engine does not have).
void generate(gpurng::Generator& g, const std::string& dist, ValueType type, void* ptr, std::size_t n, double p0,
              double p1);

// As generate(), on the CUDA backend, ordered on `stream` (the generator's own stream is restored
// afterwards). Refuses a generator whose backend is not CUDA (ValueError naming the backend).
void generate_on_stream(PyGenerator& self, const std::string& dist, ValueType type, void* ptr, std::size_t n,
                        double p0, double p1, CUstream_st* stream);

// Registration of the parts that live in their own files.
void register_dlpack_view(py::module_& m);
void register_device_array(py::module_& m);
void register_bit_generator(py::module_& m);

}  // namespace gpurng_py
