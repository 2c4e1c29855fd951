// gpurng._gpurng: the Python extension module (pybind11). A thin front over the public host API
// (include/gpurng/gpurng.hpp) and nothing else: every value comes from gpurng::Generator, so Python
// output is the library's output, bit for bit. NumPy-style argument handling (size, dtype, out)
// lives in the pure-Python layer (python/gpurng/__init__.py); this file checks again what it must
// to never crash: the buffer's type, C-contiguity and writability.
//
// gpurng::Error becomes a Python exception carrying the library's message; each Status has its own
// class deriving from gpurng.Error and from the matching built-in (ValueError, OSError, ...).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cuda_runtime.hpp"
#include "device_layout.hpp"
#include "gpurng/gpurng.hpp"
#include "gpurng/partition.hpp"
#include "py_generator.hpp"

namespace py = pybind11;
using gpurng_py::PyGenerator;
using gpurng_py::ValueType;
using gpurng_py::generate;
using gpurng_py::generate_on_stream;
using gpurng_py::value_type_from_typestr;
namespace cuda = gpurng_py::cuda;

namespace {

// The exception classes, created once at import (module-lifetime references).
struct ErrorClasses {
  PyObject* base = nullptr;
  PyObject* invalid_argument = nullptr;
  PyObject* unsupported = nullptr;
  PyObject* no_device = nullptr;
  PyObject* cuda_error = nullptr;
  PyObject* out_of_memory = nullptr;
  PyObject* io_error = nullptr;
  PyObject* corrupt_state = nullptr;
  PyObject* internal_error = nullptr;
};
ErrorClasses g_errors;

PyObject* make_error_class(py::module_& m, const char* name, PyObject* base1, PyObject* base2, const char* doc) {
  const std::string qualified = std::string("gpurng.") + name;
  PyObject* bases = base2 ? PyTuple_Pack(2, base1, base2) : PyTuple_Pack(1, base1);
  if (!bases) throw py::error_already_set();
  PyObject* cls = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases, nullptr);
  Py_DECREF(bases);
  if (!cls) throw py::error_already_set();
  m.add_object(name, py::handle(cls));  // the module keeps a reference as well
  return cls;
}

PyObject* error_class(gpurng::Status s) {
  switch (s) {
    case gpurng::Status::invalid_argument: return g_errors.invalid_argument;
    case gpurng::Status::unsupported: return g_errors.unsupported;
    case gpurng::Status::no_device: return g_errors.no_device;
    case gpurng::Status::cuda_error: return g_errors.cuda_error;
    case gpurng::Status::out_of_memory: return g_errors.out_of_memory;
    case gpurng::Status::io_error: return g_errors.io_error;
    case gpurng::Status::corrupt_state: return g_errors.corrupt_state;
    default: return g_errors.internal_error;
  }
}

void set_library_error(const gpurng::Error& e) {
  PyObject* cls = error_class(e.status());
  PyObject* exc = PyObject_CallFunction(cls, "s", e.what());
  if (!exc) return;  // the call set its own error
  PyObject* status = PyUnicode_FromString(gpurng::status_name(e.status()));
  if (status) {
    PyObject_SetAttrString(exc, "status", status);
    Py_DECREF(status);
  }
  PyErr_SetObject(cls, exc);
  Py_DECREF(exc);
}

gpurng::Scramble parse_scramble(const std::string& s) {
  if (s == "none") return gpurng::Scramble::none;
  if (s == "shift") return gpurng::Scramble::digital_shift;
  if (s == "owen") return gpurng::Scramble::owen;
  throw gpurng::Error(gpurng::Status::invalid_argument, "scramble: '" + s + "' is not one of none, shift, owen");
}

gpurng::NormalMethod parse_normal_method(const std::string& s) {
  if (s == "box-muller") return gpurng::NormalMethod::box_muller;
  if (s == "icdf") return gpurng::NormalMethod::inverse_cdf;
  throw gpurng::Error(gpurng::Status::invalid_argument, "normal_method: '" + s + "' is not one of box-muller, icdf");
}

