// Dimension of equidistribution k(v) of an F2-linear generator by lattice reduction over GF(2)[t],
// with lattice vectors kept as generator states (after Couture, L'Ecuyer and Tezuka's lattice and
// Harase, Matsumoto and Saito's state-based reduction, SIS, with the projection from v to v - 1).
//
// The lattice. For v <= w and a state s, let chi_v(s) = sum_{i >= 0} o_i(s) t^{-i-1}, a vector of v
// formal Laurent series in t^-1 whose coefficients are the top v bits of the outputs o_0, o_1, ...
// from s. With P the characteristic polynomial (degree p, irreducible), L_v = { chi_v(s) + q : s a
// state, q in GF(2)[t]^v } is a lattice of rank v and determinant t^-p. The norm of a vector is the
// highest degree among its coordinates; a reduced basis (leading coefficient vectors linearly
// independent) has the successive minima as its degrees, and the largest of them is -k(v)
// (its dual, the lattice of linear relations among v-bit outputs, has -k(v) as its shortest).
//
// Vectors as states. A vector chi_v(s) whose first z outputs are zero in their top v bits equals
// t^-z chi_v(A^z s): it is kept as the state s' = A^z s and z; its degree is -(z + 1) and its leading
// coefficient vector is the top v bits of the first output from s'. Adding t^(z_c - z_b) c to b
// (z_b <= z_c) is s'_b ^= s'_c, and a vector whose leading output cancelled moves on by stepping the
// generator. Polynomial vectors only occur while the basis is built: e_j + t chi(s') =
// (e_j + lc) + chi(A s'), which is the state one step on.
//
// Order of work: L_w is reduced from the generating set { e_1 .. e_w, chi_w(s0) }; the reduced basis
// of L_v projected to its first v - 1 coordinates generates L_{v-1} (v vectors of rank v - 1), so one
// more reduction gives L_{v-1} with one vector cancelling to the zero state. Each reduction step
// costs a window XOR (N + 1 words) and each unit of degree one generator step.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "linear_generator.hpp"

namespace gpurng::gf2 {

// Thrown when the generator's output does not see the whole state (characteristic polynomial
// reducible, or outputs that miss part of the state): the lattice method needs P irreducible.
class NotIrreducible : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

template <class G>
class EquidistributionLattice {
 public:
  using word = typename G::word;

  explicit EquidistributionLattice(const G& g) : g_(g), w_(g.word_bits()), p_(g.degree()) {}

  // k(v) for v = 1 .. max_v (result[v - 1]); 1 <= max_v <= w.
  std::vector<int> dimensions(int max_v) {
    if (max_v < 1 || max_v > w_) throw std::invalid_argument("max_v out of range");
    std::vector<int> k(static_cast<std::size_t>(max_v), 0);
    build(max_v);
    k[static_cast<std::size_t>(max_v - 1)] = shortest_z() + 1;
    for (int v = max_v - 1; v >= 1; --v) {
      project(v);
      k[static_cast<std::size_t>(v - 1)] = shortest_z() + 1;
    }
    return k;
  }

 private:
  struct Vec {
    StateWindow<G> s;
    int z = 0;              // leading zero outputs (pure vectors)
    std::uint64_t lc = 0;   // leading coefficient vector: top v bits of the output at z
    std::uint64_t q = 0;    // constant polynomial part; non-zero only while building (then z = 0)
    bool alive = true;
  };

  // b's degree is at least c's.
  static bool not_lower(const Vec& b, const Vec& c) {
    if (b.q != 0) return true;
    if (c.q != 0) return false;
    return b.z <= c.z;
  }

  static int pivot(std::uint64_t lc) { return 63 - __builtin_clzll(lc); }
  std::uint64_t leading(const Vec& b) const { return b.q != 0 ? b.q : b.lc; }

  // A pure vector with a cancelled leading output: step until the top v bits of the output are not
  // all zero, or mark it dead when its state is zero.
  void settle(Vec& b) {
    if (b.lc != 0) return;
    if (b.s.is_zero(g_)) {
      b.alive = false;
      return;
    }
    // A non-zero state of a generator with irreducible P has a non-zero top bit within p outputs.
    const int limit = b.z + p_ + 1;
    while (b.lc == 0) {
      b.s.step(g_);
      ++b.z;
      b.lc = top_bits(b.s.output(g_), w_, v_);
      if (b.z > limit) {
        throw NotIrreducible("a non-zero state gave more than p zero outputs: the characteristic "
                             "polynomial is not irreducible or the output misses state bits");
      }
    }
  }

