// gpurng generate: stream values of one engine and distribution to a file or stdout, in bounded
// memory, for any count up to 2^64 - 1.
#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backend_option.hpp"
#include "commands.hpp"
#include "devices_option.hpp"
#include "dist_params.hpp"
#include "gpurng/gpurng.hpp"
#include "number_parsing.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "value_writer.hpp"
#include "weights_option.hpp"

namespace gpurng::cli {
namespace {

struct GenerateOptions {
  std::string engine = "mrg32k3a";
  std::string seed;
  std::string seed_array;
  std::string stream;
  std::string substream;
  std::string offset = "0";
  std::string count = "10";
  std::string dist = "uniform";
  std::string precision;  // the value type; default: double where offered (see value_kind)
  // Distribution parameters by name (--mean, --lambda, ...: the names of distribution_info()),
  // registered for every name some distribution has.
  std::map<std::string, std::string> dist_params;
  std::string weights;  // --dist discrete: a comma list or @file
  std::string format = "txt";
  std::string out = "-";
  std::string backend = "auto";
  std::string threads = "0";
  std::string devices;  // --devices 0,1 | all (CUDA backend)
  std::string progress = "auto";
  // Engine options: applied only when given (each engine has its own defaults).
  std::string dims;
  std::string scramble;
  std::string streams;
  std::string normal_method;
  std::string param_set;
  std::string param_file;
  Given given;  // whether an option was given (an empty value is refused when parsing)
};

[[noreturn]] void usage_error(const std::string& message) { throw Error(Status::invalid_argument, message); }

// The discrete distribution with user weights is not in distributions() (its parameter is a table,
// not numbers): it has its own name and option here.
constexpr const char* kDiscrete = "discrete";
// Nor is the Dirichlet distribution (its parameter is a vector): --dist dirichlet --alpha a0,a1,...
constexpr const char* kDirichlet = "dirichlet";

std::string dist_names() {
  std::string names;
  for (const DistributionInfo& d : distributions()) names += (names.empty() ? "" : ", ") + std::string(d.name);
  return names + ", " + kDiscrete + ", " + kDirichlet;
}

Distribution parse_dist(const std::string& s) {
  for (const DistributionInfo& d : distributions()) {
    if (s == d.name) return d.distribution;
  }
  usage_error("--dist: '" + s + "' is not one of " + dist_names());
}


// The distributions that have parameter `name`, e.g. "normal, lognormal and truncated_normal".
std::string dists_with_param(const std::string& name) {
  std::vector<std::string> with;
  for (const DistributionInfo& d : distributions()) {
    for (unsigned i = 0; i < d.param_count; ++i) {
      if (name == d.params[i].name) with.push_back(d.name);
    }
  }
  std::string text;
  for (std::size_t i = 0; i < with.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == with.size() ? " and " : ", ") + with[i];
  }
  return text;
}

struct KindName {
  ValueKind kind;
  ValueType type;
  const char* name;
};
constexpr KindName kKinds[] = {{ValueKind::f64, ValueType::f64, "double"}, {ValueKind::f32, ValueType::f32, "float"},
                               {ValueKind::i64, ValueType::i64, "int64"},  {ValueKind::i32, ValueType::i32, "int32"},
                               {ValueKind::u64, ValueType::u64, "uint64"}, {ValueKind::u32, ValueType::u32, "uint32"},
                               {ValueKind::f16, ValueType::f16, "float16"}, {ValueKind::bf16, ValueType::bf16, "bfloat16"}};

bool offers(const DistributionInfo& d, ValueType t) { return (d.value_types >> static_cast<int>(t) & 1u) != 0; }

// --precision: one of the distribution's value types; default the first it offers of double,
// int64, uint64, uint32 (so integers by default are NumPy's int64 where offered).
ValueKind value_kind(const DistributionInfo& d, const std::string& precision, bool given) {
  if (!given) {
    for (ValueType t : {ValueType::f64, ValueType::i64, ValueType::u64, ValueType::u32}) {
      if (offers(d, t)) {
        for (const KindName& k : kKinds) {
          if (k.type == t) return k.kind;
        }
      }
    }
  }
  std::string valid;
  for (const KindName& k : kKinds) {
    if (!offers(d, k.type)) continue;
    if (precision == k.name) return k.kind;
    valid += (valid.empty() ? "" : ", ") + std::string(k.name);
  }
  usage_error("--precision: '" + precision + "' is not one of " + valid + " (the value types of --dist " + d.name + ")");
}

ValueType value_type_of(ValueKind kind) {
  for (const KindName& k : kKinds) {
    if (k.kind == kind) return k.type;
  }
  return ValueType::f64;
}

// --dist discrete: integers of the four types, int64 by default; no parameter of the other
// distributions applies.
ValueKind discrete_kind(const GenerateOptions& o) {
  for (const auto& [name, value] : o.dist_params) {
    const std::string option = "--" + name;
    if (o.given(option.c_str())) usage_error(option + " does not apply to --dist discrete (its weights are --weights)");
  }
  if (o.given("--normal-method")) usage_error("--normal-method applies to --dist normal and lognormal only");
  if (!o.given("--precision")) return ValueKind::i64;
  for (const KindName& k : kKinds) {
    if (o.precision == k.name && (k.type == ValueType::i32 || k.type == ValueType::i64 || k.type == ValueType::u32 ||
                                  k.type == ValueType::u64)) {
      return k.kind;
    }
  }
  usage_error("--precision: '" + o.precision + "' is not one of int64, int32, uint64, uint32 (the value types of --dist discrete)");
}

// --dist dirichlet: float or double (default double); --alpha is its vector, no other distribution
// parameter applies.
ValueKind dirichlet_kind(const GenerateOptions& o) {
  for (const auto& [name, value] : o.dist_params) {
    const std::string option = "--" + name;
    if (name != "alpha" && o.given(option.c_str())) {
      usage_error(option + " does not apply to --dist dirichlet (its parameter is --alpha)");
    }
  }
  if (o.given("--normal-method")) usage_error("--normal-method applies to --dist normal and lognormal only");
  if (!o.given("--precision") || o.precision == "double") return ValueKind::f64;
  if (o.precision == "float") return ValueKind::f32;
  usage_error("--precision: '" + o.precision + "' is not one of double, float (the value types of --dist dirichlet)");
}

Format parse_format(const std::string& s) {
  if (s == "txt") return Format::txt;
  if (s == "bin") return Format::bin;
  if (s == "npy") return Format::npy;
  usage_error("--format: '" + s + "' is not one of txt, bin, npy");
}

// One chunk of the requested distribution into buf (the discrete one when there is a table, the
// Dirichlet one when there is an alpha vector).
void generate_chunk(Generator& g, Distribution dist, ValueKind kind, const std::vector<double>& params,
                    const std::optional<DiscreteTable>& table, const std::optional<DirichletAlpha>& alpha, void* buf,
                    std::size_t n) {
  if (table) {
    g.generate_discrete(*table, value_type_of(kind), buf, n);
    return;
  }
  if (alpha) {
    g.generate_dirichlet(*alpha, value_type_of(kind), buf, n);
    return;
  }
  if (dist == Distribution::bits) {
    if (kind == ValueKind::u32) g.generate_bits(static_cast<std::uint32_t*>(buf), n);
    else g.generate_bits(static_cast<std::uint64_t*>(buf), n);
    return;
  }
  g.generate(dist, value_type_of(kind), params.data(), params.size(), buf, n);
}

// Runs a library call for a command-line option; its error message then names the option. An
// option the engine does not have (Status::unsupported) is a bad argument like any other (exit 2).
template <class F>
void for_option(const char* option, F&& f) {
  try {
    f();
  } catch (const Error& e) {
    const Status status = e.status() == Status::unsupported ? Status::invalid_argument : e.status();
    throw Error(status, std::string(option) + ": " + e.what());
  }
}

void apply_engine_options(Generator& g, const GenerateOptions& o) {
  if (o.given("--dims")) {
    const std::uint64_t d = parse_u64(o.dims, "--dims");
    if (d == 0 || d > 0xffffffffu) usage_error("--dims: " + o.dims + " is out of range [1, 2^32-1]");
    for_option("--dims", [&] { g.dimensions(static_cast<std::uint32_t>(d)); });
  }
  if (o.given("--scramble")) {
    Scramble s = Scramble::none;
    if (o.scramble == "none") s = Scramble::none;
    else if (o.scramble == "shift") s = Scramble::digital_shift;
    else if (o.scramble == "owen") s = Scramble::owen;
    else usage_error("--scramble: '" + o.scramble + "' is not one of none, shift, owen");
    for_option("--scramble", [&] { g.scramble(s); });
  }
  if (o.given("--streams")) {
    const std::uint64_t n = parse_u64(o.streams, "--streams");
    for_option("--streams", [&] { g.streams(n); });
  }
  if (o.given("--normal-method")) {
    NormalMethod m = NormalMethod::box_muller;
    if (o.normal_method == "box-muller") m = NormalMethod::box_muller;
    else if (o.normal_method == "icdf") m = NormalMethod::inverse_cdf;
    else usage_error("--normal-method: '" + o.normal_method + "' is not one of box-muller, icdf");
    for_option("--normal-method", [&] { g.normal_method(m); });
  }
  if (o.given("--param-file")) for_option("--param-file", [&] { g.param_file(o.param_file); });
  if (o.given("--param-set")) {
    const std::uint64_t i = parse_u64(o.param_set, "--param-set");
    if (i > 0xffffffffu) usage_error("--param-set: " + o.param_set + " is out of range [0, 2^32-1]");
    for_option("--param-set", [&] { g.param_set(static_cast<std::uint32_t>(i)); });
  }
}

// The value type and the parameters of a distribution of distributions() (all but discrete).
ValueKind value_kind_and_params(const GenerateOptions& o, Engine engine, Distribution dist, std::vector<double>& params) {
  const DistributionInfo& info = distribution_info(dist);
  ValueKind kind;
  if (dist == Distribution::bits) {
    if (o.given("--precision")) usage_error("--precision does not apply to --dist bits (integers of the engine's width)");
    kind = engine_info(engine).bits_width == 64 ? ValueKind::u64 : ValueKind::u32;
  } else {
    kind = value_kind(info, o.precision, o.given("--precision"));
  }
  // Distribution parameters: only those of --dist apply; each given one is used, the others take
  // their defaults (the library names a required one that is missing).
  auto text = [&](const char* option) {
    const std::string name = std::string(option).substr(2);
    return o.given(option) ? std::optional<std::string>(o.dist_params.at(name)) : std::nullopt;
  };
  for (const auto& [name, value] : o.dist_params) {
    const std::string option = "--" + name;
    bool applies = false;
    for (unsigned i = 0; i < info.param_count; ++i) applies = applies || name == info.params[i].name;
    if (o.given(option.c_str()) && !applies) {
      usage_error(option + " applies to --dist " + dists_with_param(name) + " only, not to --dist " + info.name);
    }
  }
  if (dist == Distribution::normal || dist == Distribution::lognormal || dist == Distribution::exponential) {
    // Ranges that keep every value finite in the output type (dist_params.hpp).
    const DistParams p = parse_dist_params(dist, value_type_of(kind), text("--mean"), text("--stddev"), text("--lambda"));
    params = dist == Distribution::exponential ? std::vector<double>{p.p0} : std::vector<double>{p.p0, p.p1};
  } else {
    // Given parameters up to the last one given; those before it that were not given take their
    // defaults. Ranges are the library's (its message names the parameter).
    unsigned last = 0;
    for (unsigned i = 0; i < info.param_count; ++i) {
      if (o.given(("--" + std::string(info.params[i].name)).c_str())) last = i + 1;
    }
    for (unsigned i = 0; i < last; ++i) {
      const std::string option = "--" + std::string(info.params[i].name);
      double v = info.params[i].default_value;
      if (o.given(option.c_str())) {
        const std::string& value = o.dist_params.at(info.params[i].name);
        // A bound may be infinite (a one-sided truncated normal); every other parameter is finite.
        const bool bound = option == "--lower" || option == "--upper";
        if (bound && (value == "inf" || value == "+inf")) {
          v = std::numeric_limits<double>::infinity();
        } else if (bound && value == "-inf") {
          v = -std::numeric_limits<double>::infinity();
        } else {
          v = parse_double(value, option.c_str());
        }
      }
      params.push_back(v);
    }
  }
  if (o.given("--normal-method") && dist != Distribution::normal && dist != Distribution::lognormal) {
    usage_error("--normal-method applies to --dist normal and lognormal only (it chooses how normal values are made)");
  }
  return kind;
}

int run(const GenerateOptions& o) {
  const Engine engine = parse_engine(o.engine);
  // discrete maps the uniform doubles of its positions (Generator::generate_discrete).
  const bool discrete = o.dist == kDiscrete;
  // dirichlet makes whole samples from the uniform doubles of their positions (generate_dirichlet).
  const bool dirichlet = o.dist == kDirichlet;
  const Distribution dist = discrete || dirichlet ? Distribution::uniform : parse_dist(o.dist);
  const Format format = parse_format(o.format);
  const Backend backend = parse_backend_option(o.backend);
  const std::uint64_t count = parse_u64(o.count, "--count");
  const std::uint64_t offset = parse_u64(o.offset, "--offset");
  const std::uint64_t threads = parse_u64(o.threads, "--threads");
  if (threads > 4096) usage_error("--threads: " + o.threads + " is out of range [0, 4096] (0 = all hardware threads)");

  ValueKind kind;
  std::vector<double> params;
  std::optional<DiscreteTable> table;
  std::optional<DirichletAlpha> alpha;
  if (dirichlet) {
    if (o.given("--weights")) usage_error("--weights applies to --dist discrete only, not to --dist dirichlet");
    kind = dirichlet_kind(o);
    if (!o.given("--alpha")) {
      usage_error("--dist dirichlet needs --alpha: its components as a comma-separated list, or @path of a file");
    }
    const std::vector<double> a = read_weights_option(o.dist_params.at("alpha"), "--alpha", kMaxWeightsFileBytes, "component");
    try {
      alpha.emplace(a);
    } catch (const Error& e) {
      throw Error(e.status(), std::string("--alpha: ") + e.what());
    }
    const std::uint64_t k = alpha->size();
    if (count % k != 0) {
      usage_error("--count: " + o.count + " is not a multiple of K = " + std::to_string(k) +
                  " (the components of --alpha: dirichlet values are whole samples of K)");
    }
    if (offset % k != 0) {
      usage_error("--offset: " + o.offset + " is not a multiple of K = " + std::to_string(k) +
                  " (sample j is values jK .. jK + K - 1)");
    }
  } else if (discrete) {
    kind = discrete_kind(o);
    if (!o.given("--weights")) usage_error("--dist discrete needs --weights: a comma-separated list, or @path of a file");
    const std::vector<double> weights = read_weights_option(o.weights, "--weights");
    try {
      table.emplace(weights);
    } catch (const Error& e) {
      throw Error(e.status(), std::string("--") + e.what());  // the library's "weights: ..." names the option
    }
  } else {
    if (o.given("--weights")) usage_error("--weights applies to --dist discrete only, not to --dist " + o.dist);
    kind = value_kind_and_params(o, engine, dist, params);
  }
  if (format == Format::npy && kind == ValueKind::bf16) {
    usage_error("--format npy: NumPy has no bfloat16 type; use --format bin (16-bit patterns, little-endian) or txt");
  }

  Generator g(engine, backend);
  g.cpu_threads(static_cast<unsigned>(threads));
  if (o.given("--seed")) {
    const std::uint64_t seed = parse_u64(o.seed, "--seed");
    for_option("--seed", [&] { g.seed(seed); });
  }
  if (o.given("--seed-array")) {
    const std::vector<std::uint64_t> words = parse_u64_list(o.seed_array, "--seed-array");
    for_option("--seed-array", [&] { g.seed_array(words); });
  }
  if (o.given("--stream") || o.given("--substream")) {
    const std::uint64_t stream = o.given("--stream") ? parse_u64(o.stream, "--stream") : 0;
    const std::uint64_t substream = o.given("--substream") ? parse_u64(o.substream, "--substream") : 0;
    for_option(o.given("--stream") ? "--stream" : "--substream", [&] { g.select_stream(stream, substream); });
  }
  apply_engine_options(g, o);
  // Several devices: each call is cut into one contiguous part per device; the bytes are one
  // device's (the sequence contract), so only the chunk size below changes.
  std::size_t device_count = 1;
  if (o.given("--devices")) {
    const std::vector<int> devices = parse_devices(o.devices, "--devices");
    use_devices(g, devices, "--devices");
    device_count = devices.size();
  }
  for_option("--offset", [&] { g.offset(offset); });
  // A quasi-random engine cannot serve dirichlet: refused here, before any output (nothing is made).
  if (alpha) for_option("--dist", [&] { g.generate_dirichlet(*alpha, value_type_of(kind), nullptr, 0); });
  if (count > g.remaining()) {
    usage_error("--count: " + o.count + " values from offset " + o.offset + " pass the end of the addressable " +
                o.engine + " sequence (at most " + std::to_string(g.remaining()) + " from this offset)");
  }

  // Quasi-random engines with D > 1 dimensions: --count values are count/D whole points, written
  // dimension-major as one block (one generate call), so the output does not depend on chunking.
  const std::uint64_t dims = o.given("--dims") ? parse_u64(o.dims, "--dims") : 1;
  constexpr std::uint64_t kMaxBlock = std::uint64_t{1} << 28;
  if (dims > 1 && count % dims != 0) {
    usage_error("--count: " + o.count + " is not a multiple of --dims " + o.dims +
                " (the output is whole points, dimension-major)");
  }
  if (dims > 1 && count > kMaxBlock) {
    usage_error("--count: " + o.count + " values with --dims " + o.dims +
                " exceeds 2^28, the largest dimension-major block written in one piece; use several runs with --offset");
  }

  OutputTarget target = o.out == "-" ? OutputTarget::standard_output() : OutputTarget(o.out, "--out");
  if (format != Format::txt && target.is_terminal()) {
    usage_error("--format " + o.format + ": refusing to write binary data to a terminal; use --out FILE or a pipe");
  }
  ValueWriter writer(format, kind, target);
  writer.begin(count);

  std::size_t chunk = dims > 1 ? static_cast<std::size_t>(std::max<std::uint64_t>(count, 1))
                     : g.backend() == Backend::cuda ? (std::size_t{1} << 24) * device_count
                                                    : std::size_t{1} << 20;
  if (alpha) chunk = std::max<std::size_t>(1, chunk / alpha->size()) * alpha->size();  // whole samples
  std::vector<unsigned char> buf(static_cast<std::size_t>(std::min<std::uint64_t>(count, chunk)) * value_bytes(kind));
  const bool show = o.progress == "always" || (o.progress == "auto" && stderr_is_terminal());
  Progress progress(count, show);
  for (std::uint64_t done = 0; done < count;) {
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, count - done));
    generate_chunk(g, dist, kind, params, table, alpha, buf.data(), n);
    writer.write(buf.data(), n);
    done += n;
    progress.update(done);
  }
  progress.finish();
  target.commit();
  return 0;
}

}  // namespace

