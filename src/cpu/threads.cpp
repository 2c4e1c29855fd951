#include <thread>

#include "cpu/fill.hpp"

namespace gpurng::detail::cpu {

bool cpu_has_fma() {
#if GPURNG_CPU_FMA_CLONE
  static const bool has = __builtin_cpu_supports("fma") != 0;
  return has;
#else
  return false;
#endif
}

unsigned resolve_cpu_threads(unsigned requested) {
  if (requested != 0) return requested;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}

}  // namespace gpurng::detail::cpu
