// SHA-256 (FIPS 180-4, section 6.2), written from the standard: the digest of gpurng conformance
// (issue 26). Written here rather than taken from OpenSSL because the gpurng CLI and libgpurng link
// no crypto library (tests/test_cli_dependencies); tests/test_sha256.cpp checks it against the
// standard's examples and against OpenSSL on many lengths.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gpurng::support {

class Sha256 {
 public:
  Sha256();
  // Appends bytes to the message; any split of a message gives the same digest.
  void update(const void* data, std::size_t size);
  void update(std::string_view text) { update(text.data(), text.size()); }
  // The digest of everything appended; the object must not be updated afterwards.
  std::array<std::uint8_t, 32> finish();

  // The digest of `text`, as 64 lowercase hexadecimal digits.
  static std::string hex(std::string_view text);
  static std::string to_hex(const std::array<std::uint8_t, 32>& digest);

 private:
  void compress(const std::uint8_t* block);  // one 512-bit block into h_

  std::uint32_t h_[8];
  std::uint8_t buffer_[64];
  std::size_t buffered_ = 0;
  std::uint64_t length_ = 0;  // message length in bytes (the standard's l is 8 * length_ mod 2^64)
};

}  // namespace gpurng::support
