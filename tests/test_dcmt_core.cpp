// The Dynamic-Creator core (core/engines/dcmt.hpp, core/dcmt_produce.hpp) against the reference dcmt
// library's outputs (tests/data/dcmt) and against an independent slow statement of the generator
// (dcmt_reference.hpp): the serial reference for every exponent in the data, the fast form of MT521
// and MT2203 over every kind of range, both jump forms with polynomials from the host module.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "dcmt_reference.hpp"
#include "families/dcmt/dcmt_family.hpp"
#include "gpurng/core/dcmt_produce.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "test_support.hpp"

namespace core = gpurng::core;
namespace dcmt = gpurng::core::dcmt;
using gpurng::test::DcSet;
using gpurng::test::SlowDcmt;

namespace {

struct Case {
  std::string name;
  DcSet set;
  std::uint32_t p;
  std::uint32_t init_seed;
  std::vector<std::uint32_t> outputs;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    const gpurng::test::Csv sets = gpurng::test::read_csv("dcmt/dcmt_w32_parameter_sets.csv");
    const gpurng::test::Csv outs = gpurng::test::read_csv("dcmt/dcmt_w32_outputs.csv");
    std::map<std::string, std::vector<std::uint32_t>> by_case;
    for (const auto& row : outs.rows) {
      auto& v = by_case[row.at("case")];
      EXPECT_EQ(std::stoul(row.at("n")), v.size());
      v.push_back(static_cast<std::uint32_t>(std::stoul(row.at("output"))));
    }
    std::vector<Case> out;
    for (const auto& row : sets.rows) {
      out.push_back(Case{row.at("case"), gpurng::test::dc_set_from_row(row),
                         static_cast<std::uint32_t>(std::stoul(row.at("p"))),
                         static_cast<std::uint32_t>(std::stoul(row.at("init_seed"))), by_case.at(row.at("case"))});
    }
    return out;
  }();
  return all;
}

dcmt::Params params(const DcSet& s) {
  return dcmt::Params{s.n, s.m, s.r, s.aaa, s.wmask, s.umask, s.lmask, s.u, s.l, s.s, s.t, s.b, s.c};
}

template <class V>
struct VectorSink {
  std::vector<V>* out;
  void put(V v) { out->push_back(v); }
};

// Values [lo, hi) of a set's stream through the fast form, from the window at q (a multiple of the block).
template <class S, class Tr>
std::vector<typename Tr::value_type> fast(const dcmt::Set& set, dcmt::Window<S> w, std::uint64_t q, std::uint64_t lo,
                                          std::uint64_t hi, const Tr& tr, dcmt::Window<S>* keep = nullptr) {
  std::vector<typename Tr::value_type> out;
  VectorSink<typename Tr::value_type> sink{&out};
  dcmt::produce<S>(w, set, q, lo, hi, tr, sink, keep != nullptr ? keep->x : nullptr, 1);
  return out;
}

template <class S>
std::vector<const Case*> cases_of_shape() {
  std::vector<const Case*> out;
  for (const Case& c : cases()) {
    if (c.set.n == std::uint32_t(S::N) && c.set.m == std::uint32_t(S::M) && c.set.r == std::uint32_t(S::R)) out.push_back(&c);
  }
  return out;
}

}  // namespace

TEST(DcmtCore, SlowReferenceReproducesTheReferenceLibrary) {
  ASSERT_EQ(cases().size(), 15u);
  for (const Case& c : cases()) {
    SlowDcmt g(c.set, c.init_seed);
    EXPECT_EQ(g.outputs(0, c.outputs.size()), c.outputs) << c.name;
    EXPECT_EQ(32 * c.set.n - c.set.r, c.p) << c.name;
  }
}

TEST(DcmtCore, SerialReferenceReproducesTheReferenceLibraryForEveryExponent) {
  for (const Case& c : cases()) {
    const dcmt::Params p = params(c.set);
    EXPECT_EQ(p.exponent(), c.p);
    std::vector<std::uint32_t> st(p.n);
    dcmt::seed_words(p, c.init_seed, st.data());
    std::uint32_t index = p.n;
    std::vector<std::uint32_t> got;
    for (std::size_t i = 0; i < c.outputs.size(); ++i) got.push_back(dcmt::serial_next(p, st.data(), index));
    EXPECT_EQ(got, c.outputs) << c.name;
  }
}

