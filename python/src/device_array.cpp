// gpurng.DeviceArray: CUDA device memory owned by gpurng, what device="cuda" returns. It exports
// itself through DLPack (__dlpack__, __dlpack_device__: torch.from_dlpack, cupy.from_dlpack,
// jax.dlpack.from_dlpack) and through __cuda_array_interface__ (CuPy, Numba, PyTorch's
// as_tensor), so no array library is needed to build or install gpurng.
//
// Lifetime: the memory is one shared buffer from the extension's pool (cuda_runtime.hpp), held by
// the DeviceArray and by every exported DLPack tensor until its consumer calls the deleter; the last
// holder returns it to the pool, ordered after the work submitted to the streams it was allocated,
// written and exported on (stream-ordered, as CuPy's and PyTorch's allocators are: a consumer that
// reads it through __cuda_array_interface__ on another stream keeps the array alive until that work
// is done).
// Streams: the array remembers the stream its values were written on. __dlpack__(stream=s) makes
// the consumer's stream s wait for it (an event), as the DLPack protocol asks of a producer;
// __cuda_array_interface__ names it in "stream", so a consumer synchronises on it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>  // the shape argument (a sequence of ints)

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "cuda_runtime.hpp"
#include "dlpack_abi.hpp"
#include "py_generator.hpp"

namespace gpurng_py {

namespace {

struct DeviceBuffer {
  void* ptr = nullptr;
  int device = 0;
  CUstream_st* stream = nullptr;      // allocated for work on this stream; freed on it
  std::vector<CUstream_st*> users;  // other streams that wrote or read it (the free waits for them)
  // device -1: the current device.
  DeviceBuffer(std::size_t bytes, int on, CUstream_st* s) : device(on < 0 ? cuda::current_device() : on), stream(s) {
    ptr = cuda::allocate(bytes, device, stream);
  }
  ~DeviceBuffer() { cuda::release(ptr, device, stream, users); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  // Called with the GIL held (exports and the stream setter); the destructor runs once no holder is
  // left, so nothing adds a stream while it reads them.
  void used_on(CUstream_st* s) {
    if (s == stream) return;
    for (CUstream_st* u : users) {
      if (u == s) return;
    }
    users.push_back(s);
  }
};

// What an exported DLPack tensor keeps alive: the buffer and the shape its DLTensor points to.
struct Export {
  std::shared_ptr<DeviceBuffer> buffer;
  std::vector<std::int64_t> shape;
  dlpack::ManagedTensor legacy{};
  dlpack::ManagedTensorVersioned versioned{};
};

// The deleters may run on any thread, without the GIL (a consumer frees its tensor): they touch no
// Python object.
void delete_legacy(dlpack::ManagedTensor* self) { delete static_cast<Export*>(self->manager_ctx); }
void delete_versioned(dlpack::ManagedTensorVersioned* self) { delete static_cast<Export*>(self->manager_ctx); }

// A capsule nobody consumed still owns its tensor (the DLPack rule for producers).
void capsule_destructor(PyObject* c) {
  if (PyCapsule_IsValid(c, dlpack::kCapsuleVersioned)) {
    auto* m = static_cast<dlpack::ManagedTensorVersioned*>(PyCapsule_GetPointer(c, dlpack::kCapsuleVersioned));
    if (m != nullptr && m->deleter != nullptr) m->deleter(m);
  } else if (PyCapsule_IsValid(c, dlpack::kCapsule)) {
    auto* m = static_cast<dlpack::ManagedTensor*>(PyCapsule_GetPointer(c, dlpack::kCapsule));
    if (m != nullptr && m->deleter != nullptr) m->deleter(m);
  }
}

dlpack::DataType dl_type(ValueType t) {
  const std::uint8_t code = value_type_is_signed(t)                           ? dlpack::kInt
                            : (t == ValueType::u32 || t == ValueType::u64) ? dlpack::kUInt
                                                                           : dlpack::kFloat;
  return dlpack::DataType{code, static_cast<std::uint8_t>(value_size(t) * 8), 1};
}

class DeviceArray {
 public:
  DeviceArray(const std::vector<std::int64_t>& shape, const std::string& type_str, int device,
              unsigned long long stream)
      : shape_(shape), type_(value_type_from_typestr(type_str, "DeviceArray")), ready_(cuda::stream_from_int(stream)) {
    if (device < -1) throw py::value_error("DeviceArray: device " + std::to_string(device) + " is not a CUDA device");
    std::size_t n = 1;
    for (std::int64_t d : shape_) {
      if (d < 0) throw py::value_error("DeviceArray: negative dimensions are not allowed");
      if (d != 0 && n > std::numeric_limits<std::size_t>::max() / value_size(type_) / static_cast<std::size_t>(d)) {
        throw py::value_error("DeviceArray: the shape is too large");
      }
      n *= static_cast<std::size_t>(d);
    }
    size_ = n;
    buffer_ = std::make_shared<DeviceBuffer>(n * value_size(type_), device, ready_);
  }

