/* gpurng C API: the host API with status codes instead of exceptions, for C, FFI and cuRAND-style
 * callers. Every function catches everything (allocation failures included) and returns a status;
 * gpurng_last_error() gives the message of the last failure in the calling thread.
 *
 * Statuses a function can return:
 *   all functions:              GPURNG_STATUS_INVALID_ARGUMENT (null handle or pointer, value out of
 *                               range), GPURNG_STATUS_INTERNAL_ERROR
 *   gpurng_create:              + GPURNG_STATUS_NO_DEVICE (backend CUDA without a device or CUDA
 *                               support), GPURNG_STATUS_OUT_OF_MEMORY
 *   gpurng_generate_*:          + GPURNG_STATUS_UNSUPPORTED (e.g. 64-bit bits from a 32-bit engine),
 *                               GPURNG_STATUS_CUDA_ERROR, GPURNG_STATUS_OUT_OF_MEMORY
 *   gpurng_select_stream:       + GPURNG_STATUS_UNSUPPORTED (engines without stream partitions)
 *   gpurng_set_cuda_device,
 *   gpurng_set_devices:         + GPURNG_STATUS_UNSUPPORTED (a generator on the CPU backend)
 *   gpurng_generate_per_device: as gpurng_generate_*
 *   gpurng_save_state:          + GPURNG_STATUS_IO_ERROR
 *   gpurng_load_state(_limited): + GPURNG_STATUS_IO_ERROR, GPURNG_STATUS_CORRUPT_STATE
 * A failed call leaves the generator unchanged (the output buffer's content is then unspecified).
 */
#ifndef GPURNG_GPURNG_H
#define GPURNG_GPURNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Values equal gpurng::Status. */
typedef enum gpurng_status {
  GPURNG_STATUS_SUCCESS = 0,
  GPURNG_STATUS_INVALID_ARGUMENT = 1,
  GPURNG_STATUS_UNSUPPORTED = 2,
  GPURNG_STATUS_NO_DEVICE = 3,
  GPURNG_STATUS_CUDA_ERROR = 4,
  GPURNG_STATUS_OUT_OF_MEMORY = 5,
  GPURNG_STATUS_IO_ERROR = 6,
  GPURNG_STATUS_CORRUPT_STATE = 7,
  GPURNG_STATUS_INTERNAL_ERROR = 8,
  GPURNG_STATUS_FORCE_INT = 0x7fffffff /* every int value is representable, so callers may pass any */
} gpurng_status_t;

/* Values equal gpurng::Engine. */
typedef enum gpurng_engine {
  GPURNG_ENGINE_MRG32K3A = 1,
  GPURNG_ENGINE_MT19937 = 2,
  GPURNG_ENGINE_MT19937_64 = 3,
  GPURNG_ENGINE_SOBOL32 = 4,
  GPURNG_ENGINE_SOBOL64 = 5,
  GPURNG_ENGINE_MWC = 6,
  GPURNG_ENGINE_XORSHIFT256 = 7,
  GPURNG_ENGINE_KISS = 8,
  GPURNG_ENGINE_KISS99 = 9,
  GPURNG_ENGINE_MTGP11213 = 10,
  GPURNG_ENGINE_MTGP23209 = 11,
  GPURNG_ENGINE_MTGP44497 = 12,
  GPURNG_ENGINE_MTGP64_23209 = 13,
  GPURNG_ENGINE_MTGP64_44497 = 14,
  GPURNG_ENGINE_MTGP64_110503 = 15,
  GPURNG_ENGINE_MTGP11213_CURAND = 16,
  GPURNG_ENGINE_DCMT521 = 20,
  GPURNG_ENGINE_DCMT2203 = 21,
  GPURNG_ENGINE_PHILOX4X32_10 = 22,
  GPURNG_ENGINE_PHILOX4X64_10 = 23,
  GPURNG_ENGINE_THREEFRY4X64_20 = 24,
  GPURNG_ENGINE_THREEFRY2X32_20 = 25,
  GPURNG_ENGINE_PCG64 = 26,
  GPURNG_ENGINE_PCG64DXSM = 27,
  GPURNG_ENGINE_XORWOW = 28,
  GPURNG_ENGINE_XORWOW_CURAND = 29,        /* cuRAND's host API order and conversions */
  GPURNG_ENGINE_PHILOX4X32_10_CURAND = 30,
  GPURNG_ENGINE_MRG32K3A_CURAND = 31,
  GPURNG_ENGINE_FORCE_INT = 0x7fffffff /* unknown values are rejected with INVALID_ARGUMENT */
} gpurng_engine_t;

