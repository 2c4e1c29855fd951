// The public view of the list of distributions (distribution_list.hpp): names, parameters and value
// types for the CLI, the C API and the Python package, and the parameter checks of
// Generator::generate.
#include <cmath>
#include <string>
#include <type_traits>

#include "distributions/distribution_checks.hpp"
#include "distributions/select_transform.hpp"

namespace gpurng {
namespace detail::dists {

template <class... Entry>
const char* name_in(Distribution d, List<Entry...>) noexcept {
  const char* name = "unknown";
  ((d == Entry::id ? (name = Entry::name, true) : false) || ...);
  return name;
}

namespace {

template <class V>
constexpr unsigned type_bits() {
  if constexpr (std::is_same_v<V, EngineBits>) {
    return (1u << static_cast<int>(ValueType::u32)) | (1u << static_cast<int>(ValueType::u64));
  } else if constexpr (std::is_same_v<V, float>) {
    return 1u << static_cast<int>(ValueType::f32);
  } else if constexpr (std::is_same_v<V, double>) {
    return 1u << static_cast<int>(ValueType::f64);
  } else if constexpr (std::is_same_v<V, std::uint32_t>) {
    return 1u << static_cast<int>(ValueType::u32);
  } else if constexpr (std::is_same_v<V, std::uint64_t>) {
    return 1u << static_cast<int>(ValueType::u64);
  } else if constexpr (std::is_same_v<V, std::int32_t>) {
    return 1u << static_cast<int>(ValueType::i32);
  } else {
    return 1u << static_cast<int>(ValueType::i64);
  }
}

template <class... V>
constexpr unsigned types_bits(Types<V...>) {
  return (0u | ... | type_bits<V>());
}

// Entries with `half_values = true` are also made in f16 and bf16 (distribution_list.hpp).
template <class Entry, class = void>
struct HasHalfValues : std::false_type {};
template <class Entry>
struct HasHalfValues<Entry, std::void_t<decltype(Entry::half_values)>> : std::bool_constant<Entry::half_values> {};

template <class Entry>
DistributionInfo info_of() {
  static_assert(Entry::param_count <= static_cast<int>(kMaxDistributionParams), "kMaxDistributionParams");
  DistributionInfo d{Entry::id, Entry::name, Entry::description, static_cast<unsigned>(Entry::param_count), {}, 0};
  for (int i = 0; i < Entry::param_count; ++i) d.params[i] = {Entry::params[i].name, Entry::params[i].default_value};
  d.value_types = types_bits(typename Entry::Values{});
  if (HasHalfValues<Entry>::value) {
    d.value_types |= (1u << static_cast<int>(ValueType::f16)) | (1u << static_cast<int>(ValueType::bf16));
  }
  return d;
}

template <class... Entry>
std::vector<DistributionInfo> infos(List<Entry...>) {
  std::vector<DistributionInfo> all{info_of<Entry>()...};
  for (std::size_t i = 0; i < all.size(); ++i) {
    // The enum and the list agree in order, so distribution_info(d) is all[int(d)].
    if (static_cast<std::size_t>(all[i].distribution) != i) throw Error(Status::internal_error, "distribution list order");
  }
  return all;
}

const std::vector<DistributionInfo>& table() {
  static const std::vector<DistributionInfo> all = infos(AllDistributions{});
  return all;
}

template <class Entry>
bool check_if(const Request& req) {
  if (req.dist != Entry::id) return false;
  Entry::check(req);
  return true;
}

template <class... Entry>
void check_in(const Request& req, List<Entry...>) {
  (check_if<Entry>(req) || ...);
}

}  // namespace

namespace {

const char* type_name(ValueType t) {
  switch (t) {
    case ValueType::u32: return "uint32";
    case ValueType::u64: return "uint64";
    case ValueType::f32: return "float";
    case ValueType::f64: return "double";
    case ValueType::i32: return "int32";
    case ValueType::i64: return "int64";
    case ValueType::f16: return "float16";
    case ValueType::bf16: return "bfloat16";
  }
  return "unknown";
}

// uniform_int's bounds given as doubles: integers within the value type's range, exactly.
std::uint64_t integer_bound(double v, ValueType t, const char* param) {
  double lo = 0.0, hi = 0.0;  // the type's range; 2^63 and 2^64 are exact doubles
  switch (t) {
    case ValueType::i32: lo = -2147483648.0; hi = 2147483647.0; break;
    case ValueType::u32: lo = 0.0; hi = 4294967295.0; break;
    case ValueType::i64: lo = -0x1p63; hi = 0x1p63; break;
    default: lo = 0.0; hi = 0x1p64; break;
  }
  const bool upper_open = t == ValueType::i64 || t == ValueType::u64;
  const bool in_range = v >= lo && (upper_open ? v < hi : v <= hi);  // false for NaN
  if (!in_range || std::floor(v) != v) {
    throw Error(Status::invalid_argument, std::string("uniform_int ") + param + ": must be an integer in the " +
                                              type_name(t) + " range, got " + number_text(v) +
                                              (upper_open ? " (for bounds beyond 2^53 use generate_integers)" : ""));
  }
  if (t == ValueType::u64) return static_cast<std::uint64_t>(v);
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
}

}  // namespace

Request make_request(Distribution d, ValueType t, const double* params, std::size_t nparams) {
  const DistributionInfo& info = distribution_info(d);
  if ((info.value_types >> static_cast<int>(t) & 1u) == 0) {
    throw Error(Status::invalid_argument,
                std::string("distribution ") + info.name + ": not offered in " + type_name(t) + " values");
  }
  if (nparams > info.param_count) {
    throw Error(Status::invalid_argument, std::string("distribution ") + info.name + ": takes " +
                                              std::to_string(info.param_count) + " parameter(s), got " +
                                              std::to_string(nparams));
  }
  if (params == nullptr && nparams != 0) {
    throw Error(Status::invalid_argument, "params: null pointer with count " + std::to_string(nparams));
  }
  Request req{d, t, {}, {}};
  for (unsigned i = 0; i < info.param_count; ++i) {
    if (i < nparams) {
      req.params[i] = params[i];
    } else if (std::isnan(info.params[i].default_value)) {
      throw Error(Status::invalid_argument, std::string(info.name) + " " + info.params[i].name +
                                                ": required (it has no default)");
    } else {
      req.params[i] = info.params[i].default_value;
    }
  }
  if (d == Distribution::uniform_int) {
    req.int_params[0] = integer_bound(req.params[0], t, "lo");
    req.int_params[1] = integer_bound(req.params[1], t, "hi");
  }
  check_in(req, AllDistributions{});
  return req;
}

Request make_integer_request(ValueType t, std::uint64_t lo_bits, std::uint64_t hi_bits) {
  Request req{Distribution::uniform_int, t, {}, {lo_bits, hi_bits}};
  check_in(req, AllDistributions{});
  return req;
}

}  // namespace detail::dists

std::vector<DistributionInfo> distributions() { return detail::dists::table(); }

const DistributionInfo& distribution_info(Distribution d) {
  const auto& all = detail::dists::table();
  const auto i = static_cast<std::size_t>(d);
  if (i >= all.size()) {
    throw Error(Status::invalid_argument, "distribution: unknown value " + std::to_string(static_cast<int>(d)) +
                                              "; valid: 0.." + std::to_string(all.size() - 1));
  }
  return all[i];
}

Distribution parse_distribution(std::string_view name) {
  std::string valid;
  for (const DistributionInfo& d : detail::dists::table()) {
    if (name == d.name) return d.distribution;
    valid += valid.empty() ? "" : ", ";
    valid += d.name;
  }
  throw Error(Status::invalid_argument, "distribution: unknown name '" + std::string(name) + "'; valid: " + valid);
}

const char* distribution_name(Distribution d) noexcept { return detail::dists::name_in(d, detail::dists::AllDistributions{}); }

}  // namespace gpurng
