// The few OpenCL entry points the backend uses, found at run time in libOpenCL.so.1 (the ICD
// loader) with dlopen, so that libgpurng has no link dependency on OpenCL and starts on machines
// without it. The types and constants are the OpenCL 1.2 ABI's (Khronos cl.h), declared here so that
// building needs no OpenCL headers either.
#pragma once

#include <cstddef>
#include <cstdint>

// At global scope, as Khronos declares them (and gpurng.hpp for the three of its API).
struct _cl_platform_id;
struct _cl_device_id;
struct _cl_context;
struct _cl_command_queue;
struct _cl_mem;
struct _cl_program;
struct _cl_kernel;
struct _cl_event;

namespace gpurng::detail::opencl {

using cl_int = std::int32_t;
using cl_uint = std::uint32_t;
using cl_ulong = std::uint64_t;
using cl_bitfield = cl_ulong;
using cl_platform_id = ::_cl_platform_id*;
using cl_device_id = ::_cl_device_id*;
using cl_context = ::_cl_context*;
using cl_command_queue = ::_cl_command_queue*;
using cl_mem = ::_cl_mem*;
using cl_program = ::_cl_program*;
using cl_kernel = ::_cl_kernel*;
using cl_event = ::_cl_event*;

inline constexpr cl_int CL_SUCCESS = 0;
inline constexpr cl_int CL_DEVICE_NOT_FOUND = -1;
inline constexpr cl_int CL_MEM_OBJECT_ALLOCATION_FAILURE = -4;
inline constexpr cl_int CL_OUT_OF_RESOURCES = -5;
inline constexpr cl_int CL_OUT_OF_HOST_MEMORY = -6;
inline constexpr cl_int CL_INVALID_MEM_OBJECT = -38;
inline constexpr cl_int CL_INVALID_BUFFER_SIZE = -61;
inline constexpr cl_int CL_PLATFORM_NOT_FOUND_KHR = -1001;
inline constexpr cl_uint CL_TRUE = 1;
inline constexpr cl_uint CL_FALSE = 0;
inline constexpr cl_bitfield CL_DEVICE_TYPE_ALL = 0xFFFFFFFF;
inline constexpr cl_bitfield CL_DEVICE_TYPE_GPU = 1u << 2;
inline constexpr cl_bitfield CL_MEM_WRITE_ONLY = 1u << 1;
inline constexpr cl_bitfield CL_MEM_READ_ONLY = 1u << 2;
inline constexpr cl_bitfield CL_MEM_COPY_HOST_PTR = 1u << 5;
inline constexpr cl_uint CL_PLATFORM_NAME = 0x0902;
inline constexpr cl_uint CL_PLATFORM_VERSION = 0x0901;
inline constexpr cl_uint CL_DEVICE_TYPE = 0x1000;
inline constexpr cl_uint CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002;
inline constexpr cl_uint CL_DEVICE_GLOBAL_MEM_SIZE = 0x101F;
inline constexpr cl_uint CL_DEVICE_MAX_MEM_ALLOC_SIZE = 0x1010;
inline constexpr cl_uint CL_DEVICE_NAME = 0x102B;
inline constexpr cl_uint CL_DEVICE_VERSION = 0x102F;
inline constexpr cl_uint CL_DEVICE_EXTENSIONS = 0x1030;
inline constexpr cl_uint CL_PROGRAM_BUILD_LOG = 0x1183;
inline constexpr cl_uint CL_MEM_SIZE = 0x1102;
inline constexpr cl_uint CL_KERNEL_WORK_GROUP_SIZE = 0x11B0;
inline constexpr cl_uint CL_MEM_CONTEXT = 0x1106;

// The entry points, resolved together; a missing one leaves the whole API unavailable.
struct Api {
  cl_int (*GetPlatformIDs)(cl_uint, cl_platform_id*, cl_uint*);
  cl_int (*GetPlatformInfo)(cl_platform_id, cl_uint, std::size_t, void*, std::size_t*);
  cl_int (*GetDeviceIDs)(cl_platform_id, cl_bitfield, cl_uint, cl_device_id*, cl_uint*);
  cl_int (*GetDeviceInfo)(cl_device_id, cl_uint, std::size_t, void*, std::size_t*);
  cl_context (*CreateContext)(const std::intptr_t*, cl_uint, const cl_device_id*, void*, void*, cl_int*);
  cl_int (*ReleaseContext)(cl_context);
  cl_command_queue (*CreateCommandQueue)(cl_context, cl_device_id, cl_bitfield, cl_int*);
  cl_int (*ReleaseCommandQueue)(cl_command_queue);
  cl_mem (*CreateBuffer)(cl_context, cl_bitfield, std::size_t, void*, cl_int*);
  cl_int (*ReleaseMemObject)(cl_mem);
  cl_int (*GetMemObjectInfo)(cl_mem, cl_uint, std::size_t, void*, std::size_t*);
  cl_program (*CreateProgramWithBinary)(cl_context, cl_uint, const cl_device_id*, const std::size_t*,
                                        const unsigned char**, cl_int*, cl_int*);
  cl_int (*BuildProgram)(cl_program, cl_uint, const cl_device_id*, const char*, void*, void*);
  cl_int (*GetProgramBuildInfo)(cl_program, cl_device_id, cl_uint, std::size_t, void*, std::size_t*);
  cl_int (*ReleaseProgram)(cl_program);
  cl_kernel (*CreateKernel)(cl_program, const char*, cl_int*);
  cl_int (*ReleaseKernel)(cl_kernel);
  cl_int (*GetKernelWorkGroupInfo)(cl_kernel, cl_device_id, cl_uint, std::size_t, void*, std::size_t*);
  cl_int (*SetKernelArg)(cl_kernel, cl_uint, std::size_t, const void*);
  cl_int (*EnqueueNDRangeKernel)(cl_command_queue, cl_kernel, cl_uint, const std::size_t*, const std::size_t*,
                                 const std::size_t*, cl_uint, const cl_event*, cl_event*);
  cl_int (*EnqueueReadBuffer)(cl_command_queue, cl_mem, cl_uint, std::size_t, std::size_t, void*, cl_uint,
                              const cl_event*, cl_event*);
  cl_int (*Finish)(cl_command_queue);
  cl_int (*EnqueueWriteBuffer)(cl_command_queue, cl_mem, cl_uint, std::size_t, std::size_t, const void*, cl_uint,
                               const cl_event*, cl_event*);
  cl_int (*WaitForEvents)(cl_uint, const cl_event*);
  cl_int (*RetainEvent)(cl_event);
  cl_int (*ReleaseEvent)(cl_event);
};

// The API, or nullptr where libOpenCL.so.1 (or one of its entry points) is missing. Loaded once per
// process; never unloaded (ICDs keep threads that may outlive any static destructor).
const Api* api();

}  // namespace gpurng::detail::opencl
