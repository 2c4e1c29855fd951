// From the list of distributions (distribution_list.hpp) to transforms: the run-time choice of the
// transform for a Request, and the compile-time list of every transform a family serves (which its
// CUDA launcher table instantiates). Both walk the same list, so what a call can ask for and what
// the backends compiled cannot drift apart.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "distributions/distribution_list.hpp"

namespace gpurng::detail::dists {

// The concrete C++ type of value type V for engine traits E.
template <class V, class E>
using Resolve = std::conditional_t<std::is_same_v<V, EngineBits>, typename E::bits_type, V>;

// Whether value type V serves a request of type t (bits: either width; the front checks the width).
template <class V>
constexpr bool serves_type(ValueType t) {
  if constexpr (std::is_same_v<V, EngineBits>) {
    return t == ValueType::u32 || t == ValueType::u64;
  } else if constexpr (std::is_same_v<V, float>) {
    return t == ValueType::f32;
  } else if constexpr (std::is_same_v<V, double>) {
    return t == ValueType::f64;
  } else if constexpr (std::is_same_v<V, std::uint32_t>) {
    return t == ValueType::u32;
  } else if constexpr (std::is_same_v<V, std::uint64_t>) {
    return t == ValueType::u64;
  } else if constexpr (std::is_same_v<V, std::int32_t>) {
    return t == ValueType::i32;
  } else {
    static_assert(std::is_same_v<V, std::int64_t>, "a value type of distribution_list.hpp");
    return t == ValueType::i64;
  }
}

template <class E, NormalForm Form, class Entry, class V>
using TransformOf = decltype(Entry::template make<E, Resolve<V, E>, Form>(std::declval<const Request&>()));

// Families whose normals come from the inverse CDF of the raw points (Sobol') keep each value a
// function of one point: they serve transforms of arity 1 only.
template <class Tr, NormalForm Form>
constexpr bool servable = Form != NormalForm::inverse_cdf || Tr::arity == 1;

// ---- run time ------------------------------------------------------------------------------------

// Match(V) decides which of the entry's value types serve the request.
template <class E, NormalForm Form, class Match, class Entry, class V, class F>
bool try_value(const Request& req, F& f) {
  using C = Resolve<V, E>;
  if (!Match::template serves<V, C>(req.type)) return false;
  using Tr = TransformOf<E, Form, Entry, V>;
  if constexpr (servable<Tr, Form>) {
    f(Entry::template make<E, C, Form>(req));
  } else {
    throw Error(Status::unsupported, std::string("distribution ") + Entry::name +
                                         " takes pairs of outputs; this engine serves only distributions that use "
                                         "one output per value");
  }
  return true;
}

template <class E, NormalForm Form, class Match, class Entry, class F, class... V>
bool try_entry(const Request& req, F& f, Types<V...>) {
  if (req.dist != Entry::id) return false;
  if ((try_value<E, Form, Match, Entry, V>(req, f) || ...)) return true;
  throw Error(Status::internal_error, std::string("distribution ") + Entry::name + ": no such value type");
}

template <class E, NormalForm Form, class Match, class F, class... Entry>
void select_in(const Request& req, F& f, List<Entry...>) {
  if (!(try_entry<E, Form, Match, Entry>(req, f, typename Entry::Values{}) || ...)) {
    throw Error(Status::internal_error, "unknown distribution in request");
  }
}

struct MatchRequestType {
  template <class V, class C>
  static constexpr bool serves(ValueType t) {
    return serves_type<V>(t);
  }
};

// f(transform) for the request: the transform of req.dist, in the value type req.type, with the
// family's normal form.
template <class E, NormalForm Form, class F>
void select_transform(const Request& req, F&& f) {
  select_in<E, Form, MatchRequestType>(req, f, AllDistributions{});
}

// ---- compile time --------------------------------------------------------------------------------

template <class... Tr>
struct TransformList {};

template <class... L>
struct ConcatLists;
template <>
struct ConcatLists<> {
  using type = TransformList<>;
};
template <class... A>
struct ConcatLists<TransformList<A...>> {
  using type = TransformList<A...>;
};
template <class... A, class... B, class... Rest>
struct ConcatLists<TransformList<A...>, TransformList<B...>, Rest...> {
  using type = typename ConcatLists<TransformList<A..., B...>, Rest...>::type;
};

template <class E, NormalForm Form, class Entry, class V>
using ServedTransform = std::conditional_t<servable<TransformOf<E, Form, Entry, V>, Form>,
                                           TransformList<TransformOf<E, Form, Entry, V>>, TransformList<>>;

template <class E, NormalForm Form, class Entry, class Values>
struct EntryTransforms;
template <class E, NormalForm Form, class Entry, class... V>
struct EntryTransforms<E, Form, Entry, Types<V...>> {
  using type = typename ConcatLists<ServedTransform<E, Form, Entry, V>...>::type;
};

template <class E, NormalForm Form, class L>
struct ListTransforms;
template <class E, NormalForm Form, class... Entry>
struct ListTransforms<E, Form, List<Entry...>> {
  using type = typename ConcatLists<typename EntryTransforms<E, Form, Entry, typename Entry::Values>::type...>::type;
};

// Every transform select_transform<E, Form> can pass on.
template <class E, NormalForm Form>
using AllTransforms = typename ListTransforms<E, Form, AllDistributions>::type;

}  // namespace gpurng::detail::dists
