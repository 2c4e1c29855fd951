#include "curand_api.hpp"

#include <dlfcn.h>

namespace gpurng::cli::bench {
namespace {

struct Loaded {
  CurandApi api{};
  bool ok = false;
  std::string why;
};

template <class F>
bool resolve(void* lib, const char* name, F& f, std::string* why) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  if (f == nullptr) *why = std::string("cuRAND library lacks ") + name;
  return f != nullptr;
}

Loaded load() {
  Loaded l;
  // The toolkit's soname first (cuRAND 10 in CUDA 11 to 13), then the development link.
  void* lib = nullptr;
  for (const char* name : {"libcurand.so.10", "libcurand.so"}) {
    lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (lib != nullptr) break;
  }
  if (lib == nullptr) {
    l.why = "cuRAND not found (libcurand.so.10 or libcurand.so from the CUDA toolkit; add its directory to "
            "LD_LIBRARY_PATH)";
    return l;
  }
  CurandApi& a = l.api;
  l.ok = resolve(lib, "curandCreateGenerator", a.create_generator, &l.why) &&
         resolve(lib, "curandDestroyGenerator", a.destroy_generator, &l.why) &&
         resolve(lib, "curandSetPseudoRandomGeneratorSeed", a.set_seed, &l.why) &&
         resolve(lib, "curandSetStream", a.set_stream, &l.why) &&
         resolve(lib, "curandSetGeneratorOffset", a.set_offset, &l.why) &&
         resolve(lib, "curandGenerate", a.generate, &l.why) &&
         resolve(lib, "curandGenerateLongLong", a.generate_long_long, &l.why) &&
         resolve(lib, "curandGenerateUniform", a.generate_uniform, &l.why) &&
         resolve(lib, "curandGenerateUniformDouble", a.generate_uniform_double, &l.why) &&
         resolve(lib, "curandGenerateNormal", a.generate_normal, &l.why) &&
         resolve(lib, "curandGenerateNormalDouble", a.generate_normal_double, &l.why) &&
         resolve(lib, "curandGenerateLogNormal", a.generate_log_normal, &l.why) &&
         resolve(lib, "curandGenerateLogNormalDouble", a.generate_log_normal_double, &l.why);
  if (!l.ok) dlclose(lib);
  return l;
}

}  // namespace

const CurandApi* load_curand(std::string* why) {
  static const Loaded loaded = load();  // thread-safe, once per process
  if (!loaded.ok) *why = loaded.why;
  return loaded.ok ? &loaded.api : nullptr;
}

}  // namespace gpurng::cli::bench