// What a fill may write into: a C-contiguous, writable, aligned buffer of one of the library's value
// types that the distribution is offered in. Anything else is refused before the library sees a
// pointer (TypeError for the type, ValueError for the layout).
// Read through the Python buffer protocol, not pybind11's numpy.h: Debian's pybind11 (2.10) reads
// NumPy's dtype structure directly, and NumPy 2 changed that structure, so dtype sizes read that way
// are wrong under NumPy 2 (the GPU machine's 2.5); the buffer protocol is the same for every NumPy.
// A type is matched by kind, size and native byte order (format 'f'/'d' or an integer code of the
// right size), not by identity (an unpickled float64 array has a dtype object of its own).
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr bool kLittleEndian = true;
#else
constexpr bool kLittleEndian = false;
#endif

// The value type of a buffer's elements; false for any other element type.
bool buffer_type(const Py_buffer& v, ValueType* t) {
  const char* f = v.format != nullptr ? v.format : "B";
  if (*f == '@' || *f == '=' || (*f == '<' && kLittleEndian)) ++f;
  if (f[0] == '\0' || f[1] != '\0') return false;
  if (*f == 'e' && v.itemsize == 2) {  // IEEE binary16
    *t = ValueType::f16;
    return true;
  }
  if (v.itemsize != 4 && v.itemsize != 8) return false;
  const bool wide = v.itemsize == 8;
  if (std::string("BHILQ").find(*f) != std::string::npos) {
    *t = wide ? ValueType::u64 : ValueType::u32;
  } else if (std::string("bhilq").find(*f) != std::string::npos) {
    *t = wide ? ValueType::i64 : ValueType::i32;
  } else if (*f == (wide ? 'd' : 'f')) {
    *t = wide ? ValueType::f64 : ValueType::f32;
  } else {
    return false;
  }
  return true;
}

std::string dtype_text(const py::handle& a) {
  if (py::hasattr(a, "dtype")) return py::str(a.attr("dtype"));
  return py::str(py::type::of(a).attr("__name__"));
}

// The types a distribution is offered in, for messages: "float32, float64".
std::string offered_text(gpurng::Distribution d) {
  const unsigned bits = gpurng::distribution_info(d).value_types;
  std::string text;
  for (ValueType t : {ValueType::u32, ValueType::u64, ValueType::f32, ValueType::f64, ValueType::i32, ValueType::i64,
                      ValueType::f16}) {
    if ((bits >> static_cast<int>(t) & 1u) != 0) text += (text.empty() ? "" : ", ") + std::string(gpurng_py::value_type_name(t));
  }
  return text;
}

// A held buffer view of `out` (released on destruction).
class View {
 public:
  View(const py::object& out, const char* what) {
    if (PyObject_GetBuffer(out.ptr(), &v_, PyBUF_RECORDS_RO) != 0) {
      PyErr_Clear();
      throw py::type_error(std::string(what) + ": out must be an array (a NumPy array or another object with the "
                                               "buffer protocol), got " + dtype_text(out));
    }
  }
  ~View() { PyBuffer_Release(&v_); }
  View(const View&) = delete;
  View& operator=(const View&) = delete;
  const Py_buffer& get() const { return v_; }

 private:
  Py_buffer v_{};
};

// The buffer's element type, checked to be one the distribution is offered in, and its layout.
ValueType checked_buffer(const py::object& a, const View& view, gpurng::Distribution d, const char* what) {
  const Py_buffer& v = view.get();
  ValueType t = ValueType::f64;
  if (!buffer_type(v, &t) || (gpurng::distribution_info(d).value_types >> static_cast<int>(t) & 1u) == 0) {
    throw py::type_error(std::string(what) + ": out has dtype " + dtype_text(a) + ", expected " + offered_text(d));
  }
  if (PyBuffer_IsContiguous(&v, 'C') == 0) throw py::value_error(std::string(what) + ": out must be C-contiguous");
  if (v.readonly) throw py::value_error(std::string(what) + ": out is read-only");
  if (reinterpret_cast<std::uintptr_t>(v.buf) % gpurng_py::value_size(t) != 0) {
    throw py::value_error(std::string(what) + ": out is not aligned");
  }
  return t;
}

