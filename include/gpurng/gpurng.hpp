// gpurng host API (C++17). Needs no CUDA header: a cudaStream_t is passed as the CUstream_st* it is.
//
//   gpurng::Generator g(gpurng::Engine::mrg32k3a);   // Backend::automatic: CUDA if a GPU is present
//   g.seed(42);
//   g.offset(1'000'000);                             // skip ahead, O(log k)
//   g.generate_uniform(ptr, n);                      // device or host memory
//
// Every generator has one canonical sequence per (engine, seed, stream selection). A generator at
// offset k asked for n values returns elements k .. k+n-1 of it, the same bits on the CPU and the
// GPU, for any n, any launch configuration, in one call or in many; the offset then moves by n.
// Element i of every distribution belongs to position i of the engine's sequence (docs/ENGINES.md).
//
// Errors throw gpurng::Error, carrying a Status and a message naming the bad argument and its
// valid range. A failed call leaves the generator (and its offset) unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct CUstream_st;  // cudaStream_t is CUstream_st*
struct _cl_mem;            // cl_mem is _cl_mem*
struct _cl_context;        // cl_context is _cl_context*
struct _cl_command_queue;  // cl_command_queue is _cl_command_queue*

namespace gpurng {

// Numeric values are stable: the C API and the state files use them.
enum class Status : int {
  success = 0,
  invalid_argument = 1,  // a value out of range, a null pointer, a malformed string
  unsupported = 2,       // the engine or backend cannot do this (e.g. 64-bit bits from a 32-bit engine)
  no_device = 3,         // the CUDA backend was asked for, but no device (or no CUDA support) exists
  cuda_error = 4,        // a CUDA runtime call failed
  out_of_memory = 5,     // host or device allocation failed
  io_error = 6,          // a file could not be opened, read or written
  corrupt_state = 7,     // a state file is truncated, corrupted, or of another engine or version
  internal_error = 8,    // a bug: please report it
};

const char* status_name(Status s) noexcept;

class Error : public std::runtime_error {
 public:
  Error(Status status, const std::string& message);
  Status status() const noexcept { return status_; }

