// libFuzzer target: the CLI's number parser (tools/gpurng/number_parsing.cpp): parse_u64,
// parse_u64_list and parse_double on any text. Each must return a value or throw gpurng::Error with
// Status::invalid_argument naming the option; a decimal integer it accepts must print back as itself
// (less leading zeros), a double it accepts must be finite. Anything else is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "gpurng/gpurng.hpp"
#include "number_parsing.hpp"

namespace {

template <class F>
void expect_value_or_refusal(const F& parse) {
  try {
    parse();
  } catch (const gpurng::Error& e) {
    if (e.status() != gpurng::Status::invalid_argument || std::string(e.what()).rfind("--opt: ", 0) != 0) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  expect_value_or_refusal([&] {
    const std::uint64_t v = gpurng::cli::parse_u64(text, "--opt");
    if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) {
      const std::size_t nonzero = text.find_first_not_of('0');
      if (std::to_string(v) != (nonzero == std::string::npos ? "0" : text.substr(nonzero))) __builtin_trap();
    }
  });
  expect_value_or_refusal([&] {
    if (gpurng::cli::parse_u64_list(text, "--opt").empty()) __builtin_trap();
  });
  expect_value_or_refusal([&] {
    if (!std::isfinite(gpurng::cli::parse_double(text, "--opt"))) __builtin_trap();
  });
  return 0;
}