// Fills a C-contiguous writable NumPy array (any buffer) with values offset .. offset+n-1 of `dist`
// with parameters `params` (the library's order; see gpurng_py::make_draw).
void fill(PyGenerator& self, const std::string& dist, const py::object& out, const py::object& params) {
  const gpurng::Distribution d = gpurng::parse_distribution(dist);
  const View view(out, dist.c_str());
  const ValueType type = checked_buffer(out, view, d, dist.c_str());
  const gpurng_py::Draw draw = gpurng_py::make_draw(dist, type, params);
  void* const p = view.get().buf;
  const std::size_t n = static_cast<std::size_t>(view.get().len) / gpurng_py::value_size(type);
  self.unlocked_gil([&](gpurng::Generator& g) { generate(g, draw, p, n); });
}

// The discrete distribution's table from a buffer of float64 weights (the Python layer passes a
// C-contiguous NumPy array; this checks again, so that no other buffer reaches the library). The
// table is built without the GIL: O(K), 0.7 s at K = 2^24.
std::shared_ptr<gpurng::DiscreteTable> make_discrete_table(const py::object& weights) {
  Py_buffer v{};
  if (PyObject_GetBuffer(weights.ptr(), &v, PyBUF_RECORDS_RO) != 0) {
    PyErr_Clear();
    throw py::type_error("discrete: weights must be an array of float64, got " + dtype_text(weights));
  }
  const std::unique_ptr<Py_buffer, void (*)(Py_buffer*)> held(&v, PyBuffer_Release);
  ValueType t = ValueType::u32;
  if (!buffer_type(v, &t) || t != ValueType::f64) {
    throw py::type_error("discrete: weights must be float64, got " + dtype_text(weights));
  }
  if (PyBuffer_IsContiguous(&v, 'C') == 0 || reinterpret_cast<std::uintptr_t>(v.buf) % alignof(double) != 0) {
    throw py::value_error("discrete: weights must be C-contiguous and aligned");
  }
  const auto* w = static_cast<const double*>(v.buf);
  const std::size_t k = static_cast<std::size_t>(v.len) / sizeof(double);
  py::gil_scoped_release nogil;
  return std::make_shared<gpurng::DiscreteTable>(w, k);
}

// Fills a C-contiguous writable buffer of int32, int64, uint32 or uint64 with values offset ..
// offset+n-1 of the table's discrete distribution (Generator::generate_discrete), host memory.
void fill_discrete(PyGenerator& self, const gpurng::DiscreteTable& table, const py::object& out) {
  const View view(out, "discrete");
  const Py_buffer& v = view.get();
  ValueType t = ValueType::f64;
  if (!buffer_type(v, &t) || t == ValueType::f32 || t == ValueType::f64) {
    throw py::type_error("discrete: out has dtype " + dtype_text(out) + ", expected int32, int64, uint32, uint64");
  }
  if (PyBuffer_IsContiguous(&v, 'C') == 0) throw py::value_error("discrete: out must be C-contiguous");
  if (v.readonly) throw py::value_error("discrete: out is read-only");
  if (reinterpret_cast<std::uintptr_t>(v.buf) % gpurng_py::value_size(t) != 0) {
    throw py::value_error("discrete: out is not aligned");
  }
  void* const p = v.buf;
  const std::size_t n = static_cast<std::size_t>(v.len) / gpurng_py::value_size(t);
  self.unlocked_gil([&](gpurng::Generator& g) { g.generate_discrete(table, t, p, n); });
}

// The Dirichlet distribution's alpha from a buffer of float64 (the Python layer passes a C-contiguous
// NumPy array; this checks again, so that no other buffer reaches the library). The library checks
// the values (InvalidArgumentError naming alpha[i]).
std::shared_ptr<gpurng::DirichletAlpha> make_dirichlet_alpha(const py::object& alpha) {
  Py_buffer v{};
  if (PyObject_GetBuffer(alpha.ptr(), &v, PyBUF_RECORDS_RO) != 0) {
    PyErr_Clear();
    throw py::type_error("dirichlet: alpha must be an array of float64, got " + dtype_text(alpha));
  }
  const std::unique_ptr<Py_buffer, void (*)(Py_buffer*)> held(&v, PyBuffer_Release);
  ValueType t = ValueType::u32;
  if (!buffer_type(v, &t) || t != ValueType::f64) {
    throw py::type_error("dirichlet: alpha must be float64, got " + dtype_text(alpha));
  }
  if (PyBuffer_IsContiguous(&v, 'C') == 0 || reinterpret_cast<std::uintptr_t>(v.buf) % alignof(double) != 0) {
    throw py::value_error("dirichlet: alpha must be C-contiguous and aligned");
  }
  const auto* a = static_cast<const double*>(v.buf);
  const std::size_t k = static_cast<std::size_t>(v.len) / sizeof(double);
  return std::make_shared<gpurng::DirichletAlpha>(a, k);
}

