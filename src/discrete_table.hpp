// DiscreteTableImpl: what a gpurng::DiscreteTable holds, the built alias table on the host and its
// copies on the devices that used it; and the front's call. Private to src/discrete.cpp and the tests.
#pragma once

#include <cstddef>
#include <mutex>

#include "cuda/device_copies.hpp"
#include "cuda/discrete_launch.hpp"
#include "distributions/alias_build.hpp"
#include "gpurng/core/dist/alias_table.hpp"

namespace gpurng::detail {

class DiscreteTableImpl {
 public:
  explicit DiscreteTableImpl(dists::AliasTable table) : table_(std::move(table)) {}
  DiscreteTableImpl(const DiscreteTableImpl&) = delete;
  DiscreteTableImpl& operator=(const DiscreteTableImpl&) = delete;

  std::size_t size() const { return table_.alias.size(); }
  const dists::AliasTable& table() const { return table_; }
  core::dist::AliasTableView host_view() const {
    return core::dist::AliasTableView{table_.threshold.data(), table_.alias.data(), table_.alias.size()};
  }

  // CUDA backend: the table on the current device, copied there at its first use. The copies are
  // the only mutable part; generators on several threads may ask at once.
  core::dist::AliasTableView device_view() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    const std::size_t k = size();
    const auto* threshold = static_cast<const double*>(
        copies_.on_current_device(0, table_.threshold.data(), k * sizeof(double), "discrete table"));
    const auto* alias = static_cast<const std::uint32_t*>(
        copies_.on_current_device(1, table_.alias.data(), k * sizeof(std::uint32_t), "discrete table"));
    return core::dist::AliasTableView{threshold, alias, k};
  }

 private:
  dists::AliasTable table_;
  mutable std::mutex mutex_;
  mutable cuda::DeviceCopies copies_;  // slot 0: thresholds, 1: aliases
};

class GeneratorImpl;

// Generator::generate_discrete on the front (src/discrete.cpp): n values of `table` at g's offset into
// out, of type i32, i64, u32 or u64; a failed call leaves g's offset unchanged. Declared here so that
// the tests can drive it on a GeneratorImpl with CPU "devices" (test_dist_discrete).
void generate_discrete(GeneratorImpl& g, const DiscreteTableImpl& table, ValueType type, void* out, std::size_t n);

}  // namespace gpurng::detail
