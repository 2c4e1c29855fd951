// The published MTGP parameter sets shipped with the library (generated at build time from data/mtgp/
// by tools/mtgp/gen_param_tables.cpp into build/generated/mtgp_param_tables.cpp).
#pragma once

#include <cstdint>

#include "gpurng/core/engines/mtgp.hpp"

namespace gpurng::detail::mtgp_tables {

// A set's identity as its creator printed it: label number, total dimension defect (Delta, smaller
// is better), number of non-zero terms of the characteristic polynomial, and the SHA-1 of that
// polynomial (the reference's ID string is "mtgp32:<mexp>:<sha1>").
struct Identity {
  std::uint32_t label;
  std::uint32_t delta;
  std::uint32_t weight;
  const char* poly_sha1;
};

template <class W>
struct Table {
  const char* source;  // the CSV in data/mtgp/
  std::uint32_t count;
  const core::mtgp::Params<W>* params;
  const Identity* ids;
};

// 128 'fast' sets per exponent (MTGP's mtgp32-param-fast.c / mtgp64-param-fast.c).
extern const Table<std::uint32_t> k32_fast_11213;
extern const Table<std::uint32_t> k32_fast_23209;
extern const Table<std::uint32_t> k32_fast_44497;
extern const Table<std::uint64_t> k64_fast_23209;
extern const Table<std::uint64_t> k64_fast_44497;
extern const Table<std::uint64_t> k64_fast_110503;
// The 200 dynamic-creator sets for 11213 that cuRAND ships as mtgp32dc_params_fast_11213.
extern const Table<std::uint32_t> k32dc_fast_11213;

}  // namespace gpurng::detail::mtgp_tables
