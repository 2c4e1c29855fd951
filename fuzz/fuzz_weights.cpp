// libFuzzer target: the CLI's --weights parser (tools/gpurng/weights_option.cpp) on any text, as a
// weights file's contents, and the library's alias-table construction (src/distributions/
// alias_build.cpp) on what it accepts. The parser must return 1 to 1000 weights, each finite and
// >= 0, or throw gpurng::Error(invalid_argument) naming the source; the table must then be built (or
// refused as all zero) with every threshold in [0, 1], every alias in range, no column aliasing a zero
// weight, and lookups at the ends of (0, 1] in range. Anything else is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "distributions/alias_build.hpp"
#include "gpurng/core/dist/alias_table.hpp"
#include "gpurng/gpurng.hpp"
#include "weights_option.hpp"

namespace {

void check_table(const std::vector<double>& w) {
  gpurng::detail::dists::AliasTable t;
  try {
    t = gpurng::detail::dists::build_alias_table(w.data(), w.size());
  } catch (const gpurng::Error& e) {
    // The parser refuses everything else the builder checks; only all-zero weights reach it.
    if (e.status() != gpurng::Status::invalid_argument || std::string(e.what()).find("weights are 0") == std::string::npos) {
      __builtin_trap();
    }
    return;
  }
  const std::size_t k = w.size();
  if (t.threshold.size() != k || t.alias.size() != k) __builtin_trap();
  for (std::size_t j = 0; j < k; ++j) {
    if (!(t.threshold[j] >= 0.0 && t.threshold[j] <= 1.0) || t.alias[j] >= k) __builtin_trap();
    if (t.threshold[j] < 1.0 && w[t.alias[j]] == 0.0) __builtin_trap();  // a zero weight gets no mass
    if (w[j] == 0.0 && t.threshold[j] != 0.0) __builtin_trap();
  }
  const gpurng::core::dist::AliasTableView v{t.threshold.data(), t.alias.data(), k};
  for (double u : {0x1p-64, 0x1p-53, 0.5, 1.0 - 0x1p-53, 1.0}) {
    if (gpurng::core::dist::alias_pick(v, u) >= k) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::uint64_t kMaxEntries = 1000;  // small, so that the entry limit is reached too
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<double> w;
  try {
    w = gpurng::cli::parse_weights_text(text, "--weights file 'f'", kMaxEntries);
  } catch (const gpurng::Error& e) {
    if (e.status() != gpurng::Status::invalid_argument ||
        std::string(e.what()).rfind("--weights file 'f': ", 0) != 0) {
      __builtin_trap();
    }
    return 0;
  }
  if (w.empty() || w.size() > kMaxEntries) __builtin_trap();
  for (double v : w) {
    if (!std::isfinite(v) || v < 0.0) __builtin_trap();
  }
  check_table(w);
  return 0;
}
