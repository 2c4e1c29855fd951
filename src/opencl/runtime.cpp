// The OpenCL backend's host side (runtime.hpp).
#include "opencl/runtime.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "opencl/binaries.hpp"
#include "opencl/cl_api.hpp"
#include "opencl/kernel_args.hpp"

namespace gpurng::detail::opencl {
namespace {

[[noreturn]] void fail(const char* call, cl_int code) {
  if (code == CL_MEM_OBJECT_ALLOCATION_FAILURE || code == CL_OUT_OF_RESOURCES || code == CL_OUT_OF_HOST_MEMORY) {
    throw Error(Status::out_of_memory, std::string("opencl: ") + call + " failed with OpenCL error " +
                                           std::to_string(code) + " (out of memory or resources)");
  }
  if (code == CL_INVALID_BUFFER_SIZE) {  // larger than the device's largest buffer (dcmt's windows of many streams)
    throw Error(Status::out_of_memory, std::string("opencl: ") + call + " failed with OpenCL error " +
                                           std::to_string(code) + " (a buffer larger than the device allows)");
  }
  throw Error(Status::internal_error,
              std::string("opencl: ") + call + " failed with OpenCL error " + std::to_string(code));
}

void check(const char* call, cl_int code) {
  if (code != CL_SUCCESS) fail(call, code);
}

const Api& need_api() {
  const Api* a = api();
  if (a == nullptr) {
    throw Error(Status::no_device, "backend opencl: libOpenCL.so.1 (an OpenCL ICD loader) could not be loaded");
  }
  return *a;
}

std::string platform_text(const Api& cl, cl_platform_id p, cl_uint what) {
  std::size_t size = 0;
  if (cl.GetPlatformInfo(p, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string s(size, '\0');
  if (cl.GetPlatformInfo(p, what, size, s.data(), nullptr) != CL_SUCCESS) return {};
  s.resize(std::strlen(s.c_str()));
  return s;
}

std::string device_text(const Api& cl, cl_device_id d, cl_uint what) {
  std::size_t size = 0;
  if (cl.GetDeviceInfo(d, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string s(size, '\0');
  if (cl.GetDeviceInfo(d, what, size, s.data(), nullptr) != CL_SUCCESS) return {};
  s.resize(std::strlen(s.c_str()));
  return s;
}

template <class T>
T device_value(const Api& cl, cl_device_id d, cl_uint what) {
  T v{};
  if (cl.GetDeviceInfo(d, what, sizeof v, &v, nullptr) != CL_SUCCESS) return T{};
  return v;
}

enum class Format { none, spir, ptx };

struct Device {
  cl_device_id id;
  OpenclDeviceInfo info;
  Format format;
  std::uint64_t max_alloc;
};

// Every device of every platform; a platform that fails to list its devices is left out.
std::vector<Device> enumerate() {
  std::vector<Device> out;
  const Api* a = api();
  if (a == nullptr) return out;
  const Api& cl = *a;
  cl_uint np = 0;
  if (cl.GetPlatformIDs(0, nullptr, &np) != CL_SUCCESS || np == 0) return out;
  std::vector<cl_platform_id> platforms(np);
  if (cl.GetPlatformIDs(np, platforms.data(), nullptr) != CL_SUCCESS) return out;
  for (cl_platform_id p : platforms) {
    cl_uint nd = 0;
    if (cl.GetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS || nd == 0) continue;
    std::vector<cl_device_id> ids(nd);
    if (cl.GetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd, ids.data(), nullptr) != CL_SUCCESS) continue;
    const std::string platform = platform_text(cl, p, CL_PLATFORM_NAME);
    for (cl_device_id id : ids) {
      Device d{};
      d.id = id;
      d.info.index = static_cast<int>(out.size());
      d.info.platform = platform;
      d.info.name = device_text(cl, id, CL_DEVICE_NAME);
      d.info.version = device_text(cl, id, CL_DEVICE_VERSION);
      d.info.gpu = (device_value<cl_bitfield>(cl, id, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_GPU) != 0;
      d.info.compute_units = device_value<cl_uint>(cl, id, CL_DEVICE_MAX_COMPUTE_UNITS);
      d.info.global_memory_bytes = static_cast<std::size_t>(device_value<cl_ulong>(cl, id, CL_DEVICE_GLOBAL_MEM_SIZE));
      d.max_alloc = device_value<cl_ulong>(cl, id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
      // NVIDIA's OpenCL loads PTX (and no SPIR); other platforms load SPIR where they list cl_khr_spir.
      const std::string ext = " " + device_text(cl, id, CL_DEVICE_EXTENSIONS) + " ";
      if (platform.find("NVIDIA") != std::string::npos) {
        d.format = Format::ptx;
      } else if (ext.find(" cl_khr_spir ") != std::string::npos) {
        d.format = Format::spir;
      } else {
        d.format = Format::none;
      }
      d.info.format = d.format == Format::ptx ? "ptx" : d.format == Format::spir ? "spir" : "none";
      out.push_back(std::move(d));
    }
  }
  return out;
}

// A device in use: its context, queue, and the programs and kernels loaded on it so far.
class DeviceState {
 public:
  explicit DeviceState(const Device& d) : device_(d) {
    const Api& cl = need_api();
    cl_int err = CL_SUCCESS;
    context_ = cl.CreateContext(nullptr, 1, &device_.id, nullptr, nullptr, &err);
    check("clCreateContext", err);
    queue_ = cl.CreateCommandQueue(context_, device_.id, 0, &err);
    if (err != CL_SUCCESS) {
      cl.ReleaseContext(context_);
      fail("clCreateCommandQueue", err);
    }
  }
  ~DeviceState() {
    const Api& cl = *api();
    for (InputSlot& slot : slots_) {
      wait(slot);  // its write may still read slot.host
      if (slot.mem != nullptr) cl.ReleaseMemObject(slot.mem);
    }
    for (auto& [name, k] : kernels_) cl.ReleaseKernel(k.kernel);
    for (auto& [name, p] : programs_) cl.ReleaseProgram(p);
    for (auto& [name, m] : kept_) cl.ReleaseMemObject(m);
    cl.ReleaseCommandQueue(queue_);
    cl.ReleaseContext(context_);
  }
  DeviceState(const DeviceState&) = delete;
  DeviceState& operator=(const DeviceState&) = delete;

  const Device& device() const { return device_; }
  cl_context context() const { return context_; }

  // The buffer holding constant `in` (Input::keep), uploaded on first use.
  cl_mem kept(const Input& in) {
    const auto found = kept_.find(in.keep);
    if (found != kept_.end()) return found->second;
    cl_int err = CL_SUCCESS;
    cl_mem m = need_api().CreateBuffer(context_, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, in.bytes,
                                       const_cast<void*>(in.data), &err);
    check("clCreateBuffer", err);
    kept_.emplace(in.keep, m);
    return m;
  }
  cl_command_queue queue() const { return queue_; }

  // A launch's own inputs (chunk jumps, MT windows, DCMT's tables) go through a ring of device
  // buffers: each written without blocking from its slot's host copy, and reused once the kernel that
  // read it has completed. Before, every launch created a buffer with CL_MEM_COPY_HOST_PTR and
  // released it, an allocation and a copy on the host's path per launch.
  static constexpr std::size_t kInputSlots = 8;
  struct Staged {
    cl_mem mem;
    std::size_t slot;
  };
  Staged stage(const Input& in) {
    const Api& cl = need_api();
    const std::size_t index = next_slot_;
    InputSlot& slot = slots_[index];
    wait(slot);
    if (slot.capacity < in.bytes) {
      if (slot.mem != nullptr) cl.ReleaseMemObject(slot.mem);
      slot.mem = nullptr;
      slot.capacity = 0;
      cl_int err = CL_SUCCESS;
      slot.mem = cl.CreateBuffer(context_, CL_MEM_READ_ONLY, in.bytes, nullptr, &err);
      check("clCreateBuffer", err);
      slot.capacity = in.bytes;
    }
    const unsigned char* bytes = static_cast<const unsigned char*>(in.data);
    slot.host.assign(bytes, bytes + in.bytes);
    check("clEnqueueWriteBuffer", cl.EnqueueWriteBuffer(queue_, slot.mem, CL_FALSE, 0, in.bytes, slot.host.data(), 0,
                                                        nullptr, &slot.done));
    next_slot_ = (index + 1) % kInputSlots;
    return Staged{slot.mem, index};
  }
  // The kernel that reads the staged slots: each waits for it (rather than its write) before reuse.
  void read_by(const std::size_t* staged, int count, cl_event kernel) {
    const Api& cl = need_api();
    for (int i = 0; i < count; ++i) {
      InputSlot& slot = slots_[staged[i]];
      if (slot.done != nullptr) cl.ReleaseEvent(slot.done);
      cl.RetainEvent(kernel);
      slot.done = kernel;
    }
  }

  // A kernel and its work-group size: on a GPU 128 work-items (a multiple of the 32-wide warp or
  // wavefront, and 4 of them per group), or less where the kernel allows less; 0 (the platform
  // chooses) on other devices.
  struct Loaded {
    cl_kernel kernel;
    std::size_t group;
    std::size_t most;  // CL_KERNEL_WORK_GROUP_SIZE
  };
  Loaded kernel(const char* program, int index) {
    const std::string name = std::string("gpurng_fill_") + program + "_" + std::to_string(index);
    const auto found = kernels_.find(name);
    if (found != kernels_.end()) return found->second;
    const Api& cl = need_api();
    cl_int err = CL_SUCCESS;
    cl_kernel k = cl.CreateKernel(load(program), name.c_str(), &err);
    check("clCreateKernel", err);
    std::size_t most = 0;
    if (cl.GetKernelWorkGroupInfo(k, device_.id, CL_KERNEL_WORK_GROUP_SIZE, sizeof most, &most, nullptr) != CL_SUCCESS) {
      most = 0;
    }
    const std::size_t group = device_.info.gpu ? std::min<std::size_t>(128, most) / 32 * 32 : 0;
    const Loaded l{k, group, most};
    kernels_.emplace(name, l);
    return l;
  }

 private:
  cl_program load(const char* program) {
    const auto found = programs_.find(program);
    if (found != programs_.end()) return found->second;
    const ProgramBinary* bin = nullptr;
    for (std::size_t i = 0; i < kProgramCount; ++i) {
      if (std::strcmp(kPrograms[i].name, program) == 0) bin = &kPrograms[i];
    }
    if (bin == nullptr) throw Error(Status::internal_error, std::string("opencl: no program ") + program + " was built");
    const unsigned char* bytes = device_.format == Format::ptx ? bin->ptx : bin->spir;
    const std::size_t size = device_.format == Format::ptx ? bin->ptx_size : bin->spir_size;
    if (device_.format == Format::none || bytes == nullptr || size == 0) {
      throw Error(Status::unsupported, "backend opencl: device " + std::to_string(device_.info.index) + " (" +
                                           device_.info.name + ", " + device_.info.platform +
                                           ") takes none of the program formats this gpurng was built with "
                                           "(SPIR for cl_khr_spir platforms, PTX for NVIDIA)");
    }
    const Api& cl = need_api();
    cl_int status = CL_SUCCESS;
    cl_int err = CL_SUCCESS;
    cl_program p = cl.CreateProgramWithBinary(context_, 1, &device_.id, &size, &bytes, &status, &err);
    if (err != CL_SUCCESS || status != CL_SUCCESS) fail("clCreateProgramWithBinary", err != CL_SUCCESS ? err : status);
    const char* options = device_.format == Format::spir ? "-x spir -spir-std=1.2" : "";
    err = cl.BuildProgram(p, 1, &device_.id, options, nullptr, nullptr);
    if (err != CL_SUCCESS) {
      std::string log(4096, '\0');
      std::size_t used = 0;
      cl.GetProgramBuildInfo(p, device_.id, CL_PROGRAM_BUILD_LOG, log.size(), log.data(), &used);
      log.resize(std::strlen(log.c_str()));
      cl.ReleaseProgram(p);
      throw Error(Status::unsupported, "backend opencl: device " + std::to_string(device_.info.index) + " (" +
                                           device_.info.name + ") could not build program " + program +
                                           " (OpenCL error " + std::to_string(err) + "): " + log);
    }
    programs_.emplace(program, p);
    return p;
  }

  struct InputSlot {
    cl_mem mem = nullptr;
    std::size_t capacity = 0;
    std::vector<unsigned char> host;  // what the write reads until it completes
    cl_event done = nullptr;          // the last command that reads host or mem
  };
  // Until the slot's last command has completed (or ended in error: done all the same).
  static void wait(InputSlot& slot) {
    if (slot.done == nullptr) return;
    const Api& cl = *api();
    cl.WaitForEvents(1, &slot.done);
    cl.ReleaseEvent(slot.done);
    slot.done = nullptr;
  }

  Device device_;
  cl_context context_ = nullptr;
  cl_command_queue queue_ = nullptr;
  std::map<std::string, cl_program> programs_;
  std::map<std::string, Loaded> kernels_;
  std::map<std::string, cl_mem> kept_;
  InputSlot slots_[kInputSlots];
  std::size_t next_slot_ = 0;
};

// The process's devices in use. One mutex serialises fills: a kernel's arguments are shared state.
struct Registry {
  std::mutex mutex;
  bool listed = false;
  std::vector<Device> all;
  std::map<int, std::unique_ptr<DeviceState>> used;
};

Registry& registry() {
  static Registry* r = new Registry;  // never destroyed: ICDs may be unloaded before static destructors run
  return *r;
}

const std::vector<Device>& listed(Registry& r) {
  if (!r.listed) {
    r.all = enumerate();
    r.listed = true;
  }
  return r.all;
}

DeviceState& use(Registry& r, int index) {
  const std::vector<Device>& all = listed(r);
  if (api() == nullptr) need_api();
  if (index < 0 || static_cast<std::size_t>(index) >= all.size()) {
    throw Error(Status::no_device, all.empty() ? std::string("backend opencl: no OpenCL platform with a device was found")
                                               : "backend opencl: device " + std::to_string(index) +
                                                     " does not exist; devices are 0 .. " +
                                                     std::to_string(all.size() - 1) + " (gpurng list)");
  }
  auto found = r.used.find(index);
  if (found == r.used.end()) found = r.used.emplace(index, std::make_unique<DeviceState>(all[index])).first;
  return *found->second;
}

struct Buffer {
  cl_mem mem = nullptr;
  ~Buffer() {
    if (mem != nullptr) api()->ReleaseMemObject(mem);
  }
};

}  // namespace

std::vector<OpenclDeviceInfo> devices() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<OpenclDeviceInfo> out;
  for (const Device& d : listed(r)) out.push_back(d.info);
  return out;
}

bool device_present(int index) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return index >= 0 && static_cast<std::size_t>(index) < listed(r).size();
}

int default_device() {
  const char* s = std::getenv("GPURNG_OPENCL_DEVICE");
  if (s == nullptr || *s == '\0') return 0;
  char* end = nullptr;
  const long v = std::strtol(s, &end, 10);
  if (*end != '\0' || v < 0 || v > 1 << 20) {
    throw Error(Status::invalid_argument,
                std::string("GPURNG_OPENCL_DEVICE: expected a device index (gpurng list), got \"") + s + "\"");
  }
  return static_cast<int>(v);
}

DeviceShape device_shape(int device) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  const Device& d = use(r, device).device();
  const std::uint64_t cap = std::uint64_t{1} << 28;
  return DeviceShape{std::max<cl_uint>(1, d.info.compute_units), d.info.gpu,
                     d.max_alloc > 0 ? std::min<std::uint64_t>(cap, d.max_alloc) : cap};
}

void run(const ExecContext& ctx, const Launch& l) {
  if (l.items == 0) return;
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  DeviceState& ds = use(r, ctx.opencl_device);
  const Api& cl = need_api();
  const DeviceState::Loaded loaded = ds.kernel(l.program, l.kernel);
  cl_kernel k = loaded.kernel;
  const bool into_buffer = ctx.opencl_buffer != nullptr;

  cl_int err = CL_SUCCESS;
  Buffer out, io;  // released when the launch ends
  cl_mem in_mem[3] = {nullptr, nullptr, nullptr};
  std::size_t staged[3];
  int staged_count = 0;
  for (int i = 0; i < 3; ++i) {
    if (l.in[i].bytes == 0) continue;
    if (l.in[i].keep != nullptr) {
      in_mem[i] = ds.kept(l.in[i]);
      continue;
    }
    // Copied to the slot's host copy, so the caller's data may go when run() returns.
    const DeviceState::Staged st = ds.stage(l.in[i]);
    in_mem[i] = st.mem;
    staged[staged_count++] = st.slot;
  }
  cl_mem out_mem = nullptr;
  std::uint64_t out_byte_offset = 0;
  if (into_buffer) {
    out_mem = ctx.opencl_buffer;
    out_byte_offset = ctx.opencl_buffer_offset + l.out.at;
  } else if (l.out.bytes != 0) {
    out.mem = cl.CreateBuffer(ds.context(), CL_MEM_WRITE_ONLY, l.out.bytes, nullptr, &err);
    check("clCreateBuffer", err);
    out_mem = out.mem;
  }
  if (l.io.bytes != 0) {
    io.mem = cl.CreateBuffer(ds.context(), CL_MEM_WRITE_ONLY, l.io.bytes, nullptr, &err);
    check("clCreateBuffer", err);
  }
  unsigned char args[kArgBytes];
  std::memcpy(args, l.args, kArgBytes);
  std::memcpy(args + 8 * kOutByteOffsetScalar, &out_byte_offset, sizeof out_byte_offset);

  // A null cl_mem (arg_value pointing at null) passes a null pointer: OpenCL 1.2, clSetKernelArg.
  // The arguments are captured at the enqueue, so the next launch may set them again at once.
  check("clSetKernelArg", cl.SetKernelArg(k, 0, sizeof(cl_mem), &out_mem));
  check("clSetKernelArg", cl.SetKernelArg(k, 1, kArgBytes, args));
  for (int i = 0; i < 3; ++i) check("clSetKernelArg", cl.SetKernelArg(k, 2 + i, sizeof(cl_mem), &in_mem[i]));
  check("clSetKernelArg", cl.SetKernelArg(k, 5, sizeof(cl_mem), &io.mem));
  // Bodies return for items past l.items, so the global size may round up.
  if (l.group != 0 && l.group > loaded.most) {
    throw Error(Status::unsupported, "backend opencl: device " + std::to_string(ds.device().info.index) + " (" +
                                         ds.device().info.name + ") runs kernel " + std::to_string(l.kernel) +
                                         " of program " + l.program + " in work-groups of at most " +
                                         std::to_string(loaded.most) + " work-items; it needs " +
                                         std::to_string(l.group));
  }
  const std::size_t group = l.group != 0 ? l.group : loaded.group;
  const std::size_t round = group != 0 ? group : 64;
  const std::size_t global = static_cast<std::size_t>((l.items + round - 1) / round * round);
  cl_event ran = nullptr;
  check("clEnqueueNDRangeKernel", cl.EnqueueNDRangeKernel(ds.queue(), k, 1, nullptr, &global,
                                                          group != 0 ? &group : nullptr, 0, nullptr,
                                                          staged_count != 0 ? &ran : nullptr));
  if (ran != nullptr) {
    ds.read_by(staged, staged_count, ran);
    cl.ReleaseEvent(ran);
  }
  if (!into_buffer && l.out.bytes != 0) {
    check("clEnqueueReadBuffer", cl.EnqueueReadBuffer(ds.queue(), out.mem, CL_TRUE, 0, l.out.bytes,
                                                      static_cast<unsigned char*>(l.out.data) + l.out.at, 0,
                                                      nullptr, nullptr));
  }
  if (l.io.bytes != 0) {
    check("clEnqueueReadBuffer", cl.EnqueueReadBuffer(ds.queue(), io.mem, CL_TRUE, 0, l.io.bytes,
                                                      static_cast<unsigned char*>(l.io.data) + l.io.at, 0, nullptr,
                                                      nullptr));
  }
  // Host output without any read (no output bytes): wait all the same, as every host call does.
  if (!into_buffer && l.out.bytes == 0 && l.io.bytes == 0) check("clFinish", cl.Finish(ds.queue()));
  // Released here, the temporary buffers live on until the commands that use them complete (OpenCL
  // 1.2, clReleaseMemObject).
}

_cl_context* context_of(int device) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return use(r, device).context();
}

_cl_command_queue* queue_of(int device) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return use(r, device).queue();
}

void check_output_buffer(int device, _cl_mem* buffer, std::uint64_t first_byte, std::uint64_t bytes,
                         const char* what) {
  if (buffer == nullptr) throw Error(Status::invalid_argument, std::string(what) + ": null OpenCL buffer");
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  DeviceState& ds = use(r, device);
  const Api& cl = need_api();
  cl_context owner = nullptr;
  std::size_t size = 0;
  const cl_int e1 = cl.GetMemObjectInfo(buffer, CL_MEM_CONTEXT, sizeof owner, &owner, nullptr);
  const cl_int e2 = cl.GetMemObjectInfo(buffer, CL_MEM_SIZE, sizeof size, &size, nullptr);
  if (e1 != CL_SUCCESS || e2 != CL_SUCCESS) {
    throw Error(Status::invalid_argument, std::string(what) + ": not a valid OpenCL memory object (clGetMemObjectInfo: " +
                                              std::to_string(e1 != CL_SUCCESS ? e1 : e2) + ")");
  }
  if (owner != ds.context()) {
    throw Error(Status::invalid_argument,
                std::string(what) + ": the buffer belongs to another OpenCL context; make it in the generator's "
                                    "(Generator::opencl_context(), device " +
                    std::to_string(device) + ")");
  }
  if (first_byte > size || bytes > size - first_byte) {
    throw Error(Status::invalid_argument, std::string(what) + ": the buffer holds " + std::to_string(size) +
                                              " bytes; the call writes bytes [" + std::to_string(first_byte) + ", " +
                                              std::to_string(first_byte) + " + " + std::to_string(bytes) + ")");
  }
}

}  // namespace gpurng::detail::opencl

namespace gpurng {

bool built_with_opencl() noexcept { return detail::opencl::kProgramCount != 0; }

std::vector<OpenclDeviceInfo> opencl_devices() { return detail::opencl::devices(); }

}  // namespace gpurng
