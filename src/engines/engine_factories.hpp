// One factory per engine family, each defined in its src/engines/<engine>_engine.cpp and listed in
// engine_registry.cpp.
#pragma once

#include <memory>

#include "engine_impl.hpp"

namespace gpurng::detail {

std::unique_ptr<EngineImpl> make_mrg32k3a_engine();
std::unique_ptr<EngineImpl> make_sobol32_engine();
std::unique_ptr<EngineImpl> make_sobol64_engine();

}  // namespace gpurng::detail
