// Compiler feature switches for the portable core. Every switch is always defined (0 or 1) and is
// tested with #if, never #ifdef, so a typo is a hard error instead of a silently false branch.
#pragma once

#include <cstdint>

// GPURNG_HD marks a function callable from host and device code. Under nvcc it is
// __host__ __device__; under a plain C++ compiler it is empty, so core/ compiles with g++ alone.
#if defined(__CUDACC__)
#define GPURNG_CUDA_COMPILER 1
#define GPURNG_HD __host__ __device__
#else
#define GPURNG_CUDA_COMPILER 0
#define GPURNG_HD
#endif

// 1 while compiling device code (the __CUDA_ARCH__ pass of nvcc), 0 on the host pass and under g++.
#if defined(__CUDA_ARCH__)
#define GPURNG_DEVICE_PASS 1
#else
#define GPURNG_DEVICE_PASS 0
#endif

// 1 while compiling the core for an OpenCL device: the OpenCL backend's kernel bodies, which clang
// compiles as C++17 in its SYCL device mode (src/opencl/CMakeLists.txt says why), or C++ for OpenCL.
// Such a pass takes the host branches (GPURNG_DEVICE_PASS is 0: plain operators, compiled without
// contraction) except where a host branch needs what those targets lack (unsigned __int128).
#if defined(__SYCL_DEVICE_ONLY__) || defined(__OPENCL_CPP_VERSION__)
#define GPURNG_OPENCL_PASS 1
#else
#define GPURNG_OPENCL_PASS 0
#endif

// 1 where the core's `#pragma unroll` hints on an engine's rows and rounds apply: nvcc's device pass,
// and the OpenCL bodies compiled for NVIDIA GPUs (PTX), whose loops clang's cost model otherwise
// leaves rolled, with their arrays indexed at run time and so in local memory (Threefry4x64-20's
// rounds and key schedule: 252 local loads in its bits kernel, 0.09x the CUDA kernel's rate). Not for
// the SPIR programs (CPU drivers such as PoCL compile them at run time; unrolled they only grow).
// Only the headers of the counter engines' blocks and of the row and lane loops test it; the other
// hints stay nvcc's (unrolled in clang's PTX, DCMT's put its arrays in local memory).
#if GPURNG_DEVICE_PASS || (GPURNG_OPENCL_PASS && defined(__NVPTX__))
#define GPURNG_UNROLL_HINTS 1
#else
#define GPURNG_UNROLL_HINTS 0
#endif

#if defined(_MSC_VER) && !defined(__CUDACC__)
#define GPURNG_FORCEINLINE __forceinline
#else
#define GPURNG_FORCEINLINE inline __attribute__((always_inline))
#endif

// For the large sampler bodies (rejection loops of Poisson, binomial, gamma, ...): one out-of-line
// copy per translation unit instead of one inlined copy per (engine, transform, kernel), which keeps
// the build time of every engine x distribution instantiation bounded. The samplers are dominated by
// their Philox blocks and double arithmetic, so the call costs little. Never changes a value.
#if defined(__CUDACC__)
#define GPURNG_NOINLINE __noinline__
#elif defined(_MSC_VER)
#define GPURNG_NOINLINE __declspec(noinline)
#else
#define GPURNG_NOINLINE __attribute__((noinline))
#endif
