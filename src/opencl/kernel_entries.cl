// The OpenCL backend's fill kernels (OpenCL C): one per (engine, transform), each calling its body
// in kernel_bodies.cpp, where all the math is. This file only turns the kernel arguments into the
// body's and finds the work-item's index.
//
// Arguments: the output buffer, the engine state and transform bytes (kernel_args.hpp: 256 bytes by
// value), the first position, the count, and how many rows each work-item makes.

typedef struct {
  ulong words[32];  // kArgBytes = 256 (kernel_args.hpp)
} GpurngArgs;

// The work-item's index. NVIDIA's OpenCL takes this module as PTX without OpenCL's library of
// built-ins, so there the index comes from the PTX special registers.
static inline ulong gpurng_item(void) {
#if defined(__NVPTX__)
  return (ulong)__nvvm_read_ptx_sreg_ctaid_x() * (ulong)__nvvm_read_ptx_sreg_ntid_x() +
         (ulong)__nvvm_read_ptx_sreg_tid_x();
#else
  return get_global_id(0);
#endif
}

#define GPURNG_OPENCL_BODIES 0
#define GPURNG_OPENCL_KERNEL(name)                                                                             \
  void gpurng_body_##name(__global void* out, const uchar* args, ulong first, ulong n, ulong rows_per_item,    \
                          ulong item);                                                                         \
  __kernel void gpurng_fill_##name(__global void* out, GpurngArgs args, ulong first, ulong n,                 \
                                   ulong rows_per_item) {                                                      \
    gpurng_body_##name(out, (const uchar*)&args, first, n, rows_per_item, gpurng_item());                     \
  }

#include GPURNG_OPENCL_KERNEL_LIST
