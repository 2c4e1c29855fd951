// The conformance set and its digests (conformance.hpp; docs/CONFORMANCE.md is the definition).
#include "conformance.hpp"

#include <cstdio>
#include <sstream>

#include "sha256.hpp"

namespace gpurng::cli {
namespace {

// The seed of every generator of the set (every engine takes it: it is below 2^32).
constexpr std::uint64_t kSeed = 12345;
// Where each block of calls starts, in positions (points for a quasi-random engine): the start, past
// 32 bits, and far along the 64-bit range, each odd so that pairs (Box-Muller) start mid-pair.
constexpr std::uint64_t kStarts[] = {0, (std::uint64_t{1} << 32) + 7, (std::uint64_t{1} << 62) + 11};
// Positions per call: a few values, odd, so that every call has a ragged end.
constexpr std::uint64_t kPositionsPerCall = 7;

// The parameters each distribution is made with: each set valid for every value type the
// distribution offers; where a sampler has branches, one set per branch (the dist_kinds of the tests).
// A distribution without a row here is an error (a new distribution must be given one, and the
// expected digests made again).
struct ParamRow {
  const char* dist;
  std::vector<std::vector<double>> sets;
};
const std::vector<ParamRow>& param_rows() {
  static const std::vector<ParamRow> rows = {
      {"bits", {{}}},
      {"uniform", {{}}},
      {"normal", {{0.5, 2.0}}},
      {"exponential", {{3.0}}},
      {"lognormal", {{0.1, 0.3}}},
      {"uniform_int", {{3, 1000}}},
      {"bernoulli", {{0.3}}},
      {"geometric", {{0.01}}},
      {"poisson", {{4.5}, {1e4}}},
      {"binomial", {{100, 0.03}, {1e6, 0.6}}},
      {"negative_binomial", {{5.0, 0.3}}},
      {"gamma", {{0.5, 2.0}, {3.0, 1.5}}},
      {"chi_square", {{3.0}}},
      {"beta", {{2.0, 5.0}}},
      {"student_t", {{4.0}}},
      {"cauchy", {{1.0, 2.0}}},
      {"weibull", {{2.0, 3.0}}},
      {"laplace", {{1.0, 2.0}}},
      {"logistic", {{-2.0, 0.5}}},
      {"gumbel", {{1.0, 2.0}}},
      {"rayleigh", {{2.0}}},
      {"truncated_normal", {{0.0, 1.0, 8.0, 9.0}, {1.0, 2.0, 0.0, 4.0}}},
      {"hypergeometric", {{5, 10, 4}, {700, 300, 600}}},
  };
  return rows;
}

const std::vector<std::vector<double>>& param_sets(const DistributionInfo& d) {
  for (const ParamRow& r : param_rows()) {
    if (std::string(r.dist) == d.name) return r.sets;
  }
  throw Error(Status::internal_error, std::string("conformance: the set has no parameters for distribution ") + d.name +
                                          " (tools/gpurng/conformance.cpp)");
}

// The Dirichlet distribution (not in distributions(): its parameter is a vector): one sample of
// K = kPositionsPerCall components per value type, every branch of the gamma sampler (shapes below
// 0.1, below 1, 1, above 1, large).
const std::vector<double>& dirichlet_alpha() {
  static const std::vector<double> alpha = {1e-3, 0.05, 0.5, 1.0, 2.5, 30.0, 200.0};
  static_assert(kPositionsPerCall == 7, "one sample per call");
  return alpha;
}

const char* type_name(ValueType t) {
  static const char* const names[] = {"uint32", "uint64", "float", "double", "int32", "int64", "float16", "bfloat16"};
  return names[static_cast<int>(t)];
}

std::size_t type_bytes(ValueType t) {
  if (t == ValueType::f16 || t == ValueType::bf16) return 2;
  return (t == ValueType::u32 || t == ValueType::f32 || t == ValueType::i32) ? 4 : 8;
}

// The value types a record is made in: the distribution's, and for bits the engine's width alone.
std::vector<ValueType> value_types(const DistributionInfo& d, Engine e) {
  if (d.distribution == Distribution::bits) {
    return {engine_info(e).bits_width == 64 ? ValueType::u64 : ValueType::u32};
  }
  std::vector<ValueType> out;
  for (int t = 0; t <= static_cast<int>(ValueType::bf16); ++t) {
    if ((d.value_types >> t & 1u) != 0) out.push_back(static_cast<ValueType>(t));
  }
  return out;
}

std::string params_text(const std::vector<double>& p) {
  std::string s;
  for (double v : p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    s += (s.empty() ? "" : ",") + std::string(buf);
  }
  return s;
}

}  // namespace

std::vector<ConformanceVariant> conformance_variants() {
  std::vector<ConformanceVariant> out;
  for (const EngineInfo& e : engines()) out.push_back({e.name, e.engine, [](Generator&) {}});
  // Options that change how positions become values: dimensions (a position is a point of D values,
  // output dimension-major) with both scramblings, a stream selection, streams that do not divide
  // the call, the inverse-CDF normals of MT19937.
  out.push_back({"sobol32:dims=3:owen", Engine::sobol32, [](Generator& g) {
                   g.dimensions(3);
                   g.scramble(Scramble::owen);
                 }});
  out.push_back({"sobol64:dims=5:shift", Engine::sobol64, [](Generator& g) {
                   g.dimensions(5);
                   g.scramble(Scramble::digital_shift);
                 }});
  out.push_back({"mrg32k3a:stream=3:substream=5", Engine::mrg32k3a, [](Generator& g) { g.select_stream(3, 5); }});
  out.push_back({"dcmt521:streams=5", Engine::dcmt521, [](Generator& g) { g.streams(5); }});
  out.push_back({"mt19937:icdf", Engine::mt19937, [](Generator& g) { g.normal_method(NormalMethod::inverse_cdf); }});
  return out;
}

std::string conformance_digest(const ConformanceVariant& v, const ConformanceRun& run) {
  support::Sha256 hash;
  for (std::uint64_t start : kStarts) {
    // A fresh generator per block: the block's calls then follow each other from `start`, as a
    // program's calls do (each continues where the last one stopped).
    Generator g(v.engine, run.backend);
    g.cpu_threads(run.cpu_threads);
    g.seed(kSeed);
    v.configure(g);
    if (!run.devices.empty()) g.devices(run.devices);
    bool reachable = true;
    try {
      g.offset(start);
    } catch (const Error& e) {
      if (e.status() != Status::invalid_argument) throw;
      reachable = false;  // past the end of the sequence (sobol32 ends at 2^32 points)
    }
    const std::size_t n = static_cast<std::size_t>(kPositionsPerCall * g.dimensions());
    for (const DistributionInfo& d : distributions()) {
      for (ValueType t : value_types(d, v.engine)) {
        for (const std::vector<double>& p : param_sets(d)) {
          std::ostringstream header;
          header << "dist=" << d.name << " type=" << type_name(t) << " params=" << params_text(p)
                 << " position=" << (reachable ? g.offset() : start) << " count=" << n << "\n";
          hash.update(header.str());
          if (!reachable || g.remaining() < n) {
            hash.update("unreachable\n");
            continue;
          }
          std::vector<unsigned char> values(n * type_bytes(t));
          try {
            g.generate(d.distribution, t, p.data(), p.size(), values.data(), n);
          } catch (const Error& e) {
            if (e.status() != Status::unsupported) throw;
            hash.update("unsupported\n");  // e.g. Sobol' refuses distributions made from pairs
            continue;
          }
          hash.update(values.data(), values.size());
        }
      }
    }
    // Then one Dirichlet sample per value type, at the next multiple of K (a sample's positions).
    const DirichletAlpha alpha(dirichlet_alpha());
    const std::uint64_t k = alpha.size();
    for (ValueType t : {ValueType::f32, ValueType::f64}) {
      const std::uint64_t at = reachable ? (g.offset() + k - 1) / k * k : start;
      std::ostringstream header;
      header << "dist=dirichlet type=" << type_name(t) << " params=" << params_text(dirichlet_alpha())
             << " position=" << at << " count=" << k << "\n";
      hash.update(header.str());
      if (!reachable || g.offset() + g.remaining() - at < k) {
        hash.update("unreachable\n");
        continue;
      }
      std::vector<unsigned char> values(k * type_bytes(t));
      g.offset(at);
      try {
        g.generate_dirichlet(alpha, t, values.data(), k);
      } catch (const Error& e) {
        if (e.status() != Status::unsupported) throw;
        hash.update("unsupported\n");  // quasi-random engines
        continue;
      }
      hash.update(values.data(), values.size());
    }
  }
  return support::Sha256::to_hex(hash.finish());
}

std::string overall_digest(const std::vector<std::pair<std::string, std::string>>& digests) {
  support::Sha256 hash;
  for (const auto& [name, digest] : digests) hash.update(name + " " + digest + "\n");
  return support::Sha256::to_hex(hash.finish());
}

ExpectedDigests parse_expected_digests(const std::string& text, const std::string& source) {
  ExpectedDigests out;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      if (out.provenance.empty() && line.rfind("# made by", 0) == 0) out.provenance = line.substr(2);
      continue;
    }
    auto bad = [&](const std::string& why) -> Error {
      return Error(Status::invalid_argument, source + " line " + std::to_string(number) + ": " + why);
    };
    const std::size_t space = line.find(' ');
    if (space == std::string::npos || line.find(' ', space + 1) != std::string::npos) {
      throw bad("expected '<name> <value>', got '" + line + "'");
    }
    const std::string key = line.substr(0, space), value = line.substr(space + 1);
    if (key == "format") {
      out.format = value;
      continue;
    }
    if (value.size() != 64 || value.find_first_not_of("0123456789abcdef") != std::string::npos) {
      throw bad("'" + value + "' is not a SHA-256 digest (64 lowercase hexadecimal digits)");
    }
    if (key == "overall") {
      out.overall = value;
    } else {
      out.digests.emplace_back(key, value);
    }
  }
  if (out.format.empty()) throw Error(Status::invalid_argument, source + ": no 'format' line");
  return out;
}

}  // namespace gpurng::cli
