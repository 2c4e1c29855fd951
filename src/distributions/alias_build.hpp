// Building the alias table of the discrete distribution (Walker's method, Vose's construction) from
// user weights, on the host. The lookup is core::dist::alias_pick (core/dist/alias_table.hpp).
//
// Deterministic by construction, so that every machine builds the same table from the same weights
// and a value depends only on (engine, seed, stream, weights, i): one pass in index order, IEEE
// double operations in a fixed order (the library is compiled without contraction), no threads and
// no library function whose result may differ between platforms (only ldexp/frexp, which are exact).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpurng::detail::dists {

// The most categories a table may have: every category then fits an int32 value.
constexpr std::uint64_t kMaxAliasCategories = std::uint64_t{1} << 31;

struct AliasTable {
  std::vector<double> threshold;     // column j keeps j with probability threshold[j], in [0, 1]
  std::vector<std::uint32_t> alias;  // and gives alias[j] otherwise
};

// Checks the weights (weights[i] finite and >= 0, at least one > 0, 1 <= k <= 2^31) and builds the
// table for P(i) = weights[i] / sum(weights). Throws Error(invalid_argument) naming "weights", the
// index of a bad weight and the valid range; std::bad_alloc when the table does not fit.
AliasTable build_alias_table(const double* weights, std::size_t k);

}  // namespace gpurng::detail::dists
