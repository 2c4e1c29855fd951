// From a run-time Request to the MTGP conversion family (core/engines/mtgp_layout.hpp) and the
// compile-time transform. Only the combinations an MTGP engine can serve are instantiated:
//   32-bit reference engines: bits and floats from Word32, doubles from Pair32 (two streams);
//   64-bit engines: Word64 for everything; cuRAND compatibility: Curand32 for everything.
#pragma once

#include <type_traits>

#include "distributions/select_transform.hpp"
#include "exec.hpp"
#include "families/mtgp/mtgp_streams.hpp"
#include "gpurng/core/engines/mtgp_layout.hpp"

namespace gpurng::detail::mtgp {

template <class E>
struct Tag {
  using type = E;
};

// The engine traits of a request: 64-bit engines Word64; cuRAND compatibility Curand32; the 32-bit
// reference engines Pair32 for double values (two streams per value), else Word32.
template <class W, class F>
void with_mtgp_traits(const Request& req, Conversions conv, F&& f) {
  using namespace core::mtgp;
  if constexpr (sizeof(W) == 8) {
    f(Tag<Word64>{});
  } else if (conv == Conversions::curand) {
    f(Tag<Curand32>{});
  } else if (req.type == ValueType::f64) {
    f(Tag<Pair32>{});
  } else {
    f(Tag<Word32>{});
  }
}

// f(tag, transform): the request's transform (distributions/select_transform.hpp) over its traits.
template <class W, class F>
void with_mtgp_transform(const Request& req, Conversions conv, F&& f) {
  with_mtgp_traits<W>(req, conv, [&](auto tag) {
    using E = typename decltype(tag)::type;
    dists::select_transform<E, dists::NormalForm::box_muller>(req, [&](const auto& tr) { f(tag, tr); });
  });
}

// Outputs per transform group: 2 for Box-Muller and the keyed samplers, else 1.
template <class W>
unsigned arity_of(const Request& req, Conversions conv) {
  unsigned arity = 1;
  with_mtgp_transform<W>(req, conv, [&](auto, const auto& tr) { arity = std::decay_t<decltype(tr)>::arity; });
  return arity;
}

}  // namespace gpurng::detail::mtgp
