// The dispatch from (distribution, element type) to the library, shared by every output kind.
#include "py_generator.hpp"

namespace gpurng_py {

ValueType value_type_from_typestr(const std::string& typestr, const std::string& what) {
  if (typestr == "<u4") return ValueType::u32;
  if (typestr == "<u8") return ValueType::u64;
  if (typestr == "<f4") return ValueType::f32;
  if (typestr == "<f8") return ValueType::f64;
  throw py::type_error(what + ": element type " + typestr + " is not one of uint32, uint64, float32, float64");
}

const char* value_type_name(ValueType t) noexcept {
  switch (t) {
    case ValueType::u32: return "uint32";
    case ValueType::u64: return "uint64";
    case ValueType::f32: return "float32";
    default: return "float64";
  }
}

std::size_t value_size(ValueType t) noexcept {
  return (t == ValueType::u32 || t == ValueType::f32) ? 4 : 8;
}

gpurng::Backend parse_backend(const std::string& s) {
  if (s == "auto") return gpurng::Backend::automatic;
  if (s == "cpu") return gpurng::Backend::cpu;
  if (s == "cuda") return gpurng::Backend::cuda;
  throw gpurng::Error(gpurng::Status::invalid_argument, "backend: '" + s + "' is not one of auto, cpu, cuda");
}

PyGenerator::PyGenerator(const std::string& engine, const std::string& backend)
    : requested_backend_(backend), g_(gpurng::parse_engine(engine), parse_backend(backend)) {}

namespace {

template <class T>
void real(gpurng::Generator& g, const std::string& dist, T* p, std::size_t n, double p0, double p1) {
  const T a = static_cast<T>(p0), b = static_cast<T>(p1);
  if (dist == "uniform") return g.generate_uniform(p, n);
  if (dist == "normal") return g.generate_normal(p, n, a, b);
  if (dist == "exponential") return g.generate_exponential(p, n, a);
  if (dist == "lognormal") return g.generate_lognormal(p, n, a, b);
  throw py::value_error("distribution: '" + dist + "' is not one of bits, uniform, normal, exponential, lognormal");
}

}  // namespace

void generate(gpurng::Generator& g, const std::string& dist, ValueType type, void* ptr, std::size_t n, double p0,
              double p1) {
  const bool integer = type == ValueType::u32 || type == ValueType::u64;
  if ((dist == "bits") != integer) {
    throw py::type_error(dist + ": an output of type " + value_type_name(type) + " cannot hold " +
                         (integer ? "real values (use float32 or float64)" : "bits (use uint32 or uint64)"));
  }
  try {
    switch (type) {
      case ValueType::u32: return g.generate_bits(static_cast<std::uint32_t*>(ptr), n);
      case ValueType::u64: return g.generate_bits(static_cast<std::uint64_t*>(ptr), n);
      case ValueType::f32: return real(g, dist, static_cast<float*>(ptr), n, p0, p1);
      case ValueType::f64: return real(g, dist, static_cast<double*>(ptr), n, p0, p1);
    }
  } catch (const gpurng::Error& e) {
    // The engine's integer width and the array's differ: a type error, in the library's words.
    if (integer && e.status() == gpurng::Status::unsupported) throw py::type_error(e.what());
    throw;
  }
}

void generate_on_stream(PyGenerator& self, const std::string& dist, ValueType type, void* ptr, std::size_t n,
                        double p0, double p1, CUstream_st* stream) {
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
    generate(g, dist, type, ptr, n, p0, p1);
  });
}

}  // namespace gpurng_py
