// The OpenCL backend's fill kernels (OpenCL C): one per (engine, transform), each calling its body
// in kernel_bodies.cpp, where all the math is. This file only turns the kernel arguments into the
// body's and finds the work-item's index.
//
// Arguments, the same for every kind of body (engine_list.hpp): the output buffer, the scalars,
// state and transform bytes (kernel_args.hpp: 960 bytes by value), three input buffers and one more
// output buffer, each null where the kind does not use it (generic: in0 the table; stream: in0 the
// chunk jumps, in1 the table; dcmt: the sets, the kept windows, the jump polynomials, and the next
// windows; mt: in0 the windows).

typedef struct {
  ulong words[120];  // kArgBytes = 960 (kernel_args.hpp)
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
  void gpurng_body_##name(__global void* out, const uchar* args, __global const void* in0,                     \
                          __global const void* in1, __global const void* in2, __global void* io, ulong item);  \
  __kernel void gpurng_fill_##name(__global void* out, GpurngArgs args, __global const void* in0,             \
                                   __global const void* in1, __global const void* in2, __global void* io) {    \
    gpurng_body_##name(out, (const uchar*)&args, in0, in1, in2, io, gpurng_item());                           \
  }

#include GPURNG_OPENCL_KERNEL_LIST