template <class S>
void check_fast_form_bits() {
  const auto shape_cases = cases_of_shape<S>();
  ASSERT_FALSE(shape_cases.empty());
  const core::dist::Bits<dcmt::Engine> bits;
  std::mt19937_64 rng(S::N);
  for (const Case* c : shape_cases) {
    const dcmt::Set set = dcmt::set_of(params(c->set));
    const dcmt::Window<S> w0 = dcmt::seed_window<S>(c->init_seed);
    // The reference library's numbers, from the start.
    EXPECT_EQ(fast<S>(set, w0, 0, 0, c->outputs.size(), bits), c->outputs) << c->name;
    // Every kind of range against the slow reference: inside one block, across blocks, at block edges.
    SlowDcmt slow(c->set, c->init_seed);
    const std::uint64_t B = S::block;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges = {
        {0, 0}, {0, 1}, {1, 2}, {B - 1, B}, {B - 1, B + 1}, {B, 2 * B}, {3, 3 * B + 5}, {2 * B + 7, 2 * B + 7}};
    for (int i = 0; i < 40; ++i) {
      const std::uint64_t lo = rng() % (6 * B);
      ranges.emplace_back(lo, lo + rng() % (4 * B));
    }
    for (const auto& [lo, hi] : ranges) {
      const std::uint64_t q = lo - lo % B;  // the window the plan would start from
      dcmt::Window<S> w = w0;
      for (std::uint64_t t = 0; t < q / S::N; ++t) dcmt::regenerate<S>(w.x, set.aaa);
      dcmt::Window<S> keep;
      EXPECT_EQ(fast<S>(set, w, q, lo, hi, bits, &keep), slow.outputs(lo, hi - lo)) << c->name << " [" << lo << ", " << hi << ")";
      // The kept window is the one at block * floor(hi / block): the next values continue from it.
      const std::uint64_t kq = hi - hi % B;
      EXPECT_EQ(fast<S>(set, keep, kq, hi, hi + 2 * B, bits), slow.outputs(hi, 2 * B)) << c->name << " after " << hi;
    }
  }
}

TEST(DcmtCore, FastFormMt521EqualsTheReferenceOverEveryRange) { check_fast_form_bits<dcmt::Mt521>(); }
TEST(DcmtCore, FastFormMt2203EqualsTheReferenceOverEveryRange) { check_fast_form_bits<dcmt::Mt2203>(); }

// Box-Muller pairs are the stream's values (2i, 2i+1): a range starting or ending inside a pair
// computes the whole pair and keeps the wanted value.
template <class S>
void check_pairs() {
  const Case* c = cases_of_shape<S>().front();
  const dcmt::Set set = dcmt::set_of(params(c->set));
  const core::dist::Normal<dcmt::Engine, double> normal{0.25, 2.0};
  SlowDcmt slow(c->set, c->init_seed);
  const std::uint64_t B = S::block;
  std::vector<double> want;
  for (std::uint64_t i = 0; i < 5 * B; i += 2) {
    const std::uint32_t raw[2] = {slow.output(i), slow.output(i + 1)};
    double v[2];
    normal(raw, v);
    want.push_back(v[0]);
    want.push_back(v[1]);
  }
  for (std::uint64_t lo : {std::uint64_t{0}, std::uint64_t{1}, B - 1, B, B + 1, 2 * B + 3}) {
    for (std::uint64_t len : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, B - 1, B, 2 * B + 1}) {
      dcmt::Window<S> w = dcmt::seed_window<S>(c->init_seed);
      const std::uint64_t q = lo - lo % B;
      for (std::uint64_t t = 0; t < q / S::N; ++t) dcmt::regenerate<S>(w.x, set.aaa);
      const std::vector<double> got = fast<S>(set, w, q, lo, lo + len, normal);
      ASSERT_EQ(got.size(), len);
      for (std::uint64_t i = 0; i < len; ++i) EXPECT_EQ(got[i], want[lo + i]) << "lo " << lo << " len " << len << " i " << i;
    }
  }
}

TEST(DcmtCore, BoxMullerPairsStayInsideTheStreamMt521) { check_pairs<dcmt::Mt521>(); }
TEST(DcmtCore, BoxMullerPairsStayInsideTheStreamMt2203) { check_pairs<dcmt::Mt2203>(); }

