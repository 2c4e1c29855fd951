// Half-precision outputs (ValueType f16, bf16): value i is the float value i of the same request
// rounded to nearest even (core/dist/half.hpp), made from the generator's own float call
// (mapped_generate.hpp), so every engine, backend and device split serves them.
#pragma once

#include <cstddef>

#include "exec.hpp"

namespace gpurng::detail {

class GeneratorImpl;

// req: a checked request of type f16 or bf16 (make_request accepts those only for the distributions
// that list them: uniform and normal).
void generate_half(GeneratorImpl& g, const Request& req, void* out, std::size_t n);

}  // namespace gpurng::detail
