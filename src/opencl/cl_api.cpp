// Loading the OpenCL ICD loader at run time (cl_api.hpp says why).
#include "opencl/cl_api.hpp"

#include <dlfcn.h>

namespace gpurng::detail::opencl {
namespace {

template <class F>
bool resolve(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  return f != nullptr;
}

Api load() {
  Api a{};
  void* lib = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) return a;
  // clCreateCommandQueue is deprecated since OpenCL 2.0 but exported by every loader, and the only
  // one an OpenCL 1.2 platform (NVIDIA's, before 3.0) has.
  const bool ok = resolve(lib, "clGetPlatformIDs", a.GetPlatformIDs) &&
                  resolve(lib, "clGetPlatformInfo", a.GetPlatformInfo) && resolve(lib, "clGetDeviceIDs", a.GetDeviceIDs) &&
                  resolve(lib, "clGetDeviceInfo", a.GetDeviceInfo) && resolve(lib, "clCreateContext", a.CreateContext) &&
                  resolve(lib, "clReleaseContext", a.ReleaseContext) &&
                  resolve(lib, "clCreateCommandQueue", a.CreateCommandQueue) &&
                  resolve(lib, "clReleaseCommandQueue", a.ReleaseCommandQueue) &&
                  resolve(lib, "clCreateBuffer", a.CreateBuffer) && resolve(lib, "clReleaseMemObject", a.ReleaseMemObject) &&
                  resolve(lib, "clGetMemObjectInfo", a.GetMemObjectInfo) &&
                  resolve(lib, "clCreateProgramWithBinary", a.CreateProgramWithBinary) &&
                  resolve(lib, "clBuildProgram", a.BuildProgram) &&
                  resolve(lib, "clGetProgramBuildInfo", a.GetProgramBuildInfo) &&
                  resolve(lib, "clReleaseProgram", a.ReleaseProgram) && resolve(lib, "clCreateKernel", a.CreateKernel) &&
                  resolve(lib, "clReleaseKernel", a.ReleaseKernel) &&
                  resolve(lib, "clGetKernelWorkGroupInfo", a.GetKernelWorkGroupInfo) && resolve(lib, "clSetKernelArg", a.SetKernelArg) &&
                  resolve(lib, "clEnqueueNDRangeKernel", a.EnqueueNDRangeKernel) &&
                  resolve(lib, "clEnqueueReadBuffer", a.EnqueueReadBuffer) && resolve(lib, "clFinish", a.Finish) &&
                  resolve(lib, "clEnqueueWriteBuffer", a.EnqueueWriteBuffer) &&
                  resolve(lib, "clWaitForEvents", a.WaitForEvents) && resolve(lib, "clRetainEvent", a.RetainEvent) &&
                  resolve(lib, "clReleaseEvent", a.ReleaseEvent);
  if (!ok) {
    dlclose(lib);
    return Api{};
  }
  return a;
}

}  // namespace

const Api* api() {
  static const Api a = load();
  return a.GetPlatformIDs != nullptr ? &a : nullptr;
}

}  // namespace gpurng::detail::opencl
