// cuRAND's host API for `gpurng bench`, loaded at run time with dlopen: libcurand ships with the CUDA
// toolkit, not the driver, so linking it would stop the installed `gpurng` from starting (for
// `list` and `generate` too) on a machine without the toolkit. Only the entry points the benchmark
// calls, typed from <curand.h> (the header is needed at build time, the library is not).
#pragma once

#include <curand.h>

#include <string>

namespace gpurng::cli::bench {

struct CurandApi {
  decltype(&curandCreateGenerator) create_generator;
  decltype(&curandDestroyGenerator) destroy_generator;
  decltype(&curandSetPseudoRandomGeneratorSeed) set_seed;
  decltype(&curandSetStream) set_stream;
  decltype(&curandSetGeneratorOffset) set_offset;
  decltype(&curandGenerate) generate;
  decltype(&curandGenerateLongLong) generate_long_long;
  decltype(&curandGenerateUniform) generate_uniform;
  decltype(&curandGenerateUniformDouble) generate_uniform_double;
  decltype(&curandGenerateNormal) generate_normal;
  decltype(&curandGenerateNormalDouble) generate_normal_double;
  decltype(&curandGenerateLogNormal) generate_log_normal;
  decltype(&curandGenerateLogNormalDouble) generate_log_normal_double;
};

// Loads libcurand.so.10 (else libcurand.so) once per process and resolves every entry point. Null,
// with the reason in *why, when no library is found or one lacks an entry point; the library stays
// loaded for the life of the process.
const CurandApi* load_curand(std::string* why);

}  // namespace gpurng::cli::bench
