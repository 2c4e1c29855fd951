// The transforms of a program, in kernel order: kernel i of program K is transform i of
// KernelTransforms<K>. The kernel-list generator (kernel_list_gen.cpp) writes the kernels from this
// list and the launch headers find a transform's index in it, so host and kernels cannot disagree on
// the numbering. Host only (the distribution list carries the parameter checks, with std::string).
//
// Every program has the transforms select_transform<E, box_muller> passes on; MT19937(-64), whose
// fronts also offer normals by the inverse CDF (with_transform(req, method, f), dispatch.hpp), has
// those of select_transform<E, inverse_cdf_centered> after them, less the ones already there.
#pragma once

#include <type_traits>

#include "distributions/select_transform.hpp"
#include "opencl/engine_list.hpp"

namespace gpurng::detail::opencl {

template <class L, class... Add>
struct AppendNew;
template <class... A>
struct AppendNew<dists::TransformList<A...>> {
  using type = dists::TransformList<A...>;
};
template <class... A, class T, class... Rest>
struct AppendNew<dists::TransformList<A...>, T, Rest...> {
  using grown = std::conditional_t<(std::is_same_v<T, A> || ...), dists::TransformList<A...>, dists::TransformList<A..., T>>;
  using type = typename AppendNew<grown, Rest...>::type;
};

template <class L, class More>
struct UnionOf;
template <class L, class... B>
struct UnionOf<L, dists::TransformList<B...>> {
  using type = typename AppendNew<L, B...>::type;
};

template <class K>
struct KernelTransformsOf {
  using E = typename ProgramOf<K>::E;
  using box_muller = dists::AllTransforms<E, dists::NormalForm::box_muller>;
  using type = std::conditional_t<
      ProgramOf<K>::kind == Kind::mt,
      typename UnionOf<box_muller, dists::AllTransforms<E, dists::NormalForm::inverse_cdf_centered>>::type, box_muller>;
};
template <class K>
using KernelTransforms = typename KernelTransformsOf<K>::type;

// The index of Tr in the list, or -1.
template <class Tr, class... L>
constexpr int index_in(dists::TransformList<L...>) {
  int i = 0;
  int found = -1;
  ((std::is_same_v<Tr, L> ? (found = found < 0 ? i : found, ++i) : ++i), ...);
  return found;
}

// Kernel index of transform Tr in program K (a compile error if the list lacks it).
template <class K, class Tr>
constexpr int kernel_index() {
  constexpr int i = index_in<Tr>(KernelTransforms<K>{});
  static_assert(i >= 0, "every transform the front can pass on has a kernel");
  return i;
}

}  // namespace gpurng::detail::opencl