template <class S>
void check_step_equals_regenerate() {
  const Case* c = cases_of_shape<S>().front();
  const dcmt::Set set = dcmt::set_of(params(c->set));
  dcmt::Window<S> a = dcmt::seed_window<S>(c->init_seed), b = a;
  for (int round = 0; round < 3; ++round) {
    dcmt::regenerate<S>(a.x, set.aaa);
    for (int i = 0; i < S::N; ++i) dcmt::step<S>(b, set.aaa);
    for (int i = 0; i < S::N; ++i) ASSERT_EQ(a.x[i], b.x[i]) << "round " << round << " word " << i;
  }
}

TEST(DcmtCore, OneStepAtATimeEqualsRegenerationMt521) { check_step_equals_regenerate<dcmt::Mt521>(); }
TEST(DcmtCore, OneStepAtATimeEqualsRegenerationMt2203) { check_step_equals_regenerate<dcmt::Mt2203>(); }

// Both jump forms, with x^J mod P from the host module, land where stepping does (the outputs after
// the window; the low r bits of its first word are not state and are not compared).
template <class S>
void check_jumps() {
  for (const Case* c : cases_of_shape<S>()) {
    const dcmt::Params p = params(c->set);
    const gpurng::detail::dcmt::FamilyPolys polys({p}, S::poly_words);
    const dcmt::Set set = dcmt::set_of(p);
    SlowDcmt slow(c->set, c->init_seed);
    for (std::uint64_t J : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{33}, std::uint64_t(S::block),
                            std::uint64_t(S::exponent) - 1, std::uint64_t(S::exponent), std::uint64_t(S::exponent) + 1,
                            std::uint64_t{12345}, (std::uint64_t{1} << 20) + 3}) {
      const std::vector<std::uint32_t> g = polys.power(0, J);
      ASSERT_EQ(g.size(), std::size_t(S::poly_words));
      dcmt::Window<S> a = dcmt::seed_window<S>(c->init_seed), b = a;
      dcmt::jump_by_steps<S>(a, set.aaa, g.data(), 1);
      std::vector<std::uint32_t> seq(dcmt::kJumpSequenceWords<S>);
      dcmt::jump_by_sequence<S>(b, set.aaa, g.data(), 1, seq.data());
      for (int i = 0; i < S::N; ++i) EXPECT_EQ(a.x[i], b.x[i]) << c->name << " J " << J << " word " << i;
      // Window at J: its words are X_J .. X_{J+N-1} (the first one's state bits only).
      EXPECT_EQ(a.x[0] & S::upper_mask, slow.word(J) & S::upper_mask) << c->name << " J " << J;
      for (int i = 1; i < S::N; ++i) EXPECT_EQ(a.x[i], slow.word(J + i)) << c->name << " J " << J << " word " << i;
      // ... and the values from it are outputs J, J+1, ... (a window at any position generates)
      std::vector<std::uint32_t> got;
      for (int k = 0; k < 2 * S::N + 3; ++k) {
        dcmt::Window<S> t = a;
        for (int s = 0; s < k; ++s) dcmt::step<S>(t, set.aaa);
        dcmt::Window<S> n1 = t;
        dcmt::step<S>(n1, set.aaa);
        got.push_back(dcmt::temper(set, n1.x[S::N - 1]));
      }
      EXPECT_EQ(got, slow.outputs(J, got.size())) << c->name << " J " << J;
    }
  }
}

TEST(DcmtCore, JumpsEqualSteppingMt521) { check_jumps<dcmt::Mt521>(); }
TEST(DcmtCore, JumpsEqualSteppingMt2203) { check_jumps<dcmt::Mt2203>(); }

TEST(DcmtCore, StreamSeedsAreBasePlusStreamAndTheBaseComesFromSplitMix64) {
  // SplitMix64's mix written out here (Steele, Lea, Flood 2014), at seed + golden gamma.
  auto mix = [](std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{42}, ~std::uint64_t{0}}) {
    const std::uint32_t base = static_cast<std::uint32_t>(mix(seed + 0x9E3779B97F4A7C15ull) >> 32);
    EXPECT_EQ(dcmt::base_from_seed(seed), base);
    EXPECT_EQ(dcmt::stream_seed(base, 0), base);
    EXPECT_EQ(dcmt::stream_seed(base, 7), base + 7u);
    EXPECT_EQ(dcmt::stream_seed(base, 0xffffffffull), base - 1u);
  }
}
