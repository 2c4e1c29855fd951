// Every MPI rank writes its slice of one global sequence into one file, with MPI-IO at its byte
// offset; the file is byte for byte `gpurng generate --format bin` of the same range in one process
// (issue 26; CTest compares them for 1..4 ranks). No rank communicates to generate: part r of the
// range is a call at offset + first_r (gpurng/mpi.hpp).
//
//   mpirun -np 4 example_mpi_generate --engine mt19937 --seed 5 --dist normal --params 0,1
//          --offset 1000 --count 1000001 --precision float --out normals.bin
//   gpurng generate --engine mt19937 --seed 5 --dist normal --mean 0 --stddev 1 --offset 1000
//          --count 1000001 --precision float --format bin --out one.bin      (cmp normals.bin one.bin)
//
// --params are the distribution's parameters in the order `gpurng list` shows them; --precision is a
// value type as in gpurng generate (default: double where offered, else int64, uint64, uint32; bits
// in the engine's width). With --dims D (Sobol') the file is the whole call's block, dimension-major:
// each rank writes its points of each dimension where that dimension's stretch of the block has them.
// The CUDA backend puts each rank of a node on its own GPU (gpurng::mpi::use_node_device). Each
// rank holds its slice in memory.
#include <mpi.h>

#include <cstdio>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"
#include "gpurng/mpi.hpp"
#include "mpi_args.hpp"

namespace {

gpurng::ValueType value_type(const mpi_example::Args& a, const gpurng::DistributionInfo& d, const gpurng::Generator& g) {
  using gpurng::ValueType;
  if (d.distribution == gpurng::Distribution::bits) {
    if (a.has("precision")) throw gpurng::Error(gpurng::Status::invalid_argument, "--precision does not apply to bits");
    return gpurng::engine_info(g.engine()).bits_width == 64 ? ValueType::u64 : ValueType::u32;
  }
  const char* const names[] = {"uint32", "uint64", "float", "double", "int32", "int64"};
  auto offered = [&](ValueType t) { return (d.value_types >> static_cast<int>(t) & 1u) != 0; };
  if (!a.has("precision")) {
    for (ValueType t : {ValueType::f64, ValueType::i64, ValueType::u64, ValueType::u32}) {
      if (offered(t)) return t;
    }
  }
  for (int t = 0; t < 6; ++t) {
    if (a.text("precision", "") == names[t] && offered(static_cast<ValueType>(t))) return static_cast<ValueType>(t);
  }
  throw gpurng::Error(gpurng::Status::invalid_argument,
                      "--precision: '" + a.text("precision", "") + "' is not a value type of " + d.name);
}

std::uint64_t bytes_of(gpurng::ValueType t) {
  return t == gpurng::ValueType::u32 || t == gpurng::ValueType::f32 || t == gpurng::ValueType::i32 ? 4 : 8;
}

std::vector<double> params(const mpi_example::Args& a) {
  std::vector<double> out;
  std::string s = a.text("params", "");
  for (std::size_t at = 0; !s.empty() && at <= s.size();) {
    const std::size_t comma = s.find(',', at);
    const std::string item = s.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(item, &used);
    } catch (...) {
      used = 0;
    }
    if (item.empty() || used != item.size()) {
      throw gpurng::Error(gpurng::Status::invalid_argument, "--params: '" + item + "' is not a number");
    }
    out.push_back(v);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

void write_slice(MPI_File file, MPI_Offset at, const unsigned char* data, std::uint64_t bytes) {
  // MPI counts are ints: write in pieces of at most 1 GiB.
  constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;
  for (std::uint64_t done = 0; done < bytes;) {
    const std::uint64_t piece = bytes - done < kPiece ? bytes - done : kPiece;
    MPI_Status status;
    gpurng::mpi::check(MPI_File_write_at(file, at + static_cast<MPI_Offset>(done), data + done, static_cast<int>(piece),
                                         MPI_BYTE, &status),
                       "MPI_File_write_at");
    done += piece;
  }
}

int run(int argc, char** argv) {
  const mpi_example::Args a(argc, argv, {"engine", "seed", "dims", "streams", "backend", "dist", "params",
                                         "precision", "offset", "count", "out"});
  if (!a.has("out")) throw gpurng::Error(gpurng::Status::invalid_argument, "--out: required (the file to write)");
  gpurng::Generator g = mpi_example::make_generator(a, "mrg32k3a");
  const int device = gpurng::mpi::use_node_device(g, MPI_COMM_WORLD);
  const gpurng::DistributionInfo& d = gpurng::distribution_info(gpurng::parse_distribution(a.text("dist", "uniform")));
  const gpurng::ValueType t = value_type(a, d, g);
  const std::vector<double> p = params(a);
  const std::uint64_t n = a.number("count", 10);
  g.offset(a.number("offset", 0));

  const std::uint64_t value_bytes = bytes_of(t);
  std::vector<unsigned char> mine(static_cast<std::size_t>(gpurng::mpi::slice_values(g, n, MPI_COMM_WORLD) * value_bytes));
  const gpurng::BlockPart part =
      gpurng::mpi::generate_slice(g, d.distribution, t, p.data(), p.size(), mine.data(), n, MPI_COMM_WORLD);

  // The file: the global call's bytes. Dimension j of the call's N points is the stretch at
  // j * N, and this rank's points sit at `first` within each stretch.
  const std::uint64_t dims = g.dimensions();
  const std::uint64_t points = n / dims;
  MPI_File file;
  gpurng::mpi::check(MPI_File_open(MPI_COMM_WORLD, a.text("out", "").c_str(), MPI_MODE_CREATE | MPI_MODE_WRONLY,
                                   MPI_INFO_NULL, &file),
                     "MPI_File_open");
  // Collective: an existing longer file is cut to the call's length.
  gpurng::mpi::check(MPI_File_set_size(file, static_cast<MPI_Offset>(n * value_bytes)), "MPI_File_set_size");
  for (std::uint64_t j = 0; j < dims && part.count > 0; ++j) {
    write_slice(file, static_cast<MPI_Offset>((j * points + part.first) * value_bytes),
                mine.data() + j * part.count * value_bytes, part.count * value_bytes);
  }
  gpurng::mpi::check(MPI_File_close(&file), "MPI_File_close");

  const int rank = gpurng::mpi::rank_of(MPI_COMM_WORLD);
  std::fprintf(stderr, "rank %d of %d: positions %llu .. %llu (%llu values) on %s%s\n", rank,
               gpurng::mpi::size_of(MPI_COMM_WORLD), static_cast<unsigned long long>(part.first),
               static_cast<unsigned long long>(part.first + part.count), static_cast<unsigned long long>(part.count * dims),
               gpurng::backend_name(g.backend()), device >= 0 ? (" device " + std::to_string(device)).c_str() : "");
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return mpi_example::mpi_main("example_mpi_generate", run, argc, argv); }
