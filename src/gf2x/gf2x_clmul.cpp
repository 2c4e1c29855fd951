// Karatsuba carry-less multiplication (see gf2x_clmul.hpp).
#include "gf2x_clmul.hpp"

#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace gpurng::gf2x {
namespace {

using u64 = std::uint64_t;

// Below this many words the schoolbook product is faster than another Karatsuba level.
constexpr std::size_t kSchoolbookWords = 12;

void clmul64_portable(u64 a, u64 b, u64* lo, u64* hi) {
  u64 l = 0, h = 0;
  for (int i = 0; i < 64; ++i) {
    if ((b >> i) & 1u) {
      l ^= a << i;
      if (i != 0) h ^= a >> (64 - i);
    }
  }
  *lo = l;
  *hi = h;
}

void schoolbook_portable(u64* r, const u64* a, const u64* b, std::size_t n) {
  for (std::size_t i = 0; i < 2 * n; ++i) r[i] = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      u64 lo, hi;
      clmul64_portable(a[i], b[j], &lo, &hi);
      r[i + j] ^= lo;
      r[i + j + 1] ^= hi;
    }
  }
}

#if defined(__x86_64__)
__attribute__((target("pclmul,sse2"))) void clmul64_hardware(u64 a, u64 b, u64* lo, u64* hi) {
  const __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a)),
                                         _mm_cvtsi64_si128(static_cast<long long>(b)), 0x00);
  *lo = static_cast<u64>(_mm_cvtsi128_si64(p));
  *hi = static_cast<u64>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)));
}

// Accumulates each output word pair in a 128-bit register: r[k], r[k+1] ^= a[i] b[k-i].
__attribute__((target("pclmul,sse2"))) void schoolbook_hardware(u64* r, const u64* a, const u64* b, std::size_t n) {
  __m128i acc[2 * kSchoolbookWords];
  for (std::size_t k = 0; k < 2 * n; ++k) acc[k] = _mm_setzero_si128();
  for (std::size_t i = 0; i < n; ++i) {
    const __m128i ai = _mm_cvtsi64_si128(static_cast<long long>(a[i]));
    for (std::size_t j = 0; j < n; ++j) {
      const __m128i p = _mm_clmulepi64_si128(ai, _mm_cvtsi64_si128(static_cast<long long>(b[j])), 0x00);
      acc[i + j] = _mm_xor_si128(acc[i + j], p);
    }
  }
  // acc[k] holds the 128-bit sum of products at word offset k.
  u64 carry = 0;
  for (std::size_t k = 0; k < 2 * n; ++k) {
    r[k] = carry ^ static_cast<u64>(_mm_cvtsi128_si64(acc[k]));
    carry = static_cast<u64>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc[k], acc[k])));
  }
}

bool detect_hardware() { return __builtin_cpu_supports("pclmul") != 0; }
#else
bool detect_hardware() { return false; }
#endif

const bool kHardware = detect_hardware();

void schoolbook(u64* r, const u64* a, const u64* b, std::size_t n) {
#if defined(__x86_64__)
  if (kHardware) {
    schoolbook_hardware(r, a, b, n);
    return;
  }
#endif
  schoolbook_portable(r, a, b, n);
}

// r[0 .. 2n) = a b; t: scratch of at least 8n + 64 words.
void karatsuba(u64* r, const u64* a, const u64* b, std::size_t n, u64* t) {
  if (n <= kSchoolbookWords) {
    schoolbook(r, a, b, n);
    return;
  }
  const std::size_t h = n / 2;  // low half: h words
  const std::size_t m = n - h;  // high half: m >= h words
  karatsuba(r, a, b, h, t);                  // r[0 .. 2h) = a_lo b_lo
  karatsuba(r + 2 * h, a + h, b + h, m, t);  // r[2h .. 2n) = a_hi b_hi
  u64* sa = t;
  u64* sb = t + m;
  u64* mid = t + 2 * m;
  for (std::size_t i = 0; i < m; ++i) {
    sa[i] = a[h + i] ^ (i < h ? a[i] : 0);
    sb[i] = b[h + i] ^ (i < h ? b[i] : 0);
  }
  karatsuba(mid, sa, sb, m, t + 4 * m);  // (a_lo + a_hi)(b_lo + b_hi)
  for (std::size_t i = 0; i < 2 * h; ++i) mid[i] ^= r[i];
  for (std::size_t i = 0; i < 2 * m; ++i) mid[i] ^= r[2 * h + i];
  for (std::size_t i = 0; i < 2 * m; ++i) r[h + i] ^= mid[i];
}

u64 spread32(u64 x) {
  x &= 0xffffffffu;
  x = (x | (x << 16)) & 0x0000ffff0000ffffull;
  x = (x | (x << 8)) & 0x00ff00ff00ff00ffull;
  x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0full;
  x = (x | (x << 2)) & 0x3333333333333333ull;
  x = (x | (x << 1)) & 0x5555555555555555ull;
  return x;
}

}  // namespace

bool clmul_is_hardware() { return kHardware; }

void clmul64(u64 a, u64 b, u64* lo, u64* hi) {
#if defined(__x86_64__)
  if (kHardware) {
    clmul64_hardware(a, b, lo, hi);
    return;
  }
#endif
  clmul64_portable(a, b, lo, hi);
}

void clmul_words(u64* r, const u64* a, const u64* b, std::size_t n) {
  if (n == 0) return;
  thread_local std::vector<u64> scratch;
  if (scratch.size() < 8 * n + 64) scratch.resize(8 * n + 64);
  karatsuba(r, a, b, n, scratch.data());
}

void square_words(u64* r, const u64* a, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    r[2 * i] = spread32(a[i]);
    r[2 * i + 1] = spread32(a[i] >> 32);
  }
}

}  // namespace gpurng::gf2x
