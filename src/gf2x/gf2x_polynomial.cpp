// Berlekamp-Massey and arithmetic modulo a fixed GF(2) polynomial (see gf2x_polynomial.hpp).
#include "gf2x_polynomial.hpp"

#include <algorithm>
#include <stdexcept>

#include "gf2x_clmul.hpp"

namespace gpurng::gf2x {
namespace {

using u64 = std::uint64_t;

std::size_t words_for_bits(std::size_t bits) { return (bits + 63) / 64; }

bool bit_of(const u64* a, std::size_t i) { return ((a[i / 64] >> (i % 64)) & 1u) != 0; }
void set_bit(u64* a, std::size_t i) { a[i / 64] |= u64{1} << (i % 64); }

// dst[0 .. nd) = src >> bits, src of ns words.
void shift_right(const u64* src, std::size_t ns, std::size_t bits, u64* dst, std::size_t nd) {
  const std::size_t q = bits / 64;
  const unsigned r = static_cast<unsigned>(bits % 64);
  for (std::size_t i = 0; i < nd; ++i) {
    const std::size_t j = i + q;
    u64 v = j < ns ? src[j] >> r : 0;
    if (r != 0 && j + 1 < ns) v |= src[j + 1] << (64 - r);
    dst[i] = v;
  }
}

// a ^= b x^shift over the words of a (b of nb words; bits beyond a's end are dropped).
void xor_shifted_words(u64* a, std::size_t na, const u64* b, std::size_t nb, std::size_t shift) {
  const std::size_t q = shift / 64;
  const unsigned r = static_cast<unsigned>(shift % 64);
  if (r == 0) {
    for (std::size_t i = 0; i < nb && i + q < na; ++i) a[i + q] ^= b[i];
    return;
  }
  for (std::size_t i = 0; i < nb && i + q < na; ++i) {
    a[i + q] ^= b[i] << r;
    if (i + q + 1 < na) a[i + q + 1] ^= b[i] >> (64 - r);
  }
}

// a ^= h x^pos for one word h; pos may be negative (then h's low -pos bits are zero by construction).
void xor_word_at(u64* a, u64 h, long pos) {
  if (pos < 0) {
    a[0] ^= h >> (-pos);
    return;
  }
  const std::size_t w = static_cast<std::size_t>(pos) / 64;
  const unsigned s = static_cast<unsigned>(pos % 64);
  a[w] ^= h << s;
  if (s != 0) a[w + 1] ^= h >> (64 - s);
}

// The coefficients 0 .. n of a, in reverse order: out_i = a_{n - i}.
Words reversed(const u64* a, std::size_t na, std::size_t n) {
  Words out(words_for_bits(n + 1), 0);
  for (std::size_t i = 0; i <= n; ++i) {
    const std::size_t j = n - i;
    if (j / 64 < na && bit_of(a, j)) set_bit(out.data(), i);
  }
  return out;
}

// Keeps the low `bits` coefficients of a.
void truncate(Words& a, std::size_t bits) {
  a.resize(words_for_bits(bits), 0);
  if (bits % 64 != 0) a.back() &= (u64{1} << (bits % 64)) - 1;
}

// The product a b of two polynomials (any lengths), as a word array.
Words product(const Words& a, const Words& b) {
  const std::size_t n = std::max(a.size(), b.size());
  Words pa(a), pb(b), r(2 * n);
  pa.resize(n, 0);
  pb.resize(n, 0);
  clmul_words(r.data(), pa.data(), pb.data(), n);
  return r;
}

// Scratch space of the calling thread for Modulus products (clmul_words keeps its own).
struct Scratch {
  Words t, u, v, w;
  void fit(std::size_t nf) {
    if (t.size() < 2 * nf) {
      t.resize(2 * nf);
      u.resize(2 * nf);
      v.resize(2 * nf);
      w.resize(2 * nf);
    }
  }
};
Scratch& scratch(std::size_t nf) {
  thread_local Scratch s;
  s.fit(nf);
  return s;
}

}  // namespace

long degree(const Words& a) {
  for (std::size_t i = a.size(); i-- > 0;) {
    if (a[i] != 0) return static_cast<long>(64 * i) + 63 - __builtin_clzll(a[i]);
  }
  return -1;
}

long weight(const Words& a) {
  long w = 0;
  for (u64 v : a) w += __builtin_popcountll(v);
  return w;
}

Words minimal_polynomial(const std::vector<std::uint8_t>& bits) {
  const std::size_t N = bits.size();
  // The discrepancy at step n is the parity of C AND (s_n, s_{n-1}, ..., s_{n-L}): a window of the
  // reversed sequence R_j = s_{N-1-j} starting at o = N-1-n. The 64 shifted copies of R make every
  // window start on a word, so the inner loop is a plain AND/XOR over words.
  const std::size_t rw = N / 64 + 2;
  std::vector<u64> copies(64 * rw, 0);
  for (std::size_t j = 0; j < N; ++j) {
    if (bits[N - 1 - j] & 1u) set_bit(copies.data(), j);
  }
  for (unsigned k = 1; k < 64; ++k) {
    const u64* r0 = copies.data();
    u64* rk = copies.data() + k * rw;
    for (std::size_t i = 0; i + 1 < rw; ++i) rk[i] = (r0[i] >> k) | (r0[i + 1] << (64 - k));
  }
  const std::size_t cw = N / 64 + 2;  // C and B have degree <= L <= N
  Words C(cw, 0), B(cw, 0), T(cw, 0);
  C[0] = 1;
  B[0] = 1;
  std::size_t L = 0, LB = 0;  // degree bounds of C and B
  long m = -1;                // the step at which B was last C: C gets B x^(n - m)
  for (std::size_t n = 0; n < N; ++n) {
    const std::size_t o = N - 1 - n;
    const u64* win = copies.data() + (o % 64) * rw + o / 64;
    const std::size_t words = L / 64 + 1;
    u64 acc = 0;
    for (std::size_t i = 0; i < words; ++i) acc ^= C[i] & win[i];
    if ((__builtin_popcountll(acc) & 1) == 0) continue;
    const std::size_t shift = static_cast<std::size_t>(static_cast<long>(n) - m);
    const std::size_t bwords = LB / 64 + 1;
    if (2 * L <= n) {
      std::copy(C.begin(), C.begin() + static_cast<std::ptrdiff_t>(words), T.begin());
      xor_shifted_words(C.data(), cw, B.data(), bwords, shift);
      std::copy(T.begin(), T.begin() + static_cast<std::ptrdiff_t>(words), B.begin());
      for (std::size_t i = words; i < bwords; ++i) B[i] = 0;
      LB = L;
      L = n + 1 - L;
      m = static_cast<long>(n);
    } else {
      xor_shifted_words(C.data(), cw, B.data(), bwords, shift);
    }
  }
  // h(x) = x^L C(1/x).
  return reversed(C.data(), C.size(), L);
}

Modulus::Modulus(Words f) {
  p_ = gf2x::degree(f);
  if (p_ < 1) throw std::invalid_argument("gf2x::Modulus: the modulus must have degree >= 1");
  nr_ = words_for_bits(static_cast<std::size_t>(p_));
  nf_ = static_cast<std::size_t>(p_) / 64 + 1;
  f.resize(nf_, 0);
  f_ = std::move(f);
  top_mask_ = (p_ % 64) == 0 ? ~u64{0} : (u64{1} << (p_ % 64)) - 1;
  for (long e = p_ - 1; e >= 0; --e) {
    if (bit_of(f_.data(), static_cast<std::size_t>(e))) low_terms_.push_back(e);
  }
  // Folding costs (words above x^p) x (terms) shifted XORs; Barrett two products of nf words.
  sparse_ = !low_terms_.empty() && low_terms_.front() <= p_ - 64 && low_terms_.size() * 2 < nr_;
  if (sparse_) return;
  low_terms_.clear();
  // floor(x^(2p) / f) = the reverse (over p + 1 coefficients) of F^-1 mod x^(p+1), F the reverse
  // of f (F(0) = 1). Newton in characteristic 2: g <- F g^2 doubles the precision of F g = 1.
  const std::size_t prec = static_cast<std::size_t>(p_) + 1;
  const Words F = reversed(f_.data(), f_.size(), static_cast<std::size_t>(p_));
  Words g{1};
  for (std::size_t k = 1; k < prec;) {
    const std::size_t k2 = std::min(2 * k, prec);
    Words g2(2 * g.size());
    square_words(g2.data(), g.data(), g.size());
    truncate(g2, k2);
    Words fk(F);
    truncate(fk, k2);
    g = product(fk, g2);
    truncate(g, k2);
    k = k2;
  }
  mu_ = reversed(g.data(), g.size(), static_cast<std::size_t>(p_));
  mu_.resize(nf_, 0);
}

void Modulus::reduce_product(u64* t, u64* r) const {
  const std::size_t n2 = 2 * nf_;
  if (sparse_) {
    // x^(64 wi + b) = x^(64 wi + b - p) (f - x^p): every term lands at least a word lower, so one
    // pass from the top word down clears everything at or above x^p.
    const std::size_t boundary = static_cast<std::size_t>(p_) / 64;
    for (std::size_t wi = n2 - 1; wi >= boundary; --wi) {
      u64 h = t[wi];
      if (wi == boundary && (p_ % 64) != 0) h &= ~top_mask_;  // only the bits at or above x^p
      if (h != 0) {
        t[wi] ^= h;
        const long base = static_cast<long>(wi * 64) - p_;
        for (long e : low_terms_) xor_word_at(t, h, base + e);
      }
      if (wi == 0) break;
    }
  } else {
    Scratch& s = scratch(nf_);
    shift_right(t, n2, static_cast<std::size_t>(p_), s.v.data(), nf_);  // t div x^p
    clmul_words(s.w.data(), s.v.data(), mu_.data(), nf_);
    shift_right(s.w.data(), n2, static_cast<std::size_t>(p_), s.v.data(), nf_);  // = t div f
    clmul_words(s.w.data(), s.v.data(), f_.data(), nf_);
    for (std::size_t i = 0; i < nr_; ++i) t[i] ^= s.w[i];
  }
  for (std::size_t i = 0; i < nr_; ++i) r[i] = t[i];
  r[nr_ - 1] &= top_mask_;
}

void Modulus::mul(const u64* a, const u64* b, u64* r) const {
  Scratch& s = scratch(nf_);
  // Operands padded to nf words (nf = nr or nr + 1).
  std::copy(a, a + nr_, s.u.begin());
  std::copy(b, b + nr_, s.u.begin() + static_cast<std::ptrdiff_t>(nf_));
  if (nf_ > nr_) {
    s.u[nr_] = 0;
    s.u[nf_ + nr_] = 0;
  }
  clmul_words(s.t.data(), s.u.data(), s.u.data() + nf_, nf_);
  reduce_product(s.t.data(), r);
}

void Modulus::sqr(const u64* a, u64* r) const {
  Scratch& s = scratch(nf_);
  square_words(s.t.data(), a, nr_);
  std::fill(s.t.begin() + static_cast<std::ptrdiff_t>(2 * nr_), s.t.begin() + static_cast<std::ptrdiff_t>(2 * nf_), u64{0});
  reduce_product(s.t.data(), r);
}

void Modulus::mul_x(u64* r) const {
  // deg r < p, so r x has degree <= p: subtract f if the x^p coefficient is set.
  u64 carry = 0;
  for (std::size_t i = 0; i < nr_; ++i) {
    const u64 v = r[i];
    r[i] = (v << 1) | carry;
    carry = v >> 63;
  }
  const bool top = (p_ % 64) == 0 ? carry != 0 : ((r[nr_ - 1] >> (p_ % 64)) & 1u) != 0;
  if (top) {
    for (std::size_t i = 0; i < nr_; ++i) r[i] ^= f_[i];
    r[nr_ - 1] &= top_mask_;
  }
}

Words Modulus::reduce(const Words& a) const {
  Words r(a);
  r.resize(std::max(r.size(), nf_), 0);
  for (long d = gf2x::degree(r); d >= p_; d = gf2x::degree(r)) {
    xor_shifted_words(r.data(), r.size(), f_.data(), nf_, static_cast<std::size_t>(d - p_));
  }
  r.resize(nr_);
  return r;
}

Words Modulus::power_of_x(std::uint64_t k) const {
  long bits = 0;
  while (bits < 64 && (k >> bits) != 0) ++bits;
  return power_of_x(bits, [k](long i) { return ((k >> i) & 1u) != 0; });
}

Words Modulus::power_of_x_decimal(const std::string& k) const {
  if (k.empty() || k.find_first_not_of("0123456789") != std::string::npos) {
    throw std::invalid_argument("jump length '" + k + "' is not a decimal integer");
  }
  std::vector<std::uint32_t> limbs{0};  // little-endian base 2^32
  for (char c : k) {
    u64 carry = static_cast<u64>(c - '0');
    for (std::uint32_t& l : limbs) {
      const u64 v = u64{l} * 10 + carry;
      l = static_cast<std::uint32_t>(v);
      carry = v >> 32;
    }
    if (carry != 0) limbs.push_back(static_cast<std::uint32_t>(carry));
  }
  const long bits = static_cast<long>(32 * limbs.size());
  return power_of_x(bits, [&limbs](long i) { return ((limbs[static_cast<std::size_t>(i) / 32] >> (i % 32)) & 1u) != 0; });
}

void to_words32(const std::uint64_t* a, std::size_t words, std::uint32_t* out, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t w = i / 2;
    out[i] = w < words ? static_cast<std::uint32_t>(a[w] >> (32 * (i % 2))) : 0u;
  }
}

Words from_words32(const std::uint32_t* a, std::size_t count) {
  Words out((count + 1) / 2, 0);
  for (std::size_t i = 0; i < count; ++i) out[i / 2] |= static_cast<u64>(a[i]) << (32 * (i % 2));
  return out;
}

}  // namespace gpurng::gf2x
