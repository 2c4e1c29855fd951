#include "value_writer.hpp"

#include <fmt/format.h>

#include "gpurng/core/dist/half.hpp"

namespace gpurng::cli {
namespace {

const char* npy_descr(ValueKind k) {
  switch (k) {
    case ValueKind::u32: return "<u4";
    case ValueKind::u64: return "<u8";
    case ValueKind::f32: return "<f4";
    case ValueKind::f64: return "<f8";
    case ValueKind::i32: return "<i4";
    case ValueKind::i64: return "<i8";
    case ValueKind::f16: return "<f2";
    case ValueKind::bf16: return "";  // NumPy has no bfloat16: the command refuses npy for it
  }
  return "";
}

}  // namespace

std::size_t value_bytes(ValueKind k) {
  if (k == ValueKind::f16 || k == ValueKind::bf16) return 2;
  return (k == ValueKind::u32 || k == ValueKind::f32 || k == ValueKind::i32) ? 4 : 8;
}

std::string npy_header(ValueKind kind, std::uint64_t count) {
  std::string dict = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': ({},), }}", npy_descr(kind), count);
  // magic(6) + version(2) + header length(2) + dict + padding + '\n', a multiple of 64 bytes.
  const std::size_t unpadded = 10 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict.push_back('\n');
  std::string h("\x93NUMPY\x01\x00", 8);
  h.push_back(static_cast<char>(dict.size() & 0xff));
  h.push_back(static_cast<char>(dict.size() >> 8));
  return h + dict;
}

ValueWriter::ValueWriter(Format format, ValueKind kind, OutputTarget& target)
    : format_(format), kind_(kind), target_(target) {}

void ValueWriter::begin(std::uint64_t count) {
  if (format_ == Format::npy) {
    const std::string h = npy_header(kind_, count);
    target_.write(h.data(), h.size());
  }
}

void ValueWriter::write(const void* values, std::size_t n) {
  if (format_ != Format::txt) {
    target_.write(values, n * value_bytes(kind_));
    return;
  }
  text_.clear();
  auto out = std::back_inserter(text_);
  // Integers in decimal; floats with enough digits to round-trip (9 for float, 17 for double, 5 for
  // float16, 4 for bfloat16: each half value is a float exactly).
  switch (kind_) {
    case ValueKind::u32:
      for (std::size_t i = 0; i < n; ++i) fmt::format_to(out, "{}\n", static_cast<const std::uint32_t*>(values)[i]);
      break;
    case ValueKind::u64:
      for (std::size_t i = 0; i < n; ++i) fmt::format_to(out, "{}\n", static_cast<const std::uint64_t*>(values)[i]);
      break;
    case ValueKind::f32:
      for (std::size_t i = 0; i < n; ++i) fmt::format_to(out, "{:.9g}\n", static_cast<const float*>(values)[i]);
      break;
    case ValueKind::f64:
      for (std::size_t i = 0; i < n; ++i) fmt::format_to(out, "{:.17g}\n", static_cast<const double*>(values)[i]);
      break;
    case ValueKind::i32:
      for (std::size_t i = 0; i < n; ++i) fmt::format_to(out, "{}\n", static_cast<const std::int32_t*>(values)[i]);
      break;
    case ValueKind::i64:
      for (std::size_t i = 0; i < n; ++i) fmt::format_to(out, "{}\n", static_cast<const std::int64_t*>(values)[i]);
      break;
    case ValueKind::f16:
      for (std::size_t i = 0; i < n; ++i) {
        const float v = core::dist::binary16_bits_to_float(static_cast<const std::uint16_t*>(values)[i]);
        fmt::format_to(out, "{:.5g}\n", v);
      }
      break;
    case ValueKind::bf16:
      for (std::size_t i = 0; i < n; ++i) {
        const float v = core::dist::bfloat16_bits_to_float(static_cast<const std::uint16_t*>(values)[i]);
        fmt::format_to(out, "{:.4g}\n", v);
      }
      break;
  }
  target_.write(text_.data(), text_.size());
}

}  // namespace gpurng::cli
