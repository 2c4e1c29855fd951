// The command line of the MPI examples (mpi_generate, mpi_pi): "--name value" pairs, the engine and
// generator options they share, each given option used or refused. Small on purpose: the examples
// show gpurng/mpi.hpp, not argument parsing.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <map>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace mpi_example {

struct Args {
  std::map<std::string, std::string> values;

  // Every argument must be "--name value" with a name of `known`.
  Args(int argc, char** argv, const std::vector<std::string>& known) {
    for (int i = 1; i < argc; i += 2) {
      const std::string name = argv[i];
      bool ok = false;
      for (const std::string& k : known) ok = ok || name == "--" + k;
      if (!ok) throw gpurng::Error(gpurng::Status::invalid_argument, "unknown option '" + name + "'");
      if (i + 1 >= argc) throw gpurng::Error(gpurng::Status::invalid_argument, name + ": no value");
      values[name.substr(2)] = argv[i + 1];
    }
  }
  bool has(const std::string& k) const { return values.count(k) != 0; }
  std::string text(const std::string& k, const std::string& fallback) const { return has(k) ? values.at(k) : fallback; }
  // Decimal or 0x-hexadecimal, the whole text.
  std::uint64_t number(const std::string& k, std::uint64_t fallback) const {
    if (!has(k)) return fallback;
    const std::string& s = values.at(k);
    std::size_t used = 0;
    std::uint64_t v = 0;
    try {
      v = std::stoull(s, &used, 0);
    } catch (...) {
      used = 0;
    }
    if (s.empty() || s[0] == '-' || used != s.size()) {
      throw gpurng::Error(gpurng::Status::invalid_argument, "--" + k + ": '" + s + "' is not a non-negative integer");
    }
    return v;
  }
};

inline gpurng::Backend backend(const Args& a) {
  const std::string b = a.text("backend", "auto");
  if (b == "auto") return gpurng::Backend::automatic;
  if (b == "cpu") return gpurng::Backend::cpu;
  if (b == "cuda") return gpurng::Backend::cuda;
  throw gpurng::Error(gpurng::Status::invalid_argument, "--backend: '" + b + "' is not one of auto, cpu, cuda");
}

// The generator every rank makes alike: --engine, --seed, --dims, --streams, --backend.
inline gpurng::Generator make_generator(const Args& a, const char* default_engine) {
  gpurng::Generator g(gpurng::parse_engine(a.text("engine", default_engine)), backend(a));
  if (a.has("seed")) g.seed(a.number("seed", 0));
  if (a.has("dims")) g.dimensions(static_cast<std::uint32_t>(a.number("dims", 1)));
  if (a.has("streams")) g.streams(a.number("streams", 1));
  return g;
}

// main() of an example: MPI_Init, run, MPI_Finalize. On an error its message and MPI_Abort: every rank
// sees a bad argument alike, and a failure of one rank must not leave the others waiting in a
// collective call.
inline int mpi_main(const char* name, int (*run)(int, char**), int argc, char** argv) {
  MPI_Init(&argc, &argv);
  try {
    const int rc = run(argc, argv);
    MPI_Finalize();
    return rc;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", name, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}

}  // namespace mpi_example
