// A 32-bit word as the parameter files and messages write it: "0x" and eight lower-case hex digits.
#pragma once

#include <cstdint>
#include <string>

namespace gpurng::support {

inline std::string hex32(std::uint32_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string s = "0x";
  for (int i = 7; i >= 0; --i) s.push_back(digits[(v >> (4 * i)) & 15u]);
  return s;
}

}  // namespace gpurng::support
