// The --backend option of the commands that run a generator (generate, test, conformance): one parser,
// so that every command takes the same names and refuses others with the same message.
#pragma once

#include <string>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {

// "auto", "cpu", "cuda" or "opencl"; anything else is an invalid_argument error naming the option and
// the valid values.
Backend parse_backend_option(const std::string& s);

}  // namespace gpurng::cli
