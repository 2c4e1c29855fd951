// The one path from (distribution, element type, parameters) to the library, shared by every output
// kind: Generator::generate for every distribution, Generator::generate_integers for uniform_int.
#include "py_generator.hpp"

#include <cmath>
#include <limits>

namespace gpurng_py {

namespace {

// The types NumPy has (bfloat16, which it has not, is the C++, C and CLI's alone).
constexpr ValueType kAllTypes[] = {ValueType::u32, ValueType::u64, ValueType::f32, ValueType::f64,
                                   ValueType::i32, ValueType::i64, ValueType::f16};

bool offers(const gpurng::DistributionInfo& info, ValueType t) {
  return (info.value_types >> static_cast<int>(t) & 1u) != 0;
}

// "uint32 or uint64", "float32 or float64", "uint32": the types the distribution is offered in.
std::string offered_types(const gpurng::DistributionInfo& info) {
  std::vector<std::string> names;
  for (ValueType t : kAllTypes) {
    if (offers(info, t)) names.push_back(value_type_name(t));
  }
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  return text;
}

double real_param(const py::handle& v, const gpurng::DistributionInfo& info, std::size_t i) {
  const double x = PyFloat_AsDouble(v.ptr());
  if (x == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    const char* name = i < info.param_count ? info.params[i].name : "parameter";
    throw py::type_error(std::string(info.name) + " " + name + ": must be a real number, got " +
                         std::string(py::str(py::type::of(v).attr("__name__"))));
  }
  return x;
}

// A Python integer as the two's-complement bits of an integer of type t, exactly; ValueError
// naming the bound and the type's range when it does not fit.
std::uint64_t integer_bound(const py::handle& v, ValueType t, const char* which) {
  PyObject* index = PyNumber_Index(v.ptr());
  if (index == nullptr) {
    PyErr_Clear();
    throw py::type_error(std::string("uniform_int ") + which + ": must be an integer, got " +
                         std::string(py::str(py::type::of(v).attr("__name__"))));
  }
  const py::object i = py::reinterpret_steal<py::object>(index);
  std::int64_t lo = 0;
  std::uint64_t hi = 0;
  switch (t) {
    case ValueType::i32: lo = std::numeric_limits<std::int32_t>::min(); hi = std::numeric_limits<std::int32_t>::max(); break;
    case ValueType::i64: lo = std::numeric_limits<std::int64_t>::min(); hi = std::numeric_limits<std::int64_t>::max(); break;
    case ValueType::u32: hi = std::numeric_limits<std::uint32_t>::max(); break;
    default: hi = std::numeric_limits<std::uint64_t>::max(); break;
  }
  const auto out_of_range = [&] {
    return py::value_error(std::string("uniform_int ") + which + ": " + std::string(py::str(i)) +
                           " is out of the " + value_type_name(t) + " range [" + std::to_string(lo) + ", " +
                           std::to_string(hi) + "]");
  };
  if (value_type_is_signed(t)) {
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
    if (overflow != 0 || x < lo || (x > 0 && static_cast<std::uint64_t>(x) > hi)) throw out_of_range();
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(x));
  }
  if (PyObject_RichCompareBool(i.ptr(), py::int_(0).ptr(), Py_LT) == 1) throw out_of_range();
  const unsigned long long x = PyLong_AsUnsignedLongLong(i.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw out_of_range();
  }
  if (x > hi) throw out_of_range();
  return static_cast<std::uint64_t>(x);
}

// As generate_normal(float*, ...) and the CLI's --precision float take them: the parameters of
// these four rounded to float before the library checks them (a stddev that rounds to 0 is
// refused rather than used). The values are the same either way (the library converts to float).
bool rounds_parameters_to_float(gpurng::Distribution d) {
  return d == gpurng::Distribution::normal || d == gpurng::Distribution::exponential ||
         d == gpurng::Distribution::lognormal;
}

}  // namespace

ValueType value_type_from_typestr(const std::string& typestr, const std::string& what) {
  for (ValueType t : kAllTypes) {
    if (typestr == value_type_typestr(t)) return t;
  }
  throw py::type_error(what + ": element type " + typestr +
                       " is not one of uint32, uint64, float32, float64, int32, int64, float16");
}

const char* value_type_name(ValueType t) noexcept {
  switch (t) {
    case ValueType::u32: return "uint32";
    case ValueType::u64: return "uint64";
    case ValueType::f32: return "float32";
    case ValueType::f16: return "float16";
    case ValueType::bf16: return "bfloat16";
    case ValueType::i32: return "int32";
    case ValueType::i64: return "int64";
    default: return "float64";
  }
}

const char* value_type_typestr(ValueType t) noexcept {
  switch (t) {
    case ValueType::u32: return "<u4";
    case ValueType::u64: return "<u8";
    case ValueType::f32: return "<f4";
    case ValueType::f16: return "<f2";
    case ValueType::i32: return "<i4";
    case ValueType::i64: return "<i8";
    default: return "<f8";
  }
}

std::size_t value_size(ValueType t) noexcept {
  if (t == ValueType::f16 || t == ValueType::bf16) return 2;
  return (t == ValueType::u32 || t == ValueType::f32 || t == ValueType::i32) ? 4 : 8;
}