// Fills a C-contiguous writable buffer of float32 or float64 with values offset .. offset+n-1 of
// the Dirichlet distribution (Generator::generate_dirichlet: whole samples), host memory.
void fill_dirichlet(PyGenerator& self, const gpurng::DirichletAlpha& alpha, const py::object& out) {
  const View view(out, "dirichlet");
  const Py_buffer& v = view.get();
  ValueType t = ValueType::u32;
  if (!buffer_type(v, &t) || (t != ValueType::f32 && t != ValueType::f64)) {
    throw py::type_error("dirichlet: out has dtype " + dtype_text(out) + ", expected float64, float32");
  }
  if (PyBuffer_IsContiguous(&v, 'C') == 0) throw py::value_error("dirichlet: out must be C-contiguous");
  if (v.readonly) throw py::value_error("dirichlet: out is read-only");
  if (reinterpret_cast<std::uintptr_t>(v.buf) % gpurng_py::value_size(t) != 0) {
    throw py::value_error("dirichlet: out is not aligned");
  }
  void* const p = v.buf;
  const std::size_t n = static_cast<std::size_t>(v.len) / gpurng_py::value_size(t);
  self.unlocked_gil([&](gpurng::Generator& g) { g.generate_dirichlet(alpha, t, p, n); });
}

// Raw pointers (the Python layer has checked type, shape, layout and device): device memory
// (__cuda_array_interface__, DLPack kDLCUDA / kDLCUDAManaged) ordered on the given CUDA stream
// (DLPack numbering: 1 legacy default, 2 per-thread default, else a cudaStream_t), or host memory
// (DLPack kDLCPU / kDLCUDAHost) on either backend. The library refuses device memory on the CPU
// backend; this refuses it first, since a CPU-only build cannot tell device memory.
void fill_pointer(PyGenerator& self, const std::string& dist, std::uintptr_t ptr, std::size_t n,
                  const std::string& typestr, const py::object& params, unsigned long long stream, bool device_memory) {
  const gpurng_py::Draw draw = gpurng_py::make_draw(dist, value_type_from_typestr(typestr, "out"), params);
  void* p = reinterpret_cast<void*>(ptr);
  if (device_memory) return generate_on_stream(self, draw, p, n, cuda::stream_from_int(stream));
  self.unlocked_gil([&](gpurng::Generator& g) { generate(g, draw, p, n); });
}

// An out= CUDA array whose layout the Python layer has read and checked: everything else of the call
// in one crossing of the binding (each crossing costs a fraction of a microsecond, and issue 25's
// budget is 5 us a call): the generator's checks (CUDA backend, one device, the array's device
// against the generator's; `device` -1 when the array's protocol names none), ordering the fill's
// `stream` after the array's own stream `producer` when they differ (0: none to wait for), the fill,
// and, with `wait`, waiting for `stream` (a producer that names no stream cannot order its own work
// after the fill). Streams in DLPack numbering (1: legacy default, 2: per-thread default).
void fill_cuda(PyGenerator& self, const std::string& method, const std::string& dist, std::uintptr_t ptr,
               std::size_t n, const std::string& typestr, const py::object& params, unsigned long long stream,
               int device, unsigned long long producer, bool wait) {
  if (self.backend() != "cuda") {
    throw py::value_error(method + ": out is a CUDA array, which needs backend='cuda' (this generator's backend is " +
                          self.backend() + ")");
  }
  const gpurng_py::Draw draw = gpurng_py::make_draw(dist, value_type_from_typestr(typestr, "out"), params);
  std::vector<int> devices;
  const int bound = self.locked([&](gpurng::Generator& g) {
    devices = g.devices();
    return g.cuda_device();
  });
  if (!devices.empty()) {
    std::string list = "[";
    for (std::size_t i = 0; i < devices.size(); ++i) list += (i ? ", " : "") + std::to_string(devices[i]);
    list += "]";
    throw py::value_error(method + ": this generator spreads its calls over devices " + list +
                          ": a CUDA array takes one device's part, so use per_device." + method +
                          "(out=[...]) (one array per device), or a host array");
  }
  if (device >= 0 && bound >= 0 && device != bound) {
    throw py::value_error(method + ": out is on CUDA device " + std::to_string(device) +
                          " but the generator runs on device " + std::to_string(bound) + " (its cuda_device)");
  }
  if (device >= 0 && bound < 0) {
    const int current = cuda::current_device();
    if (device != current) {
      const std::string d = std::to_string(device);
      throw py::value_error(method + ": out is on CUDA device " + d + " but the generator runs on the current device, " +
                            std::to_string(current) + "; make device " + d + " current first, or give the generator device=" + d);
    }
  }
  CUstream_st* const s = cuda::stream_from_int(stream);
  if (producer != 0 && producer != stream) cuda::order_after(s, cuda::stream_from_int(producer), bound);
  generate_on_stream(self, draw, reinterpret_cast<void*>(ptr), n, s);
  if (wait) cuda::synchronize(s, self.locked([](gpurng::Generator& g) { return g.cuda_device(); }));
}

