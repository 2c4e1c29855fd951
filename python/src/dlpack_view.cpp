// gpurng._gpurng._DLPackView: a consumer of one DLPack capsule (what an array's __dlpack__()
// returns). It takes the tensor (renames the capsule "used_..."), describes it to the Python layer,
// which checks type, shape, layout, flags and device and then fills it through the raw pointer,
// and calls the producer's deleter exactly once: at release(), on leaving a with-block, or when the
// view is destroyed. Both capsule kinds are read: "dltensor_versioned" (DLPack >= 1.0, with the
// read-only and is-copied flags) and "dltensor" (earlier producers; no flags).
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "dlpack_abi.hpp"
#include "py_generator.hpp"

namespace gpurng_py {

namespace {

class DLPackView {
 public:
  explicit DLPackView(const py::object& capsule) {
    PyObject* c = capsule.ptr();
    if (!PyCapsule_CheckExact(c)) {
      throw py::type_error(std::string("__dlpack__() returned a ") + Py_TYPE(c)->tp_name + ", not a PyCapsule");
    }
    const char* name = PyCapsule_GetName(c);
    const std::string n = name != nullptr ? name : "";
    if (n == dlpack::kCapsuleVersioned) {
      auto* m = static_cast<dlpack::ManagedTensorVersioned*>(PyCapsule_GetPointer(c, name));
      if (m == nullptr) throw py::error_already_set();
      // Checked before taking the tensor: a refused capsule stays the producer's to free.
      if (m->version.major != dlpack::kVersion.major) {
        throw py::buffer_error("DLPack version " + std::to_string(m->version.major) + "." +
                               std::to_string(m->version.minor) + " is not supported (gpurng reads 1.x)");
      }
      if (PyCapsule_SetName(c, dlpack::kCapsuleVersionedUsed) != 0) throw py::error_already_set();
      versioned_ = m;
      tensor_ = &m->dl_tensor;
      flags_ = m->flags;
      is_versioned_ = true;
    } else if (n == dlpack::kCapsule) {
      auto* m = static_cast<dlpack::ManagedTensor*>(PyCapsule_GetPointer(c, name));
      if (m == nullptr) throw py::error_already_set();
      if (PyCapsule_SetName(c, dlpack::kCapsuleUsed) != 0) throw py::error_already_set();
      legacy_ = m;
      tensor_ = &m->dl_tensor;
    } else if (n == dlpack::kCapsuleUsed || n == dlpack::kCapsuleVersionedUsed) {
      throw py::value_error("the DLPack capsule was consumed already (a capsule can be used once)");
    } else {
      throw py::type_error("not a DLPack capsule (its name is '" + n + "')");
    }
    if (tensor_->ndim < 0) throw py::value_error("DLPack tensor with ndim " + std::to_string(tensor_->ndim));
    for (std::int32_t i = 0; i < tensor_->ndim; ++i) {
      if (tensor_->shape[i] < 0) throw py::value_error("DLPack tensor with a negative extent");
    }
  }
  ~DLPackView() { release(); }
  DLPackView(const DLPackView&) = delete;
  DLPackView& operator=(const DLPackView&) = delete;

  // Hands the tensor back to its producer (its deleter). Idempotent.
  void release() noexcept {
    if (versioned_ != nullptr && versioned_->deleter != nullptr) versioned_->deleter(versioned_);
    if (legacy_ != nullptr && legacy_->deleter != nullptr) legacy_->deleter(legacy_);
    versioned_ = nullptr;
    legacy_ = nullptr;
    tensor_ = nullptr;
  }

  const dlpack::Tensor& tensor() const {
    if (tensor_ == nullptr) throw py::value_error("the DLPack view was released");
    return *tensor_;
  }

  py::tuple shape() const {
    const dlpack::Tensor& t = tensor();
    py::tuple s(static_cast<std::size_t>(t.ndim));
    for (std::int32_t i = 0; i < t.ndim; ++i) s[static_cast<std::size_t>(i)] = py::int_(t.shape[i]);
    return s;
  }

