// cuRAND's device API (curand_kernel.h) for XORWOW, Philox4_32_10 and MRG32k3a, with cuRAND's
// semantics, in gpurng's namespace (issue 22): a kernel written for curand_kernel.h ports by changing
// the include and adding
//
//   using namespace gpurng::curand_compat;
//
// and keeps its values bit for bit (tests/test_cuda_curand_compat.cu compares every function with
// cuRAND's own on the device, normals included). The functions are __host__ __device__, so the same
// code runs on the CPU (tests/test_device_api_curand_compat_host.cpp); the engine math is gpurng's
// core (core::xorwow, core::philox, core::mrg32k3a and their jumps), not a second copy.
//
//   states                     curandStateXORWOW_t (= curandState_t), curandStatePhilox4_32_10_t,
//                              curandStateMRG32k3a_t
//   all three                  curand_init(seed, subsequence, offset, &st), curand, curand_uniform,
//                              curand_uniform_double, skipahead, skipahead_sequence,
//                              curand_normal, curand_normal_double, curand_normal2,
//                              curand_normal2_double, curand_log_normal, curand_log_normal_double,
//                              curand_log_normal2, curand_log_normal2_double
//   Philox4_32_10 also         curand4, curand_uniform4, curand_uniform2_double, curand_normal4,
//                              curand_log_normal4
//   MRG32k3a also              skipahead_subsequence
//
// Bits and uniforms are cuRAND's on the host and the device. Normals and log-normals are cuRAND's
// bits on the device (the same CUDA math functions); on the host they use gpurng's portable
// functions and differ from the device in the last bits (box_muller.hpp says by how much).
// Not here: curand_poisson and curand_discrete (cuRAND's Poisson mixes three algorithms with
// approximate PTX instructions), the Sobol, MTGP32 and test states, and the deprecated
// double4 functions (curand_uniform4_double, curand_normal4_double, curand_log_normal4_double).
#pragma once

#include "gpurng/device/curand_compat/mrg32k3a.hpp"
#include "gpurng/device/curand_compat/philox.hpp"
#include "gpurng/device/curand_compat/xorwow.hpp"