// Several devices (Generator.devices): n values of `dist`, part k into the memory at ptrs[k] (device or
// managed memory of device k of the list, or host memory), sized by the Python layer with block_part.
// The library checks the list, the buffers and their devices, and returns when every part is complete.
// uniform_int goes through the generic call, whose parameters are doubles: bounds must be exact there.
void fill_per_device(PyGenerator& self, const std::string& dist, const std::vector<std::uintptr_t>& ptrs, std::size_t n,
                     const std::string& typestr, const py::object& params) {
  const gpurng_py::Draw draw = gpurng_py::make_draw(dist, value_type_from_typestr(typestr, "out"), params);
  std::vector<double> p = draw.params;
  if (draw.dist == gpurng::Distribution::uniform_int) {
    const bool is_signed = gpurng_py::value_type_is_signed(draw.type);
    for (std::uint64_t bits : {draw.lo_bits, draw.hi_bits}) {
      const double x = is_signed ? static_cast<double>(static_cast<std::int64_t>(bits)) : static_cast<double>(bits);
      const bool exact = is_signed ? static_cast<double>(static_cast<std::int64_t>(x)) == x &&
                                         std::fabs(x) <= 9007199254740992.0
                                   : x <= 9007199254740992.0;
      if (!exact) {
        throw py::value_error("integers: bounds beyond 2^53 are not supported across several devices (the "
                              "library's per-device call takes its parameters as doubles)");
      }
      p.push_back(x);
    }
  }
  std::vector<void*> outs;
  outs.reserve(ptrs.size());
  for (std::uintptr_t q : ptrs) outs.push_back(reinterpret_cast<void*>(q));
  self.unlocked_gil([&](gpurng::Generator& g) {
    g.generate_per_device(draw.dist, draw.type, p.data(), p.size(), outs.data(), n);
  });
}