 private:
  Status status_;
};

// Numeric values are stable (state files, C API).
enum class Engine : int {
  mrg32k3a = 1,
  mt19937 = 2,     // std::mt19937's sequence
  mt19937_64 = 3,  // std::mt19937_64's sequence
  sobol32 = 4,  // quasi-random: dimensions(), scramble(); offsets count points
  sobol64 = 5,
  mwc = 6,          // two 16-bit multiply-with-carry generators, many streams (docs/ENGINES.md)
  xorshift256 = 7,  // Panneton-L'Ecuyer xorshift r = 8, s = 7, many streams
  kiss = 8,         // KISS with a multiplier pair per stream, many streams
  kiss99 = 9,       // Marsaglia's KISS99, one stream
  // MTGP (Saito & Matsumoto): 32-bit with periods 2^11213-1, 2^23209-1, 2^44497-1; 64-bit with
  // 2^23209-1, 2^44497-1, 2^110503-1; and MTGP32-11213 as cuRAND's CURAND_RNG_PSEUDO_MTGP32 has it.
  mtgp11213 = 10,
  mtgp23209 = 11,
  mtgp44497 = 12,
  mtgp64_23209 = 13,
  mtgp64_44497 = 14,
  mtgp64_110503 = 15,
  mtgp11213_curand = 16,
  dcmt521 = 20,     // Dynamic-Creator Mersenne Twisters, exponent 521, a parameter set per stream
  dcmt2203 = 21,    // Dynamic-Creator Mersenne Twisters, exponent 2203, a parameter set per stream
  // Counter-based (Salmon et al., SC'11), PCG64 and XORWOW: one stream per (seed, stream), any
  // position O(1) or O(log) away; bit-compatible with cuRAND's device API or NumPy (docs/ENGINES.md).
  philox4x32_10 = 22,    // curand_init(seed, stream, 0) of curandStatePhilox4_32_10_t
  philox4x64_10 = 23,    // numpy.random.Philox(seed).jumped(stream); seeds up to 2^128-1
  threefry4x64_20 = 24,  // Random123 Threefry4x64-20, key (seed, 0, 0, 0), counter (i, 0, stream, 0)
  threefry2x32_20 = 25,  // Random123 Threefry2x32-20, key (seed, stream), both < 2^32
  pcg64 = 26,            // numpy.random.PCG64(seed).jumped(stream) (XSL-RR); seeds up to 2^128-1
  pcg64dxsm = 27,        // numpy.random.PCG64DXSM(seed).jumped(stream); seeds up to 2^128-1
  xorwow = 28,           // curand_init(seed, stream, 0) of curandStateXORWOW_t
  // cuRAND's host API (curandGenerate*, CURAND_ORDERING_PSEUDO_DEFAULT) bit for bit: its seeding,
  // its interleaved output order and its uniform conversions (docs/ENGINES.md, "cuRAND host engines").
  xorwow_curand = 29,         // CURAND_RNG_PSEUDO_XORWOW
  philox4x32_10_curand = 30,  // CURAND_RNG_PSEUDO_PHILOX4_32_10
  mrg32k3a_curand = 31,       // CURAND_RNG_PSEUDO_MRG32K3A
};

enum class Backend : int {
  automatic = 0,  // CUDA if built with CUDA and a device is present, otherwise CPU
  cpu = 1,
  cuda = 2,
  opencl = 3,  // an OpenCL device (opencl_devices(); GPURNG_OPENCL_DEVICE picks one): some engines only
};

// The distributions (docs/ENGINES.md, "Distributions": method, parameters, which positions of the
// engine's sequence value i uses). distribution_info() gives each one's parameters and value types.
enum class Distribution : int {
  bits = 0,
  uniform = 1,
  normal = 2,
  exponential = 3,
  lognormal = 4,
  uniform_int = 5,
  bernoulli = 6,
  geometric = 7,
  poisson = 8,
  binomial = 9,
  negative_binomial = 10,
  gamma = 11,
  chi_square = 12,
  beta = 13,
  student_t = 14,
  cauchy = 15,
  weibull = 16,
  laplace = 17,
  logistic = 18,
  gumbel = 19,
  rayleigh = 20,
  truncated_normal = 21,
  hypergeometric = 22,
};

// The element types a distribution can be generated in (the pointer type of Generator::generate).
// f16 and bf16 are IEEE binary16 and bfloat16, written as their 16-bit patterns (std::uint16_t; a
// device kernel reads them as __half / __nv_bfloat16): value i is the float value i of the same call
// rounded to nearest even (docs/ENGINES.md, "Half-precision outputs"); uniform and normal only.
enum class ValueType : int { u32 = 0, u64 = 1, f32 = 2, f64 = 3, i32 = 4, i64 = 5, f16 = 6, bf16 = 7 };

// A distribution's parameters, in the order of DistributionInfo::params (at most
// kMaxDistributionParams; the CLI option of each is --<name>).
constexpr unsigned kMaxDistributionParams = 4;
struct DistributionParam {
  const char* name;
  double default_value;  // NaN: required (no default)
};

struct DistributionInfo {
  Distribution distribution;
  const char* name;         // the CLI name, e.g. "normal"
  const char* description;  // one line, with the parameters' valid ranges
  unsigned param_count;
  DistributionParam params[kMaxDistributionParams];
  unsigned value_types;     // bit (1u << int(ValueType::...)) for each type it is generated in
};

// Engine options. An engine that has no such option rejects the setter with Status::unsupported;
// docs/ENGINES.md lists which engine takes which, and the defaults.
enum class Scramble : int { none = 0, digital_shift = 1, owen = 2 };   // quasi-random engines
enum class NormalMethod : int { box_muller = 0, inverse_cdf = 1 };    // how normals are made

struct EngineInfo {
  Engine engine;
  const char* name;         // the CLI name, e.g. "mrg32k3a"
  const char* description;  // one line
  unsigned bits_width;      // 32 or 64: the integer type of generate_bits
  const char* period;       // e.g. "~2^191"
};

std::vector<EngineInfo> engines();
const EngineInfo& engine_info(Engine e);
// Parses a CLI engine name; throws Error(invalid_argument) listing the valid names.
Engine parse_engine(std::string_view name);
const char* backend_name(Backend b) noexcept;
const char* distribution_name(Distribution d) noexcept;
// Every distribution, in enum order; the one of d; a CLI name to the enum (throws
// Error(invalid_argument) listing the valid names).
std::vector<DistributionInfo> distributions();
const DistributionInfo& distribution_info(Distribution d);
Distribution parse_distribution(std::string_view name);

struct DeviceInfo {
  int index;
  std::string name;
  int compute_major;
  int compute_minor;
  int multiprocessors;
  std::size_t global_memory_bytes;
};

bool built_with_cuda() noexcept;

// OpenCL devices (Backend::opencl), found at run time through libOpenCL.so.1: every device of every
// platform, in order; empty without an ICD loader or a platform. `format` is the program format the
// backend loads on it ("spir", "ptx"), or "none" where it can load none of those built.
struct OpenclDeviceInfo {
  int index;
  std::string platform;
  std::string name;
  std::string version;
  bool gpu;
  unsigned compute_units;
  std::size_t global_memory_bytes;
  std::string format;
};
std::vector<OpenclDeviceInfo> opencl_devices();
// Whether this gpurng was built with the OpenCL kernels (the build found clang and LLVM's tools).
bool built_with_opencl() noexcept;

// An OpenCL buffer as the output of a call (Generator::generate on Backend::opencl): value i of the
// call goes to element `offset` + i of `buffer`, counted in the call's value type. The buffer must
// belong to the generator's context (Generator::opencl_context) and hold (offset + n) values.
struct OpenclBuffer {
  _cl_mem* buffer = nullptr;
  std::size_t offset = 0;
};
// The CUDA devices this process can use; empty without CUDA support or without a device.
std::vector<DeviceInfo> cuda_devices();
// The backend Backend::automatic resolves to on this machine.
Backend default_backend();

// Bounds on what restoring a state may cost, for programs that restore state files they do not
// trust. A small file can describe an expensive generator: a 148-byte dcmt2203 state with 2^20
// streams makes the next call keep 2^20 windows (about 580 MB) and, at a far offset, jump every one
// of them (seconds); each parameter set a dcmt state carries is checked for full period when it is
// loaded. docs/ENGINES.md ("State files") has the cost model. A state beyond a limit is refused with
// Error(Status::invalid_argument) naming the limit; the defaults accept every state the library saves.
struct LoadLimits {
  std::uint64_t max_streams = ~std::uint64_t{0};     // streams of a many-stream engine (dcmt, mwc, mtgp, ...)
  std::uint64_t max_param_sets = ~std::uint64_t{0};  // parameter sets the state carries (dcmt, mtgp)
};

namespace detail {
class GeneratorImpl;
class DiscreteTableImpl;
class DirichletAlphaImpl;
}

// The discrete distribution with user weights: categories 0 .. K-1 with P(i) = weights[i] /
// sum(weights), drawn by Walker's alias method from a table built once on the host (Vose's
// construction, deterministic: every machine builds the same table). Value i of
// Generator::generate_discrete is the alias lookup of the engine's uniform double at position i
// (docs/ENGINES.md, "discrete"). The constructor throws Error(invalid_argument) naming "weights" for
// K = 0 or K > kMaxCategories, a null pointer, a weight that is negative, NaN or infinite (with its
// index), or weights that are all 0; a table that does not fit in host memory (16 bytes per category
// while it is built) is Error(out_of_memory). A category of weight 0 is never drawn.
//
// Immutable once built. Copies share the table (and its device copies); a table may be used by
// several generators and threads at once. On the CUDA backend the table is copied to a device at the
// first call that needs it there and kept until the last copy of the table is destroyed, so a
// captured CUDA graph that uses it must not outlive it.
class DiscreteTable {
 public:
  static constexpr std::uint64_t kMaxCategories = std::uint64_t{1} << 31;

