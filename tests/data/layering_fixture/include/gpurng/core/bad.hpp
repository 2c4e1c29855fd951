#pragma once
#include <cuda_runtime.h>  // rule 1: not the standard library
#include <cstdint>
#include "ok.hpp"
#include "gpurng/device/api.hpp"     // rule 1: core includes device
#include "../../../src/engine_impl.hpp"  // rule 1 (and rule 4 does not apply: src/ is not tools/)
