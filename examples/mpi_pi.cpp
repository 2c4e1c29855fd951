// One Monte Carlo estimate over all MPI ranks, the same for any number of ranks (issue 26): pi from N
// samples, sample i being the uniforms at positions 2i and 2i+1 of one sequence (a Sobol' engine:
// point i of a 2-dimensional set), a hit when u*u + v*v <= 1 in double precision. Rank r takes the
// samples of block_part(N, P, r) (gpurng/mpi.hpp); the hits are integers, summed with MPI_Allreduce,
// and the estimate 4 * hits / N is formed once from the sum, so it is identical, to the last bit, for
// P = 1, 2, 3, ... (CTest compares 1..4 ranks). A sum of per-rank double estimates would not be:
// floating-point addition depends on how the ranks' values are grouped.
//
//   mpirun -np 4 example_mpi_pi --engine philox4x32-10 --seed 7 --samples 100000000
//   -> pi 3.14... hits ... samples 100000000   (stdout, rank 0; the ranks and time go to stderr)
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"
#include "gpurng/mpi.hpp"
#include "mpi_args.hpp"

namespace {

int run(int argc, char** argv) {
  const mpi_example::Args a(argc, argv, {"engine", "seed", "dims", "streams", "backend", "offset", "samples"});
  gpurng::Generator g = mpi_example::make_generator(a, "philox4x32-10");
  const bool quasi = std::string(gpurng::engine_info(g.engine()).name).rfind("sobol", 0) == 0;
  if (quasi && !a.has("dims")) g.dimensions(2);
  if (g.dimensions() != (quasi ? 2u : 1u)) {
    throw gpurng::Error(gpurng::Status::invalid_argument,
                        "--dims: a sample is a 2-dimensional point of a Sobol' engine (--dims 2), or two consecutive "
                        "values of any other engine");
  }
  const int device = gpurng::mpi::use_node_device(g, MPI_COMM_WORLD);
  const std::uint64_t samples = a.number("samples", 1000000);
  const std::uint64_t base = a.number("offset", 0);  // in positions (points for Sobol')
  const auto t0 = std::chrono::steady_clock::now();

  // This rank's samples, in chunks of bounded memory.
  const gpurng::BlockPart mine = gpurng::mpi::rank_part(samples, MPI_COMM_WORLD);
  constexpr std::uint64_t kChunk = std::uint64_t{1} << 20;
  std::vector<double> u(2 * kChunk);
  unsigned long long hits = 0;
  for (std::uint64_t done = 0; done < mine.count;) {
    const std::uint64_t c = mine.count - done < kChunk ? mine.count - done : kChunk;
    const std::uint64_t i = mine.first + done;  // the chunk's first sample
    g.offset(quasi ? base + i : base + 2 * i);
    g.generate_uniform(u.data(), static_cast<std::size_t>(2 * c));
    for (std::uint64_t j = 0; j < c; ++j) {
      // Pairs (2j, 2j + 1); a Sobol' block is dimension-major: x in u[0, c), y in u[c, 2c).
      const double x = quasi ? u[j] : u[2 * j];
      const double y = quasi ? u[c + j] : u[2 * j + 1];
      hits += x * x + y * y <= 1.0 ? 1 : 0;
    }
    done += c;
  }
  unsigned long long total = 0;
  gpurng::mpi::check(MPI_Allreduce(&hits, &total, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  const int rank = gpurng::mpi::rank_of(MPI_COMM_WORLD);
  if (rank == 0) {
    std::printf("pi %.17g hits %llu samples %llu\n", 4.0 * static_cast<double>(total) / static_cast<double>(samples),
                total, static_cast<unsigned long long>(samples));
    std::fprintf(stderr, "%d ranks, %s%s, %.3f s\n", gpurng::mpi::size_of(MPI_COMM_WORLD),
                 gpurng::backend_name(g.backend()), device >= 0 ? " (one device per node rank)" : "", seconds);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return mpi_example::mpi_main("example_mpi_pi", run, argc, argv); }
