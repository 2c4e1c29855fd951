#include "value_writer.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {
namespace {

[[noreturn]] void io_fail(const std::string& what) {
  throw Error(Status::io_error, what + ": " + std::strerror(errno));
}

const char* npy_descr(ValueKind k) {
  switch (k) {
    case ValueKind::u32: return "<u4";
    case ValueKind::u64: return "<u8";
    case ValueKind::f32: return "<f4";
    case ValueKind::f64: return "<f8";
  }
  return "";
}

}  // namespace

std::size_t value_bytes(ValueKind k) { return (k == ValueKind::u32 || k == ValueKind::f32) ? 4 : 8; }

OutputTarget::OutputTarget(const std::string& path) : path_(path) {
  if (path == "-") {
    file_ = stdout;
    return;
  }
  // A device, pipe or socket (/dev/null, a FIFO) is written in place: renaming a finished file over
  // it would replace the node itself (as root, /dev/null would become a regular file). Regular files
  // are written next to the target and renamed when complete, so no partial file is ever presented
  // as whole.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) {
      errno = EISDIR;
      io_fail("--out: cannot write to '" + path + "'");
    }
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) io_fail("--out: cannot open '" + path + "'");
    in_place_ = true;
    return;
  }
  part_ = path + ".part";
  file_ = std::fopen(part_.c_str(), "wb");
  if (file_ == nullptr) io_fail("--out: cannot create '" + part_ + "'");
}

OutputTarget::~OutputTarget() {
  if (file_ != nullptr && file_ != stdout) std::fclose(file_);
  if (!part_.empty() && !committed_) std::remove(part_.c_str());
}

void OutputTarget::write(const void* data, std::size_t size) {
  if (size != 0 && std::fwrite(data, 1, size, file_) != size) {
    io_fail(std::string("writing ") + (file_ == stdout ? "standard output" : "'" + (in_place_ ? path_ : part_) + "'"));
  }
}

void OutputTarget::commit() {
  if (file_ == stdout) {
    if (std::fflush(stdout) != 0) io_fail("writing standard output");
    return;
  }
  const int rc = std::fclose(file_);
  file_ = nullptr;
  if (in_place_) {
    if (rc != 0) io_fail("closing '" + path_ + "'");
    committed_ = true;
    return;
  }
  if (rc != 0) io_fail("closing '" + part_ + "'");
  if (std::rename(part_.c_str(), path_.c_str()) != 0) io_fail("renaming '" + part_ + "' to '" + path_ + "'");
  committed_ = true;
}

bool OutputTarget::is_terminal() const { return file_ == stdout && ::isatty(STDOUT_FILENO) != 0; }

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
  // Integers in decimal; floats with enough digits to round-trip (9 for float, 17 for double).
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
  }
  target_.write(text_.data(), text_.size());
}

}  // namespace gpurng::cli
