// Which generator `gpurng equidist` measures: an engine name of the library (with its parameter set
// where it has several) mapped to a linear-generator adapter, and the lattice run on it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "equidistribution.hpp"

namespace gpurng::gf2 {

struct EquidistRequest {
  std::string engine;
  std::optional<std::uint32_t> param_set;  // row of the parameter table or file
  std::string param_file;                  // dcmt: a CSV of Dynamic Creator sets
  bool lsb = false;                        // k(v) of the v least significant bits instead
};

struct EquidistReport {
  std::string engine;
  std::uint32_t param_set = 0;
  int degree = 0;     // p
  int word_bits = 0;  // w
  Defects result;
};

// The engines it knows, for messages and --help.
std::vector<std::string> equidist_engines();

// Throws std::invalid_argument whose message starts with the option at fault (--engine,
// --param-set, --param-file; a set of a parameter file without full period is refused), and
// std::runtime_error starting with --param-file when the file cannot be read.
EquidistReport compute_equidist(const EquidistRequest& request);

}  // namespace gpurng::gf2
