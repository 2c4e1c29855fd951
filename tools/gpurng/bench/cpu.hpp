// The CPU part of `gpurng bench`: the CPU backend with 1 and 2 threads beside the standard
// library's generators, integers and uniform doubles, wall-clock medians.
#pragma once

#include <cstdio>

#include "report.hpp"

namespace gpurng::cli::bench {

// Progress lines go to `log` (stderr in the CLI).
CpuReport run_cpu_bench(const BenchOptions& options, std::FILE* log);

}  // namespace gpurng::cli::bench
