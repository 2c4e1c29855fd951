// The programs of the OpenCL backend: one per engine (or engine shape), each named, with the kind of
// kernel body it runs and the engine traits its transforms are made for.
//
// Device-clean (core/ headers only): included by the host side (the launch headers, the kernel-list
// generator) and by the kernel source (kernel_bodies.cpp), so both name the same types. A program here
// gets one kernel per transform of its list (program_transforms.hpp; kernel_list_gen.cpp writes the
// list); an engine without a program is refused by the opencl backend (engines.cpp says which, by
// gpurng::Engine).
//
// Kinds of body (kernel_bodies.cpp), each the loop its CPU backend runs:
//   generic  core/produce.hpp's rows from one base state (dispatch.hpp's fill_from_base<E>); key = E
//   stream   core/stream_produce.hpp's (lane, chunk) items of the many-stream engines; key = E
//   dcmt     core/dcmt_produce.hpp's (lane, chunk) items of a Dynamic-Creator shape; key = the shape
//   mt       MT19937(-64) segments from windows computed on the host; key = the parameters P
// Not yet: the MTGP engines and Sobol' (their own kernels and device state).
#pragma once

#include <type_traits>

#include "gpurng/core/dcmt_produce.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/counter_engine.hpp"
#include "gpurng/core/engines/curand_host.hpp"
#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/core/engines/mt19937.hpp"
#include "gpurng/core/engines/mwc.hpp"
#include "gpurng/core/engines/pcg64.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "gpurng/core/engines/threefry.hpp"
#include "gpurng/core/engines/xorshift256.hpp"
#include "gpurng/core/engines/xorwow.hpp"

