// Host API tour: one generator, the same numbers on whichever backend is available.
#include <cstdio>
#include <vector>

#include "gpurng/gpurng.hpp"

int main() {
  try {
    gpurng::Generator g(gpurng::Engine::mrg32k3a);  // CUDA if a GPU is present, else CPU
    g.seed(2024);
    g.offset(1'000'000);  // skip a million values in O(log k)
    std::vector<double> x(8);
    g.generate_normal(x.data(), x.size(), /*mean=*/10.0, /*stddev=*/2.0);  // host memory works on both backends
    std::printf("backend %s, offset now %llu\n", gpurng::backend_name(g.backend()),
                static_cast<unsigned long long>(g.offset()));
    for (double v : x) std::printf("%.17g\n", v);
    g.save_state("example_state.bin");  // continue later, bit for bit, with load_state
    return 0;
  } catch (const gpurng::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
