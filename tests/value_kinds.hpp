// Every (distribution, precision) the host API offers, as a way to generate raw bytes, so that tests
// can compare any two generators' outputs bit for bit with one loop.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::test {

struct Kind {
  const char* name;
  std::size_t size;  // bytes per value
  std::function<void(Generator&, void*, std::size_t)> gen;
};

inline std::vector<Kind> all_kinds() {
  return {
      {"bits", 4, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(p), n); }},
      {"uniform_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<float*>(p), n); }},
      {"uniform_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<double*>(p), n); }},
      {"normal_f", 4,
       [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 0.5f, 2.0f); }},
      {"normal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n); }},
      {"exponential_f", 4,
       [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<float*>(p), n, 3.0f); }},
      {"exponential_d", 8,
       [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<double*>(p), n); }},
      {"lognormal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<float*>(p), n); }},
      {"lognormal_d", 8,
       [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<double*>(p), n, 0.1, 0.3); }},
  };
}

}  // namespace gpurng::test
