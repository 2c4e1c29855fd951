// Engine names to adapters for `gpurng equidist` (see equidist_targets.hpp).
#include "equidist_targets.hpp"

#include <stdexcept>
#include <system_error>

#include "dc_csv.hpp"
#include "engine_adapters.hpp"
#include "families/mtgp/mtgp_param_tables.hpp"
#include "mtgp_param_csv.hpp"
#include "polynomial.hpp"

namespace gpurng::gf2 {
namespace {

template <class G>
Defects measure(const G& g, bool lsb) {
  if (lsb) return defects(g.degree(), equidistribution(LsbFirst<G>{g}));
  return defects(g.degree(), equidistribution(g));
}

template <class G>
EquidistReport report(const EquidistRequest& r, const G& g) {
  EquidistReport out;
  out.engine = r.engine;
  out.param_set = r.param_set.value_or(0);
  out.degree = g.degree();
  out.word_bits = g.word_bits();
  out.result = measure(g, r.lsb);
  return out;
}

// A set of a parameter file is measured only with full period: a characteristic polynomial of degree
// p, irreducible (p is a Mersenne exponent, so it is then primitive). The lattice would otherwise
// report figures for a period the set does not have.
template <class G>
void require_full_period(const G& g, const std::string& which) {
  const long p = g.degree();
  const NTL::GF2X f = characteristic_polynomial(g);
  std::string fault;
  if (NTL::deg(f) != p) {
    fault = "its characteristic polynomial has degree " + std::to_string(NTL::deg(f)) + ", not p = " + std::to_string(p);
  } else {
    try {
      if (!is_irreducible_prime_degree(f)) fault = "its characteristic polynomial (degree " + std::to_string(p) + ") is reducible";
    } catch (const std::invalid_argument&) {
      fault = "p = " + std::to_string(p) + " is not prime, so 2^p - 1 is no Mersenne prime";
    }
  }
  if (!fault.empty()) throw std::invalid_argument("--param-file: " + which + ": " + fault + ": not a full-period set");
}

// Reads a parameter file with `read`, with the option named in messages: std::invalid_argument for a
// malformed file, std::runtime_error for one that cannot be read.
template <class Read>
auto read_param_file(const Read& read) -> decltype(read()) {
  try {
    return read();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("--param-file: ") + e.what());
  } catch (const std::system_error& e) {
    throw std::runtime_error(std::string("--param-file: ") + e.what());
  }
}

void no_parameter_sets(const EquidistRequest& r) {
  if (r.param_set) throw std::invalid_argument("--param-set: engine '" + r.engine + "' has one parameter set");
  if (!r.param_file.empty()) throw std::invalid_argument("--param-file: engine '" + r.engine + "' takes no parameter file");
}

namespace tables = detail::mtgp_tables;

struct MtgpEngineTable {
  const char* name;
  const tables::Table<std::uint32_t>* t32;
  const tables::Table<std::uint64_t>* t64;
};

const MtgpEngineTable kMtgpTables[] = {
    {"mtgp11213", &tables::k32_fast_11213, nullptr},       {"mtgp23209", &tables::k32_fast_23209, nullptr},
    {"mtgp44497", &tables::k32_fast_44497, nullptr},       {"mtgp64-23209", nullptr, &tables::k64_fast_23209},
    {"mtgp64-44497", nullptr, &tables::k64_fast_44497},    {"mtgp64-110503", nullptr, &tables::k64_fast_110503},
    {"mtgp11213-curand", &tables::k32dc_fast_11213, nullptr},
};

// The set of an MTGP table, or of a parameter file in its columns (read as the engine reads it, its
// period checked).
template <class W>
EquidistReport mtgp_report(const EquidistRequest& r, const tables::Table<W>& builtin) {
  const std::uint32_t i = r.param_set.value_or(0);
  if (r.param_file.empty()) {
    if (i >= builtin.count) {
      throw std::invalid_argument("--param-set: " + std::to_string(i) + " is out of range [0, " +
                                  std::to_string(builtin.count - 1) + "] for " + r.engine);
    }
    return report(r, MtgpAdapter<W>{builtin.params[i]});
  }
  const auto sets = read_param_file([&] {
    support::CsvReader csv(r.param_file, "'" + r.param_file + "'");
    return support::read_mtgp_sets<W>(csv, builtin.params[0].mexp);
  });
  if (i >= sets.size()) {
    throw std::invalid_argument("--param-set: " + std::to_string(i) + " is out of range [0, " +
                                std::to_string(sets.size() - 1) + "] for " + r.param_file);
  }
  const MtgpAdapter<W> g{sets[i].params};
  require_full_period(g, "set " + std::to_string(i) + " of '" + r.param_file + "'");
  return report(r, g);
}

}  // namespace

std::vector<std::string> equidist_engines() {
  std::vector<std::string> names = {"mt19937", "mt19937-64", "xorshift256", "dcmt"};
  for (const MtgpEngineTable& e : kMtgpTables) names.push_back(e.name);
  return names;
}

EquidistReport compute_equidist(const EquidistRequest& r) {
  if (r.engine == "mt19937") {
    no_parameter_sets(r);
    return report(r, Mt19937Adapter{});
  }
  if (r.engine == "mt19937-64") {
    no_parameter_sets(r);
    return report(r, Mt19937_64Adapter{});
  }
  if (r.engine == "xorshift256") {
    no_parameter_sets(r);
    return report(r, Xorshift256Adapter{});
  }
  if (r.engine == "dcmt") {
    if (r.param_file.empty()) throw std::invalid_argument("--param-file: engine 'dcmt' needs a CSV of parameter sets (gpurng dc --out)");
    const std::vector<DcParams> sets = read_param_file([&] { return read_dc_sets(r.param_file); });
    const std::uint32_t i = r.param_set.value_or(0);
    if (i >= sets.size()) {
      throw std::invalid_argument("--param-set: " + std::to_string(i) + " is out of range [0, " +
                                  std::to_string(sets.size() - 1) + "] for '" + r.param_file + "'");
    }
    const DcMtAdapter g{sets[i]};
    require_full_period(g, "set " + std::to_string(i) + " of '" + r.param_file + "'");
    return report(r, g);
  }
  for (const MtgpEngineTable& e : kMtgpTables) {
    if (r.engine != e.name) continue;
    if (e.t32 != nullptr) return mtgp_report(r, *e.t32);
    return mtgp_report(r, *e.t64);
  }
  std::string valid;
  for (const std::string& e : equidist_engines()) valid += (valid.empty() ? "" : ", ") + e;
  throw std::invalid_argument("--engine: '" + r.engine + "' is not an F2-linear engine this tool knows; valid: " + valid);
}

}  // namespace gpurng::gf2
