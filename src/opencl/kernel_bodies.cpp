// The bodies of the OpenCL backend's fill kernels: the core's engine and distribution math, compiled
// by clang as C++17 for an OpenCL device (spir64 for SPIR, nvptx64 for NVIDIA's OpenCL), from the
// same headers as the CPU and CUDA backends. There is no OpenCL C copy of any engine or distribution.
//
// clang compiles this file in its SYCL device mode (-fsycl-is-device) only for the address spaces:
// plain C++ where pointers are generic, locals private and namespace-scope tables global, which is
// what the core (written for g++ and nvcc) assumes. C++ for OpenCL puts address spaces into the
// types instead (string literals become __constant char[], template deduction splits on
// __private), which the core does not compile under. The standard headers are the stand-ins of
// kernel_std/. kernel_entries.cl declares the kernels (OpenCL C) that call these bodies; the two are
// linked into one module per engine (src/opencl/CMakeLists.txt).
//
// Each body runs the CPU backend's row loop (src/cpu/fill.hpp, fill_rows_body) over one contiguous
// group of rows per work-item, so a value depends only on its position.
#include "gpurng/core/dist/bernoulli_geometric.hpp"
#include "gpurng/core/dist/beta.hpp"
#include "gpurng/core/dist/binomial.hpp"
#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/inversion_transforms.hpp"
#include "gpurng/core/dist/negative_binomial.hpp"
#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/dist/student_t.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/dist/truncated_normal.hpp"
#include "gpurng/core/dist/uniform_int.hpp"
#include "gpurng/core/produce.hpp"
#include "opencl/engine_list.hpp"
#include "opencl/kernel_args.hpp"
// (The transforms' headers above are those src/distributions/ includes: a distribution added there
// without its header here fails this compile with an unknown type, never silently.)

#if !defined(__SYCL_DEVICE_ONLY__)
#error "kernel_bodies.cpp is compiled for an OpenCL device only (src/opencl/CMakeLists.txt)"
#endif

#define GPURNG_GLOBAL __attribute__((opencl_global))
#define GPURNG_PRIVATE __attribute__((opencl_private))

namespace gpurng::detail::opencl {

// Rows [item * rows_per_item, ...) of positions [first, first + n).
template <class E, class Tr>
GPURNG_FORCEINLINE void fill_rows(GPURNG_GLOBAL void* out_bytes, GPURNG_PRIVATE const unsigned char* args,
                                  std::uint64_t first, std::uint64_t n, std::uint64_t rows_per_item,
                                  std::uint64_t item) {
  static_assert(sizeof(typename E::state_type) <= kTransformOffset && sizeof(Tr) <= kArgBytes - kTransformOffset,
                "kernel_args.hpp: the state and the transform fit their places");
  using V = typename Tr::value_type;
  GPURNG_GLOBAL V* const out = static_cast<GPURNG_GLOBAL V*>(out_bytes);
  typename E::state_type st;
  Tr tr;
  __builtin_memcpy(&st, static_cast<const unsigned char*>(args), sizeof st);
  __builtin_memcpy(&tr, static_cast<const unsigned char*>(args) + kTransformOffset, sizeof tr);

  const core::RowRange range = core::RowRange::make(first, n);
  const std::uint64_t r0 = item * rows_per_item;
  if (r0 >= range.row_count) return;
  const std::uint64_t left = range.row_count - r0;
  const std::uint64_t r1 = r0 + (left < rows_per_item ? left : rows_per_item);
  E::skip(st, range.row_start(r0));
  V row[core::kRowLength];
  for (std::uint64_t r = r0; r < r1; ++r) {
    const core::RowRange::Slice sl = range.slice(r);
    core::produce_row<E, Tr>(st, tr, row);
    for (unsigned i = sl.lo; i < sl.hi; ++i) out[sl.index + (i - sl.lo)] = row[i];
  }
}

}  // namespace gpurng::detail::opencl

#define GPURNG_OPENCL_BODIES 1
#define GPURNG_OPENCL_KERNEL(name)                                                                                \
  extern "C" void gpurng_body_##name(GPURNG_GLOBAL void* out, GPURNG_PRIVATE const unsigned char* args,           \
                                     unsigned long first, unsigned long n, unsigned long rows_per_item,           \
                                     unsigned long item) {                                                        \
    gpurng::detail::opencl::fill_rows<gpurng_k_##name::E, gpurng_k_##name::Tr>(out, args, first, n, rows_per_item, \
                                                                               item);                             \
  }

#include GPURNG_OPENCL_KERNEL_LIST