typedef enum gpurng_backend {
  GPURNG_BACKEND_AUTO = 0, /* CUDA if a device is present, else CPU */
  GPURNG_BACKEND_CPU = 1,
  GPURNG_BACKEND_CUDA = 2,
  GPURNG_BACKEND_OPENCL = 3, /* an OpenCL device; only some engines (docs/ARCHITECTURE.md) */
  GPURNG_BACKEND_FORCE_INT = 0x7fffffff
} gpurng_backend_t;

/* gpurng::Distribution (docs/ENGINES.md, "Distributions"); the numbers are stable. */
typedef enum gpurng_distribution {
  GPURNG_DIST_BITS = 0,
  GPURNG_DIST_UNIFORM = 1,
  GPURNG_DIST_NORMAL = 2,
  GPURNG_DIST_EXPONENTIAL = 3,
  GPURNG_DIST_LOGNORMAL = 4,
  GPURNG_DIST_UNIFORM_INT = 5,
  GPURNG_DIST_BERNOULLI = 6,
  GPURNG_DIST_GEOMETRIC = 7,
  GPURNG_DIST_POISSON = 8,
  GPURNG_DIST_BINOMIAL = 9,
  GPURNG_DIST_NEGATIVE_BINOMIAL = 10,
  GPURNG_DIST_GAMMA = 11,
  GPURNG_DIST_CHI_SQUARE = 12,
  GPURNG_DIST_BETA = 13,
  GPURNG_DIST_STUDENT_T = 14,
  GPURNG_DIST_CAUCHY = 15,
  GPURNG_DIST_WEIBULL = 16,
  GPURNG_DIST_LAPLACE = 17,
  GPURNG_DIST_LOGISTIC = 18,
  GPURNG_DIST_GUMBEL = 19,
  GPURNG_DIST_RAYLEIGH = 20,
  GPURNG_DIST_TRUNCATED_NORMAL = 21,
  GPURNG_DIST_HYPERGEOMETRIC = 22,
  GPURNG_DIST_FORCE_INT = 0x7fffffff
} gpurng_distribution_t;

/* gpurng::ValueType: the element type of out in gpurng_generate. */
typedef enum gpurng_value_type {
  GPURNG_VALUE_U32 = 0,
  GPURNG_VALUE_U64 = 1,
  GPURNG_VALUE_F32 = 2,
  GPURNG_VALUE_F64 = 3,
  GPURNG_VALUE_I32 = 4,
  GPURNG_VALUE_I64 = 5,
  GPURNG_VALUE_F16 = 6,  /* IEEE binary16 bit patterns (uint16_t): uniform and normal only */
  GPURNG_VALUE_BF16 = 7, /* bfloat16 bit patterns (uint16_t): uniform and normal only */
  GPURNG_VALUE_FORCE_INT = 0x7fffffff
} gpurng_value_type_t;

typedef struct gpurng_generator* gpurng_generator_t;

gpurng_status_t gpurng_create(gpurng_generator_t* generator, gpurng_engine_t engine, gpurng_backend_t backend);
/* Accepts NULL (does nothing). */
gpurng_status_t gpurng_destroy(gpurng_generator_t generator);

gpurng_status_t gpurng_get_backend(gpurng_generator_t generator, gpurng_backend_t* backend);
gpurng_status_t gpurng_set_seed(gpurng_generator_t generator, uint64_t seed);
gpurng_status_t gpurng_set_seed_array(gpurng_generator_t generator, const uint64_t* words, size_t count);
gpurng_status_t gpurng_select_stream(gpurng_generator_t generator, uint64_t stream, uint64_t substream);
gpurng_status_t gpurng_set_offset(gpurng_generator_t generator, uint64_t offset);
gpurng_status_t gpurng_get_offset(gpurng_generator_t generator, uint64_t* offset);
/* Engine options (gpurng::Generator's); GPURNG_STATUS_UNSUPPORTED for an engine without the option.
 * scramble: 0 none, 1 digital shift, 2 Owen. normal_method: 0 Box-Muller, 1 inverse CDF. */
