// The block partition of a range over P workers (devices of one process, MPI ranks), one definition
// for every layer that splits work: Generator::generate_per_device, the multi-device calls and
// gpurng/mpi.hpp all use it, so that "part k of P" means the same everywhere.
//
//   gpurng::BlockPart p = gpurng::block_part(n, P, k);   // part k covers [p.first, p.first + p.count)
//
// Part k of n items over P parts starts at k * (n / P) + min(k, n % P): the first n % P parts hold one
// item more than the others, so part sizes differ by at most one, the parts are contiguous and in
// order, and together they cover [0, n) exactly, for any n (0 and n < P included) and any P >= 1.
// Because the library's sequence contract makes position i of a call the element offset + i of the
// canonical sequence, part k of a call is the same call made at offset + first: no communication.
#pragma once

#include <cstdint>
#include <string>

#include "gpurng/gpurng.hpp"

namespace gpurng {

struct BlockPart {
  std::uint64_t first;  // index of the part's first item in [0, n)
  std::uint64_t count;  // number of items in the part
};

// Part k of n items over `parts` parts. Throws Error(invalid_argument) for parts == 0 or k >= parts.
inline BlockPart block_part(std::uint64_t n, std::uint64_t parts, std::uint64_t k) {
  if (parts == 0) throw Error(Status::invalid_argument, "parts: 0 is out of range [1, 2^64-1]");
  if (k >= parts) {
    throw Error(Status::invalid_argument,
                "part: " + std::to_string(k) + " is out of range [0, " + std::to_string(parts - 1) + "]");
  }
  const std::uint64_t q = n / parts;
  const std::uint64_t r = n % parts;
  // k * q + min(k, r) <= n never overflows: k * q <= (parts - 1) * q <= n - q.
  return BlockPart{k * q + (k < r ? k : r), q + (k < r ? 1 : 0)};
}

}  // namespace gpurng