  py::tuple shape() const {
    py::tuple s(shape_.size());
    for (std::size_t i = 0; i < shape_.size(); ++i) s[i] = py::int_(shape_[i]);
    return s;
  }
  std::size_t size() const { return size_; }
  std::size_t ndim() const { return shape_.size(); }
  std::size_t nbytes() const { return size_ * value_size(type_); }
  ValueType type() const { return type_; }
  py::object dtype() const { return py::module_::import("numpy").attr("dtype")(value_type_name(type_)); }
  std::uintptr_t ptr() const { return reinterpret_cast<std::uintptr_t>(buffer_->ptr); }
  int device() const { return buffer_->device; }
  unsigned long long stream() const { return cuda::stream_to_int(ready_); }
  void set_stream(unsigned long long s) {
    ready_ = cuda::stream_from_int(s);
    buffer_->used_on(ready_);
  }

  py::dict cuda_array_interface() const {
    py::dict d;
    d["shape"] = shape();
    d["typestr"] = value_type_typestr(type_);
    d["data"] = py::make_tuple(ptr(), false);
    d["version"] = 3;
    d["strides"] = py::none();
    d["descr"] = py::make_tuple(py::make_tuple("", value_type_typestr(type_)));
    d["stream"] = stream();
    return d;
  }

  py::tuple dlpack_device() const { return py::make_tuple(static_cast<int>(dlpack::kCUDA), device()); }

  py::object dlpack(const py::object& stream, const py::object& max_version, const py::object& dl_device,
                    const py::object& copy) {
    if (!copy.is_none() && copy.cast<bool>()) {
      throw py::buffer_error("__dlpack__(copy=True): gpurng.DeviceArray exports without copying; copy on the consumer's side");
    }
    if (!dl_device.is_none()) {
      const py::sequence want = dl_device.cast<py::sequence>();
      if (want.size() != 2 || want[0].cast<int>() != dlpack::kCUDA || want[1].cast<int>() != device()) {
        throw py::buffer_error("__dlpack__(dl_device=...): the array is on CUDA device " + std::to_string(device()) +
                               " and is not copied to another device");
      }
    }
    // The consumer's stream: None is the legacy default stream, -1 asks for no ordering, 0 is
    // not allowed for CUDA (ambiguous) by the protocol.
    if (stream.is_none()) {
      cuda::order_after(nullptr, ready_, device());
      buffer_->used_on(nullptr);
    } else {
      const long long s = stream.cast<long long>();
      if (s == 0) throw py::value_error("__dlpack__(stream=0) is not allowed for CUDA; use 1 for the legacy default stream");
      if (s < -1) throw py::value_error("__dlpack__(stream=" + std::to_string(s) + ") is not a CUDA stream");
      if (s != -1) {
        CUstream_st* consumer = cuda::stream_from_int(static_cast<unsigned long long>(s));
        cuda::order_after(consumer, ready_, device());
        buffer_->used_on(consumer);  // the memory goes back to the pool after the consumer's work
      }
    }
    bool versioned = false;
    if (!max_version.is_none()) {
      const py::sequence v = max_version.cast<py::sequence>();
      versioned = v.size() >= 1 && v[0].cast<long long>() >= 1;
    }
    auto ex = std::make_unique<Export>();
    ex->buffer = buffer_;
    ex->shape = shape_;
    dlpack::Tensor t{};
    t.data = buffer_->ptr;
    t.device = dlpack::Device{dlpack::kCUDA, device()};
    t.ndim = static_cast<std::int32_t>(shape_.size());
    t.dtype = dl_type(type_);
    t.shape = ex->shape.empty() ? nullptr : ex->shape.data();
    t.strides = nullptr;
    t.byte_offset = 0;
    void* managed;
    const char* name;
    if (versioned) {
      ex->versioned.version = dlpack::kVersion;
      ex->versioned.manager_ctx = ex.get();
      ex->versioned.deleter = &delete_versioned;
      ex->versioned.flags = 0;
      ex->versioned.dl_tensor = t;
      managed = &ex->versioned;
      name = dlpack::kCapsuleVersioned;
    } else {
      ex->legacy.dl_tensor = t;
      ex->legacy.manager_ctx = ex.get();
      ex->legacy.deleter = &delete_legacy;
      managed = &ex->legacy;
      name = dlpack::kCapsule;
    }
    PyObject* c = PyCapsule_New(managed, name, &capsule_destructor);
    if (c == nullptr) throw py::error_already_set();
    ex.release();  // owned by the capsule, then by its consumer
    return py::reinterpret_steal<py::object>(c);
  }