namespace gpurng::detail::opencl {

enum class Kind { generic, stream, dcmt, mt };

// Which device-side table a program's kernels read (a buffer the host uploads once per device and
// keeps): XORWOW's jump table of GF(2) matrix powers, for xorwow (through its state's pointer) and
// for the cuRAND XORWOW layouts (through core::curand_host::xorwow_table()).
enum class Table { none, xorwow };

// ProgramOf<Key>: program (the name of the generated files and the prefix of its kernels), kind,
// table, and E, the engine traits its transforms are made for.
template <class Key>
struct ProgramOf;

#define GPURNG_OPENCL_PROGRAM(KeyType, Traits, name, kind_, table_) \
  template <>                                                      \
  struct ProgramOf<KeyType> {                                      \
    using E = Traits;                                              \
    static constexpr const char* program = name;                   \
    static constexpr Kind kind = Kind::kind_;                      \
    static constexpr Table table = Table::table_;                  \
  };

GPURNG_OPENCL_PROGRAM(core::mrg32k3a::Engine, core::mrg32k3a::Engine, "mrg32k3a", generic, none)
GPURNG_OPENCL_PROGRAM(core::philox::Traits4x32_10, core::philox::Traits4x32_10, "philox4x32_10", generic, none)
GPURNG_OPENCL_PROGRAM(core::philox::Traits4x64_10, core::philox::Traits4x64_10, "philox4x64_10", generic, none)
GPURNG_OPENCL_PROGRAM(core::threefry::Traits4x64_20, core::threefry::Traits4x64_20, "threefry4x64_20", generic, none)
GPURNG_OPENCL_PROGRAM(core::threefry::Traits2x32_20, core::threefry::Traits2x32_20, "threefry2x32_20", generic, none)
GPURNG_OPENCL_PROGRAM(core::pcg64::TraitsPcg64, core::pcg64::TraitsPcg64, "pcg64", generic, none)
GPURNG_OPENCL_PROGRAM(core::pcg64::TraitsPcg64Dxsm, core::pcg64::TraitsPcg64Dxsm, "pcg64dxsm", generic, none)
GPURNG_OPENCL_PROGRAM(core::kiss99::Engine, core::kiss99::Engine, "kiss99", generic, none)
GPURNG_OPENCL_PROGRAM(core::curand_host::PhiloxTraits, core::curand_host::PhiloxTraits, "philox4x32_10_curand",
                      generic, none)
GPURNG_OPENCL_PROGRAM(core::curand_host::PhiloxDoubleTraits, core::curand_host::PhiloxDoubleTraits,
                      "philox4x32_10_curand_f64", generic, none)
GPURNG_OPENCL_PROGRAM(core::xorwow::Traits, core::xorwow::Traits, "xorwow", generic, xorwow)
GPURNG_OPENCL_PROGRAM(core::mwc::StreamEngine, core::mwc::StreamEngine, "mwc", stream, none)
GPURNG_OPENCL_PROGRAM(core::xorshift256::StreamEngine, core::xorshift256::StreamEngine, "xorshift256", stream, none)
GPURNG_OPENCL_PROGRAM(core::kiss::StreamEngine, core::kiss::StreamEngine, "kiss", stream, none)
GPURNG_OPENCL_PROGRAM(core::curand_host::XorwowStreams, core::curand_host::XorwowStreams, "xorwow_curand", stream,
                      xorwow)
GPURNG_OPENCL_PROGRAM(core::curand_host::XorwowPairStreams, core::curand_host::XorwowPairStreams,
                      "xorwow_curand_f64", stream, xorwow)
GPURNG_OPENCL_PROGRAM(core::curand_host::Mrg32k3aStreams, core::curand_host::Mrg32k3aStreams, "mrg32k3a_curand",
                      stream, none)
GPURNG_OPENCL_PROGRAM(core::dcmt::Mt521, core::dcmt::Engine, "dcmt521", dcmt, none)
GPURNG_OPENCL_PROGRAM(core::dcmt::Mt2203, core::dcmt::Engine, "dcmt2203", dcmt, none)
GPURNG_OPENCL_PROGRAM(core::mt19937::Mt32, core::mt19937::Engine32, "mt19937", mt, none)
GPURNG_OPENCL_PROGRAM(core::mt19937::Mt64, core::mt19937::Engine64, "mt19937_64", mt, none)

#undef GPURNG_OPENCL_PROGRAM

template <class... Key>
struct ProgramKeyList {};
// Every program above (the build makes each: src/opencl/CMakeLists.txt lists the same names).
using AllPrograms =
    ProgramKeyList<core::mrg32k3a::Engine, core::philox::Traits4x32_10, core::philox::Traits4x64_10,
                   core::threefry::Traits4x64_20, core::threefry::Traits2x32_20, core::pcg64::TraitsPcg64,
                   core::pcg64::TraitsPcg64Dxsm, core::kiss99::Engine, core::curand_host::PhiloxTraits,
                   core::curand_host::PhiloxDoubleTraits, core::xorwow::Traits, core::mwc::StreamEngine,
                   core::xorshift256::StreamEngine, core::kiss::StreamEngine, core::curand_host::XorwowStreams,
                   core::curand_host::XorwowPairStreams, core::curand_host::Mrg32k3aStreams, core::dcmt::Mt521,
                   core::dcmt::Mt2203, core::mt19937::Mt32, core::mt19937::Mt64>;

// What a kernel takes in the state place of its arguments (kernel_args.hpp), by kind: the engine
// state (generic), the lanes and chunks (stream), the call with its buffer pointers left null (dcmt:
// the kernel puts its buffers there), nothing (mt: positions are scalars, windows a buffer).
struct StreamCall {
  core::StreamRange range;
  core::ChunkPlan plan;
};
struct NoState {
  std::uint64_t unused;
};
template <class K, Kind = ProgramOf<K>::kind>
struct ArgStateOf {
  using type = typename ProgramOf<K>::E::state_type;
};
template <class K>
struct ArgStateOf<K, Kind::stream> {
  using type = StreamCall;
};
template <class K>
struct ArgStateOf<K, Kind::dcmt> {
  using type = core::dcmt::Call;
};
template <class K>
struct ArgStateOf<K, Kind::mt> {
  using type = NoState;
};
template <class K>
using ArgState = typename ArgStateOf<K>::type;

// Whether the OpenCL backend has a program for key K.
template <class K, class = void>
struct HasProgram {
  static constexpr bool value = false;
};
template <class K>
struct HasProgram<K, decltype((void)ProgramOf<K>::program)> {
  static constexpr bool value = true;
};

// The direct fill (launch.hpp, kernel_bodies.cpp): engine E's counter scheme where E's state is a
// counter position whose blocks tile a group of kDirectGroup values, and Tr is the bits or a uniform
// in a type the CUDA backend's direct fill also takes (4-byte values; 8-byte ones of 64-bit words);
// else void.
inline constexpr unsigned kDirectGroup = 4;
template <class State>
struct CounterSchemeOf {
  using type = void;
};
template <class S>
struct CounterSchemeOf<core::CounterPosition<S>> {
  using type = std::conditional_t<kDirectGroup % S::kWords == 0, S, void>;
};
template <class Tr>
struct DirectTransform : std::false_type {};
template <class E>
struct DirectTransform<core::dist::Bits<E>> : std::true_type {};
template <class E, class T>
struct DirectTransform<core::dist::Uniform<E, T>> : std::true_type {};
template <class E, class Tr>
struct DirectFill
    : std::bool_constant<!std::is_same<typename CounterSchemeOf<typename E::state_type>::type, void>::value &&
                         DirectTransform<Tr>::value &&
                         (sizeof(typename Tr::value_type) == 4 ||
                          (sizeof(typename Tr::value_type) == 8 && sizeof(typename E::bits_type) == 8))> {};

}  // namespace gpurng::detail::opencl
