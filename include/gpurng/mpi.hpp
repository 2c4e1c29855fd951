// Many processes, one sequence: the MPI layer (issue 26). Header-only, so that libgpurng never links
// MPI: an MPI program includes this header and links MPI itself (CMake: find_package(MPI) and
// MPI::MPI_CXX beside gpurng::gpurng). Tested with OpenMPI (Debian's libopenmpi-dev); it uses only
// MPI-3 calls.
//
//   gpurng::Generator g(gpurng::Engine::philox4x32_10);   // the same engine, seed, options on every rank
//   g.seed(42);
//   gpurng::mpi::use_node_device(g, MPI_COMM_WORLD);        // CUDA: one GPU per rank of a node
//   std::vector<double> mine(gpurng::mpi::slice_values(g, n, MPI_COMM_WORLD));
//   gpurng::mpi::generate_slice(g, gpurng::Distribution::normal, gpurng::ValueType::f64, nullptr, 0,
//                               mine.data(), n, MPI_COMM_WORLD);
//
// Rank r of P then holds part r of the global call of n values (gpurng/partition.hpp: contiguous, in
// rank order, sizes within one of each other), the bytes that one generator, on one device or the
// CPU, writes at those positions: the sequence contract makes part r a call at offset + first_r, so
// the ranks never communicate to generate. Each rank skips once, straight from the seeded state to
// its own offset (the engine's skip cost, O(log k) for most engines), never past another rank's.
//
// The generators of all ranks must be configured alike (engine, seed, stream selection, options and
// offset); what each rank generates depends only on (that configuration, n, P, its rank). Every
// function except node_rank, node_device and use_node_device is local (no communication); those
// three split the communicator and are collective over it. An MPI call that fails (only possible
// where the communicator's error handler returns errors) throws gpurng::Error(Status::io_error)
// naming the call.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "gpurng/gpurng.hpp"
#include "gpurng/partition.hpp"

namespace gpurng::mpi {

inline void check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS) len = 0;
  throw Error(Status::io_error, std::string(what) + " failed: MPI error " + std::to_string(rc) +
                                    (len > 0 ? ": " + std::string(text, static_cast<std::size_t>(len)) : ""));
}

// This process's rank and the number of ranks of comm.
inline int rank_of(MPI_Comm comm) {
  int r = 0;
  check(MPI_Comm_rank(comm, &r), "MPI_Comm_rank");
  return r;
}
inline int size_of(MPI_Comm comm) {
  int p = 0;
  check(MPI_Comm_size(comm, &p), "MPI_Comm_size");
  return p;
}

// This rank's part of n items over the ranks of comm (block_part(n, P, rank)).
inline BlockPart rank_part(std::uint64_t n, MPI_Comm comm) {
  return block_part(n, static_cast<std::uint64_t>(size_of(comm)), static_cast<std::uint64_t>(rank_of(comm)));
}

// This rank among the ranks that share its node (its shared-memory domain: MPI_Comm_split_type with
// MPI_COMM_TYPE_SHARED, keyed by the rank in comm, so node ranks follow comm's order). Collective.
struct NodeRank {
  int rank;  // 0 .. size - 1
  int size;  // ranks on this node
};
inline NodeRank node_rank(MPI_Comm comm) {
  MPI_Comm node = MPI_COMM_NULL;
  check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank_of(comm), MPI_INFO_NULL, &node), "MPI_Comm_split_type");
  NodeRank out{0, 1};
  try {
    out = NodeRank{rank_of(node), size_of(node)};
  } catch (...) {
    MPI_Comm_free(&node);
    throw;
  }
  check(MPI_Comm_free(&node), "MPI_Comm_free");
  return out;
}

// The CUDA device of this rank: its node rank modulo the devices this process sees, so that the
// ranks of a node take its GPUs in turn (one each when there are as many ranks as GPUs; ranks
// share a GPU beyond that). -1 without a CUDA device. Collective (node_rank).
inline int node_device(MPI_Comm comm) {
  const NodeRank nr = node_rank(comm);
  const int devices = static_cast<int>(cuda_devices().size());
  return devices == 0 ? -1 : nr.rank % devices;
}

// Runs g on this rank's node device (Generator::cuda_device) when its backend is CUDA; a CPU generator
// is left as it is. Returns the device, or -1. Collective: every rank of comm calls it.
inline int use_node_device(Generator& g, MPI_Comm comm) {
  const int device = node_device(comm);
  if (g.backend() == Backend::cuda && device >= 0) g.cuda_device(device);
  return g.backend() == Backend::cuda ? device : -1;
}

// The positions (points of D = g.dimensions() values for a quasi-random engine) of a global call of n
// values, or Error(invalid_argument) when n is not a whole number of them.
inline std::uint64_t global_positions(const Generator& g, std::uint64_t n) {
  const std::uint64_t d = g.dimensions();
  if (n % d != 0) {
    throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " values is not a multiple of the " +
                                              std::to_string(d) + " dimensions (whole points)");
  }
  return n / d;
}

// How many values this rank's slice of a global call of n values holds.
inline std::uint64_t slice_values(const Generator& g, std::uint64_t n, MPI_Comm comm) {
  return rank_part(global_positions(g, n), comm).count * g.dimensions();
}

// This rank's slice of the global call of n values at g's offset: positions offset + first ..
// offset + first + count - 1 (BlockPart in positions, as returned) into out, which holds
// slice_values(g, n, comm) values of type t (for D > 1 dimension-major over the slice's points).
// Afterwards g's offset is offset + n / D on every rank, where one generator would be after the
// global call, so the ranks stay in step for the next one. Throws as Generator::generate does, and
// leaves g's offset unchanged then; n must not pass g.remaining().
inline BlockPart generate_slice(Generator& g, Distribution d, ValueType t, const double* params, std::size_t nparams,
                                void* out, std::uint64_t n, MPI_Comm comm) {
  const std::uint64_t positions = global_positions(g, n);
  if (n > g.remaining()) {
    throw Error(Status::invalid_argument, "count: " + std::to_string(n) + " values from offset " +
                                              std::to_string(g.offset()) + " pass the end of the addressable " +
                                              engine_info(g.engine()).name + " sequence");
  }
  const BlockPart part = rank_part(positions, comm);
  const std::uint64_t base = g.offset();
  if (part.count > 0) {
    g.offset(base + part.first);
    try {
      g.generate(d, t, params, nparams, out, static_cast<std::size_t>(part.count * g.dimensions()));
    } catch (...) {
      g.offset(base);
      throw;
    }
  }
  g.offset(base + positions);
  return part;
}

}  // namespace gpurng::mpi