  DiscreteTable(const double* weights, std::size_t k);
  explicit DiscreteTable(const std::vector<double>& weights) : DiscreteTable(weights.data(), weights.size()) {}
  ~DiscreteTable();
  DiscreteTable(const DiscreteTable&);
  DiscreteTable& operator=(const DiscreteTable&);
  DiscreteTable(DiscreteTable&&) noexcept;
  DiscreteTable& operator=(DiscreteTable&&) noexcept;

  std::size_t size() const;  // K, the number of categories
  // The table itself (K entries each, host memory): column j gives j when the point f in (0, 1] of a
  // uniform inside column j is <= threshold[j], else alias[j] (core/dist/alias_table.hpp; the same
  // lookup for your own kernels, given these arrays copied to the device).
  const double* thresholds() const;
  const std::uint32_t* aliases() const;

 private:
  friend class Generator;
  const detail::DiscreteTableImpl& impl() const;  // throws when moved from
  std::shared_ptr<const detail::DiscreteTableImpl> impl_;
};

// The Dirichlet distribution's parameter: alpha_0 .. alpha_{K-1}, checked once and set up for the
// gamma variates of each component (docs/ENGINES.md, "dirichlet"). Generator::generate_dirichlet
// lays sample j out as values jK .. jK + K - 1 (row-major, NumPy's shape (samples, K)); every value is
// in [0, 1] and each sample sums to 1 within the bound ENGINES.md states. The constructor throws
// Error(invalid_argument) naming "alpha" for K = 0 or K > kMaxComponents, a null pointer, or a
// component outside [1e-300, 1e300] (NaN and infinities included, with its index).
//
// Immutable once built; copies share it (and its device copies), so it may serve several generators
// and threads at once. On the CUDA backend it is copied to a device at the first call that needs it
// there and kept until the last copy is destroyed (a captured CUDA graph must not outlive it).
class DirichletAlpha {
 public:
  static constexpr std::uint64_t kMaxComponents = std::uint64_t{1} << 16;

