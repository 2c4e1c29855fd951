// Engine names to adapters for `gpurng equidist` (see equidist_targets.hpp).
#include "equidist_targets.hpp"

#include <stdexcept>

#include "dc_csv.hpp"
#include "engine_adapters.hpp"
#include "engines/mtgp_param_file.hpp"
#include "engines/mtgp_param_tables.hpp"
#include "gpurng/gpurng.hpp"

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

// The set of an MTGP table, or of a parameter file in its columns (read as the engine reads it).
template <class W>
EquidistReport mtgp_report(const EquidistRequest& r, const tables::Table<W>& builtin) {
  const tables::Table<W>* t = &builtin;
  if (!r.param_file.empty()) {
    try {
      t = &tables::load_param_file<W>(r.param_file, builtin.params[0].mexp);
    } catch (const Error& e) {
      throw std::invalid_argument(std::string("--param-file: ") + e.what());
    }
  }
  const std::uint32_t i = r.param_set.value_or(0);
  if (i >= t->count) {
    throw std::invalid_argument("--param-set: " + std::to_string(i) + " is out of range [0, " +
                                std::to_string(t->count - 1) + "] for " + (r.param_file.empty() ? r.engine : r.param_file));
  }
  return report(r, MtgpAdapter<W>{t->params[i]});
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
    std::vector<DcParams> sets;
    try {
      sets = read_dc_sets(r.param_file);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("--param-file: ") + e.what());
    }
    const std::uint32_t i = r.param_set.value_or(0);
    if (i >= sets.size()) {
      throw std::invalid_argument("--param-set: " + std::to_string(i) + " is out of range [0, " +
                                  std::to_string(sets.size() - 1) + "] for '" + r.param_file + "'");
    }
    return report(r, DcMtAdapter{sets[i]});
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
