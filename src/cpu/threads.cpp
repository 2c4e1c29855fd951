#include <algorithm>
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
  // Read once per process (a thread-safe static): glibc answers hardware_concurrency() by opening
  // and reading /sys/devices/system/cpu/online, three system calls that would otherwise be paid by
  // every CPU call, even one of a single value.
  static const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  return hw;
}

}  // namespace gpurng::detail::cpu
