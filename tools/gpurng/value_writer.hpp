// Output formats of `gpurng generate`: txt (one value per line), bin (raw little-endian), npy
// (NumPy format 1.0, one-dimensional), written to an OutputTarget (standard output or a file that
// appears under its name only once it is complete).
#pragma once

#include <cstdint>
#include <string>

#include "output_target.hpp"

namespace gpurng::cli {

enum class Format { txt, bin, npy };
enum class ValueKind { u32, u64, f32, f64, i32, i64, f16, bf16 };  // f16, bf16: 16-bit patterns

std::size_t value_bytes(ValueKind k);

class ValueWriter {
 public:
  ValueWriter(Format format, ValueKind kind, OutputTarget& target);
  void begin(std::uint64_t count);  // the npy header needs the count
  void write(const void* values, std::size_t n);

 private:
  Format format_;
  ValueKind kind_;
  OutputTarget& target_;
  std::string text_;
};

// The NPY 1.0 header for a 1-D array of count values of kind (exposed for the tests).
std::string npy_header(ValueKind kind, std::uint64_t count);

}  // namespace gpurng::cli