  DirichletAlpha(const double* alpha, std::size_t k);
  explicit DirichletAlpha(const std::vector<double>& alpha) : DirichletAlpha(alpha.data(), alpha.size()) {}
  ~DirichletAlpha();
  DirichletAlpha(const DirichletAlpha&);
  DirichletAlpha& operator=(const DirichletAlpha&);
  DirichletAlpha(DirichletAlpha&&) noexcept;
  DirichletAlpha& operator=(DirichletAlpha&&) noexcept;

  std::size_t size() const;      // K, the components of a sample
  const double* alpha() const;   // alpha_0 .. alpha_{K-1} as given

 private:
  friend class Generator;
  const detail::DirichletAlphaImpl& impl() const;  // throws when moved from
  std::shared_ptr<const detail::DirichletAlphaImpl> impl_;
};

// Movable, not copyable. A moved-from Generator holds no engine: every member call on it, the
// accessors included, throws Error(Status::invalid_argument, "... the generator was moved from ...")
// until another Generator is move-assigned to it; destroying it is always fine.
class Generator {
 public:
  explicit Generator(Engine engine, Backend backend = Backend::automatic);
  ~Generator();
  Generator(Generator&&) noexcept;
  Generator& operator=(Generator&&) noexcept;
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  Engine engine() const;
  Backend backend() const;  // never Backend::automatic

  // Seeding. Each resets the offset (and the stream selection) to 0.
  void seed(std::uint64_t seed);                                // engine-specific mapping
  void seed_array(const std::uint64_t* words, std::size_t count);  // the engine's raw state words
  void seed_array(const std::vector<std::uint64_t>& words) { seed_array(words.data(), words.size()); }

  // Engines with RngStreams-style partitions (mrg32k3a): start of stream i, substream j
  // (i * 2^127 + j * 2^76 steps after the seeded state). Resets the offset to 0.
  void select_stream(std::uint64_t stream, std::uint64_t substream = 0);

  // Engine options (see the enums above). Each keeps the seed and resets the offset to 0.
  void dimensions(std::uint32_t d);            // quasi-random: dimensions per point
  // Values per position of the sequence: a quasi-random engine's dimensions D (its offset counts
  // points of D values, and a call of n values is n / D points, dimension-major); 1 for every other
  // engine.
  std::uint32_t dimensions() const;
  void scramble(Scramble s);                   // quasi-random: randomisation
  void streams(std::uint64_t s);               // many-stream engines: streams in the interleaved layout
  void normal_method(NormalMethod m);          // engines that offer more than Box-Muller
  void param_set(std::uint32_t index);         // parameter-set engines: which set (or first set)
  void param_file(const std::string& path);    // parameter-set engines: sets created by the tools

  // Position in the canonical sequence: the next value produced is element k.
  void offset(std::uint64_t k);
  std::uint64_t offset() const;
  // How many values can still be produced from the offset before the end of the addressable
  // sequence (for mrg32k3a: positions 0 .. 2^64 - 2 of each stream selection); asking for more
  // is an error.
  std::uint64_t remaining() const;

