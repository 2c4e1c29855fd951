// The DLPack ABI (https://dmlc.github.io/dlpack/latest/c_api.html), declared here from its
// specification so that the module needs no dlpack.h: the structures are a stable C ABI, identical
// in every 1.x release (1.1 and later only add data-type codes). Version 0.x producers hand out
// DLManagedTensor in a capsule named "dltensor"; 1.x producers, asked with max_version, hand out
// DLManagedTensorVersioned in a capsule named "dltensor_versioned". A consumer that takes the
// tensor renames the capsule to "used_dltensor" / "used_dltensor_versioned" and calls the deleter
// when done with it.
#pragma once

#include <cstdint>

namespace gpurng_py::dlpack {

enum DeviceType : std::int32_t {
  kCPU = 1,
  kCUDA = 2,
  kCUDAHost = 3,  // pinned host memory
  kCUDAManaged = 13,
};

enum TypeCode : std::uint8_t { kInt = 0, kUInt = 1, kFloat = 2, kOpaqueHandle = 3, kBfloat = 4, kComplex = 5, kBool = 6 };

struct Device {
  std::int32_t device_type;  // DeviceType (a C enum: int-sized)
  std::int32_t device_id;
};

struct DataType {
  std::uint8_t code;  // TypeCode
  std::uint8_t bits;
  std::uint16_t lanes;
};

struct Tensor {
  void* data;
  Device device;
  std::int32_t ndim;
  DataType dtype;
  std::int64_t* shape;
  std::int64_t* strides;  // in elements; null: compact row-major (C order)
  std::uint64_t byte_offset;
};

struct ManagedTensor {
  Tensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(ManagedTensor* self);
};

struct Version {
  std::uint32_t major;
  std::uint32_t minor;
};

constexpr std::uint64_t kFlagReadOnly = 1u << 0;  // the consumer must not write
constexpr std::uint64_t kFlagIsCopied = 1u << 1;  // the producer copied the data for this export

struct ManagedTensorVersioned {
  Version version;
  void* manager_ctx;
  void (*deleter)(ManagedTensorVersioned* self);
  std::uint64_t flags;
  Tensor dl_tensor;
};

constexpr const char* kCapsule = "dltensor";
constexpr const char* kCapsuleUsed = "used_dltensor";
constexpr const char* kCapsuleVersioned = "dltensor_versioned";
constexpr const char* kCapsuleVersionedUsed = "used_dltensor_versioned";

// The version gpurng implements, as producer and as consumer.
constexpr Version kVersion{1, 0};

}  // namespace gpurng_py::dlpack
