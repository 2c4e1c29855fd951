// One MPI rank per GPU, one sequence (issues 26, 27): every rank makes its slice of a global call of
// P x N uniform floats (gpurng::mpi::generate_slice: rank r takes block_part(P N, P, r) of the
// sequence) into device memory on its node's GPU. The time of a call is the slowest rank's, from a
// barrier to the end of its device work; the rate is P N over the median of --runs such calls (after
// one warm-up call). Run it with -np 1 and with -np P in one device call and divide the rates: the
// issue's target is at least 0.95 P.
//   mpirun -np P bench_mpi_generate [--n N per rank, default 2^31] [--runs R, default 5] [--engines a,b]
// Prints, on rank 0, one line per engine: "engine ranks GS/s" (and "engine failed: ..." where a call
// throws; the other engines still run).
#include <mpi.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "gpu_timing.cuh"
#include "gpurng/gpurng.hpp"
#include "gpurng/mpi.hpp"

using gpurng::bench::cuda_check;

namespace {

int run(int argc, char** argv) {
  std::uint64_t n = std::uint64_t{1} << 31;
  int runs = 5;
  std::string engines_arg;
  for (int i = 1; i < argc; i += 2) {
    if (i + 1 >= argc) {
      std::fprintf(stderr, "bench_mpi_generate: %s needs a value\n", argv[i]);
      return 2;
    }
    if (!std::strcmp(argv[i], "--n")) n = std::strtoull(argv[i + 1], nullptr, 0);
    else if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--engines")) engines_arg = argv[i + 1];
    else {
      std::fprintf(stderr, "usage: bench_mpi_generate [--n N per rank] [--runs R] [--engines a,b]\n");
      return 2;
    }
  }
  if (n == 0 || runs < 1) {
    std::fprintf(stderr, "bench_mpi_generate: --n and --runs must be at least 1\n");
    return 2;
  }
  const int rank = gpurng::mpi::rank_of(MPI_COMM_WORLD);
  const int ranks = gpurng::mpi::size_of(MPI_COMM_WORLD);
  const int device = gpurng::mpi::node_device(MPI_COMM_WORLD);
  if (device < 0) {
    if (rank == 0) std::fprintf(stderr, "bench_mpi_generate: no CUDA device for this rank\n");
    return 0;
  }
  cuda_check(cudaSetDevice(device), "cudaSetDevice");
  float* buf = nullptr;
  // The largest slice of a global call of P N positions is N (block_part spreads the rest by one).
  cuda_check(cudaMalloc(&buf, n * sizeof(float)), "cudaMalloc");

  for (const gpurng::EngineInfo& e : gpurng::engines()) {
    if (!engines_arg.empty() && ("," + engines_arg + ",").find("," + std::string(e.name) + ",") == std::string::npos) continue;
    // Short sequences (sobol32: 2^32 points) get fewer values, so that every call stays inside them.
    const std::uint64_t cap = gpurng::Generator(e.engine, gpurng::Backend::cpu).remaining() /
                              (static_cast<std::uint64_t>(runs + 2) * static_cast<std::uint64_t>(ranks));
    const std::uint64_t per_rank = std::min(n, cap);
    const std::uint64_t global = per_rank * static_cast<std::uint64_t>(ranks);
    // Each call ends with the same two reductions on every rank, also after a throw, so a rank that
    // fails never leaves the others waiting in a collective.
    std::string failure;
    std::vector<double> times;
    std::unique_ptr<gpurng::Generator> g;
    try {
      g = std::make_unique<gpurng::Generator>(e.engine, gpurng::Backend::cuda);
      g->cuda_device(device);
    } catch (const gpurng::Error& err) {
      failure = err.what();
    }
    for (int i = 0; i <= runs; ++i) {
      MPI_Barrier(MPI_COMM_WORLD);
      const double t0 = MPI_Wtime();
      if (failure.empty()) {
        try {
          gpurng::mpi::generate_slice(*g, gpurng::Distribution::uniform, gpurng::ValueType::f32, nullptr, 0, buf,
                                      global, MPI_COMM_WORLD);
          cuda_check(cudaDeviceSynchronize(), "generate_slice");
        } catch (const gpurng::Error& err) {
          failure = err.what();
        }
      }
      double t = MPI_Wtime() - t0;
      int failed = failure.empty() ? 0 : 1;
      MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
      if (failed) {
        if (failure.empty()) failure = "on another rank";
        break;
      }
      if (i > 0) times.push_back(t);  // call 0 warms up (workspaces, jump tables)
    }
    g.reset();
    if (rank == 0) {
      if (!failure.empty()) {
        std::printf("%-22s failed: %s\n", e.name, failure.c_str());
      } else {
        std::sort(times.begin(), times.end());
        std::printf("%-22s %d %.1f%s\n", e.name, ranks, static_cast<double>(global) / times[times.size() / 2] / 1e9,
                    per_rank < n ? "  (fewer values: short sequence)" : "");
      }
      std::fflush(stdout);
    }
  }
  cudaFree(buf);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rc = 1;
  try {
    rc = run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_mpi_generate: %s\n", e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return rc;
}
