// gpurng equidist: dimension of equidistribution k(v), defects d(v) and their total of an F2-linear
// engine, by lattice reduction (tools/gf2/equidistribution.hpp).
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>

#include "commands.hpp"
#include "gf2/equidist_targets.hpp"
#include "gpurng/gpurng.hpp"
#include "number_parsing.hpp"
#include "options.hpp"

namespace gpurng::cli {
namespace {

struct EquidistOptions {
  std::string engine = "mt19937";
  std::string param_set;
  std::string param_file;
  bool json = false;
  bool lsb = false;
  Given given;  // whether an option was given (an empty value is refused when parsing)
};

int run(const EquidistOptions& o) {
  gf2::EquidistRequest request;
  request.engine = o.engine;
  request.param_file = o.param_file;
  request.lsb = o.lsb;
  if (o.given("--param-set")) {
    const std::uint64_t i = parse_u64(o.param_set, "--param-set");
    if (i > 0xffffffffu) throw Error(Status::invalid_argument, "--param-set: " + o.param_set + " is out of range [0, 2^32-1]");
    request.param_set = static_cast<std::uint32_t>(i);
  }
  const auto start = std::chrono::steady_clock::now();
  gf2::EquidistReport r;
  try {
    r = gf2::compute_equidist(request);
  } catch (const std::invalid_argument& e) {
    throw Error(Status::invalid_argument, e.what());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const gf2::Defects& d = r.result;
  if (o.json) {
    fmt::print("{{\"engine\": \"{}\", \"param_set\": {}, \"bits\": \"{}\", \"degree\": {}, \"word_bits\": {}, \"rows\": [",
               r.engine, r.param_set, o.lsb ? "least significant" : "most significant", r.degree, r.word_bits);
    for (std::size_t i = 0; i < d.k.size(); ++i) {
      fmt::print("{}{{\"v\": {}, \"k\": {}, \"d\": {}}}", i == 0 ? "" : ", ", i + 1, d.k[i], d.d[i]);
    }
    fmt::print("], \"total_dimension_defect\": {}, \"seconds\": {:.3f}}}\n", d.total, seconds);
    return 0;
  }
  fmt::print("v k d\n");
  for (std::size_t i = 0; i < d.k.size(); ++i) fmt::print("{} {} {}\n", i + 1, d.k[i], d.d[i]);
  fmt::print("total dimension defect: {}\n", d.total);
  return 0;
}

}  // namespace

std::function<int()> add_equidist_command(CLI::App& app) {
  auto o = std::make_shared<EquidistOptions>();
  std::string engines;
  for (const std::string& e : gf2::equidist_engines()) engines += (engines.empty() ? "" : " | ") + e;
  CLI::App* cmd = app.add_subcommand(
      "equidist", "Dimension of equidistribution k(v), defects d(v) = floor(p/v) - k(v) and their total of an F2-linear engine");
  o->given = Given{cmd};
  cmd->footer(
      "k(v) is the largest k such that k consecutive outputs, truncated to their v most significant bits, are\n"
      "equidistributed over the period. Computed by lattice reduction over GF(2)[t] (no p x p matrices):\n"
      "MT19937 in well under a second. Output: one 'v k d' row per v = 1..w, then the total defect.\n"
      "Examples:\n"
      "  gpurng equidist --engine mt19937                         (total dimension defect: 6750)\n"
      "  gpurng equidist --engine dcmt --param-file sets.csv --param-set 3 --json");
  cmd->add_option("--engine", o->engine, engines)->capture_default_str();
  cmd->add_option("--param-set", o->param_set, "Parameter-set engines: the set (row) index, default 0");
  cmd->add_option("--param-file", o->param_file, "dcmt: a CSV of Dynamic Creator sets (gpurng dc --out, docs/TOOLS.md)");
  cmd->add_flag("--json", o->json, "One JSON object instead of the table");
  cmd->add_flag("--lsb", o->lsb, "k(v) of the v least significant bits instead of the most significant");
  return [o] { return run(*o); };
}

}  // namespace gpurng::cli