gpurng_status_t gpurng_set_dimensions(gpurng_generator_t generator, uint32_t dimensions);
gpurng_status_t gpurng_set_scramble(gpurng_generator_t generator, int scramble);
gpurng_status_t gpurng_set_streams(gpurng_generator_t generator, uint64_t streams);
gpurng_status_t gpurng_set_normal_method(gpurng_generator_t generator, int normal_method);
gpurng_status_t gpurng_set_param_set(gpurng_generator_t generator, uint32_t index);
gpurng_status_t gpurng_set_param_file(gpurng_generator_t generator, const char* path);
/* stream is a cudaStream_t (NULL: the default stream). */
gpurng_status_t gpurng_set_cuda_stream(gpurng_generator_t generator, void* stream);
/* Values per position of the sequence: a quasi-random engine's dimensions D, 1 for every other engine
 * (gpurng::Generator::dimensions). */
gpurng_status_t gpurng_get_dimensions(gpurng_generator_t generator, uint32_t* dimensions);

/* Devices (CUDA backend; gpurng::Generator::cuda_device and devices, whose comments are the reference).
 * gpurng_set_cuda_device: the device every call of the generator runs on, whatever device the calling
 * thread has made current; an index outside [0, device count) is INVALID_ARGUMENT naming the range.
 * gpurng_get_cuda_device gives -1 until the generator has a device (its first call, or a set).
 * gpurng_set_devices: several devices, one sequence. A call of n values is cut into count contiguous
 * parts (gpurng_block_part over its positions) and device devices[k] produces part k, all at once; the
 * values are bit-identical to one device's and to the CPU's. The one-buffer calls then write host or
 * managed memory. count 0 (devices may then be NULL) returns to one device. An index out of range or
 * given twice is INVALID_ARGUMENT. Both are UNSUPPORTED on the CPU backend.
 * gpurng_get_devices: *count is set to the length of the list; its first min(capacity, *count)
 * entries are written to devices (which may be NULL when capacity is 0). */
gpurng_status_t gpurng_set_cuda_device(gpurng_generator_t generator, int device);
gpurng_status_t gpurng_get_cuda_device(gpurng_generator_t generator, int* device);
gpurng_status_t gpurng_set_devices(gpurng_generator_t generator, const int* devices, size_t count);
gpurng_status_t gpurng_get_devices(gpurng_generator_t generator, int* devices, size_t capacity, size_t* count);

gpurng_status_t gpurng_generate_bits32(gpurng_generator_t generator, uint32_t* out, size_t n);
gpurng_status_t gpurng_generate_bits64(gpurng_generator_t generator, uint64_t* out, size_t n);
gpurng_status_t gpurng_generate_uniform(gpurng_generator_t generator, float* out, size_t n);
gpurng_status_t gpurng_generate_uniform_double(gpurng_generator_t generator, double* out, size_t n);
gpurng_status_t gpurng_generate_normal(gpurng_generator_t generator, float* out, size_t n, float mean, float stddev);
gpurng_status_t gpurng_generate_normal_double(gpurng_generator_t generator, double* out, size_t n, double mean,
                                              double stddev);
gpurng_status_t gpurng_generate_exponential(gpurng_generator_t generator, float* out, size_t n, float lambda);
gpurng_status_t gpurng_generate_exponential_double(gpurng_generator_t generator, double* out, size_t n,
                                                   double lambda);
gpurng_status_t gpurng_generate_lognormal(gpurng_generator_t generator, float* out, size_t n, float mean,
                                          float stddev);
gpurng_status_t gpurng_generate_lognormal_double(gpurng_generator_t generator, double* out, size_t n, double mean,
                                                 double stddev);

