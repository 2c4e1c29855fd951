#pragma once
#include "engine_impl.hpp"
#if GPURNG_WITH_CUDA  // a second seam (rule 7)
#endif