bool value_type_is_signed(ValueType t) noexcept { return t == ValueType::i32 || t == ValueType::i64; }

gpurng::Backend parse_backend(const std::string& s) {
  if (s == "auto") return gpurng::Backend::automatic;
  if (s == "cpu") return gpurng::Backend::cpu;
  if (s == "cuda") return gpurng::Backend::cuda;
  if (s == "opencl") return gpurng::Backend::opencl;
  throw gpurng::Error(gpurng::Status::invalid_argument, "backend: '" + s + "' is not one of auto, cpu, cuda, opencl");
}

PyGenerator::PyGenerator(const std::string& engine, const std::string& backend)
    : requested_backend_(backend), g_(gpurng::parse_engine(engine), parse_backend(backend)) {}

Draw make_draw(const std::string& dist, ValueType type, const py::handle& params) {
  Draw d;
  if (dist == "discrete") {
    if (type != ValueType::i32 && type != ValueType::i64 && type != ValueType::u32 && type != ValueType::u64) {
      throw py::type_error(std::string("discrete: an output of type ") + value_type_name(type) +
                           " cannot hold its values (use int64, int32, uint64 or uint32)");
    }
    d.type = type;
    d.table = &params.cast<const gpurng::DiscreteTable&>();
    return d;
  }
  if (dist == "dirichlet") {
    if (type != ValueType::f32 && type != ValueType::f64) {
      throw py::type_error(std::string("dirichlet: an output of type ") + value_type_name(type) +
                           " cannot hold its values (use float64 or float32)");
    }
    d.type = type;
    d.alpha = &params.cast<const gpurng::DirichletAlpha&>();
    return d;
  }
  d.dist = gpurng::parse_distribution(dist);
  d.type = type;
  const gpurng::DistributionInfo& info = gpurng::distribution_info(d.dist);
  if (!offers(info, type)) {
    throw py::type_error(dist + ": an output of type " + value_type_name(type) + " cannot hold its values (use " +
                         offered_types(info) + ")");
  }
  if (!PySequence_Check(params.ptr())) throw py::type_error(dist + ": params must be a sequence of numbers");
  const py::sequence seq = py::reinterpret_borrow<py::sequence>(params);
  const std::size_t count = py::len(seq);
  if (d.dist == gpurng::Distribution::uniform_int) {
    if (count != 2) throw py::value_error("uniform_int: takes exactly two integer bounds (lo, hi), got " + std::to_string(count));
    d.lo_bits = integer_bound(seq[0], type, "lo");
    d.hi_bits = integer_bound(seq[1], type, "hi");
    return d;
  }
  d.params.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    double x = real_param(seq[i], info, i);
    // float16 values are float values rounded: their parameters are floats too.
    if ((type == ValueType::f32 || type == ValueType::f16) && rounds_parameters_to_float(d.dist)) {
      x = static_cast<float>(x);
    }
    d.params.push_back(x);
  }
  return d;
}

void generate(gpurng::Generator& g, const Draw& d, void* ptr, std::size_t n) {
  if (d.table != nullptr) return g.generate_discrete(*d.table, d.type, ptr, n);
  if (d.alpha != nullptr) return g.generate_dirichlet(*d.alpha, d.type, ptr, n);
  try {
    if (d.dist != gpurng::Distribution::uniform_int) {
      g.generate(d.dist, d.type, d.params.data(), d.params.size(), ptr, n);
      return;
    }
    switch (d.type) {
      case ValueType::i32:
        return g.generate_integers(static_cast<std::int32_t*>(ptr), n, static_cast<std::int32_t>(d.lo_bits),
                                   static_cast<std::int32_t>(d.hi_bits));
      case ValueType::i64:
        return g.generate_integers(static_cast<std::int64_t*>(ptr), n, static_cast<std::int64_t>(d.lo_bits),
                                   static_cast<std::int64_t>(d.hi_bits));
      case ValueType::u32:
        return g.generate_integers(static_cast<std::uint32_t*>(ptr), n, static_cast<std::uint32_t>(d.lo_bits),
                                   static_cast<std::uint32_t>(d.hi_bits));
      default:
        return g.generate_integers(static_cast<std::uint64_t*>(ptr), n, d.lo_bits, d.hi_bits);
    }
  } catch (const gpurng::Error& e) {
    // The engine's integer width and the array's differ: a type error, in the library's words.
    if (d.dist == gpurng::Distribution::bits && e.status() == gpurng::Status::unsupported) {
      throw py::type_error(e.what());
    }
    throw;
  }
}

void generate_on_stream(PyGenerator& self, const Draw& d, void* ptr, std::size_t n, CUstream_st* stream) {
  if (self.backend() != "cuda") {
    throw py::value_error("out: a CUDA array needs backend='cuda' (this generator's backend is " + self.backend() + ")");
  }
  // (pybind11's exception types are plain C++ exceptions until translated: safe without the GIL.)
  self.unlocked_gil([&](gpurng::Generator& g) {
    CUstream_st* const previous = g.cuda_stream();
    g.cuda_stream(stream);
    struct Restore {
      gpurng::Generator& g;
      CUstream_st* s;
      ~Restore() { g.cuda_stream(s); }
    } restore{g, previous};
    generate(g, d, ptr, n);
  });
}

}  // namespace gpurng_py
