// The engines the OpenCL backend serves, and the name of each one's OpenCL program.
//
// Device-clean (core/ headers only): included by the host side (launch.hpp, the kernel-list
// generator) and by the kernel source (kernels.clcpp), so both name the same traits types. An
// engine here gets one program, gpurng_fill over every transform of the distribution list
// (kernel_list_gen.cpp writes the list); an engine not here is refused by the opencl backend
// (engines.cpp says which, by gpurng::Engine).
//
// The first slice (issue 28): the engines on the generic fill (core/produce.hpp) whose state is
// plain data. Not yet: xorwow (its state points to a host jump table), the many-stream engines
// (mwc, xorshift256, kiss, the cuRAND host layouts: core/stream_produce.hpp), mt19937(-64), MTGP,
// the DC families and Sobol' (their own kernels and device state).
#pragma once

#include "gpurng/core/engines/curand_host.hpp"
#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/core/engines/pcg64.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "gpurng/core/engines/threefry.hpp"

namespace gpurng::detail::opencl {

// program: the name of the engine's program (the generated files and the kernel names start with
// it). E: the core traits the engine's front fills with (dispatch.hpp's fill_from_base<E>).
template <class E>
struct ProgramOf;

#define GPURNG_OPENCL_PROGRAM(Traits, name)          \
  template <>                                        \
  struct ProgramOf<Traits> {                         \
    static constexpr const char* program = name;     \
  };

GPURNG_OPENCL_PROGRAM(core::mrg32k3a::Engine, "mrg32k3a")
GPURNG_OPENCL_PROGRAM(core::philox::Traits4x32_10, "philox4x32_10")
GPURNG_OPENCL_PROGRAM(core::philox::Traits4x64_10, "philox4x64_10")
GPURNG_OPENCL_PROGRAM(core::threefry::Traits4x64_20, "threefry4x64_20")
GPURNG_OPENCL_PROGRAM(core::threefry::Traits2x32_20, "threefry2x32_20")
GPURNG_OPENCL_PROGRAM(core::pcg64::TraitsPcg64, "pcg64")
GPURNG_OPENCL_PROGRAM(core::pcg64::TraitsPcg64Dxsm, "pcg64dxsm")
GPURNG_OPENCL_PROGRAM(core::kiss99::Engine, "kiss99")
GPURNG_OPENCL_PROGRAM(core::curand_host::PhiloxTraits, "philox4x32_10_curand")
GPURNG_OPENCL_PROGRAM(core::curand_host::PhiloxDoubleTraits, "philox4x32_10_curand_f64")

#undef GPURNG_OPENCL_PROGRAM

template <class... E>
struct EngineTraitsList {};
// Every engine above (the build makes one program of each: src/opencl/CMakeLists.txt lists the
// same names).
using AllEngineTraits =
    EngineTraitsList<core::mrg32k3a::Engine, core::philox::Traits4x32_10, core::philox::Traits4x64_10,
                     core::threefry::Traits4x64_20, core::threefry::Traits2x32_20, core::pcg64::TraitsPcg64,
                     core::pcg64::TraitsPcg64Dxsm, core::kiss99::Engine, core::curand_host::PhiloxTraits,
                     core::curand_host::PhiloxDoubleTraits>;

// Whether the OpenCL backend has a program for engine traits E.
template <class E, class = void>
struct HasProgram {
  static constexpr bool value = false;
};
template <class E>
struct HasProgram<E, decltype((void)ProgramOf<E>::program)> {
  static constexpr bool value = true;
};

}  // namespace gpurng::detail::opencl
