// Host API from an installed gpurng: C++ and C.
#include <gpurng/gpurng.h>

#include <cstdio>
#include <gpurng/gpurng.hpp>

int main() {
  gpurng::Generator g(gpurng::Engine::mrg32k3a, gpurng::Backend::cpu);
  double u = 0;
  g.generate_uniform(&u, 1);
  gpurng_generator_t c = nullptr;
  if (gpurng_create(&c, GPURNG_ENGINE_MRG32K3A, GPURNG_BACKEND_CPU) != GPURNG_STATUS_SUCCESS) return 1;
  double v = 0;
  gpurng_generate_uniform_double(c, &v, 1);
  gpurng_destroy(c);
  std::printf("%.17g %.17g\n", u, v);
  return (u == 0.12701112204657714 && u == v) ? 0 : 1;
}
