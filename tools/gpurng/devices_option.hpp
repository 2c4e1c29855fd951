// --devices 0,1 | all: the CUDA devices over which a command spreads each call (issue 26), for the
// commands that take it (generate, conformance). Parsed and applied in one place so that it is
// refused the same way everywhere: on the CPU backend, an index out of range, a device given twice.
#pragma once

#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {

// The device indices of a comma-separated list (each a decimal, 0x or 2^k integer), or every device
// of the process for "all". Throws Error(invalid_argument) naming `option`: empty items, a number
// that is not one, "all" beside indices or on a machine without devices.
std::vector<int> parse_devices(const std::string& text, const char* option);

// Sets g's devices; refuses them on the CPU backend, and passes the library's refusal of an index
// out of range or listed twice on as a bad argument naming `option`.
void use_devices(Generator& g, const std::vector<int>& devices, const char* option);

// "0,1" for the command's report.
std::string devices_text(const std::vector<int>& devices);

}  // namespace gpurng::cli
