// The front end's entry to the list of distributions: a checked Request with defaults filled in.
#pragma once

#include <cstddef>
#include <cstdint>

#include "exec.hpp"

namespace gpurng::detail::dists {

// Throws Error(invalid_argument) for a value type d is not offered in, too many parameters, or a
// parameter outside its range (the entry's check); fills in the defaults of parameters not given.
Request make_request(Distribution d, ValueType t, const double* params, std::size_t nparams);
// uniform_int with exact bounds (the two's-complement bits of the value type's lo and hi).
Request make_integer_request(ValueType t, std::uint64_t lo_bits, std::uint64_t hi_bits);

}  // namespace gpurng::detail::dists
