// Launcher tables. Each CUDA launcher (launch_fill, launch_stream_fill, dcmt_generate, mt_generate,
// launch_sobol) is a template over the transform, called from plain C++ code in another object file
// (the dispatch headers, the engine fronts). An engine's .cu file explicitly instantiates its
// family's launcher table (FillLaunchers<E>, ...); the table's table() takes the address of the
// launcher of every transform in the family's list, which forces their instantiation and keeps them
// from being discarded as unused. Nothing calls table() itself.
#pragma once

#include "distributions/select_transform.hpp"

namespace gpurng::detail::cuda {

using dists::TransformList;

// The transforms every engine offers: every distribution of distributions/distribution_list.hpp,
// normals and log-normals by Box-Muller (or, with Form, the inverse CDF).
template <class E, dists::NormalForm Form = dists::NormalForm::box_muller>
using StandardTransforms = dists::AllTransforms<E, Form>;

// The transforms of list A, then those of list B.
template <class A, class B>
using Concat = typename dists::ConcatLists<A, B>::type;

// Entry i of Launchers' table over the transforms Tr...: Launchers::address<Tr>() is the address
// of its launcher for Tr.
template <class Launchers, class... Tr>
const void* launcher_table(int i, TransformList<Tr...>) {
  static const void* const launchers[] = {Launchers::template address<Tr>()...};
  return launchers[i];
}

}  // namespace gpurng::detail::cuda
