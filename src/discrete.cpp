// The discrete distribution with user weights (gpurng::DiscreteTable, Generator::generate_discrete):
// value i is the alias lookup (core/dist/alias_table.hpp) of the engine's uniform double at
// position i. The uniforms come from the generator's own uniform call (mapped_generate.hpp), so every
// engine, family, backend and device split serves the discrete distribution without code of its
// own, and the positions are the uniform's; this file only maps them, with a CPU loop or the CUDA map
// kernel.
#include <new>
#include <string>

#include "cpu/discrete_map.hpp"
#include "cuda/discrete_launch.hpp"
#include "discrete_table.hpp"
#include "distributions/distribution_checks.hpp"
#include "generator_impl.hpp"
#include "mapped_generate.hpp"

namespace gpurng {

// ---- DiscreteTable --------------------------------------------------------------------------------

DiscreteTable::DiscreteTable(const double* weights, std::size_t k) {
  try {
    impl_ = std::make_shared<const detail::DiscreteTableImpl>(detail::dists::build_alias_table(weights, k));
  } catch (const std::bad_alloc&) {
    throw Error(Status::out_of_memory, "weights: the alias table of " + std::to_string(k) +
                                           " categories (12 bytes each, and 4 more while it is built) does not fit in host memory");
  }
}
DiscreteTable::~DiscreteTable() = default;
DiscreteTable::DiscreteTable(const DiscreteTable&) = default;
DiscreteTable& DiscreteTable::operator=(const DiscreteTable&) = default;
DiscreteTable::DiscreteTable(DiscreteTable&&) noexcept = default;
DiscreteTable& DiscreteTable::operator=(DiscreteTable&&) noexcept = default;

const detail::DiscreteTableImpl& DiscreteTable::impl() const {
  if (!impl_) throw Error(Status::invalid_argument, "table: the DiscreteTable was moved from");
  return *impl_;
}
std::size_t DiscreteTable::size() const { return impl().size(); }
const double* DiscreteTable::thresholds() const { return impl().table().threshold.data(); }
const std::uint32_t* DiscreteTable::aliases() const { return impl().table().alias.data(); }

namespace detail {
namespace {

void check_value_type(ValueType t) {
  if (t != ValueType::i32 && t != ValueType::i64 && t != ValueType::u32 && t != ValueType::u64) {
    throw Error(Status::invalid_argument, "generate_discrete: value type " + std::to_string(static_cast<int>(t)) +
                                              " is not one of int32, int64, uint32, uint64 (ValueType i32, i64, u32, u64)");
  }
}

// value i = alias_pick(table, u_i), as an integer of type t, on the CPU.
void host_map(const core::dist::AliasTableView& t, ValueType type, const void* u, void* out, std::size_t n,
              unsigned threads) {
  switch (type) {
    case ValueType::i32: return cpu::alias_map<std::int32_t>(t, u, out, n, threads);
    case ValueType::u32: return cpu::alias_map<std::uint32_t>(t, u, out, n, threads);
    case ValueType::i64: return cpu::alias_map<std::int64_t>(t, u, out, n, threads);
    default: return cpu::alias_map<std::uint64_t>(t, u, out, n, threads);
  }
}

}  // namespace

void generate_discrete(GeneratorImpl& g, const DiscreteTableImpl& table, ValueType type, void* out, std::size_t n) {
  check_value_type(type);
  ValueMap map;
  map.what = "generate_discrete";
  map.source = dists::make_request(Distribution::uniform, ValueType::f64, nullptr, 0);
  map.out_size = value_size(type);
  map.host_map = [&](void* u, void* dst, std::size_t count, unsigned threads) {
    host_map(table.host_view(), type, u, dst, count, threads);
  };
  // On the current device: the table's copy there (uploaded at its first use on that device).
  map.device_map = [&](void* u, void* dst, std::size_t count, CUstream_st* stream) {
    cuda::alias_map(table.device_view(), type, static_cast<const double*>(u), dst, count, stream);
  };
  mapped_generate(g, map, out, n);
}

}  // namespace detail

// ---- Generator ------------------------------------------------------------------------------------

void Generator::generate_discrete(const DiscreteTable& table, ValueType t, void* out, std::size_t n) {
  detail::generate_discrete(impl(), table.impl(), t, out, n);
}
void Generator::generate_discrete(const DiscreteTable& table, std::int32_t* out, std::size_t n) {
  generate_discrete(table, ValueType::i32, out, n);
}
void Generator::generate_discrete(const DiscreteTable& table, std::int64_t* out, std::size_t n) {
  generate_discrete(table, ValueType::i64, out, n);
}
void Generator::generate_discrete(const DiscreteTable& table, std::uint32_t* out, std::size_t n) {
  generate_discrete(table, ValueType::u32, out, n);
}
void Generator::generate_discrete(const DiscreteTable& table, std::uint64_t* out, std::size_t n) {
  generate_discrete(table, ValueType::u64, out, n);
}

}  // namespace gpurng
