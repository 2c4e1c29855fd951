// Strict parsing of the CLI's numbers: the whole text must be a number in range, or the error
// names the option and the valid range.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpurng::cli {

// Decimal, 0x-hexadecimal, or 2^k (k <= 63); [0, 2^64 - 1].
std::uint64_t parse_u64(const std::string& text, const std::string& option);
// The items of a comma-separated list: at least one, none empty ("a,,b" and "a," are refused, with
// `expected` saying what the list holds).
std::vector<std::string> split_list(const std::string& text, const std::string& option, const std::string& expected);
// Comma-separated list of parse_u64 values; at least one.
std::vector<std::uint64_t> parse_u64_list(const std::string& text, const std::string& option);
// A finite double, the whole text in strtod's syntax; a value too small for a double is the nearest
// one (subnormal or 0), a value too large is refused.
double parse_double(const std::string& text, const std::string& option);

}  // namespace gpurng::cli