  std::uint64_t size() const {
    const dlpack::Tensor& t = tensor();
    std::uint64_t n = 1;
    for (std::int32_t i = 0; i < t.ndim; ++i) n *= static_cast<std::uint64_t>(t.shape[i]);
    return n;
  }

  // C order in elements: every extent > 1 has the stride of the extents after it.
  bool c_contiguous() const {
    const dlpack::Tensor& t = tensor();
    if (t.strides == nullptr || size() == 0) return true;
    std::int64_t expected = 1;
    for (std::int32_t i = t.ndim - 1; i >= 0; --i) {
      if (t.shape[i] > 1 && t.strides[i] != expected) return false;
      expected *= t.shape[i];
    }
    return true;
  }

  // A NumPy-style name of the element type, for the checks and the messages.
  std::string dtype() const {
    const dlpack::DataType d = tensor().dtype;
    const std::string bits = std::to_string(d.bits);
    std::string base;
    switch (d.code) {
      case dlpack::kInt: base = "int" + bits; break;
      case dlpack::kUInt: base = "uint" + bits; break;
      case dlpack::kFloat: base = "float" + bits; break;
      case dlpack::kBfloat: base = "bfloat" + bits; break;
      case dlpack::kComplex: base = "complex" + bits; break;
      case dlpack::kBool: base = "bool"; break;
      default: base = "DLPack type code " + std::to_string(d.code) + " of " + bits + " bits";
    }
    if (d.lanes != 1) base += " x " + std::to_string(d.lanes) + " lanes";
    return base;
  }

  // The NumPy typestr of the element types gpurng writes (the library's value types), else None.
  py::object typestr() const {
    const std::string d = dtype();
    for (ValueType t : {ValueType::u32, ValueType::u64, ValueType::f32, ValueType::f64, ValueType::i32, ValueType::i64,
                        ValueType::f16}) {
      if (d == value_type_name(t)) return py::str(value_type_typestr(t));
    }
    return py::none();
  }

  std::uintptr_t ptr() const {
    const dlpack::Tensor& t = tensor();
    return reinterpret_cast<std::uintptr_t>(t.data) + static_cast<std::uintptr_t>(t.byte_offset);
  }

  py::tuple device() const { return py::make_tuple(tensor().device.device_type, tensor().device.device_id); }
  bool readonly() const { return (flags_ & dlpack::kFlagReadOnly) != 0; }
  bool copied() const { return (flags_ & dlpack::kFlagIsCopied) != 0; }
  bool versioned() const { return is_versioned_; }

 private:
  dlpack::ManagedTensorVersioned* versioned_ = nullptr;
  dlpack::ManagedTensor* legacy_ = nullptr;
  const dlpack::Tensor* tensor_ = nullptr;
  std::uint64_t flags_ = 0;
  bool is_versioned_ = false;
};

}  // namespace

void register_dlpack_view(py::module_& m) {
  py::class_<DLPackView>(m, "_DLPackView",
                         "A DLPack capsule taken for writing (gpurng's Generator fills it); release() gives it back.")
      .def(py::init<const py::object&>(), py::arg("capsule"))
      .def_property_readonly("shape", &DLPackView::shape)
      .def_property_readonly("size", &DLPackView::size)
      .def_property_readonly("dtype", &DLPackView::dtype)
      .def_property_readonly("typestr", &DLPackView::typestr)
      .def_property_readonly("ptr", &DLPackView::ptr)
      .def_property_readonly("device", &DLPackView::device, "(DLPack device type, device id): 1 CPU, 2 CUDA, 3 CUDA host, 13 CUDA managed")
      .def_property_readonly("c_contiguous", &DLPackView::c_contiguous)
      .def_property_readonly("readonly", &DLPackView::readonly)
      .def_property_readonly("copied", &DLPackView::copied)
      .def_property_readonly("versioned", &DLPackView::versioned)
      .def("release", &DLPackView::release)
      .def("__enter__", [](DLPackView& v) -> DLPackView& { return v; }, py::return_value_policy::reference)
      .def("__exit__", [](DLPackView& v, const py::args&) { v.release(); });
}

}  // namespace gpurng_py