  // CUDA backend: the stream calls are ordered on (default: the legacy default stream). Calls into
  // device memory never synchronise the device, so they can be captured in a CUDA graph (a
  // captured call replays the same values; the generator's offset moves once, at capture).
  void cuda_stream(CUstream_st* stream);
  CUstream_st* cuda_stream() const;
  // Tuning only, never changes a value: blocks per kernel launch (0 = automatic).
  void cuda_blocks(unsigned blocks);
  // CUDA backend: the device the generator runs on. Every call (its kernels, its workspaces, their
  // release when the generator is reseeded or destroyed) runs with this device made current and the
  // caller's current device restored after, so a program may switch devices freely. Default: the
  // device current to the calling thread when the generator first needs one (its first generation
  // call), as before this option existed; cuda_device() is -1 until then. Choosing another device
  // later moves the generator (its state is kept; its device workspaces are released and made again
  // on the new device at the next call). The stream set with cuda_stream must belong to this device.
  // Throws Error(invalid_argument) naming the valid range for a device that does not exist, and
  // Error(unsupported) on the CPU backend.
  void cuda_device(int device);
  int cuda_device() const;

  // CUDA backend: several devices in one process, one sequence. With a list of devices set, a call of
  // n values is cut into devices().size() contiguous parts by block_part (gpurng/partition.hpp) over
  // its positions (points for a quasi-random engine), and device k produces part k, all devices at
  // once: part k is the same call made at offset() + first_k (the sequence contract), so the result
  // is bit-identical to one device and to the CPU, for every engine and distribution, and the
  // offset then moves by n as for any call. Each device keeps its own workspaces between calls.
  // The calls that take one buffer write host (or managed) memory; generate_per_device writes one
  // buffer per device. A call over several devices returns when every part is complete; it runs on
  // each device's default stream, not on cuda_stream(). An empty list returns to one device
  // (cuda_device()). Throws Error(invalid_argument) for an index out of range or given twice, and
  // Error(unsupported) on the CPU backend.
  void devices(const std::vector<int>& list);
  std::vector<int> devices() const;
  // CPU backend: worker threads (0 = all hardware threads). Never changes a value.
  void cpu_threads(unsigned threads);

  // Generation into host memory, or (CUDA backend) into device or managed memory. n = 0 is a no-op
  // and out may then be null.
  void generate_bits(std::uint32_t* out, std::size_t n);
  void generate_bits(std::uint64_t* out, std::size_t n);
  void generate_uniform(float* out, std::size_t n);
  void generate_uniform(double* out, std::size_t n);
  void generate_normal(float* out, std::size_t n, float mean = 0.0f, float stddev = 1.0f);
  void generate_normal(double* out, std::size_t n, double mean = 0.0, double stddev = 1.0);
  void generate_exponential(float* out, std::size_t n, float lambda = 1.0f);
  void generate_exponential(double* out, std::size_t n, double lambda = 1.0);
  void generate_lognormal(float* out, std::size_t n, float mean = 0.0f, float stddev = 1.0f);
  void generate_lognormal(double* out, std::size_t n, double mean = 0.0, double stddev = 1.0);
  // Any distribution: params[0..nparams) in the order of distribution_info(d).params; parameters
  // not given take their defaults (nparams may be 0 and params then null). The pointer's element
  // type is the value type; bits take the engine's width (engine_info().bits_width). Throws
  // Error(invalid_argument) naming a parameter outside its range, or a value type d is not offered in.
  void generate(Distribution d, const double* params, std::size_t nparams, std::uint32_t* out, std::size_t n);
  void generate(Distribution d, const double* params, std::size_t nparams, std::uint64_t* out, std::size_t n);
  void generate(Distribution d, const double* params, std::size_t nparams, float* out, std::size_t n);
  void generate(Distribution d, const double* params, std::size_t nparams, double* out, std::size_t n);
  void generate(Distribution d, const double* params, std::size_t nparams, std::int32_t* out, std::size_t n);
  void generate(Distribution d, const double* params, std::size_t nparams, std::int64_t* out, std::size_t n);
  // The same with the value type given at run time (out points to n values of type t).
  void generate(Distribution d, ValueType t, const double* params, std::size_t nparams, void* out, std::size_t n);
  // Several devices (devices() set): part k of the call into outs[k], device or managed memory of
  // device devices()[k] (or host memory), which holds block_part(n / D, devices().size(), k).count * D
  // values (D = dimensions(); for a quasi-random engine with D > 1 buffer k is its points,
  // dimension-major). outs[k] may be null where that count is 0. Returns when every part is complete.
  // Throws Error(invalid_argument) when devices() is empty, for a null buffer or one on another device.
  void generate_per_device(Distribution d, ValueType t, const double* params, std::size_t nparams, void* const* outs,
                           std::size_t n);
  // OpenCL backend, device memory: n values of type t into out.buffer from element out.offset on,
  // the same values a call into host memory gives. The kernels are enqueued on opencl_queue() (in
  // order), and the call returns once they are: wait with clFinish or an event on that queue before
  // reading the buffer on the host (the dcmt and MT19937 engines also wait for their windows before
  // returning). float16 and bfloat16 values are refused (Error(unsupported)), as are other backends,
  // a null buffer, one of another context and one too small (Error(invalid_argument), naming the
  // sizes). n = 0 is a no-op.
  void generate(Distribution d, ValueType t, const double* params, std::size_t nparams, OpenclBuffer out,
                std::size_t n);
  // OpenCL backend: the context and the in-order command queue the generator's device runs on, made
  // by the library once per device and process and shared by every generator on that device; valid
  // for the life of the process (do not release them; retain them where your code keeps them).
  // Make the buffers for generate(..., OpenclBuffer, n) in this context. Error(unsupported) on the
  // other backends.
  _cl_context* opencl_context() const;
  _cl_command_queue* opencl_queue() const;
  // Uniform integers in [lo, hi] (Distribution::uniform_int) with the exact 64-bit bounds that
  // doubles cannot carry: value type int32, int64, uint32 or uint64.
  void generate_integers(std::int32_t* out, std::size_t n, std::int32_t lo, std::int32_t hi);
  void generate_integers(std::int64_t* out, std::size_t n, std::int64_t lo, std::int64_t hi);
  void generate_integers(std::uint32_t* out, std::size_t n, std::uint32_t lo, std::uint32_t hi);
  void generate_integers(std::uint64_t* out, std::size_t n, std::uint64_t lo, std::uint64_t hi);

