// SHA-256 (src/support/sha256.*), the digest of gpurng conformance: the examples of FIPS 180-4 (NIST's
// "Examples with intermediate values", SHA256.pdf: "abc", the 448-bit and 896-bit messages, one
// million 'a'), the empty message, and OpenSSL's SHA256 on every length 0..300 and on messages cut
// into pieces at random, so that the padding's boundary cases (55, 56, 63, 64 bytes) and update()'s
// buffering are all checked.
#include <gtest/gtest.h>
#include <openssl/sha.h>

#include <random>
#include <string>

#include "sha256.hpp"

using gpurng::support::Sha256;

namespace {

std::string openssl_hex(const std::string& m) {
  unsigned char d[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(m.data()), m.size(), d);
  std::array<std::uint8_t, 32> a{};
  for (int i = 0; i < 32; ++i) a[static_cast<std::size_t>(i)] = d[i];
  return Sha256::to_hex(a);
}

TEST(Sha256, Fips180Examples) {
  EXPECT_EQ(Sha256::hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256::hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(Sha256::hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                        "mnopqrstnopqrstu"),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  EXPECT_EQ(Sha256::hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  Sha256 h;
  const std::string thousand(1000, 'a');
  for (int i = 0; i < 1000; ++i) h.update(thousand);
  EXPECT_EQ(Sha256::to_hex(h.finish()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, EqualsOpenSslOnEveryLengthAndAnySplit) {
  std::mt19937 rng(2026);
  for (std::size_t len = 0; len <= 300; ++len) {
    std::string m(len, '\0');
    for (char& c : m) c = static_cast<char>(rng());
    ASSERT_EQ(Sha256::hex(m), openssl_hex(m)) << "length " << len;
    Sha256 pieces;
    for (std::size_t at = 0; at < len;) {
      const std::size_t take = std::min<std::size_t>(len - at, rng() % 70);
      pieces.update(m.data() + at, take);
      at += take;
    }
    ASSERT_EQ(Sha256::to_hex(pieces.finish()), openssl_hex(m)) << "length " << len << " in pieces";
  }
}

}  // namespace
