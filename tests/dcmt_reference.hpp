// An independent, slow statement of a Dynamic-Creator Mersenne Twister for the tests: the whole
// sequence X_0, X_1, ... in one growing array, written from the definition (Matsumoto & Nishimura 1998;
// the reference library's sgenrand_mt and genrand_mt) without any of the library's code.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gpurng::test {

struct DcSet {
  std::uint32_t n, m, r, aaa, wmask, umask, lmask, u, l, s, t, b, c;
};

inline DcSet dc_set_from_row(const std::map<std::string, std::string>& row) {
  auto v = [&](const char* k) { return static_cast<std::uint32_t>(std::stoul(row.at(k), nullptr, 0)); };
  return DcSet{v("n"),        v("m"),        v("r"),        v("aaa"),      v("wmask"),   v("umask"),  v("lmask"),
               v("shift0_u"), v("shift1_l"), v("shiftB_s"), v("shiftC_t"), v("maskB_b"), v("maskC_c")};
}

class SlowDcmt {
 public:
  SlowDcmt(const DcSet& p, std::uint32_t seed) : p_(p) {
    x_.push_back(seed);
    for (std::uint32_t i = 1; i < p.n; ++i) {
      const std::uint32_t prev = x_.back();
      x_.push_back(1812433253u * (prev ^ (prev >> 30)) + i);
    }
    for (std::uint32_t& w : x_) w &= p.wmask;
  }

  // X_t, extending the array as far as needed.
  std::uint32_t word(std::uint64_t t) {
    while (x_.size() <= t) {
      const std::size_t k = x_.size() - p_.n;
      const std::uint32_t y = (x_[k] & p_.umask) | (x_[k + 1] & p_.lmask);
      x_.push_back(x_[k + p_.m] ^ (y >> 1) ^ ((y & 1u) ? p_.aaa : 0u));
    }
    return x_[t];
  }

  // Output j: temper(X_{n+j}).
  std::uint32_t output(std::uint64_t j) {
    std::uint32_t y = word(p_.n + j);
    y ^= y >> p_.u;
    y ^= (y << p_.s) & p_.b;
    y ^= (y << p_.t) & p_.c;
    y ^= y >> p_.l;
    return y;
  }

  std::vector<std::uint32_t> outputs(std::uint64_t first, std::size_t count) {
    std::vector<std::uint32_t> out(count);
    for (std::size_t i = 0; i < count; ++i) out[i] = output(first + i);
    return out;
  }

 private:
  DcSet p_;
  std::vector<std::uint32_t> x_;
};

}  // namespace gpurng::test