std::function<int()> add_generate_command(CLI::App& app) {
  auto o = std::make_shared<GenerateOptions>();
  CLI::App* cmd = app.add_subcommand("generate", "Generate random numbers to a file or standard output");
  o->given = Given{cmd};
  cmd->footer(
      "Values are elements offset .. offset+count-1 of the engine's canonical sequence, identical on every\n"
      "backend. Integers accept decimal, 0x hexadecimal or 2^k. Examples:\n"
      "  gpurng generate --engine mrg32k3a --count 5\n"
      "  gpurng generate --engine mt19937 --dist bits --offset 9999 --count 1   (std::mt19937: 4123659995)\n"
      "  gpurng generate --dist normal --precision float --count 2^28 --format npy --out normals.npy\n"
      "  gpurng generate --dist discrete --weights 0.1,0.2,0.7 --count 5   (categories 0, 1, 2)\n"
      "  gpurng generate --dist dirichlet --alpha 1,2,3 --count 6   (two samples of 3, row-major)\n"
      "  gpurng generate --engine kiss --dist bits --count 2^40 --format bin --out - | practrand-RNG_test stdin32");
  cmd->add_option("--engine", o->engine, "Engine (see 'gpurng list')")->capture_default_str();
  auto* seed = cmd->add_option("--seed", o->seed, "64-bit seed (engine-specific mapping, see docs/ENGINES.md; mt19937: init_genrand, < 2^32; threefry2x32-20: < 2^32; default: the engine's reference state)");
  auto* arr = cmd->add_option("--seed-array", o->seed_array, "Raw state words or key, comma-separated (mrg32k3a: s0,...,s5; mt19937, mt19937-64: the init_by_array key; kiss99: z,w,jsr,jcong; dcmt521, dcmt2203: the 32-bit seed of stream 0; philox4x64-10, pcg64, pcg64dxsm: lo,hi of a 128-bit NumPy seed)");
  seed->excludes(arr);
  cmd->add_option("--stream", o->stream, "Stream index (mrg32k3a: RngStreams stream, 2^127 steps apart; mwc/xorshift256/kiss/dcmt521/dcmt2203: first stream; philox4x32-10, xorwow: cuRAND subsequence; philox4x64-10, pcg64, pcg64dxsm: NumPy jumped(stream); threefry*: the counter's or key's stream word)");
  cmd->add_option("--substream", o->substream, "Substream index (mrg32k3a: 2^76 steps apart)");
  cmd->add_option("--offset", o->offset, "Index of the first value in the sequence")->capture_default_str();
  cmd->add_option("--count", o->count, "Number of values, up to 2^64-1")->capture_default_str();
  cmd->add_option("--dist", o->dist, dist_names() + " (parameters and value types: gpurng list)")
      ->capture_default_str();
  cmd->add_option("--precision", o->precision,
                  "The value type: float | double for real distributions (default double); int32 | int64 | uint32 | "
                  "uint64 as the distribution offers (default int64, else uint64, else uint32); float16 | bfloat16 "
                  "for uniform and normal (the float values rounded to nearest even; npy: float16 only)");
  // One option per parameter name of any distribution (distribution_info()); mean, stddev and lambda
  // carry the CLI's own ranges that keep every value finite.
  for (const DistributionInfo& d : distributions()) {
    for (unsigned i = 0; i < d.param_count; ++i) {
      const std::string name = d.params[i].name;
      if (o->dist_params.count(name) != 0) continue;
      std::string help = dists_with_param(name) + ": parameter " + name + " (gpurng list gives ranges and defaults)";
      if (name == "mean" || name == "stddev") {
        help += "; normal/lognormal: |mean| + 10*stddev at most the largest value of the type, and for lognormal "
                "mean + 10*stddev at most its log (88.7 float, 709.8 double), so that every value is finite";
      } else if (name == "alpha") {
        help += "; dirichlet: the vector alpha_0,...,alpha_{K-1} (each in [1e-300, 1e300], K up to 65536), a "
                "comma-separated list or @path of a file of numbers; --count and --offset are then multiples of K "
                "(sample j is values jK .. jK+K-1)";
      } else if (name == "lambda") {
        help += "; exponential: at least 40 / the largest value of the type (1.2e-37 float, 2.2e-307 double)";
      }
      cmd->add_option("--" + name, o->dist_params[name], help);
    }
  }
  cmd->add_option("--weights", o->weights,
                  "discrete: the weights of categories 0 .. K-1 (P(i) = weight i / their sum; each finite and >= 0, "
                  "K up to 2^31), a comma-separated list, or @path: a file of numbers separated by commas, spaces or "
                  "newlines ('#' comments; at most 1 GiB)");
  cmd->add_option("--format", o->format, "txt (one value per line) | bin (raw little-endian) | npy")->capture_default_str();
  cmd->add_option("--out", o->out, "Output file, or - for standard output")->capture_default_str();
  cmd->add_option("--backend", o->backend, "auto (CUDA if a GPU is present) | cpu | cuda | opencl (GPURNG_OPENCL_DEVICE picks the device)")->capture_default_str();
  cmd->add_option("--threads", o->threads, "CPU backend threads, 0 = all")->capture_default_str();
  cmd->add_option("--devices", o->devices,
                  "CUDA backend: spread the work over these devices, e.g. 0,1 or all (each computes a contiguous "
                  "part; the output is one device's, bit for bit)");
  cmd->add_option("--dims", o->dims,
                  "Quasi-random engines: dimensions per point (sobol: 1..21201; --count is then a multiple of it, "
                  "--offset counts points, and the output is dimension-major)");
  cmd->add_option("--scramble", o->scramble, "Quasi-random engines: none | shift | owen");
  cmd->add_option("--streams", o->streams, "Many-stream engines: streams S (out[j*S + s] is value j of stream s)");
  cmd->add_option("--normal-method", o->normal_method,
                  "normal/lognormal: box-muller | icdf (engines that offer both)");
  cmd->add_option("--param-set", o->param_set, "Parameter-set engines: the set index");
  cmd->add_option("--param-file", o->param_file, "Parameter-set engines: a CSV of sets made by the tools (dcmt521, dcmt2203: the Dynamic Creator's columns n, m, r, aaa, wmask, umask, lmask, shift0_u, shift1_l, shiftB_s, shiftC_t, maskB_b, maskC_c)");
  cmd->add_option("--progress", o->progress, "auto (when stderr is a terminal) | always | never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  return [o] { return run(*o); };
}

}  // namespace gpurng::cli