// For bench/python/bench_python.py: `repeats` calls of what fill_pointer does, timed one by one in C++
// (steady clock; device memory: each call then waits for its stream), with the GIL released. The
// Python overhead of a call is the time a Python caller sees minus these (the same generator, array,
// stream and synchronisation, without the interpreter).
std::vector<double> time_calls(PyGenerator& self, const std::string& dist, std::uintptr_t ptr, std::size_t n,
                               const std::string& typestr, const py::object& params, unsigned long long stream,
                               bool device_memory, unsigned repeats) {
  const gpurng_py::Draw draw = gpurng_py::make_draw(dist, value_type_from_typestr(typestr, "out"), params);
  void* p = reinterpret_cast<void*>(ptr);
  CUstream_st* const s = cuda::stream_from_int(stream);
  std::vector<double> seconds;
  seconds.reserve(repeats);
  self.unlocked_gil([&](gpurng::Generator& g) {
    CUstream_st* const previous = g.cuda_stream();
    if (device_memory) g.cuda_stream(s);
    const int device = g.cuda_device();
    for (unsigned i = 0; i < repeats; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      generate(g, draw, p, n);
      if (device_memory) cuda::synchronize(s, device);
      seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    if (device_memory) g.cuda_stream(previous);
  });
  return seconds;
}

// The library's list of distributions, for the Python layer's dtypes and for users.
py::list distribution_list() {
  py::list out;
  for (const gpurng::DistributionInfo& d : gpurng::distributions()) {
    py::dict x;
    x["name"] = d.name;
    x["description"] = d.description;
    py::list params;
    for (unsigned i = 0; i < d.param_count; ++i) {
      const double v = d.params[i].default_value;
      params.append(py::make_tuple(d.params[i].name, std::isnan(v) ? py::object(py::none()) : py::object(py::float_(v))));
    }
    x["params"] = params;
    py::list types;
    for (ValueType t : {ValueType::u32, ValueType::u64, ValueType::f32, ValueType::f64, ValueType::i32, ValueType::i64,
                      ValueType::f16}) {
      if ((d.value_types >> static_cast<int>(t) & 1u) != 0) types.append(gpurng_py::value_type_name(t));
    }
    x["value_types"] = types;
    out.append(x);
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(_gpurng, m) {
  m.doc() = "gpurng's extension module: the C++ library's Generator. Use the 'gpurng' package, not this.";

  g_errors.base = make_error_class(m, "Error", PyExc_Exception, nullptr,
                                   "Any error the gpurng library reports; .status names its Status.");
  g_errors.invalid_argument = make_error_class(m, "InvalidArgumentError", g_errors.base, PyExc_ValueError,
                                               "A value out of range or malformed (Status::invalid_argument).");
  g_errors.unsupported = make_error_class(m, "UnsupportedError", g_errors.base, PyExc_ValueError,
                                          "The engine or backend cannot do this (Status::unsupported).");
  g_errors.no_device = make_error_class(m, "NoDeviceError", g_errors.base, PyExc_RuntimeError,
                                        "The CUDA backend was asked for, but there is no device (Status::no_device).");
  g_errors.cuda_error = make_error_class(m, "CudaError", g_errors.base, PyExc_RuntimeError,
                                         "A CUDA runtime call failed (Status::cuda_error).");
  g_errors.out_of_memory = make_error_class(m, "OutOfMemoryError", g_errors.base, PyExc_MemoryError,
                                            "Host or device allocation failed (Status::out_of_memory).");
  g_errors.io_error = make_error_class(m, "FileError", g_errors.base, PyExc_OSError,
                                       "A file could not be opened, read or written (Status::io_error).");
  g_errors.corrupt_state = make_error_class(m, "CorruptStateError", g_errors.base, PyExc_ValueError,
                                            "A state is truncated, corrupted, or of another engine (Status::corrupt_state).");
  g_errors.internal_error = make_error_class(m, "InternalError", g_errors.base, PyExc_RuntimeError,
                                             "A bug in gpurng (Status::internal_error): please report it.");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const gpurng::Error& e) {
      set_library_error(e);
    }
  });

  m.def("built_with_cuda", &gpurng::built_with_cuda, "Whether the library was built with its CUDA backend.");
  m.def("built_with_opencl", &gpurng::built_with_opencl,
        "Whether the library was built with the OpenCL backend's kernels (backend='opencl').");
  m.def("default_backend", [] { return std::string(gpurng::backend_name(gpurng::default_backend())); },
        "The backend 'auto' resolves to on this machine: 'cuda' or 'cpu'.");
  m.def("engines", [] {
    py::list out;
    for (const gpurng::EngineInfo& e : gpurng::engines()) {
      py::dict d;
      d["name"] = e.name;
      d["description"] = e.description;
      d["bits_width"] = e.bits_width;
      d["period"] = e.period;
      out.append(d);
    }
    return out;
  }, "Every registered engine: a list of dicts with name, description, bits_width, period.");
  m.def("distributions", &distribution_list,
        "Every distribution of the library: a list of dicts with name, description, params (a list of (name, "
        "default) pairs, default None when required) and value_types (NumPy dtype names).");
  m.def("cuda_devices", [] {
    py::list out;
    for (const gpurng::DeviceInfo& d : gpurng::cuda_devices()) {
      py::dict x;
      x["index"] = d.index;
      x["name"] = d.name;
      x["compute_capability"] = py::make_tuple(d.compute_major, d.compute_minor);
      x["multiprocessors"] = d.multiprocessors;
      x["global_memory_bytes"] = d.global_memory_bytes;
      out.append(x);
    }
    return out;
  }, "The CUDA devices this process can use (empty without CUDA support or a device).");

  m.def("cuda_runtime_linked", &cuda::linked, "Whether this module has the CUDA runtime (device='cuda', DLPack streams).");
  m.def("cuda_current_device", &cuda::current_device, "The current CUDA device: where the library's launches go.");
  m.def("cuda_synchronize", [](unsigned long long s, int device) {
    py::gil_scoped_release nogil;
    cuda::synchronize(cuda::stream_from_int(s), device);
  }, py::arg("stream"), py::arg("device") = -1,
     "Waits for a CUDA stream (DLPack numbering: 1 legacy default, 2 per-thread default) of `device` (-1: current).");
  m.def("_block_part", [](std::uint64_t n, std::uint64_t parts, std::uint64_t k) {
    const gpurng::BlockPart p = gpurng::block_part(n, parts, k);
    return py::make_tuple(p.first, p.count);
  }, py::arg("n"), py::arg("parts"), py::arg("k"), "The C++ gpurng::block_part (for tests of gpurng.partition).");
  m.def("_time_calls", &time_calls, py::arg("generator"), py::arg("dist"), py::arg("ptr"), py::arg("n"),
        py::arg("typestr"), py::arg("params"), py::arg("stream"), py::arg("device_memory"), py::arg("repeats"),
        "Benchmarks only: seconds per call of `repeats` fills timed in C++ (device memory: with synchronisation).");
  gpurng_py::register_dlpack_view(m);
  gpurng_py::register_device_array(m);
  gpurng_py::register_bit_generator(m);
  gpurng_py::register_device_layout(m);

  py::class_<gpurng::DiscreteTable, std::shared_ptr<gpurng::DiscreteTable>>(
      m, "_DiscreteTable", "The library's gpurng::DiscreteTable (use gpurng.Generator.discrete).")
      .def(py::init(&make_discrete_table), py::arg("weights"))
      .def_property_readonly("size", &gpurng::DiscreteTable::size);
  py::class_<gpurng::DirichletAlpha, std::shared_ptr<gpurng::DirichletAlpha>>(
      m, "_DirichletAlpha", "The library's gpurng::DirichletAlpha (use gpurng.Generator.dirichlet).")
      .def(py::init(&make_dirichlet_alpha), py::arg("alpha"))
      .def_property_readonly("size", &gpurng::DirichletAlpha::size);

  py::class_<PyGenerator>(m, "_Generator", "The library's gpurng::Generator (use gpurng.Generator).")
      .def(py::init<const std::string&, const std::string&>(), py::arg("engine"), py::arg("backend") = "auto")
      .def_property_readonly("engine", &PyGenerator::engine)
      .def_property_readonly("bits_width", &PyGenerator::bits_width)
      .def_property_readonly("backend", &PyGenerator::backend)
      .def_property_readonly("requested_backend", &PyGenerator::requested_backend)
      .def("seed", [](PyGenerator& s, std::uint64_t v) { s.locked([&](gpurng::Generator& g) { g.seed(v); }); })
      .def("seed_array", [](PyGenerator& s, const std::vector<std::uint64_t>& w) {
        s.locked([&](gpurng::Generator& g) { g.seed_array(w); });
      })
      .def("select_stream", [](PyGenerator& s, std::uint64_t stream, std::uint64_t substream) {
        s.locked([&](gpurng::Generator& g) { g.select_stream(stream, substream); });
      })
      .def("dimensions", [](PyGenerator& s, std::uint32_t d) { s.locked([&](gpurng::Generator& g) { g.dimensions(d); }); })
      .def("scramble", [](PyGenerator& s, const std::string& v) {
        const gpurng::Scramble x = parse_scramble(v);
        s.locked([&](gpurng::Generator& g) { g.scramble(x); });
      })
      .def("streams", [](PyGenerator& s, std::uint64_t n) { s.locked([&](gpurng::Generator& g) { g.streams(n); }); })
      .def("normal_method", [](PyGenerator& s, const std::string& v) {
        const gpurng::NormalMethod x = parse_normal_method(v);
        s.locked([&](gpurng::Generator& g) { g.normal_method(x); });
      })
      .def("param_set", [](PyGenerator& s, std::uint32_t i) { s.locked([&](gpurng::Generator& g) { g.param_set(i); }); })
      .def("param_file", [](PyGenerator& s, const std::string& path) {
        s.unlocked_gil([&](gpurng::Generator& g) { g.param_file(path); });
      })
      .def("cpu_threads", [](PyGenerator& s, unsigned t) { s.locked([&](gpurng::Generator& g) { g.cpu_threads(t); }); })
      .def("get_dimensions", [](PyGenerator& s) { return s.locked([](gpurng::Generator& g) { return g.dimensions(); }); })
      .def("get_cuda_device", [](PyGenerator& s) { return s.locked([](gpurng::Generator& g) { return g.cuda_device(); }); })
      .def("set_cuda_device", [](PyGenerator& s, int d) { s.locked([&](gpurng::Generator& g) { g.cuda_device(d); }); })
      .def("get_devices", [](PyGenerator& s) { return s.locked([](gpurng::Generator& g) { return g.devices(); }); })
      .def("set_devices", [](PyGenerator& s, const std::vector<int>& list) {
        s.locked([&](gpurng::Generator& g) { g.devices(list); });
      })
      .def("fill_per_device", &fill_per_device, py::arg("dist"), py::arg("ptrs"), py::arg("n"), py::arg("typestr"),
           py::arg("params"),
           "Several devices: n values of dist, part k at ptrs[k] (Generator::generate_per_device).")
      .def("get_offset", [](PyGenerator& s) { return s.locked([](gpurng::Generator& g) { return g.offset(); }); })
      .def("set_offset", [](PyGenerator& s, std::uint64_t k) { s.locked([&](gpurng::Generator& g) { g.offset(k); }); })
      .def("remaining", [](PyGenerator& s) { return s.locked([](gpurng::Generator& g) { return g.remaining(); }); })
      .def("fill", &fill, py::arg("dist"), py::arg("out"), py::arg("params") = py::tuple(),
           "Fills a C-contiguous writable NumPy array with values offset .. offset+n-1 of dist; params in the "
           "library's order (missing ones take its defaults; uniform_int: two exact integers lo, hi).")
      .def("fill_discrete", &fill_discrete, py::arg("table"), py::arg("out"),
           "Fills a C-contiguous writable NumPy array of int32/int64/uint32/uint64 with the table's values.")
      .def("fill_dirichlet", &fill_dirichlet, py::arg("alpha"), py::arg("out"),
           "Fills a C-contiguous writable NumPy array of float64/float32 with whole Dirichlet samples.")
      .def("fill_pointer", &fill_pointer, py::arg("dist"), py::arg("ptr"), py::arg("n"), py::arg("typestr"),
           py::arg("params"), py::arg("stream"), py::arg("device_memory"),
           "Fills n values at a pointer: device memory ordered on a CUDA stream (DLPack numbering), or host memory.")
      .def("fill_cuda", &fill_cuda, py::arg("method"), py::arg("dist"), py::arg("ptr"), py::arg("n"), py::arg("typestr"),
           py::arg("params"), py::arg("stream"), py::arg("device"), py::arg("producer"), py::arg("wait"),
           "Fills n values at a CUDA pointer (an out= array): checks, stream ordering, fill, optional wait, in one call.")
      .def("state_bytes", [](PyGenerator& s) {
        const std::vector<std::uint8_t> b = s.locked([](gpurng::Generator& g) { return g.state_bytes(); });
        return py::bytes(reinterpret_cast<const char*>(b.data()), b.size());
      })
      .def("restore_state_bytes", [](PyGenerator& s, const py::bytes& data) {
        const std::string b = data;  // a copy: the library reads it without the GIL
        s.unlocked_gil([&](gpurng::Generator& g) {
          g.restore_state_bytes(reinterpret_cast<const std::uint8_t*>(b.data()), b.size());
        });
      })
      .def("save_state", [](PyGenerator& s, const std::string& path) {
        s.unlocked_gil([&](gpurng::Generator& g) { g.save_state(path); });
      })
      .def("load_state", [](PyGenerator& s, const std::string& path) {
        s.unlocked_gil([&](gpurng::Generator& g) { g.load_state(path); });
      });
}
