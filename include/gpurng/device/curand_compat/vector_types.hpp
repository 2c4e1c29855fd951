// The small vector types cuRAND's device API returns (uint4 from curand4, float2/float4 from the
// normals, double2 from the double normals), for gpurng/device/curand_compat.hpp.
//
// Under nvcc they are CUDA's own ::uint4, ::float2, ::float4, ::double2 (always declared there), so a
// ported kernel that writes `float2 v = curand_normal2(&st);` after `using namespace
// gpurng::curand_compat;` names one type, not two. A plain C++ compiler (the host tests) gets
// look-alikes with the same members, unless CUDA's vector_types.h was included first.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::curand_compat {

#if GPURNG_CUDA_COMPILER || defined(__VECTOR_TYPES_H__)
using ::double2;
using ::float2;
using ::float4;
using ::uint4;
#else
struct uint4 {
  unsigned int x, y, z, w;
};
struct float2 {
  float x, y;
};
struct float4 {
  float x, y, z, w;
};
struct double2 {
  double x, y;
};
#endif

}  // namespace gpurng::curand_compat
