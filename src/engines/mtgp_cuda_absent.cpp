// Built without CUDA: the MTGP engines have no device store.
#include "families/mtgp/mtgp_streams.hpp"

namespace gpurng::detail::mtgp {

template <class W>
std::unique_ptr<Store<W>> make_cuda_store(const Streams<W>&) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}
template std::unique_ptr<Store<std::uint32_t>> make_cuda_store(const Streams<std::uint32_t>&);
template std::unique_ptr<Store<std::uint64_t>> make_cuda_store(const Streams<std::uint64_t>&);

}  // namespace gpurng::detail::mtgp
