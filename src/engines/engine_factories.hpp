// One factory per engine family, each defined in its src/engines/<engine>_engine.cpp and listed in
// engine_registry.cpp.
#pragma once

#include <memory>

#include "engine_impl.hpp"

namespace gpurng::detail {

std::unique_ptr<EngineImpl> make_mrg32k3a_engine();
std::unique_ptr<EngineImpl> make_mt19937_engine();
std::unique_ptr<EngineImpl> make_mt19937_64_engine();
std::unique_ptr<EngineImpl> make_mwc_engine();
std::unique_ptr<EngineImpl> make_xorshift256_engine();
std::unique_ptr<EngineImpl> make_kiss_engine();
std::unique_ptr<EngineImpl> make_kiss99_engine();
std::unique_ptr<EngineImpl> make_mtgp11213_engine();
std::unique_ptr<EngineImpl> make_mtgp23209_engine();
std::unique_ptr<EngineImpl> make_mtgp44497_engine();
std::unique_ptr<EngineImpl> make_mtgp64_23209_engine();
std::unique_ptr<EngineImpl> make_mtgp64_44497_engine();
std::unique_ptr<EngineImpl> make_mtgp64_110503_engine();
std::unique_ptr<EngineImpl> make_mtgp11213_curand_engine();
std::unique_ptr<EngineImpl> make_sobol32_engine();
std::unique_ptr<EngineImpl> make_sobol64_engine();
std::unique_ptr<EngineImpl> make_dcmt521_engine();
std::unique_ptr<EngineImpl> make_dcmt2203_engine();
// src/engines/seekable_engines.cpp (issue 22)
std::unique_ptr<EngineImpl> make_philox4x32_10_engine();
std::unique_ptr<EngineImpl> make_philox4x64_10_engine();
std::unique_ptr<EngineImpl> make_threefry4x64_20_engine();
std::unique_ptr<EngineImpl> make_threefry2x32_20_engine();
std::unique_ptr<EngineImpl> make_pcg64_engine();
std::unique_ptr<EngineImpl> make_pcg64dxsm_engine();
std::unique_ptr<EngineImpl> make_xorwow_engine();
// src/engines/curand_host_engines.cpp (issue 22): cuRAND's host API
std::unique_ptr<EngineImpl> make_xorwow_curand_engine();
std::unique_ptr<EngineImpl> make_philox4x32_10_curand_engine();
std::unique_ptr<EngineImpl> make_mrg32k3a_curand_engine();

}  // namespace gpurng::detail
