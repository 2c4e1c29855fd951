// How a kernel receives what its body needs beside buffers: one by-value argument of kArgBytes bytes
// (no buffer per call for them), copied byte for byte from the host:
//   [0, kStateOffset)                   up to 8 launch scalars (u64): the kind's positions and counts
//   [kStateOffset, kTransformOffset)    the engine state, or the kind's call description
//   [kTransformOffset, kArgBytes)       the transform
// Shared by the host (launch.hpp and the kinds' launch headers) and the kernel bodies
// (kernel_bodies.cpp); kernel_entries.cl declares the same size.
#pragma once

namespace gpurng::detail::opencl {

inline constexpr unsigned kArgBytes = 960;  // with the five buffers: within the 1024 bytes of kernel arguments every OpenCL device takes
inline constexpr unsigned kStateOffset = 64;
inline constexpr unsigned kTransformOffset = 256;
inline constexpr unsigned kScalars = kStateOffset / 8;

// The scalars of each kind (index into the u64 array at offset 0); every kind has its number of
// work-items at kItemsScalar (the global size is rounded up, so bodies return for items past it).
//   generic: 0 first position, 1 count, 2 rows per work-item     state: the engine state
//            4: 1 for the direct fill (then 2 is unused and the work-items stride over the groups)
//   stream:  0 seed                                               state: StreamCall (engine_list.hpp)
//   dcmt:    (none)                                               state: core::dcmt::Call, pointers null
//   mt:      0 first position, 1 count, 2 values per work-item    state: NoState
inline constexpr unsigned kItemsScalar = 3;
inline constexpr unsigned kDirectScalar = 4;
// Every kind: the byte offset of the output within the output buffer, which the kernel entry adds
// (kernel_entries.cl); 0 for the launch's own buffer, the place in the caller's OpenCL buffer else.
inline constexpr unsigned kOutByteOffsetScalar = 7;

// The generic body's work-groups: kGenericGroup work-items, whose rows of each round go through a
// tile in local memory so that the group writes whole 128-byte lines (kernel_bodies.cpp). A tile row
// is a row of 8-byte values (256 bytes) and 16 bytes of padding; kernel_entries.cl declares the tile.
inline constexpr unsigned kGenericGroup = 64;
inline constexpr unsigned kTileVectors = kGenericGroup * (256 + 16) / 16;  // 16-byte vectors

}  // namespace gpurng::detail::opencl
