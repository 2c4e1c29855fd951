// `gpurng bench` output: terminal tables on stdout and the JSON file (the input of
// tools/plot_bench.py and tools/bench_summary.py).
#pragma once

#include <cstdio>
#include <string>

#include "report.hpp"

namespace gpurng::cli::bench {

void print_tables(const BenchReport& r, std::FILE* out);
// Throws gpurng::Error(io_error) naming the path when it cannot be written.
void write_json(const BenchReport& r, const std::string& path);

}  // namespace gpurng::cli::bench
