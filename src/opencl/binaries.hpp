// The OpenCL programs built with the library (src/opencl/CMakeLists.txt): for each engine of
// engine_list.hpp, its kernels as SPIR (LLVM bitcode for spir64: PoCL and other platforms with
// cl_khr_spir) and as PTX (for NVIDIA's OpenCL). The table is generated (binaries.cpp in the build
// tree); it is empty in a build without the kernel tools (clang, llvm-link, opt, llc).
#pragma once

#include <cstddef>

namespace gpurng::detail::opencl {

struct ProgramBinary {
  const char* name;  // engine_list.hpp's ProgramOf<E>::program
  const unsigned char* spir;
  std::size_t spir_size;
  const unsigned char* ptx;  // null-terminated text; ptx_size counts the terminator
  std::size_t ptx_size;
};

// The programs, and how many there are (0: built without OpenCL kernels).
extern const ProgramBinary kPrograms[];
extern const std::size_t kProgramCount;

}  // namespace gpurng::detail::opencl
