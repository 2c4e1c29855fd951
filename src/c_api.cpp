// The C API: the one boundary where exceptions become status codes. Every entry point catches
// everything, std::bad_alloc included.
#include <new>
#include <string>
#include <vector>

#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"
#include "gpurng/partition.hpp"

// The C enum mirrors gpurng::Engine (the numbers are stable: state files store them).
#define GPURNG_SAME_ENGINE(c, cpp) static_assert(static_cast<int>(c) == static_cast<int>(gpurng::Engine::cpp), #c)
GPURNG_SAME_ENGINE(GPURNG_ENGINE_PHILOX4X32_10, philox4x32_10);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_PHILOX4X64_10, philox4x64_10);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_THREEFRY4X64_20, threefry4x64_20);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_THREEFRY2X32_20, threefry2x32_20);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_PCG64, pcg64);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_PCG64DXSM, pcg64dxsm);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_XORWOW, xorwow);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_XORWOW_CURAND, xorwow_curand);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_PHILOX4X32_10_CURAND, philox4x32_10_curand);
GPURNG_SAME_ENGINE(GPURNG_ENGINE_MRG32K3A_CURAND, mrg32k3a_curand);
#undef GPURNG_SAME_ENGINE
// And gpurng::Distribution: the last entry of each enum agrees, and the list has no more.
static_assert(static_cast<int>(GPURNG_DIST_HYPERGEOMETRIC) == static_cast<int>(gpurng::Distribution::hypergeometric),
              "gpurng_distribution_t mirrors gpurng::Distribution");
static_assert(static_cast<int>(GPURNG_DIST_UNIFORM_INT) == static_cast<int>(gpurng::Distribution::uniform_int),
              "gpurng_distribution_t mirrors gpurng::Distribution");
static_assert(static_cast<int>(GPURNG_VALUE_I64) == static_cast<int>(gpurng::ValueType::i64),
              "gpurng_value_type_t mirrors gpurng::ValueType");

struct gpurng_generator {
  gpurng::Generator g;
};

struct gpurng_discrete_table {
  gpurng::DiscreteTable t;
};

struct gpurng_dirichlet_alpha {
  gpurng::DirichletAlpha a;
};

namespace {

thread_local std::string g_last_error;

template <class F>
gpurng_status_t guarded(F&& f) {
  try {
    f();
    g_last_error.clear();
    return GPURNG_STATUS_SUCCESS;
  } catch (const gpurng::Error& e) {
    g_last_error = e.what();
    return static_cast<gpurng_status_t>(e.status());
  } catch (const std::bad_alloc&) {
    g_last_error = "out of host memory";
    return GPURNG_STATUS_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    g_last_error = e.what();
    return GPURNG_STATUS_INTERNAL_ERROR;
  } catch (...) {
    g_last_error = "unknown exception";
    return GPURNG_STATUS_INTERNAL_ERROR;
  }
}

gpurng::Generator& handle(gpurng_generator_t g) {
  if (g == nullptr) throw gpurng::Error(gpurng::Status::invalid_argument, "generator: null handle");
  return g->g;
}

template <class T>
T* non_null(T* p, const char* name) {
  if (p == nullptr) throw gpurng::Error(gpurng::Status::invalid_argument, std::string(name) + ": null pointer");
  return p;
}

}  // namespace

