// libFuzzer target: the MTGP parameter-file parser (src/support/mtgp_param_csv.hpp) on the one CSV
// reader, as the MTGP engines' --param-file, `gpurng equidist` and `gpurng mtgpdc --verify` run it.
// The first byte picks the word size (32-bit 11213 or 64-bit 23209 sets); any input must give sets
// that pass the set check or a std::invalid_argument; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "mtgp_param_csv.hpp"

namespace {

template <class W>
void parse(const std::string& text, std::uint32_t mexp) {
  std::istringstream in(text);
  gpurng::support::CsvReader csv(in, "fuzz.csv");
  try {
    for (const auto& s : gpurng::support::read_mtgp_sets<W>(csv, mexp)) {
      if (!gpurng::support::mtgp_set_fault(s.params, mexp).empty()) __builtin_trap();
    }
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1u) parse<std::uint64_t>(text, 23209);
  else parse<std::uint32_t>(text, 11213);
  return 0;
}
