// Which engines the opencl backend serves (engines.cpp).
#pragma once

#include <string>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail::opencl {

bool serves(Engine e);
std::string served_names();  // "mrg32k3a, philox4x32-10, ..."

}  // namespace gpurng::detail::opencl