/* Any distribution: params[0 .. nparams) in the order gpurng::distribution_info() lists them (missing
 * trailing ones take their defaults; a required one missing is INVALID_ARGUMENT); out holds n values of
 * type value_type. uniform_int with bounds beyond 2^53: gpurng_generate_integers64. GPURNG_VALUE_F16 and
 * GPURNG_VALUE_BF16 (uniform and normal only): out holds n uint16_t bit patterns, the float values of the
 * same call rounded to nearest even; gpurng_generate_per_device refuses them (UNSUPPORTED). */
gpurng_status_t gpurng_generate(gpurng_generator_t generator, gpurng_distribution_t distribution,
                                gpurng_value_type_t value_type, const double* params, size_t nparams, void* out,
                                size_t n);
/* OpenCL backend, device memory (gpurng::Generator::generate with an OpenclBuffer): n values of
 * value_type into the cl_mem `buffer` from element `offset` on; enqueued on the generator's queue
 * (gpurng_opencl_queue), in order, returning once enqueued (dcmt and MT19937 also wait for their
 * windows). INVALID_ARGUMENT for another backend, a NULL buffer (n > 0), a buffer of another context or
 * one too small; UNSUPPORTED for F16 and BF16. gpurng_opencl_context and gpurng_opencl_queue: the
 * library's cl_context and cl_command_queue of the generator's device (one per device and process,
 * not to be released), into *out; UNSUPPORTED on other backends. */
gpurng_status_t gpurng_generate_opencl(gpurng_generator_t generator, gpurng_distribution_t distribution,
                                       gpurng_value_type_t value_type, const double* params, size_t nparams,
                                       void* buffer, size_t offset, size_t n);
gpurng_status_t gpurng_opencl_context(gpurng_generator_t generator, void** out);
gpurng_status_t gpurng_opencl_queue(gpurng_generator_t generator, void** out);
gpurng_status_t gpurng_generate_integers64(gpurng_generator_t generator, int64_t* out, size_t n, int64_t lo,
                                           int64_t hi);
/* The discrete distribution with user weights (gpurng::DiscreteTable, docs/ENGINES.md "discrete"):
 * categories 0 .. k-1 with P(i) = weights[i] / sum(weights), by Walker's alias method on a table built
 * once. gpurng_discrete_table_create: INVALID_ARGUMENT (the message names "weights", the index of a
 * bad weight and the valid range) for a NULL table or weights pointer, k = 0 or k > 2^31, a weight that
 * is negative, NaN or infinite, or weights all 0; OUT_OF_MEMORY when the table does not fit; *table
 * is NULL on any error. A table is immutable: several generators and threads may use it at once.
 * gpurng_discrete_table_destroy accepts NULL; destroy a table only after the calls that use it have
 * completed (a CUDA call reads its device copy when it runs, so also after a graph using it).
 * gpurng_generate_discrete: n values of the table at the generator's offset into out (host memory,
 * or device or managed memory on the CUDA backend) of value_type I32, I64, U32 or U64 (others:
 * INVALID_ARGUMENT); value i uses position i, as the uniform double does. */
typedef struct gpurng_discrete_table* gpurng_discrete_table_t;
gpurng_status_t gpurng_discrete_table_create(gpurng_discrete_table_t* table, const double* weights, size_t k);
gpurng_status_t gpurng_discrete_table_destroy(gpurng_discrete_table_t table);
/* The number of categories k of a table. */
gpurng_status_t gpurng_discrete_table_size(gpurng_discrete_table_t table, size_t* k);
gpurng_status_t gpurng_generate_discrete(gpurng_generator_t generator, gpurng_discrete_table_t table,
                                         gpurng_value_type_t value_type, void* out, size_t n);
