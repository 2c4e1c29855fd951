// Helpers shared by the MTGP tests: the engines and their table geometry, the reference known
// answers (tests/data/mtgp), and an independent serial reference built on the core recursion alone.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "gpurng/core/engines/mtgp.hpp"
#include "gpurng/core/engines/mtgp_layout.hpp"
#include "gpurng/gpurng.hpp"
#include "test_support.hpp"

namespace gpurng::test::mtgp {

struct EngineCase {
  Engine engine;
  const char* name;
  unsigned word_bits;
  unsigned mexp;
  unsigned chunk;            // R of the layout
  std::uint64_t streams;     // default S
};

inline const std::vector<EngineCase>& reference_engines() {
  static const std::vector<EngineCase> v = {
      {Engine::mtgp11213, "mtgp11213", 32, 11213, 256, 1024},
      {Engine::mtgp23209, "mtgp23209", 32, 23209, 512, 512},
      {Engine::mtgp44497, "mtgp44497", 32, 44497, 1024, 256},
      {Engine::mtgp64_23209, "mtgp64-23209", 64, 23209, 256, 1024},
      {Engine::mtgp64_44497, "mtgp64-44497", 64, 44497, 512, 512},
      {Engine::mtgp64_110503, "mtgp64-110503", 64, 110503, 1024, 256},
  };
  return v;
}

// A KAT file: section -> the 'value' texts by n (trimmed files keep n < 100 and n >= 950).
struct Kat {
  std::map<std::string, std::map<int, std::string>> sections;
};

inline Kat read_kat(unsigned word_bits, unsigned mexp, unsigned index) {
  const Csv csv = read_csv("mtgp/mtgp" + std::to_string(word_bits) + "_kat_" + std::to_string(mexp) + "_idx" +
                           std::to_string(index) + ".csv");
  Kat k;
  for (const auto& row : csv.rows) k.sections[row.at("section")][std::stoi(row.at("n"))] = row.at("value");
  return k;
}

// The reference's printing of floats ("%.8f") and doubles ("%.18f"): exact enough to identify each.
inline std::string printed(float x) {
  char b[64];
  std::snprintf(b, sizeof b, "%.8f", static_cast<double>(x));
  return b;
}
inline std::string printed(double x) {
  char b[64];
  std::snprintf(b, sizeof b, "%.18f", x);
  return b;
}

// The plain reference: a seeded state stepped one word at a time with core::mtgp::Serial over a
// big-enough vector (no ring, no layout, no jumps).
template <class W>
class Reference {
 public:
  explicit Reference(const core::mtgp::Params<W>& p) : p_(p), n_(core::mtgp::state_words(p)) {}
  void seed(W s) {
    words_.assign(n_, 0);
    core::mtgp::seed_state<W>(p_, s, words_.data());
  }
  void seed_array(const std::vector<W>& key) {
    words_.assign(n_, 0);
    core::mtgp::seed_state_by_array<W>(p_, key.data(), key.size(), words_.data());
  }
  // Outputs o_0 .. o_{count-1}.
  std::vector<W> outputs(std::size_t count) const {
    std::vector<W> ring(core::mtgp::ceil_pow2(n_ + 1));
    std::copy(words_.begin(), words_.end(), ring.begin());
    core::mtgp::Serial<W> g{&p_, ring.data(), ring.size() - 1, n_};
    std::vector<W> out(count);
    for (W& o : out) o = g.step();
    return out;
  }
  // Raw words x_0 .. x_{count-1}.
  std::vector<W> words(std::size_t count) const {
    std::vector<W> seq(std::max<std::size_t>(count, n_));
    std::copy(words_.begin(), words_.end(), seq.begin());
    core::mtgp::Serial<W> g{&p_, seq.data(), ~std::uint64_t{0}, n_};
    while (g.next < seq.size()) g.step_word();
    seq.resize(count);
    return seq;
  }
  const std::vector<W>& state() const { return words_; }
  void set_state(const std::vector<W>& w) { words_ = w; }

 private:
  const core::mtgp::Params<W>& p_;
  std::uint32_t n_;
  std::vector<W> words_;
};

}  // namespace gpurng::test::mtgp
