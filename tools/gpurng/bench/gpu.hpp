// The GPU part of `gpurng bench` (bench/gpu.cu where CUDA and cuRAND are found at build time,
// bench/gpu_absent.cpp elsewhere). Without a usable device it returns a report with ran = false
// and the reason, never an error.
#pragma once

#include <cstdio>

#include "report.hpp"

namespace gpurng::cli::bench {

GpuReport run_gpu_bench(const BenchOptions& options, std::FILE* log);

}  // namespace gpurng::cli::bench
