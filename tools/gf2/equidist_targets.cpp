// Engine names to adapters for `gpurng equidist` (see equidist_targets.hpp).
#include "equidist_targets.hpp"

#include <stdexcept>

#include "dc_csv.hpp"
#include "engine_adapters.hpp"

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

}  // namespace

std::vector<std::string> equidist_engines() { return {"mt19937", "mt19937-64", "xorshift256", "dcmt"}; }

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
  std::string valid;
  for (const std::string& e : equidist_engines()) valid += (valid.empty() ? "" : ", ") + e;
  throw std::invalid_argument("--engine: '" + r.engine + "' is not an F2-linear engine this tool knows; valid: " + valid);
}

}  // namespace gpurng::gf2
