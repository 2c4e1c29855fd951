// One stream of a many-stream engine (mwc, xorshift256, kiss) from the host API: values j = offset ..
// offset + count - 1 of stream s, read from the interleaved output (value j of stream s at j * S + s;
// S = s + 3, as any S > s gives the same stream). What the device API's per-thread generators reproduce.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::test {

template <class T, class F>
std::vector<T> host_stream(Engine e, std::uint64_t seed, std::uint64_t s, std::uint64_t offset, std::size_t count,
                           F generate) {
  const std::uint64_t S = s + 3;
  Generator g(e, Backend::cpu);
  g.seed(seed);
  g.streams(S);
  g.offset(offset * S);
  std::vector<T> all(count * S);
  generate(g, all.data(), all.size());
  std::vector<T> out(count);
  for (std::size_t k = 0; k < count; ++k) out[k] = all[k * S + s];
  return out;
}

}  // namespace gpurng::test
