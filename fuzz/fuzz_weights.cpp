// libFuzzer target: the CLI's --weights parser (tools/gpurng/weights_option.cpp) on any text, as a
// weights file's contents. It must return at least one and at most the limit of weights, each finite
// and >= 0, or throw gpurng::Error(invalid_argument) naming the source; anything else is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "gpurng/gpurng.hpp"
#include "weights_option.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::uint64_t kMaxEntries = 1000;  // small, so that the entry limit is reached too
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const std::vector<double> w = gpurng::cli::parse_weights_text(text, "--weights file 'f'", kMaxEntries);
    if (w.empty() || w.size() > kMaxEntries) __builtin_trap();
    for (double v : w) {
      if (!std::isfinite(v) || v < 0.0) __builtin_trap();
    }
  } catch (const gpurng::Error& e) {
    if (e.status() != gpurng::Status::invalid_argument ||
        std::string(e.what()).rfind("--weights file 'f': ", 0) != 0) {
      __builtin_trap();
    }
  }
  return 0;
}
