// gpurng conformance (issue 26): a fixed set of outputs of every engine and distribution, hashed,
// so that any machine (the CPU, one GPU, several GPUs) can show in seconds that it produces the
// reference bits. docs/CONFORMANCE.md defines the set and the digests exactly.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {

// The name of the set: changes whenever what is hashed changes, so that digests of another set are
// never compared with this one's.
inline constexpr const char* kConformanceFormat = "gpurng-conformance-3";

// One engine configuration of the set: an engine's defaults, or a few options on top of them.
struct ConformanceVariant {
  std::string name;  // "mt19937", "sobol32:dims=3:owen", ...
  Engine engine;
  std::function<void(Generator&)> configure;  // after the seed
};

// Every engine of engines() in its default configuration, then the option variants.
std::vector<ConformanceVariant> conformance_variants();

// Where and how the set is made: the backend and devices of every generator.
struct ConformanceRun {
  Backend backend = Backend::cpu;
  std::vector<int> devices;  // empty: one device (CUDA) or the CPU
  unsigned cpu_threads = 0;
};

// The SHA-256 digest (64 hex digits) of one variant's records.
std::string conformance_digest(const ConformanceVariant& v, const ConformanceRun& run);

// The overall digest: SHA-256 of the lines "<variant> <digest>\n" of every variant, in order.
std::string overall_digest(const std::vector<std::pair<std::string, std::string>>& digests);

// An expected-digests file: "format <name>", then "<variant> <digest>" lines and "overall <digest>";
// '#' lines are comments (the provenance). Throws Error(invalid_argument) naming `source` and the
// line for anything else.
struct ExpectedDigests {
  std::string format;
  std::vector<std::pair<std::string, std::string>> digests;  // in file order
  std::string overall;
  std::string provenance;  // the first comment line that starts with "# made by"
};
ExpectedDigests parse_expected_digests(const std::string& text, const std::string& source);

}  // namespace gpurng::cli
