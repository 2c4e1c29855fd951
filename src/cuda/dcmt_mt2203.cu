// dcmt2203 on the GPU: the kernel and launchers of dcmt_generate.cuh for core::dcmt::Mt2203 (one shape per
// translation unit: each is minutes of nvcc on a small machine, and two compile in parallel).
#include "cuda/dcmt_generate.cuh"

namespace gpurng::detail::cuda {
template struct DcmtWorkspaceDeleter<core::dcmt::Mt2203>;
template struct DcmtLaunchers<core::dcmt::Mt2203>;
}  // namespace gpurng::detail::cuda