/* The Dirichlet distribution (gpurng::DirichletAlpha, docs/ENGINES.md "dirichlet"): samples of k
 * components alpha[0 .. k), sample j = values j*k .. j*k + k - 1 (row-major), each value in [0, 1] and
 * each sample summing to 1. gpurng_dirichlet_alpha_create: INVALID_ARGUMENT (the message names
 * "alpha", the index of a bad component and the valid range) for a NULL handle or alpha pointer,
 * k = 0 or k > 65536, or a component outside [1e-300, 1e300] (NaN and infinities included); *alpha is
 * NULL on any error. Immutable; destroy it (NULL accepted) only after the calls that use it have
 * completed. gpurng_generate_dirichlet: n values (n / k samples) at the generator's offset into out
 * (host memory, or device or managed memory on the CUDA backend) of value_type F32 or F64 (others:
 * INVALID_ARGUMENT); the offset and n must be multiples of k (INVALID_ARGUMENT naming "offset" or
 * "count"); quasi-random engines are UNSUPPORTED. */
typedef struct gpurng_dirichlet_alpha* gpurng_dirichlet_alpha_t;
gpurng_status_t gpurng_dirichlet_alpha_create(gpurng_dirichlet_alpha_t* alpha_handle, const double* alpha, size_t k);
gpurng_status_t gpurng_dirichlet_alpha_destroy(gpurng_dirichlet_alpha_t alpha_handle);
/* The number of components k. */
gpurng_status_t gpurng_dirichlet_alpha_size(gpurng_dirichlet_alpha_t alpha_handle, size_t* k);
gpurng_status_t gpurng_generate_dirichlet(gpurng_generator_t generator, gpurng_dirichlet_alpha_t alpha_handle,
                                          gpurng_value_type_t value_type, void* out, size_t n);
/* With devices set (gpurng_set_devices, D devices): n values as gpurng_generate would give them, part k
 * into outs[k], which is device or managed memory of device k of the list, or host memory, and holds
 * gpurng_block_part(n / dims, D, k).count * dims values (dims: gpurng_get_dimensions; a quasi-random
 * engine's buffer k is then its points, dimension-major). outs has D entries; outs[k] may be NULL where
 * that count is 0. Returns when every part is complete. INVALID_ARGUMENT without a list of devices, for
 * a NULL outs or part buffer, or a buffer on another device. */
gpurng_status_t gpurng_generate_per_device(gpurng_generator_t generator, gpurng_distribution_t distribution,
                                           gpurng_value_type_t value_type, const double* params, size_t nparams,
                                           void* const* outs, size_t n);
/* Part k of n items over parts parts (gpurng/partition.hpp, the one partition of devices and MPI ranks):
 * [*first, *first + *count). Part k starts at k * (n / parts) + min(k, n % parts); the first n % parts
 * parts hold one item more. INVALID_ARGUMENT for parts 0, k >= parts or a NULL pointer. */
gpurng_status_t gpurng_block_part(uint64_t n, uint64_t parts, uint64_t k, uint64_t* first, uint64_t* count);
/* A distribution's CLI name ("unknown" for an unknown value), its parameter count and the name and
 * default (NaN: required) of parameter i. */
const char* gpurng_distribution_name(gpurng_distribution_t distribution);
gpurng_status_t gpurng_distribution_param(gpurng_distribution_t distribution, unsigned i, const char** name,
                                          double* default_value);

gpurng_status_t gpurng_save_state(gpurng_generator_t generator, const char* path);
gpurng_status_t gpurng_load_state(gpurng_generator_t generator, const char* path);
/* gpurng::LoadLimits: for state files from untrusted sources, what restoring may cost (docs/ENGINES.md,
 * "State files"). A state beyond a limit gives GPURNG_STATUS_INVALID_ARGUMENT naming the limit;
 * UINT64_MAX is no limit. */
typedef struct gpurng_load_limits {
  uint64_t max_streams;    /* streams of a many-stream engine (dcmt, mwc, mtgp, ...) */
  uint64_t max_param_sets; /* parameter sets the state carries (dcmt, mtgp) */
} gpurng_load_limits_t;
gpurng_status_t gpurng_load_state_limited(gpurng_generator_t generator, const char* path,
                                          const gpurng_load_limits_t* limits);

/* Static strings; never NULL. */
const char* gpurng_status_string(gpurng_status_t status);
/* The message of the last failed call in this thread ("" if none). Valid until the next call. */
const char* gpurng_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* GPURNG_GPURNG_H */
