// Strict parsing of the CLI's numbers: the whole text must be a number in range, or the error
// names the option and the valid range.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpurng::cli {

// Decimal, 0x-hexadecimal, or 2^k (k <= 63); [0, 2^64 - 1].
std::uint64_t parse_u64(const std::string& text, const std::string& option);
// Comma-separated list of parse_u64 values; at least one.
std::vector<std::uint64_t> parse_u64_list(const std::string& text, const std::string& option);
// A finite double.
double parse_double(const std::string& text, const std::string& option);

}  // namespace gpurng::cli
