// Output formats of `gpurng generate`: txt (one value per line), bin (raw little-endian), npy
// (NumPy format 1.0, one-dimensional), written to stdout or to a file that appears under its
// final name only once it is complete.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace gpurng::cli {

enum class Format { txt, bin, npy };
enum class ValueKind { u32, u64, f32, f64 };

std::size_t value_bytes(ValueKind k);

// Where the bytes go. For a regular file (or a new one), writes go to "<path>.part", renamed to
// <path> by commit(); the destructor removes the partial file if commit() was never reached. An
// existing device, FIFO or socket (e.g. /dev/null) is written in place.
class OutputTarget {
 public:
  explicit OutputTarget(const std::string& path);  // "-" = stdout
  ~OutputTarget();
  OutputTarget(const OutputTarget&) = delete;
  OutputTarget& operator=(const OutputTarget&) = delete;
  void write(const void* data, std::size_t size);
  void commit();
  bool is_terminal() const;

 private:
  std::string path_;
  std::string part_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
  bool in_place_ = false;  // the target is not a regular file: written directly, never renamed
};

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
