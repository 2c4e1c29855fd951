// libFuzzer target: the Dynamic-Creator parameter-file parser (src/support/dcmt_param_csv.hpp) on the
// one CSV reader, as the dcmt engines' --param-file and `gpurng equidist` run it. Any input must give
// sets of the creator's form or a std::invalid_argument; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "dcmt_param_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  gpurng::support::CsvReader csv(in, "fuzz.csv");
  try {
    for (const gpurng::core::dcmt::Params& p : gpurng::support::read_dcmt_sets(csv)) {
      if (!gpurng::support::dcmt_set_fault(p).empty()) __builtin_trap();  // a set that passed must be well formed
    }
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
