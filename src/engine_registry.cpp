// The list of engines: names, descriptions, factories. Adding an engine adds one row here.
#include <string>

#include "engines/engine_factories.hpp"

namespace gpurng {
namespace {

struct Row {
  EngineInfo info;
  std::unique_ptr<detail::EngineImpl> (*make)();
};

const Row kRows[] = {
    {{Engine::mrg32k3a, "mrg32k3a", "L'Ecuyer's combined multiple recursive generator (RngStreams)", 32, "~2^191"},
     &detail::make_mrg32k3a_engine},
    {{Engine::sobol32, "sobol32", "Sobol' quasi-random points, 32-bit, Joe-Kuo directions, up to 21201 dimensions", 32,
      "2^32 points"},
     &detail::make_sobol32_engine},
    {{Engine::sobol64, "sobol64", "Sobol' quasi-random points, 64-bit, Joe-Kuo directions, up to 21201 dimensions", 64,
      "2^64-1 points"},
     &detail::make_sobol64_engine},
};

const Row& row(Engine e) {
  for (const Row& r : kRows) {
    if (r.info.engine == e) return r;
  }
  throw Error(Status::invalid_argument, "unknown engine id " + std::to_string(static_cast<int>(e)));
}

}  // namespace

std::vector<EngineInfo> engines() {
  std::vector<EngineInfo> out;
  for (const Row& r : kRows) out.push_back(r.info);
  return out;
}

const EngineInfo& engine_info(Engine e) { return row(e).info; }

Engine parse_engine(std::string_view name) {
  std::string valid;
  for (const Row& r : kRows) {
    if (name == r.info.name) return r.info.engine;
    valid += valid.empty() ? "" : ", ";
    valid += r.info.name;
  }
  throw Error(Status::invalid_argument, "unknown engine '" + std::string(name) + "'; valid engines: " + valid);
}

namespace detail {
std::unique_ptr<EngineImpl> make_engine(Engine e) { return row(e).make(); }
}  // namespace detail

}  // namespace gpurng
