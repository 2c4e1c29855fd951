// Built without CUDA: no device, every pointer is host memory, and the CUDA backend is unavailable.
#include "cuda/cuda_support.hpp"
#include "cuda/dcmt_launch.hpp"
#include "cuda/device_copies.hpp"
#include "cuda/dirichlet_launch.hpp"
#include "cuda/discrete_launch.hpp"
#include "cuda/half_map_launch.hpp"
#include "cuda/mapped_fill_launch.hpp"
#include "cuda/device_select.hpp"
#include "cuda/mt19937_launch.hpp"
#include "cuda/sobol_launch.hpp"

namespace gpurng::detail::cuda {

bool device_present() noexcept { return false; }
std::vector<DeviceInfo> devices() { return {}; }
MemoryKind memory_kind(const void*) { return MemoryKind::host; }
PointerInfo pointer_info(const void*) { return PointerInfo{MemoryKind::host, -1}; }
int device_count() noexcept { return 0; }
int calling_thread_device() { throw Error(Status::no_device, "this gpurng was built without CUDA support"); }
DeviceGuard::DeviceGuard(int) {}
DeviceGuard::~DeviceGuard() = default;
void synchronize(CUstream_st*) { throw Error(Status::no_device, "this gpurng was built without CUDA support"); }
void generate_to_host(void*, std::size_t, std::size_t, CUstream_st*, const std::function<void(void*, std::size_t)>&) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}
// The mapped outputs' device maps (held in std::function, so linked even where never called).
void mapped_fill(void*, std::size_t, std::size_t, std::size_t, std::size_t, CUstream_st*,
                 const std::function<void(void*, std::size_t)>&, const std::function<void(void*, void*, std::size_t)>&) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}
void alias_map(const core::dist::AliasTableView&, ValueType, const double*, void*, std::size_t, CUstream_st*) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}
void dirichlet_map(const core::dist::GammaShape*, std::uint32_t, ValueType, double*, void*, std::size_t, CUstream_st*) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}
void half_map(ValueType, const float*, void*, std::size_t, CUstream_st*) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}


// The fronts hold their device workspaces whatever the build (src/backend_seam.hpp keeps the CUDA
// bodies from running here), so the pointers' deleters exist; no workspace is ever made to delete.
template <class P>
void MtWorkspaceDeleter<P>::operator()(MtWorkspace<P>*) const noexcept {}
template struct MtWorkspaceDeleter<core::mt19937::Mt32>;
template struct MtWorkspaceDeleter<core::mt19937::Mt64>;

template <class S>
void DcmtWorkspaceDeleter<S>::operator()(DcmtWorkspace<S>*) const noexcept {}
template struct DcmtWorkspaceDeleter<core::dcmt::Mt521>;
template struct DcmtWorkspaceDeleter<core::dcmt::Mt2203>;

template <class U>
void SobolDirectionsDeleter<U>::operator()(SobolDirections<U>*) const noexcept {}
template struct SobolDirectionsDeleter<std::uint32_t>;
template struct SobolDirectionsDeleter<std::uint64_t>;

// A DiscreteTable and a DirichletAlpha hold their device copies in every build; none is made here.
DeviceCopies::~DeviceCopies() = default;
const void* DeviceCopies::on_current_device(int, const void*, std::size_t, const char*) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}

}  // namespace gpurng::detail::cuda
