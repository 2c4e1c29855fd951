#include "linear_battery.hpp"

#include <algorithm>
#include <memory>

#include "gf2_rank.hpp"
#include "linear_complexity.hpp"
#include "statistics.hpp"

namespace gpurng::cli::quality {
namespace {

// Reads `count` words from `next` in pieces of at most kChunk words (a bounded buffer whatever the
// stage size), handing each piece and the index of its first word to f.
constexpr std::size_t kChunk = std::size_t{1} << 20;
template <class F>
void read_words(const WordSource& next, std::vector<std::uint32_t>& buf, std::size_t count, F&& f) {
  for (std::size_t done = 0; done < count;) {
    const std::size_t n = std::min(kChunk, count - done);
    buf.resize(n);
    next(buf.data(), n);
    f(buf.data(), n, done);
    done += n;
  }
}

// Fills in the chi-square of observed against expected counts and its assessment.
void judge(LinearStage& s) {
  s.statistic = 0;
  for (std::size_t i = 0; i < s.observed.size(); ++i) {
    const double d = static_cast<double>(s.observed[i]) - s.expected[i];
    s.statistic += d * d / s.expected[i];
  }
  s.dof = static_cast<double>(s.observed.size() - 1);
  s.p_value = chi_square_upper(s.statistic, s.dof);
  s.assessment = assess_upper_tail(s.p_value);
}

void report(std::FILE* progress, const LinearStage& s, const char* unit) {
  if (progress == nullptr) return;
  std::fprintf(progress, "gpurng test: linear %-10s %s = %-6llu %llu %s, %.1f MB read: p = %.3g %s\n", s.test.c_str(),
               s.test == "rank" ? "L" : "n", static_cast<unsigned long long>(s.size),
               static_cast<unsigned long long>(s.samples), unit, static_cast<double>(s.words_end) * 4.0 / 1e6, s.p_value,
               s.assessment.c_str());
  std::fflush(progress);
}

template <class Stage>
std::vector<LinearStage> run_stages(const WordSource& next, std::uint64_t first, std::uint64_t (*stage_words)(std::uint64_t),
                                    std::uint64_t max_words, Stage stage, std::FILE* progress, const char* unit) {
  std::vector<LinearStage> out;
  std::uint64_t read = 0;
  for (std::uint64_t size = first; stage_words(size) <= max_words - read; size *= 2) {
    out.push_back(stage(next, size));
    read += stage_words(size);
    out.back().words_end = read;
    report(progress, out.back(), unit);
    if (out.back().assessment == "FAILED") break;
  }
  return out;
}

}  // namespace

LinearStage rank_stage(const WordSource& next, std::uint64_t L) {
  LinearStage s;
  s.test = "rank";
  s.size = L;
  s.samples = kRankMatrices;
  s.classes = {"L", "L-1", "<=L-2"};
  s.observed.assign(3, 0);
  const double p0 = random_rank_probability(L, L), p1 = random_rank_probability(L, L - 1);
  const double count = static_cast<double>(kRankMatrices);
  s.expected = {count * p0, count * p1, count * (1.0 - p0 - p1)};
  const std::size_t W = gf2_row_words(L), row_words32 = L / 32;
  std::vector<std::uint32_t> buf;
  std::vector<std::uint64_t> m(W * L);
  s.low = L;
  for (std::uint64_t k = 0; k < kRankMatrices; ++k) {
    std::fill(m.begin(), m.end(), 0);
    // Word j of the row is bits 32 (j % 2) .. of its 64-bit word j / 2 (L = 32: the low half).
    read_words(next, buf, row_words32 * L, [&](const std::uint32_t* w, std::size_t n, std::size_t first) {
      for (std::size_t x = 0; x < n; ++x) {
        const std::size_t i = (first + x) / row_words32, j = (first + x) % row_words32;
        m[i * W + j / 2] |= static_cast<std::uint64_t>(w[x]) << (32 * (j % 2));
      }
    });
    const std::uint64_t r = gf2_rank(m.data(), L);
    s.low = std::min(s.low, r);
    s.high = std::max(s.high, r);
    ++s.observed[r == L ? 0 : r == L - 1 ? 1 : 2];
  }
  judge(s);
  return s;
}

LinearStage complexity_stage(const WordSource& next, std::uint64_t n) {
  LinearStage s;
  s.test = "complexity";
  s.size = n;
  s.samples = kComplexitySequences;
  s.classes = {"D<=-2", "D=-1", "D=0", "D=1", "D>=2"};
  s.observed.assign(5, 0);
  s.expected.assign(5, 0.0);
  const std::int64_t half = static_cast<std::int64_t>(n / 2);  // n is even
  auto class_of = [&](std::uint64_t c) {
    const std::int64_t d = static_cast<std::int64_t>(c) - half;
    return static_cast<std::size_t>(std::clamp<std::int64_t>(d, -2, 2) + 2);
  };
  for (std::uint64_t c = 0; c <= n; ++c) {
    s.expected[class_of(c)] += random_complexity_probability(n, c) * static_cast<double>(kComplexitySequences);
  }
  std::vector<std::uint32_t> buf;
  std::vector<std::uint64_t> bits(n / 64 + 1);
  s.low = n;
  for (std::uint64_t k = 0; k < kComplexitySequences; ++k) {
    std::fill(bits.begin(), bits.end(), 0);
    read_words(next, buf, n, [&](const std::uint32_t* w, std::size_t count, std::size_t first) {
      for (std::size_t x = 0; x < count; ++x) {
        const std::size_t t = first + x;
        bits[t / 64] |= static_cast<std::uint64_t>(w[x] >> 31) << (t % 64);
      }
    });
    const std::uint64_t c = linear_complexity(bits, n);
    s.low = std::min(s.low, c);
    s.high = std::max(s.high, c);
    ++s.observed[class_of(c)];
  }
  judge(s);
  return s;
}

WordSource generator_words(Generator& g) {
  if (engine_info(g.engine()).bits_width == 32) {
    return [&g](std::uint32_t* out, std::size_t n) { g.generate_bits(out, n); };
  }
  // 64-bit values split into two words; an odd request keeps the high half for the next one.
  struct Split {
    std::vector<std::uint64_t> buf;
    bool has_high = false;
    std::uint32_t high = 0;
  };
  auto split = std::make_shared<Split>();
  return [&g, split](std::uint32_t* out, std::size_t n) {
    if (n == 0) return;
    if (split->has_high) {
      *out++ = split->high;
      --n;
      split->has_high = false;
    }
    split->buf.resize((n + 1) / 2);
    g.generate_bits(split->buf.data(), split->buf.size());
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint32_t>(split->buf[i / 2] >> (32 * (i % 2)));
    if (n % 2 == 1) {
      split->high = static_cast<std::uint32_t>(split->buf.back() >> 32);
      split->has_high = true;
    }
  };
}

std::string assess_upper_tail(double p) {
  if (p < 1e-6) return "FAILED";
  if (p < 1e-3) return "WEAK";
  return "PASSED";
}

std::vector<LinearStage> run_rank_test(const WordSource& next, std::uint64_t max_words, std::FILE* progress) {
  return run_stages(next, kFirstRankSize, rank_stage_words, max_words, rank_stage, progress, "matrices");
}

std::vector<LinearStage> run_complexity_test(const WordSource& next, std::uint64_t max_words, std::FILE* progress) {
  return run_stages(next, kFirstComplexitySize, complexity_stage_words, max_words, complexity_stage, progress, "sequences");
}

}  // namespace gpurng::cli::quality
