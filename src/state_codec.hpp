// The state file: a little-endian envelope around an engine's payload.
//
//   offset  size  field
//   0       8     magic "GPURNGST"
//   8       4     format version (kStateFormatVersion)
//   12      4     engine id (gpurng::Engine numeric value)
//   16      8     payload size P in bytes
//   24      P     payload (engine-specific, documented in docs/ENGINES.md)
//   24+P    4     CRC-32 (IEEE 802.3 polynomial) of bytes 0 .. 24+P-1
//
// Decoding checks every field and the exact total size, so a truncated, extended or corrupted file
// is rejected with Status::corrupt_state and a message saying what was wrong.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail {

inline constexpr std::uint32_t kStateFormatVersion = 1;

std::uint32_t crc32(const std::uint8_t* data, std::size_t size);

class StateWriter {
 public:
  void u32(std::uint32_t v);
  void u64(std::uint64_t v);
  const std::vector<std::uint8_t>& bytes() const { return buf_; }

 private:
  std::vector<std::uint8_t> buf_;
};

class StateReader {
 public:
  StateReader(const std::uint8_t* data, std::size_t size, const LoadLimits& limits = LoadLimits())
      : data_(data), size_(size), limits_(limits) {}
  // Each read names the field, so a short payload gives "state payload ends before <what>".
  std::uint32_t u32(const char* what);
  std::uint64_t u64(const char* what);
  void expect_end() const;
  // The caller's LoadLimits, applied by the engines as soon as they have read the number (before
  // anything costs): throw Error(invalid_argument) naming the limit when it is exceeded.
  void limit_streams(std::uint64_t streams) const;
  void limit_param_sets(std::uint64_t sets) const;

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
  LoadLimits limits_;
};

std::vector<std::uint8_t> encode_state(Engine engine, const std::vector<std::uint8_t>& payload);

struct DecodedState {
  Engine engine;
  std::vector<std::uint8_t> payload;
};
DecodedState decode_state(const std::uint8_t* data, std::size_t size);

}  // namespace gpurng::detail
