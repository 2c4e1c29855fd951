// `gpurng bench` output: terminal tables on stdout and the JSON file (the input of
// tools/plot_bench.py and tools/bench_summary.py).
#pragma once

#include <cstdio>
#include <string>

#include "report.hpp"

namespace gpurng::cli::bench {

void print_tables(const BenchReport& r, std::FILE* out);
// The text of the --json file.
std::string report_json(const BenchReport& r);

}  // namespace gpurng::cli::bench
