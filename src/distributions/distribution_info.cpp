// The public view of the list of distributions (distribution_list.hpp): names, parameters and value
// types for the CLI, the C API and the Python package, and the parameter checks of
// Generator::generate.
#include <string>

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
  } else {
    return 1u << static_cast<int>(ValueType::u64);
  }
}

template <class... V>
constexpr unsigned types_bits(Types<V...>) {
  return (0u | ... | type_bits<V>());
}

template <class Entry>
DistributionInfo info_of() {
  static_assert(Entry::param_count <= static_cast<int>(kMaxDistributionParams), "kMaxDistributionParams");
  DistributionInfo d{Entry::id, Entry::name, Entry::description, static_cast<unsigned>(Entry::param_count), {}, 0};
  for (int i = 0; i < Entry::param_count; ++i) d.params[i] = {Entry::params[i].name, Entry::params[i].default_value};
  d.value_types = types_bits(typename Entry::Values{});
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
  Entry::check(req.params, req.type);
  return true;
}

template <class... Entry>
void check_in(const Request& req, List<Entry...>) {
  (check_if<Entry>(req) || ...);
}

}  // namespace

Request make_request(Distribution d, ValueType t, const double* params, std::size_t nparams) {
  const DistributionInfo& info = distribution_info(d);
  if ((info.value_types >> static_cast<int>(t) & 1u) == 0) {
    static const char* const type_names[] = {"uint32", "uint64", "float", "double"};
    throw Error(Status::invalid_argument, std::string("distribution ") + info.name + ": not offered in " +
                                              type_names[static_cast<int>(t)] + " values");
  }
  if (nparams > info.param_count) {
    throw Error(Status::invalid_argument, std::string("distribution ") + info.name + ": takes " +
                                              std::to_string(info.param_count) + " parameter(s), got " +
                                              std::to_string(nparams));
  }
  if (params == nullptr && nparams != 0) {
    throw Error(Status::invalid_argument, "params: null pointer with count " + std::to_string(nparams));
  }
  Request req{d, t, {}};
  for (unsigned i = 0; i < info.param_count; ++i) req.params[i] = i < nparams ? params[i] : info.params[i].default_value;
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