extern "C" {

gpurng_status_t gpurng_create(gpurng_generator_t* generator, gpurng_engine_t engine, gpurng_backend_t backend) {
  return guarded([&] {
    non_null(generator, "generator");
    *generator = nullptr;
    if (backend < GPURNG_BACKEND_AUTO || backend > GPURNG_BACKEND_OPENCL) {
      throw gpurng::Error(gpurng::Status::invalid_argument,
                          "backend: " + std::to_string(int(backend)) + " is not one of AUTO (0), CPU (1), CUDA (2), OPENCL (3)");
    }
    gpurng::engine_info(static_cast<gpurng::Engine>(engine));  // throws for an unknown engine
    *generator = new gpurng_generator{gpurng::Generator(static_cast<gpurng::Engine>(engine),
                                                        static_cast<gpurng::Backend>(backend))};
  });
}

gpurng_status_t gpurng_destroy(gpurng_generator_t generator) {
  return guarded([&] { delete generator; });
}

gpurng_status_t gpurng_get_backend(gpurng_generator_t generator, gpurng_backend_t* backend) {
  return guarded([&] { *non_null(backend, "backend") = static_cast<gpurng_backend_t>(handle(generator).backend()); });
}
gpurng_status_t gpurng_set_seed(gpurng_generator_t generator, uint64_t seed) {
  return guarded([&] { handle(generator).seed(seed); });
}
gpurng_status_t gpurng_set_seed_array(gpurng_generator_t generator, const uint64_t* words, size_t count) {
  return guarded([&] { handle(generator).seed_array(words, count); });
}
gpurng_status_t gpurng_select_stream(gpurng_generator_t generator, uint64_t stream, uint64_t substream) {
  return guarded([&] { handle(generator).select_stream(stream, substream); });
}
gpurng_status_t gpurng_set_offset(gpurng_generator_t generator, uint64_t offset) {
  return guarded([&] { handle(generator).offset(offset); });
}
gpurng_status_t gpurng_get_offset(gpurng_generator_t generator, uint64_t* offset) {
  return guarded([&] { *non_null(offset, "offset") = handle(generator).offset(); });
}
gpurng_status_t gpurng_set_dimensions(gpurng_generator_t generator, uint32_t dimensions) {
  return guarded([&] { handle(generator).dimensions(dimensions); });
}
gpurng_status_t gpurng_set_scramble(gpurng_generator_t generator, int scramble) {
  return guarded([&] {
    if (scramble < 0 || scramble > 2) {
      throw gpurng::Error(gpurng::Status::invalid_argument, "scramble: " + std::to_string(scramble) + " is not 0 (none), 1 (shift) or 2 (owen)");
    }
    handle(generator).scramble(static_cast<gpurng::Scramble>(scramble));
  });
}
gpurng_status_t gpurng_set_streams(gpurng_generator_t generator, uint64_t streams) {
  return guarded([&] { handle(generator).streams(streams); });
}
gpurng_status_t gpurng_set_normal_method(gpurng_generator_t generator, int normal_method) {
  return guarded([&] {
    if (normal_method < 0 || normal_method > 1) {
      throw gpurng::Error(gpurng::Status::invalid_argument,
                          "normal_method: " + std::to_string(normal_method) + " is not 0 (Box-Muller) or 1 (inverse CDF)");
    }
    handle(generator).normal_method(static_cast<gpurng::NormalMethod>(normal_method));
  });
}
gpurng_status_t gpurng_set_param_set(gpurng_generator_t generator, uint32_t index) {
  return guarded([&] { handle(generator).param_set(index); });
}
gpurng_status_t gpurng_set_param_file(gpurng_generator_t generator, const char* path) {
  return guarded([&] { handle(generator).param_file(non_null(path, "path")); });
}
gpurng_status_t gpurng_set_cuda_stream(gpurng_generator_t generator, void* stream) {
  return guarded([&] { handle(generator).cuda_stream(static_cast<CUstream_st*>(stream)); });
}
gpurng_status_t gpurng_get_dimensions(gpurng_generator_t generator, uint32_t* dimensions) {
  return guarded([&] { *non_null(dimensions, "dimensions") = handle(generator).dimensions(); });
}

gpurng_status_t gpurng_set_cuda_device(gpurng_generator_t generator, int device) {
  return guarded([&] { handle(generator).cuda_device(device); });
}
gpurng_status_t gpurng_get_cuda_device(gpurng_generator_t generator, int* device) {
  return guarded([&] { *non_null(device, "device") = handle(generator).cuda_device(); });
}
gpurng_status_t gpurng_set_devices(gpurng_generator_t generator, const int* devices, size_t count) {
  return guarded([&] {
    gpurng::Generator& g = handle(generator);
    // A NULL list is the empty list only when it says so: NULL with a count is a caller's mistake.
    if (count != 0) non_null(devices, "devices");
    g.devices(count == 0 ? std::vector<int>{} : std::vector<int>(devices, devices + count));
  });
}
gpurng_status_t gpurng_get_devices(gpurng_generator_t generator, int* devices, size_t capacity, size_t* count) {
  return guarded([&] {
    gpurng::Generator& g = handle(generator);
    non_null(count, "count");
    if (capacity != 0) non_null(devices, "devices");
    const std::vector<int> list = g.devices();
    for (std::size_t i = 0; i < list.size() && i < capacity; ++i) devices[i] = list[i];
    *count = list.size();
  });
}

gpurng_status_t gpurng_generate_bits32(gpurng_generator_t generator, uint32_t* out, size_t n) {
  return guarded([&] { handle(generator).generate_bits(out, n); });
}
gpurng_status_t gpurng_generate_bits64(gpurng_generator_t generator, uint64_t* out, size_t n) {
  return guarded([&] { handle(generator).generate_bits(out, n); });
}
gpurng_status_t gpurng_generate_uniform(gpurng_generator_t generator, float* out, size_t n) {
  return guarded([&] { handle(generator).generate_uniform(out, n); });
}
gpurng_status_t gpurng_generate_uniform_double(gpurng_generator_t generator, double* out, size_t n) {
  return guarded([&] { handle(generator).generate_uniform(out, n); });
}
gpurng_status_t gpurng_generate_normal(gpurng_generator_t generator, float* out, size_t n, float mean, float stddev) {
  return guarded([&] { handle(generator).generate_normal(out, n, mean, stddev); });
}
gpurng_status_t gpurng_generate_normal_double(gpurng_generator_t generator, double* out, size_t n, double mean,
                                              double stddev) {
  return guarded([&] { handle(generator).generate_normal(out, n, mean, stddev); });
}
gpurng_status_t gpurng_generate_exponential(gpurng_generator_t generator, float* out, size_t n, float lambda) {
  return guarded([&] { handle(generator).generate_exponential(out, n, lambda); });
}
gpurng_status_t gpurng_generate_exponential_double(gpurng_generator_t generator, double* out, size_t n,
                                                   double lambda) {
  return guarded([&] { handle(generator).generate_exponential(out, n, lambda); });
}
gpurng_status_t gpurng_generate_lognormal(gpurng_generator_t generator, float* out, size_t n, float mean,
                                          float stddev) {
  return guarded([&] { handle(generator).generate_lognormal(out, n, mean, stddev); });
}
gpurng_status_t gpurng_generate_lognormal_double(gpurng_generator_t generator, double* out, size_t n, double mean,
                                                 double stddev) {
  return guarded([&] { handle(generator).generate_lognormal(out, n, mean, stddev); });
}

gpurng_status_t gpurng_generate(gpurng_generator_t generator, gpurng_distribution_t distribution,
                                gpurng_value_type_t value_type, const double* params, size_t nparams, void* out,
                                size_t n) {
  return guarded([&] {
    handle(generator).generate(static_cast<gpurng::Distribution>(distribution),
                               static_cast<gpurng::ValueType>(value_type), params, nparams, out, n);
  });
}

gpurng_status_t gpurng_generate_opencl(gpurng_generator_t generator, gpurng_distribution_t distribution,
                                       gpurng_value_type_t value_type, const double* params, size_t nparams,
                                       void* buffer, size_t offset, size_t n) {
  return guarded([&] {
    handle(generator).generate(static_cast<gpurng::Distribution>(distribution),
                               static_cast<gpurng::ValueType>(value_type), params, nparams,
                               gpurng::OpenclBuffer{static_cast<_cl_mem*>(buffer), offset}, n);
  });
}

gpurng_status_t gpurng_opencl_context(gpurng_generator_t generator, void** out) {
  return guarded([&] {
    non_null(out, "out");
    *out = handle(generator).opencl_context();
  });
}

gpurng_status_t gpurng_opencl_queue(gpurng_generator_t generator, void** out) {
  return guarded([&] {
    non_null(out, "out");
    *out = handle(generator).opencl_queue();
  });
}

gpurng_status_t gpurng_discrete_table_create(gpurng_discrete_table_t* table, const double* weights, size_t k) {
  return guarded([&] {
    non_null(table, "table");
    *table = nullptr;
    *table = new gpurng_discrete_table{gpurng::DiscreteTable(weights, k)};
  });
}

gpurng_status_t gpurng_discrete_table_destroy(gpurng_discrete_table_t table) {
  return guarded([&] { delete table; });
}

gpurng_status_t gpurng_discrete_table_size(gpurng_discrete_table_t table, size_t* k) {
  return guarded([&] {
    non_null(table, "table");
    *non_null(k, "k") = table->t.size();
  });
}

gpurng_status_t gpurng_generate_discrete(gpurng_generator_t generator, gpurng_discrete_table_t table,
                                         gpurng_value_type_t value_type, void* out, size_t n) {
  return guarded([&] {
    non_null(table, "table");
    handle(generator).generate_discrete(table->t, static_cast<gpurng::ValueType>(value_type), out, n);
  });
}

gpurng_status_t gpurng_dirichlet_alpha_create(gpurng_dirichlet_alpha_t* alpha_handle, const double* alpha, size_t k) {
  return guarded([&] {
    non_null(alpha_handle, "alpha_handle");
    *alpha_handle = nullptr;
    *alpha_handle = new gpurng_dirichlet_alpha{gpurng::DirichletAlpha(alpha, k)};
  });
}

gpurng_status_t gpurng_dirichlet_alpha_destroy(gpurng_dirichlet_alpha_t alpha_handle) {
  return guarded([&] { delete alpha_handle; });
}

gpurng_status_t gpurng_dirichlet_alpha_size(gpurng_dirichlet_alpha_t alpha_handle, size_t* k) {
  return guarded([&] {
    non_null(alpha_handle, "alpha_handle");
    *non_null(k, "k") = alpha_handle->a.size();
  });
}

gpurng_status_t gpurng_generate_dirichlet(gpurng_generator_t generator, gpurng_dirichlet_alpha_t alpha_handle,
                                          gpurng_value_type_t value_type, void* out, size_t n) {
  return guarded([&] {
    non_null(alpha_handle, "alpha_handle");
    handle(generator).generate_dirichlet(alpha_handle->a, static_cast<gpurng::ValueType>(value_type), out, n);
  });
}

gpurng_status_t gpurng_generate_per_device(gpurng_generator_t generator, gpurng_distribution_t distribution,
                                           gpurng_value_type_t value_type, const double* params, size_t nparams,
                                           void* const* outs, size_t n) {
  return guarded([&] {
    handle(generator).generate_per_device(static_cast<gpurng::Distribution>(distribution),
                                          static_cast<gpurng::ValueType>(value_type), params, nparams, outs, n);
  });
}

gpurng_status_t gpurng_block_part(uint64_t n, uint64_t parts, uint64_t k, uint64_t* first, uint64_t* count) {
  return guarded([&] {
    non_null(first, "first");
    non_null(count, "count");
    const gpurng::BlockPart p = gpurng::block_part(n, parts, k);
    *first = p.first;
    *count = p.count;
  });
}

gpurng_status_t gpurng_generate_integers64(gpurng_generator_t generator, int64_t* out, size_t n, int64_t lo,
                                           int64_t hi) {
  return guarded([&] { handle(generator).generate_integers(out, n, lo, hi); });
}

const char* gpurng_distribution_name(gpurng_distribution_t distribution) {
  return gpurng::distribution_name(static_cast<gpurng::Distribution>(distribution));
}

gpurng_status_t gpurng_distribution_param(gpurng_distribution_t distribution, unsigned i, const char** name,
                                          double* default_value) {
  return guarded([&] {
    const gpurng::DistributionInfo& d = gpurng::distribution_info(static_cast<gpurng::Distribution>(distribution));
    if (i >= d.param_count) {
      throw gpurng::Error(gpurng::Status::invalid_argument, std::string("i: ") + d.name + " has " +
                                                                std::to_string(d.param_count) + " parameter(s), got " +
                                                                std::to_string(i));
    }
    *non_null(name, "name") = d.params[i].name;
    *non_null(default_value, "default_value") = d.params[i].default_value;
  });
}

gpurng_status_t gpurng_save_state(gpurng_generator_t generator, const char* path) {
  return guarded([&] { handle(generator).save_state(non_null(path, "path")); });
}
gpurng_status_t gpurng_load_state(gpurng_generator_t generator, const char* path) {
  return guarded([&] { handle(generator).load_state(non_null(path, "path")); });
}
gpurng_status_t gpurng_load_state_limited(gpurng_generator_t generator, const char* path,
                                          const gpurng_load_limits_t* limits) {
  return guarded([&] {
    const gpurng_load_limits_t& l = *non_null(limits, "limits");
    handle(generator).load_state(non_null(path, "path"), gpurng::LoadLimits{l.max_streams, l.max_param_sets});
  });
}

const char* gpurng_status_string(gpurng_status_t status) {
  return gpurng::status_name(static_cast<gpurng::Status>(status));
}

const char* gpurng_last_error(void) { return g_last_error.c_str(); }

}  // extern "C"
