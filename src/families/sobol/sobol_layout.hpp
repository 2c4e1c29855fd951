// How a Sobol' request is laid out and cut into work, shared by the engine, the CPU backend and the
// CUDA kernel.
//
// A request for n = N * D values at point offset P is the block of points P .. P+N-1 of dimensions
// 0 .. D-1, dimension-major: out[d * N + i] = coordinate d of point P + i (cuRAND's layout). A Rect
// is a sub-block (some dimensions, some points) written contiguously with pitch `points`; any
// contiguous stretch of the request's output is at most three Rects (SobolBlock::split), which is
// how host output through a device scratch buffer is cut into chunks.
#pragma once

#include <cstdint>

#include "gpurng/core/engines/sobol.hpp"

namespace gpurng::detail::sobol {

// Points [first, first + points) of dimensions [dim0, dim0 + dims), written to
// out[(d - dim0) * points + (n - first)].
struct Rect {
  std::uint64_t first;
  std::uint64_t points;
  std::uint32_t dim0;
  std::uint32_t dims;
};

// The randomisation of every dimension of a request.
struct ScrambleConfig {
  core::sobol::ScrambleKind kind;
  std::uint64_t seed;
};

// One request: N points from point `first`, D dimensions, dimension-major.
struct SobolBlock {
  std::uint64_t first;
  std::uint64_t points;  // N
  std::uint32_t dims;    // D

  struct Piece {
    Rect rect;
    std::uint64_t out_index;  // where the Rect's first value goes, relative to the stretch
  };
  struct Pieces {
    Piece piece[3];
    int count;
  };

  // The stretch out[begin, begin + count) of the block as Rects (count > 0, begin + count <= N * D).
  Pieces split(std::uint64_t begin, std::uint64_t count) const {
    Pieces out{};
    const std::uint64_t end = begin + count;
    std::uint64_t d = begin / points;
    std::uint64_t i = begin % points;
    const std::uint64_t d_end = end / points;
    const std::uint64_t i_end = end % points;
    auto add = [&](std::uint64_t dim, std::uint64_t ndims, std::uint64_t p0, std::uint64_t np) {
      out.piece[out.count] = Piece{Rect{first + p0, np, static_cast<std::uint32_t>(dim), static_cast<std::uint32_t>(ndims)},
                                   dim * points + p0 - begin};
      ++out.count;
    };
    if (d == d_end) {  // inside one dimension
      add(d, 1, i, i_end - i);
      return out;
    }
    if (i != 0) {  // the rest of a started dimension
      add(d, 1, i, points - i);
      ++d;
    }
    if (d_end > d) add(d, d_end - d, 0, points);  // whole dimensions
    if (i_end != 0) add(d_end, 1, 0, i_end);      // the start of the last one
    return out;
  }
};

}  // namespace gpurng::detail::sobol
