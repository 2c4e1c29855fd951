// Dynamic-Creator families: construction, set checks, and the parameter-file reader.
#include "families/dcmt/dcmt_family.hpp"

#include <algorithm>
#include <atomic>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "dcmt_param_csv.hpp"
#include "gpurng/gpurng.hpp"

namespace gpurng::detail::dcmt {

namespace {

std::uint64_t next_family_id() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

}  // namespace

Family::Family(std::vector<core::dcmt::Params> params, std::string origin)
    : params_(std::move(params)),
      origin_(std::move(origin)),
      id_(next_family_id()),
      polys_(params_, params_.empty() ? 0 : static_cast<int>(params_.front().n)) {
  sets_.reserve(params_.size());
  for (const core::dcmt::Params& p : params_) sets_.push_back(core::dcmt::set_of(p));
}

core::dcmt::Params params_of(const ShapeInfo& shape, const core::dcmt::Set& s) {
  const std::uint32_t upper = 0xffffffffu << shape.r;
  return core::dcmt::Params{shape.n,  shape.m,   shape.r,   s.aaa,     0xffffffffu, upper,    ~upper,
                            s.shift_u, s.shift_l, s.shift_s, s.shift_t, s.mask_b,    s.mask_c};
}

void check_set(const core::dcmt::Params& p, const ShapeInfo& shape, const std::string& where) {
  if (p.n != shape.n || p.m != shape.m || p.r != shape.r) {
    throw Error(Status::invalid_argument,
                where + "(n, m, r) = (" + std::to_string(p.n) + ", " + std::to_string(p.m) + ", " + std::to_string(p.r) +
                    ") but " + shape.engine + " takes only sets of exponent " + std::to_string(shape.exponent()) +
                    ": (n, m, r) = (" + std::to_string(shape.n) + ", " + std::to_string(shape.m) + ", " +
                    std::to_string(shape.r) + ")");
  }
  const std::string fault = support::dcmt_set_fault(p);
  if (!fault.empty()) throw Error(Status::invalid_argument, where + fault);
}

void check_full_period(const std::vector<core::dcmt::Params>& params, const std::string& where) {
  const std::optional<ShortPeriod> s = first_short_period(params, std::max(1u, std::thread::hardware_concurrency()));
  if (s) throw Error(Status::invalid_argument, where + short_period_message(params, *s));
}

std::vector<core::dcmt::Params> read_param_file(const std::string& path, const ShapeInfo& shape) {
  const std::string name = "param file '" + path + "'";
  std::vector<core::dcmt::Params> params;
  try {
    support::CsvReader csv(path, name);
    params = support::read_dcmt_sets(
        csv, [&](const core::dcmt::Params& p, const std::string& where) { check_set(p, shape, where); }, kMaxSets);
  } catch (const std::system_error& e) {
    throw Error(Status::io_error, e.what());
  } catch (const std::invalid_argument& e) {
    throw Error(Status::invalid_argument, e.what());
  }
  check_full_period(params, name + ": ");
  return params;
}

}  // namespace gpurng::detail::dcmt
