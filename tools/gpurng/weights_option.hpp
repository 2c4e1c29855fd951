// --weights: the discrete distribution's weights (and --alpha: the Dirichlet distribution's components,
// whose messages say "component"), as a comma list on the command line or as
// @path, a file of numbers. Input from a file is untrusted: what is read is bounded (bytes, entries,
// the length of one entry), and a bad entry is reported with its place (fuzz/fuzz_weights.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpurng::cli {

// A weights file is read up to this size (a larger regular file is refused before it is read; a
// device or pipe when it passes it). 2^24 weights of 17 significant digits take about 400 MB.
constexpr std::uint64_t kMaxWeightsFileBytes = std::uint64_t{1} << 30;
// An entry is at most this many characters ("0x1.fffffffffffffp+1023" and 17-digit decimals fit).
constexpr std::size_t kMaxWeightChars = 64;

// The weights in `text`: numbers in strtod's syntax, each finite and >= 0, separated by commas,
// spaces, tabs or line ends ("\n" or "\r\n"); a '#' starts a comment to the end of its line. Two
// commas with no number between them, or a comma first or last, are an empty entry. At least one
// entry, at most max_entries. Throws Error(invalid_argument) whose message starts with `source`
// ("--weights" or "--weights file 'w.txt'") and names the entry's number, line and column.
std::vector<double> parse_weights_text(std::string_view text, const std::string& source, std::uint64_t max_entries,
                                       const std::string& noun = "weight");

// The value of --weights: "@path" reads that file (Error(io_error) if it cannot be read; at most
// max_bytes), anything else is the list itself.
std::vector<double> read_weights_option(const std::string& value, const std::string& option,
                                        std::uint64_t max_bytes = kMaxWeightsFileBytes,
                                        const std::string& noun = "weight");

}  // namespace gpurng::cli