  // b += t^(deg b - deg c) c, for vectors with the same pivot and deg b >= deg c.
  void reduce(Vec& b, const Vec& c) {
    if (b.q == 0) {  // both pure: s'_b ^= s'_c
      b.s.add(c.s);
      b.lc ^= c.lc;
      settle(b);
      return;
    }
    if (c.q == 0) {  // b = q + chi(s_b), c = t^-z chi(s'_c): b + t^(z+1) c = (q + lc_c) + chi(s_b + A s'_c)
      b.q ^= c.lc;
      b.s.add_stepped(g_, c.s);
    } else {  // both of degree 0
      b.q ^= c.q;
      b.s.add(c.s);
    }
    if (b.q == 0) {
      b.z = 0;
      b.lc = top_bits(b.s.output(g_), w_, v_);
      settle(b);
    }
  }

  // Reduces the live vectors until their leading coefficient vectors have distinct pivots.
  void reduce_all() {
    std::vector<int> owner(static_cast<std::size_t>(v_), -1);
    std::vector<int> work;
    for (int i = 0; i < static_cast<int>(vecs_.size()); ++i) {
      if (vecs_[static_cast<std::size_t>(i)].alive) work.push_back(i);
    }
    while (!work.empty()) {
      const int bi = work.back();
      work.pop_back();
      Vec& b = vecs_[static_cast<std::size_t>(bi)];
      if (!b.alive) continue;
      const int piv = pivot(leading(b));
      int& slot = owner[static_cast<std::size_t>(piv)];
      if (slot < 0) {
        slot = bi;
        continue;
      }
      Vec& c = vecs_[static_cast<std::size_t>(slot)];
      if (not_lower(b, c)) {
        reduce(b, c);
        work.push_back(bi);
      } else {
        reduce(c, b);
        work.push_back(slot);
        slot = bi;
      }
    }
  }

  void build(int v) {
    v_ = v;
    vecs_.clear();
    for (int j = 0; j < v; ++j) {
      Vec e;
      e.s = StateWindow<G>(g_);
      e.q = std::uint64_t{1} << j;
      e.s.refresh(g_);
      vecs_.push_back(std::move(e));
    }
    Vec x;
    x.s = StateWindow<G>(g_);
    g_.seed(x.s.window());
    x.s.refresh(g_);
    x.lc = top_bits(x.s.output(g_), w_, v_);
    settle(x);
    if (!x.alive) throw std::invalid_argument("the seed state is zero");
    vecs_.push_back(std::move(x));
    reduce_all();
    check_rank(v);
  }

  // From the reduced basis of L_{v+1} to that of L_v.
  void project(int v) {
    v_ = v;
    for (Vec& b : vecs_) {
      if (!b.alive) continue;
      b.lc >>= 1;
      settle(b);
    }
    reduce_all();
    check_rank(v);
  }

  void check_rank(int v) const {
    int alive = 0;
    for (const Vec& b : vecs_) {
      if (!b.alive) continue;
      ++alive;
      if (b.q != 0) throw NotIrreducible("the lattice kept a polynomial vector");
    }
    if (alive != v) {
      throw NotIrreducible("the lattice has rank " + std::to_string(alive) + " at v = " + std::to_string(v) +
                           ": the characteristic polynomial is not irreducible");
    }
  }

  int shortest_z() const {
    int best = -1;
    for (const Vec& b : vecs_) {
      if (b.alive && (best < 0 || b.z < best)) best = b.z;
    }
    return best;
  }

  const G& g_;
  int w_;
  int p_;
  int v_ = 0;
  std::vector<Vec> vecs_;
};

// k(v), v = 1 .. max_v (default w), of the generator's outputs.
template <class G>
std::vector<int> equidistribution(const G& g, int max_v = 0) {
  EquidistributionLattice<G> lattice(g);
  return lattice.dimensions(max_v > 0 ? max_v : g.word_bits());
}

// d(v) = floor(p / v) - k(v) and their sum.
struct Defects {
  std::vector<int> k;  // k[v - 1]
  std::vector<int> d;  // d[v - 1]
  long total = 0;      // Delta
};

inline Defects defects(int p, const std::vector<int>& k) {
  Defects r;
  r.k = k;
  for (std::size_t i = 0; i < k.size(); ++i) {
    const int v = static_cast<int>(i) + 1;
    r.d.push_back(p / v - k[i]);
    r.total += r.d.back();
  }
  return r;
}

}  // namespace gpurng::gf2