  // The discrete distribution of `table` (see DiscreteTable): n values at the offset, which then
  // moves by n, as for every distribution (value i uses position i, as the uniform does). Host
  // memory, or (CUDA backend) device or managed memory. Every category fits each of the four types.
  void generate_discrete(const DiscreteTable& table, std::int32_t* out, std::size_t n);
  void generate_discrete(const DiscreteTable& table, std::int64_t* out, std::size_t n);
  void generate_discrete(const DiscreteTable& table, std::uint32_t* out, std::size_t n);
  void generate_discrete(const DiscreteTable& table, std::uint64_t* out, std::size_t n);
  // The same with the value type at run time: i32, i64, u32 or u64 (others: Error(invalid_argument)).
  void generate_discrete(const DiscreteTable& table, ValueType t, void* out, std::size_t n);

  // The Dirichlet distribution (see DirichletAlpha): n values, that is n / K samples, at the offset,
  // which then moves by n. Sample j is values jK .. jK + K - 1 and uses those positions alone, so the
  // offset and n must be multiples of K (else Error(invalid_argument) naming "offset" or "count").
  // Host memory, or (CUDA backend) device or managed memory. Quasi-random engines (sobol32, sobol64)
  // are Error(unsupported), as for the other distributions that take pairs of outputs.
  void generate_dirichlet(const DirichletAlpha& alpha, float* out, std::size_t n);
  void generate_dirichlet(const DirichletAlpha& alpha, double* out, std::size_t n);
  // The same with the value type at run time: f32 or f64 (others: Error(invalid_argument)).
  void generate_dirichlet(const DirichletAlpha& alpha, ValueType t, void* out, std::size_t n);

  // The whole state (engine, seed state, stream selection, offset) as a versioned, checksummed
  // file; load_state() continues bit for bit. Loading checks engine, version, size and checksum,
  // every field, the limits, and the period of every parameter set the state carries.
  // save_state writes a new temporary beside path and renames it over path when complete: path
  // holds the old file or the whole new one, never part of it (a device such as /dev/null is
  // written in place).
  void save_state(const std::string& path) const;
  void load_state(const std::string& path, const LoadLimits& limits = LoadLimits());
  std::vector<std::uint8_t> state_bytes() const;
  void restore_state_bytes(const std::uint8_t* data, std::size_t size, const LoadLimits& limits = LoadLimits());

 private:
  detail::GeneratorImpl& impl() const;  // throws when moved from
  std::unique_ptr<detail::GeneratorImpl> impl_;
};

}  // namespace gpurng
