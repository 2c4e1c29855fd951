// The OpenCL backend's fill kernels (OpenCL C): one per (engine, transform), each calling its body
// in kernel_bodies.cpp, where all the math is. This file only turns the kernel arguments into the
// body's and finds the work-item's index.
//
// Arguments, the same for every kind of body (engine_list.hpp): the output buffer, the scalars,
// state and transform bytes (kernel_args.hpp: 960 bytes by value), three input buffers and one more
// output buffer, each null where the kind does not use it (generic: in0 the table; stream: in0 the
// chunk jumps, in1 the table; dcmt: the sets, the kept windows, the jump polynomials, and the next
// windows; mt: in0 the windows). The output starts args.words[7] bytes into `out` (kOutByteOffsetScalar
// of kernel_args.hpp: a place in the caller's buffer, or 0).

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

// The work-item's index within its work-group.
static inline uint gpurng_local_item(void) {
#if defined(__NVPTX__)
  return __nvvm_read_ptx_sreg_tid_x();
#else
  return (uint)get_local_id(0);
#endif
}

// A barrier of the work-group over local memory, for the bodies (kernel_bodies.cpp declares it).
void gpurng_local_barrier(void) {
#if defined(__NVPTX__)
  __syncthreads();
#else
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
}

// Every kernel declares the generic body's tile (kTileVectors of kernel_args.hpp); the bodies of the
// other kinds do not use it, and the compiler drops it from their kernels.
#define GPURNG_OPENCL_BODIES 0
#define GPURNG_OPENCL_KERNEL(name)                                                                             \
  void gpurng_body_##name(__global void* out, const uchar* args, __global const void* in0,                     \
                          __global const void* in1, __global const void* in2, __global void* io, ulong item,   \
                          __local uint4* tile, uint local_item);                                               \
  __kernel void gpurng_fill_##name(__global void* out, GpurngArgs args, __global const void* in0,             \
                                   __global const void* in1, __global const void* in2, __global void* io) {    \
    __local uint4 tile[1088];                                                                                  \
    gpurng_body_##name((__global uchar*)out + args.words[7], (const uchar*)&args, in0, in1, in2, io,         \
                       gpurng_item(), tile, gpurng_local_item());                                               \
  }

#include GPURNG_OPENCL_KERNEL_LIST
