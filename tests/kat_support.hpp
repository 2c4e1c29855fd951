// Helpers of the counter-based, PCG64 and XORWOW tests: word lists and 128-bit integers as the
// known-answer CSVs write them, and the top-byte chi-square of the quick statistical checks.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "gpurng/core/uint128.hpp"
#include "stats.hpp"

namespace gpurng::test {

// "0x12 0xab ..." or "18 171 ...", or Random123's bare hex "00000012 000000ab" (hex = true).
inline std::vector<std::uint64_t> words(const std::string& text, bool hex = false) {
  std::vector<std::uint64_t> out;
  std::istringstream in(text);
  std::string w;
  while (in >> w) out.push_back(std::stoull(w, nullptr, hex ? 16 : 0));
  return out;
}

// "0x" and up to 32 hex digits.
inline core::U128 u128_from_hex(const std::string& text) {
  const std::string digits = text.substr(2);
  const std::size_t split = digits.size() > 16 ? digits.size() - 16 : 0;
  const std::uint64_t hi = split > 0 ? std::stoull(digits.substr(0, split), nullptr, 16) : 0;
  return core::U128{std::stoull(digits.substr(split), nullptr, 16), hi};
}

// p-value of the chi-square test that the top bytes of n outputs of next() are uniform on 256 values.
template <class Next>
double top_byte_p_value(Next next, int n, int word_bits) {
  std::vector<double> count(256, 0.0);
  for (int i = 0; i < n; ++i) count[static_cast<std::size_t>(static_cast<std::uint64_t>(next()) >> (word_bits - 8))] += 1.0;
  const double expect = n / 256.0;
  double chi2 = 0.0;
  for (double c : count) chi2 += (c - expect) * (c - expect) / expect;
  return chi2_p_value(chi2, 255.0);
}

// The quick checks' cut-off: a correct engine at its fixed seeds passes far above it, the broken
// variants the tests show (one round, an even PCG multiplier) land far below.
inline constexpr double kMinPValue = 1e-6;
inline constexpr int kStatValues = 1 << 16;

}  // namespace gpurng::test
