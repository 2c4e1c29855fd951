#include <thread>

#include "cpu/fill.hpp"

namespace gpurng::detail::cpu {

unsigned resolve_cpu_threads(unsigned requested) {
  if (requested != 0) return requested;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : hw;
}

}  // namespace gpurng::detail::cpu
