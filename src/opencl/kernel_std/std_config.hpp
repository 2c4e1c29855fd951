// Shared guard of the C++ for OpenCL stand-ins (README.md in this directory says why they exist).
#pragma once

#if !defined(__SYCL_DEVICE_ONLY__) && !defined(__OPENCL_CPP_VERSION__)
#error "src/opencl/kernel_std/ stands in for the C++ standard headers of the OpenCL kernels only"
#endif
