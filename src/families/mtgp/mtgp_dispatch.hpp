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

// f(tag, transform) for the value type T of the request (T = bits_type for Distribution::bits).
template <class E, class T, class F>
void with_transform_of(const Request& req, F&& f) {
  dists::select_transform_of_type<E, T, dists::NormalForm::box_muller>(req, [&](const auto& tr) { f(Tag<E>{}, tr); });
}

template <class E, class F>
void with_value_type(const Request& req, F&& f) {
  switch (req.type) {
    case ValueType::u32:
    case ValueType::u64: with_transform_of<E, typename E::bits_type>(req, f); return;
    case ValueType::f32: with_transform_of<E, float>(req, f); return;
    case ValueType::f64: with_transform_of<E, double>(req, f); return;
  }
}

template <class W, class F>
void with_mtgp_transform(const Request& req, Conversions conv, F&& f) {
  using namespace core::mtgp;
  if constexpr (sizeof(W) == 8) {
    with_value_type<Word64>(req, f);
  } else if (conv == Conversions::curand) {
    with_value_type<Curand32>(req, f);
  } else if (req.type == ValueType::f64) {
    with_transform_of<Pair32, double>(req, f);
  } else if (req.type == ValueType::f32) {
    with_transform_of<Word32, float>(req, f);
  } else {
    with_transform_of<Word32, std::uint32_t>(req, f);
  }
}

// Transforms group outputs in pairs (Box-Muller) or not.
inline unsigned arity_of(const Request& req) {
  return req.dist == Distribution::normal || req.dist == Distribution::lognormal ? 2u : 1u;
}

}  // namespace gpurng::detail::mtgp