  // A NumPy copy on the host, once the values are written (ordered on the array's stream).
  py::object get() const {
    py::object out = py::module_::import("numpy").attr("empty")(shape(), dtype());
    Py_buffer view{};
    if (PyObject_GetBuffer(out.ptr(), &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) != 0) throw py::error_already_set();
    struct Release {
      Py_buffer* v;
      ~Release() { PyBuffer_Release(v); }
    } release{&view};
    void* host = view.buf;
    const void* src = buffer_->ptr;
    const std::size_t bytes = nbytes();
    CUstream_st* s = ready_;
    const int on = device();
    {
      py::gil_scoped_release nogil;
      cuda::copy_to_host(host, src, bytes, s, on);
    }
    return out;
  }

  std::string repr() const {
    return "gpurng.DeviceArray(shape=" + std::string(py::repr(shape())) + ", dtype=" + value_type_name(type_) +
           ", device='cuda:" + std::to_string(device()) + "')";
  }

 private:
  std::vector<std::int64_t> shape_;
  ValueType type_;
  std::size_t size_ = 0;
  CUstream_st* ready_ = nullptr;  // the stream the values were written on (null: legacy default)
  std::shared_ptr<DeviceBuffer> buffer_;
};

}  // namespace

void register_device_array(py::module_& m) {
  py::class_<DeviceArray>(m, "DeviceArray", R"doc(CUDA device memory owned by gpurng (what ``device="cuda"`` returns).

A C-contiguous array of uint32, uint64, float32 or float64 on one CUDA device (the generator's). Hand it to
any DLPack consumer (``torch.from_dlpack(a)``, ``cupy.from_dlpack(a)``,
``jax.dlpack.from_dlpack(a)``) or ``__cuda_array_interface__`` consumer (``cupy.asarray(a)``,
``numba.cuda.as_cuda_array(a)``) without a copy; ``get()`` copies it to a NumPy array. The memory
comes from a stream-ordered pool of the module's own and goes back to it when the DeviceArray and
every tensor exported from it are gone, after the work on its stream and on the streams of DLPack
consumers (a ``__cuda_array_interface__`` consumer working on another stream keeps the array alive
until its work is done, as with CuPy's and PyTorch's own allocators).

Streams: the values were written on ``stream`` (1: the legacy default stream). ``__dlpack__``
makes the consumer's stream wait for it; ``__cuda_array_interface__`` reports it.)doc")
      .def(py::init<const std::vector<std::int64_t>&, const std::string&, int, unsigned long long>(), py::arg("shape"),
           py::arg("typestr"), py::arg("device") = -1, py::arg("stream") = 1,
           "Uninitialised device memory of the given shape and type ('<u4', '<u8', '<f4', '<f8') on CUDA device "
           "`device` (-1: the current device), for work on CUDA stream `stream` (1: the legacy default stream), "
           "which it reports as `stream` until that is set.")
      .def_property_readonly("shape", &DeviceArray::shape)
      .def_property_readonly("size", &DeviceArray::size)
      .def_property_readonly("ndim", &DeviceArray::ndim)
      .def_property_readonly("nbytes", &DeviceArray::nbytes)
      .def_property_readonly("dtype", &DeviceArray::dtype)
      .def_property_readonly("ptr", &DeviceArray::ptr, "The device pointer.")
      .def_property_readonly("device", &DeviceArray::device, "The CUDA device index.")
      .def_property("stream", &DeviceArray::stream, &DeviceArray::set_stream,
                    "The CUDA stream the values were written on (1: legacy default, 2: per-thread default).")
      .def_property_readonly("__cuda_array_interface__", &DeviceArray::cuda_array_interface)
      .def("__dlpack_device__", &DeviceArray::dlpack_device)
      .def("__dlpack__", &DeviceArray::dlpack, py::kw_only(), py::arg("stream") = py::none(),
           py::arg("max_version") = py::none(), py::arg("dl_device") = py::none(), py::arg("copy") = py::none(),
           "A DLPack capsule of this array (versioned when max_version >= (1, 0)), ordered after its writes on `stream`.")
      .def("get", &DeviceArray::get, "A NumPy copy (waits for the values).")
      .def("__len__", [](const DeviceArray& a) {
        if (a.ndim() == 0) throw py::type_error("len() of a 0-d DeviceArray");
        return a.shape()[0].cast<std::size_t>();
      })
      .def("__repr__", &DeviceArray::repr);
}

}  // namespace gpurng_py
