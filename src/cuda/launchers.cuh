// Launcher tables. Each CUDA launcher (launch_fill, launch_stream_fill, dcmt_generate, mt_generate,
// launch_sobol) is a template over the transform, called from plain C++ code in another object file
// (the dispatch headers, the engine fronts). An engine's .cu file explicitly instantiates its
// family's launcher table (FillLaunchers<E>, ...); the table's table() takes the address of the
// launcher of every transform in the family's list, which forces their instantiation and keeps them
// from being discarded as unused. Nothing calls table() itself.
#pragma once

#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::detail::cuda {

template <class... Tr>
struct TransformList {};

// The transforms every engine offers: bits, and uniform, normal (Box-Muller), exponential and
// log-normal values in float and double.
template <class E>
using StandardTransforms =
    TransformList<core::dist::Bits<E>, core::dist::Uniform<E, float>, core::dist::Uniform<E, double>,
                  core::dist::Normal<E, float>, core::dist::Normal<E, double>, core::dist::Exponential<E, float>,
                  core::dist::Exponential<E, double>, core::dist::LogNormal<E, float>, core::dist::LogNormal<E, double>>;

// The transforms of list A, then those of list B.
template <class A, class B>
struct ConcatTransforms;
template <class... A, class... B>
struct ConcatTransforms<TransformList<A...>, TransformList<B...>> {
  using type = TransformList<A..., B...>;
};
template <class A, class B>
using Concat = typename ConcatTransforms<A, B>::type;

// Entry i of Launchers' table over the transforms Tr...: Launchers::address<Tr>() is the address
// of its launcher for Tr.
template <class Launchers, class... Tr>
const void* launcher_table(int i, TransformList<Tr...>) {
  static const void* const launchers[] = {Launchers::template address<Tr>()...};
  return launchers[i];
}

}  // namespace gpurng::detail::cuda
