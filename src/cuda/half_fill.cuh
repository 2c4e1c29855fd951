// HalfFill<E>::launch (half_fill_launch.hpp): the float transform of the request, wrapped in the core's
// rounding (core::dist::ToHalf), through the group fill of the counter engines or the generic fill
// kernel of the other skip-ahead engines. Rounding in the kernel writes 2 bytes a value instead of a
// float call's 4 plus a map's 6 (read 4, write 2).
#pragma once

#include <string>
#include <type_traits>

#include "cuda/fill_kernel.cuh"
#include "cuda/half_fill_launch.hpp"
#include "distributions/select_transform.hpp"
#include "gpurng/core/dist/half.hpp"

namespace gpurng::detail::cuda {

template <class Tr>
struct HalfSource : std::false_type {};
template <class E, class T>
struct HalfSource<core::dist::Uniform<E, T>> : std::is_same<T, float> {};
template <class E, class T>
struct HalfSource<core::dist::Normal<E, T>> : std::is_same<T, float> {};

template <class E, class Tr>
void launch_rounded(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Tr& tr,
                    std::uint16_t* out, const ExecContext& ctx) {
  if constexpr (kGroupsOfBlocks<E>) {
    launch_fill_groups<E>(base, first, n, tr, out, ctx);
  } else {
    launch_fill<E>(base, first, n, tr, out, ctx);
  }
}

template <class E>
void HalfFill<E>::launch(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Request& req,
                         std::uint16_t* out, const ExecContext& ctx) {
  Request source = req;
  source.type = ValueType::f32;
  dists::select_transform<E, dists::NormalForm::box_muller>(source, [&](const auto& tr) {
    using Tr = std::decay_t<decltype(tr)>;
    if constexpr (HalfSource<Tr>::value) {
      if (req.type == ValueType::f16) {
        launch_rounded<E>(base, first, n, core::dist::ToHalf<Tr, core::dist::HalfFormat::binary16>{tr}, out, ctx);
      } else if (req.type == ValueType::bf16) {
        launch_rounded<E>(base, first, n, core::dist::ToHalf<Tr, core::dist::HalfFormat::bfloat16>{tr}, out, ctx);
      } else {
        throw Error(Status::internal_error, "half values: not a half-precision request");
      }
    } else {
      throw Error(Status::internal_error, "half values: half values are uniform or normal floats");
    }
  });
}

}  // namespace gpurng::detail::cuda
